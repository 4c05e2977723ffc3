// Tests of -o go-template: Go's text/template on an object after kubectl's JSON round trip
// (every number a float64), and text/template's own error messages.
#include "gotemplate.h"

#include <QJsonDocument>
#include <QTest>

using namespace schedlab::kube;

namespace {

Value object()
{
    Value pod = Value::map();
    Value &meta = pod.child(QStringLiteral("metadata"));
    meta.set(QStringLiteral("name"), Value::string(QStringLiteral("calcul-x7k2q")));
    meta.child(QStringLiteral("labels"))
        .set(QStringLiteral("job-name"), Value::string(QStringLiteral("calcul")));
    Value containers = Value::list();
    for (const char *name : {"calcul", "journal"}) {
        Value c = Value::map();
        c.set(QStringLiteral("name"), Value::string(QString::fromLatin1(name)));
        containers.append(c);
    }
    pod.child(QStringLiteral("spec")).set(QStringLiteral("containers"), containers);
    Value &status = pod.child(QStringLiteral("status"));
    status.set(QStringLiteral("phase"), Value::string(QStringLiteral("Running")));
    status.set(QStringLiteral("restarts"), Value::integer(1000000));
    status.set(QStringLiteral("ready"), Value::integer(1));
    status.set(QStringLiteral("empty"), Value::null());
    Value list = Value::map();
    Value items = Value::list();
    items.append(pod);
    list.set(QStringLiteral("items"), items);
    list.set(QStringLiteral("kind"), Value::string(QStringLiteral("List")));
    return list;
}

QString render(const char *text, bool allowMissing = true, QString *error = nullptr)
{
    GoTemplate t;
    QString parseError;
    if (!t.parse(QString::fromUtf8(text), &parseError))
        return QStringLiteral("PARSE: ") + parseError;
    t.setAllowMissingKeys(allowMissing);
    QString out;
    QString runError;
    if (!t.execute(object(), &out, &runError)) {
        if (error)
            *error = runError;
        return out + QStringLiteral("|ERROR: ") + runError;
    }
    return out;
}

} // namespace

class TestGoTemplate : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rendersLikeKubectl_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        const auto add = [](const char *text, const char *expected) {
            QTest::newRow(text) << QString::fromUtf8(text) << QString::fromUtf8(expected);
        };
        add("{{range .items}}{{.metadata.name}}{{\"\\n\"}}{{end}}", "calcul-x7k2q\n");
        add("{{.kind}} {{.missing}}", "List <no value>");
        add("{{range .items}}{{.status.restarts}} {{.status.ready}}{{end}}", "1e+06 1");
        add("{{range .items}}{{.status.empty}}{{end}}", "<no value>");
        add("{{range $i, $c := (index .items 0).spec.containers}}{{$i}}={{$c.name}} {{end}}",
            "0=calcul 1=journal ");
        add("{{with index .items 0}}{{index .metadata.labels \"job-name\"}}{{end}}", "calcul");
        add("{{range .items}}{{if eq .status.phase \"Running\"}}up{{else}}down{{end}}{{end}}",
            "up");
        add("{{range .items}}{{if .status.nope}}a{{else if .status.ready}}b{{end}}{{end}}", "b");
        add("{{len .items}} {{printf \"%s-%v\" .kind 2}}", "1 List-2");
        add("{{- /* a comment */ -}}\n  {{ .kind -}}  \n", "List");
        add("{{$n := len .items}}{{$n}}", "1");
        add("{{range .nothing}}x{{else}}empty{{end}}", "empty");
        add("{{range .items}}{{.spec.containers}}{{end}}", "[map[name:calcul] map[name:journal]]");
        add("{{exists . \"items\" 0 \"metadata\"}} {{exists . \"items\" 3}}", "true false");
    }

    void rendersLikeKubectl()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        QCOMPARE(render(text.toUtf8().constData()), expected);
    }

    void errorsAreTextTemplates()
    {
        // A chain of fields is placed at its second field, as text/template's parser does.
        QCOMPARE(
            render("{{.kind.foo}}"),
            QStringLiteral("|ERROR: template: output:1:7: executing \"output\" at <.kind.foo>: "
                           "can't evaluate field foo in type interface {}"));
        QCOMPARE(render("a{{.missing}}b", false),
                 QStringLiteral("a|ERROR: template: output:1:3: executing \"output\" at "
                                "<.missing>: map has no entry for key \"missing\""));
        QCOMPARE(render("{{range .items}}{{if eq .status.ready 1}}x{{end}}{{end}}"),
                 QStringLiteral("|ERROR: template: output:1:21: executing \"output\" at <eq "
                                ".status.ready 1>: error calling eq: incompatible types for "
                                "comparison"));
        QCOMPARE(render("{{index .items 3}}"),
                 QStringLiteral("|ERROR: template: output:1:2: executing \"output\" at <index "
                                ".items 3>: error calling index: index out of range: 3"));
        QCOMPARE(render("{{.kind"), QStringLiteral("PARSE: template: output:1: unclosed action"));
        QCOMPARE(render("{{foo .kind}}"),
                 QStringLiteral("PARSE: template: output:1: function \"foo\" not defined"));
        QCOMPARE(render("{{range .items}}"),
                 QStringLiteral("PARSE: template: output:1: unexpected EOF"));
        QCOMPARE(render("{{end}}"),
                 QStringLiteral("PARSE: template: output:1: unexpected {{end}}"));
        QCOMPARE(render("{{$x}}"),
                 QStringLiteral("PARSE: template: output:1: undefined variable \"$x\""));
    }

    void kubectlsDebuggingHelp()
    {
        GoTemplate t;
        QString error;
        QVERIFY(t.parse(QStringLiteral("{{.a.b}}"), &error));
        Value data = Value::map();
        data.set(QStringLiteral("a"), Value::integer(1));
        QString out;
        QVERIFY(!t.print(data, QStringLiteral("{{.a.b}}"), &out, &error));
        QCOMPARE(out, QStringLiteral(
                          "Error executing template: template: output:1:4: executing \"output\" at "
                          "<.a.b>: can't evaluate field b in type interface {}. Printing more "
                          "information for debugging the template:\n\ttemplate was:\n\t\t{{.a.b}}\n"
                          "\traw data was:\n\t\t{\"a\":1}\n\tobject given to template engine was:"
                          "\n\t\tmap[a:1]\n\n"));
        QCOMPARE(error,
                 QStringLiteral("error executing template \"{{.a.b}}\": template: output:1:4: "
                                "executing \"output\" at <.a.b>: can't evaluate field b in "
                                "type interface {}"));
    }
};

QTEST_GUILESS_MAIN(TestGoTemplate)
#include "tst_gotemplate.moc"
