// Writing grades for instructors' scripts, the LMS and the students.
#include "report.h"

#include "checkers.h"

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

// JSON written by hand so that keys keep the order and layout of grading-output.md's
// example (QJsonObject would sort them): one criterion per line.
QString jsonString(const QString &text)
{
    QString out = QStringLiteral("\"");
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar ch = text[i];
        switch (ch.unicode()) {
        case u'"':
            out += QStringLiteral("\\\"");
            continue;
        case u'\\':
            out += QStringLiteral("\\\\");
            continue;
        case u'\n':
            out += QStringLiteral("\\n");
            continue;
        case u'\r':
            out += QStringLiteral("\\r");
            continue;
        case u'\t':
            out += QStringLiteral("\\t");
            continue;
        default:
            break;
        }
        // A pair of surrogates is one character (a tag, U+E0001...): judged whole, escaped as
        // its two halves, which JSON reads back as that character.
        const bool pair =
            ch.isHighSurrogate() && i + 1 < text.size() && text[i + 1].isLowSurrogate();
        const char32_t code = pair ? QChar::surrogateToUcs4(ch, text[i + 1]) : ch.unicode();
        const qsizetype units = pair ? 2 : 1;
        const bool escape = code < 0x20 || isUnsafeForTerminal(code);
        for (qsizetype k = 0; k < units; ++k)
            out += escape
                       ? QStringLiteral("\\u%1").arg(text[i + k].unicode(), 4, 16, QLatin1Char('0'))
                       : QString(text[i + k]);
        i += units - 1;
    }
    return out + u'"';
}

QString jsonBool(bool value)
{
    return value ? QStringLiteral("true") : QStringLiteral("false");
}

QString criterionJson(const CriterionResult &c)
{
    QString line = QStringLiteral("{\"id\": %1, \"passed\": %2, \"points\": %3, \"max\": %4, "
                                  "\"confidence\": %5, \"review\": %6, \"feedback\": %7, "
                                  "\"evidence\": %8")
                       .arg(jsonString(c.id), jsonBool(c.passed), number(c.points), number(c.max),
                            number(c.confidence), jsonBool(c.review), jsonString(c.feedback),
                            jsonString(c.evidence));
    if (c.overridden)
        line +=
            QStringLiteral(", \"overridden\": {\"by\": %1, \"at\": %2, \"why\": %3, \"was\": %4}")
                .arg(jsonString(c.overridden->by),
                     jsonString(c.overridden->at.toString(Qt::ISODate)),
                     jsonString(c.overridden->why), number(c.overridden->was));
    return line + u'}';
}

QString resultJson(const ExerciseResult &r)
{
    QString o =
        QStringLiteral("  {\n    \"student\": %1,\n    \"exercise\": %2,\n    \"score\": %3,\n"
                       "    \"max\": %4,\n    \"rubric\": %5,\n")
            .arg(jsonString(r.student), jsonString(r.exercise), number(r.score), number(r.max),
                 jsonString(r.rubricTag));
    if (!r.error.isEmpty())
        return o + QStringLiteral("    \"error\": %1\n  }").arg(jsonString(r.error));
    // The points awaiting an instructor's decision: `score` counts none of them.
    o += QStringLiteral("    \"pending\": %1,\n").arg(number(r.pending()));
    // Said only when something is missing, so that a complete hand-in reads as before.
    for (const auto &[key, names] :
         {std::pair("missing_files", &r.missingFiles), std::pair("empty_files", &r.emptyFiles)}) {
        if (names->isEmpty())
            continue;
        QStringList items;
        for (const QString &name : *names)
            items << jsonString(name);
        o += QStringLiteral("    \"%1\": [%2],\n")
                 .arg(QLatin1String(key), items.join(QStringLiteral(", ")));
    }
    QStringList criteria;
    for (const CriterionResult &c : r.criteria)
        criteria << QStringLiteral("      ") + criterionJson(c);
    return o + QStringLiteral("    \"criteria\": [\n%1\n    ]\n  }")
                   .arg(criteria.join(QStringLiteral(",\n")));
}

QString frenchNumber(double value)
{
    return QLocale(QLocale::French).toString(rounded(value, 2), 'g', 12);
}

// Every line quoted: evidence of several lines stays inside its quote.
QString blockQuote(const QString &text)
{
    QString quoted;
    for (const QString &line : text.split(u'\n'))
        quoted += QStringLiteral("> ") + line + u'\n';
    return quoted + u'\n';
}

QString markdown(const ExerciseResult &r)
{
    QString md = QStringLiteral("# %1 — %2\n\n").arg(r.exercise, r.student);
    if (!r.error.isEmpty())
        return md + QStringLiteral("Travail illisible : %1\n").arg(r.error);
    md += QStringLiteral("**Note : %1 / %2** (grille %3)\n\n")
              .arg(frenchNumber(r.score), frenchNumber(r.max), r.rubricTag);
    if (const NotHandedIn gap{r.missingFiles, r.emptyFiles}; gap.any())
        md += gap.sentence() + QStringLiteral("\n\n");
    for (const CriterionResult &c : r.criteria) {
        const QString decision = c.review   ? QStringLiteral("à vérifier")
                                 : c.passed ? QStringLiteral("réussi")
                                            : QStringLiteral("non réussi");
        md += QStringLiteral("## %1 — %2 (%3 / %4)\n\n")
                  .arg(c.id, decision, frenchNumber(c.points), frenchNumber(c.max));
        md += c.feedback + QStringLiteral("\n\n");
        if (!c.evidence.isEmpty())
            md += blockQuote(c.evidence);
        if (c.overridden)
            md +=
                QStringLiteral("Décision modifiée par %1 le %2 : %3\n\n")
                    .arg(c.overridden->by,
                         QLocale(QLocale::French).toString(c.overridden->at, QLocale::ShortFormat),
                         c.overridden->why);
    }
    return md;
}

} // namespace

QByteArray resultsToJson(const QList<ExerciseResult> &results)
{
    if (results.isEmpty())
        return "[]\n";
    QStringList objects;
    for (const ExerciseResult &r : results)
        objects << resultJson(r);
    return (QStringLiteral("[\n") + objects.join(QStringLiteral(",\n")) + QStringLiteral("\n]\n"))
        .toUtf8();
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
        QStringList row{csvCell(r.student), csvCell(r.exercise)};
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
    return terminalSafe(markdown(r));
}

bool isUnsafeForTerminal(char32_t ch)
{
    if (ch == u'\n' || ch == u'\t')
        return false;
    switch (QChar::category(ch)) {
    case QChar::Other_Control: // C0, DEL, C1
    case QChar::Other_Format:  // bidi controls, zero-width characters, BOM, tags
    case QChar::Separator_Line:
    case QChar::Separator_Paragraph:
        return true;
    default:
        return false;
    }
}

QString terminalSafe(const QString &text)
{
    QString out;
    for (const char32_t ch : text.toUcs4()) {
        if (isUnsafeForTerminal(ch))
            out += QStringLiteral("\\u{%1}").arg(quint32(ch), 0, 16);
        else
            out += QString::fromUcs4(&ch, 1);
    }
    return out;
}

QString csvCellText(const QString &text)
{
    static const QString formulaStart = QStringLiteral("=+-@\t\r");
    // Control characters have no place in a cell, and the CSV may be printed on a terminal.
    QString cell = terminalSafe(text);
    if (!text.isEmpty() && formulaStart.contains(text.front()))
        cell.prepend(u'\'');
    return cell;
}

QString csvCell(const QString &text, QChar separator)
{
    const QString cell = csvCellText(text);
    if (!cell.contains(separator) && !cell.contains(u'"') && !cell.contains(u'\n') &&
        !cell.contains(u'\r'))
        return cell;
    QString quoted = cell;
    quoted.replace(u'"', QStringLiteral("\"\""));
    return u'"' + quoted + u'"';
}

QString csvCell(const QString &text)
{
    return csvCell(text, u',');
}

} // namespace schedlab::grader
