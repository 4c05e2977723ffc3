// schedlab-cli release: grades each exported exam paper and writes the result to give back.
// The result carries the SHA-256 of the paper graded; the app shows a grade only when that
// hash is the one it recorded at the hand-in, so a grade never lands on another paper.
// Each paper is graded with the rubric of the paper it answers (the report's paper_id matched
// with a rubric's paper_id): the instructor's real rubric for the real paper, never the
// practice paper's.
#include "releasecommand.h"

#include "examcommand.h"
#include "gradebook.h"
#include "grader.h"
#include "report.h"
#include "safefiles.h"
#include "submission.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir> // file-access: trusted (the folders named on the command line)
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>
#include <optional>

namespace {

using namespace schedlab::grader;

const char kExam[] = "examen";
const char kReportName[] = "examen-rapport.json";
const char kResultName[] = "examen-resultat.json";

const char kUsage[] =
    "Usage: schedlab-cli release [--out DIR] [--rubrics DIR] [--db FILE] PATH...\n"
    "PATH is one student's folder or a class folder (one sub-folder per student), holding\n"
    "the exam papers exported by the app (<student>/examen/examen.md and\n"
    "examen-rapport.json). Each paper is graded and examen-resultat.json is written next to\n"
    "it (or to DIR/<student>/ with --out): give it back to the student, whose app shows the\n"
    "grade once the file is imported. It holds the paper's SHA-256: the app accepts it only\n"
    "for the paper it handed in.\n"
    "  --out DIR       where to write the result files\n"
    "  --rubrics DIR   the exercises folder to read rubrics from (the instructor's\n"
    "                  folder for the real exam: each paper is graded with the\n"
    "                  rubric whose paper_id is the paper's id)\n"
    "  --db FILE       a gradebook: the instructor's overrides are applied\n"
    "A paper is not released when it differs from its hand-in report (it was changed after\n"
    "the hand-in), or while some of its criteria are under review: decide them with\n"
    "`schedlab-cli override` and release again with --db.\n"
    "Exit status: 0 when every paper was released, 1 when some were not, 2 for a usage "
    "error.\n";

struct ReleaseArgs
{
    QString outDir;
    QString rubricsDir;
    QString dbPath;
    QStringList paths;
};

int usage(const QString &problem)
{
    std::fprintf(stderr, "schedlab-cli release: %s\n%s", qPrintable(problem), kUsage);
    return 2;
}

std::optional<ReleaseArgs> parseArgs(const QStringList &args, QString *problem)
{
    ReleaseArgs r;
    for (int i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        QString *value = a == QLatin1String("--out")       ? &r.outDir
                         : a == QLatin1String("--rubrics") ? &r.rubricsDir
                         : a == QLatin1String("--db")      ? &r.dbPath
                                                           : nullptr;
        if (value && i + 1 < args.size())
            *value = args[++i];
        else if (value || a.startsWith(u'-'))
            *problem = value ? QStringLiteral("%1 needs a value").arg(a)
                             : QStringLiteral("unknown option %1").arg(a);
        else
            r.paths << a;
    }
    if (problem->isEmpty() && r.paths.isEmpty())
        *problem = QStringLiteral("no folder to release");
    for (const QString &p : r.paths)
        if (problem->isEmpty() && !QDir(p).exists()) // file-access: trusted (named by the user)
            *problem = QStringLiteral("%1: no such folder").arg(p);
    if (!problem->isEmpty())
        return std::nullopt;
    return r;
}

// The hand-in report exported with the paper, read below the folder the user chose; an
// empty object when there is none, nullopt (with the reason) when it cannot be trusted.
std::optional<QJsonObject> handInReport(const ExerciseSubmission &paper, QString *error)
{
    QString relative = QLatin1String(kReportName);
    if (!paper.relativeDir.isEmpty())
        relative.prepend(paper.relativeDir + u'/');
    const schedlab::files::ReadResult read =
        schedlab::files::readBelow(paper.root, relative, kMaxReportBytes);
    if (read.status == schedlab::files::ReadStatus::Missing)
        return QJsonObject();
    if (!read.ok()) {
        *error = read.error;
        return std::nullopt;
    }
    return QJsonDocument::fromJson(read.bytes).object();
}

QString underReview(const ExerciseResult &result)
{
    QStringList ids;
    for (const CriterionResult &c : result.criteria)
        if (c.review)
            ids << c.id;
    return ids.join(QStringLiteral(", "));
}

class Releaser
{
public:
    // The exam rubrics of the set, by the paper id each grades.
    Releaser(const ReleaseArgs &args, QList<std::pair<QString, const Rubric *>> exams)
        : args_(args)
        , exams_(std::move(exams))
    {}
    bool openGradebook(QString *error)
    {
        return args_.dbPath.isEmpty() || book_.open(args_.dbPath, error);
    }
    // Writes one student's result file; false with the reason when it cannot be released.
    bool release(const StudentFolder &student, QString *error);

private:
    std::optional<ExerciseResult> grade(const Rubric &exam, const ExerciseSubmission &submission,
                                        QString *error);
    const Rubric *rubricFor(const QString &paperId, QString *error) const;
    bool write(const QString &root, const QString &relative, const QJsonObject &release,
               QString *error);

    const ReleaseArgs &args_;
    QList<std::pair<QString, const Rubric *>> exams_;
    Gradebook book_;
};

// A report of an older SchedLab names no paper: the set's exam rubric grades it.
const Rubric *Releaser::rubricFor(const QString &paperId, QString *error) const
{
    if (paperId.isEmpty())
        return exams_.first().second;
    for (const auto &[id, rubric] : exams_)
        if (id == paperId)
            return rubric;
    *error =
        QStringLiteral("no rubric grades the paper %1 in %2: give the instructor's rubrics "
                       "with --rubrics (the exam's rubric.yaml says paper_id: %1)")
            .arg(paperId, args_.rubricsDir.isEmpty() ? QStringLiteral("the installed exercises")
                                                     : args_.rubricsDir);
    return nullptr;
}

std::optional<ExerciseResult> Releaser::grade(const Rubric &exam,
                                              const ExerciseSubmission &submission, QString *error)
{
    QList<ExerciseResult> results{gradeExercise(exam, submission)};
    if (!args_.dbPath.isEmpty())
        book_.applyOverrides(results, {submissionHash(submission)});
    const ExerciseResult &r = results.first();
    if (!r.error.isEmpty())
        *error = r.error;
    else if (r.toReview())
        *error = QStringLiteral("criteria still under review (%1): decide them with "
                                "`schedlab-cli override`, then release with --db")
                     .arg(underReview(r));
    return error->isEmpty() ? std::optional(r) : std::nullopt;
}

bool Releaser::release(const StudentFolder &student, QString *error)
{
    if (!student.problem.isEmpty()) {
        *error = student.problem;
        return false;
    }
    // The report first (it names the paper), in the layout every exam rubric shares.
    const ExerciseSubmission found = readStudentExercise(student, *exams_.first().second);
    if (found.root.isEmpty()) {
        *error = QStringLiteral("no exam paper");
        return false;
    }
    const std::optional<QJsonObject> report = handInReport(found, error);
    if (!report)
        return false;
    const QString paperId = report->value(QLatin1String("paper_id")).toString();
    const Rubric *exam = rubricFor(paperId, error);
    if (!exam)
        return false;
    const ExerciseSubmission submission = readStudentExercise(student, *exam);
    const SubmittedFile &paper = submission.file(exam->files.value(0));
    if (submission.root.isEmpty() || !paper.present) {
        *error = QStringLiteral("no exam paper");
        return false;
    }
    if (paper.status != schedlab::files::ReadStatus::Ok) { // a link, a FIFO, too big
        *error = QStringLiteral("%1: %2").arg(paper.path, paper.error);
        return false;
    }
    const QString sha = QString::fromLatin1(
        QCryptographicHash::hash(paper.bytes, QCryptographicHash::Sha256).toHex());
    const QString reported = report->value(QLatin1String("sha256")).toString();
    if (!reported.isEmpty() && reported.compare(sha, Qt::CaseInsensitive) != 0) {
        *error = QStringLiteral("%1 differs from the paper handed in (its SHA-256 is not the one "
                                "in %2): it was changed after the hand-in")
                     .arg(paper.path, QLatin1String(kReportName));
        return false;
    }
    const auto result = grade(*exam, submission, error);
    if (!result)
        return false;
    QJsonObject release =
        QJsonDocument::fromJson(resultsToJson({*result})).array().first().toObject();
    // The id the app recorded at the start, when the report gives it.
    release.insert(QStringLiteral("student"),
                   report->value(QLatin1String("student")).toString(student.id));
    release.insert(QStringLiteral("sha256"), sha);
    if (!paperId.isEmpty())
        release.insert(QStringLiteral("paper_id"), paperId);
    release.insert(QStringLiteral("released_at"),
                   QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    // Next to the paper, or in DIR/<student>/: never through a link the student left there.
    const QString root = args_.outDir.isEmpty() ? submission.root : args_.outDir;
    const QString folder = args_.outDir.isEmpty() ? submission.relativeDir : student.id;
    QString relative = QLatin1String(kResultName);
    if (!folder.isEmpty())
        relative.prepend(folder + u'/');
    if (!write(root, relative, release, error))
        return false;
    std::printf("%s: %s/%s -> %s\n", qPrintable(terminalSafe(student.id)),
                qPrintable(QString::number(result->score)),
                qPrintable(QString::number(result->max)), qPrintable(root + u'/' + relative));
    return true;
}

bool Releaser::write(const QString &root, const QString &relative, const QJsonObject &release,
                     QString *error)
{
    // file-access: trusted (the --out folder the instructor named)
    if (root == args_.outDir && !QDir().mkpath(root)) {
        *error = QStringLiteral("%1: cannot create the folder").arg(root);
        return false;
    }
    const schedlab::files::WriteResult saved = schedlab::files::saveBelow(
        root, relative, QJsonDocument(release).toJson(QJsonDocument::Indented));
    if (!saved.ok)
        *error = saved.error;
    return saved.ok;
}

} // namespace

int releaseCommand(const QStringList &args)
{
    if (args.contains(QStringLiteral("--help"))) {
        std::fputs(kUsage, stdout);
        return 0;
    }
    QString problem;
    const auto parsed = parseArgs(args, &problem);
    if (!parsed)
        return usage(problem);
    const RubricSet set =
        loadRubrics(parsed->rubricsDir.isEmpty() ? defaultExercisesDir() : parsed->rubricsDir);
    QList<std::pair<QString, const Rubric *>> exams;
    for (const Rubric &rubric : set.rubrics)
        if (rubric.exercise == QLatin1String(kExam))
            exams.append({paperIdOf(rubric), &rubric});
    if (!set.error.isEmpty() || exams.isEmpty())
        return usage(set.error.isEmpty()
                         ? QStringLiteral("no exam rubric (examen) in the exercises")
                         : set.error);
    Releaser releaser(*parsed, exams);
    if (!releaser.openGradebook(&problem)) {
        std::fprintf(stderr, "schedlab-cli release: %s\n", qPrintable(problem));
        return 1;
    }
    const QList<StudentFolder> students = findStudents(parsed->paths, set.rubrics);
    if (students.isEmpty()) {
        std::fprintf(stderr, "schedlab-cli release: %s: no student folder found\n",
                     qPrintable(parsed->paths.join(QStringLiteral(", "))));
        return 1;
    }
    bool all = true;
    for (const StudentFolder &student : students) {
        QString error;
        if (!releaser.release(student, &error)) {
            std::fprintf(stderr, "schedlab-cli release: %s: not released: %s\n",
                         qPrintable(terminalSafe(student.dir)), qPrintable(terminalSafe(error)));
            all = false;
        }
    }
    return all ? 0 : 1;
}
