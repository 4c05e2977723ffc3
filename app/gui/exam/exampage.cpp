// The exam's page: what the student sees before, during and after the exam. The rules live in
// ExamSession; this only shows them and passes the student's actions on.
#include "exampage.h"

#include "workspace.h"

#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace schedlab::gui {

namespace {

// The last minutes are shown in this colour, so that the end does not come as a surprise.
constexpr int kWarningSeconds = 5 * 60;
const char kWarningColour[] = "#b45309";
const char kProblemColour[] = "#b3261e";
// Answers are written at most this long after a keystroke, even while typing goes on.
constexpr int kSavePauseMs = 500;
constexpr int kTickMs = 250;

QLabel *wrappedLabel(const QString &text, Qt::TextFormat format = Qt::RichText)
{
    auto *label = new QLabel(text);
    label->setTextFormat(format);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QString clockText(int seconds)
{
    return QStringLiteral("%1:%2")
        .arg(seconds / 60, 2, 10, QLatin1Char('0'))
        .arg(seconds % 60, 2, 10, QLatin1Char('0'));
}

QString when(const QDateTime &at)
{
    return QLocale().toString(at.toLocalTime(), QLocale::ShortFormat);
}

QString number(double value)
{
    return QLocale().toString(value, 'g', 4);
}

// The question a criterion is about: the answer sheet's heading it reads, or "q2" in its id.
int questionOf(const ExamResultCriterion &c, const grader::Rubric &rubric, const ExamSheet &sheet)
{
    if (const grader::Criterion *criterion = rubric.criterion(c.id)) {
        const QString title = criterion->params.value(QStringLiteral("section_title")).toString();
        for (const ExamQuestion &q : sheet.questions)
            if (!title.isEmpty() && q.sheetHeading == title)
                return q.number;
    }
    static const QRegularExpression inId(QStringLiteral("\\bq(\\d+)\\b"));
    const QRegularExpressionMatch m = inId.match(c.id);
    return m.hasMatch() ? m.captured(1).toInt() : 0;
}

// The release may carry only criterion ids (the grader's JSON has no titles): the rubric's
// title then names it.
QString criterionHtml(const ExamResultCriterion &c, const grader::Rubric &rubric)
{
    const grader::Criterion *known = rubric.criterion(c.id);
    const QString title = !c.title.isEmpty() ? c.title : known ? known->title : c.id;
    const QString mark = c.review   ? QStringLiteral("…")
                         : c.passed ? QStringLiteral("✓")
                                    : QStringLiteral("✗");
    return QStringLiteral("<p style='margin:0 0 6px 0'><b>%1 %2</b> — %3 / %4<br>%5</p>")
        .arg(mark, title.toHtmlEscaped(), number(c.points), number(c.max),
             c.feedback.toHtmlEscaped());
}

} // namespace

ExamPage::ExamPage(const grader::Rubric &examRubric, Workspace *workspace, QWidget *parent,
                   std::function<QDateTime()> clock)
    : QWidget(parent)
    , rubric_(examRubric)
    , workspace_(workspace)
    , clock_(std::move(clock))
    , practice_(ExamSession::practicePaper(examRubric))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(24, 18, 24, 18);
    layout->setSpacing(12);
    layout->addWidget(buildHeader());
    layout->addWidget(buildPaperChoice());
    message_ = wrappedLabel(QString());
    message_->hide();
    layout->addWidget(message_);
    stages_ = new QStackedWidget;
    layout->addWidget(stages_, 1);

    clockTimer_.setInterval(kTickMs);
    connect(&clockTimer_, &QTimer::timeout, this, &ExamPage::tick);
    savePause_.setSingleShot(true);
    savePause_.setInterval(kSavePauseMs);
    connect(&savePause_, &QTimer::timeout, this, &ExamPage::saveAnswers);
    setPaper(initialPaper());
}

// A paper in progress first (it reopens after a crash), else the paper opened last, else the
// practice paper.
exam::ExamPaper ExamPage::initialPaper() const
{
    const QList<exam::ExamPaper> opened = ExamSession::openedPapers(workspace_->root());
    for (const exam::ExamPaper &paper : opened)
        if (ExamStore(workspace_->root(), ExamSession::storeFileFor(paper)).record().state ==
            ExamState::InProgress)
            return paper;
    if (ExamStore(workspace_->root()).record().state == ExamState::InProgress || opened.isEmpty())
        return practice_;
    return opened.last();
}

void ExamPage::setPaper(const exam::ExamPaper &paper)
{
    if (session_) {
        saveAnswers();
        delete session_;
    }
    savePause_.stop();
    while (stages_->count() > 0) {
        QWidget *stage = stages_->widget(0);
        stages_->removeWidget(stage);
        delete stage;
    }
    editors_.clear();
    feedback_.clear();
    session_ = new ExamSession(paper, workspace_, clock_, this);
    edited_.fill(false, session_->questionCount());
    title_->setText(paper.title.toHtmlEscaped());
    stages_->addWidget(buildIntroduction());
    stages_->addWidget(buildPaper());
    connect(session_, &ExamSession::started, this, [this] {
        showState();
        Q_EMIT examStarted();
    });
    connect(session_, &ExamSession::handedIn, this, [this](HandInKind kind) {
        if (kind == HandInKind::TimeRanOut)
            say(tr("Time ran out: your paper was handed in with the answers saved until then."));
        showState();
        Q_EMIT examHandedIn();
    });
    connect(session_, &ExamSession::resultReleased, this, &ExamPage::showResult);
    say(QString());
    if (!session_->isOpen())
        say(session_->openError(), true);
    else if (session_->handedInWhileClosed())
        say(tr("Time ran out while SchedLab was closed: your paper was handed in with the "
               "answers saved until then."));
    listPapers();
    showState();
}

void ExamPage::listPapers()
{
    papers_ = QList<exam::ExamPaper>{practice_} + ExamSession::openedPapers(workspace_->root());
    const QSignalBlocker quiet(paperChoice_);
    paperChoice_->clear();
    for (const exam::ExamPaper &p : std::as_const(papers_)) {
        paperChoice_->addItem(p.practice ? tr("%1 (practice paper)").arg(p.title)
                                         : tr("%1 (%2)").arg(p.title, p.id),
                              p.id);
        if (p.id == session_->examPaper().id && p.practice == session_->examPaper().practice)
            paperChoice_->setCurrentIndex(paperChoice_->count() - 1);
    }
}

QStringList ExamPage::paperIds() const
{
    QStringList ids;
    for (const exam::ExamPaper &p : papers_)
        ids << p.id;
    return ids;
}

bool ExamPage::showPaper(const QString &paperId)
{
    if (session_->inProgress()) {
        say(tr("Hand in the exam in progress before you open another paper."), true);
        return false;
    }
    for (const exam::ExamPaper &p : std::as_const(papers_))
        if (p.id == paperId) {
            setPaper(p);
            return true;
        }
    return false;
}

bool ExamPage::openPaperFile(const QString &path)
{
    if (session_->inProgress()) {
        say(tr("Hand in the exam in progress before you open another paper."), true);
        return false;
    }
    QString error;
    std::optional<exam::ExamPaper> paper = exam::ExamPaper::readFile(path, &error);
    if (paper && paper->id == practice_.id)
        error = tr("%1 has the id of the practice paper (%2): it cannot be opened as an exam "
                   "paper.")
                    .arg(QDir::toNativeSeparators(path), practice_.id);
    if (!paper || !error.isEmpty()) {
        say(error, true);
        return false;
    }
    setPaper(*paper);
    if (!session_->keepPaper(&error)) { // the record keeps it: the exam reopens without the file
        setPaper(practice_);
        say(error, true);
        return false;
    }
    listPapers();
    say(tr("The paper \"%1\" is open (%2 minutes). Press Start when your instructor says so.")
            .arg(paper->title)
            .arg(paper->minutes));
    return true;
}

void ExamPage::chooseExamPaper()
{
    const QString file = QFileDialog::getOpenFileName(
        this, tr("Open the exam paper"), QString(),
        tr("Exam papers (*%1)").arg(QLatin1String(exam::kPaperExtension)));
    if (!file.isEmpty())
        openPaperFile(file);
}

QWidget *ExamPage::buildPaperChoice()
{
    auto *row = new QWidget;
    auto *line = new QHBoxLayout(row);
    line->setContentsMargins(0, 0, 0, 0);
    auto *label = new QLabel(tr("Paper:"));
    paperChoice_ = new QComboBox;
    paperChoice_->setAccessibleName(tr("Exam paper"));
    label->setBuddy(paperChoice_);
    openPaper_ = new QPushButton(tr("Open the paper…"));
    openPaper_->setToolTip(tr("The exam paper file your instructor hands out (.schedlab-exam)"));
    connect(openPaper_, &QPushButton::clicked, this, &ExamPage::chooseExamPaper);
    connect(paperChoice_, &QComboBox::activated, this,
            [this](int index) { showPaper(paperChoice_->itemData(index).toString()); });
    line->addWidget(label);
    line->addWidget(paperChoice_, 1);
    line->addWidget(openPaper_);
    return row;
}

ExamPage::~ExamPage()
{
    saveAnswers();
}

QWidget *ExamPage::buildHeader()
{
    auto *header = new QWidget;
    auto *row = new QHBoxLayout(header);
    row->setContentsMargins(0, 0, 0, 0);
    title_ = new QLabel;
    QFont big = title_->font();
    big.setPointSizeF(big.pointSizeF() * 1.5);
    big.setBold(true);
    title_->setFont(big);
    status_ = new QLabel;
    status_->setForegroundRole(QPalette::PlaceholderText);
    countdown_ = new QLabel;
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    mono.setPointSizeF(big.pointSizeF() * 1.2);
    mono.setBold(true);
    countdown_->setFont(mono);
    countdown_->setAccessibleName(tr("Time left"));
    row->addWidget(title_);
    row->addStretch(1);
    row->addWidget(status_);
    row->addSpacing(12);
    row->addWidget(countdown_);
    return header;
}

QWidget *ExamPage::buildIntroduction()
{
    const int minutes = session_->durationSeconds() / 60;
    auto *page = new QWidget;
    auto *column = new QVBoxLayout(page);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(14);
    column->addWidget(wrappedLabel(
        tr("<p>The exam lasts <b>%1 minutes</b>, counted from the moment you press "
           "<i>Start the exam</i>. The time keeps running if SchedLab is closed.</p>"
           "<ul>"
           "<li>%2 questions, answered in a few sentences each. Your answers are saved as "
           "you type.</li>"
           "<li>No cluster, no lessons and no checking of your answers until you hand in.</li>"
           "<li>When time runs out, the paper is handed in automatically with what you "
           "wrote.</li>"
           "<li>Once handed in, the answers are locked. Export the paper for your instructor; "
           "your grade shows here once they release it.</li>"
           "</ul>")
            .arg(minutes)
            .arg(session_->questionCount())));
    if (session_->examPaper().practice)
        column->addWidget(wrappedLabel(
            tr("<p>This is the <b>practice paper</b> that comes with SchedLab, to try the exam "
               "before the day. On exam day, open the paper file your instructor hands out "
               "with <i>Open the paper…</i> above (or Exam ▸ Open the paper…).</p>")));
    auto *statement = wrappedLabel(session_->sheet().introduction, Qt::MarkdownText);
    statement->setFrameShape(QFrame::StyledPanel);
    statement->setMargin(12);
    column->addWidget(statement);
    start_ = new QPushButton(tr("Start the exam…"));
    start_->setDefault(true);
    connect(start_, &QPushButton::clicked, this, &ExamPage::confirmStart);
    auto *row = new QHBoxLayout;
    row->addStretch(1);
    row->addWidget(start_);
    column->addLayout(row);
    column->addStretch(1);
    return page;
}

QWidget *ExamPage::buildPaper()
{
    auto *page = new QWidget;
    auto *column = new QVBoxLayout(page);
    column->setContentsMargins(0, 0, 0, 0);
    column->addWidget(buildReceipt());
    auto *questions = new QWidget;
    auto *list = new QVBoxLayout(questions);
    list->setContentsMargins(0, 0, 8, 0);
    list->setSpacing(22);
    for (const ExamQuestion &q : session_->sheet().questions)
        list->addWidget(buildQuestion(q));
    list->addStretch(1);
    auto *scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(questions);
    column->addWidget(scroll, 1);
    auto *footer = new QHBoxLayout;
    saved_ = new QLabel;
    saved_->setForegroundRole(QPalette::PlaceholderText);
    handIn_ = new QPushButton(tr("Hand in…"));
    connect(handIn_, &QPushButton::clicked, this, &ExamPage::confirmHandIn);
    footer->addWidget(saved_, 1);
    footer->addWidget(handIn_);
    column->addLayout(footer);
    connect(session_, &ExamSession::answerSaved, this, [this] {
        saved_->setText(tr("Answers saved at %1.")
                            .arg(QLocale().toString(session_->now().toLocalTime().time(),
                                                    QLocale::ShortFormat)));
    });
    return page;
}

QWidget *ExamPage::buildReceipt()
{
    receiptPanel_ = new QFrame;
    receiptPanel_->setFrameShape(QFrame::StyledPanel);
    auto *box = new QVBoxLayout(receiptPanel_);
    box->setContentsMargins(14, 10, 14, 10);
    receipt_ = wrappedLabel(QString());
    hash_ = wrappedLabel(QString());
    grade_ = wrappedLabel(QString());
    export_ = new QPushButton(tr("Export the paper…"));
    import_ = new QPushButton(tr("Import the result…"));
    connect(export_, &QPushButton::clicked, this, &ExamPage::chooseExportFolder);
    connect(import_, &QPushButton::clicked, this, &ExamPage::chooseResultFile);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(grade_, 1);
    buttons->addWidget(export_);
    buttons->addWidget(import_);
    box->addWidget(receipt_);
    box->addWidget(hash_);
    box->addLayout(buttons);
    return receiptPanel_;
}

QWidget *ExamPage::buildQuestion(const ExamQuestion &question)
{
    auto *block = new QWidget;
    auto *column = new QVBoxLayout(block);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(6);
    auto *title = new QLabel(question.title.toHtmlEscaped());
    QFont bold = title->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.15);
    title->setFont(bold);
    column->addWidget(title);
    column->addWidget(wrappedLabel(question.statement, Qt::MarkdownText));
    auto *editor = new QPlainTextEdit;
    editor->setPlainText(session_->answer(question.number));
    editor->setTabChangesFocus(true);
    editor->setMinimumHeight(130);
    editor->setAccessibleName(tr("Answer to question %1").arg(question.number));
    editor->installEventFilter(this);
    connect(editor, &QPlainTextEdit::textChanged, this,
            [this, n = question.number] { answerEdited(n); });
    editors_ << editor;
    column->addWidget(editor);
    auto *feedback = wrappedLabel(QString());
    feedback->hide();
    feedback_ << feedback;
    column->addWidget(feedback);
    return block;
}

void ExamPage::confirmStart()
{
    const int minutes = session_->durationSeconds() / 60;
    if (QMessageBox::question(this, tr("Start the exam"),
                              tr("Start the exam now? You will have %1 minutes, and the time "
                                 "keeps running even if you close SchedLab.")
                                  .arg(minutes)) == QMessageBox::Yes)
        startExam();
}

void ExamPage::confirmHandIn()
{
    const QString left = clockText(session_->remainingSeconds());
    if (QMessageBox::question(this, tr("Hand in"),
                              tr("Hand in your paper now (%1 left)? Your answers will be locked "
                                 "and can no longer change.")
                                  .arg(left)) == QMessageBox::Yes)
        handInNow();
}

void ExamPage::chooseExportFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Export the paper"));
    if (!folder.isEmpty())
        exportTo(folder);
}

void ExamPage::chooseResultFile()
{
    const QString file = QFileDialog::getOpenFileName(this, tr("Import the result"), QString(),
                                                      tr("Exam result (*.json)"));
    if (!file.isEmpty())
        importFrom(file);
}

bool ExamPage::startExam()
{
    QString error;
    if (!session_->start(&error)) {
        say(error, true);
        return false;
    }
    say(QString());
    if (!editors_.isEmpty())
        editors_.first()->setFocus();
    return true;
}

bool ExamPage::handInNow()
{
    saveAnswers();
    QString error;
    if (!session_->handIn(HandInKind::ByStudent, &error)) {
        say(error, true);
        return false;
    }
    return true;
}

bool ExamPage::exportTo(const QString &folder)
{
    const QString dir =
        folder + u'/' + session_->studentId() + u'/' + session_->examPaper().exercise;
    QString error;
    if (!session_->exportPaper(dir, &error)) {
        say(error, true);
        return false;
    }
    say(tr("The paper and its report were written to %1. Give this folder to your instructor.")
            .arg(QDir::toNativeSeparators(dir)));
    return true;
}

bool ExamPage::importFrom(const QString &file)
{
    QString error;
    if (!session_->importResult(file, &error)) {
        say(error, true);
        return false;
    }
    say(tr("Your grade has been released."));
    return true;
}

void ExamPage::answerEdited(int question)
{
    if (!session_->inProgress())
        return;
    edited_[question - 1] = true;
    if (!savePause_.isActive()) // not restarted by each key: a long burst of typing is saved too
        savePause_.start();
}

bool ExamPage::saveAnswers()
{
    savePause_.stop();
    bool ok = true;
    for (int i = 0; i < editors_.size(); ++i) {
        if (!edited_[i] || !session_->inProgress())
            continue;
        QString error;
        if (session_->saveAnswer(i + 1, editors_[i]->toPlainText(), &error))
            edited_[i] = false;
        else if (ok) {
            say(error, true);
            ok = false;
        }
    }
    return ok;
}

void ExamPage::tick()
{
    if (session_->inProgress() && session_->remainingSeconds() == 0) {
        saveAnswers(); // what was typed in the last half second goes in too
        session_->tick();
    }
    showCountdown();
}

bool ExamPage::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::FocusOut)
        saveAnswers();
    return QWidget::eventFilter(watched, event);
}

void ExamPage::hideEvent(QHideEvent *event)
{
    saveAnswers();
    QWidget::hideEvent(event);
}

void ExamPage::showState()
{
    const ExamState state = session_->state();
    const bool ready = session_->isOpen();
    start_->setEnabled(ready && state == ExamState::NotStarted);
    // One paper at a time: no other paper while this one runs.
    paperChoice_->setEnabled(state != ExamState::InProgress);
    openPaper_->setEnabled(state != ExamState::InProgress);
    stages_->setCurrentIndex(state == ExamState::NotStarted ? 0 : 1);
    for (int i = 0; i < editors_.size(); ++i) {
        editors_[i]->setReadOnly(state != ExamState::InProgress);
        editors_[i]->setPlaceholderText(state == ExamState::HandedIn
                                            ? tr("No answer.")
                                            : tr("Your answer to question %1…").arg(i + 1));
    }
    handIn_->setVisible(state == ExamState::InProgress);
    saved_->setVisible(state == ExamState::InProgress);
    receiptPanel_->setVisible(state == ExamState::HandedIn);
    if (state == ExamState::InProgress)
        clockTimer_.start();
    else
        clockTimer_.stop();
    if (state == ExamState::HandedIn) {
        savePause_.stop();
        edited_.fill(false);
        showReceipt();
        showResult();
    }
    showCountdown();
}

void ExamPage::showCountdown()
{
    const ExamState state = session_->state();
    status_->setText(state == ExamState::NotStarted   ? tr("Time allowed")
                     : state == ExamState::InProgress ? tr("Time left")
                                                      : tr("Handed in"));
    countdown_->setVisible(state != ExamState::HandedIn);
    const int left = session_->remainingSeconds();
    countdown_->setText(clockText(left));
    const bool warning = state == ExamState::InProgress && left <= kWarningSeconds;
    if (countdown_->property("warning").toBool() != warning) {
        countdown_->setProperty("warning", warning);
        countdown_->setStyleSheet(
            warning ? QStringLiteral("color: %1;").arg(QLatin1String(kWarningColour)) : QString());
    }
}

void ExamPage::showReceipt()
{
    const QString at = when(session_->handedInAt()).toHtmlEscaped();
    receipt_->setText(session_->handInKind() == HandInKind::TimeRanOut
                          ? tr("Handed in automatically when time ran out, on %1.").arg(at)
                          : tr("Handed in by you on %1.").arg(at));
    hash_->setText(tr("SHA-256 of the paper: <code>%1</code>").arg(session_->paperHash()));
}

void ExamPage::showResult()
{
    const std::optional<ExamResult> result = session_->result();
    for (QLabel *label : std::as_const(feedback_))
        label->setVisible(result.has_value());
    if (!result) {
        grade_->setText(tr("Grade: not released yet. Your instructor grades the exported paper "
                           "and gives you a result file to import here."));
        return;
    }
    const double outOf20 = result->max > 0 ? result->score / result->max * 20 : 0;
    grade_->setText(tr("<b>Grade: %1 / %2</b> (%3 / 20)")
                        .arg(number(result->score), number(result->max), number(outOf20)));
    QStringList perQuestion(feedback_.size());
    // The practice rubric names the practice paper's criteria only: another paper's release
    // is shown with its own titles (or ids).
    static const grader::Rubric none;
    const grader::Rubric &naming = session_->examPaper().practice ? rubric_ : none;
    for (const ExamResultCriterion &c : result->criteria) {
        const int q = questionOf(c, naming, session_->sheet());
        if (q >= 1 && q <= perQuestion.size())
            perQuestion[q - 1] += criterionHtml(c, naming);
    }
    for (int i = 0; i < feedback_.size(); ++i)
        feedback_[i]->setText(perQuestion[i]);
}

void ExamPage::say(const QString &text, bool problem)
{
    message_->setText(text.toHtmlEscaped());
    message_->setVisible(!text.isEmpty());
    message_->setStyleSheet(
        problem ? QStringLiteral("color: %1;").arg(QLatin1String(kProblemColour)) : QString());
}

} // namespace schedlab::gui
