// Checks the manifest reader: what kubectl (go-yaml v2) would decode, and its error messages.
#include "value.h"
#include "yamlreader.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTest>

#include <cmath>
#include <cstring>

using namespace schedlab::kube;

Q_DECLARE_METATYPE(schedlab::kube::Value)

namespace {

QByteArray dataFile(const QString &name)
{
    QFile file(QStringLiteral(SCHEDLAB_TEST_DATA "/yamlreader/") + name);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing test data %s", qPrintable(file.fileName()));
    return file.readAll();
}

// The single document of `text`, or a failed check.
Value single(const QByteArray &text)
{
    const YamlReadResult result = readYamlDocuments(text);
    if (!result.ok() || result.documents.size() != 1) {
        qWarning("expected one document from %s, got %lld (%s)", text.constData(),
                 qlonglong(result.documents.size()), qPrintable(result.error));
        return Value::string(QStringLiteral("<no single document>"));
    }
    return result.documents.first().root;
}

const QByteArray kBillionLaughs = R"(apiVersion: v1
data:
  a: &a ["web","web","web","web","web","web","web","web","web"]
  b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
  c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
  d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
  e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
  f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
  g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
  h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
  i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
kind: ConfigMap
metadata:
  name: yaml-bomb
)";

} // namespace

class TestYamlReader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void jobManifest();
    void crlfAndBom();
    void scalarTypes_data();
    void scalarTypes();
    void keysBecomeStrings();
    void jsonInput();
    void multipleDocuments();
    void nonMapRootsAreKept();
    void anchorsAndMergeKeys();
    void errors_data();
    void errors();
    void errorsClearDocuments();
    void aliasBombFailsFast();
    void deepNesting();
    void oversizedDocument();
    void hugeFiles();
    void valueApi();
};

void TestYamlReader::jobManifest()
{
    const QByteArray text = dataFile(QStringLiteral("sommeil-job.yaml"));
    const YamlReadResult result = readYamlDocuments(text);
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(result.documents.size(), 1);
    QCOMPARE(result.documents[0].firstLine, 1);
    QCOMPARE(result.documents[0].size, text.size());

    const Value &job = result.documents[0].root;
    QVERIFY(job.isMap());
    QCOMPARE(job.line(), 2);
    QStringList keys;
    for (const auto &entry : job.entries())
        keys << entry.first;
    QCOMPARE(keys, QStringList({"apiVersion", "kind", "metadata", "spec"}));

    QCOMPARE(job["apiVersion"].toString(), QStringLiteral("batch/v1"));
    QCOMPARE(job["apiVersion"].line(), 2);
    QCOMPARE(job["kind"].toString(), QStringLiteral("Job"));
    QCOMPARE(job["metadata"]["name"].toString(), QStringLiteral("sommeil"));
    QCOMPARE(job["metadata"]["name"].line(), 5);

    const Value &spec = job["spec"];
    QVERIFY(spec["backoffLimit"].isInt());
    QCOMPARE(spec["backoffLimit"].toInt(), 0);
    QCOMPARE(spec["backoffLimit"].line(), 7);
    QVERIFY(spec["activeDeadlineSeconds"].isInt());
    QCOMPARE(spec["activeDeadlineSeconds"].toInt(), 120);
    QCOMPARE(spec["activeDeadlineSeconds"].line(), 8);

    const Value &podSpec = spec["template"]["spec"];
    QVERIFY(podSpec["containers"].isList());
    QCOMPARE(podSpec["containers"].size(), 1);
    QCOMPARE(podSpec["containers"].line(), 12);
    const Value &container = podSpec["containers"].items().first();
    QVERIFY(container.isMap());
    QCOMPARE(container["name"].toString(), QStringLiteral("sommeil"));
    QCOMPARE(container["name"].line(), 12);
    QVERIFY(container["image"].isString());
    QCOMPARE(container["image"].toString(), QStringLiteral("busybox:1.36"));
    QCOMPARE(container["image"].line(), 13);
    const Value &command = container["command"];
    QVERIFY(command.isList());
    QCOMPARE(command.line(), 14);
    QStringList words;
    for (const Value &word : command.items()) {
        QVERIFY(word.isString());
        words << word.toString();
    }
    QCOMPARE(words, QStringList({"sh", "-c", "hostname; sleep 30"}));
    QCOMPARE(podSpec["restartPolicy"].toString(), QStringLiteral("Never"));
    QCOMPARE(podSpec["restartPolicy"].line(), 15);

    QVERIFY(job["status"].isNull());
    QVERIFY(!job.contains(QStringLiteral("status")));
}

void TestYamlReader::crlfAndBom()
{
    const QByteArray lf = dataFile(QStringLiteral("sommeil-job.yaml"));
    QByteArray crlf = lf;
    crlf.replace("\n", "\r\n");
    const QByteArray bom = QByteArray("\xEF\xBB\xBF") + crlf;

    const Value expected = single(lf);
    for (const QByteArray &variant : {crlf, bom}) {
        const YamlReadResult result = readYamlDocuments(variant);
        QVERIFY2(result.ok(), qPrintable(result.error));
        QCOMPARE(result.documents.size(), 1);
        const Value &root = result.documents[0].root;
        QVERIFY(root == expected);
        // No stray carriage return at the end of a value, and the same lines.
        QCOMPARE(root["spec"]["template"]["spec"]["restartPolicy"].toString(),
                 QStringLiteral("Never"));
        QCOMPARE(root["spec"]["template"]["spec"]["restartPolicy"].line(), 15);
    }

    // Windows Notepad's "Unicode" (UTF-16 with a BOM) is read too, as go-yaml does.
    const QString text = QString::fromUtf8(lf);
    QByteArray utf16("\xFF\xFE");
    utf16.append(reinterpret_cast<const char *>(text.utf16()), text.size() * 2);
    QVERIFY(single(utf16) == expected);
}

void TestYamlReader::scalarTypes_data()
{
    QTest::addColumn<QByteArray>("scalar");
    QTest::addColumn<Value>("expected");

    const auto row = [](const char *scalar, const Value &expected) {
        const QByteArray name = QByteArray(scalar).replace('\n', "\\n");
        QTest::newRow(name.isEmpty() ? "(empty)" : name.constData())
            << QByteArray(scalar) << expected;
    };
    // YAML 1.1 booleans and nulls, as go-yaml v2 resolves plain scalars.
    row("yes", Value::boolean(true));
    row("Yes", Value::boolean(true));
    row("on", Value::boolean(true));
    row("ON", Value::boolean(true));
    row("y", Value::boolean(true));
    row("true", Value::boolean(true));
    row("No", Value::boolean(false));
    row("off", Value::boolean(false));
    row("n", Value::boolean(false));
    row("FALSE", Value::boolean(false));
    row("yEs", Value::string(QStringLiteral("yEs")));
    row("~", Value::null());
    row("null", Value::null());
    row("NULL", Value::null());
    row("", Value::null());
    // Integers: decimal, hexadecimal, octal (0o and a leading 0), binary, underscores.
    row("42", Value::integer(42));
    row("-17", Value::integer(-17));
    row("+5", Value::integer(5));
    row("0x1F", Value::integer(31));
    row("010", Value::integer(8));
    row("0o17", Value::integer(15));
    row("0b101", Value::integer(5));
    row("1_000", Value::integer(1000));
    row("9223372036854775807", Value::integer(std::numeric_limits<qint64>::max()));
    row("-9223372036854775808", Value::integer(std::numeric_limits<qint64>::min()));
    // Past int64 a number is still a number, as a float.
    row("9223372036854775808", Value::floating(9223372036854775808.0));
    row("100000000000000000000", Value::floating(1e20));
    // Floats; "08" is no octal, so go-yaml reads it as a float.
    row("1e3", Value::floating(1000));
    row("3.14", Value::floating(3.14));
    row("-.5", Value::floating(-0.5));
    row("1.", Value::floating(1));
    row("08", Value::floating(8));
    row(".inf", Value::floating(std::numeric_limits<double>::infinity()));
    row("-.Inf", Value::floating(-std::numeric_limits<double>::infinity()));
    // Strings: quoted or block scalars whatever they look like, sexagesimal numbers and
    // dates (go-yaml v2 resolves neither), version-like and unit-like text.
    row("\"true\"", Value::string(QStringLiteral("true")));
    row("'yes'", Value::string(QStringLiteral("yes")));
    row("\"42\"", Value::string(QStringLiteral("42")));
    row("1:30", Value::string(QStringLiteral("1:30")));
    row("190:20:30", Value::string(QStringLiteral("190:20:30")));
    row("2024-01-15", Value::string(QStringLiteral("2024-01-15")));
    row("1.36", Value::floating(1.36));
    row("1.36.0", Value::string(QStringLiteral("1.36.0")));
    row("500m", Value::string(QStringLiteral("500m")));
    row("0x", Value::string(QStringLiteral("0x")));
    row("0xFFFFFFFFFFFFFFFFFF", Value::string(QStringLiteral("0xFFFFFFFFFFFFFFFFFF")));
    row("|\n  two\n  lines", Value::string(QStringLiteral("two\nlines\n")));
    row(">-\n  folded\n  text", Value::string(QStringLiteral("folded text")));
    // Explicit tags are honoured.
    row("!!str 5", Value::string(QStringLiteral("5")));
    row("!!str yes", Value::string(QStringLiteral("yes")));
    row("!!int \"7\"", Value::integer(7));
    row("!!float 3", Value::floating(3));
    row("!!bool on", Value::boolean(true));
    row("!!null ~", Value::null());
}

void TestYamlReader::scalarTypes()
{
    QFETCH(QByteArray, scalar);
    QFETCH(Value, expected);
    const Value root = single("value: " + scalar + "\n");
    const Value &value = root["value"];
    QCOMPARE(int(value.type()), int(expected.type()));
    if (expected.isFloat() && std::isinf(expected.toDouble()))
        QCOMPARE(value.toDouble(), expected.toDouble());
    QVERIFY2(value == expected, qPrintable(value.toString()));
    QCOMPARE(value.line(), 1);
}

void TestYamlReader::keysBecomeStrings()
{
    // As the YAML to JSON conversion writes them; "n" is a boolean in YAML 1.1.
    const Value root = single("1: a\ntrue: b\n~: c\n1.5: d\n0x10: e\n\"x\": f\nn: g\n");
    QStringList keys;
    for (const auto &entry : root.entries())
        keys << entry.first;
    QCOMPARE(keys, QStringList({"1", "true", "null", "1.5", "16", "x", "false"}));
    QCOMPARE(root["false"].toString(), QStringLiteral("g"));
}

void TestYamlReader::jsonInput()
{
    // JSON is YAML: what `kubectl apply -f job.json` takes, tabs included.
    const QByteArray json = "{\n"
                            "\t\"apiVersion\": \"batch/v1\",\n"
                            "\t\"kind\": \"Job\",\n"
                            "\t\"metadata\": {\"name\": \"sommeil\"},\n"
                            "\t\"spec\": {\n"
                            "\t\t\"backoffLimit\": 0,\n"
                            "\t\t\"suspend\": false,\n"
                            "\t\t\"completions\": null,\n"
                            "\t\t\"template\": {\"spec\": {\"containers\": [{\"name\": \"c\", "
                            "\"args\": [\"yes\", \"1\"], \"ratio\": 1.5}]}}\n"
                            "\t}\n"
                            "}\n";
    const Value root = single(json);
    QCOMPARE(root["apiVersion"].toString(), QStringLiteral("batch/v1"));
    QCOMPARE(root["metadata"]["name"].toString(), QStringLiteral("sommeil"));
    QCOMPARE(root["metadata"]["name"].line(), 4);
    QVERIFY(root["spec"]["backoffLimit"].isInt());
    QVERIFY(root["spec"]["suspend"].isBool());
    QVERIFY(root["spec"].contains(QStringLiteral("completions")));
    QVERIFY(root["spec"]["completions"].isNull());
    const Value &container = root["spec"]["template"]["spec"]["containers"].items().first();
    QVERIFY(container["args"].items()[0].isString());
    QCOMPARE(container["args"].items()[0].toString(), QStringLiteral("yes"));
    QVERIFY(container["ratio"].isFloat());
}

void TestYamlReader::multipleDocuments()
{
    const QByteArray text = "---\n"                    // 1: a leading separator
                            "kind: Job\n"              // 2
                            "metadata:\n"              // 3
                            "  name: a\n"              // 4
                            "---   # the second one\n" // 5
                            "# only a comment\n"       // 6: dropped
                            "---\n"                    // 7
                            "\n"                       // 8: dropped
                            "---\n"                    // 9
                            "kind: Deployment\n"       // 10
                            "...\n"                    // 11: end marker
                            "not: [read\n"             // 12: after the end marker
                            "--- !!map\n"              // 13: a start carrying content
                            "kind: Service\n"          // 14
                            "---\n"                    // 15
                            "null\n"                   // 16: dropped
                            "---\n"                    // 17
                            "kind: Pod\n"              // 18
                            "bad:\n"                   // 19
                            "\tindent: 1\n";           // 20
    YamlReadResult result = readYamlDocuments(text);
    QCOMPARE(result.error, QStringLiteral("yaml: line 20: found character that cannot start "
                                          "any token"));
    QVERIFY(result.documents.isEmpty());

    result = readYamlDocuments(text.left(text.indexOf("bad:")));
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(result.documents.size(), 4);
    QCOMPARE(result.documents[0].firstLine, 2);
    QCOMPARE(result.documents[0].size, qsizetype(strlen("kind: Job\nmetadata:\n  name: a\n")));
    QCOMPARE(result.documents[0].root["metadata"]["name"].line(), 4);
    QCOMPARE(result.documents[1].firstLine, 10);
    QCOMPARE(result.documents[1].root["kind"].toString(), QStringLiteral("Deployment"));
    QCOMPARE(result.documents[1].root.size(), 1);
    QCOMPARE(result.documents[2].firstLine, 13);
    QCOMPARE(result.documents[2].root["kind"].toString(), QStringLiteral("Service"));
    QCOMPARE(result.documents[2].root["kind"].line(), 14);
    QCOMPARE(result.documents[3].firstLine, 18);
    QCOMPARE(result.documents[3].root["kind"].line(), 18);

    // Errors in a later document name the line in the file.
    result = readYamlDocuments("a: 1\n---\nb: 2\n---\nc: d: e\n");
    QCOMPARE(result.error,
             QStringLiteral("yaml: line 5: mapping values are not allowed in this context"));

    // Nothing at all, or only comments: no documents, no error.
    for (const char *empty : {"", "\n\n", "# nothing\n", "---\n---\n", "---\n# a\n...\n"}) {
        result = readYamlDocuments(empty);
        QVERIFY2(result.ok(), empty);
        QVERIFY2(result.documents.isEmpty(), empty);
    }
}

void TestYamlReader::nonMapRootsAreKept()
{
    // The caller refuses them with its own message; the reader hands them over.
    const YamlReadResult result = readYamlDocuments("- a\n- b\n---\njust text\n---\n42\n");
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(result.documents.size(), 3);
    QVERIFY(result.documents[0].root.isList());
    QCOMPARE(result.documents[0].root.size(), 2);
    QVERIFY(result.documents[1].root.isString());
    QCOMPARE(result.documents[1].root.toString(), QStringLiteral("just text"));
    QCOMPARE(result.documents[1].firstLine, 4);
    QVERIFY(result.documents[2].root.isInt());
}

void TestYamlReader::anchorsAndMergeKeys()
{
    const Value root = single("defaults: &defaults\n"
                              "  image: busybox:1.36\n"
                              "  imagePullPolicy: IfNotPresent\n"
                              "containers:\n"
                              "- <<: *defaults\n"
                              "  name: a\n"
                              "- name: b\n"
                              "  image: alpine\n"
                              "names: [&n x, *n]\n");
    const QList<Value> &containers = root["containers"].items();
    QCOMPARE(containers.size(), 2);
    QCOMPARE(containers[0]["image"].toString(), QStringLiteral("busybox:1.36"));
    QCOMPARE(containers[0]["imagePullPolicy"].toString(), QStringLiteral("IfNotPresent"));
    QCOMPARE(containers[0]["name"].toString(), QStringLiteral("a"));
    QVERIFY(!containers[0].contains(QStringLiteral("<<")));
    QCOMPARE(containers[1]["image"].toString(), QStringLiteral("alpine"));
    QCOMPARE(root["names"].items()[1].toString(), QStringLiteral("x"));
}

void TestYamlReader::errors_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("error");

    const auto row = [](const char *name, const QByteArray &text, const char *error) {
        QTest::newRow(name) << text << QString::fromUtf8(error);
    };
    // Tabs: YAML indents with spaces only.
    row("tab indentation", "apiVersion: v1\nkind: Pod\nspec:\n\tcontainers: []\n",
        "yaml: line 4: found character that cannot start any token");
    row("tab after spaces", "spec:\n  \trestartPolicy: Never\n",
        "yaml: line 2: found character that cannot start any token");
    row("tab on an empty line", "spec:\n\t\n  a: 1\n",
        "yaml: line 2: found character that cannot start any token");
    row("tab left of a block scalar", "script: |\n  echo a\n\techo b\n",
        "yaml: line 3: found a tab character where an indentation space is expected");
    row("tab in the second document", "a: 1\n---\nb:\n\tc: 1\n",
        "yaml: line 4: found character that cannot start any token");
    // Duplicate keys: go-yaml names the line of the second value.
    row("duplicate key", "metadata:\n  name: a\n  name: b\n",
        "yaml: unmarshal errors:\n  line 3: key \"name\" already set in map");
    row("duplicate keys", "a: 1\na: 2\nb:\n  c: 1\nb:\n  c: 2\n",
        "yaml: unmarshal errors:\n  line 2: key \"a\" already set in map\n"
        "  line 6: key \"b\" already set in map");
    row("duplicate boolean key", "on: 1\nyes: 2\n",
        "yaml: unmarshal errors:\n  line 2: key true already set in map");
    // Structure.
    row("two mappings on a line", "kind: Job\nmetadata: name: sommeil\n",
        "yaml: line 2: mapping values are not allowed in this context");
    row("key over-indented", "spec:\n  containers:\n  - name: a\n    image: b\n     command: c\n",
        "yaml: line 5: mapping values are not allowed in this context");
    row("missing colon", "kind: Job\nmetadata\n  name: x\n",
        "yaml: line 3: could not find expected ':'");
    row("missing colon before a key", "a: 1\nrestartPolicy Never\nc: 2\n",
        "yaml: line 3: could not find expected ':'");
    row("missing colon at the end", "a: 1\nb\n", "yaml: line 3: could not find expected ':'");
    row("bad indentation", "metadata:\n    name: a\n  labels: {}\n",
        "yaml: line 3: did not find expected key");
    row("list item under-indented",
        "spec:\n  containers:\n  - name: a\n    image: b\n   restartPolicy: Never\n",
        "yaml: line 5: did not find expected '-' indicator");
    row("unterminated quote", "command: [\"sh\", \"-c\", \"sleep 30]\n",
        "yaml: line 2: found unexpected end of stream");
    row("unterminated flow sequence", "command: [\"sh\", \"-c\"\nimage: busybox\n",
        "yaml: line 2: did not find expected ',' or ']'");
    row("text after a quoted scalar", "name: \"a\"b\n", "yaml: line 1: did not find expected key");
    row("unknown escape", "name: \"a\\qb\"\n", "yaml: line 1: found unknown escape character");
    // Anchors and tags.
    row("unknown anchor", "a: *nowhere\n", "yaml: unknown anchor 'nowhere' referenced");
    row("anchor in itself", "a: &x [1, *x]\n", "yaml: anchor 'x' value contains itself");
    row("list as a key", "? [a, b]\n: 1\n", "yaml: invalid map key: []interface {}{\"a\", \"b\"}");
    row("bad integer tag", "replicas: !!int three\n",
        "yaml: cannot decode !!str `three` as a !!int");
    // Bytes.
    row("binary file",
        QByteArray("\x7f"
                   "ELF\x02\x01\x01\x00\x00\x00",
                   10),
        "yaml: control characters are not allowed");
    row("NUL byte", QByteArray("kind: Pod\nname: a") + '\0' + "b\n",
        "yaml: control characters are not allowed");
    row("Windows-1252 quote",
        "name: l\x92"
        "exercice\n",
        "yaml: invalid leading UTF-8 octet");
    row("Latin-1 letter", "name: caf\xe9 au lait\n", "yaml: invalid trailing UTF-8 octet");
    row("truncated UTF-8", "name: caf\xc3", "yaml: incomplete UTF-8 octet sequence");
}

void TestYamlReader::errors()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    const YamlReadResult result = readYamlDocuments(text);
    QCOMPARE(result.error, error);
    QVERIFY(!result.ok());
}

void TestYamlReader::errorsClearDocuments()
{
    // "Every document, or the first error": kubectl applies nothing from a broken file.
    const YamlReadResult result = readYamlDocuments("kind: Job\n---\nkind: Pod\n\tname: x\n");
    QVERIFY(!result.ok());
    QVERIFY(result.documents.isEmpty());
}

void TestYamlReader::aliasBombFailsFast()
{
    QElapsedTimer timer;
    timer.start();
    const YamlReadResult result = readYamlDocuments(kBillionLaughs);
    QCOMPARE(result.error, QStringLiteral("yaml: document contains excessive aliasing"));
    QVERIFY2(timer.elapsed() < 1000, qPrintable(QString::number(timer.elapsed())));

    // A modest use of aliases is fine, even repeated.
    QByteArray modest = "base: &b {cpu: 1, memory: 1Gi}\nitems:\n";
    for (int i = 0; i < 200; ++i)
        modest += "- *b\n";
    QVERIFY(readYamlDocuments(modest).ok());
}

void TestYamlReader::deepNesting()
{
    const QString tooDeep = QStringLiteral("yaml: exceeded max depth of 400");
    QElapsedTimer timer;
    timer.start();
    QCOMPARE(readYamlDocuments("a: " + QByteArray(100000, '[') + QByteArray(100000, ']')).error,
             tooDeep);
    QCOMPARE(readYamlDocuments(QByteArray(3 * 1024 * 1024 - 10, '{')).error, tooDeep);
    QByteArray dashes;
    for (int i = 0; i < 1000; ++i)
        dashes += "- ";
    QCOMPARE(readYamlDocuments(dashes + "x\n").error, tooDeep);
    QByteArray indented;
    for (int i = 0; i < 1000; ++i)
        indented += QByteArray(i, ' ') + "a:\n";
    QCOMPARE(readYamlDocuments(indented).error, tooDeep);
    QVERIFY2(timer.elapsed() < 2000, qPrintable(QString::number(timer.elapsed())));

    // Aliases can build a tree deeper than its text: that is refused as well.
    QByteArray chain = "a0: &a0 " + QByteArray(300, '[') + QByteArray(300, ']') + "\n";
    chain += "a1: &a1 " + QByteArray(300, '[') + "*a0" + QByteArray(300, ']') + "\n";
    QCOMPARE(readYamlDocuments(chain).error, tooDeep);

    // Deep but within the limit is fine.
    const YamlReadResult ok =
        readYamlDocuments("a: " + QByteArray(300, '[') + QByteArray(300, ']'));
    QVERIFY2(ok.ok(), qPrintable(ok.error));
}

void TestYamlReader::oversizedDocument()
{
    // Above 3 MiB the API server would refuse the object: the reader hands it over
    // unparsed, with its size, and goes on with the next document.
    QByteArray big = "apiVersion: v1\nkind: ConfigMap\ndata:\n  blob: ";
    big += QByteArray(3 * 1024 * 1024, 'x');
    big += "\n";
    const QByteArray text = big + "---\nkind: Job\n";
    const YamlReadResult result = readYamlDocuments(text);
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(result.documents.size(), 2);
    QVERIFY(result.documents[0].root.isNull());
    QCOMPARE(result.documents[0].size, big.size());
    QCOMPARE(result.documents[0].firstLine, 1);
    QCOMPARE(result.documents[1].root["kind"].toString(), QStringLiteral("Job"));
    QCOMPARE(result.documents[1].firstLine, 6);
}

void TestYamlReader::hugeFiles()
{
    // One 50 MB document: not parsed, returned at once.
    QByteArray one = "kind: ConfigMap\ndata:\n";
    while (one.size() < 50 * 1000 * 1000)
        one += "  key-" + QByteArray::number(one.size()) + ": some value of a config map\n";
    QElapsedTimer timer;
    timer.start();
    YamlReadResult result = readYamlDocuments(one);
    QVERIFY2(timer.elapsed() < 2000, qPrintable(QString::number(timer.elapsed())));
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(result.documents.size(), 1);
    QVERIFY(result.documents[0].root.isNull());
    QCOMPARE(result.documents[0].size, one.size());

    // 50 MB of small documents: refused as a whole, at once, before any parsing.
    const QByteArray job = dataFile(QStringLiteral("sommeil-job.yaml")) + "---\n";
    QByteArray many;
    many.reserve(51 * 1000 * 1000);
    int count = 0;
    while (many.size() < 50 * 1000 * 1000) {
        many += job;
        ++count;
    }
    timer.restart();
    result = readYamlDocuments(many);
    QVERIFY2(timer.elapsed() < 2000, qPrintable(QString::number(timer.elapsed())));
    QCOMPARE(
        result.error,
        QStringLiteral("yaml: the file holds %1 documents; at most 10000 are read").arg(count));
    QVERIFY(result.documents.isEmpty());

    // Fewer but bigger small documents: the byte budget (8 MiB) applies.
    QByteArray wide;
    while (wide.size() < 10 * 1024 * 1024)
        wide += "kind: ConfigMap\n" + QByteArray(1024 * 1024, '#') + "\n---\n";
    result = readYamlDocuments(wide);
    QVERIFY2(result.error.startsWith(QStringLiteral("yaml: the file holds ")) &&
                 result.error.endsWith(QStringLiteral(" bytes of documents; at most 8388608 are "
                                                      "read")),
             qPrintable(result.error));

    // A realistic batch is read whole, each document with its line.
    QByteArray batch;
    for (int i = 0; i < 500; ++i)
        batch += job;
    result = readYamlDocuments(batch);
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(result.documents.size(), 500);
    const int linesPerJob = int(job.count('\n'));
    QCOMPARE(result.documents[499].firstLine, 499 * linesPerJob + 1);
    QCOMPARE(result.documents[499].root["spec"]["template"]["spec"]["restartPolicy"].line(),
             499 * linesPerJob + 15);
}

void TestYamlReader::valueApi()
{
    Value v;
    QVERIFY(v.isNull());
    QVERIFY(v["anything"].isNull());
    v.set(QStringLiteral("b"), Value::integer(1));
    v.set(QStringLiteral("a"), Value::string(QStringLiteral("x")));
    v.set(QStringLiteral("b"), Value::integer(2)); // replaced in place
    QVERIFY(v.isMap());
    QCOMPARE(v.entries().size(), 2);
    QCOMPARE(v.entries()[0].first, QStringLiteral("b"));
    QCOMPARE(v["b"].toInt(), 2);

    Value &labels = v.child(QStringLiteral("metadata")).child(QStringLiteral("labels"));
    labels.set(QStringLiteral("app"), Value::string(QStringLiteral("demo")));
    QCOMPARE(v["metadata"]["labels"]["app"].toString(), QStringLiteral("demo"));
    v.set(QStringLiteral("s"), Value::string(QStringLiteral("not a map")));
    v.child(QStringLiteral("s")).set(QStringLiteral("k"), Value::boolean(true));
    QVERIFY(v["s"].isMap());

    QVERIFY(v.remove(QStringLiteral("s")));
    QVERIFY(!v.remove(QStringLiteral("s")));

    // Equality: deep, lines ignored, field order ignored, types must match.
    Value w = Value::map(7);
    w.set(QStringLiteral("a"), Value::string(QStringLiteral("x"), 3));
    w.set(QStringLiteral("metadata"), v["metadata"]);
    w.set(QStringLiteral("b"), Value::integer(2, 9));
    QVERIFY(v == w);
    w.set(QStringLiteral("b"), Value::floating(2));
    QVERIFY(v != w);
    QVERIFY(Value::list() != Value::map());
    QVERIFY(Value::null(1) == Value::null(2));

    QCOMPARE(Value::floating(2.9).toInt(), 2);
    QCOMPARE(Value::integer(3).toDouble(), 3.0);
}

QTEST_GUILESS_MAIN(TestYamlReader)
#include "tst_yamlreader.moc"
