// Reads manifests as kubectl does (document split, go-yaml v2 typing and messages) on top of
// yaml-cpp's event parser, which alone is more lenient than go-yaml and types YAML 1.2.
#include "yamlreader.h"

#include "yamlguards.h"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include <QHash>
#include <QSet>
#include <QStringDecoder>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstring>
#include <exception>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace schedlab::kube {
namespace {

using yamlguards::kMaxDepth;
using yamlguards::kMaxDocumentBytes;

// A whole file is refused past these, before anything is parsed: yaml-cpp reads about
// 4 MB/s and the decoded tree takes some twenty times the text, so 50 MB of small
// documents would take many seconds and a gigabyte. No course manifest comes near.
constexpr qsizetype kMaxTotalBytes = 8 * 1024 * 1024;
constexpr qsizetype kMaxDocuments = 10000;

// A map keeps a linear list of its keys until it is this large, then hashes them.
constexpr qsizetype kLinearKeys = 16;

QString depthMessage()
{
    return QStringLiteral("exceeded max depth of %1").arg(kMaxDepth);
}

QString withPrefix(int line, const QString &message)
{
    if (line > 0)
        return QStringLiteral("yaml: line %1: %2").arg(line).arg(message);
    return QStringLiteral("yaml: ") + message;
}

// ---------------------------------------------------------------------------------------
// Bytes

// go-yaml's reader: the first bad byte sequence, in its words; empty when the text is fine.
QString checkBytes(const char *data, qsizetype size)
{
    const auto *s = reinterpret_cast<const unsigned char *>(data);
    qsizetype i = 0;
    while (i < size) {
        const unsigned char c = s[i];
        if (c < 0x80) {
            if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F)
                return QStringLiteral("control characters are not allowed");
            ++i;
            continue;
        }
        int width = 0;
        char32_t value = 0;
        if ((c & 0xE0) == 0xC0) {
            width = 2;
            value = c & 0x1F;
        } else if ((c & 0xF0) == 0xE0) {
            width = 3;
            value = c & 0x0F;
        } else if ((c & 0xF8) == 0xF0) {
            width = 4;
            value = c & 0x07;
        } else {
            return QStringLiteral("invalid leading UTF-8 octet");
        }
        if (width > size - i)
            return QStringLiteral("incomplete UTF-8 octet sequence");
        for (int k = 1; k < width; ++k) {
            const unsigned char t = s[i + k];
            if ((t & 0xC0) != 0x80)
                return QStringLiteral("invalid trailing UTF-8 octet");
            value = (value << 6) | (t & 0x3F);
        }
        if ((width == 2 && value < 0x80) || (width == 3 && value < 0x800) ||
            (width == 4 && value < 0x10000))
            return QStringLiteral("invalid length of a UTF-8 sequence");
        if ((value >= 0xD800 && value <= 0xDFFF) || value > 0x10FFFF)
            return QStringLiteral("invalid Unicode character");
        const bool allowed = value == 0x85 || (value >= 0xA0 && value <= 0xD7FF) ||
                             (value >= 0xE000 && value <= 0xFFFD) || value >= 0x10000;
        if (!allowed)
            return QStringLiteral("control characters are not allowed");
        i += width;
    }
    return {};
}

bool isBlankText(const char *data, qsizetype size)
{
    for (qsizetype i = 0; i < size; ++i) {
        const char c = data[i];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            return false;
    }
    return true;
}

// yaml-cpp and the pre-scan both count lines on LF only; go-yaml takes CR as a break too.
std::string normalizedText(const char *data, qsizetype size)
{
    std::string text;
    text.reserve(std::size_t(size));
    for (qsizetype i = 0; i < size; ++i) {
        const char c = data[i];
        if (c == '\r') {
            text.push_back('\n');
            if (i + 1 < size && data[i + 1] == '\n')
                ++i;
        } else {
            text.push_back(c);
        }
    }
    return text;
}

// ---------------------------------------------------------------------------------------
// Documents

struct Chunk
{
    qsizetype begin = 0;
    qsizetype end = 0; // an end marker (`...`) cuts the text short of the next separator
    int firstLine = 1;
};

bool isMarkerLine(const char *line, qsizetype length, char c)
{
    return length >= 3 && line[0] == c && line[1] == c && line[2] == c &&
           (length == 3 || line[3] == ' ' || line[3] == '\t' || line[3] == '\r');
}

bool restIsEmptyOrComment(const char *rest, qsizetype length)
{
    for (qsizetype i = 0; i < length; ++i) {
        const char c = rest[i];
        if (c == '#')
            return true;
        if (c != ' ' && c != '\t' && c != '\r')
            return false;
    }
    return true;
}

// kubectl's YAMLReader cuts at `---` lines before any YAML is read. A `--- something`
// line is a document start carrying content, so it opens the next document instead of
// being dropped. After `...` go-yaml reads nothing more of that chunk.
std::vector<Chunk> splitDocuments(const QByteArray &bytes, qsizetype start)
{
    std::vector<Chunk> chunks;
    const char *data = bytes.constData();
    const qsizetype size = bytes.size();
    Chunk current{start, -1, 1};
    qsizetype endMarker = -1;
    int line = 1;
    qsizetype pos = start;
    while (pos < size) {
        const void *nl = std::memchr(data + pos, '\n', std::size_t(size - pos));
        const qsizetype lineEnd = nl ? static_cast<const char *>(nl) - data : size;
        const qsizetype next = nl ? lineEnd + 1 : size;
        const char *text = data + pos;
        const qsizetype length = lineEnd - pos;
        if (isMarkerLine(text, length, '-')) {
            current.end = endMarker >= 0 ? endMarker : pos;
            chunks.push_back(current);
            if (restIsEmptyOrComment(text + 3, length - 3))
                current = Chunk{next, -1, line + 1};
            else
                current = Chunk{pos, -1, line};
            endMarker = -1;
        } else if (endMarker < 0 && isMarkerLine(text, length, '.')) {
            endMarker = pos;
        }
        pos = next;
        ++line;
    }
    current.end = endMarker >= 0 ? endMarker : size;
    chunks.push_back(current);
    return chunks;
}

// ---------------------------------------------------------------------------------------
// Pre-scan: what yaml-cpp lets through but go-yaml refuses, and what would make yaml-cpp
// use a lot of memory (it queues every token of nested flow collections before parsing).

struct PreScan
{
    int tabLine = 0; // first tab in the indentation of a line (1-based, in the chunk)
    QString tabMessage;
    int eofLine = 0;   // a quoted scalar is still open at the end of the text
    int depthLine = 0; // flow collections nest deeper than kMaxDepth
};

bool isBlank(char c)
{
    return c == ' ' || c == '\t';
}

bool isFlowIndicator(char c)
{
    return c == ',' || c == '[' || c == ']' || c == '{' || c == '}';
}

PreScan preScan(const std::string &text)
{
    PreScan scan;
    const auto tabAt = [&scan](int line, const char *message) {
        if (scan.tabLine == 0) {
            scan.tabLine = line;
            scan.tabMessage = QString::fromLatin1(message);
        }
    };
    int line = 0;
    int flow = 0;
    char quote = 0;
    bool blockScalar = false;
    int blockParent = -1;
    // A plain scalar ending a line may go on over the next lines; go-yaml's scanner then
    // takes their leading whitespace as part of it and only refuses a tab left of its
    // indentation.
    bool plainOpen = false;
    int plainIndent = 0;
    std::vector<int> indents; // columns of the block collections open around the line
    std::size_t pos = 0;
    const std::size_t size = text.size();
    while (pos < size) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string::npos)
            end = size;
        ++line;
        const std::string_view l(text.data() + pos, end - pos);
        pos = end + 1;
        const std::size_t n = l.size();
        std::size_t i = 0;

        if (blockScalar) {
            std::size_t spaces = 0;
            while (spaces < n && l[spaces] == ' ')
                ++spaces;
            const bool blank = l.find_first_not_of(" \t") == std::string_view::npos;
            if (blank || int(spaces) > blockParent)
                continue;
            blockScalar = false;
            if (l[spaces] == '\t')
                tabAt(line, "found a tab character where an indentation space is expected");
        }

        bool continuation = false;
        if (quote == 0 && flow == 0) {
            for (; i < n && isBlank(l[i]); ++i) {
                if (l[i] != '\t')
                    continue;
                if (!plainOpen)
                    tabAt(line, "found character that cannot start any token");
                else if (int(i) < plainIndent)
                    tabAt(line, "found a tab character that violates indentation");
            }
            if (i >= n)
                continue;
            if (l[i] == '#') {
                plainOpen = false;
                continue;
            }
            continuation = plainOpen && int(i) >= plainIndent;
            if (!continuation)
                while (!indents.empty() && indents.back() >= int(i))
                    indents.pop_back();
            if (i == 0 && isMarkerLine(l.data(), qsizetype(n), '-'))
                i = 3;
        }

        int parentCol = -1; // column of the key or `-` a block scalar would belong to
        int nodeCol = -1;   // where the last node of the line started
        bool lastPlain = false;
        while (i < n) {
            if (quote) {
                const char c = l[i];
                if (quote == '"' && c == '\\') {
                    i += 2;
                    continue;
                }
                if (c == quote) {
                    if (quote == '\'' && i + 1 < n && l[i + 1] == '\'') {
                        i += 2;
                        continue;
                    }
                    quote = 0;
                }
                ++i;
                continue;
            }
            const char c = l[i];
            if (isBlank(c)) {
                ++i;
                continue;
            }
            if (c == '#' && (i == 0 || isBlank(l[i - 1]))) {
                lastPlain = false;
                break;
            }
            lastPlain = false;
            if (c == '"' || c == '\'') {
                nodeCol = int(i);
                quote = c;
                ++i;
                continue;
            }
            const bool indicatorFollowedByBlank = i + 1 >= n || isBlank(l[i + 1]);
            if (flow > 0) {
                if (c == '[' || c == '{') {
                    if (++flow > kMaxDepth) {
                        scan.depthLine = line;
                        return scan;
                    }
                    ++i;
                } else if (c == ']' || c == '}') {
                    --flow;
                    ++i;
                } else if (c == ',' || c == ':' || c == '?' || c == '-') {
                    ++i;
                } else {
                    // Plain scalar, anchor, alias or tag: runs to a flow indicator or ": ".
                    while (i < n && !isFlowIndicator(l[i]) &&
                           !(l[i] == ':' &&
                             (i + 1 >= n || isBlank(l[i + 1]) || isFlowIndicator(l[i + 1]))) &&
                           !(l[i] == '#' && isBlank(l[i - 1])))
                        ++i;
                }
                continue;
            }
            if (c == '[' || c == '{') {
                nodeCol = int(i);
                flow = 1;
                ++i;
                continue;
            }
            if ((c == '-' || c == '?' || c == ':') && indicatorFollowedByBlank) {
                if (c == '-' || c == '?')
                    parentCol = int(i);
                else if (nodeCol >= 0)
                    parentCol = nodeCol;
                if (parentCol >= 0 && (indents.empty() || indents.back() < parentCol))
                    indents.push_back(parentCol);
                ++i;
                continue;
            }
            if (c == '|' || c == '>') {
                ++i;
                while (i < n && (std::isdigit(static_cast<unsigned char>(l[i])) || l[i] == '+' ||
                                 l[i] == '-'))
                    ++i;
                while (i < n && isBlank(l[i]))
                    ++i;
                if (i >= n || l[i] == '#') {
                    blockScalar = true;
                    blockParent = parentCol;
                }
                break;
            }
            if (c == '&' || c == '*' || c == '!') {
                while (i < n && !isBlank(l[i]))
                    ++i;
                continue;
            }
            // A plain scalar: everything up to ": " or " #" is its text.
            nodeCol = int(i);
            while (i < n && !(l[i] == ':' && (i + 1 >= n || isBlank(l[i + 1]))) &&
                   !(l[i] == '#' && isBlank(l[i - 1])))
                ++i;
            lastPlain = i >= n || l[i] != ':';
        }
        const bool wasOpen = plainOpen;
        plainOpen = lastPlain && flow == 0 && quote == 0 && !blockScalar;
        if (plainOpen && !(continuation && wasOpen)) {
            if (parentCol >= 0)
                plainIndent = parentCol + 1;
            else
                plainIndent = indents.empty() ? 0 : indents.back() + 1;
        }
    }
    if (quote)
        scan.eofLine = int(std::count(text.begin(), text.end(), '\n')) + 1;
    return scan;
}

// ---------------------------------------------------------------------------------------
// Go formatting, for messages and for the keys the JSON conversion writes

QString goQuote(const QString &s)
{
    QString out = QStringLiteral("\"");
    for (const QChar ch : s) {
        const char16_t c = ch.unicode();
        switch (c) {
        case '"':
            out += QStringLiteral("\\\"");
            break;
        case '\\':
            out += QStringLiteral("\\\\");
            break;
        case '\n':
            out += QStringLiteral("\\n");
            break;
        case '\t':
            out += QStringLiteral("\\t");
            break;
        case '\r':
            out += QStringLiteral("\\r");
            break;
        default:
            if (c < 0x20 || c == 0x7F)
                out += QStringLiteral("\\x%1").arg(int(c), 2, 16, QLatin1Char('0'));
            else
                out += ch;
        }
    }
    out += QLatin1Char('"');
    return out;
}

// strconv.FormatFloat(v, 'g', -1, 32 or 64): shortest digits, exponent form outside
// [1e-4, 1e6) whatever the number of digits.
QString goFormatFloat(double v, bool single)
{
    if (std::isnan(v))
        return QStringLiteral("NaN");
    if (std::isinf(v))
        return v > 0 ? QStringLiteral("+Inf") : QStringLiteral("-Inf");
    char buf[64];
    std::to_chars_result r;
    if (single)
        r = std::to_chars(buf, buf + sizeof buf, float(v), std::chars_format::scientific);
    else
        r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
    const std::string sci(buf, r.ptr);
    const std::size_t e = sci.find('e');
    std::string mantissa = sci.substr(0, e);
    const int exp = std::stoi(sci.substr(e + 1));
    std::string sign;
    if (!mantissa.empty() && mantissa[0] == '-') {
        sign = "-";
        mantissa.erase(0, 1);
    }
    std::string digits;
    for (const char c : mantissa)
        if (c != '.')
            digits.push_back(c);
    if (exp < -4 || exp >= 6) {
        std::string out = sign + digits.substr(0, 1);
        if (digits.size() > 1)
            out += "." + digits.substr(1);
        out += exp < 0 ? "e-" : "e+";
        const int a = std::abs(exp);
        if (a < 10)
            out += "0";
        out += std::to_string(a);
        return QString::fromStdString(out);
    }
    const int dp = exp + 1;
    const int nd = int(digits.size());
    std::string out;
    if (dp <= 0)
        out = "0." + std::string(std::size_t(-dp), '0') + digits;
    else if (dp >= nd)
        out = digits + std::string(std::size_t(dp - nd), '0');
    else
        out = digits.substr(0, std::size_t(dp)) + "." + digits.substr(std::size_t(dp));
    return QString::fromStdString(sign + out);
}

// fmt's %#v of a decoded value, for "invalid map key" messages.
QString goRepr(const Value &v)
{
    switch (v.type()) {
    case Value::Type::Null:
        return QStringLiteral("interface {}(nil)");
    case Value::Type::Bool:
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case Value::Type::Int:
        return QString::number(v.toInt());
    case Value::Type::Float:
        return goFormatFloat(v.toDouble(), false);
    case Value::Type::String:
        return goQuote(v.toString());
    case Value::Type::List: {
        QStringList items;
        for (const Value &item : v.items())
            items << goRepr(item);
        return QStringLiteral("[]interface {}{%1}").arg(items.join(QStringLiteral(", ")));
    }
    case Value::Type::Map: {
        QStringList items;
        for (const auto &entry : v.entries())
            items << goQuote(entry.first) + QLatin1Char(':') + goRepr(entry.second);
        return QStringLiteral("map[interface {}]interface {}{%1}")
            .arg(items.join(QStringLiteral(", ")));
    }
    }
    return {};
}

// ---------------------------------------------------------------------------------------
// Scalars: go-yaml v2's resolve() (YAML 1.1)

struct GoUint
{
    bool ok = false;
    bool negative = false;
    bool hadSign = false;
    bool overflow = false;
    quint64 magnitude = 0;
};

// strconv.ParseUint/ParseInt with base 0, underscores already removed.
GoUint goParseInteger(std::string_view s)
{
    GoUint r;
    if (s.empty())
        return r;
    if (s[0] == '+' || s[0] == '-') {
        r.hadSign = true;
        r.negative = s[0] == '-';
        s.remove_prefix(1);
        if (s.empty())
            return r;
    }
    int base = 10;
    if (s[0] == '0') {
        const char p = s.size() >= 3 ? char(s[1] | 0x20) : 0;
        if (p == 'b' || p == 'o' || p == 'x') {
            base = p == 'b' ? 2 : p == 'o' ? 8 : 16;
            s.remove_prefix(2);
        } else {
            base = 8;
            s.remove_prefix(1);
        }
    }
    quint64 n = 0;
    for (const char ch : s) {
        int d;
        if (ch >= '0' && ch <= '9')
            d = ch - '0';
        else if ((ch | 0x20) >= 'a' && (ch | 0x20) <= 'z')
            d = (ch | 0x20) - 'a' + 10;
        else
            return r;
        if (d >= base)
            return r;
        if (n > (std::numeric_limits<quint64>::max() - quint64(d)) / quint64(base))
            r.overflow = true;
        else
            n = n * quint64(base) + quint64(d);
    }
    r.ok = true;
    r.magnitude = n;
    return r;
}

// go-yaml's yamlStyleFloat: ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$
bool isYamlStyleFloat(std::string_view s)
{
    std::size_t i = 0;
    const auto digits = [&] {
        const std::size_t from = i;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9')
            ++i;
        return i - from;
    };
    if (i < s.size() && (s[i] == '+' || s[i] == '-'))
        ++i;
    if (i < s.size() && s[i] == '.') {
        ++i;
        if (digits() == 0)
            return false;
    } else {
        if (digits() == 0)
            return false;
        if (i < s.size() && s[i] == '.') {
            ++i;
            digits();
        }
    }
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '+' || s[i] == '-'))
            ++i;
        if (digits() == 0)
            return false;
    }
    return i == s.size();
}

// strconv.ParseFloat on text already known to be decimal; false when out of range.
bool parseDecimalFloat(std::string_view s, double *out)
{
    if (!s.empty() && s[0] == '+')
        s.remove_prefix(1);
    double v = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (r.ec == std::errc::result_out_of_range) {
        // Underflow gives zero in Go; only overflow is an error.
        const std::size_t e = s.find_first_of("eE");
        if (e != std::string_view::npos && e + 1 < s.size() && s[e + 1] == '-') {
            *out = (!s.empty() && s[0] == '-') ? -0.0 : 0.0;
            return true;
        }
        return false;
    }
    if (r.ec != std::errc() || r.ptr != s.data() + s.size())
        return false;
    *out = v;
    return true;
}

bool isOneOf(std::string_view s, std::initializer_list<std::string_view> words)
{
    return std::find(words.begin(), words.end(), s) != words.end();
}

Value resolvePlain(const std::string &in, int line)
{
    const std::string_view s(in);
    if (s.empty() || isOneOf(s, {"~", "null", "Null", "NULL"}))
        return Value::null(line);
    const char first = s[0];
    if (isOneOf(s, {"y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"}))
        return Value::boolean(true, line);
    if (isOneOf(s, {"n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"}))
        return Value::boolean(false, line);
    if (isOneOf(s, {".nan", ".NaN", ".NAN"}))
        return Value::floating(std::numeric_limits<double>::quiet_NaN(), line);
    if (isOneOf(s, {".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"}))
        return Value::floating(std::numeric_limits<double>::infinity(), line);
    if (isOneOf(s, {"-.inf", "-.Inf", "-.INF"}))
        return Value::floating(-std::numeric_limits<double>::infinity(), line);
    if (first == '.') {
        double d = 0;
        if (isYamlStyleFloat(s) && parseDecimalFloat(s, &d))
            return Value::floating(d, line);
        return Value::string(QString::fromStdString(in), line);
    }
    if ((first >= '0' && first <= '9') || first == '+' || first == '-') {
        std::string plain;
        plain.reserve(in.size());
        for (const char c : in)
            if (c != '_')
                plain.push_back(c);
        const GoUint n = goParseInteger(plain);
        if (n.ok && !n.overflow) {
            constexpr quint64 limit = quint64(std::numeric_limits<qint64>::max());
            if (!n.negative && n.magnitude <= limit)
                return Value::integer(qint64(n.magnitude), line);
            if (n.negative && n.magnitude <= limit + 1)
                return Value::integer(n.magnitude == limit + 1 ? std::numeric_limits<qint64>::min()
                                                               : -qint64(n.magnitude),
                                      line);
            // Go keeps it as an uint64; JSON has only one number type, and ours stops at
            // int64, so it becomes a float as it would in a JavaScript client.
            if (!n.hadSign)
                return Value::floating(double(n.magnitude), line);
        }
        double d = 0;
        if (isYamlStyleFloat(plain) && parseDecimalFloat(plain, &d))
            return Value::floating(d, line);
    }
    return Value::string(QString::fromStdString(in), line);
}

const std::string kTagPrefix = "tag:yaml.org,2002:";

QString shortTag(const Value &v)
{
    switch (v.type()) {
    case Value::Type::Null:
        return QStringLiteral("!!null");
    case Value::Type::Bool:
        return QStringLiteral("!!bool");
    case Value::Type::Int:
        return QStringLiteral("!!int");
    case Value::Type::Float:
        return QStringLiteral("!!float");
    default:
        return QStringLiteral("!!str");
    }
}

// An explicitly tagged scalar; *error is set as go-yaml's decoder would fail.
Value resolveTagged(const std::string &tag, const std::string &in, int line, QString *error)
{
    if (tag.rfind(kTagPrefix, 0) != 0)
        return Value::string(QString::fromStdString(in), line);
    const std::string_view name = std::string_view(tag).substr(kTagPrefix.size());
    if (name == "binary") {
        const auto decoded = QByteArray::fromBase64Encoding(
            QByteArray::fromStdString(in), QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded) {
            *error = QStringLiteral("!!binary value contains invalid base64 data");
            return Value::null(line);
        }
        return Value::string(QString::fromUtf8(*decoded), line);
    }
    if (name != "bool" && name != "int" && name != "float" && name != "null")
        return Value::string(QString::fromStdString(in), line);
    Value v = resolvePlain(in, line);
    if (name == "float" && v.isInt())
        return Value::floating(double(v.toInt()), line);
    const bool matches = (name == "bool" && v.isBool()) || (name == "int" && v.isInt()) ||
                         (name == "float" && v.isFloat()) || (name == "null" && v.isNull());
    if (!matches)
        *error = QStringLiteral("cannot decode %1 `%2` as a !!%3")
                     .arg(shortTag(v), QString::fromStdString(in),
                          QString::fromLatin1(name.data(), qsizetype(name.size())));
    return v;
}

// ---------------------------------------------------------------------------------------
// The tree builder: yaml-cpp's events in, go-yaml's decoded value (and errors) out.

// A syntax error found while yaml-cpp parses: it ends the parse, as in go-yaml.
struct SyntaxError
{
    int line = 0; // 1-based in the chunk; 0 prints no line
    QString message;
    int orderLine = 0; // where it happened, to compare with other errors
};

struct Key
{
    QString json;     // the key as the JSON conversion writes it
    QString identity; // the key as go-yaml compares keys (type and value)
    QString display;  // fmt's %#v of the key
    bool merge = false;
    int line = 0;
    std::size_t pos = 0;
};

class Builder final : public YAML::EventHandler
{
public:
    Builder(const std::string &text, int lineOffset)
        : text_(text)
        , lineOffset_(lineOffset)
    {}

    bool hasRoot = false;
    Value root;
    QString decodeError;         // go-yaml fails the whole decode with it
    QStringList duplicateErrors; // go-yaml collects these, then reports them together

    // yaml-cpp refuses a `:` after a plain scalar that ran over several lines. go-yaml
    // says "could not find expected ':'" when that scalar began on a line of its own where
    // a key of the block map had to be (that line lacks its colon), and "mapping values
    // are not allowed" when it began as a value. yaml-cpp has then given the value, so
    // the last node is on the line the scalar began. `errorLine0` is yaml-cpp's (0-based).
    bool missingColon(int errorLine0) const
    {
        if (frames_.empty() || !frames_.back().isMap || !frames_.back().blockMap ||
            frames_.back().haveKey)
            return false;
        for (int line0 = lastLine0_ + 1; line0 <= errorLine0; ++line0) {
            const std::string_view text = lineText(line0);
            const std::size_t first = text.find_first_not_of(" \t");
            if (first != std::string_view::npos && text[first] != '#')
                return int(first) <= frames_.back().column;
        }
        return false;
    }

    void OnDocumentStart(const YAML::Mark &) override {}
    void OnDocumentEnd() override {}

    void OnAnchor(const YAML::Mark &, const std::string &name) override { anchorName_ = name; }

    void OnNull(const YAML::Mark &mark, YAML::anchor_t anchor) override
    {
        int line = lineOf(mark);
        if (!frames_.empty() && frames_.back().isMap && frames_.back().haveKey) {
            Frame &top = frames_.back();
            // yaml-cpp gives a key without a value the key's own position; go-yaml stops
            // there ("could not find expected ':'") at the next token.
            if (top.blockMap && std::size_t(mark.pos) == top.key.pos && mark.pos >= 0) {
                const int next = nextTokenLine(mark.line);
                throw SyntaxError{next, QStringLiteral("could not find expected ':'"), next};
            }
            // An empty value sits where its ':' is in go-yaml, not at the next token.
            if (line > top.key.line)
                line = top.key.line;
        }
        lastLine0_ = line - 1 - lineOffset_;
        countNode();
        Value v = Value::null(line);
        registerScalarAnchor(anchor, v);
        add(v, 1, line, mark.pos, false);
    }

    void OnScalar(const YAML::Mark &mark, const std::string &tag, YAML::anchor_t anchor,
                  const std::string &value) override
    {
        lastLine0_ = mark.line;
        const int line = lineOf(mark);
        countNode();
        Value v;
        bool merge = false;
        if (tag == "?") {
            v = resolvePlain(value, line);
            merge = value == "<<";
        } else if (tag == "!") {
            v = Value::string(QString::fromStdString(value), line);
        } else {
            QString error;
            v = resolveTagged(tag, value, line, &error);
            if (!error.isEmpty())
                fail(error);
        }
        registerScalarAnchor(anchor, v);
        add(v, 1, line, mark.pos, merge);
    }

    void OnSequenceStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor,
                         YAML::EmitterStyle::value) override
    {
        open(mark, anchor, false, false);
    }

    void OnSequenceEnd() override { close(); }

    void OnMapStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor,
                    YAML::EmitterStyle::value style) override
    {
        open(mark, anchor, true, style == YAML::EmitterStyle::Block);
    }

    void OnMapEnd() override { close(); }

    void OnAlias(const YAML::Mark &mark, YAML::anchor_t anchor) override
    {
        lastLine0_ = mark.line;
        const int line = lineOf(mark);
        if (failed())
            return add(Value(), 0, line, mark.pos, false);
        const auto it = anchors_.find(anchor);
        if (it == anchors_.end())
            return add(Value(), 0, line, mark.pos, false);
        const Anchored &target = it->second;
        if (target.open) {
            fail(QStringLiteral("anchor '%1' value contains itself").arg(target.name));
            return add(Value(), 0, line, mark.pos, false);
        }
        // go-yaml v2's defence against "billion laughs": every node decoded through an
        // alias counts, and too large a share of them fails the document.
        decodeCount_ += 1 + target.count;
        aliasCount_ += target.count;
        if (yamlguards::excessiveAliasing(aliasCount_, decodeCount_)) {
            fail(QStringLiteral("document contains excessive aliasing"));
            return add(Value(), 0, line, mark.pos, false);
        }
        if (int(frames_.size()) + target.height > kMaxDepth) {
            fail(depthMessage());
            return add(Value(), 0, line, mark.pos, false);
        }
        add(target.value, 1 + target.count, line, mark.pos, false, target.height);
    }

private:
    struct Frame
    {
        Value value;
        bool isMap = false;
        bool blockMap = false;
        int column = 0;
        qint64 count = 1; // go-yaml's decodeCount for this subtree, aliases expanded
        int height = 1;   // collections nested in this one, itself included
        YAML::anchor_t anchor = 0;
        // Maps: the key waiting for its value, and the keys already set.
        bool haveKey = false;
        Key key;
        QStringList identities;
        QSet<QString> identitySet;
        QHash<QString, qsizetype> positions;
    };

    struct Anchored
    {
        Value value;
        qint64 count = 1;
        int height = 0;
        QString name;
        bool open = false;
    };

    bool failed() const { return !decodeError.isEmpty(); }

    void fail(const QString &message)
    {
        if (decodeError.isEmpty())
            decodeError = message;
    }

    int lineOf(const YAML::Mark &mark) const
    {
        return mark.line >= 0 ? mark.line + 1 + lineOffset_ : lineOffset_ + 1;
    }

    // 1-based line (in the chunk) of the first non-blank line after `line0` (0-based), or
    // of the end of the text.
    int nextTokenLine(int line0) const
    {
        int line = 0;
        std::size_t pos = 0;
        while (pos <= text_.size()) {
            std::size_t end = text_.find('\n', pos);
            if (end == std::string::npos)
                end = text_.size();
            if (line > line0) {
                for (std::size_t i = pos; i < end; ++i)
                    if (!isBlank(text_[i]))
                        return line + 1;
            }
            if (end == text_.size())
                break;
            pos = end + 1;
            ++line;
        }
        return int(std::count(text_.begin(), text_.end(), '\n')) + 1;
    }

    std::string_view lineText(int line0) const
    {
        std::size_t pos = 0;
        for (int line = 0; line < line0; ++line) {
            pos = text_.find('\n', pos);
            if (pos == std::string::npos)
                return {};
            ++pos;
        }
        std::size_t end = text_.find('\n', pos);
        if (end == std::string::npos)
            end = text_.size();
        return std::string_view(text_).substr(pos, end - pos);
    }

    void countNode() { ++decodeCount_; }

    void registerScalarAnchor(YAML::anchor_t anchor, const Value &v)
    {
        if (anchor == 0)
            return;
        Anchored &a = anchors_[anchor];
        a = Anchored{v, 1, 0, QString::fromStdString(anchorName_), false};
        anchorName_.clear();
    }

    void open(const YAML::Mark &mark, YAML::anchor_t anchor, bool isMap, bool block)
    {
        if (int(frames_.size()) >= kMaxDepth)
            throw SyntaxError{0, depthMessage(), lineOf(mark) - lineOffset_};
        countNode();
        Frame frame;
        frame.value = isMap ? Value::map(lineOf(mark)) : Value::list(lineOf(mark));
        frame.isMap = isMap;
        frame.blockMap = isMap && block;
        frame.column = mark.column;
        frame.anchor = anchor;
        if (anchor != 0) {
            anchors_[anchor] = Anchored{Value(), 1, 1, QString::fromStdString(anchorName_), true};
            anchorName_.clear();
        }
        frames_.push_back(std::move(frame));
    }

    void close()
    {
        if (frames_.empty())
            return;
        Frame frame = std::move(frames_.back());
        frames_.pop_back();
        if (frame.anchor != 0) {
            Anchored &a = anchors_[frame.anchor];
            a.value = frame.value;
            a.count = frame.count;
            a.height = frame.height;
            a.open = false;
        }
        add(frame.value, frame.count, frame.value.line(), -1, false, frame.height);
    }

    // A complete node goes to its parent: a list item, a map key or a map value.
    // `line` is where the node is written (an alias's own line, not its anchor's); `pos`
    // is its offset in the text, -1 for a collection.
    void add(const Value &v, qint64 count, int line, int pos, bool merge, int height = 0)
    {
        if (frames_.empty()) {
            root = v;
            hasRoot = true;
            return;
        }
        Frame &top = frames_.back();
        top.height = std::max(top.height, height + 1);
        if (!top.isMap) {
            if (!failed()) {
                top.value.append(v);
                top.count += count;
            }
            return;
        }
        if (!top.haveKey) {
            top.haveKey = true;
            top.key = Key{};
            top.key.pos = pos >= 0 ? std::size_t(pos) : std::string::npos;
            top.key.line = line;
            if (!failed()) {
                top.count += count;
                makeKey(v, merge, &top.key);
            }
            return;
        }
        top.haveKey = false;
        if (failed())
            return;
        top.count += count;
        if (top.key.merge)
            mergeInto(top, v);
        else
            setEntry(top, top.key, v, line);
    }

    void makeKey(const Value &v, bool merge, Key *key)
    {
        key->merge = merge;
        switch (v.type()) {
        case Value::Type::String:
            key->json = v.toString();
            key->identity = QStringLiteral("s:") + key->json;
            key->display = goQuote(key->json);
            break;
        case Value::Type::Int:
            key->json = QString::number(v.toInt());
            key->identity = QStringLiteral("i:") + key->json;
            key->display = key->json;
            break;
        case Value::Type::Float: {
            QString json = goFormatFloat(v.toDouble(), true);
            if (json == QLatin1String("+Inf"))
                json = QStringLiteral(".inf");
            else if (json == QLatin1String("-Inf"))
                json = QStringLiteral("-.inf");
            else if (json == QLatin1String("NaN"))
                json = QStringLiteral(".nan");
            key->json = json;
            key->display = goFormatFloat(v.toDouble(), false);
            // NaN is never equal to itself, so a Go map never finds it again.
            key->identity = std::isnan(v.toDouble()) ? QStringLiteral("nan:%1").arg(++nanKeys_)
                                                     : QStringLiteral("f:") + key->display;
            break;
        }
        case Value::Type::Bool:
            key->json = v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
            key->identity = QStringLiteral("b:") + key->json;
            key->display = key->json;
            break;
        case Value::Type::Null:
            key->json = QStringLiteral("null");
            key->identity = QStringLiteral("n");
            key->display = QStringLiteral("<nil>");
            break;
        case Value::Type::List:
        case Value::Type::Map:
            fail(QStringLiteral("invalid map key: ") + goRepr(v));
            break;
        }
    }

    void setEntry(Frame &frame, const Key &key, const Value &v, int line)
    {
        const bool seen = frame.identities.size() < kLinearKeys
                              ? frame.identities.contains(key.identity)
                              : frame.identitySet.contains(key.identity);
        if (seen) {
            // go-yaml v2 (strict) keeps the first value and names the line of the second.
            duplicateErrors
                << QStringLiteral("line %1: key %2 already set in map").arg(line).arg(key.display);
            return;
        }
        frame.identities << key.identity;
        if (frame.identities.size() == kLinearKeys)
            frame.identitySet = QSet<QString>(frame.identities.begin(), frame.identities.end());
        else if (frame.identities.size() > kLinearKeys)
            frame.identitySet.insert(key.identity);

        // Two keys go-yaml tells apart (1 and "1") are one field once written as JSON.
        auto &entries = frame.value.entries();
        qsizetype at = -1;
        if (entries.size() < kLinearKeys) {
            for (qsizetype i = 0; i < entries.size(); ++i)
                if (entries[i].first == key.json)
                    at = i;
        } else {
            if (frame.positions.isEmpty())
                for (qsizetype i = 0; i < entries.size(); ++i)
                    frame.positions.insert(entries[i].first, i);
            at = frame.positions.value(key.json, -1);
        }
        if (at >= 0) {
            entries[at].second = v;
            return;
        }
        if (!frame.positions.isEmpty())
            frame.positions.insert(key.json, entries.size());
        entries.append({key.json, v});
    }

    // YAML 1.1 merge keys (`<<: *defaults`), as go-yaml v2 strict decodes them: the
    // merged fields go through the same duplicate check as the others.
    void mergeInto(Frame &frame, const Value &source)
    {
        const auto mergeMap = [&](const Value &map) {
            for (const auto &entry : map.entries()) {
                Key key;
                key.json = entry.first;
                key.identity = QStringLiteral("s:") + entry.first;
                key.display = goQuote(entry.first);
                setEntry(frame, key, entry.second, entry.second.line());
            }
        };
        if (source.isMap()) {
            mergeMap(source);
            return;
        }
        if (source.isList()) {
            const auto &items = source.items();
            for (const Value &item : items)
                if (!item.isMap())
                    return fail(
                        QStringLiteral("map merge requires map or sequence of maps as the value"));
            // Earlier maps take precedence: go-yaml merges them last to first.
            for (auto it = items.crbegin(); it != items.crend(); ++it)
                mergeMap(*it);
            return;
        }
        fail(QStringLiteral("map merge requires map or sequence of maps as the value"));
    }

    const std::string &text_;
    int lineOffset_ = 0;
    std::vector<Frame> frames_;
    std::unordered_map<YAML::anchor_t, Anchored> anchors_;
    std::string anchorName_;
    qint64 decodeCount_ = 1; // the document node
    qint64 aliasCount_ = 0;
    int nanKeys_ = 0;
    int lastLine0_ = -1; // line of the last scalar, null or alias yaml-cpp gave
};

// yaml-cpp's wording, changed to go-yaml's where the situation is the same.
QString goMessage(const std::string &yamlCppMessage, bool missingColon)
{
    const auto starts = [&](const char *prefix) { return yamlCppMessage.rfind(prefix, 0) == 0; };
    if (starts(YAML::ErrorMsg::MAP_VALUE))
        return missingColon ? QStringLiteral("could not find expected ':'")
                            : QStringLiteral("mapping values are not allowed in this context");
    if (starts(YAML::ErrorMsg::END_OF_MAP_FLOW))
        return QStringLiteral("did not find expected ',' or '}'");
    if (starts(YAML::ErrorMsg::END_OF_MAP))
        return QStringLiteral("did not find expected key");
    if (starts(YAML::ErrorMsg::END_OF_SEQ_FLOW))
        return QStringLiteral("did not find expected ',' or ']'");
    if (starts(YAML::ErrorMsg::END_OF_SEQ))
        return QStringLiteral("did not find expected '-' indicator");
    if (starts(YAML::ErrorMsg::EOF_IN_SCALAR))
        return QStringLiteral("found unexpected end of stream");
    if (starts(YAML::ErrorMsg::UNKNOWN_TOKEN) || starts(YAML::ErrorMsg::TAB_IN_INDENTATION))
        return QStringLiteral("found character that cannot start any token");
    if (starts(YAML::ErrorMsg::BLOCK_ENTRY))
        return QStringLiteral("block sequence entries are not allowed in this context");
    if (starts(YAML::ErrorMsg::MAP_KEY))
        return QStringLiteral("mapping keys are not allowed in this context");
    if (starts(YAML::ErrorMsg::FLOW_END))
        return QStringLiteral("did not find expected node content");
    if (starts(YAML::ErrorMsg::INVALID_ESCAPE))
        return QStringLiteral("found unknown escape character");
    if (starts(YAML::ErrorMsg::INVALID_HEX))
        return QStringLiteral("did not find expected hexdecimal number");
    if (starts(YAML::ErrorMsg::INVALID_UNICODE))
        return QStringLiteral("found invalid Unicode character escape code");
    if (starts(YAML::ErrorMsg::ALIAS_NOT_FOUND) || starts(YAML::ErrorMsg::ANCHOR_NOT_FOUND) ||
        starts(YAML::ErrorMsg::CHAR_IN_ALIAS) || starts(YAML::ErrorMsg::CHAR_IN_ANCHOR))
        return QStringLiteral("did not find expected alphabetic or numeric character");
    if (starts(YAML::ErrorMsg::DOC_IN_SCALAR))
        return QStringLiteral("found unexpected document indicator");
    if (starts(YAML::ErrorMsg::CHAR_IN_BLOCK))
        return QStringLiteral("did not find expected comment or line break");
    if (starts(YAML::ErrorMsg::ZERO_INDENT_IN_BLOCK))
        return QStringLiteral("found an indentation indicator equal to 0");
    QString message = QString::fromStdString(yamlCppMessage);
    if (!message.isEmpty())
        message[0] = message[0].toLower();
    return message;
}

// The alias name at a mark, for go-yaml's "unknown anchor 'x' referenced".
QString aliasNameAt(const std::string &text, int pos)
{
    if (pos < 0 || std::size_t(pos) >= text.size() || text[std::size_t(pos)] != '*')
        return {};
    std::size_t end = std::size_t(pos) + 1;
    while (end < text.size() && !isBlank(text[end]) && text[end] != '\n' &&
           !isFlowIndicator(text[end]))
        ++end;
    return QString::fromStdString(text.substr(std::size_t(pos) + 1, end - std::size_t(pos) - 1));
}

struct ChunkResult
{
    bool hasDocument = false;
    Value root;
    QString error;
};

ChunkResult parseChunk(const char *data, qsizetype size, int firstLine)
{
    ChunkResult result;
    const std::string text = normalizedText(data, size);
    const int offset = firstLine - 1;
    const PreScan scan = preScan(text);
    if (scan.depthLine > 0) {
        if (scan.tabLine > 0 && scan.tabLine <= scan.depthLine)
            result.error = withPrefix(scan.tabLine + offset, scan.tabMessage);
        else
            result.error = withPrefix(0, depthMessage());
        return result;
    }

    std::istringstream stream(text);
    Builder builder(text, offset);
    std::optional<SyntaxError> syntax;
    try {
        YAML::Parser parser(stream);
        parser.HandleNextDocument(builder);
    } catch (const SyntaxError &e) {
        syntax = e;
    } catch (const YAML::DeepRecursion &e) {
        syntax = SyntaxError{0, depthMessage(), e.mark.line + 1};
    } catch (const YAML::ParserException &e) {
        const int line = e.mark.line >= 0 ? e.mark.line + 1 : 0;
        if (e.msg.rfind(YAML::ErrorMsg::UNKNOWN_ANCHOR, 0) == 0) {
            syntax = SyntaxError{
                0,
                QStringLiteral("unknown anchor '%1' referenced").arg(aliasNameAt(text, e.mark.pos)),
                line};
        } else {
            syntax = SyntaxError{line, goMessage(e.msg, builder.missingColon(e.mark.line)), line};
        }
    } catch (const std::exception &e) {
        syntax = SyntaxError{0, QString::fromLocal8Bit(e.what()), 0};
    }

    // go-yaml parses the whole document before decoding it, so the first syntax error in
    // the text wins over any decoding error; the pre-scan's findings win a tie because
    // yaml-cpp's error on the same line is their consequence.
    struct Candidate
    {
        int order;
        int line;
        QString message;
    };
    std::vector<Candidate> candidates;
    if (scan.tabLine > 0)
        candidates.push_back({scan.tabLine, scan.tabLine, scan.tabMessage});
    if (scan.eofLine > 0)
        candidates.push_back(
            {scan.eofLine, scan.eofLine, QStringLiteral("found unexpected end of stream")});
    if (syntax)
        candidates.push_back(
            {syntax->orderLine > 0 ? syntax->orderLine : std::numeric_limits<int>::max(),
             syntax->line, syntax->message});
    if (!candidates.empty()) {
        const auto first = std::min_element(
            candidates.begin(), candidates.end(),
            [](const Candidate &a, const Candidate &b) { return a.order < b.order; });
        result.error = withPrefix(first->line > 0 ? first->line + offset : 0, first->message);
        return result;
    }
    if (!builder.decodeError.isEmpty()) {
        result.error = withPrefix(0, builder.decodeError);
        return result;
    }
    if (!builder.duplicateErrors.isEmpty()) {
        result.error = QStringLiteral("yaml: unmarshal errors:\n  ") +
                       builder.duplicateErrors.join(QStringLiteral("\n  "));
        return result;
    }
    result.hasDocument = builder.hasRoot;
    result.root = builder.root;
    return result;
}

YamlReadResult readUtf8(const QByteArray &bytes)
{
    YamlReadResult result;
    qsizetype start = 0;
    if (bytes.startsWith("\xEF\xBB\xBF"))
        start = 3;
    std::vector<Chunk> chunks = splitDocuments(bytes, start);
    chunks.erase(std::remove_if(chunks.begin(), chunks.end(),
                                [&](const Chunk &c) {
                                    return c.end <= c.begin ||
                                           isBlankText(bytes.constData() + c.begin,
                                                       c.end - c.begin);
                                }),
                 chunks.end());
    qsizetype parsedBytes = 0;
    for (const Chunk &chunk : chunks)
        if (chunk.end - chunk.begin <= kMaxDocumentBytes)
            parsedBytes += chunk.end - chunk.begin;
    if (qsizetype(chunks.size()) > kMaxDocuments) {
        result.error = QStringLiteral("yaml: the file holds %1 documents; at most %2 are read")
                           .arg(chunks.size())
                           .arg(kMaxDocuments);
        return result;
    }
    if (parsedBytes > kMaxTotalBytes) {
        result.error =
            QStringLiteral("yaml: the file holds %1 bytes of documents; at most %2 are read")
                .arg(parsedBytes)
                .arg(kMaxTotalBytes);
        return result;
    }
    for (const Chunk &chunk : chunks) {
        const char *data = bytes.constData() + chunk.begin;
        const qsizetype size = chunk.end - chunk.begin;
        const QString bad = checkBytes(data, size);
        if (!bad.isEmpty()) {
            result.documents.clear();
            result.error = withPrefix(0, bad);
            return result;
        }
        if (size > kMaxDocumentBytes) {
            result.documents.append(
                YamlDocument{Value::null(chunk.firstLine), chunk.firstLine, size});
            continue;
        }
        ChunkResult parsed = parseChunk(data, size, chunk.firstLine);
        if (!parsed.error.isEmpty()) {
            result.documents.clear();
            result.error = parsed.error;
            return result;
        }
        if (!parsed.hasDocument || parsed.root.isNull())
            continue;
        result.documents.append(YamlDocument{std::move(parsed.root), chunk.firstLine, size});
    }
    return result;
}

} // namespace

YamlReadResult readYamlDocuments(const QByteArray &bytes)
{
    try {
        // Notepad's "Unicode" is UTF-16 with a BOM, which go-yaml decodes too.
        if (bytes.startsWith("\xFF\xFE") || bytes.startsWith("\xFE\xFF")) {
            QStringDecoder decoder(bytes.startsWith("\xFF\xFE") ? QStringConverter::Utf16LE
                                                                : QStringConverter::Utf16BE);
            const QString text = decoder.decode(bytes.mid(2));
            return readUtf8(text.toUtf8());
        }
        return readUtf8(bytes);
    } catch (const std::exception &e) {
        YamlReadResult result;
        result.error = QStringLiteral("yaml: ") + QString::fromLocal8Bit(e.what());
        return result;
    } catch (...) {
        YamlReadResult result;
        result.error = QStringLiteral("yaml: internal error");
        return result;
    }
}

} // namespace schedlab::kube
