// Reading Moodle's grading worksheet and writing it back with the grades, byte for byte
// elsewhere.
#include "moodleworksheet.h"

#include "safefiles.h"

#include <QCoreApplication>
#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <map>

namespace schedlab::handin {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("schedlab::handin::MoodleWorksheet", text);
}

QString trn(const char *text, int n)
{
    return QCoreApplication::translate("schedlab::handin::MoodleWorksheet", text, nullptr, n);
}

QString normalisedHeader(const QString &text)
{
    return text.simplified().toCaseFolded();
}

// The headers Moodle writes, in English (mod/assign/lang/en, lang/en) and French (the fr
// language pack); compared after normalisedHeader.
const QStringList &idHeaders()
{
    static const QStringList h{QStringLiteral("identifier"), QStringLiteral("identifiant")};
    return h;
}
const QStringList &nameHeaders()
{
    static const QStringList h{QStringLiteral("full name"), QStringLiteral("nom complet")};
    return h;
}
const QStringList &gradeHeaders()
{
    static const QStringList h{QStringLiteral("grade"), QStringLiteral("note")};
    return h;
}
const QStringList &maxHeaders()
{
    static const QStringList h{QStringLiteral("maximum grade"), QStringLiteral("note maximale")};
    return h;
}
const QStringList &canChangeHeaders()
{
    static const QStringList h{QStringLiteral("grade can be changed"),
                               QStringLiteral("la note peut être modifiée")};
    return h;
}
const QStringList &feedbackHeaders()
{
    // The French name of the comments plugin varies between language-pack releases.
    static const QStringList h{QStringLiteral("feedback comments"),
                               QStringLiteral("commentaires de feedback"),
                               QStringLiteral("feedback par commentaires")};
    return h;
}
const QStringList &gradeModifiedHeaders()
{
    static const QStringList h{QStringLiteral("last modified (grade)"),
                               QStringLiteral("dernière modification (note)")};
    return h;
}
const QStringList &scaleHeaders()
{
    static const QStringList h{QStringLiteral("scale"), QStringLiteral("barème")};
    return h;
}

int column(const QStringList &headers, const QStringList &names)
{
    for (qsizetype i = 0; i < headers.size(); ++i)
        if (names.contains(normalisedHeader(headers[i])))
            return int(i);
    return -1;
}

const QRegularExpression &identifierPattern()
{
    // "Participant 12345" (English), "Participant12345" (a language pack without the space).
    static const QRegularExpression re(QStringLiteral("^\\D{0,40}?(\\d+)\\s*$"));
    return re;
}

// A column whose every value is "<word> <digits>": the identifier under a header in a
// language this reader does not know.
int identifierColumnByValues(const CsvDocument &document)
{
    if (document.records.size() < 2)
        return -1;
    const qsizetype width = document.records[0].fields.size();
    for (qsizetype c = 0; c < width; ++c) {
        bool all = true;
        for (qsizetype r = 1; r < document.records.size() && all; ++r) {
            const QList<CsvField> &fields = document.records[r].fields;
            all = c < fields.size() &&
                  fields[c].value.contains(QRegularExpression(QStringLiteral("^\\p{L}+ ?\\d+$")));
        }
        if (all)
            return int(c);
    }
    return -1;
}

QChar detectDecimal(const MoodleWorksheet &w)
{
    for (const int col : {w.maxColumn, w.gradeColumn}) {
        for (qsizetype r = 1; r < w.document.records.size(); ++r) {
            const QString v = w.document.records[r].fields.value(col).value;
            if (v.contains(u','))
                return u',';
            if (v.contains(u'.'))
                return u'.';
        }
    }
    return w.document.dialect.separator == u';' ? u',' : u'.';
}

bool findColumns(MoodleWorksheet *w, QString *error)
{
    const QStringList &h = w->headers;
    w->idColumn = column(h, idHeaders());
    if (w->idColumn < 0)
        w->idColumn = identifierColumnByValues(w->document);
    w->nameColumn = column(h, nameHeaders());
    w->gradeColumn = column(h, gradeHeaders());
    w->maxColumn = column(h, maxHeaders());
    w->canChangeColumn = column(h, canChangeHeaders());
    w->feedbackColumn = column(h, feedbackHeaders());
    w->gradeModifiedColumn = column(h, gradeModifiedHeaders());
    if (w->maxColumn < 0 && column(h, scaleHeaders()) >= 0) {
        *error = QStringLiteral("%1: %2").arg(
            w->fileName, tr("this assignment is graded on a scale, not in points: SchedLab "
                            "cannot fill its grades"));
        return false;
    }
    QStringList missing;
    if (w->idColumn < 0)
        missing << QStringLiteral("Identifier");
    if (w->gradeColumn < 0)
        missing << QStringLiteral("Grade");
    if (w->maxColumn < 0)
        missing << QStringLiteral("Maximum Grade");
    if (missing.isEmpty())
        return true;
    *error = QStringLiteral("%1:1: %2")
                 .arg(w->fileName,
                      tr("not a Moodle grading worksheet: no column %1 (the columns are: %2)")
                          .arg(missing.join(QStringLiteral(", ")), h.join(QStringLiteral(", "))));
    return false;
}

bool readRows(MoodleWorksheet *w, QString *error)
{
    const qsizetype width = w->headers.size();
    for (qsizetype r = 1; r < w->document.records.size(); ++r) {
        const CsvRecord &record = w->document.records[r];
        if (record.fields.size() != width) {
            *error =
                QStringLiteral("%1:%2: %3")
                    .arg(w->fileName)
                    .arg(record.line)
                    .arg(tr("%1 fields where the header has %2 (Moodle refuses such a file too)")
                             .arg(record.fields.size())
                             .arg(width));
            return false;
        }
        WorksheetRow row;
        row.record = int(r);
        row.line = record.line;
        row.identifier = record.fields[w->idColumn].value.trimmed();
        const QRegularExpressionMatch id = identifierPattern().match(row.identifier);
        if (!id.hasMatch()) {
            *error = QStringLiteral("%1:%2: %3")
                         .arg(w->fileName)
                         .arg(record.line)
                         .arg(tr("no participant identifier (\"Participant 12345\") in \"%1\"")
                                  .arg(row.identifier));
            return false;
        }
        row.participantId = id.captured(1);
        if (w->nameColumn >= 0)
            row.fullName = record.fields[w->nameColumn].value;
        row.maxGrade = parseDecimal(record.fields[w->maxColumn].value);
        if (w->canChangeColumn >= 0) {
            const QString can = normalisedHeader(record.fields[w->canChangeColumn].value);
            row.gradeCanChange = can != QLatin1String("no") && can != QLatin1String("non");
        }
        w->rows << row;
    }
    return true;
}

QString describe(const WorksheetRow &row)
{
    return row.fullName.isEmpty() ? row.identifier
                                  : QStringLiteral("%1 (%2)").arg(row.fullName, row.identifier);
}

// Moodle stores "Feedback comments" as HTML: plain text goes in with its markup characters
// escaped, so nothing a name holds is ever interpreted.
QString feedbackCell(const QString &plain)
{
    return plain.toHtmlEscaped();
}

QString plainFeedback(const SummaryRow &row, const ClassSummary &summary)
{
    QStringList parts;
    for (qsizetype i = 0; i < summary.exercises.size(); ++i) {
        const std::optional<double> &s = row.scores.value(i);
        parts << (s ? QStringLiteral("%1 %2/%3")
                          .arg(summary.exercises[i], formatDecimal(*s, CsvLocale::French),
                               formatDecimal(summary.maxima[i], CsvLocale::French))
                    : QStringLiteral("%1 non rendu").arg(summary.exercises[i]));
    }
    return QStringLiteral("Total : %1/20 — %2")
        .arg(formatDecimal(row.total20, CsvLocale::French), parts.join(QStringLiteral(" ; ")));
}

QString pendingMessage(const MoodleWorksheet &w, const QStringList &who)
{
    return QStringLiteral("%1: %2").arg(
        w.fileName, tr("criteria await review for %1: review them, or write the grades anyway "
                       "(--allow-pending)")
                        .arg(who.join(QStringLiteral(", "))));
}

} // namespace

WorksheetRead parseMoodleWorksheet(const QByteArray &bytes, const QString &fileName,
                                   const CsvLimits &limits)
{
    WorksheetRead result;
    const CsvRead csv = readCsv(bytes, fileName, limits);
    if (!csv.ok()) {
        result.error = csv.error;
        return result;
    }
    MoodleWorksheet w;
    w.fileName = fileName;
    w.bytes = bytes;
    w.document = *csv.document;
    if (w.document.records.isEmpty()) {
        result.error = QStringLiteral("%1: %2").arg(fileName, tr("the file is empty"));
        return result;
    }
    w.headers = w.document.records[0].values();
    if (!findColumns(&w, &result.error) || !readRows(&w, &result.error))
        return result;
    w.decimal = detectDecimal(w);
    result.worksheet = w;
    return result;
}

WorksheetRead readMoodleWorksheet(const QString &path, const CsvLimits &limits)
{
    const files::ReadResult file = files::readFile(path, limits.maxBytes);
    if (!file.ok()) {
        WorksheetRead failed;
        failed.error = file.error;
        return failed;
    }
    return parseMoodleWorksheet(file.bytes, path, limits);
}

QList<WorksheetGrade> worksheetGrades(const ClassSummary &summary)
{
    QList<WorksheetGrade> grades;
    for (const SummaryRow &row : summary.rows) {
        if (row.identity.lmsParticipantId.isEmpty() || !row.handedIn())
            continue;
        WorksheetGrade g;
        g.participantId = row.identity.lmsParticipantId;
        g.who = row.identity.lmsFullName.isEmpty() ? row.identity.name : row.identity.lmsFullName;
        g.fraction = row.total20 / 20.0;
        g.toReview = row.toReview;
        g.feedback = plainFeedback(row, summary);
        grades << g;
    }
    return grades;
}

WorksheetWrite fillMoodleWorksheet(const MoodleWorksheet &w, const QList<WorksheetGrade> &grades,
                                   const WorksheetOptions &options)
{
    WorksheetWrite out;
    QHash<QString, WorksheetGrade> byId;
    for (const WorksheetGrade &g : grades)
        byId.insert(g.participantId, g);

    QStringList pending;
    QSet<QString> listed;
    for (const WorksheetRow &row : w.rows) {
        listed.insert(row.participantId);
        const auto g = byId.constFind(row.participantId);
        if (g != byId.cend() && g->toReview > 0)
            pending
                << QStringLiteral("%1: %2").arg(describe(row)).arg(trn("%n criteria", g->toReview));
    }
    if (!pending.isEmpty() && !options.allowPending) {
        out.error = pendingMessage(w, pending);
        return out;
    }
    for (const WorksheetGrade &g : grades)
        if (!listed.contains(g.participantId))
            out.notInWorksheet << QStringLiteral("%1 (%2)").arg(g.who, g.participantId);
    if (options.writeFeedback && w.feedbackColumn < 0)
        out.warnings
            << tr("%1 has no \"Feedback comments\" column: feedback not written").arg(w.fileName);

    // Byte spans to replace, in file order, each with its new field.
    std::map<qsizetype, std::pair<qsizetype, QByteArray>> replacements;
    const CsvLocale numbers = w.decimal == u',' ? CsvLocale::French : CsvLocale::English;
    auto replace = [&](const CsvField &field, const QString &text) {
        replacements[field.begin] = {
            field.end, encodeText(csvField(text, w.document.dialect), w.document.dialect.encoding)};
    };
    for (const WorksheetRow &row : w.rows) {
        const auto g = byId.constFind(row.participantId);
        if (g == byId.cend()) {
            out.notHandedIn << describe(row);
            continue;
        }
        if (!row.gradeCanChange) {
            out.locked << describe(row);
            continue;
        }
        if (!row.maxGrade) {
            out.warnings
                << QStringLiteral("%1:%2: %3")
                       .arg(w.fileName)
                       .arg(row.line)
                       .arg(tr("no maximum grade for %1: grade not written").arg(describe(row)));
            continue;
        }
        const QList<CsvField> &fields = w.document.records[row.record].fields;
        const double grade = std::clamp(g->fraction, 0.0, 1.0) * *row.maxGrade;
        replace(fields[w.gradeColumn], formatDecimal(grade, numbers));
        if (options.writeFeedback && w.feedbackColumn >= 0 && !g->feedback.isEmpty())
            replace(fields[w.feedbackColumn], feedbackCell(g->feedback));
        ++out.graded;
    }

    QByteArray bytes;
    qsizetype at = 0;
    for (const auto &[begin, span] : replacements) {
        bytes += w.bytes.mid(at, begin - at);
        bytes += span.second;
        at = span.first;
    }
    bytes += w.bytes.mid(at);
    out.bytes = bytes;
    return out;
}

} // namespace schedlab::handin
