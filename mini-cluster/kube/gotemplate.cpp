// Go's text/template (lexer, parser and executor of text/template/parse and exec.go) for the
// templates kubectl users write, with kubectl's two extra functions. The data is the object
// after kubectl's JSON round trip, so every number is a float64: {{.status.succeeded}} prints
// 1, and 1000000 prints 1e+06, as with the real kubectl.
#include "gotemplate.h"

#include "goformat.h"
#include "printers.h"

#include <QStringList>

#include <algorithm>
#include <memory>
#include <optional>
#include <vector>

namespace schedlab::kube {

namespace gotemplate {

struct Pipe;

// One operand of a command: .a.b, $x.a, "text", 3, true, nil, ., (pipeline).a, or a function.
struct Operand
{
    enum class Type { Dot, Field, Variable, Literal, Function, Paren, Nil };
    Type type = Type::Dot;
    QString name;       // variable ("$x") or function name
    QStringList fields; // field chain after the operand
    Value literal;
    std::shared_ptr<Pipe> pipe; // Paren
    int pos = 0;                // byte offset, for error positions
    QString text;               // as text/template's String() shows it
};

struct Command
{
    std::vector<Operand> args;
    int pos = 0;
    QString text;
};

struct Pipe
{
    QStringList decl; // variables declared (":=") or assigned ("=")
    bool assign = false;
    std::vector<Command> cmds;
    int pos = 0;
    QString text;
};

struct Node
{
    enum class Type { List, Text, Action, If, Range, With };
    Type type = Type::List;
    QString text;
    std::shared_ptr<Pipe> pipe;
    std::vector<Node> body;
    std::vector<Node> elseBody;
    int pos = 0;
};

} // namespace gotemplate

using gotemplate::Command;
using gotemplate::Node;
using gotemplate::Operand;
using gotemplate::Pipe;

namespace {

enum class Tok {
    Text,
    Left,
    Right,
    Space,
    Field,
    Dot,
    Variable,
    Identifier,
    Keyword,
    String,
    Number,
    Bool,
    Nil,
    Pipe,
    LParen,
    RParen,
    Declare,
    Assign,
    Comma,
    Eof
};

struct Token
{
    Tok type = Tok::Eof;
    QString text;
    int pos = 0; // byte offset
};

bool isSpaceChar(QChar c)
{
    return c == u' ' || c == u'\t' || c == u'\r' || c == u'\n';
}

bool isAlnum(QChar c)
{
    return c == u'_' || c.isLetterOrNumber();
}

// Go's strconv.Unquote for a double-quoted literal (the usual escapes).
bool unquote(const QString &quoted, QString *out)
{
    out->clear();
    for (qsizetype i = 1; i + 1 < quoted.size(); ++i) {
        QChar c = quoted[i];
        if (c != u'\\') {
            *out += c;
            continue;
        }
        if (++i + 1 > quoted.size() - 1)
            return false;
        static const QString from = QStringLiteral("abfnrtv\\\"'");
        static const QString to = QStringLiteral("\a\b\f\n\r\t\v\\\"'");
        const qsizetype k = from.indexOf(quoted[i]);
        if (k < 0)
            return false;
        *out += to[k];
    }
    return true;
}

class Lexer
{
public:
    explicit Lexer(const QString &text)
        : text_(text)
    {}

    // The tokens, or the lexer's message for the first thing it cannot read.
    bool run(std::vector<Token> *tokens, QString *error, int *errorPos)
    {
        tokens_ = tokens;
        while (i_ < text_.size()) {
            if (!lexText() || (i_ < text_.size() && !lexAction())) {
                *error = error_;
                *errorPos = bytePos(errorAt_);
                return false;
            }
        }
        tokens_->push_back(Token{Tok::Eof, QString(), bytePos(i_)});
        return true;
    }

private:
    int bytePos(qsizetype i) const { return int(text_.left(i).toUtf8().size()); }
    QChar charAt(qsizetype i) const { return i < text_.size() ? text_[i] : QChar(); }

    void emit(Tok type, qsizetype start, qsizetype end)
    {
        tokens_->push_back(Token{type, text_.mid(start, end - start), bytePos(start)});
    }

    bool fail(const QString &message, qsizetype at)
    {
        error_ = message;
        errorAt_ = at;
        return false;
    }

    bool lexText()
    {
        qsizetype start = i_;
        if (trimNext_) {
            while (start < text_.size() && isSpaceChar(text_[start]))
                ++start;
            trimNext_ = false;
        }
        const qsizetype delim = text_.indexOf(QLatin1String("{{"), start);
        qsizetype end = delim < 0 ? text_.size() : delim;
        i_ = end;
        // "{{- " trims the blanks before the action.
        if (delim >= 0 && charAt(delim + 2) == u'-' && isSpaceChar(charAt(delim + 3)))
            while (end > start && isSpaceChar(text_[end - 1]))
                --end;
        if (end > start)
            emit(Tok::Text, start, end);
        return true;
    }

    bool atRightDelim(qsizetype *length, bool *trim) const
    {
        if (text_.mid(i_, 4) == QLatin1String(" -}}") ||
            text_.mid(i_, 4) == QLatin1String("\t-}}") ||
            text_.mid(i_, 4) == QLatin1String("\n-}}")) {
            *length = 4;
            *trim = true;
            return true;
        }
        *length = 2;
        *trim = false;
        return text_.mid(i_, 2) == QLatin1String("}}");
    }

    bool lexAction()
    {
        const qsizetype open = i_;
        i_ += 2;
        if (charAt(i_) == u'-' && isSpaceChar(charAt(i_ + 1)))
            i_ += 2;
        if (text_.mid(i_, 2) == QLatin1String("/*"))
            return lexComment(open);
        emit(Tok::Left, open, open + 2);
        int parens = 0;
        for (;;) {
            qsizetype length = 0;
            bool trim = false;
            if (atRightDelim(&length, &trim)) {
                if (parens > 0)
                    return fail(QStringLiteral("unclosed left paren"), i_);
                emit(Tok::Right, i_, i_ + length);
                i_ += length;
                trimNext_ = trim;
                return true;
            }
            if (i_ >= text_.size())
                return fail(QStringLiteral("unclosed action"), i_);
            if (!lexInside(&parens))
                return false;
        }
    }

    bool lexComment(qsizetype open)
    {
        const qsizetype end = text_.indexOf(QLatin1String("*/"), i_ + 2);
        if (end < 0)
            return fail(QStringLiteral("unclosed comment"), open);
        i_ = end + 2;
        qsizetype length = 0;
        bool trim = false;
        if (!atRightDelim(&length, &trim))
            return fail(QStringLiteral("comment ends before closing delimiter"), open);
        i_ += length;
        trimNext_ = trim;
        return true;
    }

    bool lexInside(int *parens)
    {
        const qsizetype start = i_;
        const QChar c = text_[i_];
        if (isSpaceChar(c)) {
            while (i_ < text_.size() && isSpaceChar(text_[i_]) &&
                   text_.mid(i_, 4) != QLatin1String(" -}}"))
                ++i_;
            emit(Tok::Space, start, i_);
            return true;
        }
        ++i_;
        switch (c.unicode()) {
        case '|':
            emit(Tok::Pipe, start, i_);
            return true;
        case '(':
            ++*parens;
            emit(Tok::LParen, start, i_);
            return true;
        case ')':
            if (--*parens < 0)
                return fail(QStringLiteral("unexpected right paren"), start);
            emit(Tok::RParen, start, i_);
            return true;
        case ',':
            emit(Tok::Comma, start, i_);
            return true;
        case '=':
            emit(Tok::Assign, start, i_);
            return true;
        case ':':
            if (charAt(i_) != u'=')
                return fail(QStringLiteral("expected :="), start);
            ++i_;
            emit(Tok::Declare, start, i_);
            return true;
        case '"':
            return lexQuote(start);
        case '`':
            return lexRawQuote(start);
        case '$':
            return lexWord(start, Tok::Variable);
        case '.':
            if (i_ < text_.size() && text_[i_].isDigit())
                return lexNumber(start);
            return lexWord(start, Tok::Field);
        default:
            break;
        }
        if (c == u'+' || c == u'-' || c.isDigit())
            return lexNumber(start);
        if (isAlnum(c))
            return lexWord(start, Tok::Identifier);
        const char32_t r = c.unicode();
        QString shown = QStringLiteral("U+%1").arg(uint(r), 4, 16, QLatin1Char('0')).toUpper();
        if (c.isPrint())
            shown += QStringLiteral(" '") + c + u'\'';
        return fail(QStringLiteral("unrecognized character in action: ") + shown, start);
    }

    bool lexQuote(qsizetype start)
    {
        for (;;) {
            if (i_ >= text_.size() || text_[i_] == u'\n')
                return fail(QStringLiteral("unterminated quoted string"), start);
            const QChar c = text_[i_++];
            if (c == u'\\' && i_ < text_.size()) {
                ++i_;
                continue;
            }
            if (c == u'"')
                break;
        }
        emit(Tok::String, start, i_);
        return true;
    }

    bool lexRawQuote(qsizetype start)
    {
        const qsizetype end = text_.indexOf(u'`', i_);
        if (end < 0)
            return fail(QStringLiteral("unterminated raw quoted string"), start);
        i_ = end + 1;
        emit(Tok::String, start, i_);
        return true;
    }

    bool lexNumber(qsizetype start)
    {
        while (i_ < text_.size() && (text_[i_].isLetterOrNumber() || text_[i_] == u'.' ||
                                     ((text_[i_] == u'+' || text_[i_] == u'-') &&
                                      (text_[i_ - 1] == u'e' || text_[i_ - 1] == u'E'))))
            ++i_;
        emit(Tok::Number, start, i_);
        return true;
    }

    bool lexWord(qsizetype start, Tok type)
    {
        while (i_ < text_.size() && isAlnum(text_[i_]))
            ++i_;
        const QString word = text_.mid(start, i_ - start);
        if (type == Tok::Field && word == QLatin1String("."))
            type = Tok::Dot;
        if (type == Tok::Identifier) {
            static const QStringList keywords{
                QStringLiteral("if"),       QStringLiteral("else"),  QStringLiteral("end"),
                QStringLiteral("range"),    QStringLiteral("with"),  QStringLiteral("define"),
                QStringLiteral("template"), QStringLiteral("block"), QStringLiteral("break"),
                QStringLiteral("continue")};
            if (keywords.contains(word))
                type = Tok::Keyword;
            else if (word == QLatin1String("true") || word == QLatin1String("false"))
                type = Tok::Bool;
            else if (word == QLatin1String("nil"))
                type = Tok::Nil;
        }
        emit(type, start, i_);
        return true;
    }

    const QString &text_;
    std::vector<Token> *tokens_ = nullptr;
    qsizetype i_ = 0;
    bool trimNext_ = false;
    QString error_;
    qsizetype errorAt_ = 0;
};

const QStringList &functionNames()
{
    static const QStringList names{
        QStringLiteral("and"),         QStringLiteral("or"),      QStringLiteral("not"),
        QStringLiteral("len"),         QStringLiteral("index"),   QStringLiteral("print"),
        QStringLiteral("printf"),      QStringLiteral("println"), QStringLiteral("eq"),
        QStringLiteral("ne"),          QStringLiteral("lt"),      QStringLiteral("le"),
        QStringLiteral("gt"),          QStringLiteral("ge"),      QStringLiteral("exists"),
        QStringLiteral("base64decode")};
    return names;
}

class TemplateParser
{
public:
    TemplateParser(const QString &text, std::vector<Token> tokens)
        : text_(text)
        , tokens_(std::move(tokens))
    {}

    bool parse(Node *root, QString *error)
    {
        error_ = error;
        root->type = Node::Type::List;
        vars_ = {QStringLiteral("$")};
        QString end;
        if (!itemList(&root->body, &end))
            return false;
        if (!end.isEmpty())
            return failAt(QStringLiteral("unexpected {{%1}}").arg(end), lastPos_);
        return true;
    }

private:
    const Token &peek() const { return tokens_[std::min(next_, tokens_.size() - 1)]; }
    const Token &take() { return tokens_[std::min(next_++, tokens_.size() - 1)]; }
    const Token &peekNonSpace()
    {
        while (peek().type == Tok::Space)
            ++next_;
        return peek();
    }
    const Token &takeNonSpace()
    {
        peekNonSpace();
        return take();
    }

    int lineOf(int pos) const
    {
        const QByteArray before = text_.toUtf8().left(pos);
        return 1 + int(before.count('\n'));
    }

    bool failAt(const QString &message, int pos)
    {
        *error_ = QStringLiteral("template: output:%1: %2").arg(lineOf(pos)).arg(message);
        return false;
    }

    // Nodes up to an {{end}} or {{else}} (named in `end`), or to the end of the text.
    bool itemList(std::vector<Node> *nodes, QString *end)
    {
        end->clear();
        for (;;) {
            const Token &token = take();
            if (token.type == Tok::Eof)
                return true;
            if (token.type == Tok::Text) {
                Node node;
                node.type = Node::Type::Text;
                node.text = token.text;
                nodes->push_back(node);
                continue;
            }
            lastPos_ = token.pos;
            const Token &word = peekNonSpace();
            if (word.type == Tok::Keyword &&
                (word.text == QLatin1String("end") || word.text == QLatin1String("else"))) {
                take();
                *end = word.text;
                // After {{else}} the caller reads what follows: "}}", or "if" for an else if.
                if (word.text == QLatin1String("end") && takeNonSpace().type != Tok::Right)
                    return failAt(QStringLiteral("unexpected %1 in end").arg(peek().text),
                                  word.pos);
                return true;
            }
            Node node;
            if (!action(&node))
                return false;
            nodes->push_back(node);
        }
    }

    bool action(Node *node)
    {
        const Token &word = peekNonSpace();
        node->pos = word.pos;
        if (word.type == Tok::Keyword) {
            take();
            if (word.text == QLatin1String("if"))
                return control(node, Node::Type::If, QStringLiteral("if"));
            if (word.text == QLatin1String("range"))
                return control(node, Node::Type::Range, QStringLiteral("range"));
            if (word.text == QLatin1String("with"))
                return control(node, Node::Type::With, QStringLiteral("with"));
            return failAt(QStringLiteral("{{%1}} is not supported here").arg(word.text), word.pos);
        }
        node->type = Node::Type::Action;
        node->pipe = std::make_shared<Pipe>();
        return pipeline(node->pipe.get(), QStringLiteral("command"), Tok::Right);
    }

    bool control(Node *node, Node::Type type, const QString &context)
    {
        node->type = type;
        node->pipe = std::make_shared<Pipe>();
        const qsizetype varsBefore = vars_.size();
        if (!pipeline(node->pipe.get(), context, Tok::Right))
            return false;
        QString end;
        if (!itemList(&node->body, &end))
            return false;
        if (end.isEmpty())
            return failAt(QStringLiteral("unexpected EOF"), int(text_.toUtf8().size()));
        if (end == QLatin1String("else")) {
            const Token &next = peekNonSpace();
            if (next.type == Tok::Keyword && next.text == context && type != Node::Type::Range) {
                // {{else if b}} is {{else}}{{if b}}...{{end}}{{end}} with one {{end}}.
                take();
                Node nested;
                nested.pos = next.pos;
                if (!control(&nested, type, context))
                    return false;
                node->elseBody.push_back(nested);
            } else {
                if (takeNonSpace().type != Tok::Right)
                    return failAt(QStringLiteral("unexpected token in else"), next.pos);
                if (!itemList(&node->elseBody, &end))
                    return false;
                if (end != QLatin1String("end"))
                    return failAt(end.isEmpty() ? QStringLiteral("unexpected EOF")
                                                : QStringLiteral("expected end; found {{else}}"),
                                  lastPos_);
            }
        }
        vars_.resize(varsBefore);
        return true;
    }

    bool declaration(Pipe *pipe)
    {
        const qsizetype save = next_;
        QStringList names;
        for (;;) {
            const Token &var = peekNonSpace();
            if (var.type != Tok::Variable)
                break;
            take();
            names << var.text;
            const Token &op = peekNonSpace();
            if (op.type == Tok::Declare || op.type == Tok::Assign) {
                take();
                pipe->assign = op.type == Tok::Assign;
                pipe->decl = names;
                if (!pipe->assign)
                    vars_ += names;
                return true;
            }
            if (op.type != Tok::Comma)
                break;
            take();
        }
        next_ = save;
        return true;
    }

    bool pipeline(Pipe *pipe, const QString &context, Tok end)
    {
        pipe->pos = peekNonSpace().pos;
        if (!declaration(pipe))
            return false;
        for (;;) {
            const Token &token = peekNonSpace();
            if (token.type == end) {
                take();
                if (pipe->cmds.empty())
                    return failAt(QStringLiteral("missing value for %1").arg(context), token.pos);
                break;
            }
            if (token.type == Tok::Pipe && !pipe->cmds.empty()) {
                take();
                continue;
            }
            Command cmd;
            if (!command(&cmd))
                return false;
            pipe->cmds.push_back(cmd);
        }
        QStringList cmds;
        for (const Command &cmd : pipe->cmds)
            cmds << cmd.text;
        pipe->text = pipe->decl.isEmpty()
                         ? cmds.join(QStringLiteral(" | "))
                         : pipe->decl.join(QStringLiteral(", ")) +
                               (pipe->assign ? QStringLiteral(" = ") : QStringLiteral(" := ")) +
                               cmds.join(QStringLiteral(" | "));
        return true;
    }

    bool command(Command *cmd)
    {
        cmd->pos = peekNonSpace().pos;
        QStringList texts;
        for (;;) {
            const Token &token = peekNonSpace();
            if (token.type == Tok::Right || token.type == Tok::RParen || token.type == Tok::Pipe)
                break;
            Operand operand;
            if (!term(&operand))
                return false;
            while (peek().type == Tok::Field)
                operand.fields << take().text.mid(1);
            operand.text += operand.fields.isEmpty() || operand.type == Operand::Type::Field
                                ? QString()
                                : u'.' + operand.fields.join(u'.');
            if (operand.type == Operand::Type::Field)
                operand.text = u'.' + operand.fields.join(u'.');
            texts << operand.text;
            cmd->args.push_back(operand);
            const Tok after = peek().type;
            if (after != Tok::Space && after != Tok::Right && after != Tok::RParen &&
                after != Tok::Pipe)
                return failAt(QStringLiteral("unexpected %1 in operand").arg(peek().text),
                              peek().pos);
        }
        if (cmd->args.empty())
            return failAt(QStringLiteral("empty command"), cmd->pos);
        cmd->text = texts.join(u' ');
        return true;
    }

    bool term(Operand *operand)
    {
        const Token &token = take();
        operand->pos = token.pos;
        operand->text = token.text;
        switch (token.type) {
        case Tok::Dot:
            operand->type = Operand::Type::Dot;
            return true;
        case Tok::Nil:
            operand->type = Operand::Type::Nil;
            return true;
        case Tok::Field:
            operand->type = Operand::Type::Field;
            operand->fields << token.text.mid(1);
            // A chain's position is its second field's, as in text/template.
            if (peek().type == Tok::Field)
                operand->pos = peek().pos;
            return true;
        case Tok::Variable:
            if (!vars_.contains(token.text))
                return failAt(QStringLiteral("undefined variable \"%1\"").arg(token.text),
                              token.pos);
            operand->type = Operand::Type::Variable;
            operand->name = token.text;
            return true;
        case Tok::Identifier:
            if (!functionNames().contains(token.text))
                return failAt(QStringLiteral("function \"%1\" not defined").arg(token.text),
                              token.pos);
            operand->type = Operand::Type::Function;
            operand->name = token.text;
            return true;
        case Tok::Bool:
            operand->type = Operand::Type::Literal;
            operand->literal = Value::boolean(token.text == QLatin1String("true"));
            return true;
        case Tok::String:
            return stringLiteral(token, operand);
        case Tok::Number:
            return number(token, operand);
        case Tok::LParen: {
            operand->type = Operand::Type::Paren;
            operand->pipe = std::make_shared<Pipe>();
            if (!pipeline(operand->pipe.get(), QStringLiteral("parenthesized pipeline"),
                          Tok::RParen))
                return false;
            operand->text = u'(' + operand->pipe->text + u')';
            return true;
        }
        default:
            return failAt(QStringLiteral("unexpected %1 in command").arg(token.text), token.pos);
        }
    }

    bool stringLiteral(const Token &token, Operand *operand)
    {
        operand->type = Operand::Type::Literal;
        QString value;
        if (token.text.startsWith(u'`'))
            value = token.text.mid(1, token.text.size() - 2);
        else if (!unquote(token.text, &value))
            return failAt(QStringLiteral("invalid syntax"), token.pos);
        operand->literal = Value::string(value);
        operand->text = goQuote(value);
        return true;
    }

    bool number(const Token &token, Operand *operand)
    {
        operand->type = Operand::Type::Literal;
        bool ok = false;
        const qint64 i = token.text.toLongLong(&ok, 0);
        if (ok) {
            operand->literal = Value::integer(i);
            return true;
        }
        const double d = token.text.toDouble(&ok);
        if (!ok)
            return failAt(QStringLiteral("bad number syntax: \"%1\"").arg(token.text), token.pos);
        operand->literal = Value::floating(d);
        return true;
    }

    const QString &text_;
    std::vector<Token> tokens_;
    std::size_t next_ = 0;
    QStringList vars_;
    int lastPos_ = 0;
    QString *error_ = nullptr;
};

// A value while the template runs: Go's reflect.Value, which may hold nothing at all.
struct TVal
{
    Value value;
    bool valid = true;
};

TVal none()
{
    return TVal{Value(), false};
}

// kubectl gives the template what json.Unmarshal makes of the object: numbers are float64.
Value withFloatNumbers(const Value &value)
{
    if (value.isInt())
        return Value::floating(double(value.toInt()));
    Value copy = value;
    if (value.isList())
        for (Value &item : copy.items())
            item = withFloatNumbers(item);
    if (value.isMap())
        for (auto &entry : copy.entries())
            entry.second = withFloatNumbers(entry.second);
    return copy;
}

bool isTrue(const TVal &v)
{
    if (!v.valid)
        return false;
    switch (v.value.type()) {
    case Value::Type::Null:
        return false;
    case Value::Type::Bool:
        return v.value.toBool();
    case Value::Type::Int:
        return v.value.toInt() != 0;
    case Value::Type::Float:
        return v.value.toDouble() != 0;
    case Value::Type::String:
        return !v.value.toString().isEmpty();
    default:
        return v.value.size() > 0;
    }
}

QString printed(const TVal &v)
{
    return v.valid ? goSprint(v.value) : QStringLiteral("<nil>");
}

class Executor
{
public:
    Executor(const QString &text, bool missingError, QString *out)
        : text_(text)
        , missingError_(missingError)
        , out_(out)
    {}

    bool run(const Node &root, const Value &data, QString *error)
    {
        const TVal dot{withFloatNumbers(data)};
        vars_ = {qMakePair(QStringLiteral("$"), dot)};
        const bool ok = walkList(dot, root.body);
        if (!ok)
            *error = error_;
        return ok;
    }

private:
    bool fail(int pos, const QString &context, const QString &message)
    {
        const QByteArray before = text_.toUtf8().left(pos);
        const qsizetype newline = before.lastIndexOf('\n');
        const int line = 1 + int(before.count('\n'));
        const int column = newline < 0 ? pos : pos - int(newline) - 1;
        error_ = QStringLiteral("template: output:%1:%2: executing \"output\" at <%3>: %4")
                     .arg(line)
                     .arg(column)
                     .arg(context, message);
        return false;
    }

    bool walkList(const TVal &dot, const std::vector<Node> &nodes)
    {
        for (const Node &node : nodes)
            if (!walk(dot, node))
                return false;
        return true;
    }

    bool walk(const TVal &dot, const Node &node)
    {
        switch (node.type) {
        case Node::Type::Text:
            *out_ += node.text;
            return true;
        case Node::Type::Action: {
            TVal value;
            if (!evalPipeline(dot, *node.pipe, &value))
                return false;
            if (node.pipe->decl.isEmpty())
                *out_ += value.valid ? goSprint(value.value) : QStringLiteral("<no value>");
            return true;
        }
        case Node::Type::If:
        case Node::Type::With:
            return walkIfOrWith(dot, node);
        case Node::Type::Range:
            return walkRange(dot, node);
        case Node::Type::List:
            return walkList(dot, node.body);
        }
        return true;
    }

    bool walkIfOrWith(const TVal &dot, const Node &node)
    {
        const qsizetype mark = vars_.size();
        TVal value;
        if (!evalPipeline(dot, *node.pipe, &value))
            return false;
        bool ok = true;
        if (isTrue(value))
            ok = walkList(node.type == Node::Type::With ? value : dot, node.body);
        else
            ok = walkList(dot, node.elseBody);
        vars_.resize(mark);
        return ok;
    }

    bool walkRange(const TVal &dot, const Node &node)
    {
        const qsizetype mark = vars_.size();
        TVal value;
        if (!evalPipeline(dot, *node.pipe, &value))
            return false;
        QList<QPair<TVal, TVal>> elements; // (key or index, element)
        if (value.valid && value.value.isList()) {
            const QList<Value> &items = value.value.items();
            for (qsizetype i = 0; i < items.size(); ++i)
                elements.append({TVal{Value::integer(i)}, TVal{items[i]}});
        } else if (value.valid && value.value.isMap()) {
            QList<QPair<QString, Value>> entries = value.value.entries();
            std::sort(entries.begin(), entries.end(),
                      [](const auto &a, const auto &b) { return a.first < b.first; });
            for (const auto &[key, item] : std::as_const(entries))
                elements.append({TVal{Value::string(key)}, TVal{item}});
        } else if (value.valid && !value.value.isNull()) {
            return fail(node.pipe->pos, node.pipe->text,
                        QStringLiteral("range can't iterate over %1").arg(printed(value)));
        }
        for (const auto &[key, element] : std::as_const(elements)) {
            const QStringList &decl = node.pipe->decl;
            if (decl.size() == 1)
                setVariable(decl[0], element);
            if (decl.size() == 2) {
                setVariable(decl[0], key);
                setVariable(decl[1], element);
            }
            const qsizetype iteration = vars_.size();
            if (!walkList(element, node.body))
                return false;
            vars_.resize(iteration); // what the body declared lives one iteration
        }
        const bool ok = !elements.isEmpty() || walkList(dot, node.elseBody);
        vars_.resize(mark);
        return ok;
    }

    void setVariable(const QString &name, const TVal &value)
    {
        for (qsizetype i = vars_.size() - 1; i >= 0; --i) {
            if (vars_[i].first == name) {
                vars_[i].second = value;
                return;
            }
        }
        vars_.append(qMakePair(name, value));
    }

    bool evalPipeline(const TVal &dot, const Pipe &pipe, TVal *result)
    {
        std::optional<TVal> final;
        for (const Command &cmd : pipe.cmds) {
            TVal value;
            if (!evalCommand(dot, cmd, final, &value))
                return false;
            // An interface holding nil is no value at all once a command is done.
            final = value.valid && value.value.isNull() ? none() : value;
        }
        *result = final ? *final : none();
        for (const QString &name : pipe.decl)
            if (pipe.assign)
                setVariable(name, *result);
            else
                vars_.append(qMakePair(name, *result));
        return true;
    }

    bool evalCommand(const TVal &dot, const Command &cmd, const std::optional<TVal> &final,
                     TVal *result)
    {
        const Operand &first = cmd.args.front();
        const bool hasArgs = cmd.args.size() > 1 || final.has_value();
        if (first.type == Operand::Type::Function)
            return call(dot, cmd, final, result);
        if (hasArgs && first.fields.isEmpty())
            return fail(cmd.pos, cmd.text,
                        QStringLiteral("can't give argument to non-function %1").arg(first.text));
        if (first.type == Operand::Type::Nil)
            return fail(cmd.pos, cmd.text, QStringLiteral("nil is not a command"));
        return evalOperand(dot, first, hasArgs, result);
    }

    bool evalOperand(const TVal &dot, const Operand &operand, bool hasArgs, TVal *result)
    {
        TVal receiver;
        switch (operand.type) {
        case Operand::Type::Dot:
        case Operand::Type::Field:
            receiver = dot;
            break;
        case Operand::Type::Variable:
            receiver = variable(operand.name);
            break;
        case Operand::Type::Literal:
            receiver = TVal{operand.literal};
            break;
        case Operand::Type::Paren:
            if (!evalPipeline(dot, *operand.pipe, &receiver))
                return false;
            break;
        case Operand::Type::Nil:
        case Operand::Type::Function:
            *result = none();
            return true;
        }
        for (qsizetype i = 0; i < operand.fields.size(); ++i)
            if (!evalField(operand, operand.fields[i], hasArgs && i + 1 == operand.fields.size(),
                           &receiver))
                return false;
        *result = receiver;
        return true;
    }

    TVal variable(const QString &name) const
    {
        for (qsizetype i = vars_.size() - 1; i >= 0; --i)
            if (vars_[i].first == name)
                return vars_[i].second;
        return none();
    }

    bool evalField(const Operand &operand, const QString &name, bool hasArgs, TVal *receiver)
    {
        if (!receiver->valid) {
            if (missingError_)
                return fail(operand.pos, operand.text,
                            QStringLiteral("nil data; no entry for key %1").arg(goQuote(name)));
            return true;
        }
        if (receiver->value.isNull())
            return fail(operand.pos, operand.text,
                        QStringLiteral("nil pointer evaluating interface {}.%1").arg(name));
        if (!receiver->value.isMap())
            return fail(operand.pos, operand.text,
                        QStringLiteral("can't evaluate field %1 in type interface {}").arg(name));
        if (hasArgs)
            return fail(operand.pos, operand.text,
                        QStringLiteral("%1 is not a method but has arguments").arg(name));
        if (const Value *v = receiver->value.find(name)) {
            *receiver = TVal{*v};
            return true;
        }
        if (missingError_)
            return fail(operand.pos, operand.text,
                        QStringLiteral("map has no entry for key %1").arg(goQuote(name)));
        *receiver = none();
        return true;
    }

    bool call(const TVal &dot, const Command &cmd, const std::optional<TVal> &final, TVal *result)
    {
        const QString &name = cmd.args.front().name;
        QList<TVal> args;
        for (std::size_t i = 1; i < cmd.args.size(); ++i) {
            TVal arg;
            if (!evalOperand(dot, cmd.args[i], false, &arg))
                return false;
            if (arg.valid && arg.value.isNull())
                arg = none();
            args << arg;
        }
        if (final)
            args << *final;
        QString error;
        if (!builtin(name, args, result, &error))
            return fail(cmd.pos, cmd.text,
                        error.startsWith(QLatin1String("wrong number"))
                            ? error
                            : QStringLiteral("error calling %1: %2").arg(name, error));
        return true;
    }

    static bool arity(const QString &name, const QList<TVal> &args, int want, QString *error)
    {
        if (args.size() == want)
            return true;
        *error = QStringLiteral("wrong number of args for %1: want %2 got %3")
                     .arg(name)
                     .arg(want)
                     .arg(args.size());
        return false;
    }

    bool builtin(const QString &name, const QList<TVal> &args, TVal *result, QString *error)
    {
        if (name == QLatin1String("and") || name == QLatin1String("or")) {
            if (args.isEmpty())
                return arity(name, args, 1, error);
            const bool wanted = name == QLatin1String("or");
            for (const TVal &arg : args) {
                *result = arg;
                if (isTrue(arg) == wanted)
                    break;
            }
            return true;
        }
        if (name == QLatin1String("not")) {
            if (!arity(name, args, 1, error))
                return false;
            *result = TVal{Value::boolean(!isTrue(args[0]))};
            return true;
        }
        if (name == QLatin1String("len"))
            return length(args, result, error);
        if (name == QLatin1String("index") || name == QLatin1String("exists"))
            return index(name, args, result, error);
        if (name.startsWith(QLatin1String("print")))
            return print(name, args, result, error);
        if (name == QLatin1String("base64decode"))
            return base64decode(args, result, error);
        return comparison(name, args, result, error);
    }

    static bool length(const QList<TVal> &args, TVal *result, QString *error)
    {
        if (!arity(QStringLiteral("len"), args, 1, error))
            return false;
        const TVal &v = args[0];
        if (!v.valid) {
            *error = QStringLiteral("len of nil pointer");
            return false;
        }
        if (v.value.isString()) {
            *result = TVal{Value::integer(v.value.toString().toUtf8().size())};
            return true;
        }
        if (!v.value.isList() && !v.value.isMap()) {
            *error = QStringLiteral("len of type interface {}");
            return false;
        }
        *result = TVal{Value::integer(v.value.size())};
        return true;
    }

    // index, and kubectl's exists: the same walk; exists answers whether it could go all the way.
    static bool index(const QString &name, const QList<TVal> &args, TVal *result, QString *error)
    {
        const bool exists = name == QLatin1String("exists");
        if (args.isEmpty())
            return arity(name, args, 1, error);
        TVal item = args[0];
        for (qsizetype i = 1; i < args.size(); ++i) {
            const TVal &key = args[i];
            if (!item.valid) {
                if (exists)
                    return answer(false, result);
                *error = QStringLiteral("index of untyped nil");
                return false;
            }
            if (item.value.isMap()) {
                if (!key.valid || !key.value.isString()) {
                    if (exists)
                        return answer(false, result);
                    *error = QStringLiteral("value has type %1; should be string")
                                 .arg(key.valid && key.value.isFloat() ? QStringLiteral("float64")
                                                                       : QStringLiteral("int"));
                    return false;
                }
                const Value *v = item.value.find(key.value.toString());
                item = v ? TVal{*v} : none();
                continue;
            }
            if (item.value.isList() || item.value.isString()) {
                if (!key.valid || !key.value.isInt()) {
                    if (exists)
                        return answer(false, result);
                    *error = QStringLiteral("cannot index slice/array with type %1")
                                 .arg(key.valid && key.value.isFloat() ? QStringLiteral("float64")
                                                                       : QStringLiteral("string"));
                    return false;
                }
                const qint64 at = key.value.toInt();
                const qint64 size =
                    item.value.isList() ? item.value.size() : item.value.toString().toUtf8().size();
                if (at < 0 || at >= size) {
                    if (exists)
                        return answer(false, result);
                    *error = QStringLiteral("index out of range: %1").arg(at);
                    return false;
                }
                item = item.value.isList()
                           ? TVal{item.value.items()[at]}
                           : TVal{Value::integer(quint8(item.value.toString().toUtf8()[at]))};
                continue;
            }
            if (exists)
                return answer(false, result);
            *error = QStringLiteral("can't index item of type interface {}");
            return false;
        }
        if (exists)
            return answer(item.valid && !item.value.isNull(), result);
        *result = item;
        return true;
    }

    static bool answer(bool b, TVal *result)
    {
        *result = TVal{Value::boolean(b)};
        return true;
    }

    static bool print(const QString &name, const QList<TVal> &args, TVal *result, QString *error)
    {
        QString text;
        if (name == QLatin1String("printf")) {
            if (args.isEmpty())
                return arity(name, args, 1, error);
            text = sprintf(args[0].value.toString(), args.mid(1));
        } else {
            for (qsizetype i = 0; i < args.size(); ++i) {
                // Sprint puts a space between operands when neither is a string.
                const bool strings =
                    args[i].value.isString() || (i > 0 && args[i - 1].value.isString());
                if (i > 0 && (name == QLatin1String("println") || !strings))
                    text += u' ';
                text += printed(args[i]);
            }
            if (name == QLatin1String("println"))
                text += u'\n';
        }
        *result = TVal{Value::string(text)};
        return true;
    }

    // fmt.Sprintf for the verbs one-liners use: %v %s %d %q %t %f and %%.
    static QString sprintf(const QString &format, const QList<TVal> &args)
    {
        QString out;
        qsizetype next = 0;
        for (qsizetype i = 0; i < format.size(); ++i) {
            if (format[i] != u'%' || i + 1 >= format.size()) {
                out += format[i];
                continue;
            }
            const QChar verb = format[++i];
            if (verb == u'%') {
                out += u'%';
                continue;
            }
            if (next >= args.size()) {
                out += QStringLiteral("%!") + verb + QStringLiteral("(MISSING)");
                continue;
            }
            const TVal &arg = args[next++];
            if (verb == u'q' && arg.value.isString())
                out += goQuote(arg.value.toString());
            else if (verb == u'd' && arg.value.isNumber() && !arg.value.isFloat())
                out += QString::number(arg.value.toInt());
            else if (verb == u'd' && arg.value.isFloat())
                out += QStringLiteral("%!d(float64=") + printed(arg) + u')';
            else if (verb == u'f' && arg.value.isNumber())
                out += QString::number(arg.value.toDouble(), 'f', 6);
            else
                out += printed(arg);
        }
        if (next < args.size()) {
            QStringList extra;
            for (qsizetype k = next; k < args.size(); ++k)
                extra << printed(args[k]);
            out += QStringLiteral("%!(EXTRA ") + extra.join(QStringLiteral(", ")) + u')';
        }
        return out;
    }

    static bool base64decode(const QList<TVal> &args, TVal *result, QString *error)
    {
        if (!arity(QStringLiteral("base64decode"), args, 1, error))
            return false;
        const QString text = args[0].value.toString();
        const auto decoded =
            QByteArray::fromBase64Encoding(text.toUtf8(), QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded) {
            *error = QStringLiteral("%1: illegal base64 data at input byte 0").arg(text);
            return false;
        }
        *result = TVal{Value::string(QString::fromUtf8(*decoded))};
        return true;
    }

    static bool comparison(const QString &name, const QList<TVal> &args, TVal *result,
                           QString *error)
    {
        if (name == QLatin1String("eq")) {
            if (args.size() < 2) {
                if (args.isEmpty())
                    return arity(name, args, 1, error);
                *error = QStringLiteral("missing argument for comparison");
                return false;
            }
            for (qsizetype i = 1; i < args.size(); ++i) {
                bool truth = false;
                if (!equal(args[0], args[i], &truth, error))
                    return false;
                if (truth)
                    return answer(true, result);
            }
            return answer(false, result);
        }
        if (!arity(name, args, 2, error))
            return false;
        bool lt = false;
        bool eq = false;
        if (name == QLatin1String("ne")) {
            if (!equal(args[0], args[1], &eq, error))
                return false;
            return answer(!eq, result);
        }
        if (!less(args[0], args[1], &lt, error))
            return false;
        if (name == QLatin1String("lt"))
            return answer(lt, result);
        if (name == QLatin1String("ge"))
            return answer(!lt, result);
        if (!lt && !equal(args[0], args[1], &eq, error))
            return false;
        return answer(name == QLatin1String("le") ? lt || eq : !(lt || eq), result);
    }

    // text/template's basic kinds: literal integers are int, data numbers float64.
    static int kindOf(const TVal &v)
    {
        if (!v.valid)
            return 0;
        switch (v.value.type()) {
        case Value::Type::Bool:
            return 1;
        case Value::Type::Int:
            return 2;
        case Value::Type::Float:
            return 3;
        case Value::Type::String:
            return 4;
        default:
            return 5;
        }
    }

    static bool equal(const TVal &a, const TVal &b, bool *truth, QString *error)
    {
        const int ka = kindOf(a);
        const int kb = kindOf(b);
        if (ka != kb) {
            if (ka != 0 && kb != 0) {
                *error = QStringLiteral("incompatible types for comparison");
                return false;
            }
            *truth = false; // no value equals nothing but no value
            return true;
        }
        switch (ka) {
        case 0:
            *truth = true;
            break;
        case 1:
            *truth = a.value.toBool() == b.value.toBool();
            break;
        case 2:
            *truth = a.value.toInt() == b.value.toInt();
            break;
        case 3:
            *truth = a.value.toDouble() == b.value.toDouble();
            break;
        case 4:
            *truth = a.value.toString() == b.value.toString();
            break;
        default:
            *error = QStringLiteral("non-comparable types");
            return false;
        }
        return true;
    }

    static bool less(const TVal &a, const TVal &b, bool *truth, QString *error)
    {
        const int ka = kindOf(a);
        const int kb = kindOf(b);
        if (ka == 0 || kb == 0 || ka == 1 || ka == 5 || kb == 5) {
            *error = QStringLiteral("invalid type for comparison");
            return false;
        }
        if (ka != kb) {
            *error = QStringLiteral("incompatible types for comparison");
            return false;
        }
        if (ka == 2)
            *truth = a.value.toInt() < b.value.toInt();
        else if (ka == 3)
            *truth = a.value.toDouble() < b.value.toDouble();
        else
            *truth = a.value.toString() < b.value.toString();
        return true;
    }

    const QString &text_;
    bool missingError_;
    QString *out_;
    QList<QPair<QString, TVal>> vars_;
    QString error_;
};

} // namespace

GoTemplate::GoTemplate() = default;
GoTemplate::~GoTemplate() = default;

bool GoTemplate::parse(const QString &text, QString *error)
{
    text_ = text;
    std::vector<Token> tokens;
    int errorPos = 0;
    if (!Lexer(text_).run(&tokens, error, &errorPos)) {
        const int line = 1 + int(text_.toUtf8().left(errorPos).count('\n'));
        *error = QStringLiteral("template: output:%1: %2").arg(line).arg(*error);
        return false;
    }
    auto root = std::make_unique<Node>();
    if (!TemplateParser(text_, std::move(tokens)).parse(root.get(), error))
        return false;
    root_ = std::move(root);
    return true;
}

bool GoTemplate::execute(const Value &data, QString *out, QString *error) const
{
    if (!root_) {
        *error = QStringLiteral("template: output: \"output\" is an incomplete or empty template");
        return false;
    }
    return Executor(text_, !allowMissingKeys_, out).run(*root_, data, error);
}

bool GoTemplate::print(const Value &object, const QString &rawTemplate, QString *out,
                       QString *error) const
{
    QString engineError;
    if (execute(object, out, &engineError))
        return true;
    // kubectl puts its debugging help on the output itself, then fails.
    *out += QStringLiteral("Error executing template: %1. Printing more information for "
                           "debugging the template:\n\ttemplate was:\n\t\t%2\n\traw data was:\n"
                           "\t\t%3\n\tobject given to template engine was:\n\t\t%4\n\n")
                .arg(engineError, rawTemplate, toCompactJson(object),
                     goSprint(withFloatNumbers(object)));
    *error =
        QStringLiteral("error executing template %1: %2").arg(goQuote(rawTemplate), engineError);
    return false;
}

} // namespace schedlab::kube
