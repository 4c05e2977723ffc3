// Tests of kubectl's output building blocks: AGE/DURATION, tables, -o json and -o yaml.
// Expected texts are what kubectl 1.31 prints (Go's tabwriter, encoding/json, go-yaml v2).
#include "printers.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>
#include <initializer_list>
#include <utility>

using namespace schedlab::kube;

Q_DECLARE_METATYPE(schedlab::kube::Value)

namespace {

Value str(const char *utf8)
{
    return Value::string(QString::fromUtf8(utf8));
}

// Keys are set in the given order, so the printers' own sorting is what the tests see.
Value mapOf(std::initializer_list<std::pair<const char *, Value>> entries)
{
    Value map = Value::map();
    for (const auto &[key, value] : entries)
        map.set(QString::fromUtf8(key), value);
    return map;
}

Value listOf(std::initializer_list<Value> items)
{
    Value list = Value::list();
    for (const Value &item : items)
        list.append(item);
    return list;
}

// A decoded API object, as the API server's JSON holds it: integral numbers are integers.
Value fromJson(const QJsonValue &json)
{
    switch (json.type()) {
    case QJsonValue::Bool:
        return Value::boolean(json.toBool());
    case QJsonValue::Double: {
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

QString yamlOfField(const Value &value)
{
    return toYaml(mapOf({{"k", value}}));
}

const char *const jobJson = R"({
  "apiVersion": "batch/v1",
  "kind": "Job",
  "status": {
    "uncountedTerminatedPods": {},
    "terminating": 0,
    "succeeded": 1,
    "startTime": "2026-11-05T09:30:00Z",
    "ready": 0,
    "conditions": [
      {"type": "SuccessCriteriaMet", "status": "True", "reason": "CompletionsReached",
       "message": "Reached expected number of succeeded pods",
       "lastTransitionTime": "2026-11-05T09:30:35Z", "lastProbeTime": "2026-11-05T09:30:35Z"},
      {"type": "Complete", "status": "True", "reason": "CompletionsReached",
       "message": "Reached expected number of succeeded pods",
       "lastTransitionTime": "2026-11-05T09:30:35Z", "lastProbeTime": "2026-11-05T09:30:35Z"}
    ],
    "completionTime": "2026-11-05T09:30:35Z"
  },
  "metadata": {
    "uid": "5d2c3a7e-8f1b-4c6d-9e0a-1b2c3d4e5f60",
    "resourceVersion": "1234",
    "namespace": "default",
    "name": "sommeil",
    "labels": {
      "job-name": "sommeil",
      "controller-uid": "5d2c3a7e-8f1b-4c6d-9e0a-1b2c3d4e5f60",
      "batch.kubernetes.io/job-name": "sommeil",
      "batch.kubernetes.io/controller-uid": "5d2c3a7e-8f1b-4c6d-9e0a-1b2c3d4e5f60"
    },
    "generation": 1,
    "creationTimestamp": "2026-11-05T09:30:00Z"
  },
  "spec": {
    "backoffLimit": 4,
    "completionMode": "NonIndexed",
    "completions": 1,
    "manualSelector": false,
    "parallelism": 1,
    "podReplacementPolicy": "TerminatingOrFailed",
    "selector": {
      "matchLabels": {"batch.kubernetes.io/controller-uid": "5d2c3a7e-8f1b-4c6d-9e0a-1b2c3d4e5f60"}
    },
    "suspend": false,
    "template": {
      "metadata": {
        "creationTimestamp": null,
        "labels": {
          "job-name": "sommeil",
          "controller-uid": "5d2c3a7e-8f1b-4c6d-9e0a-1b2c3d4e5f60",
          "batch.kubernetes.io/job-name": "sommeil",
          "batch.kubernetes.io/controller-uid": "5d2c3a7e-8f1b-4c6d-9e0a-1b2c3d4e5f60"
        }
      },
      "spec": {
        "terminationGracePeriodSeconds": 30,
        "securityContext": {},
        "schedulerName": "default-scheduler",
        "restartPolicy": "Never",
        "dnsPolicy": "ClusterFirst",
        "containers": [
          {
            "name": "sommeil",
            "image": "busybox:1.36",
            "command": ["sh", "-c", )"
                            // moc mistakes \" in a raw string for the string's end
                            "\"echo \\\"Début\\\" && sleep 30\\necho fin\\n\""
                            R"(],
            "imagePullPolicy": "IfNotPresent",
            "resources": {},
            "terminationMessagePath": "/dev/termination-log",
            "terminationMessagePolicy": "File"
          }
        ]
      }
    }
  }
})";

} // namespace

class TestPrinters : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void humanDuration_data();
    void humanDuration();

    void tablePodsHeaderAndRow();
    void tableEmptyCell();
    void tableColumnBlocks();
    void tableRowWithoutTabEndsColumns();
    void tableCountsRunesNotBytes();
    void tableEmpty();

    void jsonScalars_data();
    void jsonScalars();
    void jsonStringEscapes();
    void jsonNestingAndEmptyCollections();
    void jsonSortsKeysByBytes();
    void jsonJob();

    void yamlScalars_data();
    void yamlScalars();
    void yamlStrings_data();
    void yamlStrings();
    void yamlLiteralBlocks_data();
    void yamlLiteralBlocks();
    void yamlSequencesAtTheKeyIndentation();
    void yamlSequenceOfSequences();
    void yamlEmptyCollectionsAndNull();
    void yamlQuotedAndComplexKeys();
    void yamlSortsKeysLikeGoYaml();
    void yamlFoldsLongScalars();
    void yamlDoesNotFoldKeys();
    void yamlJob();
};

void TestPrinters::humanDuration_data()
{
    QTest::addColumn<qint64>("seconds");
    QTest::addColumn<QString>("expected");
    const qint64 m = 60;
    const qint64 h = 60 * m;
    const qint64 d = 24 * h;
    QTest::newRow("-2 s") << qint64(-2) << "<invalid>";
    QTest::newRow("-1 s (skew)") << qint64(-1) << "0s";
    QTest::newRow("0") << qint64(0) << "0s";
    QTest::newRow("1 s") << qint64(1) << "1s";
    QTest::newRow("119 s") << qint64(119) << "119s";
    QTest::newRow("120 s") << qint64(120) << "2m";
    QTest::newRow("123 s") << qint64(123) << "2m3s";
    QTest::newRow("599 s") << qint64(599) << "9m59s";
    QTest::newRow("600 s") << qint64(600) << "10m";
    QTest::newRow("10799 s") << qint64(10799) << "179m";
    QTest::newRow("10800 s") << qint64(10800) << "3h";
    QTest::newRow("3h5m") << 3 * h + 5 * m << "3h5m";
    QTest::newRow("3h5m59s") << 3 * h + 5 * m + 59 << "3h5m";
    QTest::newRow("28799 s") << qint64(28799) << "7h59m";
    QTest::newRow("28800 s") << qint64(28800) << "8h";
    QTest::newRow("47h") << 47 * h << "47h";
    QTest::newRow("47h59m") << 47 * h + 59 * m << "47h";
    QTest::newRow("48h") << 48 * h << "2d";
    QTest::newRow("2d4h") << 2 * d + 4 * h << "2d4h";
    QTest::newRow("7d23h") << 7 * d + 23 * h << "7d23h";
    QTest::newRow("8d") << 8 * d << "8d";
    QTest::newRow("729d") << 729 * d << "729d";
    QTest::newRow("730d") << 730 * d << "2y";
    QTest::newRow("3y10d") << (3 * 365 + 10) * d << "3y10d";
    QTest::newRow("8y") << 8 * 365 * d << "8y";
    QTest::newRow("20y") << 20 * 365 * d << "20y";
}

void TestPrinters::humanDuration()
{
    QFETCH(qint64, seconds);
    QFETCH(QString, expected);
    QCOMPARE(schedlab::kube::humanDuration(seconds), expected);
}

void TestPrinters::tablePodsHeaderAndRow()
{
    TabWriter table;
    QVERIFY(table.isEmpty());
    table.addRow({"NAME", "READY", "STATUS", "RESTARTS", "AGE"});
    table.addRow({"sommeil-x7k2q", "1/1", "Running", "0", "5s"});
    QVERIFY(!table.isEmpty());
    QCOMPARE(table.text(), QStringLiteral("NAME            READY   STATUS    RESTARTS   AGE\n"
                                          "sommeil-x7k2q   1/1     Running   0          5s\n"));
}

void TestPrinters::tableEmptyCell()
{
    // kubectl get jobs before the Job has started: DURATION is empty but still padded.
    TabWriter table;
    table.addRow({"NAME", "STATUS", "COMPLETIONS", "DURATION", "AGE"});
    table.addRow({"sommeil", "Running", "0/1", "", "3s"});
    QCOMPARE(table.text(), QStringLiteral("NAME      STATUS    COMPLETIONS   DURATION   AGE\n"
                                          "sommeil   Running   0/1                      3s\n"));

    // A trailing empty cell leaves the padding of the previous column, as Go does.
    TabWriter trailing;
    trailing.addRow({"a", "b"});
    trailing.addRow({"c", ""});
    QCOMPARE(trailing.text(), QStringLiteral("a     b\nc     \n"));
}

void TestPrinters::tableColumnBlocks()
{
    // The example of Go's text/tabwriter documentation: the third row has no cell in the
    // second column, which ends that column's block; the rows after it start a new one.
    TabWriter table;
    table.addRow({"aaaa", "bbb", "d"});
    table.addRow({"aa", "b", "dd"});
    table.addRow({"a", ""});
    table.addRow({"aa", "cccc", "eee"});
    QCOMPARE(table.text(), QStringLiteral("aaaa   bbb   d\n"
                                          "aa     b     dd\n"
                                          "a      \n"
                                          "aa     cccc   eee\n"));
}

void TestPrinters::tableRowWithoutTabEndsColumns()
{
    TabWriter table;
    table.addRow({"NAME", "AGE"});
    table.addRow({"x"});
    table.addRow({"longername", "1s"});
    QCOMPARE(table.text(), QStringLiteral("NAME   AGE\nx\nlongername   1s\n"));
}

void TestPrinters::tableCountsRunesNotBytes()
{
    TabWriter table;
    table.addRow({QString::fromUtf8("NOM"), QString::fromUtf8("ÉTAT")});
    table.addRow({QString::fromUtf8("tâche-é"), QString::fromUtf8("prêt")});
    QCOMPARE(table.text(), QString::fromUtf8("NOM       ÉTAT\n"
                                             "tâche-é   prêt\n"));

    // A character outside the BMP is one rune (a surrogate pair in a QString).
    TabWriter emoji;
    emoji.addRow({QString::fromUtf8("😀"), "x"});
    emoji.addRow({"ab", "y"});
    QCOMPARE(emoji.text(), QString::fromUtf8("😀     x\nab    y\n"));
}

void TestPrinters::tableEmpty()
{
    QCOMPARE(TabWriter().text(), QString());
}

void TestPrinters::jsonScalars_data()
{
    QTest::addColumn<Value>("value");
    QTest::addColumn<QString>("expected");
    QTest::newRow("null") << Value::null() << "null\n";
    QTest::newRow("true") << Value::boolean(true) << "true\n";
    QTest::newRow("false") << Value::boolean(false) << "false\n";
    QTest::newRow("int") << Value::integer(42) << "42\n";
    QTest::newRow("negative int") << Value::integer(-7) << "-7\n";
    QTest::newRow("int64 max") << Value::integer(9223372036854775807LL) << "9223372036854775807\n";
    QTest::newRow("0.5") << Value::floating(0.5) << "0.5\n";
    QTest::newRow("-2.5") << Value::floating(-2.5) << "-2.5\n";
    QTest::newRow("0.1+0.2") << Value::floating(0.1 + 0.2) << "0.30000000000000004\n";
    QTest::newRow("integral float") << Value::floating(100.0) << "100\n";
    QTest::newRow("1e20") << Value::floating(1e20) << "100000000000000000000\n";
    QTest::newRow("1e21") << Value::floating(1e21) << "1e+21\n";
    QTest::newRow("1.5e300") << Value::floating(1.5e300) << "1.5e+300\n";
    QTest::newRow("0.000001") << Value::floating(0.000001) << "0.000001\n";
    QTest::newRow("1e-7") << Value::floating(1e-7) << "1e-7\n";
    QTest::newRow("1.25e-10") << Value::floating(1.25e-10) << "1.25e-10\n";
    QTest::newRow("string") << str("sommeil") << "\"sommeil\"\n";
}

void TestPrinters::jsonScalars()
{
    QFETCH(Value, value);
    QFETCH(QString, expected);
    QCOMPARE(toJson(value), expected);
}

void TestPrinters::jsonStringEscapes()
{
    const Value s = str("q\"b\\s\nn\rr\tt\bb\ff<l>g&a\x01"
                        "c\x1f"
                        "u\x7f"
                        "d é😀\u2028\u2029");
    QCOMPARE(toJson(s),
             QString::fromUtf8("\"q\\\"b\\\\s\\nn\\rr\\tt\\bb\\ff\\u003cl\\u003eg\\u0026a"
                               "\\u0001c\\u001fu\x7f"
                               "d é😀\\u2028\\u2029\"\n"));
}

void TestPrinters::jsonNestingAndEmptyCollections()
{
    QCOMPARE(toJson(Value::map()), QStringLiteral("{}\n"));
    QCOMPARE(toJson(Value::list()), QStringLiteral("[]\n"));
    const Value v = mapOf(
        {{"b", listOf({Value::integer(1), mapOf({{"x", Value::list()}}), listOf({Value::null()})})},
         {"a", Value::map()}});
    QCOMPARE(toJson(v), QStringLiteral("{\n"
                                       "    \"a\": {},\n"
                                       "    \"b\": [\n"
                                       "        1,\n"
                                       "        {\n"
                                       "            \"x\": []\n"
                                       "        },\n"
                                       "        [\n"
                                       "            null\n"
                                       "        ]\n"
                                       "    ]\n"
                                       "}\n"));
}

void TestPrinters::jsonSortsKeysByBytes()
{
    const Value v = mapOf({{"b", Value::integer(1)},
                           {"é", Value::integer(2)},
                           {"a9", Value::integer(3)},
                           {"a10", Value::integer(4)},
                           {"_x", Value::integer(5)},
                           {"B", Value::integer(6)},
                           {"\xef\xbd\x81", Value::integer(7)}, // U+FF41, above surrogates
                           {"😀", Value::integer(8)}});
    QCOMPARE(toJson(v), QString::fromUtf8("{\n"
                                          "    \"B\": 6,\n"
                                          "    \"_x\": 5,\n"
                                          "    \"a10\": 4,\n"
                                          "    \"a9\": 3,\n"
                                          "    \"b\": 1,\n"
                                          "    \"é\": 2,\n"
                                          "    \"\xef\xbd\x81\": 7,\n"
                                          "    \"😀\": 8\n"
                                          "}\n"));
}

void TestPrinters::jsonJob()
{
    const QString expected =
        QString::fromUtf8(R"({
    "apiVersion": "batch/v1",
    "kind": "Job",
    "metadata": {
        "creationTimestamp": "2026-11-05T09:30:00Z",
        "generation": 1,
        "labels": {
            "batch.kubernetes.io/controller-uid": "5d2c3a7e-8f1b-4c6d-9e0a-1b2c3d4e5f60",
            "batch.kubernetes.io/job-name": "sommeil",
            "controller-uid": "5d2c3a7e-8f1b-4c6d-9e0a-1b2c3d4e5f60",
            "job-name": "sommeil"
        },
        "name": "sommeil",
        "namespace": "default",
        "resourceVersion": "1234",
        "uid": "5d2c3a7e-8f1b-4c6d-9e0a-1b2c3d4e5f60"
    },
    "spec": {
        "backoffLimit": 4,
        "completionMode": "NonIndexed",
        "completions": 1,
        "manualSelector": false,
        "parallelism": 1,
        "podReplacementPolicy": "TerminatingOrFailed",
        "selector": {
            "matchLabels": {
                "batch.kubernetes.io/controller-uid": "5d2c3a7e-8f1b-4c6d-9e0a-1b2c3d4e5f60"
            }
        },
        "suspend": false,
        "template": {
            "metadata": {
                "creationTimestamp": null,
                "labels": {
                    "batch.kubernetes.io/controller-uid": "5d2c3a7e-8f1b-4c6d-9e0a-1b2c3d4e5f60",
                    "batch.kubernetes.io/job-name": "sommeil",
                    "controller-uid": "5d2c3a7e-8f1b-4c6d-9e0a-1b2c3d4e5f60",
                    "job-name": "sommeil"
                }
            },
            "spec": {
                "containers": [
                    {
                        "command": [
                            "sh",
                            "-c",
                            )"
                          "\"echo \\\"Début\\\" \\u0026\\u0026 sleep 30\\necho fin\\n\""
                          R"(
                        ],
                        "image": "busybox:1.36",
                        "imagePullPolicy": "IfNotPresent",
                        "name": "sommeil",
                        "resources": {},
                        "terminationMessagePath": "/dev/termination-log",
                        "terminationMessagePolicy": "File"
                    }
                ],
                "dnsPolicy": "ClusterFirst",
                "restartPolicy": "Never",
                "schedulerName": "default-scheduler",
                "securityContext": {},
                "terminationGracePeriodSeconds": 30
            }
        }
    },
    "status": {
        "completionTime": "2026-11-05T09:30:35Z",
        "conditions": [
            {
                "lastProbeTime": "2026-11-05T09:30:35Z",
                "lastTransitionTime": "2026-11-05T09:30:35Z",
                "message": "Reached expected number of succeeded pods",
                "reason": "CompletionsReached",
                "status": "True",
                "type": "SuccessCriteriaMet"
            },
            {
                "lastProbeTime": "2026-11-05T09:30:35Z",
                "lastTransitionTime": "2026-11-05T09:30:35Z",
                "message": "Reached expected number of succeeded pods",
                "reason": "CompletionsReached",
                "status": "True",
                "type": "Complete"
            }
        ],
        "ready": 0,
        "startTime": "2026-11-05T09:30:00Z",
        "succeeded": 1,
        "terminating": 0,
        "uncountedTerminatedPods": {}
    }
}
)");
    QCOMPARE(toJson(fromJson(jobJson)), expected);
}

void TestPrinters::yamlScalars_data()
{
    QTest::addColumn<Value>("value");
    QTest::addColumn<QString>("expected");
    QTest::newRow("null") << Value::null() << "null\n";
    QTest::newRow("true") << Value::boolean(true) << "true\n";
    QTest::newRow("false") << Value::boolean(false) << "false\n";
    QTest::newRow("int") << Value::integer(42) << "42\n";
    QTest::newRow("negative int") << Value::integer(-7) << "-7\n";
    QTest::newRow("string") << str("hello") << "hello\n";
    // Floats go through kubectl's JSON text first, then go-yaml's %g-like formatting.
    QTest::newRow("0.5") << Value::floating(0.5) << "0.5\n";
    QTest::newRow("-2.5") << Value::floating(-2.5) << "-2.5\n";
    QTest::newRow("integral float") << Value::floating(100.0) << "100\n";
    QTest::newRow("-0.0") << Value::floating(-0.0) << "0\n";
    QTest::newRow("123456789.0") << Value::floating(123456789.0) << "123456789\n";
    QTest::newRow("1e19 (uint64)") << Value::floating(1e19) << "10000000000000000000\n";
    QTest::newRow("1e20") << Value::floating(1e20) << "1e+20\n";
    QTest::newRow("1e21") << Value::floating(1e21) << "1e+21\n";
    QTest::newRow("1234567.5") << Value::floating(1234567.5) << "1.2345675e+06\n";
    QTest::newRow("123456.5") << Value::floating(123456.5) << "123456.5\n";
    QTest::newRow("0.0001") << Value::floating(0.0001) << "0.0001\n";
    QTest::newRow("0.00001") << Value::floating(0.00001) << "1e-05\n";
    QTest::newRow("1e-7") << Value::floating(1e-7) << "1e-07\n";
}

void TestPrinters::yamlScalars()
{
    QFETCH(Value, value);
    QFETCH(QString, expected);
    QCOMPARE(toYaml(value), expected);
}

void TestPrinters::yamlStrings_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected"); // the value as written after "k: "
    auto row = [](const char *name, const char *text, const char *expected) {
        QTest::newRow(name) << QString::fromUtf8(text) << QString::fromUtf8(expected);
    };
    // Plain: nothing to misread.
    row("words", "hello world", "hello world");
    row("comma inside", "a,b", "a,b");
    row("url", "http://x:8080/y", "http://x:8080/y");
    row("image", "busybox:1.36", "busybox:1.36");
    row("dash option", "-c", "-c");
    row("ready ratio", "1/1", "1/1");
    row("version", "1.2.3", "1.2.3");
    row("timestamp without zone", "2026-11-05T09:30:00", "2026-11-05T09:30:00");
    row("not a date", "2026-13-05", "2026-13-05");
    row("not a leap day", "2023-02-29", "2023-02-29");
    row("float overflow", "1e999", "1e999");
    row("not hex", "0xZZ", "0xZZ");
    row("plus", "+", "+");
    row("merge key text", "<<", "<<");
    row("hash inside word", "a#b", "a#b");
    row("question inside", "x?", "x?");
    row("bool-like phrase", "no way", "no way");
    row("accented", "Début", "Début");
    // Double quotes: the plain text would read back as another type.
    row("true", "true", "\"true\"");
    row("True", "True", "\"True\"");
    row("yes", "yes", "\"yes\"");
    row("on", "on", "\"on\"");
    row("Off", "Off", "\"Off\"");
    row("y", "y", "\"y\"");
    row("N", "N", "\"N\"");
    row("null", "null", "\"null\"");
    row("tilde", "~", "\"~\"");
    row("empty", "", "\"\"");
    row("int", "123", "\"123\"");
    row("negative int", "-1", "\"-1\"");
    row("signed int", "+1", "\"+1\"");
    row("octal", "0755", "\"0755\"");
    row("bad octal reads as float", "089", "\"089\"");
    row("hex", "0x1F", "\"0x1F\"");
    row("0o octal", "0o17", "\"0o17\"");
    row("binary", "0b101", "\"0b101\"");
    row("underscores", "1_000", "\"1_000\"");
    row("huge decimal", "99999999999999999999", "\"99999999999999999999\"");
    row("huge hex", "0x10000000000000000", "\"0x10000000000000000\"");
    row("float", "1.5", "\"1.5\"");
    row("exponent", "1e3", "\"1e3\"");
    row("leading dot", ".5", "\".5\"");
    row("-.inf", "-.inf", "\"-.inf\"");
    row("base 60", "12:30", "\"12:30\"");
    row("base 60 long", "190:20:30", "\"190:20:30\"");
    row("rfc3339", "2026-11-05T09:30:00Z", "\"2026-11-05T09:30:00Z\"");
    row("rfc3339 offset fraction", "2026-11-05t09:30:00.5+01:00",
        "\"2026-11-05t09:30:00.5+01:00\"");
    row("date", "2026-11-05", "\"2026-11-05\"");
    row("short date", "2026-1-5", "\"2026-1-5\"");
    row("leap day", "2024-02-29", "\"2024-02-29\"");
    row("space separated", "2026-11-05 09:30:00", "\"2026-11-05 09:30:00\"");
    // Single quotes: plain would not parse back (indicators, ": ", " #", edge spaces).
    row("colon space", "a: b", "'a: b'");
    row("dash space", "- x", "'- x'");
    row("dash alone", "-", "'-'");
    row("comment", "#comment", "'#comment'");
    row("space hash", "a #b", "'a #b'");
    row("star", "*star", "'*star'");
    row("ampersand", "&anchor", "'&anchor'");
    row("bang", "!tag", "'!tag'");
    row("percent", "%pct", "'%pct'");
    row("at", "@at", "'@at'");
    row("backquote", "`tick", "'`tick'");
    row("pipe", "|pipe", "'|pipe'");
    row("greater", ">gt", "'>gt'");
    row("brace", "{x}", "'{x}'");
    row("bracket", "[x]", "'[x]'");
    row("leading comma", ",comma", "',comma'");
    row("question alone", "?", "'?'");
    row("question space", "? q", "'? q'");
    row("colon first", ": x", "': x'");
    row("trailing colon", "ends:", "'ends:'");
    row("quote first", "'quoted'", "'''quoted'''");
    row("double quote first", "\"dq\"", "'\"dq\"'");
    row("quote doubled", "it's: here", "'it''s: here'");
    row("leading space", " lead", "' lead'");
    row("trailing space", "trail ", "'trail '");
    row("document marker", "---", "'---'");
    row("document end marker", "...x", "'...x'");
    row("unready status", "containers with unready status: [sommeil]",
        "'containers with unready status: [sommeil]'");
    // Double quotes with escapes: characters go-yaml v2 does not print as they are.
    row("tab", "tab\there", "\"tab\\there\"");
    row("bell", "bell\x07", "\"bell\\a\"");
    row("escape", "esc\x1b", "\"esc\\e\"");
    row("del", "del\x7f", "\"del\\x7F\"");
    row("c1 control", "c1\xc2\x80", "\"c1\\x80\"");
    row("next line", "nel\xc2\x85", "\"nel\\N\"");
    // LS is printable for go-yaml v2 but is a line break: single quotes, written as is.
    row("line separator", "ls\xe2\x80\xa8", "'ls\xe2\x80\xa8'");
    row("carriage return", "cr\r", "\"cr\\r\"");
    row("outside the BMP", "emoji 😀", "\"emoji \\U0001F600\"");
    // QString::fromUtf8 would drop the BOM.
    QTest::newRow("leading BOM escapes all")
        << QString(QChar(0xFEFF) + QStringLiteral("ab")) << QStringLiteral("\"\\uFEFF\\x61\\x62\"");
    row("backslash in special", "a\\b\t", "\"a\\\\b\\t\"");
    row("space before newline", "a \nb", "\"a \\nb\"");
    row("tab in multi-line", "line1\n\tindented", "\"line1\\n\\tindented\"");
    QTest::newRow("nul") << QString(QStringLiteral("nul") + QChar(0))
                         << QStringLiteral("\"nul\\0\"");
}

void TestPrinters::yamlStrings()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    QCOMPARE(yamlOfField(Value::string(text)),
             QStringLiteral("k: ") + expected + QLatin1Char('\n'));
}

void TestPrinters::yamlLiteralBlocks_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("clip") << "echo a\necho b\n"
                          << "script: |\n  echo a\n  echo b\n";
    QTest::newRow("strip") << "a\nb"
                           << "script: |-\n  a\n  b\n";
    QTest::newRow("keep") << "a\n\n"
                          << "script: |+\n  a\n\n";
    QTest::newRow("only a newline") << "\n"
                                    << "script: |2+\n\n";
    QTest::newRow("blank line inside") << "a\n\nb\n"
                                       << "script: |\n  a\n\n  b\n";
    QTest::newRow("leading spaces") << "  indented\nx"
                                    << "script: |2-\n    indented\n  x\n";
    QTest::newRow("quotes and colons") << "echo \"x: y\" # ok\n'z'\n"
                                       << "script: |\n  echo \"x: y\" # ok\n  'z'\n";
}

void TestPrinters::yamlLiteralBlocks()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    QCOMPARE(toYaml(mapOf({{"script", Value::string(text)}})), expected);
}

void TestPrinters::yamlSequencesAtTheKeyIndentation()
{
    const Value v =
        mapOf({{"containers",
                listOf({mapOf({{"image", str("busybox")}, {"command", listOf({str("sh")})}})})}});
    QCOMPARE(toYaml(v), QStringLiteral("containers:\n- command:\n  - sh\n  image: busybox\n"));

    const Value command =
        mapOf({{"command", listOf({str("sh"), str("-c"), str("echo a\nsleep 1\n")})}});
    QCOMPARE(toYaml(command), QStringLiteral("command:\n- sh\n- -c\n- |\n  echo a\n  sleep 1\n"));

    QCOMPARE(toYaml(listOf({Value::integer(1), str("a"), mapOf({{"b", Value::null()}})})),
             QStringLiteral("- 1\n- a\n- b: null\n"));
}

void TestPrinters::yamlSequenceOfSequences()
{
    const Value v =
        mapOf({{"a", listOf({listOf({Value::integer(1), Value::integer(2)}), Value::list()})}});
    QCOMPARE(toYaml(v), QStringLiteral("a:\n- - 1\n  - 2\n- []\n"));
}

void TestPrinters::yamlEmptyCollectionsAndNull()
{
    QCOMPARE(toYaml(Value::map()), QStringLiteral("{}\n"));
    QCOMPARE(toYaml(Value::list()), QStringLiteral("[]\n"));
    const Value v = mapOf({{"b", Value::list()},
                           {"a", Value::map()},
                           {"c", Value::null()},
                           {"d", mapOf({{"e", Value::map()}})}});
    QCOMPARE(toYaml(v), QStringLiteral("a: {}\nb: []\nc: null\nd:\n  e: {}\n"));
}

void TestPrinters::yamlQuotedAndComplexKeys()
{
    const Value v = mapOf({{"true", Value::integer(1)},
                           {"123", Value::integer(2)},
                           {"", Value::integer(3)},
                           {"a b", Value::integer(4)},
                           {"a: b", Value::integer(5)}});
    QCOMPARE(toYaml(v), QStringLiteral("\"\": 3\n"
                                       "\"123\": 2\n"
                                       "a b: 4\n"
                                       "'a: b': 5\n"
                                       "\"true\": 1\n"));
    // A multi-line key cannot be a simple key: go-yaml writes the "? " form.
    QCOMPARE(toYaml(mapOf({{"a\nb", Value::integer(1)}})), QStringLiteral("? |-\n  a\n  b\n: 1\n"));
}

void TestPrinters::yamlSortsKeysLikeGoYaml()
{
    // Not byte order: letters sort after other characters, digit runs compare as numbers.
    const Value v = mapOf({{"b", Value::integer(1)},
                           {"a10", Value::integer(2)},
                           {"a9", Value::integer(3)},
                           {"B", Value::integer(4)},
                           {"_x", Value::integer(5)},
                           {"name", Value::integer(6)},
                           {"namespace", Value::integer(7)}});
    QCOMPARE(toYaml(v),
             QStringLiteral("_x: 5\nB: 4\na9: 3\na10: 2\nb: 1\nname: 6\nnamespace: 7\n"));
}

void TestPrinters::yamlFoldsLongScalars()
{
    // go-yaml v2.4 breaks plain and quoted scalars at the first space past column 80 and
    // continues two spaces deeper than the key.
    QCOMPARE(toYaml(mapOf({{"message", str("Job has reached the specified backoff limit because "
                                           "the container sommeil exited with code 1 several "
                                           "times in a row, so no new pod will be created")}})),
             QStringLiteral("message: Job has reached the specified backoff limit because the "
                            "container sommeil\n"
                            "  exited with code 1 several times in a row, so no new pod will be "
                            "created\n"));
    QCOMPARE(toYaml(mapOf({{"message", str("Back-off pulling image \"busybox:9.99\": ErrImagePull: "
                                           "rpc error: code = NotFound desc = failed to pull and "
                                           "unpack image")}})),
             QStringLiteral("message: 'Back-off pulling image \"busybox:9.99\": ErrImagePull: rpc "
                            "error: code = NotFound\n"
                            "  desc = failed to pull and unpack image'\n"));
    QCOMPARE(toYaml(mapOf({{"message", str("tab\there and a long sentence that keeps going well "
                                           "beyond the eighty column limit  of go-yaml v2")}})),
             QStringLiteral("message: \"tab\\there and a long sentence that keeps going well "
                            "beyond the eighty column\n"
                            "  limit  of go-yaml v2\"\n"));
    // A space kept at the start of a continuation line is escaped.
    const QString longWord(74, QLatin1Char('a'));
    QCOMPARE(toYaml(mapOf({{"message", Value::string(QStringLiteral("x\ty   ") + longWord +
                                                     QStringLiteral("  two spaces after"))}})),
             QStringLiteral("message: \"x\\ty   ") + longWord +
                 QStringLiteral("\n  \\ two spaces after\"\n"));
    // Deeper keys continue relative to their own indentation.
    const Value condition =
        mapOf({{"message", str("one two three four five six seven eight nine "
                               "ten eleven twelve thirteen fourteen fifteen")}});
    const Value nested = mapOf({{"status", mapOf({{"conditions", listOf({condition})}})}});
    QCOMPARE(toYaml(nested),
             QStringLiteral("status:\n  conditions:\n  - message: one two three four "
                            "five six seven eight nine ten eleven twelve thirteen\n"
                            "      fourteen fifteen\n"));
}

void TestPrinters::yamlDoesNotFoldKeys()
{
    const QString key = QStringLiteral("a key with many words that is long enough to pass the "
                                       "eighty columns limit easily");
    Value v = Value::map();
    v.set(key, Value::integer(1));
    QCOMPARE(toYaml(v), key + QStringLiteral(": 1\n"));
}

void TestPrinters::yamlJob()
{
    const QString expected = QString::fromUtf8(R"(apiVersion: batch/v1
kind: Job
metadata:
  creationTimestamp: "2026-11-05T09:30:00Z"
  generation: 1
  labels:
    batch.kubernetes.io/controller-uid: 5d2c3a7e-8f1b-4c6d-9e0a-1b2c3d4e5f60
    batch.kubernetes.io/job-name: sommeil
    controller-uid: 5d2c3a7e-8f1b-4c6d-9e0a-1b2c3d4e5f60
    job-name: sommeil
  name: sommeil
  namespace: default
  resourceVersion: "1234"
  uid: 5d2c3a7e-8f1b-4c6d-9e0a-1b2c3d4e5f60
spec:
  backoffLimit: 4
  completionMode: NonIndexed
  completions: 1
  manualSelector: false
  parallelism: 1
  podReplacementPolicy: TerminatingOrFailed
  selector:
    matchLabels:
      batch.kubernetes.io/controller-uid: 5d2c3a7e-8f1b-4c6d-9e0a-1b2c3d4e5f60
  suspend: false
  template:
    metadata:
      creationTimestamp: null
      labels:
        batch.kubernetes.io/controller-uid: 5d2c3a7e-8f1b-4c6d-9e0a-1b2c3d4e5f60
        batch.kubernetes.io/job-name: sommeil
        controller-uid: 5d2c3a7e-8f1b-4c6d-9e0a-1b2c3d4e5f60
        job-name: sommeil
    spec:
      containers:
      - command:
        - sh
        - -c
        - |
          echo "Début" && sleep 30
          echo fin
        image: busybox:1.36
        imagePullPolicy: IfNotPresent
        name: sommeil
        resources: {}
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: File
      dnsPolicy: ClusterFirst
      restartPolicy: Never
      schedulerName: default-scheduler
      securityContext: {}
      terminationGracePeriodSeconds: 30
status:
  completionTime: "2026-11-05T09:30:35Z"
  conditions:
  - lastProbeTime: "2026-11-05T09:30:35Z"
    lastTransitionTime: "2026-11-05T09:30:35Z"
    message: Reached expected number of succeeded pods
    reason: CompletionsReached
    status: "True"
    type: SuccessCriteriaMet
  - lastProbeTime: "2026-11-05T09:30:35Z"
    lastTransitionTime: "2026-11-05T09:30:35Z"
    message: Reached expected number of succeeded pods
    reason: CompletionsReached
    status: "True"
    type: Complete
  ready: 0
  startTime: "2026-11-05T09:30:00Z"
  succeeded: 1
  terminating: 0
  uncountedTerminatedPods: {}
)");
    QCOMPARE(toYaml(fromJson(jobJson)), expected);
}

QTEST_GUILESS_MAIN(TestPrinters)
#include "tst_printers.moc"
