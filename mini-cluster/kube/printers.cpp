// kubectl's output building blocks (AGE, tables, -o json, -o yaml), ported from kubectl's Go.
// Byte-for-byte fidelity is the point: apimachinery's HumanDuration, text/tabwriter,
// encoding/json's MarshalIndent and sigs.k8s.io/yaml (go-yaml v2 re-emitting kubectl's JSON).
#include "printers.h"

#include <QByteArray>
#include <QRegularExpression>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <string>
#include <utility>

namespace schedlab::kube {

// ---------------------------------------------------------------------------------------------
// HumanDuration

QString humanDuration(qint64 seconds)
{
    // Go tolerates one second of clock skew between client and server before calling it
    // invalid.
    if (seconds < -1)
        return QStringLiteral("<invalid>");
    if (seconds < 0)
        return QStringLiteral("0s");
    if (seconds < 60 * 2)
        return QStringLiteral("%1s").arg(seconds);
    const qint64 minutes = seconds / 60;
    if (minutes < 10) {
        const qint64 s = seconds % 60;
        if (s == 0)
            return QStringLiteral("%1m").arg(minutes);
        return QStringLiteral("%1m%2s").arg(minutes).arg(s);
    }
    if (minutes < 60 * 3)
        return QStringLiteral("%1m").arg(minutes);
    const qint64 hours = seconds / 3600;
    if (hours < 8) {
        const qint64 m = minutes % 60;
        if (m == 0)
            return QStringLiteral("%1h").arg(hours);
        return QStringLiteral("%1h%2m").arg(hours).arg(m);
    }
    if (hours < 48)
        return QStringLiteral("%1h").arg(hours);
    if (hours < 24 * 8) {
        const qint64 h = hours % 24;
        if (h == 0)
            return QStringLiteral("%1d").arg(hours / 24);
        return QStringLiteral("%1d%2h").arg(hours / 24).arg(h);
    }
    if (hours < 24 * 365 * 2)
        return QStringLiteral("%1d").arg(hours / 24);
    if (hours < 24 * 365 * 8) {
        const qint64 dy = (hours / 24) % 365;
        if (dy == 0)
            return QStringLiteral("%1y").arg(hours / 24 / 365);
        return QStringLiteral("%1y%2d").arg(hours / 24 / 365).arg(dy);
    }
    return QStringLiteral("%1y").arg(hours / 24 / 365);
}

// ---------------------------------------------------------------------------------------------
// text/tabwriter

namespace {

// Go's utf8.RuneCount: a surrogate pair is one rune.
int runeCount(QStringView s)
{
    int n = 0;
    for (qsizetype i = 0; i < s.size(); ++i) {
        if (s[i].isHighSurrogate() && i + 1 < s.size() && s[i + 1].isLowSurrogate())
            ++i;
        ++n;
    }
    return n;
}

struct TabCell
{
    QString text;
    int width = 0;
};
using TabLine = QList<TabCell>;

// The column-block recursion of tabwriter's format(): a column's width is only shared by the
// consecutive lines that have a tab-terminated cell in it, so a short row splits the table
// into blocks that are aligned independently.
class TabFormatter
{
public:
    TabFormatter(const QList<TabLine> &lines, QString &out, int minWidth, int padding)
        : lines_(lines)
        , out_(out)
        , minWidth_(minWidth)
        , padding_(padding)
    {}

    void format(qsizetype line0, qsizetype line1)
    {
        const qsizetype column = widths_.size();
        for (qsizetype current = line0; current < line1; ++current) {
            if (column >= lines_[current].size() - 1)
                continue;
            writeLines(line0, current);
            line0 = current;
            int width = minWidth_;
            for (; current < line1; ++current) {
                const TabLine &line = lines_[current];
                if (column >= line.size() - 1)
                    break;
                width = std::max(width, line[column].width + padding_);
            }
            widths_.append(width);
            format(line0, current);
            widths_.removeLast();
            line0 = current;
        }
        writeLines(line0, line1);
    }

private:
    void writeLines(qsizetype line0, qsizetype line1)
    {
        for (qsizetype i = line0; i < line1; ++i) {
            const TabLine &line = lines_[i];
            for (qsizetype j = 0; j < line.size(); ++j) {
                out_ += line[j].text;
                if (j < widths_.size())
                    out_ += QString(widths_[j] - line[j].width, QLatin1Char(' '));
            }
            // The last buffered line is the unterminated text after the final newline.
            if (i + 1 != lines_.size())
                out_ += QLatin1Char('\n');
        }
    }

    const QList<TabLine> &lines_;
    QString &out_;
    QList<int> widths_;
    int minWidth_;
    int padding_;
};

} // namespace

void TabWriter::addText(const QString &text)
{
    QStringList lines = text.split(QLatin1Char('\n'));
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    for (const QString &line : std::as_const(lines))
        rows_.append(line.split(QLatin1Char('\t')));
}

QString TabWriter::text() const
{
    // Rows of plain cells (the usual table) go straight to the formatter; text with tabs or
    // newlines inside a cell is read as Go reads its byte stream.
    bool plain = true;
    for (const QStringList &row : rows_)
        for (const QString &cell : row)
            for (QChar c : cell)
                if (c == u'\t' || c == u'\n' || c == u'\v' || c == u'\f')
                    plain = false;
    if (plain) {
        QString out;
        QList<TabLine> lines;
        auto flush = [&] {
            lines.append(TabLine{}); // the (empty) unterminated text after the last newline
            TabFormatter(lines, out, minWidth_, padding_).format(0, lines.size());
            lines.clear();
        };
        for (const QStringList &row : rows_) {
            TabLine line;
            line.reserve(row.size());
            for (const QString &cell : row)
                line.append(TabCell{cell, runeCount(cell)});
            if (line.isEmpty())
                line.append(TabCell{});
            lines.append(line);
            // A line without a tab cannot widen a column: what came before is printed.
            if (row.size() <= 1)
                flush();
        }
        flush();
        return out;
    }
    QString input;
    for (const QStringList &row : rows_) {
        input += row.join(QLatin1Char('\t'));
        input += QLatin1Char('\n');
    }

    QString out;
    QList<TabLine> lines{TabLine{}};
    QString cell;
    auto terminateCell = [&] {
        lines.last().append(TabCell{cell, runeCount(cell)});
        cell.clear();
        return lines.last().size();
    };
    auto flush = [&] {
        if (!cell.isEmpty())
            terminateCell();
        TabFormatter(lines, out, minWidth_, padding_).format(0, lines.size());
        lines = QList<TabLine>{TabLine{}};
    };
    for (const QChar ch : std::as_const(input)) {
        switch (ch.unicode()) {
        case '\t':
        case '\v':
            terminateCell();
            break;
        case '\n':
        case '\f': {
            const qsizetype cells = terminateCell();
            lines.append(TabLine{});
            // Like Go, a line without any tab cannot widen a column, so everything before it
            // is printed; a form feed always ends the columns.
            if (ch == QLatin1Char('\f') || cells == 1)
                flush();
            break;
        }
        default:
            cell += ch;
        }
    }
    flush();
    return out;
}

// ---------------------------------------------------------------------------------------------
// Go number parsing (strconv), needed to know what go-yaml reads back as a number

namespace {

enum class NumError { None, Syntax, Range };

char32_t lowerAscii(char32_t c)
{
    return (c >= 'A' && c <= 'Z') ? c + ('a' - 'A') : c;
}

bool isAsciiDigit(char32_t c)
{
    return c >= '0' && c <= '9';
}

std::u32string toU32(QStringView s)
{
    std::u32string out;
    out.reserve(s.size());
    for (qsizetype i = 0; i < s.size(); ++i) {
        char32_t c = s[i].unicode();
        if (s[i].isHighSurrogate() && i + 1 < s.size() && s[i + 1].isLowSurrogate()) {
            c = QChar::surrogateToUcs4(s[i], s[i + 1]);
            ++i;
        } else if (s[i].isSurrogate()) {
            // A lone surrogate cannot be encoded in UTF-8; Go would see U+FFFD.
            c = 0xFFFD;
        }
        out += c;
    }
    return out;
}

// strconv's underscoreOK: '_' only between digits, or between a base prefix and a digit.
bool underscoreOk(std::u32string_view s)
{
    char saw = '^';
    std::size_t i = 0;
    if (!s.empty() && (s[0] == '-' || s[0] == '+'))
        s.remove_prefix(1);
    bool hex = false;
    if (s.size() >= 2 && s[0] == '0' &&
        (lowerAscii(s[1]) == 'b' || lowerAscii(s[1]) == 'o' || lowerAscii(s[1]) == 'x')) {
        i = 2;
        saw = '0';
        hex = lowerAscii(s[1]) == 'x';
    }
    for (; i < s.size(); ++i) {
        const char32_t c = s[i];
        if (isAsciiDigit(c) || (hex && lowerAscii(c) >= 'a' && lowerAscii(c) <= 'f')) {
            saw = '0';
            continue;
        }
        if (c == '_') {
            if (saw != '0')
                return false;
            saw = '_';
            continue;
        }
        if (saw == '_')
            return false;
        saw = '!';
    }
    return saw != '_';
}

// strconv.ParseUint(s, base, 64).
NumError goParseUint(std::u32string_view s, int base, quint64 *value = nullptr)
{
    if (s.empty())
        return NumError::Syntax;
    const std::u32string_view s0 = s;
    const bool base0 = base == 0;
    if (base0) {
        base = 10;
        if (s[0] == '0') {
            if (s.size() >= 3 && lowerAscii(s[1]) == 'b') {
                base = 2;
                s.remove_prefix(2);
            } else if (s.size() >= 3 && lowerAscii(s[1]) == 'o') {
                base = 8;
                s.remove_prefix(2);
            } else if (s.size() >= 3 && lowerAscii(s[1]) == 'x') {
                base = 16;
                s.remove_prefix(2);
            } else {
                base = 8;
                s.remove_prefix(1);
            }
        }
    }
    const quint64 cutoff = std::numeric_limits<quint64>::max() / quint64(base) + 1;
    quint64 n = 0;
    bool underscores = false;
    for (const char32_t c : s) {
        quint64 d = 0;
        if (c == '_' && base0) {
            underscores = true;
            continue;
        } else if (isAsciiDigit(c)) {
            d = c - '0';
        } else if (lowerAscii(c) >= 'a' && lowerAscii(c) <= 'z') {
            d = lowerAscii(c) - 'a' + 10;
        } else {
            return NumError::Syntax;
        }
        if (d >= quint64(base))
            return NumError::Syntax;
        if (n >= cutoff)
            return NumError::Range;
        n *= quint64(base);
        const quint64 n1 = n + d;
        if (n1 < n)
            return NumError::Range;
        n = n1;
    }
    if (underscores && !underscoreOk(s0))
        return NumError::Syntax;
    if (value)
        *value = n;
    return NumError::None;
}

// strconv.ParseInt(s, base, 64).
NumError goParseInt(std::u32string_view s, int base)
{
    if (s.empty())
        return NumError::Syntax;
    bool negative = false;
    if (s[0] == '+') {
        s.remove_prefix(1);
    } else if (s[0] == '-') {
        negative = true;
        s.remove_prefix(1);
    }
    quint64 un = 0;
    const NumError err = goParseUint(s, base, &un);
    if (err == NumError::Syntax)
        return err;
    const quint64 cutoff = quint64(1) << 63;
    if (err == NumError::Range || (!negative && un >= cutoff) || (negative && un > cutoff))
        return NumError::Range;
    return NumError::None;
}

// strconv.ParseFloat(s, 64) restricted to decimal syntax (the only form go-yaml hands it
// here): true when s is a well-formed decimal float that does not overflow to infinity.
bool goParseDecimalFloat(std::u32string_view s)
{
    std::size_t i = 0;
    if (i < s.size() && (s[i] == '+' || s[i] == '-'))
        ++i;
    bool underscores = false;
    bool sawDot = false;
    bool sawDigits = false;
    for (; i < s.size(); ++i) {
        const char32_t c = s[i];
        if (c == '_') {
            underscores = true;
        } else if (c == '.') {
            if (sawDot)
                break;
            sawDot = true;
        } else if (isAsciiDigit(c)) {
            sawDigits = true;
        } else {
            break;
        }
    }
    if (!sawDigits)
        return false;
    if (i < s.size() && lowerAscii(s[i]) == 'e') {
        ++i;
        if (i < s.size() && (s[i] == '+' || s[i] == '-'))
            ++i;
        if (i >= s.size() || !isAsciiDigit(s[i]))
            return false;
        for (; i < s.size() && (isAsciiDigit(s[i]) || s[i] == '_'); ++i) {
            if (s[i] == '_')
                underscores = true;
        }
    }
    if (i != s.size())
        return false;
    if (underscores && !underscoreOk(s))
        return false;

    // Only overflow is an error in Go (underflow gives 0): find the decimal magnitude.
    std::string digits;
    std::string plain;
    long long pointPos = -1;
    long long exponent = 0;
    bool inExponent = false;
    bool exponentNegative = false;
    for (const char32_t c : s) {
        if (c == '_')
            continue;
        if (c != '+')
            plain += char(c);
        if (inExponent) {
            if (c == '-')
                exponentNegative = true;
            else if (isAsciiDigit(c) && exponent < 100000)
                exponent = exponent * 10 + (c - '0');
        } else if (lowerAscii(c) == 'e') {
            inExponent = true;
        } else if (c == '.') {
            pointPos = qsizetype(digits.size());
        } else if (isAsciiDigit(c)) {
            digits += char(c);
        }
    }
    if (pointPos < 0)
        pointPos = qsizetype(digits.size());
    const std::size_t firstNonZero = digits.find_first_not_of('0');
    if (firstNonZero == std::string::npos)
        return true;
    const long long magnitude =
        pointPos - qsizetype(firstNonZero) - 1 + (exponentNegative ? -exponent : exponent);
    if (magnitude != std::numeric_limits<double>::max_exponent10)
        return magnitude < std::numeric_limits<double>::max_exponent10;
    double d = 0;
    const auto result = std::from_chars(plain.data(), plain.data() + plain.size(), d);
    return result.ec == std::errc() && std::isfinite(d);
}

// math/big's Int.SetString(s, 0) for an unsigned number.
bool goBigIntParses(std::u32string_view s)
{
    int base = 10;
    if (s.size() >= 2 && s[0] == '0') {
        const char32_t p = lowerAscii(s[1]);
        if (p == 'b' || p == 'o' || p == 'x') {
            base = p == 'b' ? 2 : p == 'o' ? 8 : 16;
            s.remove_prefix(2);
        } else {
            base = 8;
            s.remove_prefix(1);
        }
    }
    if (s.empty())
        return false;
    for (const char32_t c : s) {
        int d = 99;
        if (isAsciiDigit(c))
            d = int(c - '0');
        else if (lowerAscii(c) >= 'a' && lowerAscii(c) <= 'z')
            d = int(lowerAscii(c) - 'a' + 10);
        if (d >= base)
            return false;
    }
    return true;
}

// ---------------------------------------------------------------------------------------------
// Number formatting (strconv.FormatFloat)

// The shortest decimal that reads back as f, in fixed or scientific form ("1e+21", "1e-07").
std::string shortestFloat(double f, std::chars_format format)
{
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, f, format);
    return std::string(buffer, result.ptr);
}

// encoding/json's float encoding: 'f' between 1e-6 and 1e21, else 'e' with the exponent's
// leading zero dropped ("1e-7").
QString goJsonFloat(double f)
{
    if (!std::isfinite(f))
        return QStringLiteral("null"); // encoding/json refuses these; JSON has no spelling
    const double a = std::fabs(f);
    const bool scientific = a != 0 && (a < 1e-6 || a >= 1e21);
    std::string s =
        shortestFloat(f, scientific ? std::chars_format::scientific : std::chars_format::fixed);
    if (scientific) {
        const std::size_t n = s.size();
        if (n >= 4 && s[n - 4] == 'e' && s[n - 3] == '-' && s[n - 2] == '0')
            s.erase(n - 2, 1);
    }
    return QString::fromLatin1(s.data(), qsizetype(s.size()));
}

// strconv.FormatFloat(f, 'g', -1, 64), as go-yaml writes floats: scientific when the
// exponent is below -4 or at least 6 ("1.2345675e+06").
QString goFormatG(double f)
{
    if (std::isnan(f))
        return QStringLiteral(".nan");
    if (std::isinf(f))
        return f > 0 ? QStringLiteral(".inf") : QStringLiteral("-.inf");
    const std::string scientific = shortestFloat(f, std::chars_format::scientific);
    const std::size_t e = scientific.find('e');
    const int exponent = std::stoi(scientific.substr(e + 1));
    const std::string s =
        (exponent < -4 || exponent >= 6) ? scientific : shortestFloat(f, std::chars_format::fixed);
    return QString::fromLatin1(s.data(), qsizetype(s.size()));
}

// ---------------------------------------------------------------------------------------------
// JSON

void appendJsonString(QString &out, const QString &s)
{
    static const char hex[] = "0123456789abcdef";
    out += QLatin1Char('"');
    for (const char32_t c : toU32(s)) {
        switch (c) {
        case '"':
            out += QLatin1String("\\\"");
            break;
        case '\\':
            out += QLatin1String("\\\\");
            break;
        case '\b':
            out += QLatin1String("\\b");
            break;
        case '\f':
            out += QLatin1String("\\f");
            break;
        case '\n':
            out += QLatin1String("\\n");
            break;
        case '\r':
            out += QLatin1String("\\r");
            break;
        case '\t':
            out += QLatin1String("\\t");
            break;
        // HTML escaping is on in json.Marshal, which kubectl uses.
        case '<':
        case '>':
        case '&':
        case 0x2028:
        case 0x2029:
            out += QStringLiteral("\\u%1").arg(uint(c), 4, 16, QLatin1Char('0'));
            break;
        default:
            if (c < 0x20) {
                out += QLatin1String("\\u00");
                out += QLatin1Char(hex[c >> 4]);
                out += QLatin1Char(hex[c & 0xF]);
            } else {
                out += QString::fromUcs4(&c, 1);
            }
        }
    }
    out += QLatin1Char('"');
}

// encoding/json sorts map keys by their UTF-8 bytes.
QList<const QPair<QString, Value> *> jsonSortedEntries(const Value &map)
{
    QList<const QPair<QString, Value> *> sorted;
    for (const auto &entry : map.entries())
        sorted.append(&entry);
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto *a, const auto *b) {
        return a->first.toUtf8() < b->first.toUtf8();
    });
    return sorted;
}

void writeJson(QString &out, const Value &value, int depth)
{
    const QString indent(4 * (depth + 1), QLatin1Char(' '));
    const QString closingIndent(4 * depth, QLatin1Char(' '));
    switch (value.type()) {
    case Value::Type::Null:
        out += QLatin1String("null");
        break;
    case Value::Type::Bool:
        out += value.toBool() ? QLatin1String("true") : QLatin1String("false");
        break;
    case Value::Type::Int:
        out += QString::number(value.toInt());
        break;
    case Value::Type::Float:
        out += goJsonFloat(value.toDouble());
        break;
    case Value::Type::String:
        appendJsonString(out, value.toString());
        break;
    case Value::Type::List: {
        const QList<Value> &items = value.items();
        if (items.isEmpty()) {
            out += QLatin1String("[]");
            break;
        }
        out += QLatin1String("[\n");
        for (qsizetype i = 0; i < items.size(); ++i) {
            out += indent;
            writeJson(out, items[i], depth + 1);
            out += i + 1 < items.size() ? QLatin1String(",\n") : QLatin1String("\n");
        }
        out += closingIndent;
        out += QLatin1Char(']');
        break;
    }
    case Value::Type::Map: {
        if (value.entries().isEmpty()) {
            out += QLatin1String("{}");
            break;
        }
        const auto entries = jsonSortedEntries(value);
        out += QLatin1String("{\n");
        for (qsizetype i = 0; i < entries.size(); ++i) {
            out += indent;
            appendJsonString(out, entries[i]->first);
            out += QLatin1String(": ");
            writeJson(out, entries[i]->second, depth + 1);
            out += i + 1 < entries.size() ? QLatin1String(",\n") : QLatin1String("\n");
        }
        out += closingIndent;
        out += QLatin1Char('}');
        break;
    }
    }
}

// ---------------------------------------------------------------------------------------------
// go-yaml v2: what a plain scalar would be read back as (resolve.go)

// YAML 1.1 timestamps as go-yaml accepts them (time.Parse with its four layouts).
bool isYamlTimestamp(std::u32string_view s)
{
    std::size_t i = 0;
    for (; i < s.size() && isAsciiDigit(s[i]); ++i) {
    }
    if (i != 4 || i == s.size() || s[i] != '-')
        return false;

    std::size_t pos = 0;
    // time.Parse's getnum: one digit, or two when a second one follows.
    auto number = [&](int &value, bool fixed) {
        if (pos >= s.size() || !isAsciiDigit(s[pos]))
            return false;
        if (pos + 1 >= s.size() || !isAsciiDigit(s[pos + 1])) {
            if (fixed)
                return false;
            value = int(s[pos] - '0');
            pos += 1;
            return true;
        }
        value = int(s[pos] - '0') * 10 + int(s[pos + 1] - '0');
        pos += 2;
        return true;
    };
    auto literal = [&](char32_t c) {
        if (pos >= s.size() || s[pos] != c)
            return false;
        ++pos;
        return true;
    };
    const int year =
        int(s[0] - '0') * 1000 + int(s[1] - '0') * 100 + int(s[2] - '0') * 10 + int(s[3] - '0');
    pos = 4;
    int month = 0;
    int day = 0;
    if (!literal('-') || !number(month, false) || month < 1 || month > 12 || !literal('-') ||
        !number(day, false))
        return false;
    static const int daysIn[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    const int monthDays = daysIn[month - 1] + ((month == 2 && leap) ? 1 : 0);
    if (day < 1 || day > monthDays)
        return false;
    if (pos == s.size())
        return true; // "2006-1-2"

    bool withZone = false;
    if (s[pos] == 'T' || s[pos] == 't') {
        withZone = true;
        ++pos;
    } else if (s[pos] == ' ') {
        while (pos < s.size() && s[pos] == ' ')
            ++pos;
    } else {
        return false;
    }
    int hour = 0;
    int minute = 0;
    int second = 0;
    if (!number(hour, false) || hour >= 24 || !literal(':') || !number(minute, false) ||
        minute >= 60 || !literal(':') || !number(second, false) || second >= 60)
        return false;
    if (pos + 1 < s.size() && (s[pos] == '.' || s[pos] == ',') && isAsciiDigit(s[pos + 1])) {
        pos += 1;
        while (pos < s.size() && isAsciiDigit(s[pos]))
            ++pos;
    }
    if (withZone) {
        if (pos < s.size() && s[pos] == 'Z') {
            ++pos;
        } else {
            if (s.size() - pos < 6 || s[pos + 3] != ':' || (s[pos] != '+' && s[pos] != '-'))
                return false;
            int zoneHour = 0;
            int zoneMinute = 0;
            pos += 1;
            if (!number(zoneHour, true) || zoneHour > 24)
                return false;
            pos += 1;
            if (!number(zoneMinute, true) || zoneMinute > 60)
                return false;
        }
    }
    return pos == s.size();
}

bool isBase60Float(const QString &s)
{
    if (s.isEmpty())
        return false;
    const QChar c = s[0];
    if (!(c == QLatin1Char('+') || c == QLatin1Char('-') ||
          (c >= QLatin1Char('0') && c <= QLatin1Char('9'))) ||
        !s.contains(QLatin1Char(':')))
        return false;
    static const QRegularExpression base60(
        QStringLiteral("^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\\.[0-9_]*)?$"));
    return base60.match(s).hasMatch();
}

// True when go-yaml would resolve the unquoted text to something other than a string
// (bool, null, int, float, timestamp), so that it must be quoted to stay a string.
bool resolvesToNonString(const QString &text)
{
    if (text.isEmpty())
        return true; // null
    char hint = 0;
    const char16_t c0 = text[0].unicode();
    if (c0 == '+' || c0 == '-')
        hint = 'S';
    else if (c0 >= '0' && c0 <= '9')
        hint = 'D';
    else if (QStringView(u"yYnNtTfFoO~").contains(QChar(c0)))
        hint = 'M';
    else if (c0 == '.')
        hint = '.';
    if (hint == 0)
        return false;

    static const QStringList resolveMap = {
        QStringLiteral("y"),     QStringLiteral("Y"),     QStringLiteral("yes"),
        QStringLiteral("Yes"),   QStringLiteral("YES"),   QStringLiteral("true"),
        QStringLiteral("True"),  QStringLiteral("TRUE"),  QStringLiteral("on"),
        QStringLiteral("On"),    QStringLiteral("ON"),    QStringLiteral("n"),
        QStringLiteral("N"),     QStringLiteral("no"),    QStringLiteral("No"),
        QStringLiteral("NO"),    QStringLiteral("false"), QStringLiteral("False"),
        QStringLiteral("FALSE"), QStringLiteral("off"),   QStringLiteral("Off"),
        QStringLiteral("OFF"),   QStringLiteral("~"),     QStringLiteral("null"),
        QStringLiteral("Null"),  QStringLiteral("NULL"),  QStringLiteral(".nan"),
        QStringLiteral(".NaN"),  QStringLiteral(".NAN"),  QStringLiteral(".inf"),
        QStringLiteral(".Inf"),  QStringLiteral(".INF"),  QStringLiteral("+.inf"),
        QStringLiteral("+.Inf"), QStringLiteral("+.INF"), QStringLiteral("-.inf"),
        QStringLiteral("-.Inf"), QStringLiteral("-.INF"), QStringLiteral("<<")};
    if (resolveMap.contains(text))
        return true;

    const std::u32string s = toU32(text);
    switch (hint) {
    case 'M':
        return false;
    case '.':
        return goParseDecimalFloat(s);
    default:
        break;
    }
    if (isYamlTimestamp(s))
        return true;
    std::u32string plain;
    for (const char32_t c : s) {
        if (c != '_')
            plain += c;
    }
    if (goParseInt(plain, 0) == NumError::None)
        return true;
    const NumError uintError = goParseUint(plain, 0);
    if (uintError == NumError::None)
        return true;
    static const QRegularExpression yamlStyleFloat(
        QStringLiteral("^[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?$"));
    if (yamlStyleFloat.match(QString::fromUcs4(plain.data(), qsizetype(plain.size()))).hasMatch() &&
        goParseDecimalFloat(plain))
        return true;
    const std::u32string_view view(plain);
    if (view.substr(0, 2) == U"0b") {
        if (goParseInt(view.substr(2), 2) == NumError::None ||
            goParseUint(view.substr(2), 2) == NumError::None)
            return true;
    } else if (view.substr(0, 3) == U"-0b") {
        if (goParseInt(U"-" + std::u32string(view.substr(3)), 2) == NumError::None)
            return true;
    }
    return uintError == NumError::Range && goBigIntParses(plain);
}

// What sigs.k8s.io/yaml prints for a float: kubectl's JSON text re-read by go-yaml, which
// turns integral values back into integers.
QString yamlFloat(double f)
{
    if (!std::isfinite(f))
        return goFormatG(f);
    const QString json = goJsonFloat(f);
    if (!json.contains(QLatin1Char('.')) && !json.contains(QLatin1Char('e'))) {
        const std::u32string digits = toU32(json);
        if (goParseInt(digits, 0) == NumError::None)
            return QString::number(json.toLongLong());
        if (goParseUint(digits, 0) == NumError::None)
            return json;
    }
    return goFormatG(f);
}

// ---------------------------------------------------------------------------------------------
// go-yaml v2's emitter (emitterc.go), driven by a Value instead of an event stream

enum class ScalarStyle { Plain, SingleQuoted, DoubleQuoted, Literal };

struct Scalar
{
    std::u32string text;
    ScalarStyle style = ScalarStyle::Plain; // the style encode.go asks for
};

Scalar plainScalar(const QString &text)
{
    return Scalar{toU32(text), ScalarStyle::Plain};
}

// encode.go's stringv.
Scalar stringScalar(const QString &text)
{
    const bool canUsePlain = !resolvesToNonString(text) && !isBase60Float(text);
    ScalarStyle style = ScalarStyle::DoubleQuoted;
    if (text.contains(QLatin1Char('\n')))
        style = ScalarStyle::Literal;
    else if (canUsePlain)
        style = ScalarStyle::Plain;
    return Scalar{toU32(text), style};
}

Scalar scalarFor(const Value &value)
{
    switch (value.type()) {
    case Value::Type::Bool:
        return plainScalar(value.toBool() ? QStringLiteral("true") : QStringLiteral("false"));
    case Value::Type::Int:
        return plainScalar(QString::number(value.toInt()));
    case Value::Type::Float:
        return plainScalar(yamlFloat(value.toDouble()));
    case Value::Type::String:
        return stringScalar(value.toString());
    default:
        return plainScalar(QStringLiteral("null"));
    }
}

bool isBreak(char32_t c)
{
    return c == '\r' || c == '\n' || c == 0x85 || c == 0x2028 || c == 0x2029;
}

bool isBlank(char32_t c)
{
    return c == ' ' || c == '\t';
}

bool isBlankz(char32_t c)
{
    return isBlank(c) || isBreak(c) || c == 0;
}

// yamlprivateh.go's is_printable, decoded from its UTF-8 byte tests: characters outside the
// Basic Multilingual Plane are not printable for go-yaml v2 (they get escaped).
bool isPrintable(char32_t c)
{
    return c == 0x0A || (c >= 0x20 && c <= 0x7E) || (c >= 0xA0 && c <= 0xD7FF) ||
           (c >= 0xE000 && c <= 0xFFFD && c != 0xFEFF);
}

int utf8Length(const std::u32string &s)
{
    int n = 0;
    for (const char32_t c : s)
        n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    return n;
}

// go-yaml v2's sorter.go for string keys: letters after other characters, runs of digits
// compared as numbers ("a2" before "a10").
bool yamlKeyLess(const std::u32string &a, const std::u32string &b)
{
    auto isDigit = [](char32_t c) { return QChar::isDigit(c); };
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
        if (a[i] == b[i])
            continue;
        const bool al = QChar::isLetter(a[i]);
        const bool bl = QChar::isLetter(b[i]);
        if (al && bl)
            return a[i] < b[i];
        if (al || bl)
            return bl;
        // Unsigned arithmetic wraps like Go's int64 does on absurdly long digit runs.
        quint64 an = 0;
        quint64 bn = 0;
        if (a[i] == '0' || b[i] == '0') {
            for (qsizetype j = qsizetype(i) - 1; j >= 0 && isDigit(a[std::size_t(j)]); --j) {
                if (a[std::size_t(j)] != '0') {
                    an = 1;
                    bn = 1;
                    break;
                }
            }
        }
        std::size_t ai = i;
        for (; ai < a.size() && isDigit(a[ai]); ++ai)
            an = an * 10 + quint64(qint64(a[ai]) - '0');
        std::size_t bi = i;
        for (; bi < b.size() && isDigit(b[bi]); ++bi)
            bn = bn * 10 + quint64(qint64(b[bi]) - '0');
        if (an != bn)
            return qint64(an) < qint64(bn);
        if (ai != bi)
            return ai < bi;
        return a[i] < b[i];
    }
    return a.size() < b.size();
}

class YamlEmitter
{
public:
    QString document(const Value &root)
    {
        emitNode(root, false, false);
        writeIndent(); // the document end
        return QString::fromUcs4(out_.data(), qsizetype(out_.size()));
    }

private:
    static constexpr int bestIndent = 2;
    static constexpr int bestWidth = 80; // go-yaml v2.4 folds long scalars again

    struct Analysis
    {
        bool multiline = false;
        bool flowPlainAllowed = false;
        bool blockPlainAllowed = false;
        bool singleQuotedAllowed = false;
        bool blockAllowed = false;
    };

    // yaml_emitter_analyze_scalar.
    static Analysis analyze(const std::u32string &value)
    {
        Analysis a;
        if (value.empty()) {
            a.blockPlainAllowed = true;
            a.singleQuotedAllowed = true;
            return a;
        }
        bool blockIndicators = false;
        bool flowIndicators = false;
        bool lineBreaks = false;
        bool specialCharacters = false;
        bool leadingSpace = false;
        bool leadingBreak = false;
        bool trailingSpace = false;
        bool trailingBreak = false;
        bool breakSpace = false;
        bool spaceBreak = false;
        bool precededByWhitespace = true;
        bool previousSpace = false;
        bool previousBreak = false;

        const std::u32string_view v(value);
        if (v.substr(0, 3) == U"---" || v.substr(0, 3) == U"...") {
            blockIndicators = true;
            flowIndicators = true;
        }
        const std::size_t n = v.size();
        for (std::size_t i = 0; i < n; ++i) {
            const char32_t c = v[i];
            const bool followedByWhitespace = i + 1 >= n || isBlank(v[i + 1]);
            if (i == 0) {
                switch (c) {
                case '#':
                case ',':
                case '[':
                case ']':
                case '{':
                case '}':
                case '&':
                case '*':
                case '!':
                case '|':
                case '>':
                case '\'':
                case '"':
                case '%':
                case '@':
                case '`':
                    flowIndicators = true;
                    blockIndicators = true;
                    break;
                case '?':
                case ':':
                    flowIndicators = true;
                    if (followedByWhitespace)
                        blockIndicators = true;
                    break;
                case '-':
                    if (followedByWhitespace) {
                        flowIndicators = true;
                        blockIndicators = true;
                    }
                    break;
                default:
                    break;
                }
            } else {
                switch (c) {
                case ',':
                case '?':
                case '[':
                case ']':
                case '{':
                case '}':
                    flowIndicators = true;
                    break;
                case ':':
                    flowIndicators = true;
                    if (followedByWhitespace)
                        blockIndicators = true;
                    break;
                case '#':
                    if (precededByWhitespace) {
                        flowIndicators = true;
                        blockIndicators = true;
                    }
                    break;
                default:
                    break;
                }
            }

            if (!isPrintable(c))
                specialCharacters = true;
            if (c == ' ') {
                if (i == 0)
                    leadingSpace = true;
                if (i + 1 == n)
                    trailingSpace = true;
                if (previousBreak)
                    breakSpace = true;
                previousSpace = true;
                previousBreak = false;
            } else if (isBreak(c)) {
                lineBreaks = true;
                if (i == 0)
                    leadingBreak = true;
                if (i + 1 == n)
                    trailingBreak = true;
                if (previousSpace)
                    spaceBreak = true;
                previousSpace = false;
                previousBreak = true;
            } else {
                previousSpace = false;
                previousBreak = false;
            }
            precededByWhitespace = isBlankz(c);
        }

        a.multiline = lineBreaks;
        a.flowPlainAllowed = true;
        a.blockPlainAllowed = true;
        a.singleQuotedAllowed = true;
        a.blockAllowed = true;
        if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) {
            a.flowPlainAllowed = false;
            a.blockPlainAllowed = false;
        }
        if (trailingSpace)
            a.blockAllowed = false;
        if (breakSpace) {
            a.flowPlainAllowed = false;
            a.blockPlainAllowed = false;
            a.singleQuotedAllowed = false;
        }
        if (spaceBreak || specialCharacters) {
            a.flowPlainAllowed = false;
            a.blockPlainAllowed = false;
            a.singleQuotedAllowed = false;
            a.blockAllowed = false;
        }
        if (lineBreaks) {
            a.flowPlainAllowed = false;
            a.blockPlainAllowed = false;
        }
        if (flowIndicators)
            a.flowPlainAllowed = false;
        if (blockIndicators)
            a.blockPlainAllowed = false;
        return a;
    }

    // yaml_emitter_select_scalar_style: a plain request falls back to single quotes, then
    // double quotes, when the text cannot be written that way.
    ScalarStyle selectStyle(const Scalar &scalar, const Analysis &a, bool simpleKey) const
    {
        ScalarStyle style = scalar.style;
        if (simpleKey && a.multiline)
            style = ScalarStyle::DoubleQuoted;
        if (style == ScalarStyle::Plain) {
            if ((flowLevel_ > 0 && !a.flowPlainAllowed) ||
                (flowLevel_ == 0 && !a.blockPlainAllowed))
                style = ScalarStyle::SingleQuoted;
            if (scalar.text.empty() && (flowLevel_ > 0 || simpleKey))
                style = ScalarStyle::SingleQuoted;
        }
        if (style == ScalarStyle::SingleQuoted && !a.singleQuotedAllowed)
            style = ScalarStyle::DoubleQuoted;
        if (style == ScalarStyle::Literal && (!a.blockAllowed || flowLevel_ > 0 || simpleKey))
            style = ScalarStyle::DoubleQuoted;
        return style;
    }

    void emitNode(const Value &value, bool mappingContext, bool simpleKey)
    {
        if (value.isList()) {
            if (value.items().isEmpty())
                emitEmptyFlow(U'[', U']');
            else
                emitBlockSequence(value, mappingContext);
        } else if (value.isMap()) {
            if (value.entries().isEmpty())
                emitEmptyFlow(U'{', U'}');
            else
                emitBlockMapping(value);
        } else {
            const Scalar scalar = scalarFor(value);
            emitScalar(scalar, analyze(scalar.text), simpleKey);
        }
    }

    void emitScalar(const Scalar &scalar, const Analysis &analysis, bool simpleKey)
    {
        const ScalarStyle style = selectStyle(scalar, analysis, simpleKey);
        increaseIndent(true, false);
        switch (style) {
        case ScalarStyle::Plain:
            writePlain(scalar.text, !simpleKey);
            break;
        case ScalarStyle::SingleQuoted:
            writeSingleQuoted(scalar.text, !simpleKey);
            break;
        case ScalarStyle::DoubleQuoted:
            writeDoubleQuoted(scalar.text, !simpleKey);
            break;
        case ScalarStyle::Literal:
            writeLiteral(scalar.text);
            break;
        }
        popIndent();
    }

    void emitEmptyFlow(char32_t open, char32_t close)
    {
        writeIndicator(std::u32string(1, open), true, true, false);
        increaseIndent(true, false);
        popIndent();
        writeIndicator(std::u32string(1, close), false, false, false);
    }

    void emitBlockSequence(const Value &value, bool mappingContext)
    {
        // A sequence that is a mapping's value keeps its "- " at the key's indentation.
        increaseIndent(false, mappingContext && !indention_);
        for (const Value &item : value.items()) {
            writeIndent();
            writeIndicator(U"-", true, false, true);
            emitNode(item, false, false);
        }
        popIndent();
    }

    void emitBlockMapping(const Value &value)
    {
        increaseIndent(false, false);
        struct Entry
        {
            std::u32string key;
            const QPair<QString, Value> *entry;
        };
        QList<Entry> entries;
        for (const auto &entry : value.entries())
            entries.append(Entry{toU32(entry.first), &entry});
        std::stable_sort(entries.begin(), entries.end(),
                         [](const Entry &a, const Entry &b) { return yamlKeyLess(a.key, b.key); });
        for (const Entry &entry : std::as_const(entries)) {
            writeIndent();
            const Scalar key = stringScalar(entry.entry->first);
            const Analysis analysis = analyze(key.text);
            // yaml_emitter_check_simple_key: one line and at most 128 bytes.
            if (!analysis.multiline && utf8Length(key.text) <= 128) {
                emitScalar(key, analysis, true);
                writeIndicator(U":", false, false, false);
            } else {
                writeIndicator(U"?", true, false, true);
                emitScalar(key, analysis, false);
                writeIndent();
                writeIndicator(U":", true, false, true);
            }
            emitNode(entry.entry->second, true, false);
        }
        popIndent();
    }

    void increaseIndent(bool flow, bool indentless)
    {
        indents_.append(indent_);
        if (indent_ < 0)
            indent_ = flow ? bestIndent : 0;
        else if (!indentless)
            indent_ += bestIndent;
    }

    void popIndent() { indent_ = indents_.takeLast(); }

    void put(char32_t c)
    {
        out_ += c;
        ++column_;
    }

    void putBreak()
    {
        out_ += U'\n';
        column_ = 0;
    }

    void writeBreak(char32_t c)
    {
        if (c == '\n') {
            putBreak();
        } else {
            out_ += c;
            column_ = 0;
        }
    }

    void writeIndent()
    {
        const int indent = std::max(indent_, 0);
        if (!indention_ || column_ > indent || (column_ == indent && !whitespace_))
            putBreak();
        while (column_ < indent)
            put(U' ');
        whitespace_ = true;
        indention_ = true;
    }

    void writeIndicator(std::u32string_view indicator, bool needWhitespace, bool isWhitespace,
                        bool isIndention)
    {
        if (needWhitespace && !whitespace_)
            put(U' ');
        for (const char32_t c : indicator)
            put(c);
        whitespace_ = isWhitespace;
        indention_ = indention_ && isIndention;
    }

    void writePlain(const std::u32string &v, bool allowBreaks)
    {
        if (!whitespace_)
            put(U' ');
        bool spaces = false;
        bool breaks = false;
        for (std::size_t i = 0; i < v.size(); ++i) {
            const char32_t c = v[i];
            if (c == ' ') {
                if (allowBreaks && !spaces && column_ > bestWidth &&
                    !(i + 1 < v.size() && v[i + 1] == ' '))
                    writeIndent();
                else
                    put(c);
                spaces = true;
            } else if (isBreak(c)) {
                if (!breaks && c == '\n')
                    putBreak();
                writeBreak(c);
                indention_ = true;
                breaks = true;
            } else {
                if (breaks)
                    writeIndent();
                put(c);
                indention_ = false;
                spaces = false;
                breaks = false;
            }
        }
        whitespace_ = false;
        indention_ = false;
    }

    void writeSingleQuoted(const std::u32string &v, bool allowBreaks)
    {
        writeIndicator(U"'", true, false, false);
        bool spaces = false;
        bool breaks = false;
        for (std::size_t i = 0; i < v.size(); ++i) {
            const char32_t c = v[i];
            if (c == ' ') {
                if (allowBreaks && !spaces && column_ > bestWidth && i > 0 && i + 1 < v.size() &&
                    v[i + 1] != ' ')
                    writeIndent();
                else
                    put(c);
                spaces = true;
            } else if (isBreak(c)) {
                if (!breaks && c == '\n')
                    putBreak();
                writeBreak(c);
                indention_ = true;
                breaks = true;
            } else {
                if (breaks)
                    writeIndent();
                if (c == '\'')
                    put(U'\'');
                put(c);
                indention_ = false;
                spaces = false;
                breaks = false;
            }
        }
        writeIndicator(U"'", false, false, false);
        whitespace_ = false;
        indention_ = false;
    }

    void writeDoubleQuoted(const std::u32string &v, bool allowBreaks)
    {
        writeIndicator(U"\"", true, false, false);
        // go-yaml's is_bom looks at the start of the value, not at the current character:
        // a leading BOM makes it escape every character.
        const bool leadingBom = !v.empty() && v[0] == 0xFEFF;
        bool spaces = false;
        for (std::size_t i = 0; i < v.size(); ++i) {
            const char32_t c = v[i];
            if (!isPrintable(c) || leadingBom || isBreak(c) || c == '"' || c == '\\') {
                put(U'\\');
                writeEscape(c);
                spaces = false;
            } else if (c == ' ') {
                if (allowBreaks && !spaces && column_ > bestWidth && i > 0 && i + 1 < v.size()) {
                    writeIndent();
                    if (v[i + 1] == ' ')
                        put(U'\\');
                } else {
                    put(c);
                }
                spaces = true;
            } else {
                put(c);
                spaces = false;
            }
        }
        writeIndicator(U"\"", false, false, false);
        whitespace_ = false;
        indention_ = false;
    }

    void writeEscape(char32_t c)
    {
        switch (c) {
        case 0x00:
            put(U'0');
            return;
        case 0x07:
            put(U'a');
            return;
        case 0x08:
            put(U'b');
            return;
        case 0x09:
            put(U't');
            return;
        case 0x0A:
            put(U'n');
            return;
        case 0x0B:
            put(U'v');
            return;
        case 0x0C:
            put(U'f');
            return;
        case 0x0D:
            put(U'r');
            return;
        case 0x1B:
            put(U'e');
            return;
        case 0x22:
            put(U'"');
            return;
        case 0x5C:
            put(U'\\');
            return;
        case 0x85:
            put(U'N');
            return;
        case 0xA0:
            put(U'_');
            return;
        case 0x2028:
            put(U'L');
            return;
        case 0x2029:
            put(U'P');
            return;
        default:
            break;
        }
        int digits = 8;
        if (c <= 0xFF) {
            put(U'x');
            digits = 2;
        } else if (c <= 0xFFFF) {
            put(U'u');
            digits = 4;
        } else {
            put(U'U');
        }
        for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4) {
            const char32_t digit = (c >> shift) & 0x0F;
            put(digit < 10 ? U'0' + digit : U'A' + digit - 10);
        }
    }

    void writeBlockScalarHints(const std::u32string &v)
    {
        if (!v.empty() && (v[0] == ' ' || isBreak(v[0])))
            writeIndicator(std::u32string(1, char32_t(U'0' + bestIndent)), false, false, false);
        char32_t chomp = 0;
        if (v.empty()) {
            chomp = U'-';
        } else if (!isBreak(v.back())) {
            chomp = U'-';
        } else if (v.size() == 1 || isBreak(v[v.size() - 2])) {
            chomp = U'+';
        }
        if (chomp != 0)
            writeIndicator(std::u32string(1, chomp), false, false, false);
    }

    void writeLiteral(const std::u32string &v)
    {
        writeIndicator(U"|", true, false, false);
        writeBlockScalarHints(v);
        putBreak();
        indention_ = true;
        whitespace_ = true;
        bool breaks = true;
        for (const char32_t c : v) {
            if (isBreak(c)) {
                writeBreak(c);
                indention_ = true;
                breaks = true;
            } else {
                if (breaks)
                    writeIndent();
                put(c);
                indention_ = false;
                breaks = false;
            }
        }
    }

    std::u32string out_;
    int indent_ = -1;
    QList<int> indents_;
    int column_ = 0;
    int flowLevel_ = 0; // only empty collections are written in flow style, and no scalar
                        // is ever emitted inside one
    bool whitespace_ = true;
    bool indention_ = true;
};

} // namespace

QString toJson(const Value &value)
{
    QString out;
    writeJson(out, value, 0);
    out += QLatin1Char('\n');
    return out;
}

QString toYaml(const Value &value)
{
    return YamlEmitter().document(value);
}

namespace {

void writeCompactJson(QString &out, const Value &value)
{
    switch (value.type()) {
    case Value::Type::List: {
        out += QLatin1Char('[');
        const QList<Value> &items = value.items();
        for (qsizetype i = 0; i < items.size(); ++i) {
            if (i > 0)
                out += QLatin1Char(',');
            writeCompactJson(out, items[i]);
        }
        out += QLatin1Char(']');
        break;
    }
    case Value::Type::Map: {
        out += QLatin1Char('{');
        const auto entries = jsonSortedEntries(value);
        for (qsizetype i = 0; i < entries.size(); ++i) {
            if (i > 0)
                out += QLatin1Char(',');
            appendJsonString(out, entries[i]->first);
            out += QLatin1Char(':');
            writeCompactJson(out, entries[i]->second);
        }
        out += QLatin1Char('}');
        break;
    }
    default:
        // Scalars are written the same way with or without indentation.
        writeJson(out, value, 0);
    }
}

} // namespace

QString toCompactJson(const Value &value)
{
    QString out;
    writeCompactJson(out, value);
    return out;
}

QString goFloatText(double f)
{
    if (std::isnan(f))
        return QStringLiteral("NaN");
    if (std::isinf(f))
        return f > 0 ? QStringLiteral("+Inf") : QStringLiteral("-Inf");
    return goFormatG(f);
}

} // namespace schedlab::kube
