// Tests of --field-selector as a Kubernetes 1.31 API server reads it: the grammar, the fields
// each kind accepts (and the server's words when it does not), and the values it compares.
#include "fieldselector.h"

#include <QTest>

using namespace schedlab::kube;

namespace {

const KindInfo &kind(const char *resource)
{
    return *kindForResource(QString::fromLatin1(resource));
}

Value pod(const char *name, const char *phase, const char *node)
{
    Value p = Value::map();
    Value &meta = p.child(QStringLiteral("metadata"));
    meta.set(QStringLiteral("name"), Value::string(QString::fromLatin1(name)));
    meta.set(QStringLiteral("namespace"), Value::string(QStringLiteral("default")));
    Value &spec = p.child(QStringLiteral("spec"));
    spec.set(QStringLiteral("restartPolicy"), Value::string(QStringLiteral("Never")));
    spec.set(QStringLiteral("schedulerName"), Value::string(QStringLiteral("default-scheduler")));
    if (*node)
        spec.set(QStringLiteral("nodeName"), Value::string(QString::fromLatin1(node)));
    Value &status = p.child(QStringLiteral("status"));
    status.set(QStringLiteral("phase"), Value::string(QString::fromLatin1(phase)));
    return p;
}

bool selects(const char *selector, const KindInfo &k, const Value &object)
{
    FieldSelector fields;
    QString error;
    if (!fields.parse(QString::fromLatin1(selector), k, &error))
        qFatal("unexpected refusal: %s", qPrintable(error));
    return fields.matches(object);
}

QString refusal(const char *selector, const KindInfo &k)
{
    FieldSelector fields;
    QString error;
    if (fields.parse(QString::fromLatin1(selector), k, &error))
        return QStringLiteral("<accepted>");
    return error;
}

} // namespace

class TestFieldSelector : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void podsByPhaseNodeAndName()
    {
        const KindInfo &pods = kind("pods");
        const Value running = pod("a", "Running", "node01");
        const Value pending = pod("b", "Pending", "");
        QVERIFY(selects("status.phase=Running", pods, running));
        QVERIFY(selects("status.phase==Running", pods, running));
        QVERIFY(!selects("status.phase!=Running", pods, running));
        QVERIFY(selects("status.phase!=Running", pods, pending));
        QVERIFY(selects("spec.nodeName=node01,metadata.name=a", pods, running));
        QVERIFY(!selects("spec.nodeName=node01,metadata.name=b", pods, running));
        // An unscheduled pod has an empty node name, which a selector can ask for.
        QVERIFY(selects("spec.nodeName=", pods, pending));
        QVERIFY(selects("metadata.namespace=default", pods, pending));
        QVERIFY(selects("spec.host=node01", pods, running)); // the v1 alias of spec.nodeName
        QVERIFY(selects("spec.hostNetwork=false,spec.serviceAccountName=default", pods, running));
        QVERIFY(selects("spec.restartPolicy=Never,spec.schedulerName=default-scheduler", pods,
                        running));
        QVERIFY(selects("", pods, running));
    }

    void jobsBySuccesses()
    {
        Value job = Value::map();
        job.child(QStringLiteral("metadata"))
            .set(QStringLiteral("name"), Value::string(QStringLiteral("calcul")));
        QVERIFY(selects("status.successful=0", kind("jobs"), job));
        job.child(QStringLiteral("status")).set(QStringLiteral("succeeded"), Value::integer(2));
        QVERIFY(selects("status.successful=2,metadata.name=calcul", kind("jobs"), job));
    }

    void escapedValues()
    {
        Value p = pod("a,b", "Running", "");
        QVERIFY(selects("metadata.name=a\\,b", kind("pods"), p));
        QCOMPARE(refusal("metadata.name=a=b", kind("pods")),
                 QStringLiteral("invalid field selector: unescaped character in value: 61"));
        QCOMPARE(refusal("metadata.name=a\\b", kind("pods")),
                 QStringLiteral("invalid field selector: invalid escape sequence: \\b"));
    }

    void whatTheServerRefuses()
    {
        QCOMPARE(refusal("foo=bar", kind("pods")),
                 QStringLiteral("field label not supported: foo"));
        QCOMPARE(refusal("status.phase=Running", kind("jobs")),
                 QStringLiteral("field label \"status.phase\" not supported for Job"));
        QCOMPARE(refusal("status.replicas=1", kind("deployments")),
                 QStringLiteral("\"status.replicas\" is not a known field selector: only "
                                "\"metadata.name\", \"metadata.namespace\""));
        QCOMPARE(refusal("metadata.namespace=x", kind("nodes")),
                 QStringLiteral("field label not supported: metadata.namespace"));
        QCOMPARE(refusal("status.phase", kind("pods")),
                 QStringLiteral("invalid selector: 'status.phase'; can't understand "
                                "'status.phase'"));
        // The server sorts the terms: "a.b" is looked at before "status.phase".
        QCOMPARE(refusal("status.phase=Running,a.b=c", kind("pods")),
                 QStringLiteral("field label not supported: a.b"));
        QCOMPARE(refusal("status.phase=Active", kind("namespaces")), QStringLiteral("<accepted>"));
        QCOMPARE(refusal("involvedObject.name=x,type=Warning", kind("events")),
                 QStringLiteral("<accepted>"));
    }
};

QTEST_GUILESS_MAIN(TestFieldSelector)
#include "tst_fieldselector.moc"
