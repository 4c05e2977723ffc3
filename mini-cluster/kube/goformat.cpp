// Go's fmt verbs on decoded objects: what kubectl's custom-columns cells and jsonpath errors show.
#include "goformat.h"

#include "printers.h"

#include <QStringList>

#include <algorithm>

namespace schedlab::kube {

namespace {

// fmt prints a map's keys sorted (internal/fmtsort): strings by their bytes.
QList<const QPair<QString, Value> *> sortedEntries(const Value &map)
{
    QList<const QPair<QString, Value> *> sorted;
    for (const auto &entry : map.entries())
        sorted.append(&entry);
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto *a, const auto *b) {
        return a->first.toUtf8() < b->first.toUtf8();
    });
    return sorted;
}

QString scalarText(const Value &value)
{
    switch (value.type()) {
    case Value::Type::Bool:
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case Value::Type::Int:
        return QString::number(value.toInt());
    case Value::Type::Float:
        return goFloatText(value.toDouble());
    default:
        return value.toString();
    }
}

bool isGoPrint(char32_t c)
{
    // unicode.IsPrint: graphic characters and the ASCII space only.
    if (c == U' ')
        return true;
    if (QChar::isSpace(c))
        return false;
    return QChar::isPrint(c);
}

QString hexEscape(const char *prefix, uint value, int width)
{
    return QLatin1String(prefix) + QStringLiteral("%1").arg(value, width, 16, QLatin1Char('0'));
}

} // namespace

QString goSprint(const Value &value)
{
    switch (value.type()) {
    case Value::Type::Null:
        return QStringLiteral("<nil>");
    case Value::Type::List: {
        QStringList parts;
        for (const Value &item : value.items())
            parts << goSprint(item);
        return u'[' + parts.join(u' ') + u']';
    }
    case Value::Type::Map: {
        QStringList parts;
        for (const auto *entry : sortedEntries(value))
            parts << entry->first + u':' + goSprint(entry->second);
        return QStringLiteral("map[") + parts.join(u' ') + u']';
    }
    default:
        return scalarText(value);
    }
}

QString goSharpV(const Value &value)
{
    switch (value.type()) {
    case Value::Type::Null:
        return QStringLiteral("interface {}(nil)");
    case Value::Type::String:
        return goQuote(value.toString());
    case Value::Type::List: {
        QStringList parts;
        for (const Value &item : value.items())
            parts << goSharpV(item);
        return QStringLiteral("[]interface {}{") + parts.join(QStringLiteral(", ")) + u'}';
    }
    case Value::Type::Map: {
        QStringList parts;
        for (const auto *entry : sortedEntries(value))
            parts << goQuote(entry->first) + u':' + goSharpV(entry->second);
        return QStringLiteral("map[string]interface {}{") + parts.join(QStringLiteral(", ")) + u'}';
    }
    default:
        return scalarText(value);
    }
}

QString goQuote(const QString &text)
{
    QString out = QStringLiteral("\"");
    for (const char32_t c : text.toUcs4()) {
        switch (c) {
        case U'"':
            out += QLatin1String("\\\"");
            continue;
        case U'\\':
            out += QLatin1String("\\\\");
            continue;
        case U'\a':
            out += QLatin1String("\\a");
            continue;
        case U'\b':
            out += QLatin1String("\\b");
            continue;
        case U'\f':
            out += QLatin1String("\\f");
            continue;
        case U'\n':
            out += QLatin1String("\\n");
            continue;
        case U'\r':
            out += QLatin1String("\\r");
            continue;
        case U'\t':
            out += QLatin1String("\\t");
            continue;
        case U'\v':
            out += QLatin1String("\\v");
            continue;
        default:
            break;
        }
        if (isGoPrint(c))
            out += QString::fromUcs4(&c, 1);
        else if (c < U' ' || c == 0x7f)
            out += hexEscape("\\x", c, 2);
        else if (c < 0x10000)
            out += hexEscape("\\u", c, 4);
        else
            out += hexEscape("\\U", c, 8);
    }
    return out + u'"';
}

} // namespace schedlab::kube
