// client-go's util/jsonpath ported from its Go source (parser.go, jsonpath.go and the comparison
// functions of its forked text/template), quirks included: users paste templates found online
// and expect kubectl's exact output and errors.
#include "jsonpath.h"

#include "goformat.h"
#include "printers.h"

#include <QRegularExpression>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace schedlab::kube {

namespace jsonpath {

enum class NodeType {
    List,
    Text,
    Field,
    Array,
    Filter,
    Int,
    Float,
    Bool,
    Wildcard,
    Recursive,
    Union,
    Identifier
};

struct Param
{
    qint64 value = 0;
    bool known = false;
    bool derived = false; // the end of "[i]", which is i+1 and follows a negative i
};

struct Node
{
    NodeType type = NodeType::List;
    QString text;            // Text, Field, Identifier; a Filter's operator
    std::vector<Node> nodes; // List: its steps; Union: its lists; Filter: left and right
    Param params[3];         // Array: start, end, step
    qint64 intValue = 0;
    double floatValue = 0;
    bool boolValue = false;
};

} // namespace jsonpath

using jsonpath::Node;
using jsonpath::NodeType;
using Item = JsonPath::Item;
using Results = JsonPath::Results;

namespace {

constexpr char32_t kEof = char32_t(-1);

Node makeNode(NodeType type, const QString &text = {})
{
    Node node;
    node.type = type;
    node.text = text;
    return node;
}

bool isSpace(char32_t r)
{
    return r == U' ' || r == U'\t';
}

bool isEndOfLine(char32_t r)
{
    return r == U'\r' || r == U'\n';
}

bool isTerminator(char32_t r)
{
    if (isSpace(r) || isEndOfLine(r))
        return true;
    switch (r) {
    case kEof:
    case U'.':
    case U',':
    case U'[':
    case U']':
    case U'$':
    case U'@':
    case U'{':
    case U'}':
        return true;
    default:
        return false;
    }
}

bool isDigit(char32_t r)
{
    return r != kEof && QChar::isDigit(r);
}

bool isAlphaNumeric(char32_t r)
{
    return r == U'_' || (r != kEof && (QChar::isLetter(r) || QChar::isDigit(r)));
}

// fmt's %#U: "U+002A '*'".
QString runeText(char32_t r)
{
    QString text = QStringLiteral("U+%1").arg(uint(r), 4, 16, QLatin1Char('0')).toUpper();
    if (QChar::isPrint(r))
        text += QStringLiteral(" '") + QString::fromUcs4(&r, 1) + u'\'';
    return text;
}

QString fromBytes(const std::string &bytes)
{
    return QString::fromUtf8(bytes.data(), qsizetype(bytes.size()));
}

int unhex(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

void appendUtf8(std::string &out, char32_t r)
{
    const QByteArray bytes = QString::fromUcs4(&r, 1).toUtf8();
    out.append(bytes.constData(), std::size_t(bytes.size()));
}

// strconv.UnquoteChar for one escape sequence after the backslash at s[i]; false on a syntax
// error. \x and octal escapes give a raw byte, as Go's do.
bool unquoteEscape(const std::string &s, std::size_t &i, char quote, std::string &out)
{
    if (i + 1 >= s.size())
        return false;
    const char c = s[i + 1];
    i += 2;
    static const std::string simple = "abfnrtv";
    static const std::string simpleValues = "\a\b\f\n\r\t\v";
    if (const std::size_t k = simple.find(c); k != std::string::npos) {
        out += simpleValues[k];
        return true;
    }
    if (c == 'x' || c == 'u' || c == 'U') {
        const std::size_t n = c == 'x' ? 2 : c == 'u' ? 4 : 8;
        if (s.size() - i < n)
            return false;
        char32_t v = 0;
        for (std::size_t j = 0; j < n; ++j) {
            const int x = unhex(s[i + j]);
            if (x < 0)
                return false;
            v = (v << 4) | char32_t(x);
        }
        i += n;
        if (c == 'x') {
            out += char(v);
            return true;
        }
        if (v > 0x10FFFF || (v >= 0xD800 && v < 0xE000))
            return false;
        appendUtf8(out, v);
        return true;
    }
    if (c >= '0' && c <= '7') {
        if (s.size() - i < 2)
            return false;
        unsigned v = unsigned(c - '0');
        for (std::size_t j = 0; j < 2; ++j) {
            const int x = s[i + j] - '0';
            if (x < 0 || x > 7)
                return false;
            v = (v << 3) | unsigned(x);
        }
        i += 2;
        if (v > 255)
            return false;
        out += char(v);
        return true;
    }
    if (c == '\\' || ((c == '\'' || c == '"') && c == quote)) {
        out += c;
        return true;
    }
    return false;
}

// parser.go's UnquoteExtend: strconv.Unquote that also takes single quotes.
bool unquoteExtend(const std::string &quoted, std::string *out)
{
    const std::size_t n = quoted.size();
    if (n < 2)
        return false;
    const char quote = quoted[0];
    if (quote != quoted[n - 1] || (quote != '"' && quote != '\''))
        return false;
    const std::string s = quoted.substr(1, n - 2);
    out->clear();
    for (std::size_t i = 0; i < s.size();) {
        if (s[i] == quote)
            return false;
        if (s[i] != '\\') {
            *out += s[i++];
            continue;
        }
        if (!unquoteEscape(s, i, quote, *out))
            return false;
    }
    return true;
}

// Go's strconv.Atoi on the digits of an array index (it fails on "-" or on an overflow).
bool atoi(const QString &text, qint64 *value)
{
    bool ok = false;
    *value = text.toLongLong(&ok);
    return ok;
}

class Parser
{
public:
    bool parse(const std::string &text, Node *root, QString *error)
    {
        input_ = text;
        root_ = root;
        *root = makeNode(NodeType::List);
        pos_ = start_ = 0;
        error_ = error;
        return parseText(root_);
    }

private:
    bool fail(const QString &message)
    {
        *error_ = message;
        return false;
    }

    std::string consumeText()
    {
        std::string value = input_.substr(start_, pos_ - start_);
        start_ = pos_;
        return value;
    }

    char32_t next()
    {
        if (pos_ >= input_.size()) {
            width_ = 0;
            return kEof;
        }
        // One UTF-8 sequence; an invalid byte reads as U+FFFD of width 1, as in Go.
        const auto lead = static_cast<unsigned char>(input_[pos_]);
        std::size_t width = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
        if (lead >= 0x80 && (lead < 0xC2 || lead > 0xF4 || pos_ + width > input_.size()))
            width = 1;
        const QString decoded = QString::fromUtf8(input_.data() + pos_, qsizetype(width));
        const QList<uint> ucs4 = decoded.toUcs4();
        char32_t r = 0xFFFD;
        if (ucs4.size() == 1)
            r = char32_t(ucs4.first());
        else
            width = 1;
        width_ = width;
        pos_ += width;
        return r;
    }

    char32_t peek()
    {
        const char32_t r = next();
        backup();
        return r;
    }

    void backup() { pos_ -= width_; }

    bool hasPrefix(const char *prefix) const
    {
        return input_.compare(pos_, std::strlen(prefix), prefix) == 0;
    }

    bool parseText(Node *cur)
    {
        for (;;) {
            if (hasPrefix("{")) {
                if (pos_ > start_)
                    cur->nodes.push_back(makeNode(NodeType::Text, fromBytes(consumeText())));
                return parseLeftDelim(cur);
            }
            if (next() == kEof)
                break;
        }
        if (pos_ > start_)
            cur->nodes.push_back(makeNode(NodeType::Text, fromBytes(consumeText())));
        return true;
    }

    bool parseLeftDelim(Node *cur)
    {
        pos_ += 1;
        consumeText();
        cur->nodes.push_back(makeNode(NodeType::List));
        return parseInsideAction(&cur->nodes.back());
    }

    bool parseInsideAction(Node *cur)
    {
        if (hasPrefix("}"))
            return parseRightDelim();
        if (hasPrefix("[?("))
            return parseFilter(cur);
        if (hasPrefix(".."))
            return parseRecursive(cur);
        const char32_t r = next();
        if (r == kEof || isEndOfLine(r))
            return fail(QStringLiteral("unclosed action"));
        if (r == U' ' || r == U'@' || r == U'$') {
            consumeText(); // the current object: nothing to do
        } else if (r == U'[') {
            return parseArray(cur);
        } else if (r == U'"' || r == U'\'') {
            return parseQuote(cur, r);
        } else if (r == U'.') {
            return parseField(cur);
        } else if (r == U'+' || r == U'-' || isDigit(r)) {
            backup();
            return parseNumber(cur);
        } else if (isAlphaNumeric(r)) {
            backup();
            return parseIdentifier(cur);
        } else {
            return fail(QStringLiteral("unrecognized character in action: ") + runeText(r));
        }
        return parseInsideAction(cur);
    }

    bool parseRightDelim()
    {
        pos_ += 1;
        consumeText();
        return parseText(root_);
    }

    bool parseIdentifier(Node *cur)
    {
        while (!isTerminator(next())) {
        }
        backup();
        const QString value = fromBytes(consumeText());
        if (value == QLatin1String("true") || value == QLatin1String("false")) {
            Node node = makeNode(NodeType::Bool);
            node.boolValue = value == QLatin1String("true");
            cur->nodes.push_back(node);
        } else {
            cur->nodes.push_back(makeNode(NodeType::Identifier, value));
        }
        return parseInsideAction(cur);
    }

    bool parseRecursive(Node *cur)
    {
        if (!cur->nodes.empty() && cur->nodes.back().type == NodeType::Recursive)
            return fail(QStringLiteral("invalid multiple recursive descent"));
        pos_ += 2;
        consumeText();
        cur->nodes.push_back(makeNode(NodeType::Recursive));
        if (isAlphaNumeric(peek()))
            return parseField(cur);
        return parseInsideAction(cur);
    }

    bool parseNumber(Node *cur)
    {
        const char32_t sign = peek();
        if (sign == U'+' || sign == U'-')
            next();
        for (;;) {
            const char32_t r = next();
            if (r != U'.' && !isDigit(r)) {
                backup();
                break;
            }
        }
        const QString value = fromBytes(consumeText());
        Node node;
        bool ok = false;
        node.intValue = value.toLongLong(&ok);
        if (ok) {
            node.type = NodeType::Int;
            cur->nodes.push_back(node);
            return parseInsideAction(cur);
        }
        node.floatValue = value.toDouble(&ok);
        if (ok) {
            node.type = NodeType::Float;
            cur->nodes.push_back(node);
            return parseInsideAction(cur);
        }
        return fail(QStringLiteral("cannot parse number %1").arg(value));
    }

    bool parseArray(Node *cur)
    {
        for (;;) {
            const char32_t r = next();
            if (r == kEof || r == U'\n')
                return fail(QStringLiteral("unterminated array"));
            if (r == U']')
                break;
        }
        std::string text = consumeText();
        text = text.substr(1, text.size() - 2);
        if (text == "*")
            text = ":";
        if (text.find(',') != std::string::npos)
            return parseUnion(cur, fromBytes(text));
        static const QRegularExpression dictKey(QStringLiteral("^'([^']*)'$"));
        const QString qtext = fromBytes(text);
        if (const QRegularExpressionMatch m = dictKey.match(qtext); m.hasMatch()) {
            Node parsed;
            if (!parseAction(u'.' + m.captured(1), &parsed))
                return false;
            for (const Node &node : parsed.nodes)
                cur->nodes.push_back(node);
            return parseInsideAction(cur);
        }
        return parseSlice(cur, qtext);
    }

    bool parseUnion(Node *cur, const QString &text)
    {
        Node node = makeNode(NodeType::Union);
        for (QString part : text.split(u',')) {
            while (part.startsWith(u' '))
                part.remove(0, 1);
            while (part.endsWith(u' '))
                part.chop(1);
            Node list;
            if (!parseAction(u'[' + part + u']', &list))
                return false;
            node.nodes.push_back(list);
        }
        cur->nodes.push_back(node);
        return parseInsideAction(cur);
    }

    bool parseSlice(Node *cur, const QString &text)
    {
        static const QRegularExpression slice(
            QStringLiteral("^(-?[0-9]*)(:-?[0-9]*)?(:-?[0-9]*)?$"));
        const QRegularExpressionMatch m = slice.match(text);
        if (!m.hasMatch())
            return fail(QStringLiteral("invalid array index %1").arg(text));
        Node node = makeNode(NodeType::Array);
        for (int i = 0; i < 3; ++i) {
            QString value = m.captured(i + 1);
            jsonpath::Param &param = node.params[i];
            if (value.isEmpty()) {
                // "[i]" is the slice [i:i+1]; evaluation fixes it up for a negative i.
                if (i == 1) {
                    param.known = true;
                    param.value = node.params[0].value + 1;
                    param.derived = true;
                }
                continue;
            }
            if (i > 0)
                value.remove(0, 1);
            if (i > 0 && value.isEmpty())
                continue;
            param.known = true;
            if (!atoi(value, &param.value))
                return fail(QStringLiteral("array index %1 is not a number").arg(value));
        }
        cur->nodes.push_back(node);
        return parseInsideAction(cur);
    }

    bool parseFilter(Node *cur)
    {
        pos_ += 3;
        consumeText();
        bool begin = false;
        bool end = false;
        char32_t pair = 0;
        for (;;) {
            const char32_t r = next();
            if (r == kEof || r == U'\n')
                return fail(QStringLiteral("unterminated filter"));
            if (r == U'"' || r == U'\'') {
                if (!begin) {
                    begin = true;
                    pair = r;
                    continue;
                }
                if (input_[pos_ - 2] != '\\' && r == pair)
                    end = true;
            } else if (r == U')' && begin == end) {
                break;
            }
        }
        if (next() != U']')
            return fail(QStringLiteral("unclosed array expect ]"));
        std::string text = consumeText();
        text.resize(text.size() - 2);
        return appendFilter(cur, fromBytes(text));
    }

    bool appendFilter(Node *cur, const QString &text)
    {
        static const QRegularExpression comparison(QStringLiteral("^([^!<>=]+)([!<>=]+)(.+?)$"));
        Node node = makeNode(NodeType::Filter);
        const QRegularExpressionMatch m = comparison.match(text);
        Node left;
        Node right = makeNode(NodeType::List);
        if (!m.hasMatch()) {
            if (!parseAction(text, &left))
                return false;
            node.text = QStringLiteral("exists");
        } else {
            if (!parseAction(m.captured(1), &left) || !parseAction(m.captured(3), &right))
                return false;
            node.text = m.captured(2);
        }
        node.nodes.push_back(left);
        node.nodes.push_back(right);
        cur->nodes.push_back(node);
        return parseInsideAction(cur);
    }

    bool parseQuote(Node *cur, char32_t end)
    {
        for (;;) {
            const char32_t r = next();
            if (r == kEof || r == U'\n')
                return fail(QStringLiteral("unterminated quoted string"));
            if (r == end && input_[pos_ - 2] != '\\')
                break;
        }
        const std::string value = consumeText();
        std::string unquoted;
        if (!unquoteExtend(value, &unquoted))
            return fail(
                QStringLiteral("unquote string %1 error invalid syntax").arg(fromBytes(value)));
        cur->nodes.push_back(makeNode(NodeType::Text, fromBytes(unquoted)));
        return parseInsideAction(cur);
    }

    bool parseField(Node *cur)
    {
        consumeText();
        while (advance()) {
        }
        const QString value = fromBytes(consumeText());
        if (value == QLatin1String("*"))
            cur->nodes.push_back(makeNode(NodeType::Wildcard));
        else
            cur->nodes.push_back(makeNode(NodeType::Field, QString(value).remove(u'\\')));
        return parseInsideAction(cur);
    }

    bool advance()
    {
        const char32_t r = next();
        if (r == U'\\') {
            next();
        } else if (isTerminator(r)) {
            backup();
            return false;
        }
        return true;
    }

    // parser.go's parseAction: "{text}" parsed on its own, its action list returned.
    bool parseAction(const QString &text, Node *list)
    {
        Node root;
        const QByteArray bytes = (u'{' + text + u'}').toUtf8();
        if (!Parser().parse(bytes.toStdString(), &root, error_))
            return false;
        *list = root.nodes.front();
        return true;
    }

    std::string input_;
    Node *root_ = nullptr;
    std::size_t pos_ = 0;
    std::size_t start_ = 0;
    std::size_t width_ = 0;
    QString *error_ = nullptr;
};

// Go's names for the types a decoded object holds, as jsonpath's errors print them.
QString goTypeName(const Item &item)
{
    if (item.origin == Item::Origin::IntLiteral)
        return QStringLiteral("int");
    if (item.origin == Item::Origin::Byte)
        return QStringLiteral("uint8");
    switch (item.value.type()) {
    case Value::Type::Bool:
        return QStringLiteral("bool");
    case Value::Type::Int:
        return QStringLiteral("int64");
    case Value::Type::Float:
        return QStringLiteral("float64");
    case Value::Type::String:
        return QStringLiteral("string");
    case Value::Type::List:
        return QStringLiteral("[]interface {}");
    case Value::Type::Map:
        return QStringLiteral("map[string]interface {}");
    case Value::Type::Null:
        break;
    }
    return QStringLiteral("<nil>");
}

// template.Indirect: a JSON null is a nil interface, which every step skips.
bool isNil(const Item &item)
{
    return item.valid && item.value.isNull();
}

// The children a wildcard or a recursive descent visits: a map's values (in key order: Go's
// map order is random, this one is stable), a list's items, a string's bytes.
Results childrenOf(const Item &item)
{
    Results children;
    if (!item.valid)
        return children;
    const Value &v = item.value;
    if (v.isMap()) {
        QList<const QPair<QString, Value> *> entries;
        for (const auto &entry : v.entries())
            entries.append(&entry);
        std::stable_sort(entries.begin(), entries.end(), [](const auto *a, const auto *b) {
            return a->first.toUtf8() < b->first.toUtf8();
        });
        for (const auto *entry : std::as_const(entries))
            children.append(Item{entry->second});
    } else if (v.isList()) {
        for (const Value &child : v.items())
            children.append(Item{child});
    } else if (v.isString()) {
        for (const char byte : v.toString().toUtf8())
            children.append(
                Item{Value::integer(static_cast<unsigned char>(byte)), true, Item::Origin::Byte});
    }
    return children;
}

// The forked text/template's comparison kinds.
enum class Kind { Invalid, Bool, Int, Uint, Float, String };

Kind basicKind(const Item &item)
{
    if (!item.valid)
        return Kind::Invalid;
    switch (item.value.type()) {
    case Value::Type::Bool:
        return Kind::Bool;
    case Value::Type::Int:
        return item.origin == Item::Origin::Byte ? Kind::Uint : Kind::Int;
    case Value::Type::Float:
        return Kind::Float;
    case Value::Type::String:
        return Kind::String;
    default:
        return Kind::Invalid;
    }
}

const QString kBadComparisonType = QStringLiteral("invalid type for comparison");
const QString kBadComparison = QStringLiteral("incompatible types for comparison");

// eq and lt of text/template; false with their error when the kinds do not compare.
bool compareKinds(const Item &a, const Item &b, Kind *kind, QString *error)
{
    const Kind ka = basicKind(a);
    const Kind kb = basicKind(b);
    if (ka == Kind::Invalid || kb == Kind::Invalid) {
        *error = kBadComparisonType;
        return false;
    }
    // Signed and unsigned integers compare; any other mix does not.
    const bool integers =
        (ka == Kind::Int || ka == Kind::Uint) && (kb == Kind::Int || kb == Kind::Uint);
    if (ka != kb && !integers) {
        *error = kBadComparison;
        return false;
    }
    *kind = integers ? Kind::Int : ka;
    return true;
}

bool equal(const Item &a, const Item &b, bool *truth, QString *error)
{
    Kind kind = Kind::Invalid;
    if (!compareKinds(a, b, &kind, error))
        return false;
    switch (kind) {
    case Kind::Bool:
        *truth = a.value.toBool() == b.value.toBool();
        break;
    case Kind::Float:
        *truth = a.value.toDouble() == b.value.toDouble();
        break;
    case Kind::String:
        *truth = a.value.toString() == b.value.toString();
        break;
    default:
        *truth = a.value.toInt() == b.value.toInt();
    }
    return true;
}

bool less(const Item &a, const Item &b, bool *truth, QString *error)
{
    Kind kind = Kind::Invalid;
    if (!compareKinds(a, b, &kind, error))
        return false;
    switch (kind) {
    case Kind::Bool:
        *error = kBadComparisonType;
        return false;
    case Kind::Float:
        *truth = a.value.toDouble() < b.value.toDouble();
        break;
    case Kind::String:
        *truth = a.value.toString() < b.value.toString();
        break;
    default:
        *truth = a.value.toInt() < b.value.toInt();
    }
    return true;
}

bool compare(const QString &op, const Item &a, const Item &b, bool *pass, QString *error)
{
    bool lt = false;
    bool eq = false;
    if (op == QLatin1String("==") || op == QLatin1String("!=")) {
        if (!equal(a, b, &eq, error))
            return false;
        *pass = (op == QLatin1String("==")) == eq;
        return true;
    }
    if (op != QLatin1String("<") && op != QLatin1String(">") && op != QLatin1String("<=") &&
        op != QLatin1String(">=")) {
        *error = QStringLiteral("unrecognized filter operator %1").arg(op);
        return false;
    }
    if (!less(a, b, &lt, error))
        return false;
    if (op == QLatin1String("<") || op == QLatin1String(">=")) {
        *pass = (op == QLatin1String("<")) == lt;
        return true;
    }
    // <= is < or ==; > is its inverse.
    if (!lt && !equal(a, b, &eq, error))
        return false;
    *pass = (op == QLatin1String("<=")) == (lt || eq);
    return true;
}

QString itemText(const Item &item)
{
    if (!item.valid)
        return QStringLiteral("<no value>");
    if (item.value.isMap() || item.value.isList())
        return toCompactJson(item.value);
    if (item.value.isNull())
        return QStringLiteral("null");
    return goSprint(item.value);
}

} // namespace

// jsonpath.go's eval* functions. Like Go's, they hand back values even when they fail: a
// filter's "exists" test looks at them.
class JsonPathEvaluator
{
public:
    explicit JsonPathEvaluator(JsonPath &path)
        : path_(path)
    {}

    bool walk(const Results &in, const Node &node, Results *out, QString *error)
    {
        out->clear();
        switch (node.type) {
        case NodeType::List:
            return evalList(in, node, out, error);
        case NodeType::Text:
            out->append(Item{Value::string(node.text)});
            return true;
        case NodeType::Field:
            return evalField(in, node, out, error);
        case NodeType::Array:
            return evalArray(in, node, out, error);
        case NodeType::Filter:
            return evalFilter(in, node, out, error);
        case NodeType::Int:
            for (qsizetype i = 0; i < in.size(); ++i)
                out->append(Item{Value::integer(node.intValue), true, Item::Origin::IntLiteral});
            return true;
        case NodeType::Float:
            for (qsizetype i = 0; i < in.size(); ++i)
                out->append(Item{Value::floating(node.floatValue)});
            return true;
        case NodeType::Bool:
            for (qsizetype i = 0; i < in.size(); ++i)
                out->append(Item{Value::boolean(node.boolValue)});
            return true;
        case NodeType::Wildcard:
            for (const Item &item : in)
                if (!isNil(item))
                    *out += childrenOf(item);
            return true;
        case NodeType::Recursive:
            return evalRecursive(in, out, error);
        case NodeType::Union:
            return evalUnion(in, node, out, error);
        case NodeType::Identifier:
            return evalIdentifier(in, node, out, error);
        }
        return true;
    }

    bool evalList(const Results &in, const Node &list, Results *out, QString *error)
    {
        Results cur = in;
        bool ok = true;
        for (const Node &node : list.nodes) {
            Results next;
            ok = walk(cur, node, &next, error);
            cur = next;
            if (!ok)
                break;
        }
        *out = cur;
        return ok;
    }

private:
    bool evalField(const Results &in, const Node &node, Results *out, QString *error)
    {
        if (in.isEmpty())
            return true;
        for (const Item &item : in) {
            if (isNil(item) || !item.valid || !item.value.isMap())
                continue;
            if (const Value *v = item.value.find(node.text))
                out->append(Item{*v});
        }
        if (out->isEmpty() && !path_.allowMissingKeys_) {
            *error = QStringLiteral("%1 is not found").arg(node.text);
            return false;
        }
        return true;
    }

    bool evalArray(const Results &in, const Node &node, Results *out, QString *error)
    {
        for (const Item &item : in) {
            // Go panics on a missing value here; skipping it is the kinder reading.
            if (isNil(item) || !item.valid)
                continue;
            if (!item.value.isList())
                return failWith(in,
                                QStringLiteral("%1 is not array or slice").arg(goTypeName(item)),
                                out, error);
            const QList<Value> &items = item.value.items();
            const qint64 length = items.size();
            jsonpath::Param p[3] = {node.params[0], node.params[1], node.params[2]};
            if (!p[0].known)
                p[0].value = 0;
            if (p[0].value < 0)
                p[0].value += length;
            if (!p[1].known)
                p[1].value = length;
            if (p[1].value < 0 || (p[1].value == 0 && p[1].derived))
                p[1].value += length;
            if (p[1].value == p[0].value)
                return true; // zero elements asked: what was found so far, as Go returns
            if (p[0].value >= length || p[0].value < 0)
                return failWith(in, outOfBounds(p[0].value, length), out, error);
            if (p[1].value > length || p[1].value < 0)
                return failWith(in, outOfBounds(p[1].value - 1, length), out, error);
            if (p[0].value > p[1].value)
                return failWith(in,
                                QStringLiteral("starting index %1 is greater than ending index %2")
                                    .arg(p[0].value)
                                    .arg(p[1].value),
                                out, error);
            qint64 step = 1;
            if (p[2].known) {
                if (p[2].value <= 0)
                    return failWith(in, QStringLiteral("step must be > 0"), out, error);
                step = p[2].value;
            }
            for (qint64 i = p[0].value; i < p[1].value; i += step)
                out->append(Item{items[i]});
        }
        return true;
    }

    static QString outOfBounds(qint64 index, qint64 length)
    {
        return QStringLiteral("array index out of bounds: index %1, length %2")
            .arg(index)
            .arg(length);
    }

    static bool failWith(const Results &in, const QString &message, Results *out, QString *error)
    {
        *out = in;
        *error = message;
        return false;
    }

    bool evalUnion(const Results &in, const Node &node, Results *out, QString *error)
    {
        for (const Node &list : node.nodes) {
            Results part;
            if (!evalList(in, list, &part, error)) {
                *out = in;
                return false;
            }
            *out += part;
        }
        return true;
    }

    bool evalRecursive(const Results &in, Results *out, QString *error)
    {
        for (const Item &item : in) {
            if (isNil(item))
                continue;
            const Results children = childrenOf(item);
            if (children.isEmpty())
                continue;
            out->append(item);
            Results below;
            if (!evalRecursive(children, &below, error))
                return false;
            *out += below;
        }
        return true;
    }

    bool evalFilter(const Results &in, const Node &node, Results *out, QString *error)
    {
        for (const Item &item : in) {
            if (!item.valid || !item.value.isList()) {
                const QString shown =
                    item.valid ? goSprint(item.value) : QStringLiteral("<invalid reflect.Value>");
                return failWith(
                    in, shown + QStringLiteral(" is not array or slice and cannot be filtered"),
                    out, error);
            }
            for (const Value &element : item.value.items())
                if (!filterOne(in, node, Item{element}, out, error))
                    return false;
        }
        return true;
    }

    bool filterOne(const Results &in, const Node &node, const Item &element, Results *out,
                   QString *error)
    {
        const Results temp{element};
        Results lefts;
        QString leftError;
        const bool leftOk = evalList(temp, node.nodes[0], &lefts, &leftError);
        if (node.text == QLatin1String("exists")) {
            if (!lefts.isEmpty())
                out->append(element);
            return true;
        }
        if (!leftOk)
            return failWith(in, leftError, out, error);
        if (lefts.isEmpty())
            return true;
        if (lefts.size() > 1)
            return failWith(in, QStringLiteral("can only compare one element at a time"), out,
                            error);
        Results rights;
        if (!evalList(temp, node.nodes[1], &rights, error)) {
            *out = in;
            return false;
        }
        if (rights.isEmpty())
            return true;
        if (rights.size() > 1)
            return failWith(in, QStringLiteral("can only compare one element at a time"), out,
                            error);
        bool pass = false;
        if (!compare(node.text, lefts.first(), rights.first(), &pass, error))
            return false;
        if (pass)
            out->append(element);
        return true;
    }

    bool evalIdentifier(const Results &in, const Node &node, Results *out, QString *error)
    {
        if (node.text == QLatin1String("range")) {
            ++path_.beginRange_;
            *out = in;
            return true;
        }
        if (node.text == QLatin1String("end")) {
            if (path_.inRange_ > 0) {
                ++path_.endRange_;
                return true;
            }
            *error = QStringLiteral("not in range, nothing to end");
            return false;
        }
        *out = in;
        *error = QStringLiteral("unrecognized identifier %1").arg(node.text);
        return false;
    }

    JsonPath &path_;
};

JsonPath::JsonPath() = default;
JsonPath::~JsonPath() = default;

bool JsonPath::parse(const QString &text, QString *error)
{
    auto root = std::make_unique<Node>();
    if (!Parser().parse(text.toUtf8().toStdString(), root.get(), error)) {
        root_.reset();
        return false;
    }
    root_ = std::move(root);
    return true;
}

bool JsonPath::findResults(const Value &data, QList<Results> *results, QString *error)
{
    results->clear();
    error->clear();
    // Go keeps these across calls; custom-columns runs one template per object, and a fresh
    // start for each keeps one object's broken {range} from leaking into the next.
    beginRange_ = inRange_ = endRange_ = 0;
    lastEndNode_ = -1;
    if (!root_) {
        *error = QStringLiteral("out is an incomplete jsonpath template");
        return false;
    }
    return findResults(Item{data}, 0, results, error);
}

// jsonpath.go's FindResults: the template parts in order; {range} runs the parts after it once
// per value, up to its {end}, then resumes after that {end}.
bool JsonPath::findResults(const Item &data, int first, QList<Results> *full, QString *error)
{
    JsonPathEvaluator evaluator(*this);
    const std::vector<Node> &nodes = root_->nodes;
    const Results cur{data};
    for (int i = first; i < int(nodes.size()); ++i) {
        Results results;
        if (!evaluator.walk(cur, nodes[std::size_t(i)], &results, error))
            return false;
        if (endRange_ > 0 && endRange_ <= inRange_) {
            --endRange_;
            lastEndNode_ = i;
            break;
        }
        if (beginRange_ == 0) {
            full->append(results);
            continue;
        }
        --beginRange_;
        ++inRange_;
        if (results.isEmpty()) {
            // The body is still walked, on no value, so that its {end} is found.
            QList<Results> ignored;
            if (!findResults(Item{Value(), false}, i + 1, &ignored, error))
                return false;
        }
        for (const Item &value : std::as_const(results)) {
            // value.Interface() in Go: a null item becomes no value at all.
            const Item next = isNil(value) ? Item{Value(), false} : value;
            QList<Results> nested;
            if (!findResults(next, i + 1, &nested, error))
                return false;
            *full += nested;
        }
        --inRange_;
        if (lastEndNode_ > i)
            i = lastEndNode_;
    }
    return true;
}

void JsonPath::printResults(const Results &results, QString *out) const
{
    if (jsonOutput_) {
        Value list = Value::list();
        for (const Item &item : results)
            list.append(item.valid ? item.value : Value());
        *out += toJson(list); // MarshalIndent with four spaces, and a newline
        return;
    }
    for (qsizetype i = 0; i < results.size(); ++i) {
        if (i > 0)
            *out += u' ';
        *out += itemText(results[i]);
    }
}

bool JsonPath::execute(const Value &data, QString *out, QString *error)
{
    QList<Results> groups;
    if (!findResults(data, &groups, error))
        return false;
    for (const Results &group : std::as_const(groups))
        printResults(group, out);
    return true;
}

bool relaxedJsonPathExpression(const QString &path, QString *expression, QString *error)
{
    if (path.isEmpty()) {
        *expression = path;
        return true;
    }
    static const QRegularExpression relaxed(QStringLiteral("^\\{\\.?([^{}]+)\\}$|^\\.?([^{}]+)$"));
    const QRegularExpressionMatch m = relaxed.match(path);
    if (!m.hasMatch()) {
        *error = QStringLiteral("unexpected path string, expected a 'name1.name2' or "
                                "'.name1.name2' or '{name1.name2}' or '{.name1.name2}'");
        return false;
    }
    const QString field = m.captured(1).isEmpty() ? m.captured(2) : m.captured(1);
    *expression = QStringLiteral("{.%1}").arg(field);
    return true;
}

} // namespace schedlab::kube
