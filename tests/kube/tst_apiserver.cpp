// The API server's store: timestamps, generated names and uids, listing order, events.
#include "apiserver.h"
#include "kinds.h"
#include "kubecluster.h"
#include "yamlreader.h"

#include <QtTest>

using namespace schedlab::kube;

class TestApiServer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void timestampsRoundTrip_data()
    {
        QTest::addColumn<qint64>("epoch");
        QTest::addColumn<QString>("text");
        QTest::newRow("epoch") << qint64(0) << QStringLiteral("1970-01-01T00:00:00Z");
        QTest::newRow("course") << qint64(1793871000) << QStringLiteral("2026-11-05T09:30:00Z");
        QTest::newRow("leap day") << qint64(1709164800) << QStringLiteral("2024-02-29T00:00:00Z");
        QTest::newRow("before 1970") << qint64(-86400) << QStringLiteral("1969-12-31T00:00:00Z");
    }
    void timestampsRoundTrip()
    {
        QFETCH(qint64, epoch);
        QFETCH(QString, text);
        QCOMPARE(rfc3339(epoch), text);
        QCOMPARE(parseRfc3339(text), epoch);
    }

    void otherTimestampFormsStillParse()
    {
        QCOMPARE(parseRfc3339(QStringLiteral("2026-11-05T10:30:00+01:00")), qint64(1793871000));
        QCOMPARE(parseRfc3339(QStringLiteral("pas une date")), qint64(-1));
        QCOMPARE(parseRfc3339(QString()), qint64(-1));
    }

    void namesUseTheAlphabetAndTheSeed()
    {
        ApiServer a(7), b(7), c(8);
        const QString first = a.randomSuffix();
        QCOMPARE(first.size(), 5);
        for (QChar ch : first)
            QVERIFY(QStringLiteral("bcdfghjklmnpqrstvwxz2456789").contains(ch));
        QCOMPARE(b.randomSuffix(), first); // same seed, same names: runs are reproducible
        QVERIFY(c.randomSuffix() != first || c.randomSuffix() != a.randomSuffix());
        const QString uid = a.newUid();
        QVERIFY(QRegularExpression(
                    QStringLiteral(
                        "^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"))
                    .match(uid)
                    .hasMatch());
    }

    void generatedNamesAreCutAt58AndUnique()
    {
        ApiServer api(1);
        const KindInfo &pods = *kindForResource(QStringLiteral("pods"));
        const QString base = QString(70, u'a');
        const QString name = api.generateName(pods, QStringLiteral("default"), base);
        QCOMPARE(name.size(), 63);
        QVERIFY(name.startsWith(QString(58, u'a')));
    }

    void listsByNamespaceThenName()
    {
        ApiServer api(1);
        const KindInfo &jobs = *kindForResource(QStringLiteral("jobs"));
        for (const auto &[ns, name] : {qMakePair(QStringLiteral("b"), QStringLiteral("x")),
                                       qMakePair(QStringLiteral("a"), QStringLiteral("z")),
                                       qMakePair(QStringLiteral("a"), QStringLiteral("y"))}) {
            Value job = Value::map();
            Value meta = Value::map();
            meta.set(QStringLiteral("name"), Value::string(name));
            meta.set(QStringLiteral("namespace"), Value::string(ns));
            job.set(QStringLiteral("metadata"), meta);
            api.insert(jobs, job);
        }
        QStringList seen;
        for (const Value *v : api.list(jobs))
            seen << namespaceOf(*v) + u'/' + nameOf(*v);
        QCOMPARE(seen, QStringList(
                           {QStringLiteral("a/y"), QStringLiteral("a/z"), QStringLiteral("b/x")}));
        QCOMPARE(api.list(jobs, QStringLiteral("a")).size(), 2);
        QVERIFY(api.find(jobs, QStringLiteral("b"), QStringLiteral("x")));
        QVERIFY(!api.find(jobs, QStringLiteral("a"), QStringLiteral("x")));
        QVERIFY(api.erase(jobs, QStringLiteral("b"), QStringLiteral("x")));
        QCOMPARE(api.list(jobs).size(), 2);
    }

    void repeatedEventsAreFolded()
    {
        ApiServer api(1);
        Value pod = Value::map();
        pod.set(QStringLiteral("kind"), Value::string(QStringLiteral("Pod")));
        Value meta = Value::map();
        meta.set(QStringLiteral("name"), Value::string(QStringLiteral("p")));
        meta.set(QStringLiteral("uid"), Value::string(QStringLiteral("u1")));
        pod.set(QStringLiteral("metadata"), meta);
        api.setNow(100);
        api.recordEvent(pod, QStringLiteral("Warning"), QStringLiteral("BackOff"),
                        QStringLiteral("Back-off"), QStringLiteral("kubelet"));
        api.setNow(130);
        api.recordEvent(pod, QStringLiteral("Warning"), QStringLiteral("BackOff"),
                        QStringLiteral("Back-off"), QStringLiteral("kubelet"));
        api.recordEvent(pod, QStringLiteral("Normal"), QStringLiteral("Started"),
                        QStringLiteral("Started container c"), QStringLiteral("kubelet"));
        QCOMPARE(api.events().size(), 2);
        QCOMPARE(api.events().first().count, 2);
        QCOMPARE(api.events().first().firstTime, qint64(100));
        QCOMPARE(api.events().first().lastTime, qint64(130));
        api.dropEventsOf(QStringLiteral("u1"));
        QVERIFY(api.events().isEmpty());
    }

    void qualityOfServiceClass_data()
    {
        QTest::addColumn<QByteArray>("containers");
        QTest::addColumn<QString>("qos");
        QTest::newRow("nothing") << QByteArray("- {name: a}\n- {name: b}\n") << "BestEffort";
        QTest::newRow("a request")
            << QByteArray("- name: a\n  resources: {requests: {cpu: 1}}\n") << "Burstable";
        QTest::newRow("limits only")
            << QByteArray("- name: a\n  resources: {limits: {cpu: 500m, memory: 1Gi}}\n")
            << "Guaranteed";
        QTest::newRow("equal") << QByteArray("- name: a\n  resources: {limits: {cpu: 1, memory: "
                                             "1Gi}, requests: {cpu: 1, memory: 1Gi}}\n")
                               << "Guaranteed";
        QTest::newRow("same amount, other unit")
            << QByteArray("- name: a\n  resources: {limits: {cpu: 1, memory: 1Gi}, requests: "
                          "{cpu: 1000m, memory: 1024Mi}}\n")
            << "Guaranteed";
        QTest::newRow("request below limit")
            << QByteArray("- name: a\n  resources: {limits: {cpu: 1, memory: 1Gi}, requests: "
                          "{cpu: 500m}}\n")
            << "Burstable";
        QTest::newRow("one container without")
            << QByteArray("- name: a\n  resources: {limits: {cpu: 1, memory: 1Gi}}\n- name: b\n")
            << "Burstable";
    }

    void qualityOfServiceClass()
    {
        QFETCH(QByteArray, containers);
        QFETCH(QString, qos);
        const YamlReadResult read = readYamlDocuments("containers:\n" + containers);
        QCOMPARE(read.documents.size(), 1);
        QCOMPARE(qosClassOf(read.documents.first().root), qos);
    }
};

QTEST_GUILESS_MAIN(TestApiServer)
#include "tst_apiserver.moc"
