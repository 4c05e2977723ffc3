// The fields of the API types (core/v1, batch/v1, apps/v1, Kueue v1beta1) with their Go and
// OpenAPI types, for strict decoding and for the schema checks of custom resources.
#include "manifestdetail.h"

#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <deque>
#include <initializer_list>
#include <limits>

namespace schedlab::kube::detail {

using Kind = SchemaNode::Kind;

const SchemaField *SchemaNode::field(const QString &name) const
{
    for (const SchemaField &f : fields)
        if (f.name == name)
            return &f;
    return nullptr;
}

namespace {

SchemaField F(const char *name, const SchemaNode *node, bool required = false)
{
    return SchemaField{QString::fromLatin1(name), node, required};
}

// Builds the graph once; nodes live as long as the program (the deque keeps addresses).
class Schemas
{
public:
    Schemas() { build(); }

    const SchemaNode *job = nullptr;
    const SchemaNode *deployment = nullptr;
    const SchemaNode *replicaSet = nullptr;
    const SchemaNode *pod = nullptr;
    const SchemaNode *namespaceObject = nullptr;
    const SchemaNode *node = nullptr;
    const SchemaNode *event = nullptr;
    const SchemaNode *resourceFlavor = nullptr;
    const SchemaNode *clusterQueue = nullptr;
    const SchemaNode *localQueue = nullptr;
    const SchemaNode *workload = nullptr;
    const SchemaNode *priorityClass = nullptr;

private:
    std::deque<SchemaNode> nodes_;

    SchemaNode *make(Kind kind, const QString &goType)
    {
        nodes_.emplace_back();
        SchemaNode *n = &nodes_.back();
        n->kind = kind;
        n->goType = goType;
        return n;
    }
    const SchemaNode *scalar(Kind kind, const char *goType)
    {
        return make(kind, QString::fromLatin1(goType));
    }
    const SchemaNode *str(const char *goType = "string") { return scalar(Kind::String, goType); }
    const SchemaNode *enumStr(const char *goType, QStringList values)
    {
        SchemaNode *n = make(Kind::String, QString::fromLatin1(goType));
        n->enumValues = std::move(values);
        return n;
    }
    const SchemaNode *patternStr(const char *goType, const char *pattern, int maxLength)
    {
        SchemaNode *n = make(Kind::String, QString::fromLatin1(goType));
        n->pattern = QString::fromLatin1(pattern);
        n->maxLength = maxLength;
        return n;
    }
    const SchemaNode *listOf(const SchemaNode *elem)
    {
        SchemaNode *n = make(Kind::List, QStringLiteral("[]") + elem->goType);
        n->elem = elem;
        return n;
    }
    const SchemaNode *mapOf(const SchemaNode *elem, const char *goType = nullptr)
    {
        SchemaNode *n = make(Kind::Map, goType ? QString::fromLatin1(goType)
                                               : QStringLiteral("map[string]") + elem->goType);
        n->elem = elem;
        return n;
    }
    // `qualified` is the Go type as printed, "v1.PodSpec"; its errors name "PodSpec".
    const SchemaNode *structure(const char *qualified, std::initializer_list<SchemaField> fields)
    {
        SchemaNode *n = make(Kind::Struct, QString::fromLatin1(qualified));
        n->structName = n->goType.section(u'.', -1);
        n->fields = fields;
        return n;
    }
    const SchemaNode *open(const char *qualified)
    {
        SchemaNode *n = make(Kind::Struct, QString::fromLatin1(qualified));
        n->structName = n->goType.section(u'.', -1);
        n->open = true;
        return n;
    }
    const SchemaNode *object(const char *qualified, const SchemaNode *meta, const SchemaNode *spec,
                             const SchemaNode *status)
    {
        QList<SchemaField> fields{F("apiVersion", str()), F("kind", str()), F("metadata", meta)};
        if (spec)
            fields << F("spec", spec);
        // `status` is accepted whatever it holds: the server resets it on create.
        fields << F("status", status ? status : open("v1.Status"));
        SchemaNode *n = make(Kind::Struct, QString::fromLatin1(qualified));
        n->structName = n->goType.section(u'.', -1);
        n->fields = fields;
        return n;
    }

    void build();
};

void Schemas::build()
{
    const SchemaNode *s = str();
    const SchemaNode *i32 = scalar(Kind::Int32, "int32");
    const SchemaNode *i64 = scalar(Kind::Int64, "int64");
    const SchemaNode *b = scalar(Kind::Bool, "bool");
    const SchemaNode *time = scalar(Kind::Time, "v1.Time");
    const SchemaNode *quantity = scalar(Kind::Quantity, "resource.Quantity");
    const SchemaNode *intOrString = scalar(Kind::IntOrString, "intstr.IntOrString");
    const SchemaNode *strings = listOf(s);
    const SchemaNode *stringMap = mapOf(s);
    const SchemaNode *resourceList = mapOf(quantity, "v1.ResourceList");

    // metav1
    const SchemaNode *ownerReference =
        structure("v1.OwnerReference",
                  {F("apiVersion", s), F("kind", s), F("name", s), F("uid", str("types.UID")),
                   F("controller", b), F("blockOwnerDeletion", b)});
    const SchemaNode *objectMeta = structure(
        "v1.ObjectMeta",
        {F("name", s), F("generateName", s), F("namespace", s), F("selfLink", s),
         F("uid", str("types.UID")), F("resourceVersion", s), F("generation", i64),
         F("creationTimestamp", time), F("deletionTimestamp", time),
         F("deletionGracePeriodSeconds", i64), F("labels", stringMap), F("annotations", stringMap),
         F("ownerReferences", listOf(ownerReference)), F("finalizers", strings),
         F("managedFields", listOf(open("v1.ManagedFieldsEntry")))});
    const SchemaNode *labelSelectorRequirement =
        structure("v1.LabelSelectorRequirement",
                  {F("key", s, true), F("operator", str("v1.LabelSelectorOperator"), true),
                   F("values", strings)});
    const SchemaNode *labelSelector =
        structure("v1.LabelSelector", {F("matchLabels", stringMap),
                                       F("matchExpressions", listOf(labelSelectorRequirement))});

    // core/v1: containers
    const SchemaNode *containerPort =
        structure("v1.ContainerPort", {F("name", s), F("hostPort", i32), F("containerPort", i32),
                                       F("protocol", str("v1.Protocol")), F("hostIP", s)});
    const SchemaNode *envFromSource = structure(
        "v1.EnvFromSource",
        {F("prefix", s),
         F("configMapRef", structure("v1.ConfigMapEnvSource", {F("name", s), F("optional", b)})),
         F("secretRef", structure("v1.SecretEnvSource", {F("name", s), F("optional", b)}))});
    const SchemaNode *envVar = structure(
        "v1.EnvVar", {F("name", s), F("value", s), F("valueFrom", open("v1.EnvVarSource"))});
    const SchemaNode *resources = structure("v1.ResourceRequirements",
                                            {F("limits", resourceList), F("requests", resourceList),
                                             F("claims", listOf(open("v1.ResourceClaim")))});
    const SchemaNode *resizePolicy = structure(
        "v1.ContainerResizePolicy", {F("resourceName", str("v1.ResourceName")),
                                     F("restartPolicy", str("v1.ResourceResizeRestartPolicy"))});
    const SchemaNode *volumeMount = structure(
        "v1.VolumeMount",
        {F("name", s), F("readOnly", b), F("recursiveReadOnly", str("v1.RecursiveReadOnlyMode")),
         F("mountPath", s), F("subPath", s), F("mountPropagation", str("v1.MountPropagationMode")),
         F("subPathExpr", s)});
    const SchemaNode *volumeDevice =
        structure("v1.VolumeDevice", {F("name", s), F("devicePath", s)});
    const SchemaNode *httpHeader = structure("v1.HTTPHeader", {F("name", s), F("value", s)});
    const SchemaNode *execAction = structure("v1.ExecAction", {F("command", strings)});
    const SchemaNode *httpGet =
        structure("v1.HTTPGetAction",
                  {F("path", s), F("port", intOrString), F("host", s),
                   F("scheme", str("v1.URIScheme")), F("httpHeaders", listOf(httpHeader))});
    const SchemaNode *tcpSocket =
        structure("v1.TCPSocketAction", {F("port", intOrString), F("host", s)});
    // ProbeHandler is inlined in Probe, so its fields are reported under "Probe".
    const SchemaNode *probe = structure(
        "v1.Probe", {F("exec", execAction), F("httpGet", httpGet), F("tcpSocket", tcpSocket),
                     F("grpc", structure("v1.GRPCAction", {F("port", i32), F("service", s)})),
                     F("initialDelaySeconds", i32), F("timeoutSeconds", i32),
                     F("periodSeconds", i32), F("successThreshold", i32),
                     F("failureThreshold", i32), F("terminationGracePeriodSeconds", i64)});
    const SchemaNode *container = structure(
        "v1.Container", {F("name", s),
                         F("image", s),
                         F("command", strings),
                         F("args", strings),
                         F("workingDir", s),
                         F("ports", listOf(containerPort)),
                         F("envFrom", listOf(envFromSource)),
                         F("env", listOf(envVar)),
                         F("resources", resources),
                         F("resizePolicy", listOf(resizePolicy)),
                         F("restartPolicy", str("v1.ContainerRestartPolicy")),
                         F("volumeMounts", listOf(volumeMount)),
                         F("volumeDevices", listOf(volumeDevice)),
                         F("livenessProbe", probe),
                         F("readinessProbe", probe),
                         F("startupProbe", probe),
                         F("lifecycle", open("v1.Lifecycle")),
                         F("terminationMessagePath", s),
                         F("terminationMessagePolicy", str("v1.TerminationMessagePolicy")),
                         F("imagePullPolicy", str("v1.PullPolicy")),
                         F("securityContext", open("v1.SecurityContext")),
                         F("stdin", b),
                         F("stdinOnce", b),
                         F("tty", b)});

    // core/v1: volumes (VolumeSource is inlined in Volume)
    const SchemaNode *keyToPaths = listOf(open("v1.KeyToPath"));
    const SchemaNode *volume = structure(
        "v1.Volume",
        {F("name", s),
         F("hostPath",
           structure("v1.HostPathVolumeSource", {F("path", s), F("type", str("v1.HostPathType"))})),
         F("emptyDir", structure("v1.EmptyDirVolumeSource",
                                 {F("medium", str("v1.StorageMedium")), F("sizeLimit", quantity)})),
         F("gcePersistentDisk", open("v1.GCEPersistentDiskVolumeSource")),
         F("awsElasticBlockStore", open("v1.AWSElasticBlockStoreVolumeSource")),
         F("gitRepo", open("v1.GitRepoVolumeSource")),
         F("secret", structure("v1.SecretVolumeSource", {F("secretName", s), F("items", keyToPaths),
                                                         F("defaultMode", i32), F("optional", b)})),
         F("nfs", open("v1.NFSVolumeSource")),
         F("iscsi", open("v1.ISCSIVolumeSource")),
         F("glusterfs", open("v1.GlusterfsVolumeSource")),
         F("persistentVolumeClaim", structure("v1.PersistentVolumeClaimVolumeSource",
                                              {F("claimName", s), F("readOnly", b)})),
         F("rbd", open("v1.RBDVolumeSource")),
         F("flexVolume", open("v1.FlexVolumeSource")),
         F("cinder", open("v1.CinderVolumeSource")),
         F("cephfs", open("v1.CephFSVolumeSource")),
         F("flocker", open("v1.FlockerVolumeSource")),
         F("downwardAPI", open("v1.DownwardAPIVolumeSource")),
         F("fc", open("v1.FCVolumeSource")),
         F("azureFile", open("v1.AzureFileVolumeSource")),
         F("configMap",
           structure("v1.ConfigMapVolumeSource", {F("name", s), F("items", keyToPaths),
                                                  F("defaultMode", i32), F("optional", b)})),
         F("vsphereVolume", open("v1.VsphereVirtualDiskVolumeSource")),
         F("quobyte", open("v1.QuobyteVolumeSource")),
         F("azureDisk", open("v1.AzureDiskVolumeSource")),
         F("photonPersistentDisk", open("v1.PhotonPersistentDiskVolumeSource")),
         F("projected", open("v1.ProjectedVolumeSource")),
         F("portworxVolume", open("v1.PortworxVolumeSource")),
         F("scaleIO", open("v1.ScaleIOVolumeSource")),
         F("storageos", open("v1.StorageOSVolumeSource")),
         F("csi", open("v1.CSIVolumeSource")),
         F("ephemeral", open("v1.EphemeralVolumeSource")),
         F("image", open("v1.ImageVolumeSource"))});

    const SchemaNode *toleration = structure(
        "v1.Toleration", {F("key", s), F("operator", str("v1.TolerationOperator")), F("value", s),
                          F("effect", str("v1.TaintEffect")), F("tolerationSeconds", i64)});
    const SchemaNode *podSpec = structure(
        "v1.PodSpec",
        {F("volumes", listOf(volume)),
         F("initContainers", listOf(container)),
         F("containers", listOf(container)),
         F("ephemeralContainers", listOf(open("v1.EphemeralContainer"))),
         F("restartPolicy", str("v1.RestartPolicy")),
         F("terminationGracePeriodSeconds", i64),
         F("activeDeadlineSeconds", i64),
         F("dnsPolicy", str("v1.DNSPolicy")),
         F("nodeSelector", stringMap),
         F("serviceAccountName", s),
         F("serviceAccount", s),
         F("automountServiceAccountToken", b),
         F("nodeName", s),
         F("hostNetwork", b),
         F("hostPID", b),
         F("hostIPC", b),
         F("shareProcessNamespace", b),
         F("securityContext", open("v1.PodSecurityContext")),
         F("imagePullSecrets", listOf(structure("v1.LocalObjectReference", {F("name", s)}))),
         F("hostname", s),
         F("subdomain", s),
         F("affinity", open("v1.Affinity")),
         F("schedulerName", s),
         F("tolerations", listOf(toleration)),
         F("hostAliases", listOf(structure("v1.HostAlias", {F("ip", s), F("hostnames", strings)}))),
         F("priorityClassName", s),
         F("priority", i32),
         F("dnsConfig", open("v1.PodDNSConfig")),
         F("readinessGates", listOf(structure("v1.PodReadinessGate",
                                              {F("conditionType", str("v1.PodConditionType"))}))),
         F("runtimeClassName", s),
         F("enableServiceLinks", b),
         F("preemptionPolicy", str("v1.PreemptionPolicy")),
         F("overhead", resourceList),
         F("topologySpreadConstraints", listOf(open("v1.TopologySpreadConstraint"))),
         F("setHostnameAsFQDN", b),
         F("os", structure("v1.PodOS", {F("name", str("v1.OSName"))})),
         F("hostUsers", b),
         F("schedulingGates", listOf(structure("v1.PodSchedulingGate", {F("name", s)}))),
         F("resourceClaims", listOf(open("v1.PodResourceClaim")))});
    const SchemaNode *podTemplateSpec =
        structure("v1.PodTemplateSpec", {F("metadata", objectMeta), F("spec", podSpec)});

    // batch/v1
    const SchemaNode *jobSpec = structure(
        "v1.JobSpec",
        {F("parallelism", i32), F("completions", i32), F("activeDeadlineSeconds", i64),
         F("podFailurePolicy", open("v1.PodFailurePolicy")),
         F("successPolicy", open("v1.SuccessPolicy")), F("backoffLimit", i32),
         F("backoffLimitPerIndex", i32), F("maxFailedIndexes", i32), F("selector", labelSelector),
         F("manualSelector", b), F("template", podTemplateSpec), F("ttlSecondsAfterFinished", i32),
         F("completionMode", str("v1.CompletionMode")), F("suspend", b),
         F("podReplacementPolicy", str("v1.PodReplacementPolicy")), F("managedBy", s)});
    job = object("v1.Job", objectMeta, jobSpec, open("v1.JobStatus"));

    // apps/v1
    const SchemaNode *strategy =
        structure("v1.DeploymentStrategy",
                  {F("type", str("v1.DeploymentStrategyType")),
                   F("rollingUpdate",
                     structure("v1.RollingUpdateDeployment",
                               {F("maxUnavailable", intOrString), F("maxSurge", intOrString)}))});
    const SchemaNode *deploymentSpec =
        structure("v1.DeploymentSpec", {F("replicas", i32), F("selector", labelSelector),
                                        F("template", podTemplateSpec), F("strategy", strategy),
                                        F("minReadySeconds", i32), F("revisionHistoryLimit", i32),
                                        F("paused", b), F("progressDeadlineSeconds", i32)});
    deployment = object("v1.Deployment", objectMeta, deploymentSpec, open("v1.DeploymentStatus"));
    const SchemaNode *replicaSetSpec = structure(
        "v1.ReplicaSetSpec", {F("replicas", i32), F("minReadySeconds", i32),
                              F("selector", labelSelector), F("template", podTemplateSpec)});
    replicaSet = object("v1.ReplicaSet", objectMeta, replicaSetSpec, open("v1.ReplicaSetStatus"));

    // core/v1 objects
    pod = object("v1.Pod", objectMeta, podSpec, open("v1.PodStatus"));
    namespaceObject =
        object("v1.Namespace", objectMeta,
               structure("v1.NamespaceSpec", {F("finalizers", listOf(str("v1.FinalizerName")))}),
               open("v1.NamespaceStatus"));
    node = object("v1.Node", objectMeta, open("v1.NodeSpec"), open("v1.NodeStatus"));
    {
        SchemaNode *n = make(Kind::Struct, QStringLiteral("v1.Event"));
        n->structName = QStringLiteral("Event");
        n->fields = {F("apiVersion", s),
                     F("kind", s),
                     F("metadata", objectMeta),
                     F("involvedObject", open("v1.ObjectReference")),
                     F("reason", s),
                     F("message", s),
                     F("source", open("v1.EventSource")),
                     F("firstTimestamp", time),
                     F("lastTimestamp", time),
                     F("count", i32),
                     F("type", s),
                     F("eventTime", time),
                     F("series", open("v1.EventSeries")),
                     F("action", s),
                     F("related", open("v1.ObjectReference")),
                     F("reportingComponent", s),
                     F("reportingInstance", s)};
        event = n;
    }

    // Kueue v1beta1 (CRDs: `required`, enums and patterns come from the kubebuilder markers)
    const char *dnsSubdomainPattern =
        "^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$";
    const SchemaNode *stopPolicy =
        enumStr("v1beta1.StopPolicy",
                {QStringLiteral("None"), QStringLiteral("Hold"), QStringLiteral("HoldAndDrain")});
    const SchemaNode *fairSharing = structure("v1beta1.FairSharing", {F("weight", quantity)});
    const SchemaNode *taint =
        structure("v1.Taint", {F("key", s, true), F("value", s),
                               F("effect",
                                 enumStr("v1.TaintEffect", {QStringLiteral("NoSchedule"),
                                                            QStringLiteral("PreferNoSchedule"),
                                                            QStringLiteral("NoExecute")}),
                                 true),
                               F("timeAdded", time)});
    resourceFlavor = object("v1beta1.ResourceFlavor", objectMeta,
                            structure("v1beta1.ResourceFlavorSpec",
                                      {F("nodeLabels", stringMap), F("nodeTaints", listOf(taint)),
                                       F("tolerations", listOf(toleration)), F("topologyName", s)}),
                            nullptr);
    const SchemaNode *resourceQuota =
        structure("v1beta1.ResourceQuota",
                  {F("name", str("v1.ResourceName"), true), F("nominalQuota", quantity, true),
                   F("borrowingLimit", quantity), F("lendingLimit", quantity)});
    const SchemaNode *flavorQuotas = structure(
        "v1beta1.FlavorQuotas",
        {F("name", patternStr("v1beta1.ResourceFlavorReference", dnsSubdomainPattern, 253), true),
         F("resources", listOf(resourceQuota), true)});
    const SchemaNode *resourceGroup = structure(
        "v1beta1.ResourceGroup", {F("coveredResources", listOf(str("v1.ResourceName")), true),
                                  F("flavors", listOf(flavorQuotas), true)});
    const SchemaNode *preemption = structure(
        "v1beta1.ClusterQueuePreemption",
        {F("reclaimWithinCohort", enumStr("v1beta1.PreemptionPolicy",
                                          {QStringLiteral("Never"), QStringLiteral("LowerPriority"),
                                           QStringLiteral("Any")})),
         F("borrowWithinCohort", structure("v1beta1.BorrowWithinCohort",
                                           {F("policy", enumStr("v1beta1.BorrowWithinCohortPolicy",
                                                                {QStringLiteral("Never"),
                                                                 QStringLiteral("LowerPriority")})),
                                            F("maxPriorityThreshold", i32)})),
         F("withinClusterQueue", enumStr("v1beta1.PreemptionPolicy",
                                         {QStringLiteral("Never"), QStringLiteral("LowerPriority"),
                                          QStringLiteral("LowerOrNewerEqualPriority")}))});
    const SchemaNode *clusterQueueSpec = structure(
        "v1beta1.ClusterQueueSpec",
        {F("resourceGroups", listOf(resourceGroup)),
         F("cohort", patternStr("string", dnsSubdomainPattern, 253)),
         F("queueingStrategy",
           enumStr("v1beta1.QueueingStrategy",
                   {QStringLiteral("StrictFIFO"), QStringLiteral("BestEffortFIFO")})),
         F("namespaceSelector", labelSelector),
         F("flavorFungibility",
           structure("v1beta1.FlavorFungibility",
                     {F("whenCanBorrow",
                        enumStr("v1beta1.FlavorFungibilityPolicy",
                                {QStringLiteral("Borrow"), QStringLiteral("TryNextFlavor")})),
                      F("whenCanPreempt",
                        enumStr("v1beta1.FlavorFungibilityPolicy",
                                {QStringLiteral("Preempt"), QStringLiteral("TryNextFlavor")}))})),
         F("preemption", preemption), F("admissionChecks", strings),
         F("admissionChecksStrategy",
           structure("v1beta1.AdmissionChecksStrategy",
                     {F("admissionChecks",
                        listOf(structure("v1beta1.AdmissionCheckStrategyRule",
                                         {F("name", s, true), F("onFlavors", strings)})))})),
         F("stopPolicy", stopPolicy), F("fairSharing", fairSharing)});
    clusterQueue = object("v1beta1.ClusterQueue", objectMeta, clusterQueueSpec, nullptr);
    localQueue = object("v1beta1.LocalQueue", objectMeta,
                        structure("v1beta1.LocalQueueSpec",
                                  {F("clusterQueue", patternStr("v1beta1.ClusterQueueReference",
                                                                dnsSubdomainPattern, 253)),
                                   F("stopPolicy", stopPolicy), F("fairSharing", fairSharing)}),
                        nullptr);
    workload = object("v1beta1.Workload", objectMeta, open("v1beta1.WorkloadSpec"), nullptr);
    // scheduling.k8s.io/v1: its fields sit at the top level, beside the metadata.
    priorityClass =
        structure("v1.PriorityClass",
                  {F("apiVersion", s), F("kind", s), F("metadata", objectMeta), F("value", i32),
                   F("globalDefault", b), F("description", s),
                   F("preemptionPolicy",
                     enumStr("v1.PreemptionPolicy",
                             {QStringLiteral("PreemptLowerPriority"), QStringLiteral("Never")}))});
}

const Schemas &schemas()
{
    static const Schemas all;
    return all;
}

QString jsonTypeName(const Value &v)
{
    switch (v.type()) {
    case Value::Type::Null:
        return QStringLiteral("null");
    case Value::Type::Bool:
        return QStringLiteral("bool");
    case Value::Type::Int:
    case Value::Type::Float:
        return QStringLiteral("number");
    case Value::Type::String:
        return QStringLiteral("string");
    case Value::Type::List:
        return QStringLiteral("array");
    case Value::Type::Map:
        return QStringLiteral("object");
    }
    return QString();
}

// Keys in the order the server reads them: kubectl sends JSON marshalled from a Go map,
// whose keys encoding/json sorts.
QList<const QPair<QString, Value> *> sortedEntries(const Value &map)
{
    QList<const QPair<QString, Value> *> entries;
    for (const auto &entry : map.entries())
        entries << &entry;
    std::stable_sort(entries.begin(), entries.end(),
                     [](const auto *a, const auto *b) { return a->first < b->first; });
    return entries;
}

QString joinPath(const QString &path, const QString &name)
{
    return path.isEmpty() ? name : path + u'.' + name;
}

// ---- Strict decoding (sigs.k8s.io/json, a fork of encoding/json) -------------------------

struct DecodeState
{
    bool customResource = false; // Kueue: type errors belong to the schema validation
    QString savedError;          // the first UnmarshalTypeError, reported once all is read
    QString abortError;          // an UnmarshalJSON error stops the decoding at once
    QStringList unknownFields;
};

struct DecodeContext
{
    QString structName; // the innermost Go struct (UnmarshalTypeError.Struct)
    QString fieldStack; // JSON names of the fields from the top, without list indices
    QString path;       // the strict-decoding path, with list indices
};

QString typeErrorText(const QString &value, const DecodeContext &ctx, const QString &goType)
{
    if (ctx.structName.isEmpty())
        return QStringLiteral("json: cannot unmarshal %1 into Go value of type %2")
            .arg(value, goType);
    return QStringLiteral("json: cannot unmarshal %1 into Go struct field %2.%3 of type %4")
        .arg(value, ctx.structName, ctx.fieldStack, goType);
}

void saveTypeError(DecodeState &st, const QString &value, const DecodeContext &ctx,
                   const QString &goType)
{
    if (st.savedError.isEmpty())
        st.savedError = typeErrorText(value, ctx, goType);
}

// Whether `v` fits a Go integer of `bits`; `literal` receives the number as JSON wrote it.
bool fitsInteger(const Value &v, int bits, QString *literal)
{
    const qint64 max = bits == 32 ? qint64(2147483647) : std::numeric_limits<qint64>::max();
    const qint64 min = bits == 32 ? qint64(-2147483647) - 1 : std::numeric_limits<qint64>::min();
    *literal = goJsonNumber(v);
    if (v.isInt())
        return v.toInt() >= min && v.toInt() <= max;
    const double d = v.toDouble();
    return d == std::floor(d) && d >= double(min) && d <= double(max);
}

// resource.ParseQuantity's first checks: the shape, then the suffix.
QString quantityError(const QString &text)
{
    static const QString formatWrong =
        QStringLiteral("quantities must match the regular expression "
                       "'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
    static const QRegularExpression shape(QRegularExpression::anchoredPattern(
        QStringLiteral("([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)")));
    const QString t = text.trimmed();
    if (t.isEmpty())
        return formatWrong;
    const QRegularExpressionMatch m = shape.match(t);
    if (!m.hasMatch())
        return formatWrong;
    const QString number = m.captured(1);
    if (number.count(u'.') > 1 || number == QLatin1String(".") || number.endsWith(u'+') ||
        number == QLatin1String("+") || number == QLatin1String("-"))
        return formatWrong;
    const QString suffix = m.captured(2);
    static const QStringList suffixes{QString(),
                                      QStringLiteral("n"),
                                      QStringLiteral("u"),
                                      QStringLiteral("m"),
                                      QStringLiteral("k"),
                                      QStringLiteral("M"),
                                      QStringLiteral("G"),
                                      QStringLiteral("T"),
                                      QStringLiteral("P"),
                                      QStringLiteral("E"),
                                      QStringLiteral("Ki"),
                                      QStringLiteral("Mi"),
                                      QStringLiteral("Gi"),
                                      QStringLiteral("Ti"),
                                      QStringLiteral("Pi"),
                                      QStringLiteral("Ei")};
    static const QRegularExpression exponent(
        QRegularExpression::anchoredPattern(QStringLiteral("[eE][-+]?[0-9]+")));
    if (!suffixes.contains(suffix) && !exponent.match(suffix).hasMatch())
        return QStringLiteral("unable to parse quantity's suffix");
    return QString();
}

void decode(const SchemaNode *node, const Value &v, const DecodeContext &ctx, DecodeState &st);

void decodeStruct(const SchemaNode *node, const Value &v, const DecodeContext &ctx, DecodeState &st)
{
    if (!v.isMap()) {
        if (!st.customResource)
            saveTypeError(st, jsonTypeName(v), ctx, node->goType);
        return;
    }
    if (node->open)
        return;
    for (const auto *entry : sortedEntries(v)) {
        const QString childPath = joinPath(ctx.path, entry->first);
        const SchemaField *f = node->field(entry->first);
        if (!f) {
            st.unknownFields << childPath;
            continue;
        }
        DecodeContext child{node->structName, joinPath(ctx.fieldStack, entry->first), childPath};
        decode(f->node, entry->second, child, st);
        if (!st.abortError.isEmpty())
            return;
    }
}

void decode(const SchemaNode *node, const Value &v, const DecodeContext &ctx, DecodeState &st)
{
    // JSON null leaves any Go value as it is.
    if (v.isNull() || !st.abortError.isEmpty())
        return;
    QString literal;
    switch (node->kind) {
    case Kind::Struct:
        decodeStruct(node, v, ctx, st);
        return;
    case Kind::Any:
        return;
    case Kind::List:
        if (!v.isList()) {
            if (!st.customResource)
                saveTypeError(st, jsonTypeName(v), ctx, node->goType);
            return;
        }
        for (qsizetype i = 0; i < v.items().size(); ++i) {
            DecodeContext item = ctx;
            item.path += QStringLiteral("[%1]").arg(i);
            decode(node->elem, v.items().at(i), item, st);
        }
        return;
    case Kind::Map:
        if (!v.isMap()) {
            if (!st.customResource)
                saveTypeError(st, jsonTypeName(v), ctx, node->goType);
            return;
        }
        for (const auto *entry : sortedEntries(v)) {
            DecodeContext item = ctx;
            item.path += u'[' + entry->first + u']';
            decode(node->elem, entry->second, item, st);
        }
        return;
    case Kind::String:
        if (!v.isString() && !st.customResource)
            saveTypeError(st, jsonTypeName(v), ctx, node->goType);
        return;
    case Kind::Bool:
        if (!v.isBool() && !st.customResource)
            saveTypeError(st, jsonTypeName(v), ctx, node->goType);
        return;
    case Kind::Float:
        if (!v.isNumber() && !st.customResource)
            saveTypeError(st, jsonTypeName(v), ctx, node->goType);
        return;
    case Kind::Int32:
    case Kind::Int64:
        if (st.customResource)
            return;
        if (!v.isNumber())
            saveTypeError(st, jsonTypeName(v), ctx, node->goType);
        else if (!fitsInteger(v, node->kind == Kind::Int32 ? 32 : 64, &literal))
            saveTypeError(st, QStringLiteral("number ") + literal, ctx, node->goType);
        return;
    case Kind::Quantity: {
        if (st.customResource)
            return;
        // Quantity.UnmarshalJSON parses the raw JSON text: numbers are fine, `true` or an
        // object is not a quantity.
        QString text;
        if (v.isString())
            text = v.toString();
        else if (v.isNumber())
            text = goJsonNumber(v);
        else
            text = v.isBool() ? QStringLiteral("true") : QStringLiteral("{");
        const QString error = quantityError(text);
        if (!error.isEmpty())
            st.abortError = error;
        return;
    }
    case Kind::IntOrString:
        // IntOrString.UnmarshalJSON decodes a non-string into an int32; the error comes
        // back with the context of the field being decoded.
        if (st.customResource || v.isString())
            return;
        if (!v.isNumber())
            st.abortError = typeErrorText(jsonTypeName(v), ctx, QStringLiteral("int32"));
        else if (!fitsInteger(v, 32, &literal))
            st.abortError =
                typeErrorText(QStringLiteral("number ") + literal, ctx, QStringLiteral("int32"));
        return;
    case Kind::Time:
        // metav1.Time.UnmarshalJSON first decodes a string.
        if (!st.customResource && !v.isString())
            st.abortError = typeErrorText(jsonTypeName(v), ctx, QStringLiteral("string"));
        return;
    }
}

// ---- Custom resources: the OpenAPI schema of the CRD -------------------------------------

QString openApiTypeOf(const Value &v)
{
    switch (v.type()) {
    case Value::Type::Null:
        return QStringLiteral("null");
    case Value::Type::Bool:
        return QStringLiteral("boolean");
    case Value::Type::Int:
        return QStringLiteral("integer");
    case Value::Type::Float: {
        // kubectl's JSON writes 2.0 as 2, which the server reads as an integer.
        const double d = v.toDouble();
        return d == std::floor(d) && std::abs(d) < 1e21 ? QStringLiteral("integer")
                                                        : QStringLiteral("number");
    }
    case Value::Type::String:
        return QStringLiteral("string");
    case Value::Type::List:
        return QStringLiteral("array");
    case Value::Type::Map:
        return QStringLiteral("object");
    }
    return QString();
}

QString openApiTypeFor(const SchemaNode *node)
{
    switch (node->kind) {
    case Kind::Struct:
    case Kind::Map:
        return QStringLiteral("object");
    case Kind::List:
        return QStringLiteral("array");
    case Kind::String:
    case Kind::Time:
        return QStringLiteral("string");
    case Kind::Int32:
    case Kind::Int64:
        return QStringLiteral("integer");
    case Kind::Bool:
        return QStringLiteral("boolean");
    case Kind::Float:
        return QStringLiteral("number");
    case Kind::Quantity:
    case Kind::IntOrString:
        return QStringLiteral("integer,string");
    case Kind::Any:
        return QString();
    }
    return QString();
}

void schemaError(QList<FieldError> &errors, const QString &path, const QString &value,
                 const QString &detail)
{
    errors << FieldError{FieldError::Kind::Invalid, path, value, detail, {}};
}

void validateAgainst(const SchemaNode *node, const Value &v, const QString &path,
                     QList<FieldError> &errors)
{
    // Nulls of fields that are not nullable are pruned before validation.
    if (v.isNull() || node->kind == Kind::Any)
        return;
    const QString actual = openApiTypeOf(v);
    const QString expected = openApiTypeFor(node);
    const bool intOrString = node->kind == Kind::Quantity || node->kind == Kind::IntOrString;
    const bool typeOk =
        intOrString ? (actual == QLatin1String("integer") || actual == QLatin1String("string"))
                    : actual == expected;
    if (!typeOk) {
        // field.TypeInvalid: the value printed is the JSON type found.
        schemaError(errors, path, goQuote(actual),
                    QStringLiteral("%1 in body must be of type %2: %3")
                        .arg(path, expected, goQuote(actual)));
        if (intOrString) {
            // x-kubernetes-int-or-string is validated as anyOf(integer, string), which
            // reports its own failure and that of its first branch.
            schemaError(
                errors, QStringLiteral("<nil>"), goQuote(QString()),
                QStringLiteral("%1 must validate at least one schema (anyOf)").arg(goQuote(path)));
            schemaError(errors, path, goQuote(actual),
                        QStringLiteral("%1 in body must be of type integer: %2")
                            .arg(path, goQuote(actual)));
        }
        return;
    }
    switch (node->kind) {
    case Kind::Struct:
        if (node->open)
            return;
        for (const SchemaField &f : node->fields) {
            const Value *child = v.find(f.name);
            if (f.required && (!child || child->isNull()))
                errors << FieldError{
                    FieldError::Kind::Required, joinPath(path, f.name), {}, {}, {}};
        }
        for (const auto &entry : v.entries())
            if (const SchemaField *f = node->field(entry.first))
                validateAgainst(f->node, entry.second, joinPath(path, entry.first), errors);
        return;
    case Kind::List:
        for (qsizetype i = 0; i < v.items().size(); ++i)
            validateAgainst(node->elem, v.items().at(i), path + QStringLiteral("[%1]").arg(i),
                            errors);
        return;
    case Kind::Map:
        for (const auto &entry : v.entries())
            validateAgainst(node->elem, entry.second, joinPath(path, entry.first), errors);
        return;
    case Kind::String: {
        const QString s = v.toString();
        if (!node->enumValues.isEmpty() && !node->enumValues.contains(s)) {
            errors << FieldError{
                FieldError::Kind::NotSupported, path, goQuote(s), {}, node->enumValues};
            return;
        }
        if (node->maxLength >= 0 && s.toUtf8().size() > node->maxLength)
            errors << FieldError{FieldError::Kind::TooLong,
                                 path,
                                 goQuote(s),
                                 QStringLiteral("may not be longer than %1").arg(node->maxLength),
                                 {}};
        if (!node->pattern.isEmpty()) {
            if (!cachedRegex(node->pattern).match(s).hasMatch())
                schemaError(
                    errors, path, goQuote(s),
                    QStringLiteral("%1 in body should match '%2'").arg(path, node->pattern));
        }
        return;
    }
    case Kind::Quantity:
        if (v.isString()) {
            // The pattern controller-gen writes for resource.Quantity.
            static const QString quantityPattern = QStringLiteral(
                "^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?"
                "(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$");
            static const QRegularExpression re(quantityPattern);
            if (!re.match(v.toString()).hasMatch())
                schemaError(
                    errors, path, goQuote(v.toString()),
                    QStringLiteral("%1 in body should match '%2'").arg(path, quantityPattern));
        }
        return;
    default:
        return;
    }
}

} // namespace

const SchemaNode *schemaFor(const KindInfo &kind)
{
    const Schemas &all = schemas();
    const QString &k = kind.kind;
    if (k == QLatin1String("Job"))
        return all.job;
    if (k == QLatin1String("Deployment"))
        return all.deployment;
    if (k == QLatin1String("ReplicaSet"))
        return all.replicaSet;
    if (k == QLatin1String("Pod"))
        return all.pod;
    if (k == QLatin1String("Namespace"))
        return all.namespaceObject;
    if (k == QLatin1String("Node"))
        return all.node;
    if (k == QLatin1String("Event"))
        return all.event;
    if (k == QLatin1String("ResourceFlavor"))
        return all.resourceFlavor;
    if (k == QLatin1String("ClusterQueue"))
        return all.clusterQueue;
    if (k == QLatin1String("LocalQueue"))
        return all.localQueue;
    if (k == QLatin1String("Workload"))
        return all.workload;
    if (k == QLatin1String("PriorityClass"))
        return all.priorityClass;
    return nullptr;
}

bool isCustomResource(const KindInfo &kind)
{
    return kind.group == QLatin1String("kueue.x-k8s.io");
}

void validateCustomResourceSchema(const KindInfo &kind, const Value &object,
                                  QList<FieldError> &errors)
{
    const SchemaNode *root = schemaFor(kind);
    if (!root)
        return;
    if (const SchemaField *spec = root->field(QStringLiteral("spec")))
        validateAgainst(spec->node, object[QStringLiteral("spec")], QStringLiteral("spec"), errors);
}

} // namespace schedlab::kube::detail

namespace schedlab::kube {

QString strictDecodingError(const KindInfo &kind, const Value &object)
{
    using namespace detail;
    const SchemaNode *root = schemaFor(kind);
    if (!root)
        return QString();
    DecodeState st;
    st.customResource = isCustomResource(kind);
    DecodeContext top;
    if (st.customResource && object.isMap()) {
        // A custom resource's metadata is still a Go ObjectMeta; the rest is checked against
        // the CRD's schema: unknown fields here, types by the validation.
        for (const auto *entry : sortedEntries(object)) {
            const SchemaField *f = root->field(entry->first);
            if (!f) {
                st.unknownFields << entry->first;
                continue;
            }
            DecodeContext child{root->structName, entry->first, entry->first};
            st.customResource = entry->first != QLatin1String("metadata");
            decode(f->node, entry->second, child, st);
            if (!st.abortError.isEmpty())
                break;
        }
    } else {
        decode(root, object, top, st);
    }
    if (!st.abortError.isEmpty())
        return st.abortError;
    if (!st.savedError.isEmpty())
        return st.savedError;
    if (st.unknownFields.isEmpty())
        return QString();
    QStringList parts;
    for (const QString &f : std::as_const(st.unknownFields))
        parts << QStringLiteral("unknown field \"%1\"").arg(f);
    return QStringLiteral("strict decoding error: ") + parts.join(QStringLiteral(", "));
}

} // namespace schedlab::kube
