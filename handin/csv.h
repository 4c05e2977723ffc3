// CSV as spreadsheets and LMSs write it: an explicit dialect (separator, quoting, line ending,
// BOM, UTF-8 or a legacy 8-bit encoding), a reader for untrusted files that keeps where each
// field sits in the bytes (so a file can be written back changed in one cell only), a writer
// that never lets a cell start a formula, and numbers in French or English.
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace schedlab::handin {

enum class CsvEncoding {
    Utf8,
    Windows1252, // what Excel writes in a French Windows ("CSV (séparateur: point-virgule)")
    Latin1,      // ISO-8859-1
};

enum class CsvQuoting {
    Minimal,         // RFC 4180: only a field holding the separator, a quote or a line break
    MinimalOrSpaces, // PHP's fputcsv (Moodle's exports): also a field holding a space or a tab
    All,             // every field
};

// The language of an export: its headers and its decimal separator.
enum class CsvLocale { English, French };

struct CsvDialect
{
    QChar separator = u',';
    QChar quote = u'"';
    CsvQuoting quoting = CsvQuoting::Minimal;
    QByteArray lineEnding = "\r\n"; // "\r\n", "\n" or "\r"
    bool bom = false;               // a UTF-8 byte order mark first (only with UTF-8)
    CsvEncoding encoding = CsvEncoding::Utf8;
    CsvLocale locale = CsvLocale::English; // exports only: headers and decimals

    // What a French spreadsheet opens in columns with its accents: ';', UTF-8 with a BOM, CRLF,
    // decimal comma.
    static CsvDialect french();
    // ',' and UTF-8 without a BOM, CRLF, decimal point.
    static CsvDialect english();
    bool operator==(const CsvDialect &) const = default;
};

// Caps for a file that comes from outside (an LMS, a student's manifest).
struct CsvLimits
{
    qint64 maxBytes = 16 * 1024 * 1024;
    int maxRows = 100000;
    int maxFields = 1000; // per row
};

// The dialect a file was written in, guessed from its bytes: a BOM, the encoding (UTF-8 when
// the bytes are valid UTF-8, else Windows-1252), the separator that occurs most often outside
// quotes in the header line (',' ';' or tab), the quoting style of the first rows and the
// first line ending. Its locale is English (a file's decimals are the reader's business).
CsvDialect detectDialect(const QByteArray &bytes);

struct CsvField
{
    QString value;
    // Where the field sits in the file's bytes, quotes included: [begin, end).
    qsizetype begin = 0;
    qsizetype end = 0;
    bool quoted = false;
};

struct CsvRecord
{
    QList<CsvField> fields;
    int line = 0; // 1-based line where the record starts
    QStringList values() const;
};

struct CsvDocument
{
    CsvDialect dialect;
    QList<CsvRecord> records; // empty lines are skipped
};

struct CsvRead
{
    std::optional<CsvDocument> document;
    QString error; // "FILE:LINE: problem" or "FILE: problem"
    bool ok() const { return document.has_value(); }
};

// Reads `bytes` in `dialect`; `fileName` only names the file in errors. A BOM is skipped. A
// quoted field may hold separators, doubled quotes and line breaks; a quote inside an unquoted
// field is kept as text (as spreadsheets do); text after a closing quote, an unterminated
// quote, or more than the limits allow are errors.
CsvRead readCsv(const QByteArray &bytes, const CsvDialect &dialect, const QString &fileName,
                const CsvLimits &limits = {});
// The same in the dialect detectDialect finds.
CsvRead readCsv(const QByteArray &bytes, const QString &fileName, const CsvLimits &limits = {});
// Reads the file at `path` (not through a link, at most limits.maxBytes) and detects its
// dialect.
CsvRead readCsvFile(const QString &path, const CsvLimits &limits = {});

// Text in `encoding`, and back: Windows-1252's five unassigned bytes map to the C1 controls of
// the same value, so any byte string round-trips; a character an 8-bit encoding lacks is
// written as '?'.
QString decodeText(const QByteArray &bytes, CsvEncoding encoding);
QByteArray encodeText(const QString &text, CsvEncoding encoding);
bool isValidUtf8(const QByteArray &bytes);

// One field as `dialect` writes it: formula-escaped (grader::csvCellText) and quoted as the
// dialect quotes; not yet encoded.
QString csvField(const QString &text, const CsvDialect &dialect);
// Rows (the header first) as a whole file in `dialect`: BOM, encoding and line endings, every
// cell formula-escaped, and a line ending after the last row.
QByteArray writeCsv(const QList<QStringList> &rows, const CsvDialect &dialect);

// `value` rounded to 2 decimals, without trailing zeros, without thousands separators:
// "12,5" in French, "12.5" in English, "12" for 12.0.
QString formatDecimal(double value, CsvLocale locale);
// A number as a spreadsheet or Moodle writes it: "15,50", "15.5", " 1 234,5" (spaces and
// no-break spaces ignored); nullopt when it is not one.
std::optional<double> parseDecimal(const QString &text);

} // namespace schedlab::handin
