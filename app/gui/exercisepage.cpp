// The exercise page: statement above, editors on the left, grading on the right.
#include "exercisepage.h"

#include "scenarioreplay.h"
#include "scriptform.h"

#include "exercise2.h"
#include "grader.h"
#include "installpaths.h"
#include "scenario.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QTabWidget>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace schedlab::gui {

namespace {

constexpr int kSavePauseMs = 500;

QString readStatement(const grader::Rubric &rubric)
{
    QFile f(QFileInfo(rubric.path).absolutePath() + QStringLiteral("/enonce.md"));
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// Exercise 2's statement is built on the student's own variant: its table and its squeue.
QString statementFor(const grader::Rubric &rubric, const Workspace &workspace)
{
    const QString text = readStatement(rubric);
    if (rubric.scenario.isEmpty())
        return text;
    QString error;
    const auto scenario =
        readScenario(workspace.read(rubric.exercise, QStringLiteral("exercice2.yaml")).toUtf8(),
                     QStringLiteral("exercice2.yaml"), &error);
    return scenario ? grader::renderExercise2Statement(text, *scenario, libexecDir()) : text;
}

} // namespace

ExercisePage::ExercisePage(const grader::Rubric &rubric, Workspace *workspace, QWidget *parent)
    : QWidget(parent)
    , rubric_(rubric)
    , workspace_(workspace)
    , statement_(new QTextBrowser(this))
    , files_(new QTabWidget(this))
    , findBar_(new FindBar(this))
    , check_(new QPushButton(tr("Check my work"), this))
    , score_(new QLabel(this))
    , results_(new QTreeWidget(this))
    , details_(new QTextBrowser(this))
{
    statement_->setOpenExternalLinks(true);
    statement_->setMarkdown(statementFor(rubric, *workspace));
    for (const QString &file : rubric.files)
        addEditor(file);
    restoreOpenFile();
    results_->setHeaderLabels({tr("Criterion"), tr("Result"), tr("Points")});
    results_->setRootIsDecorated(true);
    results_->setWordWrap(true);
    results_->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    check_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    check_->setToolTip(tr("Grade this exercise now (Ctrl+Enter)"));
    connect(check_, &QPushButton::clicked, this, &ExercisePage::grade);
    connect(results_, &QTreeWidget::itemActivated, this, &ExercisePage::goToEvidence);
    connect(results_, &QTreeWidget::currentItemChanged, this, &ExercisePage::showDetails);
    results_->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    results_->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    details_->setPlaceholderText(tr("Select a criterion to read its feedback in full."));

    auto *grading = new QWidget(this);
    auto *gradingLayout = new QVBoxLayout(grading);
    gradingLayout->setContentsMargins(0, 0, 0, 0);
    gradingLayout->addWidget(check_);
    if (QFile::exists(scenarioFile())) {
        // Exercise 2: after grading, its scenario can be watched running in the cluster.
        replay_ = new QPushButton(tr("Replay the scenario in the cluster"), this);
        replay_->setEnabled(false);
        replay_->setToolTip(tr("Available once the exercise has been checked"));
        connect(replay_, &QPushButton::clicked, this, &ExercisePage::replayScenario);
        gradingLayout->addWidget(replay_);
    }
    gradingLayout->addWidget(score_);
    auto *resultSplit = new QSplitter(Qt::Vertical, grading);
    resultSplit->addWidget(results_);
    resultSplit->addWidget(details_);
    resultSplit->setStretchFactor(0, 3);
    resultSplit->setStretchFactor(1, 1);
    gradingLayout->addWidget(resultSplit);
    auto *editing = new QWidget(this);
    auto *editingLayout = new QVBoxLayout(editing);
    editingLayout->setContentsMargins(0, 0, 0, 0);
    editingLayout->addWidget(files_);
    editingLayout->addWidget(findBar_);
    const auto follow = [this] { findBar_->setEditor(currentEditor()); };
    connect(files_, &QTabWidget::currentChanged, this, follow);
    follow();
    auto *find = new QAction(tr("Find"), this);
    find->setShortcut(QKeySequence::Find);
    connect(find, &QAction::triggered, this, [this] { findBar_->open(false); });
    auto *replace = new QAction(tr("Replace"), this);
    replace->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_H));
    connect(replace, &QAction::triggered, this, [this] { findBar_->open(true); });
    addActions({find, replace});
    auto *work = new QSplitter(Qt::Horizontal, this);
    work->addWidget(editing);
    work->addWidget(grading);
    work->setStretchFactor(0, 3);
    work->setStretchFactor(1, 2);
    auto *page = new QSplitter(Qt::Vertical, this);
    page->addWidget(statement_);
    page->addWidget(work);
    page->setStretchFactor(0, 1);
    page->setStretchFactor(1, 3);
    page->setSizes({280, 520}); // the statement stays readable above the editors
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(page);

    savePause_.setSingleShot(true);
    savePause_.setInterval(kSavePauseMs);
    connect(&savePause_, &QTimer::timeout, this, &ExercisePage::autosave);
    saveRetry_.setInterval(CodeEditor::kSaveRetryMs);
    connect(&saveRetry_, &QTimer::timeout, this, &ExercisePage::autosave);
}

void ExercisePage::addEditor(const QString &file)
{
    auto *editor = new CodeEditor(file, files_);
    // Followed on the disk: a line appended from the terminal is shown, never saved over.
    editor->openFile(QDir(workspace_->exerciseDir(rubric_.exercise)).filePath(file));
    connect(editor, &QsciScintilla::textChanged, &savePause_, qOverload<>(&QTimer::start));
    connect(editor, &QsciScintilla::textChanged, this, &ExercisePage::markResultStale);
    connect(editor, &CodeEditor::saveRequested, this, &ExercisePage::autosave);
    editors_.insert(file, editor);
    if (!file.endsWith(QLatin1String(".sbatch"))) {
        files_->addTab(editor, file);
        return;
    }
    // A script gets its form view beside it; each follows the other.
    auto *form = new ScriptForm;
    form->showScript(editor->text());
    connect(editor, &QsciScintilla::textChanged, form,
            [form, editor] { form->showScript(editor->text()); });
    connect(form, &ScriptForm::scriptEdited, editor, [editor](const QString &script) {
        int line = 0, index = 0;
        editor->getCursorPosition(&line, &index);
        editor->selectAll();
        editor->replaceSelectedText(script); // one undo step, unlike setText
        editor->setCursorPosition(line, index);
    });
    forms_.insert(file, form);
    auto *split = new QSplitter(Qt::Horizontal);
    split->addWidget(editor);
    auto *scroll = new QScrollArea;
    scroll->setWidget(form);
    scroll->setWidgetResizable(true);
    split->addWidget(scroll);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    files_->addTab(split, file);
}

CodeEditor *ExercisePage::currentEditor() const
{
    QWidget *tab = files_->currentWidget();
    if (auto *editor = qobject_cast<CodeEditor *>(tab))
        return editor;
    return tab ? tab->findChild<CodeEditor *>() : nullptr;
}

// Saves every edited file; the editors of those that failed keep their text and say why.
// Returns the failures' messages.
QStringList ExercisePage::saveEdited()
{
    savePause_.stop();
    QStringList failures;
    for (const QString &file : rubric_.files) {
        CodeEditor *editor = editors_.value(file);
        if (!editor)
            continue;
        const QString failure = editor->saveWith(file, [&](const QString &text, QString *error) {
            return workspace_->save(rubric_.exercise, file, text, error);
        });
        if (!failure.isEmpty())
            failures << failure;
    }
    if (failures.isEmpty())
        saveRetry_.stop();
    else if (!saveRetry_.isActive())
        saveRetry_.start();
    return failures;
}

void ExercisePage::autosave()
{
    saveEdited();
}

bool ExercisePage::saveAll()
{
    const QStringList failures = saveEdited();
    if (!failures.isEmpty())
        Q_EMIT problem(failures.join(u'\n'));
    return failures.isEmpty();
}

bool ExercisePage::hasUnsavedText() const
{
    for (const CodeEditor *editor : editors_)
        if (editor->isModified())
            return true;
    return false;
}

void ExercisePage::grade()
{
    if (!saveAll())
        return;
    const grader::ExerciseSubmission submission = grader::readExercise(
        QStringLiteral("moi"), rubric_, workspace_->exerciseDir(rubric_.exercise));
    // The variant this workspace was given is drawn again from the student's id, never
    // taken from the folder.
    result_ = grader::gradeExercise(rubric_, submission,
                                    grader::GradeOptions{true, workspace_->variantKey()});
    showResult();
    if (replay_)
        replay_->setEnabled(true);
    Q_EMIT graded(rubric_.exercise, result_.score, result_.max);
}

// Points awaiting a review are neither earned nor lost: the mark is a range until then.
QString ExercisePage::scoreText() const
{
    const double pending = result_.pending();
    if (pending <= 0)
        return tr("Score: %1 / %2").arg(result_.score).arg(result_.max);
    return tr("Score: %1 to %2 / %3 (%4 pending review)")
        .arg(result_.score)
        .arg(result_.score + pending)
        .arg(result_.max)
        .arg(pending);
}

// "2 / 3", or "pending / 1" while an instructor has not decided.
QString ExercisePage::pointsText(const grader::CriterionResult &c)
{
    return c.pending() ? tr("pending / %1").arg(c.max)
                       : QStringLiteral("%1 / %2").arg(c.points).arg(c.max);
}

// A file changed after the result was given: the result no longer says what the files are.
void ExercisePage::markResultStale()
{
    if (!hasResult_ || resultStale_)
        return;
    resultStale_ = true;
    score_->setText(tr("%1 — before your last change: check again").arg(scoreText()));
    results_->setEnabled(false);
}

void ExercisePage::showResult()
{
    results_->clear();
    hasResult_ = true;
    resultStale_ = false;
    results_->setEnabled(true);
    score_->setText(scoreText());
    for (const grader::CriterionResult &c : result_.criteria) {
        const QString decision = c.pending() ? tr("to be reviewed: %1 pending").arg(c.max)
                                 : c.passed  ? tr("passed")
                                             : tr("failed");
        auto *item = new QTreeWidgetItem(results_, {c.title, decision, pointsText(c)});
        item->setData(0, Qt::UserRole, c.id);
        item->setToolTip(0, c.id);
        item->setForeground(1, c.review   ? QColor(0xa0, 0x70, 0x00)
                               : c.passed ? QColor(0x20, 0x80, 0x30)
                                          : QColor(0xb0, 0x20, 0x20));
        auto *feedback = new QTreeWidgetItem(item, {c.feedback});
        feedback->setFirstColumnSpanned(true);
        feedback->setData(0, Qt::UserRole, c.id);
        if (!c.evidence.isEmpty()) {
            auto *evidence = new QTreeWidgetItem(item, {c.evidence});
            evidence->setFirstColumnSpanned(true);
            evidence->setData(0, Qt::UserRole, c.id);
        }
        item->setExpanded(!c.passed || c.review);
    }
}

void ExercisePage::showDetails(QTreeWidgetItem *item)
{
    const QString id = item ? item->data(0, Qt::UserRole).toString() : QString();
    for (const grader::CriterionResult &c : result_.criteria) {
        if (c.id != id)
            continue;
        QString text = QStringLiteral("**%1** — %2\n\n%3").arg(c.title, pointsText(c), c.feedback);
        if (!c.evidence.isEmpty())
            text += QStringLiteral("\n\n> ") + c.evidence;
        details_->setMarkdown(text);
        return;
    }
    details_->clear();
}

// "ligne 12 : ..." in a criterion's evidence: show that line of the criterion's file.
void ExercisePage::goToEvidence(QTreeWidgetItem *item)
{
    const grader::Criterion *criterion = rubric_.criterion(item->data(0, Qt::UserRole).toString());
    if (!criterion)
        return;
    QString evidence;
    for (const grader::CriterionResult &c : result_.criteria)
        if (c.id == criterion->id)
            evidence = c.evidence;
    static const QRegularExpression line(QStringLiteral("ligne (\\d+)"));
    const QRegularExpressionMatch m = line.match(evidence);
    CodeEditor *editor = editors_.value(criterion->file);
    if (!editor)
        return;
    for (int i = 0; i < files_->count(); ++i)
        if (files_->widget(i) == editor || files_->widget(i)->isAncestorOf(editor))
            files_->setCurrentIndex(i);
    if (m.hasMatch())
        editor->goToLine(m.captured(1).toInt());
}

} // namespace schedlab::gui

namespace schedlab::gui {

// The file tab open when the app closed comes back at the next start.
void ExercisePage::restoreOpenFile()
{
    const QString key = QStringLiteral("exercise/%1/file").arg(rubric_.exercise);
    const int index = int(rubric_.files.indexOf(QSettings().value(key).toString()));
    if (index >= 0)
        files_->setCurrentIndex(index);
    connect(files_, &QTabWidget::currentChanged, this,
            [this, key](int i) { QSettings().setValue(key, rubric_.files.value(i)); });
}

QString ExercisePage::scenarioFile() const
{
    return QDir(workspace_->exerciseDir(rubric_.exercise))
        .filePath(QStringLiteral("exercice2.yaml"));
}

void ExercisePage::replayScenario()
{
    QString error;
    if (!ScenarioReplay::showReplay(this, scenarioFile(), &error))
        Q_EMIT problem(error);
}

} // namespace schedlab::gui
