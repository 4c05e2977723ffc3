// Checks what the mini API server does to a manifest (kinds, strict decoding, defaults,
// generated labels, validation) against the messages a real cluster prints.
#include "kinds.h"
#include "manifest.h"
#include "value.h"
#include "yamlreader.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace schedlab::kube;

namespace {

const QString kUid = QStringLiteral("3b5f2a6e-6f0a-4c1e-9d3b-2f7a1c0e8b41");

// The first document of `yaml`; a Null value (which fails every later comparison loudly)
// when the text does not read.
Value yaml(const QByteArray &text)
{
    const YamlReadResult read = readYamlDocuments(text);
    if (!read.ok() || read.documents.isEmpty()) {
        qWarning("YAML does not read: %s", qPrintable(read.error));
        return Value();
    }
    return read.documents.first().root;
}

const KindInfo &kindOf(const Value &object)
{
    static const KindInfo none;
    const KindInfo *kind = kindFor(object[QStringLiteral("apiVersion")].toString(),
                                   object[QStringLiteral("kind")].toString());
    return kind ? *kind : none;
}

struct Outcome
{
    Value object;  // as it would be stored
    QString error; // what kubectl prints; empty when created
    QStringList warnings;
};

// The API server's create path, as KubeCluster::apply runs it.
Outcome create(const Value &manifest)
{
    Outcome out;
    out.object = manifest;
    const KindInfo &kind = kindOf(manifest);
    if (kind.kind.isEmpty()) {
        out.error = QStringLiteral("unknown kind");
        return out;
    }
    out.error = strictDecodingError(kind, out.object);
    if (!out.error.isEmpty())
        return out;
    applyDefaults(kind, out.object);
    out.object.child(QStringLiteral("metadata")).set(QStringLiteral("uid"), Value::string(kUid));
    if (kind.kind == QLatin1String("Job"))
        prepareJobForCreate(out.object, kUid);
    const QList<FieldError> errors = validateCreate(kind, out.object);
    if (!errors.isEmpty()) {
        out.error = formatInvalid(
            kind.kind, out.object[QStringLiteral("metadata")][QStringLiteral("name")].toString(),
            errors);
        return out;
    }
    out.warnings = warningsOnCreate(kind, out.object);
    return out;
}

Outcome create(const QByteArray &text)
{
    return create(yaml(text));
}

// An update of `stored` into `manifest` (already merged), as `kubectl apply` sends it.
QString update(const Value &stored, Value updated)
{
    const KindInfo &kind = kindOf(stored);
    applyDefaults(kind, updated);
    const QList<FieldError> errors = validateUpdate(kind, stored, updated);
    if (errors.isEmpty())
        return QString();
    return formatInvalid(
        kind.kind, updated[QStringLiteral("metadata")][QStringLiteral("name")].toString(), errors);
}

// Follows `path` ("spec.template.spec.containers.0.image") through maps and lists.
Value at(const Value &object, const QString &path)
{
    Value v = object;
    for (const QString &part : path.split(u'.')) {
        bool isIndex = false;
        const int i = part.toInt(&isIndex);
        if (isIndex && v.isList())
            v = i < v.items().size() ? v.items().at(i) : Value();
        else
            v = v[part];
    }
    return v;
}

Value *mutableAt(Value &object, const QString &path)
{
    Value *v = &object;
    for (const QString &part : path.split(u'.')) {
        bool isIndex = false;
        const int i = part.toInt(&isIndex);
        if (isIndex && v->isList()) {
            v = &v->items()[i];
        } else {
            // child() would replace a list with a map: only create what is missing.
            Value *found = v->find(part);
            v = found ? found : &v->child(part);
        }
    }
    return v;
}

const QByteArray kJob = R"(apiVersion: batch/v1
kind: Job
metadata:
  name: sommeil
spec:
  template:
    spec:
      containers:
      - name: sommeil
        image: busybox:1.36
        command: ["sleep", "30"]
      restartPolicy: Never
)";

const QByteArray kDeployment = R"(apiVersion: apps/v1
kind: Deployment
metadata:
  name: sommeil
spec:
  replicas: 2
  selector:
    matchLabels:
      app: sommeil
  template:
    metadata:
      labels:
        app: sommeil
    spec:
      containers:
      - name: sommeil
        image: busybox
        command: ["sleep", "3600"]
)";

const QByteArray kClusterQueue = R"(apiVersion: kueue.x-k8s.io/v1beta1
kind: ClusterQueue
metadata: {name: cluster-queue}
spec:
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: ["cpu","memory"]
    flavors:
    - name: default-flavor
      resources:
      - {name: cpu, nominalQuota: 9}
      - {name: memory, nominalQuota: 36Gi}
)";

// kJob with `from` replaced by `to` (a line of the manifest, as a student edits it).
QByteArray jobWith(const char *from, const QByteArray &to)
{
    QByteArray text = kJob;
    if (!text.contains(from))
        qFatal("the manifest has no \"%s\"", from);
    return text.replace(from, to);
}

QByteArray deploymentWith(const char *from, const QByteArray &to)
{
    QByteArray text = kDeployment;
    if (!text.contains(from))
        qFatal("the manifest has no \"%s\"", from);
    return text.replace(from, to);
}

QByteArray clusterQueueWith(const char *from, const QByteArray &to)
{
    QByteArray text = kClusterQueue;
    if (!text.contains(from))
        qFatal("the manifest has no \"%s\"", from);
    return text.replace(from, to);
}

const QString kRestartRequired = QStringLiteral(
    "spec.template.spec.restartPolicy: Required value: valid values: \"OnFailure\", \"Never\"");
const QString kLabelRegex = QStringLiteral(
    "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and "
    "must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex "
    "used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')");
const QString kSubdomainRegex = QStringLiteral(
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or "
    "'.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used "
    "for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')");
const QString kCelSkipped = QStringLiteral(
    "* <nil>: Invalid value: \"null\": some validation rules were not checked because the object "
    "was invalid; correct the existing errors to complete validation");

} // namespace

class TestManifest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void kindsByAlias_data();
    void kindsByAlias();
    void kindsTable();
    void kindsFromManifest();

    void validManifestsPass_data();
    void validManifestsPass();

    void strictDecoding_data();
    void strictDecoding();

    void jobRestartPolicy_data();
    void jobRestartPolicy();
    void deploymentRestartPolicy_data();
    void deploymentRestartPolicy();
    void deploymentSelector_data();
    void deploymentSelector();
    void jobSelectorWithManualSelector();
    void containers_data();
    void containers();
    void names_data();
    void names();
    void dottedJobNameWarns();
    void numericFields_data();
    void numericFields();
    void podValidation_data();
    void podValidation();
    void kueueValidation_data();
    void kueueValidation();

    void jobDefaults();
    void jobDefaultsVariants();
    void imagePullPolicy_data();
    void imagePullPolicy();
    void deploymentDefaults();
    void podDefaults();
    void kueueDefaults();
    void metadataNamespace();
    void defaultsAreStable();

    void generatedLabelsAndSelector();
    void generatedLabelsKeepUserLabels();
    void manualSelectorGeneratesNothing();

    void jobTemplateIsImmutable();
    void suspendedJobThatNeverStarted();
    void jobMutableFields();
    void jobCompletionsImmutable();
    void deploymentSelectorImmutable();
    void localQueueClusterQueueImmutable();

    void fieldErrorText_data();
    void fieldErrorText();
    void formatInvalidLayout();
};

// ---- kinds --------------------------------------------------------------------------------

void TestManifest::kindsByAlias_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("kind");
    const QList<QPair<QString, QStringList>> table{
        {QStringLiteral("Pod"), {"pods", "pod", "po", "Pod", "PODS"}},
        {QStringLiteral("Namespace"), {"namespaces", "namespace", "ns", "Namespace"}},
        {QStringLiteral("Node"), {"nodes", "node", "no"}},
        {QStringLiteral("Event"), {"events", "event", "ev"}},
        {QStringLiteral("Job"),
         {"jobs", "job", "Job", "jobs.batch", "job.batch", "Job.batch", "jobs.v1.batch"}},
        {QStringLiteral("Deployment"),
         {"deployments", "deployment", "deploy", "deployments.apps", "deployment.apps",
          "Deployment"}},
        {QStringLiteral("ReplicaSet"), {"replicasets", "replicaset", "rs", "replicasets.apps"}},
        {QStringLiteral("ResourceFlavor"),
         {"resourceflavors", "resourceflavor", "flavor", "flavors", "rf",
          "resourceflavors.kueue.x-k8s.io", "ResourceFlavor"}},
        {QStringLiteral("ClusterQueue"),
         {"clusterqueues", "clusterqueue", "cq", "ClusterQueue", "clusterqueues.kueue.x-k8s.io"}},
        {QStringLiteral("LocalQueue"),
         {"localqueues", "localqueue", "queue", "queues", "lq", "LocalQueue",
          "localqueues.kueue.x-k8s.io"}},
        {QStringLiteral("Workload"), {"workloads", "workload", "wl", "workloads.kueue.x-k8s.io"}},
    };
    for (const auto &row : table)
        for (const QString &typed : row.second)
            QTest::newRow(qPrintable(typed)) << typed << row.first;
    for (const char *unknown : {"jobz", "jobs.apps", "deployments.batch", "svc", "cronjobs", ""})
        QTest::newRow(qPrintable(QStringLiteral("unknown ") + QString::fromLatin1(unknown)))
            << QString::fromLatin1(unknown) << QString();
}

void TestManifest::kindsByAlias()
{
    QFETCH(QString, typed);
    QFETCH(QString, kind);
    const KindInfo *info = kindForResource(typed);
    if (kind.isEmpty()) {
        QVERIFY(!info);
        return;
    }
    QVERIFY(info);
    QCOMPARE(info->kind, kind);
}

void TestManifest::kindsTable()
{
    QCOMPARE(allKinds().size(), 12);
    const KindInfo *pc = kindForResource(QStringLiteral("pc"));
    QVERIFY(pc);
    QCOMPARE(pc->kind, QStringLiteral("PriorityClass"));
    QCOMPARE(pc->qualifiedSingular(), QStringLiteral("priorityclass.scheduling.k8s.io"));
    QVERIFY(!pc->namespaced);
    QCOMPARE(kindFor(QStringLiteral("scheduling.k8s.io/v1"), QStringLiteral("PriorityClass")), pc);
    const KindInfo *job = kindForResource(QStringLiteral("job"));
    QVERIFY(job);
    QCOMPARE(job->apiVersion(), QStringLiteral("batch/v1"));
    QCOMPARE(job->qualifiedSingular(), QStringLiteral("job.batch"));
    QCOMPARE(job->qualifiedResource(), QStringLiteral("jobs.batch"));
    QVERIFY(job->namespaced && job->creatable);

    const KindInfo *pod = kindForResource(QStringLiteral("po"));
    QCOMPARE(pod->apiVersion(), QStringLiteral("v1"));
    QCOMPARE(pod->qualifiedSingular(), QStringLiteral("pod"));
    QCOMPARE(pod->qualifiedResource(), QStringLiteral("pods"));

    const KindInfo *deploy = kindForResource(QStringLiteral("deploy"));
    QCOMPARE(deploy->qualifiedSingular(), QStringLiteral("deployment.apps"));

    const KindInfo *ns = kindForResource(QStringLiteral("ns"));
    QVERIFY(!ns->namespaced && ns->creatable);
    const KindInfo *node = kindForResource(QStringLiteral("no"));
    QVERIFY(!node->namespaced && !node->creatable);
    const KindInfo *event = kindForResource(QStringLiteral("ev"));
    QVERIFY(event->namespaced && !event->creatable);

    const KindInfo *cq = kindForResource(QStringLiteral("cq"));
    QCOMPARE(cq->apiVersion(), QStringLiteral("kueue.x-k8s.io/v1beta1"));
    QCOMPARE(cq->qualifiedSingular(), QStringLiteral("clusterqueue.kueue.x-k8s.io"));
    QVERIFY(!cq->namespaced && cq->creatable);
    QVERIFY(!kindForResource(QStringLiteral("rf"))->namespaced);
    QVERIFY(kindForResource(QStringLiteral("lq"))->namespaced);
    QVERIFY(!kindForResource(QStringLiteral("wl"))->creatable);
    QCOMPARE(
        kindForResource(QStringLiteral("lq"))->shortNames,
        QStringList({QStringLiteral("queue"), QStringLiteral("queues"), QStringLiteral("lq")}));
}

void TestManifest::kindsFromManifest()
{
    QCOMPARE(kindFor(QStringLiteral("batch/v1"), QStringLiteral("Job"))->resource,
             QStringLiteral("jobs"));
    QCOMPARE(kindFor(QStringLiteral("apps/v1"), QStringLiteral("Deployment"))->resource,
             QStringLiteral("deployments"));
    QCOMPARE(kindFor(QStringLiteral("v1"), QStringLiteral("Pod"))->resource,
             QStringLiteral("pods"));
    QCOMPARE(
        kindFor(QStringLiteral("kueue.x-k8s.io/v1beta1"), QStringLiteral("LocalQueue"))->resource,
        QStringLiteral("localqueues"));
    // A manifest names its kind exactly, in its own group.
    QVERIFY(!kindFor(QStringLiteral("v1"), QStringLiteral("Job")));
    QVERIFY(!kindFor(QStringLiteral("batch/v1"), QStringLiteral("job")));
    QVERIFY(!kindFor(QStringLiteral("apps/v1beta1"), QStringLiteral("Deployment")));
    QVERIFY(!kindFor(QStringLiteral("kueue.x-k8s.io/v1beta2"), QStringLiteral("ClusterQueue")));
}

// ---- Valid manifests ----------------------------------------------------------------------

void TestManifest::validManifestsPass_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("document");
    const QDir dir(QStringLiteral(SCHEDLAB_TEST_DATA "/manifest"));
    const QStringList files = dir.entryList({QStringLiteral("valid-*.yaml")}, QDir::Files);
    QVERIFY(!files.isEmpty());
    for (const QString &file : files) {
        QFile f(dir.filePath(file));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const YamlReadResult read = readYamlDocuments(f.readAll());
        QVERIFY2(read.ok(), qPrintable(read.error));
        for (int i = 0; i < read.documents.size(); ++i)
            QTest::newRow(qPrintable(file + u' ' +
                                     read.documents.at(i).root[QStringLiteral("kind")].toString()))
                << f.fileName() << i;
    }
}

void TestManifest::validManifestsPass()
{
    QFETCH(QString, file);
    QFETCH(int, document);
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const YamlReadResult read = readYamlDocuments(f.readAll());
    QVERIFY(read.ok() && document < read.documents.size());
    const Outcome out = create(read.documents.at(document).root);
    QCOMPARE(out.error, QString());
    QCOMPARE(out.warnings, QStringList());
}

// ---- Strict decoding ----------------------------------------------------------------------

void TestManifest::strictDecoding_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("error");

    QTest::newRow("comand") << jobWith("command:", "comand:")
                            << QStringLiteral("strict decoding error: unknown field "
                                              "\"spec.template.spec.containers[0].comand\"");
    QTest::newRow("every unknown field, in the server's (sorted) order")
        << jobWith("  name: sommeil\nspec:",
                   "  nmae: sommeil\n  name: sommeil\nspec:\n  retries: 3")
               .replace("command:", "comand:")
        << QStringLiteral("strict decoding error: unknown field \"metadata.nmae\", unknown field "
                          "\"spec.retries\", unknown field "
                          "\"spec.template.spec.containers[0].comand\"");
    QTest::newRow("field names are case-sensitive")
        << jobWith("image:", "Image:")
        << QStringLiteral("strict decoding error: unknown field "
                          "\"spec.template.spec.containers[0].Image\"");
    QTest::newRow("unknown top-level field")
        << jobWith("kind: Job", "kind: Job\nspecs: {}")
        << QStringLiteral("strict decoding error: unknown field \"specs\"");
    QTest::newRow("restartPolicy at the wrong level")
        << jobWith("      restartPolicy: Never", "    restartPolicy: Never")
        << QStringLiteral("strict decoding error: unknown field \"spec.template.restartPolicy\"");
    QTest::newRow("unknown volume type")
        << jobWith(
               "      restartPolicy: Never",
               "      restartPolicy: Never\n      volumes:\n      - name: d\n        emptydir: {}")
        << QStringLiteral(
               "strict decoding error: unknown field \"spec.template.spec.volumes[0].emptydir\"");

    QTest::newRow("string for an int32")
        << jobWith("spec:\n  template:", "spec:\n  backoffLimit: \"abc\"\n  template:")
        << QStringLiteral("json: cannot unmarshal string into Go struct field "
                          "JobSpec.spec.backoffLimit of type int32");
    QTest::newRow("fraction for an int32")
        << jobWith("spec:\n  template:", "spec:\n  backoffLimit: 1.5\n  template:")
        << QStringLiteral("json: cannot unmarshal number 1.5 into Go struct field "
                          "JobSpec.spec.backoffLimit of type int32");
    QTest::newRow("too big for an int32")
        << jobWith("spec:\n  template:", "spec:\n  parallelism: 3000000000\n  template:")
        << QStringLiteral("json: cannot unmarshal number 3000000000 into Go struct field "
                          "JobSpec.spec.parallelism of type int32");
    QTest::newRow("string for an int64")
        << jobWith("spec:\n  template:", "spec:\n  activeDeadlineSeconds: 10s\n  template:")
        << QStringLiteral("json: cannot unmarshal string into Go struct field "
                          "JobSpec.spec.activeDeadlineSeconds of type int64");
    QTest::newRow("number for a []string (no list index in the path)")
        << jobWith("command: [\"sleep\", \"30\"]", "command: 5")
        << QStringLiteral("json: cannot unmarshal number into Go struct field "
                          "Container.spec.template.spec.containers.command of type []string");
    QTest::newRow("string for a []string")
        << jobWith("command: [\"sleep\", \"30\"]", "command: sleep 30")
        << QStringLiteral("json: cannot unmarshal string into Go struct field "
                          "Container.spec.template.spec.containers.command of type []string");
    QTest::newRow("number for a string")
        << jobWith("image: busybox:1.36", "image: 123")
        << QStringLiteral("json: cannot unmarshal number into Go struct field "
                          "Container.spec.template.spec.containers.image of type string");
    QTest::newRow("number in a []string")
        << jobWith("command: [\"sleep\", \"30\"]", "command: [sleep, 30]")
        << QStringLiteral("json: cannot unmarshal number into Go struct field "
                          "Container.spec.template.spec.containers.command of type string");
    QTest::newRow("number for an env value")
        << jobWith("command: [\"sleep\", \"30\"]",
                   "command: [\"sleep\", \"30\"]\n        env:\n        - name: PORT\n          "
                   "value: 8080")
        << QStringLiteral("json: cannot unmarshal number into Go struct field "
                          "EnvVar.spec.template.spec.containers.env.value of type string");
    QTest::newRow("bool for a named string type")
        << jobWith("restartPolicy: Never", "restartPolicy: true")
        << QStringLiteral("json: cannot unmarshal bool into Go struct field "
                          "PodSpec.spec.template.spec.restartPolicy of type v1.RestartPolicy");
    QTest::newRow("string for a bool")
        << jobWith("spec:\n  template:", "spec:\n  suspend: \"yes\"\n  template:")
        << QStringLiteral("json: cannot unmarshal string into Go struct field "
                          "JobSpec.spec.suspend of type bool");
    QTest::newRow("map for a list")
        << jobWith("      - name: sommeil", "        name: sommeil")
        << QStringLiteral("json: cannot unmarshal object into Go struct field "
                          "PodSpec.spec.template.spec.containers of type []v1.Container");
    QTest::newRow("string for a struct")
        << jobWith("  name: sommeil\nspec:", "  name: sommeil\n  labels: app=sommeil\nspec:")
        << QStringLiteral("json: cannot unmarshal string into Go struct field "
                          "ObjectMeta.metadata.labels of type map[string]string");
    QTest::newRow("number for a label value")
        << jobWith("  name: sommeil\nspec:", "  name: sommeil\n  labels:\n    version: 2\nspec:")
        << QStringLiteral("json: cannot unmarshal number into Go struct field "
                          "ObjectMeta.metadata.labels of type string");
    QTest::newRow("list for the template")
        << jobWith("  template:\n    spec:", "  template:\n  - spec:")
        << QStringLiteral("json: cannot unmarshal array into Go struct field "
                          "JobSpec.spec.template of type v1.PodTemplateSpec");
    QTest::newRow("a type error wins over unknown fields")
        << jobWith("spec:\n  template:", "spec:\n  backoffLimit: \"abc\"\n  template:")
               .replace("command:", "comand:")
        << QStringLiteral("json: cannot unmarshal string into Go struct field "
                          "JobSpec.spec.backoffLimit of type int32");
    QTest::newRow("quantity with a unit that does not exist")
        << jobWith("command: [\"sleep\", \"30\"]",
                   "command: [\"sleep\", \"30\"]\n        resources:\n          limits:\n"
                   "            memory: 1GB")
        << QStringLiteral("quantities must match the regular expression "
                          "'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
    QTest::newRow("quantity with a bad suffix")
        << jobWith("command: [\"sleep\", \"30\"]",
                   "command: [\"sleep\", \"30\"]\n        resources:\n          requests:\n"
                   "            cpu: 1Mm")
        << QStringLiteral("unable to parse quantity's suffix");
    QTest::newRow("quantities as numbers and strings")
        << jobWith("command: [\"sleep\", \"30\"]",
                   "command: [\"sleep\", \"30\"]\n        resources:\n          requests:\n"
                   "            cpu: 0.5\n            memory: 1Gi\n          limits:\n"
                   "            cpu: 1\n            memory: \"1073741824\"\n"
                   "            ephemeral-storage: 2e9")
        << QString();
    QTest::newRow("bool for an IntOrString")
        << deploymentWith("  replicas: 2",
                          "  replicas: 2\n  strategy:\n    rollingUpdate:\n      maxSurge: true")
        << QStringLiteral(
               "json: cannot unmarshal bool into Go struct field "
               "RollingUpdateDeployment.spec.strategy.rollingUpdate.maxSurge of type int32");
    QTest::newRow("status is accepted")
        << QByteArray(kJob + "status:\n  active: 1\n  whatever: [1, 2]\n") << QString();
    QTest::newRow("null fields are fine")
        << jobWith("  name: sommeil", "  name: sommeil\n  creationTimestamp: null\n  labels:")
        << QString();
    QTest::newRow("pod spec")
        << QByteArray("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n"
                      "  - {name: c, image: busybox, stdin: true, tty: true}\n  nodeName: node-1\n"
                      "status: {phase: Pending}\n")
        << QString();
    QTest::newRow("pod spec typo")
        << QByteArray("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n"
                      "  - {name: c, image: busybox}\n  nodeSelecter: {disk: ssd}\n")
        << QStringLiteral("strict decoding error: unknown field \"spec.nodeSelecter\"");
    QTest::newRow("namespace spec and status")
        << QByteArray("apiVersion: v1\nkind: Namespace\nmetadata: {name: tp}\nspec:\n"
                      "  finalizers: [kubernetes]\nstatus: {phase: Active}\n")
        << QString();
    QTest::newRow("deployment typo")
        << deploymentWith("  replicas: 2", "  replica: 2")
        << QStringLiteral("strict decoding error: unknown field \"spec.replica\"");
    QTest::newRow("cluster queue typo")
        << clusterQueueWith("  resourceGroups:", "  resourceGroup:")
        << QStringLiteral("strict decoding error: unknown field \"spec.resourceGroup\"");
    QTest::newRow("cluster queue nested typo")
        << clusterQueueWith("{name: cpu, nominalQuota: 9}", "{name: cpu, nominalquota: 9}")
        << QStringLiteral("strict decoding error: unknown field "
                          "\"spec.resourceGroups[0].flavors[0].resources[0].nominalquota\"");
    QTest::newRow("local queue typo")
        << QByteArray("apiVersion: kueue.x-k8s.io/v1beta1\nkind: LocalQueue\n"
                      "metadata: {name: q}\nspec: {clusterqueue: cq}\n")
        << QStringLiteral("strict decoding error: unknown field \"spec.clusterqueue\"");
}

void TestManifest::strictDecoding()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    const Value manifest = yaml(text);
    QVERIFY(manifest.isMap());
    QCOMPARE(strictDecodingError(kindOf(manifest), manifest), error);
}

// ---- Validation: section 1 of the spec ----------------------------------------------------

void TestManifest::jobRestartPolicy_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("error");
    QTest::newRow("omitted") << jobWith("      restartPolicy: Never\n", "")
                             << QStringLiteral("The Job \"sommeil\" is invalid: ") +
                                    kRestartRequired;
    QTest::newRow("Always") << jobWith("restartPolicy: Never", "restartPolicy: Always")
                            << QStringLiteral("The Job \"sommeil\" is invalid: ") +
                                   kRestartRequired;
    QTest::newRow("Never") << kJob << QString();
    QTest::newRow("OnFailure") << jobWith("restartPolicy: Never", "restartPolicy: OnFailure")
                               << QString();
    // The pod spec's own check speaks first, then the Job's.
    QTest::newRow("bogus") << jobWith("restartPolicy: Never", "restartPolicy: Sometimes")
                           << QStringLiteral(
                                  "The Job \"sommeil\" is invalid: \n"
                                  "* spec.template.spec.restartPolicy: Unsupported value: "
                                  "\"Sometimes\": supported values: \"Always\", \"OnFailure\", "
                                  "\"Never\"\n"
                                  "* spec.template.spec.restartPolicy: Unsupported value: "
                                  "\"Sometimes\": supported values: \"OnFailure\", \"Never\"");
}

void TestManifest::jobRestartPolicy()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    QCOMPARE(create(text).error, error);
}

void TestManifest::deploymentRestartPolicy_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("error");
    const QByteArray withPolicy =
        deploymentWith("      containers:", "      restartPolicy: X\n      containers:");
    QTest::newRow("omitted") << kDeployment << QString();
    QTest::newRow("Always") << QByteArray(withPolicy).replace("X", "Always") << QString();
    QTest::newRow("Never") << QByteArray(withPolicy).replace("X", "Never")
                           << QStringLiteral("The Deployment \"sommeil\" is invalid: "
                                             "spec.template.spec.restartPolicy: Unsupported value: "
                                             "\"Never\": supported values: \"Always\"");
    QTest::newRow("OnFailure") << QByteArray(withPolicy).replace("X", "OnFailure")
                               << QStringLiteral(
                                      "The Deployment \"sommeil\" is invalid: "
                                      "spec.template.spec.restartPolicy: Unsupported "
                                      "value: \"OnFailure\": supported values: \"Always\"");
}

void TestManifest::deploymentRestartPolicy()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    QCOMPARE(create(text).error, error);
}

void TestManifest::deploymentSelector_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("error");
    QTest::newRow("mismatch")
        << deploymentWith("      labels:\n        app: sommeil",
                          "      labels:\n        app: other")
        << QStringLiteral("The Deployment \"sommeil\" is invalid: spec.template.metadata.labels: "
                          "Invalid value: map[string]string{\"app\":\"other\"}: `selector` does "
                          "not match template `labels`");
    QTest::newRow("missing")
        << deploymentWith("  selector:\n    matchLabels:\n      app: sommeil\n", "")
        << QStringLiteral("The Deployment \"sommeil\" is invalid: \n"
                          "* spec.selector: Required value\n"
                          "* spec.template.metadata.labels: Invalid value: "
                          "map[string]string{\"app\":\"sommeil\"}: `selector` does not match "
                          "template `labels`");
    QTest::newRow("empty")
        << deploymentWith("  selector:\n    matchLabels:\n      app: sommeil\n", "  selector: {}\n")
        << QStringLiteral("The Deployment \"sommeil\" is invalid: spec.selector: Invalid value: "
                          "v1.LabelSelector{MatchLabels:map[string]string(nil), "
                          "MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector "
                          "is invalid for deployment");
    QTest::newRow("several labels, printed sorted")
        << deploymentWith("      labels:\n        app: sommeil",
                          "      labels:\n        tier: web\n        app: autre")
        << QStringLiteral("The Deployment \"sommeil\" is invalid: spec.template.metadata.labels: "
                          "Invalid value: map[string]string{\"app\":\"autre\", \"tier\":\"web\"}: "
                          "`selector` does not match template `labels`");
    QTest::newRow("template without labels")
        << deploymentWith("    metadata:\n      labels:\n        app: sommeil\n", "")
        << QStringLiteral("The Deployment \"sommeil\" is invalid: spec.template.metadata.labels: "
                          "Invalid value: map[string]string(nil): `selector` does not match "
                          "template `labels`");
    QTest::newRow("bad operator")
        << deploymentWith(
               "    matchLabels:\n      app: sommeil",
               "    matchExpressions:\n    - {key: app, operator: Equals, values: [sommeil]}")
        << QStringLiteral(
               "The Deployment \"sommeil\" is invalid: \n"
               "* spec.selector.matchExpressions[0].operator: Invalid value: \"Equals\": "
               "not a valid selector operator\n"
               "* spec.selector: Invalid value: v1.LabelSelector{MatchLabels:"
               "map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement{"
               "v1.LabelSelectorRequirement{Key:\"app\", Operator:\"Equals\", "
               "Values:[]string{\"sommeil\"}}}}: invalid label selector");
    QTest::newRow("expressions that match")
        << deploymentWith(
               "    matchLabels:\n      app: sommeil",
               "    matchExpressions:\n    - {key: app, operator: In, values: [sommeil, web]}\n"
               "    - {key: tier, operator: DoesNotExist}")
        << QString();
}

void TestManifest::deploymentSelector()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    QCOMPARE(create(text).error, error);
}

void TestManifest::jobSelectorWithManualSelector()
{
    // Without manualSelector the server writes the selector: a Job never mismatches.
    QCOMPARE(
        create(jobWith("    spec:\n      containers",
                       "    metadata:\n      labels: {app: sommeil}\n    spec:\n      containers"))
            .error,
        QString());
    const QByteArray manual =
        jobWith("spec:\n  template:\n    spec:",
                "spec:\n  manualSelector: true\n  selector:\n    matchLabels:\n"
                "      app: sommeil\n  template:\n    metadata:\n"
                "      labels: {app: autre}\n    spec:");
    QCOMPARE(create(manual).error,
             QStringLiteral("The Job \"sommeil\" is invalid: spec.template.metadata.labels: "
                            "Invalid value: map[string]string{\"app\":\"autre\"}: `selector` does "
                            "not match template `labels`"));
    QCOMPARE(create(QByteArray(manual).replace("{app: autre}", "{app: sommeil}")).error, QString());
    const QByteArray noSelector = jobWith("spec:\n  template:\n    spec:",
                                          "spec:\n  manualSelector: true\n  template:\n"
                                          "    metadata:\n      labels: {app: sommeil}\n    spec:");
    QCOMPARE(create(noSelector).error,
             QStringLiteral("The Job \"sommeil\" is invalid: \n"
                            "* spec.selector: Required value\n"
                            "* spec.template.metadata.labels: Invalid value: "
                            "map[string]string{\"app\":\"sommeil\"}: `selector` does not match "
                            "template `labels`"));
}

void TestManifest::containers_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("error");
    const QString job = QStringLiteral("The Job \"sommeil\" is invalid: ");
    QTest::newRow("no containers")
        << QByteArray("apiVersion: batch/v1\nkind: Job\nmetadata: {name: sommeil}\nspec:\n"
                      "  template:\n    spec:\n      restartPolicy: Never\n      containers: []\n")
        << job + QStringLiteral("spec.template.spec.containers: Required value");
    QTest::newRow("containers omitted")
        << QByteArray("apiVersion: batch/v1\nkind: Job\nmetadata: {name: sommeil}\nspec:\n"
                      "  template:\n    spec:\n      restartPolicy: Never\n")
        << job + QStringLiteral("spec.template.spec.containers: Required value");
    QTest::newRow("missing image")
        << jobWith("        image: busybox:1.36\n", "")
        << job + QStringLiteral("spec.template.spec.containers[0].image: Required value");
    QTest::newRow("missing image and restartPolicy")
        << jobWith("        image: busybox:1.36\n", "").replace("      restartPolicy: Never\n", "")
        << job + QStringLiteral("\n* spec.template.spec.containers[0].image: Required value\n* ") +
               kRestartRequired;
    QTest::newRow("missing name")
        << jobWith("      - name: sommeil\n        image", "      - image")
        << job + QStringLiteral("spec.template.spec.containers[0].name: Required value");
    QTest::newRow("bad name") << jobWith("- name: sommeil", "- name: Sommeil_1")
                              << job +
                                     QStringLiteral(
                                         "spec.template.spec.containers[0].name: Invalid value: "
                                         "\"Sommeil_1\": ") +
                                     kLabelRegex;
    QTest::newRow("duplicate name")
        << jobWith("      restartPolicy: Never",
                   "      - name: sommeil\n        image: busybox\n      restartPolicy: Never")
        << job + QStringLiteral(
                     "spec.template.spec.containers[1].name: Duplicate value: \"sommeil\"");
    QTest::newRow("bad pull policy")
        << jobWith("image: busybox:1.36", "image: busybox:1.36\n        imagePullPolicy: Sometimes")
        << job + QStringLiteral("spec.template.spec.containers[0].imagePullPolicy: Unsupported "
                                "value: \"Sometimes\": supported values: \"Always\", "
                                "\"IfNotPresent\", \"Never\"");
    QTest::newRow("port out of range")
        << jobWith("image: busybox:1.36",
                   "image: busybox:1.36\n        ports:\n        - containerPort: 70000")
        << job + QStringLiteral("spec.template.spec.containers[0].ports[0].containerPort: Invalid "
                                "value: 70000: must be between 1 and 65535, inclusive");
    QTest::newRow("env without name")
        << jobWith("image: busybox:1.36",
                   "image: busybox:1.36\n        env:\n        - value: \"1\"")
        << job + QStringLiteral("spec.template.spec.containers[0].env[0].name: Required value");
    QTest::newRow("env name with a space")
        << jobWith("image: busybox:1.36",
                   "image: busybox:1.36\n        env:\n        - name: MA VAR")
        << job + QStringLiteral("spec.template.spec.containers[0].env[0].name: Invalid value: "
                                "\"MA VAR\": a valid environment variable name must consist of "
                                "alphabetic characters, digits, '_', '-', or '.', and must not "
                                "start with a digit (e.g. 'my.env-name',  or 'MY_ENV.NAME',  or "
                                "'MyEnvName1', regex used for validation is "
                                "'[-._a-zA-Z][-._a-zA-Z0-9]*')");
    QTest::newRow("restartPolicy on a regular container")
        << jobWith("image: busybox:1.36", "image: busybox:1.36\n        restartPolicy: Always")
        << job + QStringLiteral("spec.template.spec.containers[0].restartPolicy: Forbidden: may "
                                "not be set for non-init containers");
    QTest::newRow("volume without a type")
        << jobWith("      restartPolicy: Never",
                   "      restartPolicy: Never\n      volumes:\n      - name: data")
        << job + QStringLiteral("spec.template.spec.volumes[0]: Required value: must specify a "
                                "volume type");
    QTest::newRow("bad node selector label")
        << jobWith("      restartPolicy: Never",
                   "      restartPolicy: Never\n      nodeSelector:\n        disk: \"ssd rapide\"")
        << job + QStringLiteral("spec.template.spec.nodeSelector: Invalid value: \"ssd rapide\": a "
                                "valid label must be an empty string or consist of alphanumeric "
                                "characters, '-', '_' or '.', and must start and end with an "
                                "alphanumeric character (e.g. 'MyValue',  or 'my_value',  or "
                                "'12345', regex used for validation is "
                                "'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')");
    QTest::newRow("deployment container without image")
        << deploymentWith("        image: busybox\n", "")
        << QStringLiteral("The Deployment \"sommeil\" is invalid: "
                          "spec.template.spec.containers[0].image: Required value");
}

void TestManifest::containers()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    QCOMPARE(create(text).error, error);
}

void TestManifest::names_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("error");
    QTest::newRow("uppercase")
        << jobWith("name: sommeil\nspec", "name: Sommeil\nspec")
        << QStringLiteral("The Job \"Sommeil\" is invalid: metadata.name: Invalid value: "
                          "\"Sommeil\": ") +
               kSubdomainRegex;
    QTest::newRow("underscore in a deployment name")
        << deploymentWith("name: sommeil\nspec", "name: mon_web\nspec")
        << QStringLiteral("The Deployment \"mon_web\" is invalid: metadata.name: Invalid value: "
                          "\"mon_web\": ") +
               kSubdomainRegex;

    const QString name254(254, u'a');
    QTest::newRow("254 characters")
        << deploymentWith("name: sommeil\nspec",
                          QByteArray("name: " + name254.toLatin1() + "\nspec"))
        << QStringLiteral("The Deployment \"%1\" is invalid: metadata.name: Invalid value: \"%1\": "
                          "must be no more than 253 characters")
               .arg(name254);
    const QString name63(63, u'a');
    QTest::newRow("63-character job")
        << jobWith("name: sommeil\nspec", QByteArray("name: " + name63.toLatin1() + "\nspec"))
        << QString();
    // The name reaches the template's job-name labels, which are limited to 63 characters.
    const QString name64 = QStringLiteral("sommeil-") + QString(56, u'x');
    QTest::newRow("64-character job")
        << jobWith("name: sommeil\nspec", QByteArray("name: " + name64.toLatin1() + "\nspec"))
        << QStringLiteral("The Job \"%1\" is invalid: spec.template.labels: Invalid value: \"%1\": "
                          "must be no more than 63 characters")
               .arg(name64);
    QTest::newRow("64-character job with template labels")
        << jobWith("name: sommeil\nspec", QByteArray("name: " + name64.toLatin1() + "\nspec"))
               .replace("    spec:\n      containers",
                        "    metadata:\n      labels: {app: sommeil}\n"
                        "    spec:\n      containers")
        << QStringLiteral("The Job \"%1\" is invalid: \n"
                          "* metadata.labels: Invalid value: \"%1\": must be no more than 63 "
                          "characters\n"
                          "* spec.template.labels: Invalid value: \"%1\": must be no more than 63 "
                          "characters")
               .arg(name64);
    const QString name254job(254, u'j');
    QTest::newRow("254-character job")
        << jobWith("name: sommeil\nspec", QByteArray("name: " + name254job.toLatin1() + "\nspec"))
        << QStringLiteral("The Job \"%1\" is invalid: \n"
                          "* metadata.name: Invalid value: \"%1\": must be no more than 253 "
                          "characters\n"
                          "* spec.template.labels: Invalid value: \"%1\": must be no more than 63 "
                          "characters")
               .arg(name254job);
    QTest::newRow("indexed job whose pod hostnames are too long")
        << jobWith("name: sommeil\nspec:", QByteArray("name: " + QString(62, u'i').toLatin1() +
                                                      "\nspec:\n  completionMode: Indexed\n"
                                                      "  completions: 10"))
        << QStringLiteral("The Job \"%1\" is invalid: metadata.name: Invalid value: \"%1\": will "
                          "not able to create pod with invalid DNS label: %1-9")
               .arg(QString(62, u'i'));
    QTest::newRow("namespace name")
        << QByteArray("apiVersion: v1\nkind: Namespace\nmetadata: {name: tp.kube}\n")
        << QStringLiteral("The Namespace \"tp.kube\" is invalid: metadata.name: Invalid value: "
                          "\"tp.kube\": must not contain dots");
    QTest::newRow("label key")
        << jobWith("  name: sommeil\nspec:",
                   "  name: sommeil\n  labels:\n    \"mon app\": x\nspec:")
        << QStringLiteral("The Job \"sommeil\" is invalid: metadata.labels: Invalid value: \"mon "
                          "app\": name part must consist of alphanumeric characters, '-', '_' or "
                          "'.', and must start and end with an alphanumeric character (e.g. "
                          "'MyName',  or 'my.name',  or '123-abc', regex used for validation is "
                          "'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')");
}

void TestManifest::names()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    QCOMPARE(create(text).error, error);
}

void TestManifest::dottedJobNameWarns()
{
    const Outcome out = create(jobWith("name: sommeil\nspec", "name: sommeil.v2\nspec"));
    QCOMPARE(out.error, QString());
    QCOMPARE(out.warnings,
             QStringList(QStringLiteral(
                 "metadata.name: this is used in Pod names and hostnames, which can result in "
                 "surprising behavior; a DNS label is recommended: [must not contain dots]")));
    QCOMPARE(create(kJob).warnings, QStringList());
    QCOMPARE(create(deploymentWith("name: sommeil\nspec", "name: web.v2\nspec")).warnings,
             QStringList());
}

void TestManifest::numericFields_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("error");
    const QString job = QStringLiteral("The Job \"sommeil\" is invalid: ");
    for (const char *field :
         {"backoffLimit", "parallelism", "completions", "ttlSecondsAfterFinished"})
        QTest::newRow(field) << jobWith("spec:\n  template:",
                                        QByteArray("spec:\n  ") + field + ": -1\n  template:")
                             << job + QStringLiteral("spec.%1: Invalid value: -1: must be greater "
                                                     "than or equal to 0")
                                          .arg(QString::fromLatin1(field));
    QTest::newRow("activeDeadlineSeconds")
        << jobWith("spec:\n  template:", "spec:\n  activeDeadlineSeconds: -5\n  template:")
        << job + QStringLiteral("spec.activeDeadlineSeconds: Invalid value: -5: must be greater "
                                "than or equal to 0");
    QTest::newRow("activeDeadlineSeconds 0 is accepted")
        << jobWith("spec:\n  template:", "spec:\n  activeDeadlineSeconds: 0\n  template:")
        << QString();
    QTest::newRow("in the validator's order")
        << jobWith("spec:\n  template:",
                   "spec:\n  backoffLimit: -1\n  completions: -2\n  parallelism: -3\n  template:")
        << job + QStringLiteral("\n* spec.parallelism: Invalid value: -3: must be greater than or "
                                "equal to 0\n* spec.completions: Invalid value: -2: must be "
                                "greater than or equal to 0\n* spec.backoffLimit: Invalid value: "
                                "-1: must be greater than or equal to 0");
    QTest::newRow("pod activeDeadlineSeconds")
        << jobWith("      restartPolicy: Never",
                   "      restartPolicy: Never\n      activeDeadlineSeconds: 0")
        << job + QStringLiteral("spec.template.spec.activeDeadlineSeconds: Invalid value: 0: must "
                                "be between 1 and 2147483647, inclusive");
    QTest::newRow("deployment replicas")
        << deploymentWith("replicas: 2", "replicas: -1")
        << QStringLiteral("The Deployment \"sommeil\" is invalid: spec.replicas: Invalid value: "
                          "-1: must be greater than or equal to 0");
    QTest::newRow("deployment maxSurge and maxUnavailable both 0")
        << deploymentWith("  replicas: 2", "  replicas: 2\n  strategy:\n    rollingUpdate:\n"
                                           "      maxSurge: 0\n      maxUnavailable: 0")
        << QStringLiteral("The Deployment \"sommeil\" is invalid: "
                          "spec.strategy.rollingUpdate.maxUnavailable: Invalid value: "
                          "intstr.IntOrString{Type:0, IntVal:0, StrVal:\"\"}: may not be 0 when "
                          "`maxSurge` is 0");
    QTest::newRow("deployment strategy type")
        << deploymentWith("  replicas: 2", "  replicas: 2\n  strategy:\n    type: Rolling")
        << QStringLiteral("The Deployment \"sommeil\" is invalid: spec.strategy: Unsupported "
                          "value: apps.DeploymentStrategy{Type:\"Rolling\", "
                          "RollingUpdate:(*apps.RollingUpdateDeployment)(nil)}: supported values: "
                          "\"Recreate\", \"RollingUpdate\"");
}

void TestManifest::numericFields()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    QCOMPARE(create(text).error, error);
}

void TestManifest::podValidation_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("error");
    const QByteArray pod =
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n"
        "  restartPolicy: Never\n  containers:\n  - name: c\n    image: busybox\n";
    QTest::newRow("valid") << pod << QString();
    QTest::newRow("bogus restartPolicy")
        << QByteArray(pod).replace("Never", "Sometimes")
        << QStringLiteral("The Pod \"p\" is invalid: spec.restartPolicy: Unsupported value: "
                          "\"Sometimes\": supported values: \"Always\", \"OnFailure\", \"Never\"");
    QTest::newRow("no containers")
        << QByteArray("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {}\n")
        << QStringLiteral("The Pod \"p\" is invalid: spec.containers: Required value");
    QTest::newRow("image with a space")
        << QByteArray(pod).replace("image: busybox", "image: \"busybox \"")
        << QStringLiteral("The Pod \"p\" is invalid: spec.containers[0].image: Invalid value: "
                          "\"busybox \": must not have leading or trailing whitespace");
}

void TestManifest::podValidation()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    QCOMPARE(create(text).error, error);
}

void TestManifest::kueueValidation_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("error");
    const QString cq = QStringLiteral("The ClusterQueue \"cluster-queue\" is invalid: ");
    QTest::newRow("minimal") << kClusterQueue << QString();
    QTest::newRow("nominalQuota missing")
        << clusterQueueWith("{name: cpu, nominalQuota: 9}", "{name: cpu}")
        << cq +
               QStringLiteral("\n* spec.resourceGroups[0].flavors[0].resources[0].nominalQuota: "
                              "Required value\n") +
               kCelSkipped;
    QTest::newRow("borrowingLimit without cohort")
        << clusterQueueWith("{name: cpu, nominalQuota: 9}",
                            "{name: cpu, nominalQuota: 9, borrowingLimit: 3}")
        << cq + QStringLiteral("spec: Invalid value: \"object\": borrowingLimit must be nil when "
                               "cohort is empty");
    QTest::newRow("borrowingLimit with a cohort")
        << clusterQueueWith("{name: cpu, nominalQuota: 9}",
                            "{name: cpu, nominalQuota: 9, borrowingLimit: 3}")
               .replace("  namespaceSelector: {}", "  namespaceSelector: {}\n  cohort: calcul")
        << QString();
    QTest::newRow("cohort of the wrong type")
        << clusterQueueWith("  namespaceSelector: {}", "  namespaceSelector: {}\n  cohort: 5")
        << cq +
               QStringLiteral("\n* spec.cohort: Invalid value: \"integer\": spec.cohort in body "
                              "must be of type string: \"integer\"\n") +
               kCelSkipped;
    QTest::newRow("unknown queueing strategy")
        << clusterQueueWith("  namespaceSelector: {}",
                            "  namespaceSelector: {}\n  queueingStrategy: FIFO")
        << cq +
               QStringLiteral("\n* spec.queueingStrategy: Unsupported value: \"FIFO\": supported "
                              "values: \"StrictFIFO\", \"BestEffortFIFO\"\n") +
               kCelSkipped;
    QTest::newRow("quantity that is not one")
        << clusterQueueWith("nominalQuota: 36Gi", "nominalQuota: 36GB")
        << cq + QStringLiteral(
                    "spec.resourceGroups[0].flavors[0].resources[1].nominalQuota: "
                    "Invalid value: \"36GB\": "
                    "spec.resourceGroups[0].flavors[0].resources[1].nominalQuota in "
                    "body should match '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|"
                    "[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$'");
    // A CRD's quantity is an integer or a string: 0.5 is neither.
    QTest::newRow("quantity as a fraction")
        << clusterQueueWith("nominalQuota: 9", "nominalQuota: 0.5")
        << cq +
               QStringLiteral(
                   "\n* spec.resourceGroups[0].flavors[0].resources[0].nominalQuota: Invalid "
                   "value: \"number\": spec.resourceGroups[0].flavors[0].resources[0].nominalQuota "
                   "in body must be of type integer,string: \"number\"\n"
                   "* <nil>: Invalid value: \"\": "
                   "\"spec.resourceGroups[0].flavors[0].resources[0].nominalQuota\" must validate "
                   "at least one schema (anyOf)\n"
                   "* spec.resourceGroups[0].flavors[0].resources[0].nominalQuota: Invalid value: "
                   "\"number\": spec.resourceGroups[0].flavors[0].resources[0].nominalQuota in "
                   "body must be of type integer: \"number\"\n") +
               kCelSkipped;
    QTest::newRow("fewer resources than covered")
        << clusterQueueWith("      - {name: memory, nominalQuota: 36Gi}\n", "")
        << cq + QStringLiteral("spec.resourceGroups[0]: Invalid value: \"object\": flavors must "
                               "have the same number of resources as the coveredResources");
    QTest::newRow("flavor name")
        << clusterQueueWith("- name: default-flavor", "- name: Default")
        << cq + QStringLiteral(
                    "spec.resourceGroups[0].flavors[0].name: Invalid value: "
                    "\"Default\": spec.resourceGroups[0].flavors[0].name in body should "
                    "match '^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$'");
    QTest::newRow("local queue without cluster queue")
        << QByteArray("apiVersion: kueue.x-k8s.io/v1beta1\nkind: LocalQueue\n"
                      "metadata: {namespace: default, name: user-queue}\nspec: {}\n")
        << QStringLiteral(
               "The LocalQueue \"user-queue\" is invalid: spec.clusterQueue: Required value");
    QTest::newRow("resource flavor taint without effect")
        << QByteArray(
               "apiVersion: kueue.x-k8s.io/v1beta1\nkind: ResourceFlavor\n"
               "metadata: {name: gpu}\nspec:\n  nodeTaints:\n  - {key: gpu, value: \"true\"}\n")
        << QStringLiteral("The ResourceFlavor \"gpu\" is invalid: spec.nodeTaints[0].effect: "
                          "Required value");
}

void TestManifest::kueueValidation()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    QCOMPARE(create(text).error, error);
}

// ---- Defaults -----------------------------------------------------------------------------

void TestManifest::jobDefaults()
{
    const Outcome out = create(kJob);
    QCOMPARE(out.error, QString());
    const Value &job = out.object;
    QCOMPARE(at(job, QStringLiteral("metadata.namespace")).toString(), QStringLiteral("default"));
    QCOMPARE(at(job, QStringLiteral("spec.completions")).toInt(), 1);
    QCOMPARE(at(job, QStringLiteral("spec.parallelism")).toInt(), 1);
    QCOMPARE(at(job, QStringLiteral("spec.backoffLimit")).toInt(), 6);
    QCOMPARE(at(job, QStringLiteral("spec.completionMode")).toString(),
             QStringLiteral("NonIndexed"));
    QVERIFY(at(job, QStringLiteral("spec.suspend")).isBool());
    QVERIFY(!at(job, QStringLiteral("spec.suspend")).toBool());
    QVERIFY(at(job, QStringLiteral("spec.manualSelector")).isBool());
    QVERIFY(!at(job, QStringLiteral("spec.manualSelector")).toBool());
    QCOMPARE(at(job, QStringLiteral("spec.podReplacementPolicy")).toString(),
             QStringLiteral("TerminatingOrFailed"));
    QVERIFY(at(job, QStringLiteral("spec.ttlSecondsAfterFinished")).isNull());

    const Value spec = at(job, QStringLiteral("spec.template.spec"));
    QCOMPARE(spec[QStringLiteral("restartPolicy")].toString(), QStringLiteral("Never"));
    QCOMPARE(spec[QStringLiteral("terminationGracePeriodSeconds")].toInt(), 30);
    QCOMPARE(spec[QStringLiteral("dnsPolicy")].toString(), QStringLiteral("ClusterFirst"));
    QCOMPARE(spec[QStringLiteral("schedulerName")].toString(), QStringLiteral("default-scheduler"));
    QVERIFY(spec[QStringLiteral("securityContext")].isMap());
    QCOMPARE(spec[QStringLiteral("securityContext")].size(), 0);
    // Only pods (not templates) get enableServiceLinks.
    QVERIFY(spec[QStringLiteral("enableServiceLinks")].isNull());

    const Value c = at(job, QStringLiteral("spec.template.spec.containers.0"));
    QCOMPARE(c[QStringLiteral("terminationMessagePath")].toString(),
             QStringLiteral("/dev/termination-log"));
    QCOMPARE(c[QStringLiteral("terminationMessagePolicy")].toString(), QStringLiteral("File"));
    QCOMPARE(c[QStringLiteral("imagePullPolicy")].toString(), QStringLiteral("IfNotPresent"));
    QVERIFY(c[QStringLiteral("resources")].isMap());
    QCOMPARE(c[QStringLiteral("resources")].size(), 0);
    QVERIFY(!job.contains(QStringLiteral("status")));
}

void TestManifest::jobDefaultsVariants()
{
    // Only parallelism: a work-queue Job, completions stay unset.
    Outcome out = create(jobWith("spec:\n  template:", "spec:\n  parallelism: 3\n  template:"));
    QCOMPARE(out.error, QString());
    QVERIFY(at(out.object, QStringLiteral("spec.completions")).isNull());
    QCOMPARE(at(out.object, QStringLiteral("spec.parallelism")).toInt(), 3);

    out = create(jobWith("spec:\n  template:", "spec:\n  completions: 5\n  template:"));
    QCOMPARE(at(out.object, QStringLiteral("spec.completions")).toInt(), 5);
    QCOMPARE(at(out.object, QStringLiteral("spec.parallelism")).toInt(), 1);

    out = create(
        jobWith("spec:\n  template:", "spec:\n  backoffLimit: 0\n  suspend: true\n  template:"));
    QCOMPARE(at(out.object, QStringLiteral("spec.backoffLimit")).toInt(), 0);
    QVERIFY(at(out.object, QStringLiteral("spec.suspend")).toBool());

    out =
        create(jobWith("spec:\n  template:", "spec:\n  completionMode: Indexed\n  completions: 3\n"
                                             "  backoffLimitPerIndex: 1\n  template:"));
    QCOMPARE(out.error, QString());
    QCOMPARE(at(out.object, QStringLiteral("spec.backoffLimit")).toInt(), 2147483647);

    out = create(jobWith("spec:\n  template:",
                         "spec:\n  podFailurePolicy:\n    rules:\n    - action: Ignore\n"
                         "      onPodConditions:\n      - type: DisruptionTarget\n  template:"));
    QCOMPARE(out.error, QString());
    QCOMPARE(at(out.object, QStringLiteral("spec.podReplacementPolicy")).toString(),
             QStringLiteral("Failed"));
    QCOMPARE(
        at(out.object, QStringLiteral("spec.podFailurePolicy.rules.0.onPodConditions.0.status"))
            .toString(),
        QStringLiteral("True"));
}

void TestManifest::imagePullPolicy_data()
{
    QTest::addColumn<QString>("image");
    QTest::addColumn<QString>("policy");
    QTest::newRow("no tag") << "busybox"
                            << "Always";
    QTest::newRow("latest") << "busybox:latest"
                            << "Always";
    QTest::newRow("tag") << "busybox:1.36"
                         << "IfNotPresent";
    QTest::newRow("registry with a port, no tag") << "localhost:5000/busybox"
                                                  << "Always";
    QTest::newRow("registry with a port and a tag") << "registry.example.com:5000/a/b:2"
                                                    << "IfNotPresent";
    QTest::newRow("digest") << "busybox@sha256:"
                               "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
                            << "IfNotPresent";
    QTest::newRow("uppercase does not parse") << "Busybox"
                                              << "IfNotPresent";
    QTest::newRow("docker hub path") << "library/python:3.12-slim"
                                     << "IfNotPresent";
}

void TestManifest::imagePullPolicy()
{
    QFETCH(QString, image);
    QFETCH(QString, policy);
    Value job = yaml(kJob);
    *mutableAt(job, QStringLiteral("spec.template.spec.containers.0.image")) = Value::string(image);
    applyDefaults(*kindForResource(QStringLiteral("jobs")), job);
    QCOMPARE(at(job, QStringLiteral("spec.template.spec.containers.0.imagePullPolicy")).toString(),
             policy);
    // A policy given in the manifest is kept.
    Value given =
        yaml(jobWith("image: busybox:1.36", "image: busybox\n        imagePullPolicy: Never"));
    applyDefaults(*kindForResource(QStringLiteral("jobs")), given);
    QCOMPARE(
        at(given, QStringLiteral("spec.template.spec.containers.0.imagePullPolicy")).toString(),
        QStringLiteral("Never"));
}

void TestManifest::deploymentDefaults()
{
    const Outcome out = create(deploymentWith("  replicas: 2\n", ""));
    QCOMPARE(out.error, QString());
    const Value &d = out.object;
    QCOMPARE(at(d, QStringLiteral("spec.replicas")).toInt(), 1);
    QCOMPARE(at(d, QStringLiteral("spec.revisionHistoryLimit")).toInt(), 10);
    QCOMPARE(at(d, QStringLiteral("spec.progressDeadlineSeconds")).toInt(), 600);
    QCOMPARE(at(d, QStringLiteral("spec.strategy.type")).toString(),
             QStringLiteral("RollingUpdate"));
    QCOMPARE(at(d, QStringLiteral("spec.strategy.rollingUpdate.maxSurge")).toString(),
             QStringLiteral("25%"));
    QCOMPARE(at(d, QStringLiteral("spec.strategy.rollingUpdate.maxUnavailable")).toString(),
             QStringLiteral("25%"));
    QCOMPARE(at(d, QStringLiteral("spec.template.spec.restartPolicy")).toString(),
             QStringLiteral("Always"));
    QCOMPARE(at(d, QStringLiteral("spec.template.spec.containers.0.imagePullPolicy")).toString(),
             QStringLiteral("Always"));
    // The selector is not defaulted from the labels in apps/v1.
    QVERIFY(at(d, QStringLiteral("metadata.labels")).isNull());

    const Outcome recreate =
        create(deploymentWith("  replicas: 2", "  replicas: 2\n  strategy:\n    type: Recreate"));
    QCOMPARE(recreate.error, QString());
    QVERIFY(at(recreate.object, QStringLiteral("spec.strategy.rollingUpdate")).isNull());
    QCOMPARE(at(recreate.object, QStringLiteral("spec.replicas")).toInt(), 2);
}

void TestManifest::podDefaults()
{
    const Outcome out = create(QByteArray(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: c\n"
        "    image: busybox\n    ports: [{containerPort: 80}]\n    resources:\n"
        "      limits: {cpu: 500m, memory: 64Mi}\n      requests: {cpu: 100m}\n"));
    QCOMPARE(out.error, QString());
    const Value &pod = out.object;
    QCOMPARE(at(pod, QStringLiteral("spec.restartPolicy")).toString(), QStringLiteral("Always"));
    QVERIFY(at(pod, QStringLiteral("spec.enableServiceLinks")).toBool());
    QCOMPARE(at(pod, QStringLiteral("spec.containers.0.ports.0.protocol")).toString(),
             QStringLiteral("TCP"));
    // Requests default to the limits they lack.
    QCOMPARE(at(pod, QStringLiteral("spec.containers.0.resources.requests.cpu")).toString(),
             QStringLiteral("100m"));
    QCOMPARE(at(pod, QStringLiteral("spec.containers.0.resources.requests.memory")).toString(),
             QStringLiteral("64Mi"));
}

void TestManifest::kueueDefaults()
{
    const Outcome out = create(kClusterQueue);
    QCOMPARE(out.error, QString());
    const Value &cq = out.object;
    QCOMPARE(at(cq, QStringLiteral("spec.queueingStrategy")).toString(),
             QStringLiteral("BestEffortFIFO"));
    QCOMPARE(at(cq, QStringLiteral("spec.stopPolicy")).toString(), QStringLiteral("None"));
    QCOMPARE(at(cq, QStringLiteral("spec.flavorFungibility.whenCanBorrow")).toString(),
             QStringLiteral("Borrow"));
    QCOMPARE(at(cq, QStringLiteral("spec.flavorFungibility.whenCanPreempt")).toString(),
             QStringLiteral("TryNextFlavor"));
    QCOMPARE(at(cq, QStringLiteral("spec.preemption.reclaimWithinCohort")).toString(),
             QStringLiteral("Never"));
    QCOMPARE(at(cq, QStringLiteral("spec.preemption.withinClusterQueue")).toString(),
             QStringLiteral("Never"));
    QCOMPARE(at(cq, QStringLiteral("spec.preemption.borrowWithinCohort.policy")).toString(),
             QStringLiteral("Never"));
    QVERIFY(at(cq, QStringLiteral("spec.namespaceSelector")).isMap());

    // nil namespaceSelector stays nil: no namespace may use the queue.
    const Outcome noSelector = create(clusterQueueWith("  namespaceSelector: {}\n", ""));
    QCOMPARE(noSelector.error, QString());
    QVERIFY(!at(noSelector.object, QStringLiteral("spec"))
                 .contains(QStringLiteral("namespaceSelector")));

    const Outcome lq =
        create(QByteArray("apiVersion: kueue.x-k8s.io/v1beta1\nkind: LocalQueue\n"
                          "metadata: {name: user-queue}\nspec: {clusterQueue: cq}\n"));
    QCOMPARE(lq.error, QString());
    QCOMPARE(at(lq.object, QStringLiteral("spec.stopPolicy")).toString(), QStringLiteral("None"));
    QCOMPARE(at(lq.object, QStringLiteral("metadata.namespace")).toString(),
             QStringLiteral("default"));
}

void TestManifest::metadataNamespace()
{
    Value job = yaml(jobWith("  name: sommeil", "  name: sommeil\n  namespace: tp"));
    applyDefaults(*kindForResource(QStringLiteral("jobs")), job);
    QCOMPARE(at(job, QStringLiteral("metadata.namespace")).toString(), QStringLiteral("tp"));

    Value cq = yaml(clusterQueueWith("metadata: {name: cluster-queue}",
                                     "metadata: {name: cluster-queue, namespace: default}"));
    applyDefaults(*kindForResource(QStringLiteral("cq")), cq);
    QVERIFY(!at(cq, QStringLiteral("metadata")).contains(QStringLiteral("namespace")));

    const Outcome ns =
        create(QByteArray("apiVersion: v1\nkind: Namespace\nmetadata: {name: tp}\n"));
    QCOMPARE(ns.error, QString());
    QVERIFY(!at(ns.object, QStringLiteral("metadata")).contains(QStringLiteral("namespace")));
    QCOMPARE(at(ns.object,
                QStringLiteral("metadata.labels"))[QStringLiteral("kubernetes.io/metadata.name")]
                 .toString(),
             QStringLiteral("tp"));
    QCOMPARE(at(ns.object, QStringLiteral("spec.finalizers.0")).toString(),
             QStringLiteral("kubernetes"));
    QCOMPARE(at(ns.object, QStringLiteral("status.phase")).toString(), QStringLiteral("Active"));
}

void TestManifest::defaultsAreStable()
{
    // `kubectl apply` of an unchanged file must find nothing to change.
    for (const QByteArray &text : {kJob, kDeployment, kClusterQueue}) {
        const Outcome out = create(text);
        QCOMPARE(out.error, QString());
        Value again = out.object;
        applyDefaults(kindOf(again), again);
        QVERIFY(again == out.object);
    }
}

// ---- Generated labels and selector --------------------------------------------------------

void TestManifest::generatedLabelsAndSelector()
{
    const Outcome out = create(kJob);
    QCOMPARE(out.error, QString());
    const Value labels = at(out.object, QStringLiteral("spec.template.metadata.labels"));
    QCOMPARE(labels.size(), 4);
    QCOMPARE(labels[QStringLiteral("job-name")].toString(), QStringLiteral("sommeil"));
    QCOMPARE(labels[QStringLiteral("batch.kubernetes.io/job-name")].toString(),
             QStringLiteral("sommeil"));
    QCOMPARE(labels[QStringLiteral("controller-uid")].toString(), kUid);
    QCOMPARE(labels[QStringLiteral("batch.kubernetes.io/controller-uid")].toString(), kUid);
    const Value selector = at(out.object, QStringLiteral("spec.selector"));
    QCOMPARE(selector.size(), 1);
    QCOMPARE(selector[QStringLiteral("matchLabels")].size(), 1);
    QCOMPARE(selector[QStringLiteral("matchLabels")]
                     [QStringLiteral("batch.kubernetes.io/controller-uid")]
                         .toString(),
             kUid);
    // An unlabelled Job reads back with its template's labels.
    QVERIFY(at(out.object, QStringLiteral("metadata.labels")) == labels);
}

void TestManifest::generatedLabelsKeepUserLabels()
{
    // Template labels only: the Job gets them, generated ones included.
    Outcome out =
        create(jobWith("    spec:\n      containers",
                       "    metadata:\n      labels: {app: sommeil}\n    spec:\n      containers"));
    QCOMPARE(out.error, QString());
    Value labels = at(out.object, QStringLiteral("spec.template.metadata.labels"));
    QCOMPARE(labels.size(), 5);
    QCOMPARE(labels[QStringLiteral("app")].toString(), QStringLiteral("sommeil"));
    QVERIFY(at(out.object, QStringLiteral("metadata.labels")) == labels);

    // The Job's own labels are its own.
    out = create(jobWith("  name: sommeil\nspec:\n  template:\n    spec:",
                         "  name: sommeil\n  labels: {app: sommeil}\nspec:\n  template:\n"
                         "    metadata:\n      labels: {app: sommeil}\n    spec:"));
    QCOMPARE(out.error, QString());
    QCOMPARE(at(out.object, QStringLiteral("metadata.labels")).size(), 1);
    QCOMPARE(at(out.object, QStringLiteral("spec.template.metadata.labels")).size(), 5);

    // A label the user set is not overwritten.
    out = create(
        jobWith("    spec:\n      containers",
                "    metadata:\n      labels: {job-name: calcul}\n    spec:\n      containers"));
    QCOMPARE(
        at(out.object, QStringLiteral("spec.template.metadata.labels"))[QStringLiteral("job-name")]
            .toString(),
        QStringLiteral("calcul"));
}

void TestManifest::manualSelectorGeneratesNothing()
{
    const Outcome out = create(jobWith("spec:\n  template:\n    spec:",
                                       "spec:\n  manualSelector: true\n  selector:\n"
                                       "    matchLabels: {app: sommeil}\n  template:\n"
                                       "    metadata:\n      labels: {app: sommeil}\n    spec:"));
    QCOMPARE(out.error, QString());
    QCOMPARE(at(out.object, QStringLiteral("spec.template.metadata.labels")).size(), 1);
    QCOMPARE(at(out.object, QStringLiteral("spec.selector.matchLabels")).size(), 1);
}

// ---- Updates ------------------------------------------------------------------------------

void TestManifest::jobTemplateIsImmutable()
{
    const Outcome stored = create(kJob);
    QCOMPARE(stored.error, QString());
    Value changed = stored.object;
    *mutableAt(changed, QStringLiteral("spec.template.spec.containers.0.image")) =
        Value::string(QStringLiteral("busybox:1.37"));
    QCOMPARE(update(stored.object, changed),
             QStringLiteral("The Job \"sommeil\" is invalid: spec.template: Invalid value: "
                            "core.PodTemplateSpec{...}: field is immutable"));

    Value command = stored.object;
    *mutableAt(command, QStringLiteral("spec.template.spec.containers.0.command.1")) =
        Value::string(QStringLiteral("60"));
    QCOMPARE(update(stored.object, command),
             QStringLiteral("The Job \"sommeil\" is invalid: spec.template: Invalid value: "
                            "core.PodTemplateSpec{...}: field is immutable"));

    // Not suspended: even scheduling directives are frozen.
    Value selector = stored.object;
    mutableAt(selector, QStringLiteral("spec.template.spec.nodeSelector"))
        ->set(QStringLiteral("disk"), Value::string(QStringLiteral("ssd")));
    QCOMPARE(update(stored.object, selector),
             QStringLiteral("The Job \"sommeil\" is invalid: spec.template: Invalid value: "
                            "core.PodTemplateSpec{...}: field is immutable"));

    QCOMPARE(update(stored.object, stored.object), QString());
}

void TestManifest::suspendedJobThatNeverStarted()
{
    const Outcome stored =
        create(jobWith("spec:\n  template:", "spec:\n  suspend: true\n  template:"));
    QCOMPARE(stored.error, QString());

    // What Kueue does when it admits the Job: node selector, tolerations, labels...
    Value admitted = stored.object;
    mutableAt(admitted, QStringLiteral("spec.template.spec.nodeSelector"))
        ->set(QStringLiteral("cloud.example.com/pool"), Value::string(QStringLiteral("standard")));
    Value tolerations = Value::list();
    Value toleration = Value::map();
    toleration.set(QStringLiteral("key"), Value::string(QStringLiteral("dedicated")));
    toleration.set(QStringLiteral("operator"), Value::string(QStringLiteral("Exists")));
    tolerations.append(toleration);
    mutableAt(admitted, QStringLiteral("spec.template.spec"))
        ->set(QStringLiteral("tolerations"), tolerations);
    mutableAt(admitted, QStringLiteral("spec.template.metadata.labels"))
        ->set(QStringLiteral("kueue.x-k8s.io/podset"), Value::string(QStringLiteral("main")));
    mutableAt(admitted, QStringLiteral("spec.template.metadata.annotations"))
        ->set(QStringLiteral("kueue.x-k8s.io/workload"),
              Value::string(QStringLiteral("job-sommeil-1a2b3")));
    mutableAt(admitted, QStringLiteral("spec"))
        ->set(QStringLiteral("suspend"), Value::boolean(false));
    QCOMPARE(update(stored.object, admitted), QString());

    // Node affinity may change too, other affinities may not.
    Value affinity = stored.object;
    *mutableAt(affinity, QStringLiteral("spec.template.spec.affinity.nodeAffinity.preferred")) =
        Value::string(QStringLiteral("x"));
    QCOMPARE(update(stored.object, affinity), QString());
    *mutableAt(affinity, QStringLiteral("spec.template.spec.affinity.podAffinity.x")) =
        Value::string(QStringLiteral("y"));
    QCOMPARE(update(stored.object, affinity),
             QStringLiteral("The Job \"sommeil\" is invalid: spec.template: Invalid value: "
                            "core.PodTemplateSpec{...}: field is immutable"));

    // The containers stay frozen.
    Value image = admitted;
    *mutableAt(image, QStringLiteral("spec.template.spec.containers.0.image")) =
        Value::string(QStringLiteral("busybox:1.37"));
    QCOMPARE(update(stored.object, image),
             QStringLiteral("The Job \"sommeil\" is invalid: spec.template: Invalid value: "
                            "core.PodTemplateSpec{...}: field is immutable"));

    // Once it has started (status.startTime), the exception no longer applies.
    Value started = stored.object;
    mutableAt(started, QStringLiteral("status"))
        ->set(QStringLiteral("startTime"), Value::string(QStringLiteral("2026-11-05T09:30:00Z")));
    Value afterStart = admitted;
    mutableAt(afterStart, QStringLiteral("status"))
        ->set(QStringLiteral("startTime"), Value::string(QStringLiteral("2026-11-05T09:30:00Z")));
    QCOMPARE(update(started, afterStart),
             QStringLiteral("The Job \"sommeil\" is invalid: spec.template: Invalid value: "
                            "core.PodTemplateSpec{...}: field is immutable"));
}

void TestManifest::jobMutableFields()
{
    const Outcome stored = create(kJob);
    Value changed = stored.object;
    Value &spec = *mutableAt(changed, QStringLiteral("spec"));
    spec.set(QStringLiteral("parallelism"), Value::integer(3));
    spec.set(QStringLiteral("activeDeadlineSeconds"), Value::integer(600));
    spec.set(QStringLiteral("backoffLimit"), Value::integer(2));
    spec.set(QStringLiteral("suspend"), Value::boolean(true));
    spec.set(QStringLiteral("ttlSecondsAfterFinished"), Value::integer(100));
    mutableAt(changed, QStringLiteral("metadata.labels"))
        ->set(QStringLiteral("kueue.x-k8s.io/queue-name"),
              Value::string(QStringLiteral("user-queue")));
    QCOMPARE(update(stored.object, changed), QString());

    // The updated object is validated as a whole too.
    spec.set(QStringLiteral("backoffLimit"), Value::integer(-1));
    QCOMPARE(update(stored.object, changed),
             QStringLiteral("The Job \"sommeil\" is invalid: spec.backoffLimit: Invalid value: -1: "
                            "must be greater than or equal to 0"));
}

void TestManifest::jobCompletionsImmutable()
{
    const Outcome stored = create(kJob);
    Value changed = stored.object;
    mutableAt(changed, QStringLiteral("spec"))
        ->set(QStringLiteral("completions"), Value::integer(3));
    QCOMPARE(update(stored.object, changed),
             QStringLiteral("The Job \"sommeil\" is invalid: spec.completions: Invalid value: 3: "
                            "field is immutable"));

    Value selector = stored.object;
    mutableAt(selector, QStringLiteral("spec.selector.matchLabels"))
        ->set(QStringLiteral("batch.kubernetes.io/controller-uid"),
              Value::string(QStringLiteral("autre")));
    QCOMPARE(
        update(stored.object, selector),
        QStringLiteral("The Job \"sommeil\" is invalid: \n"
                       "* spec.template.metadata.labels: Invalid value: "
                       "map[string]string{\"batch.kubernetes.io/controller-uid\":\"%1\", "
                       "\"batch.kubernetes.io/job-name\":\"sommeil\", \"controller-uid\":\"%1\", "
                       "\"job-name\":\"sommeil\"}: `selector` does not match template `labels`\n"
                       "* spec.selector: Invalid value: v1.LabelSelector{MatchLabels:"
                       "map[string]string{\"batch.kubernetes.io/controller-uid\":\"autre\"}, "
                       "MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable")
            .arg(kUid));
}

void TestManifest::deploymentSelectorImmutable()
{
    const Outcome stored = create(kDeployment);
    QCOMPARE(stored.error, QString());
    Value changed = stored.object;
    mutableAt(changed, QStringLiteral("spec.selector.matchLabels"))
        ->set(QStringLiteral("tier"), Value::string(QStringLiteral("web")));
    mutableAt(changed, QStringLiteral("spec.template.metadata.labels"))
        ->set(QStringLiteral("tier"), Value::string(QStringLiteral("web")));
    QCOMPARE(
        update(stored.object, changed),
        QStringLiteral("The Deployment \"sommeil\" is invalid: spec.selector: Invalid value: "
                       "v1.LabelSelector{MatchLabels:map[string]string{\"app\":\"sommeil\", "
                       "\"tier\":\"web\"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: "
                       "field is immutable"));

    // Everything else of a Deployment may change, the template included.
    Value scaled = stored.object;
    mutableAt(scaled, QStringLiteral("spec"))->set(QStringLiteral("replicas"), Value::integer(5));
    *mutableAt(scaled, QStringLiteral("spec.template.spec.containers.0.image")) =
        Value::string(QStringLiteral("busybox:1.37"));
    QCOMPARE(update(stored.object, scaled), QString());
}

void TestManifest::localQueueClusterQueueImmutable()
{
    const Outcome stored =
        create(QByteArray("apiVersion: kueue.x-k8s.io/v1beta1\nkind: LocalQueue\n"
                          "metadata: {name: user-queue}\nspec: {clusterQueue: cq}\n"));
    QCOMPARE(stored.error, QString());
    Value changed = stored.object;
    mutableAt(changed, QStringLiteral("spec"))
        ->set(QStringLiteral("clusterQueue"), Value::string(QStringLiteral("autre")));
    QCOMPARE(update(stored.object, changed),
             QStringLiteral("The LocalQueue \"user-queue\" is invalid: spec.clusterQueue: Invalid "
                            "value: \"string\": field is immutable"));
    Value stopped = stored.object;
    mutableAt(stopped, QStringLiteral("spec"))
        ->set(QStringLiteral("stopPolicy"), Value::string(QStringLiteral("Hold")));
    QCOMPARE(update(stored.object, stopped), QString());
}

// ---- Rendering ----------------------------------------------------------------------------

void TestManifest::fieldErrorText_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("detail");
    QTest::addColumn<QStringList>("supported");
    QTest::addColumn<QString>("text");
    using K = FieldError::Kind;
    QTest::newRow("required") << int(K::Required) << QString() << QString() << QStringList()
                              << "f: Required value";
    QTest::newRow("required with detail")
        << int(K::Required) << QString() << "valid values: \"OnFailure\", \"Never\""
        << QStringList() << "f: Required value: valid values: \"OnFailure\", \"Never\"";
    QTest::newRow("forbidden") << int(K::Forbidden) << QString() << "not allowed on this type"
                               << QStringList() << "f: Forbidden: not allowed on this type";
    QTest::newRow("too long") << int(K::TooLong) << "\"x\""
                              << "may not be longer than 253" << QStringList()
                              << "f: Too long: may not be longer than 253";
    QTest::newRow("invalid int") << int(K::Invalid) << "-1"
                                 << "must be greater than or equal to 0" << QStringList()
                                 << "f: Invalid value: -1: must be greater than or equal to 0";
    QTest::newRow("not supported")
        << int(K::NotSupported) << "\"Never\"" << QString() << QStringList{"Always"}
        << "f: Unsupported value: \"Never\": supported values: \"Always\"";
    QTest::newRow("duplicate") << int(K::Duplicate) << "\"c\"" << QString() << QStringList()
                               << "f: Duplicate value: \"c\"";
}

void TestManifest::fieldErrorText()
{
    QFETCH(int, kind);
    QFETCH(QString, value);
    QFETCH(QString, detail);
    QFETCH(QStringList, supported);
    QFETCH(QString, text);
    const FieldError e{FieldError::Kind(kind), QStringLiteral("f"), value, detail, supported};
    QCOMPARE(e.toString(), text);
}

void TestManifest::formatInvalidLayout()
{
    const FieldError a{FieldError::Kind::Required, QStringLiteral("spec.a"), {}, {}, {}};
    const FieldError b{FieldError::Kind::Invalid,
                       QStringLiteral("spec.b"),
                       QStringLiteral("-1"),
                       QStringLiteral("must be greater than or equal to 0"),
                       {}};
    QCOMPARE(formatInvalid(QStringLiteral("Job"), QStringLiteral("sommeil"), {a}),
             QStringLiteral("The Job \"sommeil\" is invalid: spec.a: Required value"));
    QCOMPARE(formatInvalid(QStringLiteral("Job"), QStringLiteral("sommeil"), {a, b, a}),
             QStringLiteral("The Job \"sommeil\" is invalid: \n* spec.a: Required value\n"
                            "* spec.b: Invalid value: -1: must be greater than or equal to 0"));
    // Identical causes collapse into one, printed on the first line.
    QCOMPARE(formatInvalid(QStringLiteral("Job"), QStringLiteral("sommeil"), {b, b}),
             QStringLiteral("The Job \"sommeil\" is invalid: spec.b: Invalid value: -1: must be "
                            "greater than or equal to 0"));
    QCOMPARE(formatInvalid(QStringLiteral("Pod"), QStringLiteral("a\"b"), {a}),
             QStringLiteral("The Pod \"a\\\"b\" is invalid: spec.a: Required value"));
}

QTEST_GUILESS_MAIN(TestManifest)
#include "tst_manifest.moc"
