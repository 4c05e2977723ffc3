// The exam's rules: the time allowed runs on the wall clock from the stored start, answers go
// to the record as they come, the hand-in freezes them into a hashed paper, and only a result
// released for that hash is shown.
#include "examsession.h"

#include "rubric.h"
#include "safefiles.h"
#include "submission.h"
#include "workspace.h"
#include "yamlload.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace schedlab::gui {

namespace {

// What was typed just before the deadline is still on its way through the editor's pause
// before saving; it is accepted this long after the deadline, never later.
constexpr qint64 kLateSaveGraceMs = 2000;

QString readText(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

struct MarkdownSection
{
    QString heading; // the whole heading line, "## Question 1 — ..."
    QString body;
};

// The text before the first "## " heading, then each "## " section.
QList<MarkdownSection> splitSections(const QString &text, QString *before)
{
    QList<MarkdownSection> sections;
    QStringList lines;
    const auto flush = [&] {
        const QString body = lines.join(u'\n').trimmed();
        if (sections.isEmpty())
            *before = body;
        else
            sections.last().body = body;
        lines.clear();
    };
    for (const QString &line : text.split(u'\n')) {
        if (line.startsWith(QLatin1String("## "))) {
            flush();
            sections << MarkdownSection{line.trimmed(), {}};
        } else {
            lines << line;
        }
    }
    flush();
    return sections;
}

// An answer as it goes into the paper: without blank lines around it, and with any line that
// would read as a Markdown heading escaped, so that it cannot cut the paper's sections.
QString paperAnswer(const QString &answer)
{
    static const QRegularExpression heading(QStringLiteral("^\\s*#+\\s"));
    QStringList lines = answer.split(u'\n');
    for (QString &line : lines)
        if (line.contains(heading))
            line.insert(line.indexOf(u'#'), u'\\');
    return lines.join(u'\n').trimmed();
}

QString kindName(HandInKind kind)
{
    return kind == HandInKind::TimeRanOut ? QStringLiteral("time-ran-out")
                                          : QStringLiteral("student");
}

bool writeFile(const QString &path, const QByteArray &bytes, QString *error)
{
    // Durable: on a full disk an earlier export stays whole.
    const files::WriteResult w = files::saveFile(path, bytes);
    if (!w.ok)
        *error = ExamSession::tr("Cannot write %1.").arg(w.error);
    return w.ok;
}

// The object of a release file meant for this exercise: the file may hold one object, or the
// grader's array of them.
QJsonObject releaseObject(const QJsonDocument &doc, const QString &exercise)
{
    if (doc.isObject())
        return doc.object();
    const QJsonArray all = doc.array();
    for (const QJsonValue &v : all)
        if (v.toObject().value(QLatin1String("exercise")).toString() == exercise)
            return v.toObject();
    return all.size() == 1 ? all.first().toObject() : QJsonObject();
}

ExamResult resultFrom(const QJsonObject &o)
{
    ExamResult r;
    r.student = o.value(QLatin1String("student")).toString();
    r.sha256 = o.value(QLatin1String("sha256")).toString().toLower();
    r.score = o.value(QLatin1String("score")).toDouble();
    r.max = o.value(QLatin1String("max")).toDouble();
    r.releasedAt =
        QDateTime::fromString(o.value(QLatin1String("released_at")).toString(), Qt::ISODateWithMs);
    const QJsonArray criteria = o.value(QLatin1String("criteria")).toArray();
    for (const QJsonValue &v : criteria) {
        const QJsonObject c = v.toObject();
        r.criteria << ExamResultCriterion{c.value(QLatin1String("id")).toString(),
                                          c.value(QLatin1String("title")).toString(),
                                          c.value(QLatin1String("points")).toDouble(),
                                          c.value(QLatin1String("max")).toDouble(),
                                          c.value(QLatin1String("passed")).toBool(),
                                          c.value(QLatin1String("review")).toBool(),
                                          c.value(QLatin1String("feedback")).toString()};
    }
    return r;
}

} // namespace

ExamSheet ExamSheet::read(const grader::Rubric &rubric)
{
    const QString dir = QFileInfo(rubric.path).absolutePath();
    const QString name =
        rubric.files.isEmpty() ? QStringLiteral("examen.md") : rubric.files.first();
    return parse(readText(dir + QStringLiteral("/enonce.md")), readText(dir + u'/' + name), name);
}

ExamSheet ExamSheet::parse(const QString &statementText, const QString &sheetText,
                           const QString &fileName)
{
    ExamSheet sheet;
    sheet.fileName = fileName;
    QString intro;
    const QList<MarkdownSection> statement = splitSections(statementText, &intro);
    // The statement's own title ("# Examen écrit") is the page's title, not its text.
    sheet.introduction =
        intro.startsWith(QLatin1String("# ")) ? intro.section(u'\n', 1).trimmed() : intro;
    QString sheetTitle;
    const QList<MarkdownSection> answerSheet = splitSections(sheetText, &sheetTitle);
    if (!sheetTitle.isEmpty())
        sheet.sheetTitle = sheetTitle;
    // The answer sheet decides the questions (the grader reads its sections); without one,
    // the statement's questions get the sheet's usual headings.
    const qsizetype count = answerSheet.isEmpty() ? statement.size() : answerSheet.size();
    for (qsizetype i = 0; i < count; ++i) {
        ExamQuestion q;
        q.number = int(i) + 1;
        q.sheetHeading = i < answerSheet.size() ? answerSheet[i].heading
                                                : QStringLiteral("## Question %1").arg(q.number);
        q.title = (i < statement.size() ? statement[i].heading : q.sheetHeading).mid(3);
        q.statement = i < statement.size() ? statement[i].body : QString();
        sheet.questions << q;
    }
    return sheet;
}

QString ExamSheet::assemble(const QMap<int, QString> &answers) const
{
    QStringList parts{sheetTitle};
    for (const ExamQuestion &q : questions) {
        const QString answer = paperAnswer(answers.value(q.number));
        parts << (answer.isEmpty() ? q.sheetHeading
                                   : q.sheetHeading + QStringLiteral("\n\n") + answer);
    }
    return parts.join(QStringLiteral("\n\n")) + u'\n';
}

ExamSession::ExamSession(const grader::Rubric &rubric, Workspace *workspace, Clock clock,
                         QObject *parent)
    : ExamSession(practicePaper(rubric), workspace, std::move(clock), parent)
{}

ExamSession::ExamSession(const exam::ExamPaper &paper, Workspace *workspace, Clock clock,
                         QObject *parent)
    : QObject(parent)
    , paper_(paper)
    , sheet_(ExamSheet::parse(paper.statement, paper.sheet, paper.sheetName))
    , exercise_(paper.exercise)
    , workspace_(workspace)
    , rubricSeconds_((paper.minutes > 0 ? paper.minutes : kDefaultMinutes) * 60)
    , rubricTag_(paper.rubricTag)
    , clock_(clock ? std::move(clock) : [] { return QDateTime::currentDateTimeUtc(); })
    , store_(std::make_unique<ExamStore>(workspace->root(), storeFileFor(paper)))
{
    reload();
    latestSeen_ = store_->latestWrite();
    QString ignored; // a failure leaves it in progress: the next tick tries again
    handedInWhileClosed_ = inProgress() && now() >= deadline() &&
                           handInAt(deadline(), HandInKind::TimeRanOut, &ignored);
}

exam::ExamPaper ExamSession::practicePaper(const grader::Rubric &rubric)
{
    exam::ExamPaper p;
    const QString dir = QFileInfo(rubric.path).absolutePath();
    p.exercise = rubric.exercise;
    p.title = rubric.title;
    p.minutes = rubric.examMinutes > 0 ? rubric.examMinutes : kDefaultMinutes;
    p.statement = readText(dir + QStringLiteral("/enonce.md"));
    if (!rubric.files.isEmpty())
        p.sheetName = rubric.files.first();
    p.sheet = readText(dir + u'/' + p.sheetName);
    p.practice = true;
    p.rubricTag = rubric.tag();
    // The rubric parser ignores paper_id; release matches papers with it.
    const YamlLoad yaml = loadYamlFile(rubric.path);
    const YAML::Node id = yaml.ok() && yaml.root.IsMap() ? yaml.root["paper_id"] : YAML::Node();
    p.id = id && id.IsScalar() ? QString::fromStdString(id.Scalar())
                               : rubric.exercise + QStringLiteral("-blanc");
    p.file = p.toFileBytes();
    return p;
}

QString ExamSession::storeFileFor(const exam::ExamPaper &paper)
{
    return paper.practice ? QLatin1String(ExamStore::kPracticeFile)
                          : QStringLiteral("exams/%1.db").arg(paper.id);
}

QList<exam::ExamPaper> ExamSession::openedPapers(const QString &workspaceRoot)
{
    QList<exam::ExamPaper> papers;
    // file-access: trusted (the app's own state folder, 0700)
    const QDir dir(Workspace::stateDirOf(workspaceRoot) + QStringLiteral("/exams"));
    const QStringList names =
        dir.entryList({QStringLiteral("*.db")}, QDir::Files, QDir::Time | QDir::Reversed);
    for (const QString &name : names) {
        const ExamStore store(workspaceRoot, QStringLiteral("exams/") + name);
        const std::optional<StoredPaper> kept = store.paper();
        QString ignored;
        std::optional<exam::ExamPaper> paper =
            kept ? exam::ExamPaper::parse(kept->file, name, &ignored) : std::nullopt;
        if (paper && storeFileFor(*paper) == QStringLiteral("exams/") + name)
            papers << *paper;
    }
    return papers;
}

bool ExamSession::keepPaper(QString *error)
{
    if (!isOpen()) {
        *error = openError();
        return false;
    }
    return store_->savePaper({paper_.id, paper_.sha256(), paper_.file}, error);
}

ExamSession::~ExamSession() = default;

// The wall clock, but never earlier than an instant already recorded: setting the computer's
// clock back does not give time back.
QDateTime ExamSession::now() const
{
    const QDateTime at = clock_().toUTC();
    if (!latestSeen_.isValid() || at > latestSeen_)
        latestSeen_ = at;
    return latestSeen_;
}

void ExamSession::reload()
{
    record_ = store_->record();
    answers_ = store_->answers();
}

int ExamSession::durationSeconds() const
{
    return record_.state == ExamState::NotStarted ? rubricSeconds_ : record_.durationSeconds;
}

QString ExamSession::studentId() const
{
    return record_.state == ExamState::NotStarted ? workspace_->studentKey() : record_.student;
}

QDateTime ExamSession::deadline() const
{
    return record_.startedAt.addSecs(record_.durationSeconds);
}

int ExamSession::remainingSeconds() const
{
    if (record_.state == ExamState::NotStarted)
        return durationSeconds();
    if (record_.state == ExamState::HandedIn)
        return 0;
    const qint64 ms = now().msecsTo(deadline());
    return ms <= 0 ? 0 : int((ms + 999) / 1000);
}

bool ExamSession::start(QString *error)
{
    if (!isOpen()) {
        *error = openError();
        return false;
    }
    if (!store_->start(workspace_->studentKey(), now(), rubricSeconds_,
                       {paper_.id, paper_.sha256(), paper_.file}, error))
        return false;
    reload();
    Q_EMIT started();
    return true;
}

bool ExamSession::saveAnswer(int question, const QString &text, QString *error)
{
    if (question < 1 || question > questionCount()) {
        *error = tr("There is no question %1 in this exam.").arg(question);
        return false;
    }
    if (inProgress() && deadline().msecsTo(now()) > kLateSaveGraceMs) {
        tick();
        *error = tr("Time ran out: the paper was handed in with the answers saved until then.");
        return false;
    }
    if (inProgress() && answers_.value(question) == text)
        return true;
    if (!store_->saveAnswer(question, text, now(), error))
        return false;
    answers_.insert(question, text);
    Q_EMIT answerSaved(question);
    return true;
}

bool ExamSession::handIn(HandInKind kind, QString *error)
{
    // Handing in after the deadline (the app was asleep) is the deadline's hand-in.
    if (inProgress() && now() >= deadline())
        return handInAt(deadline(), HandInKind::TimeRanOut, error);
    return handInAt(now(), kind, error);
}

bool ExamSession::tick()
{
    QString ignored; // a failure leaves it in progress: the next tick tries again
    return inProgress() && now() >= deadline() &&
           handInAt(deadline(), HandInKind::TimeRanOut, &ignored);
}

bool ExamSession::handInAt(const QDateTime &at, HandInKind kind, QString *error)
{
    const auto assemble = [this](const QMap<int, QString> &answers) {
        return sheet_.assemble(answers);
    };
    if (!store_->handIn(at, kind, assemble, &ExamSession::sha256, error))
        return false;
    reload();
    Q_EMIT handedIn(kind);
    return true;
}

ExamHandIn ExamSession::handInOf(const grader::Rubric &examRubric, Workspace *workspace)
{
    std::optional<ExamHandIn> chosen;
    for (const exam::ExamPaper &paper : openedPapers(workspace->root())) {
        const ExamHandIn h = ExamSession(paper, workspace).handInData();
        const bool later =
            chosen && chosen->handedIn() && h.handedIn() && h.handedInAt > chosen->handedInAt;
        const bool better = !chosen || (h.handedIn() && !chosen->handedIn()) || later ||
                            (!chosen->handedIn() && h.state == ExamState::InProgress);
        if (h.state != ExamState::NotStarted && better)
            chosen = h;
    }
    return chosen ? *chosen : ExamSession(examRubric, workspace).handInData();
}

QString ExamSession::sha256(const QString &paper)
{
    return QString::fromLatin1(
        QCryptographicHash::hash(paper.toUtf8(), QCryptographicHash::Sha256).toHex());
}

QByteArray ExamSession::report() const
{
    QJsonArray attempts;
    for (const LeaveAttemptRecord &a : store_->leaveAttempts())
        attempts << QJsonObject{{QStringLiteral("at"), a.at.toString(Qt::ISODateWithMs)},
                                {QStringLiteral("kind"), a.kind},
                                {QStringLiteral("detail"), a.detail}};
    QJsonObject o{
        {QStringLiteral("student"), record_.student},
        {QStringLiteral("exercise"), exercise_},
        {QStringLiteral("paper"), sheet_.fileName},
        {QStringLiteral("paper_id"), record_.paperId},
        {QStringLiteral("paper_sha256"), record_.paperSha256},
        {QStringLiteral("paper_title"), paper_.title},
        {QStringLiteral("practice"), paper_.practice},
        {QStringLiteral("sha256"), record_.sha256},
        {QStringLiteral("started_at"), record_.startedAt.toString(Qt::ISODateWithMs)},
        {QStringLiteral("handed_in_at"), record_.handedInAt.toString(Qt::ISODateWithMs)},
        {QStringLiteral("handed_in_by"), kindName(record_.kind)},
        {QStringLiteral("duration_seconds"), record_.durationSeconds},
        {QStringLiteral("time_used_seconds"), double(record_.startedAt.secsTo(record_.handedInAt))},
        {QStringLiteral("leave_attempts"), attempts},
    };
    if (!rubricTag_.isEmpty())
        o.insert(QStringLiteral("rubric"), rubricTag_);
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

QString leaveAttemptName(LeaveAttempt kind)
{
    switch (kind) {
    case LeaveAttempt::Lesson:
        return QStringLiteral("lesson");
    case LeaveAttempt::Exercise:
        return QStringLiteral("exercise");
    case LeaveAttempt::Cluster:
        return QStringLiteral("cluster");
    case LeaveAttempt::Terminal:
        return QStringLiteral("terminal");
    case LeaveAttempt::LoginNode:
        return QStringLiteral("login-node");
    case LeaveAttempt::OtherWorkspace:
        return QStringLiteral("other-workspace");
    case LeaveAttempt::CloseWindow:
        return QStringLiteral("close-window");
    case LeaveAttempt::SecondInstance:
        return QStringLiteral("second-instance");
    case LeaveAttempt::FocusLost:
        return QStringLiteral("focus-lost");
    }
    return QStringLiteral("other");
}

bool ExamSession::logLeaveAttempt(LeaveAttempt kind, const QString &detail)
{
    if (!inProgress())
        return false;
    QString ignored; // a deterrent, not proctoring: a failed log never stops the exam
    return store_->logLeaveAttempt({now(), leaveAttemptName(kind), detail}, &ignored);
}

ExamHandIn ExamSession::handInData() const
{
    ExamHandIn h;
    h.state = record_.state;
    h.exercise = exercise_;
    h.fileName = sheet_.fileName;
    h.reportName = QLatin1String(kReportName);
    h.paperId = record_.state == ExamState::NotStarted ? paper_.id : record_.paperId;
    h.paperFileSha256 =
        record_.state == ExamState::NotStarted ? paper_.sha256() : record_.paperSha256;
    h.practice = paper_.practice;
    if (!isLocked())
        return h;
    h.paperBytes = record_.paper.toUtf8();
    h.sha256 = record_.sha256;
    h.report = report();
    h.handedInAt = record_.handedInAt;
    h.kind = record_.kind;
    return h;
}

bool ExamSession::exportPaper(const QString &dir, QString *error) const
{
    if (!isLocked()) {
        *error = tr("The paper can be exported once it has been handed in.");
        return false;
    }
    if (!QDir().mkpath(dir)) {
        *error = tr("Cannot create the folder %1.").arg(QDir::toNativeSeparators(dir));
        return false;
    }
    return writeFile(dir + u'/' + sheet_.fileName, record_.paper.toUtf8(), error) &&
           writeFile(dir + u'/' + QLatin1String(kReportName), report(), error);
}

bool ExamSession::importResult(const QString &path, QString *error)
{
    const QString name = QDir::toNativeSeparators(path);
    if (!isLocked()) {
        *error = tr("The paper has not been handed in yet: there is no result to import.");
        return false;
    }
    // The file the student chose: never a FIFO or a device that would hang the window, never
    // more than a result file can hold.
    const files::ReadResult read = files::readFile(path, grader::kMaxResultBytes);
    if (!read.ok()) {
        *error = tr("Cannot read %1: %2.").arg(name, read.error);
        return false;
    }
    QJsonParseError parse;
    const QJsonDocument doc = QJsonDocument::fromJson(read.bytes, &parse);
    const QJsonObject o = releaseObject(doc, exercise_);
    if (parse.error != QJsonParseError::NoError) {
        *error = tr("%1 is not a result file: %2.").arg(name, parse.errorString());
        return false;
    }
    if (!o.value(QLatin1String("sha256")).isString() ||
        !o.value(QLatin1String("score")).isDouble() || !o.value(QLatin1String("max")).isDouble()) {
        *error = tr("%1 is not an exam result: it lacks the paper's hash (sha256), the score or "
                    "the maximum.")
                     .arg(name);
        return false;
    }
    const ExamResult r = resultFrom(o);
    if (r.student != record_.student) {
        *error = tr("%1 is the result of %2, not of %3: it was not imported.")
                     .arg(name, r.student, record_.student);
        return false;
    }
    if (r.sha256 != record_.sha256) {
        *error = tr("%1 is the result of another paper: its hash (%2…) is not the hash of the "
                    "paper you handed in (%3…). It was not imported.")
                     .arg(name, r.sha256.left(12), record_.sha256.left(12));
        return false;
    }
    if (!store_->saveResult(QJsonDocument(o).toJson(QJsonDocument::Compact), error))
        return false;
    reload();
    Q_EMIT resultReleased();
    return true;
}

std::optional<ExamResult> ExamSession::result() const
{
    if (record_.resultJson.isEmpty())
        return std::nullopt;
    return resultFrom(QJsonDocument::fromJson(record_.resultJson).object());
}

} // namespace schedlab::gui
