// Reading and writing CSV in an explicit dialect, on bytes, so that a file in a legacy encoding
// comes back out byte for byte.
#include "csv.h"

#include "report.h"
#include "safefiles.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringDecoder>

#include <array>
#include <cmath>

namespace schedlab::handin {

namespace {

const QByteArray utf8Bom("\xEF\xBB\xBF");

// Windows-1252's 0x80-0x9F; the five unassigned bytes stand for the C1 control of their value
// (as the WHATWG Encoding Standard decodes them), so that nothing is lost.
constexpr std::array<char16_t, 32> windows1252High = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178};

char encodeWindows1252(char32_t ch)
{
    if (ch < 0x80 || (ch >= 0xA0 && ch <= 0xFF))
        return char(ch);
    for (std::size_t i = 0; i < windows1252High.size(); ++i)
        if (windows1252High[i] == ch)
            return char(0x80 + i);
    return '?';
}

QString tr(const char *text)
{
    return QCoreApplication::translate("schedlab::handin::Csv", text);
}

qsizetype bomLength(const QByteArray &bytes)
{
    return bytes.startsWith(utf8Bom) ? utf8Bom.size() : 0;
}

// The parser proper: one pass over the bytes, records and fields with their byte spans.
class Parser
{
public:
    Parser(const QByteArray &bytes, const CsvDialect &dialect, const QString &fileName,
           const CsvLimits &limits, int stopAfter = -1)
        : bytes_(bytes)
        , dialect_(dialect)
        , fileName_(fileName)
        , limits_(limits)
        , separator_(char(dialect.separator.unicode()))
        , quote_(char(dialect.quote.unicode()))
        , stopAfter_(stopAfter)
    {}

    CsvRead run()
    {
        CsvRead result;
        CsvDocument document;
        document.dialect = dialect_;
        pos_ = bomLength(bytes_);
        while (pos_ < bytes_.size()) {
            CsvRecord record;
            record.line = line_;
            if (!readRecord(&record))
                return fail(result);
            const bool empty = record.fields.size() == 1 && !record.fields[0].quoted &&
                               record.fields[0].value.isEmpty();
            if (empty)
                continue;
            if (document.records.size() >= limits_.maxRows) {
                error_ = QStringLiteral("%1: %2").arg(fileName_,
                                                      tr("more than %1 rows").arg(limits_.maxRows));
                return fail(result);
            }
            document.records << record;
            if (document.records.size() == stopAfter_)
                break;
        }
        result.document = document;
        return result;
    }

private:
    CsvRead fail(CsvRead &result) const
    {
        result.error = error_;
        return result;
    }

    bool lineError(int line, const QString &problem)
    {
        error_ = QStringLiteral("%1:%2: %3").arg(fileName_).arg(line).arg(problem);
        return false;
    }

    bool atLineBreak() const
    {
        return pos_ < bytes_.size() && (bytes_[pos_] == '\n' || bytes_[pos_] == '\r');
    }

    void skipLineBreak()
    {
        if (bytes_[pos_] == '\r' && pos_ + 1 < bytes_.size() && bytes_[pos_ + 1] == '\n')
            ++pos_;
        ++pos_;
        ++line_;
    }

    bool readRecord(CsvRecord *record)
    {
        for (;;) {
            CsvField field;
            if (!readField(&field, record->line))
                return false;
            record->fields << field;
            if (record->fields.size() > limits_.maxFields)
                return lineError(record->line,
                                 tr("more than %1 fields in a row").arg(limits_.maxFields));
            if (pos_ < bytes_.size() && bytes_[pos_] == separator_) {
                ++pos_;
                continue;
            }
            if (atLineBreak())
                skipLineBreak();
            return true;
        }
    }

    bool readField(CsvField *field, int recordLine)
    {
        field->begin = pos_;
        QByteArray raw;
        if (pos_ < bytes_.size() && bytes_[pos_] == quote_) {
            field->quoted = true;
            ++pos_;
            if (!readQuoted(&raw, recordLine))
                return false;
            if (pos_ < bytes_.size() && bytes_[pos_] != separator_ && !atLineBreak())
                return lineError(line_, tr("text after the closing quote of a field"));
        } else {
            const qsizetype start = pos_;
            while (pos_ < bytes_.size() && bytes_[pos_] != separator_ && !atLineBreak())
                ++pos_;
            raw = bytes_.mid(start, pos_ - start);
        }
        field->end = pos_;
        field->value = decodeText(raw, dialect_.encoding);
        return true;
    }

    bool readQuoted(QByteArray *raw, int recordLine)
    {
        for (;;) {
            if (pos_ >= bytes_.size())
                return lineError(recordLine, tr("a quoted field is never closed"));
            const char c = bytes_[pos_];
            if (c == quote_) {
                if (pos_ + 1 < bytes_.size() && bytes_[pos_ + 1] == quote_) {
                    raw->append(quote_);
                    pos_ += 2;
                    continue;
                }
                ++pos_;
                return true;
            }
            const bool lineBreak =
                c == '\n' || (c == '\r' && (pos_ + 1 >= bytes_.size() || bytes_[pos_ + 1] != '\n'));
            if (lineBreak)
                ++line_;
            raw->append(c);
            ++pos_;
        }
    }

    const QByteArray &bytes_;
    const CsvDialect dialect_;
    const QString fileName_;
    const CsvLimits limits_;
    const char separator_;
    const char quote_;
    const int stopAfter_; // records to read before stopping, -1 for all
    qsizetype pos_ = 0;
    int line_ = 1;
    QString error_;
};

// The header line's separator: the candidate seen most often outside quotes (',' on a tie).
char sniffSeparator(const QByteArray &bytes, qsizetype start)
{
    int counts[3] = {0, 0, 0};
    const char candidates[3] = {',', ';', '\t'};
    bool inQuotes = false;
    for (qsizetype i = start; i < bytes.size(); ++i) {
        const char c = bytes[i];
        if (c == '"')
            inQuotes = !inQuotes;
        else if (!inQuotes && (c == '\n' || c == '\r'))
            break;
        else if (!inQuotes)
            for (int k = 0; k < 3; ++k)
                counts[k] += c == candidates[k] ? 1 : 0;
    }
    int best = 0;
    for (int k = 1; k < 3; ++k)
        if (counts[k] > counts[best])
            best = k;
    return candidates[best];
}

QByteArray sniffLineEnding(const QByteArray &bytes, qsizetype start)
{
    bool inQuotes = false;
    for (qsizetype i = start; i < bytes.size(); ++i) {
        const char c = bytes[i];
        if (c == '"')
            inQuotes = !inQuotes;
        else if (!inQuotes && c == '\n')
            return "\n";
        else if (!inQuotes && c == '\r')
            return i + 1 < bytes.size() && bytes[i + 1] == '\n' ? "\r\n" : "\r";
    }
    return "\r\n";
}

// How the first rows were quoted: every non-empty field (All), fields with a space too (PHP's
// fputcsv), or only where needed.
CsvQuoting sniffQuoting(const QByteArray &bytes, const CsvDialect &dialect)
{
    const CsvRead read = Parser(bytes, dialect, QString(), CsvLimits(), 20).run();
    const QList<CsvRecord> records = read.ok() ? read.document->records : QList<CsvRecord>();
    bool allQuoted = true, anyValue = false, spaceQuoted = false, spaceUnquoted = false;
    for (const CsvRecord &record : records) {
        for (const CsvField &f : record.fields) {
            if (f.value.isEmpty())
                continue;
            anyValue = true;
            allQuoted = allQuoted && f.quoted;
            const bool hasSpace = f.value.contains(u' ') || f.value.contains(u'\t');
            const bool needsQuotes = f.value.contains(dialect.separator) ||
                                     f.value.contains(dialect.quote) || f.value.contains(u'\n') ||
                                     f.value.contains(u'\r');
            spaceQuoted = spaceQuoted || (hasSpace && f.quoted && !needsQuotes);
            spaceUnquoted = spaceUnquoted || (hasSpace && !f.quoted);
        }
    }
    if (anyValue && allQuoted)
        return CsvQuoting::All;
    if (spaceQuoted && !spaceUnquoted)
        return CsvQuoting::MinimalOrSpaces;
    return CsvQuoting::Minimal;
}

bool needsQuotes(const QString &cell, const CsvDialect &dialect)
{
    if (dialect.quoting == CsvQuoting::All)
        return true;
    if (cell.contains(dialect.separator) || cell.contains(dialect.quote) || cell.contains(u'\n') ||
        cell.contains(u'\r'))
        return true;
    return dialect.quoting == CsvQuoting::MinimalOrSpaces &&
           (cell.contains(u' ') || cell.contains(u'\t'));
}

} // namespace

CsvDialect CsvDialect::french()
{
    CsvDialect d;
    d.separator = u';';
    d.bom = true;
    d.lineEnding = "\r\n";
    d.locale = CsvLocale::French;
    return d;
}

CsvDialect CsvDialect::english()
{
    return CsvDialect();
}

QStringList CsvRecord::values() const
{
    QStringList out;
    for (const CsvField &f : fields)
        out << f.value;
    return out;
}

bool isValidUtf8(const QByteArray &bytes)
{
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString text = decoder.decode(bytes);
    return !decoder.hasError();
}

QString decodeText(const QByteArray &bytes, CsvEncoding encoding)
{
    switch (encoding) {
    case CsvEncoding::Utf8:
        return QString::fromUtf8(bytes);
    case CsvEncoding::Latin1:
        return QString::fromLatin1(bytes);
    case CsvEncoding::Windows1252:
        break;
    }
    QString out;
    out.reserve(bytes.size());
    for (const char c : bytes) {
        const uchar b = uchar(c);
        out += b >= 0x80 && b < 0xA0 ? QChar(windows1252High[b - 0x80]) : QChar(b);
    }
    return out;
}

QByteArray encodeText(const QString &text, CsvEncoding encoding)
{
    if (encoding == CsvEncoding::Utf8)
        return text.toUtf8();
    QByteArray out;
    out.reserve(text.size());
    for (const char32_t ch : text.toUcs4()) {
        if (encoding == CsvEncoding::Latin1)
            out += ch <= 0xFF ? char(ch) : '?';
        else
            out += encodeWindows1252(ch);
    }
    return out;
}

CsvDialect detectDialect(const QByteArray &bytes)
{
    CsvDialect d;
    const qsizetype start = bomLength(bytes);
    d.bom = start > 0;
    d.encoding = isValidUtf8(bytes.mid(start)) ? CsvEncoding::Utf8 : CsvEncoding::Windows1252;
    d.separator = QChar(sniffSeparator(bytes, start));
    d.lineEnding = sniffLineEnding(bytes, start);
    d.quoting = sniffQuoting(bytes, d);
    return d;
}

CsvRead readCsv(const QByteArray &bytes, const CsvDialect &dialect, const QString &fileName,
                const CsvLimits &limits)
{
    if (bytes.size() > limits.maxBytes) {
        CsvRead tooBig;
        tooBig.error =
            QStringLiteral("%1: %2").arg(fileName, tr("larger than %1 bytes").arg(limits.maxBytes));
        return tooBig;
    }
    return Parser(bytes, dialect, fileName, limits).run();
}

CsvRead readCsv(const QByteArray &bytes, const QString &fileName, const CsvLimits &limits)
{
    return readCsv(bytes, detectDialect(bytes), fileName, limits);
}

CsvRead readCsvFile(const QString &path, const CsvLimits &limits)
{
    const files::ReadResult file = files::readFile(path, limits.maxBytes);
    if (!file.ok()) {
        CsvRead failed;
        failed.error = file.error;
        return failed;
    }
    return readCsv(file.bytes, path, limits);
}

QString csvField(const QString &text, const CsvDialect &dialect)
{
    const QString cell = grader::csvCellText(text);
    if (!needsQuotes(cell, dialect))
        return cell;
    QString quoted = cell;
    quoted.replace(dialect.quote, QString(2, dialect.quote));
    return dialect.quote + quoted + dialect.quote;
}

QByteArray writeCsv(const QList<QStringList> &rows, const CsvDialect &dialect)
{
    QString text;
    const QString lineEnding = QString::fromLatin1(dialect.lineEnding);
    for (const QStringList &row : rows) {
        QStringList cells;
        for (const QString &cell : row)
            cells << csvField(cell, dialect);
        text += cells.join(dialect.separator) + lineEnding;
    }
    QByteArray out = encodeText(text, dialect.encoding);
    if (dialect.bom && dialect.encoding == CsvEncoding::Utf8)
        out.prepend(utf8Bom);
    return out;
}

QString formatDecimal(double value, CsvLocale locale)
{
    double rounded = std::round(value * 100.0) / 100.0;
    if (rounded == 0)
        rounded = 0; // no "-0"
    QString text = QString::number(rounded, 'f', 2);
    while (text.endsWith(u'0'))
        text.chop(1);
    if (text.endsWith(u'.'))
        text.chop(1);
    if (locale == CsvLocale::French)
        text.replace(u'.', u',');
    return text;
}

std::optional<double> parseDecimal(const QString &text)
{
    QString t = text.trimmed();
    t.remove(u' ');
    t.remove(QChar(0x00A0));
    t.remove(QChar(0x202F));
    const qsizetype comma = t.lastIndexOf(u',');
    const qsizetype point = t.lastIndexOf(u'.');
    if (comma >= 0 && point >= 0) {
        // The last of the two marks the decimals; the other groups thousands.
        t.remove(comma > point ? u'.' : u',');
    }
    t.replace(u',', u'.');
    static const QRegularExpression number(QStringLiteral("^[+-]?(\\d+(\\.\\d*)?|\\.\\d+)$"));
    if (!number.match(t).hasMatch())
        return std::nullopt;
    return t.toDouble();
}

} // namespace schedlab::handin
