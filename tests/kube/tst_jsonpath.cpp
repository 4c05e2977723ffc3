// Tests of kubectl's JSONPath engine (client-go util/jsonpath as kubectl 1.31 ships it), of the
// Go formatting its errors and custom-columns use, and of custom-columns itself. Most cases
// are client-go's own jsonpath_test.go cases, on decoded JSON as kubectl gives it.
#include "customcolumns.h"
#include "goformat.h"
#include "jsonpath.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>

using namespace schedlab::kube;

namespace {

Value fromJson(const QJsonValue &json)
{
    switch (json.type()) {
    case QJsonValue::Bool:
        return Value::boolean(json.toBool());
    case QJsonValue::Double: {
        // The unstructured decoder keeps integral numbers as int64.
        const double d = json.toDouble();
        if (std::floor(d) == d && std::fabs(d) < 1e15)
            return Value::integer(json.toInteger());
        return Value::floating(d);
    }
    case QJsonValue::String:
        return Value::string(json.toString());
    case QJsonValue::Array: {
        Value list = Value::list();
        for (const QJsonValue &item : json.toArray())
            list.append(fromJson(item));
        return list;
    }
    case QJsonValue::Object: {
        Value map = Value::map();
        const QJsonObject object = json.toObject();
        for (auto it = object.begin(); it != object.end(); ++it)
            map.set(it.key(), fromJson(it.value()));
        return map;
    }
    default:
        return Value::null();
    }
}

Value fromJson(const char *text)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray(text), &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("bad test JSON: %s", qPrintable(error.errorString()));
    return fromJson(doc.isObject() ? QJsonValue(doc.object()) : QJsonValue(doc.array()));
}

const char *const typesJson = R"({
  "bools": [true, false, true, false],
  "integers": [1, 2, 3, 4],
  "floats": [1.0, 2.2, 3.3, 4.0],
  "strings": ["one", "two", "three", "four"],
  "interfaces": [true, "one", 1, 1.1],
  "maps": [{"name": "one", "value": 1}, {"name": "two", "value": 2.02},
           {"name": "three", "value": 3.03}, {"name": "four", "value": 4.04}]
})";

const char *const storeJson = R"({
  "Name": "jsonpath",
  "Book": [
    {"Category": "reference", "Author": "Nigel Rees", "Title": "Sayings of the Centurey", "Price": 8.95},
    {"Category": "fiction", "Author": "Evelyn Waugh", "Title": "Sword of Honour", "Price": 12.99},
    {"Category": "fiction", "Author": "Herman Melville", "Title": "Moby Dick", "Price": 8.99}
  ],
  "Bicycle": [
    {"Color": "red", "Price": 19.95, "IsNew": true},
    {"Color": "green", "Price": 20.01, "IsNew": false}
  ],
  "Labels": {"engieer": 10, "web/html": 15, "k8s-app": 20},
  "Employees": {"jason": "manager", "dan": "clerk"},
  "Nothing": null
})";

const char *const pointsJson = R"([
  {"id": "i1", "x": 4, "y": -5},
  {"id": "i2", "x": -2, "y": -5, "z": 1},
  {"id": "i3", "x": 8, "y": 3},
  {"id": "i4", "x": -6, "y": -1},
  {"id": "i5", "x": 0, "y": 2, "z": 1},
  {"id": "i6", "x": 1, "y": 4}
])";

const char *const nodesJson = R"({
  "kind": "List",
  "items": [
    {"kind": "None",
     "metadata": {"name": "127.0.0.1", "labels": {"kubernetes.io/hostname": "127.0.0.1"}},
     "status": {"capacity": {"cpu": "4"}, "ready": true,
                "addresses": [{"type": "LegacyHostIP", "address": "127.0.0.1"}]}},
    {"kind": "None",
     "metadata": {"name": "127.0.0.2", "labels": {"kubernetes.io/hostname": "127.0.0.2"}},
     "status": {"capacity": {"cpu": "8"}, "ready": false,
                "addresses": [{"type": "LegacyHostIP", "address": "127.0.0.2"},
                              {"type": "another", "address": "127.0.0.3"}]}}
  ],
  "users": [
    {"name": "myself", "user": {}},
    {"name": "e2e", "user": {"username": "admin", "password": "secret"}}
  ]
})";

struct Run
{
    bool ok = false;
    QString out;
    QString error;
};

Run run(const QString &templateText, const Value &data, bool allowMissingKeys = false,
        bool jsonOutput = false)
{
    Run r;
    JsonPath path;
    if (!path.parse(templateText, &r.error))
        return r;
    path.setAllowMissingKeys(allowMissingKeys);
    path.setJsonOutput(jsonOutput);
    r.ok = path.execute(data, &r.out, &r.error);
    return r;
}

void addCase(const char *name, const char *templateText, const char *json, const char *expected)
{
    QTest::newRow(name) << QString::fromUtf8(templateText) << QByteArray(json)
                        << QString::fromUtf8(expected);
}

} // namespace

class TestJsonPath : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void printsWhatKubectlPrints_data()
    {
        QTest::addColumn<QString>("templateText");
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        addCase("bool list", "{ .bools }", typesJson, "[true,false,true,false]");
        addCase("bool index", "{ .bools[0] }", typesJson, "true");
        addCase("negative index", "{ .bools[-1] }", typesJson, "false");
        addCase("sub-list", "{ .bools[0:2] }", typesJson, "true false");
        addCase("step", "{ .bools[:4:2] }", typesJson, "true true");
        addCase("integer index", "{ .integers[-2] }", typesJson, "3");
        addCase("float list", "{ .floats }", typesJson, "[1,2.2,3.3,4]");
        addCase("float index", "{ .floats[-2] }", typesJson, "3.3");
        addCase("strings", "{ .strings[:2] }", typesJson, "one two");
        addCase("string list as JSON", "{ .strings }", typesJson,
                "[\"one\",\"two\",\"three\",\"four\"]");
        addCase("mixed", "{ .interfaces }", typesJson, "[true,\"one\",1,1.1]");
        addCase("mixed slice", "{ .interfaces[:4:2] }", typesJson, "true 1");
        addCase("map in list", "{ .maps[0] }", typesJson, "{\"name\":\"one\",\"value\":1}");
        addCase("maps every other", "{ .maps[1::2] }", typesJson,
                "{\"name\":\"two\",\"value\":2.02} {\"name\":\"four\",\"value\":4.04}");
        addCase("plain text", "hello jsonpath", "{}", "hello jsonpath");
        addCase("recursive list", "{..}", "[1, 2, 3]", "[1,2,3]");
        addCase("filter", "{[?(@<5)]}", "[2, 6, 3, 7]", "2 3");
        addCase("quoted brace", "{\"{\"}", "{}", "{");
        addCase("union", "{[1,3,4]}", "[0, 1, 2, 3, 4]", "1 3 4");
        addCase("slice", "{[0:2]}", "[\"Monday\", \"Tudesday\"]", "Monday Tudesday");
        addCase("text around", "hello {.Name}", storeJson, "hello jsonpath");
        addCase("slash in key", "{$.Labels.web/html}", storeJson, "15");
        addCase("dash in key", "{.Labels.k8s-app}", storeJson, "20");
        addCase("nested", "{.Bicycle[*].Color}", storeJson, "red green");
        addCase("all authors", "{.Book[*].Author}", storeJson,
                "Nigel Rees Evelyn Waugh Herman Melville");
        // A decoded object is a map: its fields come in key order (Go's order is random).
        addCase("wildcard in range", "{range .Bicycle[*]}{ \"{\" }{ @.* }{ \"} \" }{end}",
                storeJson, "{red true 19.95} {green false 20.01} ");
        addCase("recursive field", "{..Price}", storeJson, "19.95 20.01 8.95 12.99 8.99");
        addCase("recursive after dot", "{...Price}", storeJson, "19.95 20.01 8.95 12.99 8.99");
        addCase("object in range", "{range .Bicycle[*]}{ @ }{ \" \" }{end}", storeJson,
                "{\"Color\":\"red\",\"IsNew\":true,\"Price\":19.95} "
                "{\"Color\":\"green\",\"IsNew\":false,\"Price\":20.01} ");
        addCase("last", "{.Book[-1:]}", storeJson,
                "{\"Author\":\"Herman Melville\",\"Category\":\"fiction\",\"Price\":8.99,"
                "\"Title\":\"Moby Dick\"}");
        addCase("recursive then index", "{..Book[2].Title}", storeJson, "Moby Dick");
        addCase("bool filter", "{.Bicycle[?(@.IsNew==true)].Color}", storeJson, "red");
        addCase("string filter", "{.Book[?(@.Category==\"fiction\")].Title}", storeJson,
                "Sword of Honour Moby Dick");
        addCase("number filter", "{.Book[?(@.Price<9.0)].Author}", storeJson,
                "Nigel Rees Herman Melville");
        addCase("not equal filter", "{.Book[?(@.Category!='fiction')].Price}", storeJson, "8.95");
        addCase("null", "{.Nothing}", storeJson, "null");
        addCase("exists filter", "{[?(@.z)].id}", pointsJson, "i2 i5");
        addCase("bracket key", "{[0]['id']}", pointsJson, "i1");
        addCase("int filter", "{[?(@.x>=1)].id}", pointsJson, "i1 i3 i6");
        addCase("range then text", "{range .items[*]}{.metadata.name}, {end}{.kind}", nodesJson,
                "127.0.0.1, 127.0.0.2, List");
        addCase("range with tab", "{range .items[*]}{.metadata.name}{\"\\t\"}{end}", nodesJson,
                "127.0.0.1\t127.0.0.2\t");
        addCase("addresses", "{.items[*].status.addresses[*].address}", nodesJson,
                "127.0.0.1 127.0.0.2 127.0.0.3");
        addCase("double range",
                "{range .items[*]}{range .status.addresses[*]}{.address}, {end}{end}", nodesJson,
                "127.0.0.1, 127.0.0.2, 127.0.0.3, ");
        addCase("names", "{.items[*].metadata.name}", nodesJson, "127.0.0.1 127.0.0.2");
        addCase("union of paths", "{.items[*]['metadata.name', 'status.capacity']}", nodesJson,
                "127.0.0.1 127.0.0.2 {\"cpu\":\"4\"} {\"cpu\":\"8\"}");
        addCase("range with brackets",
                "{range .items[*]}[{.metadata.name}, {.status.capacity}] {end}", nodesJson,
                "[127.0.0.1, {\"cpu\":\"4\"}] [127.0.0.2, {\"cpu\":\"8\"}] ");
        addCase("password", "{.users[?(@.name==\"e2e\")].user.password}", nodesJson, "secret");
        addCase("escaped dots", "{.items[0].metadata.labels.kubernetes\\.io/hostname}", nodesJson,
                "127.0.0.1");
        addCase("escaped dots in filter",
                "{.items[?(@.metadata.labels.kubernetes\\.io/hostname==\"127.0.0.1\")].kind}",
                nodesJson, "None");
        addCase("recursive in filter", "{.items[?(@..ready==true)].metadata.name}", nodesJson,
                "127.0.0.1");
        addCase("empty range", "{range .items[*]}{.metadata.name}{end}", "{\"items\": []}", "");
        addCase("empty nested range",
                "{range .items[*]}{.metadata.name}{\":\"}{range @.spec.containers[*]}{.name}{\",\"}"
                "{end}{\"+\"}{end}",
                "{\"items\": []}", "");
        addCase("the current object", "{@}", "{\"a\": 1}", "{\"a\":1}");
        addCase("HTML escaped", "{.a}", "{\"a\": {\"b\": \"<&>\"}}",
                "{\"b\":\"\\u003c\\u0026\\u003e\"}");
    }

    void printsWhatKubectlPrints()
    {
        QFETCH(QString, templateText);
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        // kubectl's default: --allow-missing-template-keys=true.
        const Run r = run(templateText, fromJson(json.constData()), true);
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.out, expected);
    }

    void missingKeysPrintNothingWhenAllowed()
    {
        const Value store = fromJson(storeJson);
        QCOMPARE(run(QStringLiteral("{.hello}"), store, true).out, QString());
        QCOMPARE(run(QStringLiteral("before-{.hello}after"), store, true).out,
                 QStringLiteral("before-after"));
        // A filter skips what has no such field.
        QCOMPARE(run(QStringLiteral("{[?(@.z==1)].id}"), fromJson(pointsJson), true).out,
                 QStringLiteral("i2 i5"));
    }

    void errorsAreTheEnginesMessages_data()
    {
        QTest::addColumn<QString>("templateText");
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        addCase("identifier", "{hello}", storeJson, "unrecognized identifier hello");
        addCase("missing", "{.hello}", storeJson, "hello is not found");
        addCase("not a list", "{.Labels[0]}", storeJson,
                "map[string]interface {} is not array or slice");
        addCase("string is no list", "{.Name[0]}", storeJson, "string is not array or slice");
        addCase("operator", "{.Book[?(@.Price<>10)]}", storeJson,
                "unrecognized filter operator <>");
        addCase("end twice", "{range .Labels.*}{@}{end}{end}", storeJson,
                "not in range, nothing to end");
        addCase("out of bounds", "{.Book[5]}", storeJson,
                "array index out of bounds: index 5, length 3");
        addCase("negative out of bounds", "{.Book[-5]}", storeJson,
                "array index out of bounds: index -2, length 3");
        addCase("slice end", "{.Book[1:5]}", storeJson,
                "array index out of bounds: index 4, length 3");
        addCase("empty list", "{.items[0].metadata.name}", "{\"items\": []}",
                "array index out of bounds: index 0, length 0");
        addCase("reversed", "{.Book[2:1]}", storeJson,
                "starting index 2 is greater than ending index 1");
        addCase("step zero", "{.Book[::0]}", storeJson, "step must be > 0");
        addCase("filter on null", "{.Nothing[?(@.a==1)]}", storeJson,
                "<nil> is not array or slice and cannot be filtered");
        addCase("incompatible", "{[?(@.x==1.5)]}", pointsJson, "incompatible types for comparison");
        // A price is a float64 and 9 an int: text/template's lt does not compare them.
        addCase("float and int", "{.Book[?(@.Price<9)]}", storeJson,
                "incompatible types for comparison");
        addCase("map compared", "{[?(@.a==\"x\")]}", "[{\"a\": {}}]",
                "invalid type for comparison");
        addCase("missing in filter", "{[?(@.z==1)].id}", pointsJson, "z is not found");
        addCase("several compared", "{[?(@.a[*]==1)]}", "[{\"a\": [1, 2]}]",
                "can only compare one element at a time");
    }

    void errorsAreTheEnginesMessages()
    {
        QFETCH(QString, templateText);
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        const Run r = run(templateText, fromJson(json.constData()));
        QVERIFY(!r.ok);
        QCOMPARE(r.error, expected);
    }

    void syntaxErrorsAreTheParsersMessages_data()
    {
        QTest::addColumn<QString>("templateText");
        QTest::addColumn<QString>("expected");
        QTest::newRow("array") << QStringLiteral("{.items[*")
                               << QStringLiteral("unterminated array");
        QTest::newRow("action") << QStringLiteral("{.items") << QStringLiteral("unclosed action");
        QTest::newRow("recursive") << QStringLiteral("{............Price}")
                                   << QStringLiteral("invalid multiple recursive descent");
        QTest::newRow("index") << QStringLiteral("{.a[x]}")
                               << QStringLiteral("invalid array index x");
        QTest::newRow("quote") << QStringLiteral("{\"\\q\"}")
                               << QStringLiteral("unquote string \"\\q\" error invalid syntax");
        QTest::newRow("unterminated quote")
            << QStringLiteral("{\"abc}") << QStringLiteral("unterminated quoted string");
        QTest::newRow("character")
            << QStringLiteral("{!}")
            << QStringLiteral("unrecognized character in action: U+0021 '!'");
        QTest::newRow("filter") << QStringLiteral("{.a[?(@.b==1}")
                                << QStringLiteral("unterminated filter");
        QTest::newRow("filter bracket")
            << QStringLiteral("{.a[?(@.b==1)}") << QStringLiteral("unclosed array expect ]");
    }

    void syntaxErrorsAreTheParsersMessages()
    {
        QFETCH(QString, templateText);
        QFETCH(QString, expected);
        JsonPath path;
        QString error;
        QVERIFY(!path.parse(templateText, &error));
        QCOMPARE(error, expected);
    }

    void jsonOutputIsAnIndentedArrayPerPart()
    {
        const Run r =
            run(QStringLiteral("{.items[*].metadata.name}"), fromJson(nodesJson), true, true);
        QCOMPARE(r.out, QStringLiteral("[\n    \"127.0.0.1\",\n    \"127.0.0.2\"\n]\n"));
        QCOMPARE(run(QStringLiteral("{.nothing}"), fromJson(nodesJson), true, true).out,
                 QStringLiteral("[]\n"));
    }

    void aNullRangedOverIsNoValue()
    {
        // In a {range}, Go hands each item over by its interface: a null is then no value.
        QCOMPARE(run(QStringLiteral("{range .a[*]}[{@}]{end}"), fromJson("{\"a\": [null, 1]}")).out,
                 QStringLiteral("[<no value>][1]"));
    }

    void relaxedPathsForColumnsAndSorting()
    {
        const QStringList forms{QStringLiteral("metadata.name"), QStringLiteral(".metadata.name"),
                                QStringLiteral("{metadata.name}"),
                                QStringLiteral("{.metadata.name}")};
        for (const QString &form : forms) {
            QString expression;
            QString error;
            QVERIFY(relaxedJsonPathExpression(form, &expression, &error));
            QCOMPARE(expression, QStringLiteral("{.metadata.name}"));
        }
        QString expression;
        QString error;
        QVERIFY(!relaxedJsonPathExpression(QStringLiteral("{.a}{.b}"), &expression, &error));
        QCOMPARE(error, QStringLiteral("unexpected path string, expected a 'name1.name2' or "
                                       "'.name1.name2' or '{name1.name2}' or '{.name1.name2}'"));
    }

    void goFormatting()
    {
        const Value v = fromJson(R"({"b": [1, "x", null], "a": {"k": true}, "f": 1234567.5})");
        QCOMPARE(goSprint(v), QStringLiteral("map[a:map[k:true] b:[1 x <nil>] f:1.2345675e+06]"));
        QCOMPARE(goSharpV(v), QStringLiteral("map[string]interface {}{\"a\":map[string]interface "
                                             "{}{\"k\":true}, \"b\":[]interface {}{1, \"x\", "
                                             "interface {}(nil)}, \"f\":1.2345675e+06}"));
        QCOMPARE(goQuote(QStringLiteral("{range .items[*]}{\"\\n\"}\t\u00e9")),
                 QStringLiteral("\"{range .items[*]}{\\\"\\\\n\\\"}\\t\u00e9\""));
    }

    void customColumns()
    {
        QList<CustomColumn> columns;
        QString error;
        QVERIFY(parseCustomColumnsSpec(
            QStringLiteral("NAME:.metadata.name,ADDRESSES:.status.addresses[*].address,"
                           "READY:{.status.ready},GONE:.status.nope,CPU:status.capacity"),
            &columns, &error));
        QString out;
        QVERIFY(printCustomColumns(columns, fromJson(nodesJson)[QStringLiteral("items")].items(),
                                   false, &out, &error));
        QCOMPARE(out,
                 QStringLiteral("NAME        ADDRESSES             READY   GONE     CPU\n"
                                "127.0.0.1   127.0.0.1             true    <none>   map[cpu:4]\n"
                                "127.0.0.2   127.0.0.2,127.0.0.3   false   <none>   map[cpu:8]\n"));
        QVERIFY(!parseCustomColumnsSpec(QStringLiteral("NAME"), &columns, &error));
        QCOMPARE(error, QStringLiteral("unexpected custom-columns spec: NAME, expected "
                                       "<header>:<json-path-expr>"));
        QVERIFY(!parseCustomColumnsSpec(QString(), &columns, &error));
        QCOMPARE(error,
                 QStringLiteral("custom-columns format specified but no custom columns given"));
    }

    void customColumnsFromAFile()
    {
        QList<CustomColumn> columns;
        QString error;
        QVERIFY(parseCustomColumnsTemplate(QStringLiteral("NAME   KIND\n.metadata.name  {.kind}\n"),
                                           &columns, &error));
        QCOMPARE(columns.size(), 2);
        QCOMPARE(columns[1].fieldSpec, QStringLiteral("{.kind}"));
        QVERIFY(!parseCustomColumnsTemplate(QStringLiteral("NAME KIND\n.metadata.name\n"), &columns,
                                            &error));
        QCOMPARE(error, QStringLiteral("number of headers (2) and field specifications (1) don't "
                                       "match"));
        // A bad path still leaves the header printed, as kubectl's tabwriter does.
        QVERIFY(parseCustomColumnsSpec(QStringLiteral("NAME:.a[x]"), &columns, &error));
        QString out;
        QVERIFY(!printCustomColumns(columns, {Value::map()}, false, &out, &error));
        QCOMPARE(out, QStringLiteral("NAME\n"));
        QCOMPARE(error, QStringLiteral("invalid array index x"));
    }
};

QTEST_GUILESS_MAIN(TestJsonPath)
#include "tst_jsonpath.moc"
