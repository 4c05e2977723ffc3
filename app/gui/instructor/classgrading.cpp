// Grading a class folder student by student, with the same calls as `schedlab-cli grade`, so
// that the instructor's page and the command line always agree.
#include "classgrading.h"

#include "report.h"

#include <QFileInfo> // file-access: trusted (the class folder the instructor chose)
#include <QSet>

#include <algorithm>

#include <pwd.h>
#include <unistd.h>

namespace schedlab::gui {

namespace {

// The CLI says the same on standard error.
QString noExerciseFound()
{
    return ClassGrading::tr("No exercise recognised: these files are shared by several "
                            "exercises.");
}

} // namespace

ClassGrading::ClassGrading(const grader::RubricSet &rubrics, QObject *parent)
    : QObject(parent)
    , rubrics_(rubrics)
{
    // Zero interval: one student per turn of the event loop, between paint and input events.
    timer_.setInterval(0);
    connect(&timer_, &QTimer::timeout, this, &ClassGrading::gradeNext);
}

ClassGrading::~ClassGrading() = default;

bool ClassGrading::open(const QString &path, const QString &gradebookPath, QString *error)
{
    const QFileInfo info(path); // file-access: trusted (chosen by the instructor)
    QString problem;
    if (!info.exists())
        problem = tr("%1 does not exist.").arg(path);
    else if (info.isDir() && (!info.isReadable() || !info.isExecutable()))
        problem = tr("The class folder %1 cannot be read (permission denied).").arg(path);
    if (!problem.isEmpty()) {
        *error = problem;
        return false;
    }
    const QString absolute = info.absoluteFilePath();
    handin::ClassIntake intake = handin::ClassIntake::open({absolute}, rubrics_.rubrics);
    if (intake.handIns().isEmpty() && intake.notGraded().isEmpty()) {
        *error = tr("%1 holds no student folder, no hand-in zip and no LMS download "
                    "(nothing to grade).")
                     .arg(absolute);
        return false;
    }
    // The gradebook lives beside what was opened: in the class folder, or next to the zip.
    const QString book =
        gradebookPath.isEmpty()
            ? (info.isDir() ? absolute + QStringLiteral("/gradebook.sqlite")
                            : info.absolutePath() + u'/' + info.completeBaseName() +
                                  QStringLiteral("-gradebook.sqlite"))
            : gradebookPath;
    auto opened = std::make_unique<grader::Gradebook>();
    QString why;
    if (!opened->open(book, &why)) {
        *error = tr("The gradebook of %1 cannot be opened: %2").arg(absolute, why);
        return false;
    }
    cancel();
    folder_ = absolute;
    bookPath_ = book;
    book_ = std::move(opened);
    intake_ = std::move(intake);
    running_ = rubrics_;
    plan_ = handin::planGrading(intake_, running_, QStringLiteral("all"));
    students_.clear();
    for (const handin::ClassHandIn &h : intake_.handIns())
        students_ << h.folder;
    loadStored();
    return true;
}

QStringList ClassGrading::flags(const QString &student) const
{
    for (int i = 0; i < intake_.handIns().size(); ++i)
        if (intake_.handIns()[i].key == student)
            return intake_.handIns()[i].flags + plan_.flags.value(i);
    return {};
}

void ClassGrading::setRubrics(const grader::RubricSet &rubrics)
{
    cancel();
    rubrics_ = rubrics;
}

QStringList ClassGrading::exercises() const
{
    QSet<QString> found;
    for (const grader::StudentFolder &s : students_)
        for (const grader::Rubric *r : grader::exercisesIn(s, rubrics_.rubrics))
            found.insert(r->exercise);
    QStringList out;
    for (const grader::Rubric &r : rubrics_.rubrics)
        if (found.contains(r.exercise))
            out << r.exercise;
    return out;
}

QString ClassGrading::exerciseDir(const QString &student, const QString &exercise) const
{
    const grader::Rubric *rubric = rubrics_.find(exercise);
    for (const grader::StudentFolder &s : students_)
        if (s.id == student && rubric)
            return grader::exerciseDir(s, *rubric);
    return {};
}

void ClassGrading::start()
{
    if (!book_ || isRunning())
        return;
    running_ = rubrics_;
    plan_ = handin::planGrading(intake_, running_, QStringLiteral("all"));
    next_ = 0;
    runResults_ = QList<grader::ExerciseResult>(plan_.tasks.size());
    runHashes_ = QList<QByteArray>(plan_.tasks.size());
    Q_EMIT progress(0, int(students_.size()));
    timer_.start();
}

void ClassGrading::cancel()
{
    if (!isRunning())
        return;
    timer_.stop();
    Q_EMIT cancelled(next_, int(students_.size()));
}

// One hand-in per turn: its exercises (and its group's project when it is the one graded).
void ClassGrading::gradeNext()
{
    if (next_ < students_.size()) {
        for (int t = 0; t < plan_.tasks.size(); ++t) {
            const handin::GradingTask &task = plan_.tasks[t];
            if (task.handIn == next_)
                runResults_[t] = grader::gradeStudentExercise(intake_.handIns()[task.handIn].folder,
                                                              *task.rubric, &runHashes_[t]);
        }
        ++next_;
        Q_EMIT progress(next_, int(students_.size()));
    }
    if (next_ >= students_.size()) {
        timer_.stop();
        finishRun();
    }
}

void ClassGrading::finishRun()
{
    runResults_ = handin::withGroupShares(plan_, runResults_);
    for (const handin::GroupShare &share : plan_.shares) // a shared project: the graded hash
        for (qsizetype i = 0; i < share.memberKeys.size(); ++i)
            runHashes_ << runHashes_.value(share.gradedTask);
    markUnrecognised();
    pending_ = book_->changes(runResults_);
    QString error;
    if (pending_.isEmpty() && !book_->save(runResults_, runHashes_, &error))
        Q_EMIT failed(tr("The grades could not be saved in %1: %2").arg(bookPath_, error));
    gradedNow_ = true;
    showApplied(runResults_, runHashes_);
    Q_EMIT finished(int(students_.size()));
}

// A hand-in with no task and no share: its files fit no exercise alone.
void ClassGrading::markUnrecognised()
{
    problems_.clear();
    for (int i = 0; i < intake_.handIns().size(); ++i) {
        const QString key = intake_.handIns()[i].key;
        bool planned = false;
        for (const handin::GradingTask &t : plan_.tasks)
            planned = planned || t.handIn == i;
        for (const handin::GroupShare &share : plan_.shares)
            planned = planned || share.memberKeys.contains(key);
        if (!planned)
            problems_.insert(key, noExerciseFound());
    }
}

void ClassGrading::loadStored()
{
    QList<grader::ExerciseResult> raw;
    QList<QByteArray> hashes;
    QList<std::pair<QString, QString>> wanted; // (student, exercise) in the plan's order
    for (const handin::GradingTask &t : plan_.tasks)
        wanted << std::pair(intake_.handIns()[t.handIn].key, t.rubric->exercise);
    for (const handin::GroupShare &share : plan_.shares)
        for (const QString &member : share.memberKeys)
            wanted << std::pair(member, QString::fromLatin1(handin::kGroupExercise));
    for (const auto &[student, exercise] : wanted) {
        QByteArray hash;
        if (const auto stored = book_->latest(student, exercise, &hash)) {
            raw << *stored;
            hashes << hash;
        }
    }
    markUnrecognised();
    pending_.clear();
    gradedNow_ = false;
    showApplied(raw, hashes);
}

void ClassGrading::showApplied(QList<grader::ExerciseResult> raw, const QList<QByteArray> &hashes)
{
    raw_ = raw;
    hashes_ = hashes;
    book_->applyOverrides(raw, hashes);
    shown_ = raw;
    Q_EMIT resultsChanged();
}

bool ClassGrading::savePending(QString *error)
{
    if (!book_ || pending_.isEmpty())
        return true;
    QString why;
    if (!book_->save(raw_, hashes_, &why)) {
        *error = tr("The grades could not be saved in %1: %2").arg(bookPath_, why);
        return false;
    }
    pending_.clear();
    showApplied(raw_, hashes_);
    return true;
}

void ClassGrading::discardPending()
{
    if (book_ && !pending_.isEmpty())
        loadStored();
}

int ClassGrading::indexOf(const QString &student, const QString &exercise) const
{
    for (int i = 0; i < shown_.size(); ++i)
        if (shown_[i].student == student && shown_[i].exercise == exercise)
            return i;
    return -1;
}

const grader::ExerciseResult *ClassGrading::result(const QString &student,
                                                   const QString &exercise) const
{
    const int i = indexOf(student, exercise);
    return i < 0 ? nullptr : &shown_[i];
}

bool ClassGrading::addOverride(const grader::OverrideRequest &request, QString *error)
{
    return addOverrides({request}, error);
}

bool ClassGrading::addOverrides(const QList<grader::OverrideRequest> &requests, QString *error)
{
    if (!book_)
        return false;
    if (hasPending()) {
        // The gradebook would record it on the stored grading, not on the marks shown.
        *error = tr("Save or discard the new grades before changing a mark.");
        return false;
    }
    const QDateTime now = QDateTime::currentDateTimeUtc();
    QList<grader::OverrideRequest> stamped = requests;
    for (grader::OverrideRequest &r : stamped) {
        if (r.by.isEmpty())
            r.by = userName();
        if (!r.at.isValid())
            r.at = now;
    }
    if (!book_->addOverrides(stamped, error))
        return false;
    showApplied(raw_, hashes_);
    return true;
}

// The hand-in a student's exercise was graded from: their own, or for a group's project
// shared with them, the member's that was graded.
const grader::StudentFolder *ClassGrading::gradedFolder(const QString &student,
                                                        const QString &exercise) const
{
    const QList<handin::ClassHandIn> &handIns = intake_.handIns();
    for (const handin::GroupShare &share : plan_.shares) {
        const handin::GradingTask &graded = plan_.tasks.value(share.gradedTask);
        if (share.memberKeys.contains(student) && graded.rubric &&
            graded.rubric->exercise == exercise && graded.handIn < handIns.size())
            return &handIns[graded.handIn].folder;
    }
    for (const handin::ClassHandIn &h : handIns)
        if (h.key == student)
            return &h.folder;
    return nullptr;
}

QList<ClassGrading::PendingCriterion> ClassGrading::pendingCriteria() const
{
    QList<PendingCriterion> out;
    for (const grader::Rubric &rubric : rubrics_.rubrics)
        for (const grader::Criterion &spec : rubric.criteria) {
            PendingCriterion p{rubric.exercise, spec.id, spec.title, spec.points, 0};
            for (const grader::ExerciseResult &r : shown_)
                if (r.exercise == rubric.exercise)
                    for (const grader::CriterionResult &c : r.criteria)
                        p.answers += c.id == spec.id && c.pending();
            if (p.answers > 0)
                out << p;
        }
    return out;
}

QList<grader::AnswerGroup> ClassGrading::reviewGroups(const QString &exercise,
                                                      const QString &criterion) const
{
    const grader::Rubric *rubric = rubrics_.find(exercise);
    const grader::Criterion *spec = rubric ? rubric->criterion(criterion) : nullptr;
    if (!spec)
        return {};
    QList<grader::ReviewAnswer> answers;
    for (const grader::ExerciseResult &r : shown_) {
        if (r.exercise != exercise)
            continue;
        const auto c =
            std::find_if(r.criteria.begin(), r.criteria.end(),
                         [&](const grader::CriterionResult &c) { return c.id == criterion; });
        if (c == r.criteria.end() || !c->pending())
            continue;
        const grader::StudentFolder *folder = gradedFolder(r.student, exercise);
        const QString text =
            folder ? grader::criterionAnswer(*rubric, *spec,
                                             grader::readStudentExercise(*folder, *rubric))
                   : QString();
        answers << grader::ReviewAnswer{r.student, text};
    }
    return grader::groupAnswers(answers);
}

QList<grader::OverrideRecord> ClassGrading::history(const QString &student, const QString &exercise,
                                                    const QString &criterion) const
{
    QList<grader::OverrideRecord> out;
    if (!book_)
        return out;
    for (const grader::OverrideRecord &r : book_->overrides(student, exercise))
        if (r.criterion == criterion)
            out << r;
    return out;
}

QByteArray ClassGrading::csv() const
{
    return grader::resultsToCsv(shown_, rubrics_.rubrics);
}

QString ClassGrading::userName()
{
    for (const char *name : {"USER", "LOGNAME", "USERNAME"})
        if (const QString v = qEnvironmentVariable(name); !v.isEmpty())
            return v;
    if (const passwd *pw = ::getpwuid(::geteuid()))
        return QString::fromLocal8Bit(pw->pw_name);
    return QStringLiteral("?");
}

} // namespace schedlab::gui
