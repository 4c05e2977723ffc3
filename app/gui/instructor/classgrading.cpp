// Grading a class folder student by student, with the same calls as `schedlab-cli grade`, so
// that the instructor's page and the command line always agree.
#include "classgrading.h"

#include "report.h"

#include <QFileInfo> // file-access: trusted (the class folder the instructor chose)
#include <QSet>

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

// Why a student has no grade: a folder that is a link is never graded.
QString notGraded(const grader::StudentFolder &student)
{
    return student.problem.isEmpty()
               ? noExerciseFound()
               : ClassGrading::tr("%1 is a symbolic link: it was not graded (a student folder "
                                  "must be a real folder).")
                     .arg(student.id);
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

bool ClassGrading::open(const QString &folder, const QString &gradebookPath, QString *error)
{
    const QFileInfo info(folder); // file-access: trusted (chosen by the instructor)
    QString problem;
    if (!info.exists())
        problem = tr("The class folder %1 does not exist.").arg(folder);
    else if (!info.isDir())
        problem = tr("%1 is not a folder: a class is a folder with one sub-folder per student.")
                      .arg(folder);
    else if (!info.isReadable() || !info.isExecutable())
        problem = tr("The class folder %1 cannot be read (permission denied).").arg(folder);
    if (!problem.isEmpty()) {
        *error = problem;
        return false;
    }
    const QString dir = info.absoluteFilePath();
    const QList<grader::StudentFolder> students = grader::findStudents({dir}, rubrics_.rubrics);
    if (students.isEmpty()) {
        *error = tr("The class folder %1 holds no student folder (one sub-folder per student).")
                     .arg(dir);
        return false;
    }
    const QString path =
        gradebookPath.isEmpty() ? dir + QStringLiteral("/gradebook.sqlite") : gradebookPath;
    auto book = std::make_unique<grader::Gradebook>();
    QString why;
    if (!book->open(path, &why)) {
        *error = tr("The gradebook of %1 cannot be opened: %2").arg(dir, why);
        return false;
    }
    cancel();
    folder_ = dir;
    bookPath_ = path;
    book_ = std::move(book);
    students_ = students;
    loadStored();
    return true;
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
    next_ = 0;
    runResults_.clear();
    runHashes_.clear();
    problems_.clear();
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

void ClassGrading::gradeNext()
{
    if (next_ >= students_.size()) {
        timer_.stop();
        finishRun();
        return;
    }
    const grader::StudentFolder &student = students_[next_];
    const QList<const grader::Rubric *> chosen = grader::exercisesIn(student, running_.rubrics);
    if (chosen.isEmpty())
        problems_.insert(student.id, notGraded(student));
    for (const grader::Rubric *rubric : chosen) {
        QByteArray hash;
        runResults_ << grader::gradeStudentExercise(student, *rubric, &hash);
        runHashes_ << hash;
    }
    ++next_;
    Q_EMIT progress(next_, int(students_.size()));
    if (next_ == students_.size()) {
        timer_.stop();
        finishRun();
    }
}

void ClassGrading::finishRun()
{
    pending_ = book_->changes(runResults_);
    QString error;
    if (pending_.isEmpty() && !book_->save(runResults_, runHashes_, &error))
        Q_EMIT failed(tr("The grades could not be saved in %1: %2").arg(bookPath_, error));
    gradedNow_ = true;
    showApplied(runResults_, runHashes_);
    Q_EMIT finished(int(students_.size()));
}

void ClassGrading::loadStored()
{
    QList<grader::ExerciseResult> raw;
    QList<QByteArray> hashes;
    for (const grader::StudentFolder &s : students_) {
        const QList<const grader::Rubric *> chosen = grader::exercisesIn(s, rubrics_.rubrics);
        if (chosen.isEmpty())
            problems_.insert(s.id, notGraded(s));
        for (const grader::Rubric *rubric : chosen) {
            QByteArray hash;
            if (const auto stored = book_->latest(s.id, rubric->exercise, &hash)) {
                raw << *stored;
                hashes << hash;
            }
        }
    }
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
    if (!book_)
        return false;
    if (hasPending()) {
        // The gradebook would record it on the stored grading, not on the marks shown.
        *error = tr("Save or discard the new grades before changing a mark.");
        return false;
    }
    grader::OverrideRequest r = request;
    if (r.by.isEmpty())
        r.by = userName();
    if (!r.at.isValid())
        r.at = QDateTime::currentDateTimeUtc();
    if (!book_->addOverride(r, error))
        return false;
    showApplied(raw_, hashes_);
    return true;
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
