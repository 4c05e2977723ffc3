// Writing grades for instructors' scripts, the LMS and the students.
#include "report.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

#include <cmath>

namespace schedlab::grader {

namespace {

double rounded(double value, int decimals)
{
    const double scale = std::pow(10.0, decimals);
    return std::round(value * scale) / scale;
}

QString number(double value)
{
    return QString::number(rounded(value, 2), 'g', 12);
}

QJsonObject criterionJson(const CriterionResult &c)
{
    QJsonObject o{{QStringLiteral("id"), c.id},
                  {QStringLiteral("passed"), c.passed},
                  {QStringLiteral("points"), rounded(c.points, 2)},
                  {QStringLiteral("max"), rounded(c.max, 2)},
                  {QStringLiteral("confidence"), rounded(c.confidence, 2)},
                  {QStringLiteral("review"), c.review},
                  {QStringLiteral("feedback"), c.feedback},
                  {QStringLiteral("evidence"), c.evidence}};
    if (c.overridden)
        o.insert(QStringLiteral("overridden"),
                 QJsonObject{{QStringLiteral("by"), c.overridden->by},
                             {QStringLiteral("at"), c.overridden->at.toString(Qt::ISODate)},
                             {QStringLiteral("why"), c.overridden->why},
                             {QStringLiteral("was"), rounded(c.overridden->was, 2)}});
    return o;
}

QJsonObject resultJson(const ExerciseResult &r)
{
    QJsonObject o{{QStringLiteral("student"), r.student},
                  {QStringLiteral("exercise"), r.exercise},
                  {QStringLiteral("score"), rounded(r.score, 2)},
                  {QStringLiteral("max"), rounded(r.max, 2)},
                  {QStringLiteral("rubric"), r.rubricTag}};
    if (!r.error.isEmpty()) {
        o.insert(QStringLiteral("error"), r.error);
        return o;
    }
    QJsonArray criteria;
    for (const CriterionResult &c : r.criteria)
        criteria.append(criterionJson(c));
    o.insert(QStringLiteral("criteria"), criteria);
    return o;
}

QString csvField(const QString &text)
{
    if (!text.contains(u',') && !text.contains(u'"') && !text.contains(u'\n'))
        return text;
    QString quoted = text;
    quoted.replace(u'"', QStringLiteral("\"\""));
    return u'"' + quoted + u'"';
}

QString frenchNumber(double value)
{
    return QLocale(QLocale::French).toString(rounded(value, 2), 'g', 12);
}

} // namespace

QByteArray resultsToJson(const QList<ExerciseResult> &results)
{
    QJsonArray array;
    for (const ExerciseResult &r : results)
        array.append(resultJson(r));
    return QJsonDocument(array).toJson(QJsonDocument::Indented);
}

QByteArray resultsToCsv(const QList<ExerciseResult> &results, const QList<Rubric> &rubrics)
{
    QStringList ids;
    for (const Rubric &rubric : rubrics) {
        bool used = false;
        for (const ExerciseResult &r : results)
            used = used || r.exercise == rubric.exercise;
        if (used)
            for (const Criterion &c : rubric.criteria)
                ids << c.id;
    }
    QStringList lines;
    lines << (QStringList{QStringLiteral("student"), QStringLiteral("exercise")} + ids +
              QStringList{QStringLiteral("score"), QStringLiteral("max"), QStringLiteral("sur20"),
                          QStringLiteral("to_review")})
                 .join(u',');
    for (const ExerciseResult &r : results) {
        QStringList row{csvField(r.student), csvField(r.exercise)};
        for (const QString &id : ids) {
            QString cell;
            for (const CriterionResult &c : r.criteria)
                if (c.id == id)
                    cell = c.review ? QStringLiteral("?") : number(c.points);
            row << cell;
        }
        int toReview = 0;
        for (const CriterionResult &c : r.criteria)
            toReview += c.review ? 1 : 0;
        row << number(r.score) << number(r.max) << number(r.max > 0 ? r.score / r.max * 20 : 0)
            << QString::number(toReview);
        lines << row.join(u',');
    }
    return (lines.join(u'\n') + u'\n').toUtf8();
}

QString resultToMarkdown(const ExerciseResult &r)
{
    QString md = QStringLiteral("# %1 — %2\n\n").arg(r.exercise, r.student);
    if (!r.error.isEmpty())
        return md + QStringLiteral("Travail illisible : %1\n").arg(r.error);
    md += QStringLiteral("**Note : %1 / %2** (grille %3)\n\n")
              .arg(frenchNumber(r.score), frenchNumber(r.max), r.rubricTag);
    for (const CriterionResult &c : r.criteria) {
        const QString decision = c.review   ? QStringLiteral("à vérifier")
                                 : c.passed ? QStringLiteral("réussi")
                                            : QStringLiteral("non réussi");
        md += QStringLiteral("## %1 — %2 (%3 / %4)\n\n")
                  .arg(c.id, decision, frenchNumber(c.points), frenchNumber(c.max));
        md += c.feedback + QStringLiteral("\n\n");
        if (!c.evidence.isEmpty())
            md += QStringLiteral("> %1\n\n").arg(c.evidence);
        if (c.overridden)
            md +=
                QStringLiteral("Décision modifiée par %1 le %2 : %3\n\n")
                    .arg(c.overridden->by,
                         QLocale(QLocale::French).toString(c.overridden->at, QLocale::ShortFormat),
                         c.overridden->why);
    }
    return md;
}

} // namespace schedlab::grader
