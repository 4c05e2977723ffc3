// Building the class summary and writing it, and the criterion sheet, as CSV.
#include "classsummary.h"

#include "identity.h"

#include <QHash>
#include <QSet>

#include <algorithm>

namespace schedlab::handin {

namespace {

// Export headers follow the file's locale, not the interface's: a French spreadsheet gets
// French headers whatever language the app runs in.
QString header(const CsvDialect &dialect, const char *english, const char *french)
{
    return QString::fromUtf8(dialect.locale == CsvLocale::French ? french : english);
}

QString yesNo(bool value, const CsvDialect &dialect)
{
    return value ? header(dialect, "yes", "oui") : header(dialect, "no", "non");
}

QStringList orderedExercises(const QList<grader::Rubric> &rubrics)
{
    QStringList exercises;
    for (const QString &id : courseOrder())
        for (const grader::Rubric &r : rubrics)
            if (r.exercise == id && !exercises.contains(id))
                exercises << id;
    for (const grader::Rubric &r : rubrics)
        if (!exercises.contains(r.exercise))
            exercises << r.exercise;
    return exercises;
}

double rubricMax(const QList<grader::Rubric> &rubrics, const QString &exercise)
{
    for (const grader::Rubric &r : rubrics)
        if (r.exercise == exercise)
            return r.maxPoints();
    return 0;
}

SummaryRow rowFor(const SummaryIdentity &identity,
                  const QList<const grader::ExerciseResult *> &mine, const ClassSummary &summary)
{
    SummaryRow row;
    row.identity = identity;
    row.flags = identity.flags;
    double total = 0;
    const bool anyResult = !mine.isEmpty();
    for (const QString &exercise : summary.exercises) {
        std::optional<double> score;
        for (const grader::ExerciseResult *r : mine) {
            if (r->exercise != exercise)
                continue;
            if (!r->error.isEmpty()) {
                row.flags << QStringLiteral("%1 illisible").arg(exercise);
                continue;
            }
            score = r->score;
            for (const grader::CriterionResult &c : r->criteria)
                row.toReview += c.review ? 1 : 0;
        }
        total += score.value_or(0);
        row.scores << score;
    }
    const double max = summary.maxTotal();
    row.total20 = max > 0 ? 20.0 * total / max : 0;
    if (!anyResult && !row.flags.contains(QStringLiteral("non rendu")))
        row.flags << QStringLiteral("non rendu");
    return row;
}

QString number(double value, const CsvDialect &dialect)
{
    return formatDecimal(value, dialect.locale);
}

} // namespace

bool SummaryRow::handedIn() const
{
    return std::any_of(scores.begin(), scores.end(),
                       [](const std::optional<double> &s) { return s.has_value(); });
}

double ClassSummary::maxTotal() const
{
    double sum = 0;
    for (double m : maxima)
        sum += m;
    return sum;
}

bool sameName(const QString &a, const QString &b)
{
    QStringList wordsA = fileNameSafe(a).split(u'-', Qt::SkipEmptyParts);
    QStringList wordsB = fileNameSafe(b).split(u'-', Qt::SkipEmptyParts);
    wordsA.sort();
    wordsB.sort();
    return wordsA == wordsB;
}

QString nameMismatchFlag()
{
    return QStringLiteral("nom du manifeste différent du nom Moodle");
}

const QStringList &courseOrder()
{
    static const QStringList order{QStringLiteral("ex1"),   QStringLiteral("ex2"),
                                   QStringLiteral("ex3"),   QStringLiteral("ex4"),
                                   QStringLiteral("solo"),  QStringLiteral("groupe"),
                                   QStringLiteral("examen")};
    return order;
}

ClassSummary buildClassSummary(const QList<grader::ExerciseResult> &results,
                               const QList<grader::Rubric> &rubrics,
                               const QList<SummaryIdentity> &identities)
{
    ClassSummary summary;
    summary.exercises = orderedExercises(rubrics);
    for (const QString &exercise : summary.exercises)
        summary.maxima << rubricMax(rubrics, exercise);

    QHash<QString, QList<const grader::ExerciseResult *>> byStudent;
    for (const grader::ExerciseResult &r : results)
        byStudent[r.student] << &r;

    QSet<QString> named;
    for (const SummaryIdentity &identity : identities) {
        named.insert(identity.key);
        summary.rows << rowFor(identity, byStudent.value(identity.key), summary);
    }
    QStringList others;
    for (auto it = byStudent.cbegin(); it != byStudent.cend(); ++it)
        if (!named.contains(it.key()))
            others << it.key();
    others.sort();
    for (const QString &key : others) {
        SummaryIdentity identity;
        identity.key = key;
        identity.name = key;
        summary.rows << rowFor(identity, byStudent.value(key), summary);
    }
    return summary;
}

QByteArray summaryToCsv(const ClassSummary &summary, const CsvDialect &dialect)
{
    QStringList head{header(dialect, "number", "numéro"), header(dialect, "name", "nom"),
                     header(dialect, "LMS id", "id Moodle")};
    for (qsizetype i = 0; i < summary.exercises.size(); ++i)
        head << QStringLiteral("%1 (/%2)")
                    .arg(summary.exercises[i], number(summary.maxima[i], dialect));
    head << header(dialect, "total /20", "total /20") << header(dialect, "to review", "à vérifier")
         << header(dialect, "flags", "remarques");
    QList<QStringList> rows{head};
    for (const SummaryRow &r : summary.rows) {
        QStringList row{r.identity.number, r.identity.name, r.identity.lmsParticipantId};
        for (const std::optional<double> &score : r.scores)
            row << (score ? number(*score, dialect) : QString());
        row << number(r.total20, dialect) << QString::number(r.toReview)
            << r.flags.join(QStringLiteral(", "));
        rows << row;
    }
    return writeCsv(rows, dialect);
}

QByteArray criteriaToCsv(const QList<grader::ExerciseResult> &results,
                         const QList<SummaryIdentity> &identities, const CsvDialect &dialect)
{
    QHash<QString, SummaryIdentity> byKey;
    for (const SummaryIdentity &identity : identities)
        byKey.insert(identity.key, identity);
    QList<QStringList> rows{
        {header(dialect, "number", "numéro"), header(dialect, "name", "nom"),
         header(dialect, "exercise", "exercice"), header(dialect, "criterion", "critère"),
         header(dialect, "title", "intitulé"), header(dialect, "points", "points"),
         header(dialect, "max", "max"), header(dialect, "passed", "réussi"),
         header(dialect, "to review", "à vérifier"), header(dialect, "feedback", "commentaire")}};
    for (const grader::ExerciseResult &r : results) {
        const SummaryIdentity who = byKey.value(r.student);
        const QString name = who.name.isEmpty() ? r.student : who.name;
        for (const grader::CriterionResult &c : r.criteria)
            rows << QStringList{who.number,
                                name,
                                r.exercise,
                                c.id,
                                c.title,
                                number(c.points, dialect),
                                number(c.max, dialect),
                                yesNo(c.passed, dialect),
                                yesNo(c.review, dialect),
                                c.feedback};
    }
    return writeCsv(rows, dialect);
}

} // namespace schedlab::handin
