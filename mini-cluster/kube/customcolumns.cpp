// Custom columns as kubectl 1.31 prints them: each cell is every value its JSONPath finds,
// printed with Go's %v and joined by commas, or <none> when it finds nothing.
#include "customcolumns.h"

#include "goformat.h"
#include "jsonpath.h"
#include "printers.h"

#include <QRegularExpression>

#include <memory>
#include <vector>

namespace schedlab::kube {

namespace {

// printers.EscapeTerminal: a cell cannot move the terminal's cursor.
QString escapeTerminal(QString text)
{
    return text.replace(QChar(0x1b), QStringLiteral("^[")).replace(u'\r', QStringLiteral("\\r"));
}

QString cellOf(const QList<JsonPath::Results> &groups)
{
    QStringList values;
    if (groups.isEmpty() || groups.first().isEmpty())
        values << QStringLiteral("<none>");
    for (const JsonPath::Results &group : groups)
        for (const JsonPath::Item &item : group)
            values << escapeTerminal(item.valid ? goSprint(item.value)
                                                : QStringLiteral("<invalid Value>"));
    return values.join(u',');
}

} // namespace

bool parseCustomColumnsSpec(const QString &spec, QList<CustomColumn> *columns, QString *error)
{
    columns->clear();
    if (spec.isEmpty()) {
        *error = QStringLiteral("custom-columns format specified but no custom columns given");
        return false;
    }
    for (const QString &part : spec.split(u',')) {
        const qsizetype colon = part.indexOf(u':');
        if (colon < 0) {
            *error = QStringLiteral("unexpected custom-columns spec: %1, expected "
                                    "<header>:<json-path-expr>")
                         .arg(part);
            return false;
        }
        CustomColumn column;
        column.header = part.left(colon);
        if (!relaxedJsonPathExpression(part.mid(colon + 1), &column.fieldSpec, error))
            return false;
        columns->append(column);
    }
    return true;
}

bool parseCustomColumnsTemplate(const QString &text, QList<CustomColumn> *columns, QString *error)
{
    columns->clear();
    static const QString format = QStringLiteral(
        " Expected format is one line of space separated headers, one line of space separated "
        "column specs.");
    QStringList lines = text.split(u'\n');
    for (QString &line : lines)
        if (line.endsWith(u'\r'))
            line.chop(1); // bufio.ScanLines drops a carriage return before the newline
    if (!text.isEmpty() && text.endsWith(u'\n'))
        lines.removeLast();
    if (lines.isEmpty() || text.isEmpty()) {
        *error = QStringLiteral("invalid template, missing header line.") + format;
        return false;
    }
    if (lines.size() < 2) {
        *error = QStringLiteral("invalid template, missing spec line.") + format;
        return false;
    }
    static const QRegularExpression blanks(QStringLiteral("\\s+"));
    const QStringList headers = lines[0].split(blanks, Qt::SkipEmptyParts);
    const QStringList specs = lines[1].split(blanks, Qt::SkipEmptyParts);
    if (headers.size() != specs.size()) {
        *error = QStringLiteral("number of headers (%1) and field specifications (%2) don't match")
                     .arg(headers.size())
                     .arg(specs.size());
        return false;
    }
    for (qsizetype i = 0; i < headers.size(); ++i) {
        CustomColumn column;
        column.header = headers[i];
        if (!relaxedJsonPathExpression(specs[i], &column.fieldSpec, error))
            return false;
        columns->append(column);
    }
    return true;
}

bool printCustomColumns(const QList<CustomColumn> &columns, const QList<Value> &objects,
                        bool noHeaders, QString *out, QString *error)
{
    TabWriter writer;
    // kubectl writes the header, then parses the paths: a bad path still shows the header.
    const auto finish = [&](bool ok) {
        *out += writer.text();
        return ok;
    };
    if (!noHeaders) {
        QStringList headers;
        for (const CustomColumn &column : columns)
            headers << column.header;
        writer.addRow(headers);
    }
    std::vector<std::unique_ptr<JsonPath>> parsers;
    for (const CustomColumn &column : columns) {
        parsers.push_back(std::make_unique<JsonPath>());
        parsers.back()->setAllowMissingKeys(true);
        if (!parsers.back()->parse(column.fieldSpec, error))
            return finish(false);
    }
    for (const Value &object : objects) {
        QStringList row;
        for (const auto &parser : parsers) {
            QList<JsonPath::Results> groups;
            if (!parser->findResults(object, &groups, error))
                return finish(false);
            row << cellOf(groups);
        }
        writer.addRow(row);
    }
    return finish(true);
}

} // namespace schedlab::kube
