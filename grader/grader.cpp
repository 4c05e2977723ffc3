// Running a rubric's checkers over a submission.
#include "grader.h"

#include "checkers.h"
#include "gradebook.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace schedlab::grader {

namespace {

// The course's order; an instructor's own exercises come after, by name.
const QStringList &courseOrder()
{
    static const QStringList order{QStringLiteral("ex1"),   QStringLiteral("ex2"),
                                   QStringLiteral("ex3"),   QStringLiteral("ex4"),
                                   QStringLiteral("solo"),  QStringLiteral("groupe"),
                                   QStringLiteral("examen")};
    return order;
}

CheckOutcome runChecker(const Criterion &c, CheckContext &ctx)
{
    const CheckerKind *kind = findChecker(c.check);
    return kind ? kind->check(c, ctx) : CheckOutcome{};
}

// Why files that were handed in could not be read (a link, a binary file), in French; empty
// when every one was.
QString unreadable(const QStringList &names, const ExerciseSubmission &submission)
{
    QStringList reasons;
    for (const QString &name : names) {
        const SubmittedFile &f = submission.file(name);
        if (f.handedIn() && !f.usable())
            reasons << f.error;
    }
    return reasons.join(u' ');
}

// A criterion whose files were not all handed in: failed, surely, and not for review. A
// flagged criterion is still checked: what it finds in the rest of the folder (a private key
// in another file) goes to the instructor all the same.
CriterionResult notHandedInResult(const Criterion &c, const NotHandedIn &gap, CheckContext &ctx)
{
    CriterionResult r;
    r.id = c.id;
    r.title = c.title;
    r.max = c.points;
    r.confidence = 1.0;
    r.feedback = gap.sentence();
    if (!c.params.value(QStringLiteral("flag")).toBool())
        return r;
    const CheckOutcome found = runChecker(c, ctx);
    if (found.passed || found.evidence.isEmpty())
        return r;
    r.review = true;
    r.voidsExercise = c.params.value(QStringLiteral("fails_exercise")).toBool();
    r.evidence = found.evidence;
    r.feedback += u' ' + fillParameters(c.failText, ctx.parameters());
    if (!found.note.isEmpty())
        r.feedback += u' ' + found.note;
    r.feedback += QStringLiteral(" (Signalé à l'enseignant.)");
    return r;
}

// The checker's outcome; or, when a file it rests on was handed in but cannot be read (a
// link, a binary file), a failure saying why. `judged`: the outcome rests on what was read, so
// that the rubric's flag and fails_exercise apply.
CheckOutcome outcomeOf(const Criterion &c, const QStringList &needed, CheckContext &ctx,
                       bool *judged)
{
    const QString unread = unreadable(needed, ctx.submission());
    *judged = unread.isEmpty();
    if (unread.isEmpty())
        return runChecker(c, ctx);
    const CheckOutcome failed{false, 1.0, QString(), unread};
    if (!c.params.value(QStringLiteral("flag")).toBool())
        return failed;
    // What a flagged checker finds elsewhere in the folder is still reported.
    const CheckOutcome found = runChecker(c, ctx);
    if (found.passed || found.evidence.isEmpty())
        return failed;
    *judged = true;
    return CheckOutcome{false, found.confidence, found.evidence, unread + u' ' + found.note};
}

CriterionResult judge(const Criterion &c, const Rubric &rubric, CheckContext &ctx)
{
    const QStringList needed = evidenceFiles(c, rubric);
    if (const NotHandedIn gap = notHandedIn(needed, ctx.submission()); gap.any())
        return notHandedInResult(c, gap, ctx);
    CriterionResult r;
    r.id = c.id;
    r.title = c.title;
    r.max = c.points;
    bool judged = false;
    const CheckOutcome outcome = outcomeOf(c, needed, ctx, &judged);
    r.passed = outcome.passed;
    r.confidence = std::clamp(outcome.confidence, 0.0, 1.0);
    // A criterion the rubric flags (a private key handed in) goes to the instructor when it
    // fails on what was read, however sure the grader is.
    const bool flagged = !r.passed && judged && c.params.value(QStringLiteral("flag")).toBool();
    r.review = r.confidence < rubric.reviewBelow || flagged;
    r.points = r.passed && !r.review ? c.points : 0;
    if (r.review && !flagged) {
        // Not decided: neither the rubric's "Oui : ..." nor its verdict of failure, but what is
        // expected, until an instructor decides.
        r.feedback = QStringLiteral("À vérifier par l'enseignant : le correcteur automatique "
                                    "n'est pas sûr de lui. Ce qui est attendu : ") +
                     fillParameters(c.failText, ctx.parameters());
    } else {
        r.feedback = fillParameters(r.passed ? c.passText : c.failText, ctx.parameters());
    }
    if (!outcome.note.isEmpty())
        r.feedback += u' ' + outcome.note;
    if (flagged)
        r.feedback += QStringLiteral(" (Signalé à l'enseignant.)");
    r.evidence = outcome.evidence;
    // e.g. a private key handed in: the whole exercise fails
    r.voidsExercise =
        !r.passed && judged && c.params.value(QStringLiteral("fails_exercise")).toBool();
    return r;
}

} // namespace

ExerciseResult gradeExercise(const Rubric &rubric, const ExerciseSubmission &submission,
                             const GradeOptions &options)
{
    ExerciseResult result;
    result.student = submission.student;
    result.exercise = rubric.exercise;
    result.rubricTag = rubric.tag();
    result.max = rubric.maxPoints();
    CheckContext ctx(rubric, submission, options.onStudentMachine, options.variantOf);
    for (const Criterion &c : rubric.criteria)
        result.criteria << judge(c, rubric, ctx);
    const NotHandedIn gap = notHandedIn(exerciseFiles(rubric), submission);
    result.missingFiles = gap.missing;
    result.emptyFiles = gap.empty;
    // A scenario in the folder that is not the one graded against: said, never used.
    if (const QString note = ctx.scenarioNote(); !note.isEmpty() && !result.criteria.isEmpty())
        result.criteria.first().feedback += u' ' + note;
    result.recomputeScore();
    return result;
}

ExerciseResult gradeStudentExercise(const StudentFolder &student, const Rubric &rubric,
                                    QByteArray *hash)
{
    QString problem = student.problem;
    const std::optional<QString> relative = exerciseRelativeDir(student, rubric);
    const files::PathKind kind =
        relative ? files::kindBelow(student.root, *relative) : files::PathKind{};
    if (problem.isEmpty() && kind.exists && kind.type == files::EntryType::Dir) {
        files::listBelow(student.root, *relative, &problem); // a folder that cannot be read
        if (!problem.isEmpty())
            problem = QStringLiteral("the exercise's folder cannot be read (%1)").arg(problem);
    }
    if (!problem.isEmpty()) {
        ExerciseResult r;
        r.student = student.id;
        r.exercise = rubric.exercise;
        r.rubricTag = rubric.tag();
        r.max = rubric.maxPoints();
        r.error = problem;
        return r;
    }
    const ExerciseSubmission submission = readStudentExercise(student, rubric);
    *hash = submissionHash(submission);
    GradeOptions options;
    if (rubric.studentVariants)
        options.variantOf = student.variantKey.isEmpty() ? student.id : student.variantKey;
    return gradeExercise(rubric, submission, options);
}

const Rubric *RubricSet::find(const QString &exercise) const
{
    for (const Rubric &r : rubrics)
        if (r.exercise == exercise)
            return &r;
    return nullptr;
}

RubricSet loadRubrics(const QString &exercisesDir)
{
    RubricSet set;
    QStringList names = QDir(exercisesDir).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    std::sort(names.begin(), names.end(), [](const QString &a, const QString &b) {
        const auto rank = [](const QString &n) {
            const qsizetype i = courseOrder().indexOf(n);
            return i < 0 ? courseOrder().size() : i;
        };
        return std::pair(rank(a), a) < std::pair(rank(b), b);
    });
    for (const QString &name : names) {
        const QString path = exercisesDir + u'/' + name + QStringLiteral("/rubric.yaml");
        if (!QFileInfo::exists(path))
            continue;
        RubricLoad load = loadRubric(path);
        if (!load.rubric) {
            set.error = load.error;
            return set;
        }
        if (const QString problem = validateRubric(*load.rubric); !problem.isEmpty()) {
            set.error = problem;
            return set;
        }
        set.rubrics << *load.rubric;
    }
    if (set.rubrics.isEmpty())
        set.error = QStringLiteral("%1: no exercise rubric (<exercise>/rubric.yaml) found")
                        .arg(exercisesDir);
    return set;
}

QString defaultExercisesDir()
{
    const QString installed =
        QCoreApplication::applicationDirPath() + QStringLiteral("/../share/schedlab/exercises");
    if (QFileInfo(installed).isDir())
        return QDir(installed).absolutePath();
    return QStringLiteral(SCHEDLAB_SOURCE_EXERCISES);
}

} // namespace schedlab::grader
