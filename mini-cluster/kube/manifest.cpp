// kubectl's rendering of field errors, Go's printing of rejected values, and what the API
// server fills in before storing an object: defaults and a new Job's selector and labels.
#include "manifest.h"
#include "manifestdetail.h"

#include <QLocale>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace schedlab::kube {

using namespace detail;

// ---- FieldError and formatInvalid ---------------------------------------------------------

QString FieldError::toString() const
{
    QString body;
    switch (kind) {
    case Kind::Required:
        body = QStringLiteral("Required value");
        break;
    case Kind::Forbidden:
        body = QStringLiteral("Forbidden");
        break;
    case Kind::TooLong:
        body = QStringLiteral("Too long");
        break;
    case Kind::Invalid:
        body = QStringLiteral("Invalid value: ") + value;
        break;
    case Kind::NotSupported:
        body = QStringLiteral("Unsupported value: ") + value;
        if (!supported.isEmpty()) {
            QStringList quoted;
            for (const QString &s : supported)
                quoted << goQuote(s);
            body += QStringLiteral(": supported values: ") + quoted.join(QStringLiteral(", "));
        }
        break;
    case Kind::Duplicate:
        body = QStringLiteral("Duplicate value: ") + value;
        break;
    }
    if (!detail.isEmpty())
        body += QStringLiteral(": ") + detail;
    return field + QStringLiteral(": ") + body;
}

QString formatInvalid(const QString &kind, const QString &name, const QList<FieldError> &errors)
{
    const QString prefix = QStringLiteral("The %1 %2 is invalid").arg(kind, goQuote(name));
    // kubectl's statusCausesToAggrError drops causes whose "field: message" it already has.
    QStringList causes;
    QSet<QString> seen;
    for (const FieldError &e : errors) {
        const QString text = e.toString();
        if (seen.contains(text))
            continue;
        seen.insert(text);
        causes << text;
    }
    if (causes.isEmpty())
        return prefix;
    if (causes.size() == 1)
        return prefix + QStringLiteral(": ") + causes.first();
    return prefix + QStringLiteral(": \n* ") + causes.join(QStringLiteral("\n* "));
}

// ---- Go's printing ------------------------------------------------------------------------

namespace detail {

QString goQuote(const QString &s)
{
    QString out = QStringLiteral("\"");
    const QList<uint> codePoints = s.toUcs4();
    for (uint c : codePoints) {
        switch (c) {
        case '"':
            out += QStringLiteral("\\\"");
            continue;
        case '\\':
            out += QStringLiteral("\\\\");
            continue;
        case '\a':
            out += QStringLiteral("\\a");
            continue;
        case '\b':
            out += QStringLiteral("\\b");
            continue;
        case '\f':
            out += QStringLiteral("\\f");
            continue;
        case '\n':
            out += QStringLiteral("\\n");
            continue;
        case '\r':
            out += QStringLiteral("\\r");
            continue;
        case '\t':
            out += QStringLiteral("\\t");
            continue;
        case '\v':
            out += QStringLiteral("\\v");
            continue;
        default:
            break;
        }
        if (c < 0x20 || c == 0x7f)
            out += QStringLiteral("\\x%1").arg(c, 2, 16, QLatin1Char('0'));
        else if (c < 0x80 || QChar::isPrint(char32_t(c)))
            out += QString::fromUcs4(reinterpret_cast<const char32_t *>(&c), 1);
        else if (c < 0x10000)
            out += QStringLiteral("\\u%1").arg(c, 4, 16, QLatin1Char('0'));
        else
            out += QStringLiteral("\\U%1").arg(c, 8, 16, QLatin1Char('0'));
    }
    return out + u'"';
}

QString goJsonNumber(const Value &number)
{
    if (number.isInt())
        return QString::number(number.toInt());
    const double f = number.toDouble();
    const double a = std::abs(f);
    if (a != 0 && (a < 1e-6 || a >= 1e21)) {
        QString text = QString::number(f, 'e', QLocale::FloatingPointShortest);
        // encoding/json writes 1e-07 as 1e-7.
        const qsizetype n = text.size();
        if (n >= 4 && text.at(n - 4) == u'e' && text.at(n - 3) == u'-' && text.at(n - 2) == u'0')
            text.remove(n - 2, 1);
        return text;
    }
    return QString::number(f, 'f', QLocale::FloatingPointShortest);
}

QString goScalar(const Value &value)
{
    switch (value.type()) {
    case Value::Type::Null:
        return QStringLiteral("null");
    case Value::Type::Bool:
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case Value::Type::Int:
    case Value::Type::Float:
        return goJsonNumber(value);
    case Value::Type::String:
        return goQuote(value.toString());
    case Value::Type::Map:
        return goStringMap(value);
    case Value::Type::List: {
        QStringList items;
        for (const Value &v : value.items())
            items << goScalar(v);
        return u'[' + items.join(u' ') + u']';
    }
    }
    return QString();
}

QString goStringMap(const Value &map)
{
    if (!map.isMap())
        return QStringLiteral("map[string]string(nil)");
    // fmt prints maps with their keys sorted.
    QList<QPair<QString, QString>> entries;
    for (const auto &entry : map.entries())
        entries << qMakePair(entry.first, entry.second.isString() ? entry.second.toString()
                                                                  : goScalar(entry.second));
    std::sort(entries.begin(), entries.end());
    QStringList parts;
    for (const auto &entry : std::as_const(entries))
        parts << goQuote(entry.first) + u':' + goQuote(entry.second);
    return QStringLiteral("map[string]string{") + parts.join(QStringLiteral(", ")) + u'}';
}

namespace {

QString goStringSlice(const Value &list)
{
    if (!list.isList())
        return QStringLiteral("[]string(nil)");
    QStringList parts;
    for (const Value &v : list.items())
        parts << goQuote(v.isString() ? v.toString() : goScalar(v));
    return QStringLiteral("[]string{") + parts.join(QStringLiteral(", ")) + u'}';
}

} // namespace

QString goLabelSelector(const Value &selector)
{
    if (!selector.isMap())
        return QStringLiteral("null");
    const Value &expressions = selector[QStringLiteral("matchExpressions")];
    QString exprText;
    if (!expressions.isList()) {
        exprText = QStringLiteral("[]v1.LabelSelectorRequirement(nil)");
    } else {
        QStringList parts;
        for (const Value &e : expressions.items())
            parts << QStringLiteral("v1.LabelSelectorRequirement{Key:%1, Operator:%2, Values:%3}")
                         .arg(goQuote(e[QStringLiteral("key")].toString()),
                              goQuote(e[QStringLiteral("operator")].toString()),
                              goStringSlice(e[QStringLiteral("values")]));
        exprText = QStringLiteral("[]v1.LabelSelectorRequirement{") +
                   parts.join(QStringLiteral(", ")) + u'}';
    }
    return QStringLiteral("v1.LabelSelector{MatchLabels:%1, MatchExpressions:%2}")
        .arg(goStringMap(selector[QStringLiteral("matchLabels")]), exprText);
}

// ---- Accessors ----------------------------------------------------------------------------

Value *mapChild(Value &parent, const QString &key)
{
    if (!parent.isMap())
        return nullptr;
    Value *existing = parent.find(key);
    if (existing && existing->isMap())
        return existing;
    if (existing && !existing->isNull())
        return nullptr;
    parent.set(key, Value::map());
    return parent.find(key);
}

void setDefault(Value &map, const QString &key, const Value &value)
{
    const Value *existing = map.find(key);
    if (!existing || existing->isNull())
        map.set(key, value);
}

bool isEmptyValue(const Value &value)
{
    switch (value.type()) {
    case Value::Type::Null:
        return true;
    case Value::Type::Bool:
        return !value.toBool();
    case Value::Type::Int:
    case Value::Type::Float:
        return value.toDouble() == 0;
    case Value::Type::String:
        return value.toString().isEmpty();
    case Value::Type::List:
    case Value::Type::Map:
        return value.size() == 0;
    }
    return true;
}

bool semanticEqual(const Value &a, const Value &b)
{
    if (isEmptyValue(a) && isEmptyValue(b))
        return true;
    if (a.isNumber() && b.isNumber())
        return a.toDouble() == b.toDouble();
    if (a.type() != b.type())
        return false;
    switch (a.type()) {
    case Value::Type::Null:
        return true;
    case Value::Type::Bool:
        return a.toBool() == b.toBool();
    case Value::Type::String:
        return a.toString() == b.toString();
    case Value::Type::List:
        if (a.items().size() != b.items().size())
            return false;
        for (qsizetype i = 0; i < a.items().size(); ++i)
            if (!semanticEqual(a.items().at(i), b.items().at(i)))
                return false;
        return true;
    case Value::Type::Map:
        for (const auto &entry : a.entries())
            if (!semanticEqual(entry.second, b[entry.first]))
                return false;
        for (const auto &entry : b.entries())
            if (!a.contains(entry.first) && !isEmptyValue(entry.second))
                return false;
        return true;
    default:
        return false;
    }
}

} // namespace detail

// ---- Defaults -----------------------------------------------------------------------------

namespace {

Value str(const char *s)
{
    return Value::string(QString::fromLatin1(s));
}

QString key(const char *s)
{
    return QString::fromLatin1(s);
}

// SetDefaults_Container's rule, through the image reference parser: "latest" or no tag
// (and no digest) pulls Always; a tag, a digest or an unparsable name IfNotPresent.
QString defaultPullPolicy(const QString &image)
{
    const QString always = QStringLiteral("Always");
    const QString ifNotPresent = QStringLiteral("IfNotPresent");
    QString ref = image.trimmed();
    if (ref.isEmpty() || ref != image)
        return ifNotPresent;
    bool digest = false;
    if (const qsizetype at = ref.indexOf(u'@'); at >= 0) {
        digest = true;
        ref = ref.left(at);
    }
    QString tag;
    const qsizetype slash = ref.lastIndexOf(u'/');
    const qsizetype colon = ref.lastIndexOf(u':');
    if (colon > slash) {
        tag = ref.mid(colon + 1);
        ref = ref.left(colon);
    }
    // The first component is a registry when it looks like a host name; the repository
    // path must be lowercase, or the reference does not parse.
    QString path = ref;
    if (const qsizetype first = ref.indexOf(u'/'); first >= 0) {
        const QString head = ref.left(first);
        if (head.contains(u'.') || head.contains(u':') || head == QLatin1String("localhost") ||
            head != head.toLower())
            path = ref.mid(first + 1);
    }
    static const QRegularExpression pathRe(QRegularExpression::anchoredPattern(
        QStringLiteral("[a-z0-9]+(?:(?:[._]|__|[-]*)[a-z0-9]+)*(?:/[a-z0-9]+(?:(?:[._]|__|[-]*)"
                       "[a-z0-9]+)*)*")));
    static const QRegularExpression tagRe(
        QRegularExpression::anchoredPattern(QStringLiteral("[\\w][\\w.-]{0,127}")));
    if (!pathRe.match(path).hasMatch() || (colon > slash && !tagRe.match(tag).hasMatch()))
        return ifNotPresent;
    if (!tag.isEmpty())
        return tag == QLatin1String("latest") ? always : ifNotPresent;
    return digest ? ifNotPresent : always;
}

void defaultHttpGet(Value &handler)
{
    if (Value *get = handler.find(key("httpGet")); get && get->isMap()) {
        setDefault(*get, key("path"), str("/"));
        setDefault(*get, key("scheme"), str("HTTP"));
    }
}

void defaultProbe(Value &container, const char *name)
{
    Value *probe = container.find(key(name));
    if (!probe || !probe->isMap())
        return;
    setDefault(*probe, key("timeoutSeconds"), Value::integer(1));
    setDefault(*probe, key("periodSeconds"), Value::integer(10));
    setDefault(*probe, key("successThreshold"), Value::integer(1));
    setDefault(*probe, key("failureThreshold"), Value::integer(3));
    defaultHttpGet(*probe);
}

void defaultContainer(Value &c, bool hostNetwork)
{
    if (!c.isMap())
        return;
    const Value &image = c[key("image")];
    if (isEmptyValue(c[key("imagePullPolicy")]))
        c.set(key("imagePullPolicy"),
              Value::string(defaultPullPolicy(image.isString() ? image.toString() : QString())));
    setDefault(c, key("terminationMessagePath"), str("/dev/termination-log"));
    if (isEmptyValue(c[key("terminationMessagePolicy")]))
        c.set(key("terminationMessagePolicy"), str("File"));
    // ResourceRequirements is not a pointer: it always reads back, empty or not.
    mapChild(c, key("resources"));
    if (Value *ports = c.find(key("ports")); ports && ports->isList()) {
        for (Value &port : ports->items()) {
            if (!port.isMap())
                continue;
            if (isEmptyValue(port[key("protocol")]))
                port.set(key("protocol"), str("TCP"));
            if (hostNetwork && isEmptyValue(port[key("hostPort")]) &&
                port[key("containerPort")].isNumber())
                port.set(key("hostPort"), port[key("containerPort")]);
        }
    }
    if (Value *env = c.find(key("env")); env && env->isList()) {
        for (Value &var : env->items()) {
            Value *from = var.isMap() ? var.find(key("valueFrom")) : nullptr;
            Value *fieldRef = from && from->isMap() ? from->find(key("fieldRef")) : nullptr;
            if (fieldRef && fieldRef->isMap())
                setDefault(*fieldRef, key("apiVersion"), str("v1"));
        }
    }
    defaultProbe(c, "livenessProbe");
    defaultProbe(c, "readinessProbe");
    defaultProbe(c, "startupProbe");
    if (Value *lifecycle = c.find(key("lifecycle")); lifecycle && lifecycle->isMap()) {
        for (const char *hook : {"postStart", "preStop"})
            if (Value *h = lifecycle->find(key(hook)); h && h->isMap())
                defaultHttpGet(*h);
    }
}

// SetDefaults_PodSpec and the defaulters of what it holds; shared by pods and templates.
void defaultPodSpec(Value &spec)
{
    if (isEmptyValue(spec[key("dnsPolicy")]))
        spec.set(key("dnsPolicy"), str("ClusterFirst"));
    if (isEmptyValue(spec[key("restartPolicy")]))
        spec.set(key("restartPolicy"), str("Always"));
    mapChild(spec, key("securityContext"));
    setDefault(spec, key("terminationGracePeriodSeconds"), Value::integer(30));
    if (isEmptyValue(spec[key("schedulerName")]))
        spec.set(key("schedulerName"), str("default-scheduler"));
    const bool hostNetwork = spec[key("hostNetwork")].isBool() && spec[key("hostNetwork")].toBool();
    for (const char *list : {"containers", "initContainers"})
        if (Value *containers = spec.find(key(list)); containers && containers->isList())
            for (Value &c : containers->items())
                defaultContainer(c, hostNetwork);
    if (Value *volumes = spec.find(key("volumes")); volumes && volumes->isList()) {
        for (Value &volume : volumes->items()) {
            if (!volume.isMap())
                continue;
            for (const char *source : {"configMap", "secret", "downwardAPI", "projected"})
                if (Value *s = volume.find(key(source)); s && s->isMap())
                    setDefault(*s, key("defaultMode"), Value::integer(420));
            if (Value *hostPath = volume.find(key("hostPath")); hostPath && hostPath->isMap())
                setDefault(*hostPath, key("type"), str(""));
        }
    }
}

void defaultPodTemplate(Value &owner)
{
    Value *tmpl = mapChild(owner, key("template"));
    if (!tmpl)
        return;
    if (Value *spec = mapChild(*tmpl, key("spec")))
        defaultPodSpec(*spec);
}

void defaultPod(Value &pod)
{
    Value *spec = mapChild(pod, key("spec"));
    if (!spec)
        return;
    defaultPodSpec(*spec);
    // SetDefaults_Pod (not templates): requests default to limits, service links are on.
    for (const char *list : {"containers", "initContainers"}) {
        Value *containers = spec->find(key(list));
        if (!containers || !containers->isList())
            continue;
        for (Value &c : containers->items()) {
            Value *resources = c.isMap() ? c.find(key("resources")) : nullptr;
            if (!resources || !resources->isMap())
                continue;
            // A copy: adding "requests" below may move the map's entries.
            const Value limits = (*resources)[key("limits")];
            if (!limits.isMap() || limits.size() == 0)
                continue;
            Value *requests = mapChild(*resources, key("requests"));
            if (!requests)
                continue;
            for (const auto &entry : limits.entries())
                if (!requests->contains(entry.first))
                    requests->set(entry.first, entry.second);
        }
    }
    setDefault(*spec, key("enableServiceLinks"), Value::boolean(true));
}

bool present(const Value &map, const char *name)
{
    return !map[key(name)].isNull();
}

void defaultJob(Value &job)
{
    Value *spec = mapChild(job, key("spec"));
    if (!spec)
        return;
    if (!present(*spec, "completions") && !present(*spec, "parallelism")) {
        spec->set(key("completions"), Value::integer(1));
        spec->set(key("parallelism"), Value::integer(1));
    }
    setDefault(*spec, key("parallelism"), Value::integer(1));
    if (!present(*spec, "backoffLimit"))
        spec->set(key("backoffLimit"),
                  Value::integer(present(*spec, "backoffLimitPerIndex") ? 2147483647 : 6));
    // SetDefaults_Job gives an unlabelled Job its template's labels. For a Job not yet
    // stored (no uid), prepareJobForCreate does it, after adding the generated labels, as
    // the API server's shared map and read-back make them appear on the Job too.
    const Value &tmplLabels = (*spec)[key("template")][key("metadata")][key("labels")];
    Value *meta = job.find(key("metadata"));
    if (meta && meta->isMap() && !isEmptyValue((*meta)[key("uid")]) && tmplLabels.isMap() &&
        isEmptyValue((*meta)[key("labels")]))
        meta->set(key("labels"), tmplLabels);
    setDefault(*spec, key("completionMode"), str("NonIndexed"));
    setDefault(*spec, key("suspend"), Value::boolean(false));
    const bool failurePolicy = present(*spec, "podFailurePolicy");
    if (failurePolicy) {
        Value *policy = spec->find(key("podFailurePolicy"));
        Value *rules = policy->isMap() ? policy->find(key("rules")) : nullptr;
        if (rules && rules->isList())
            for (Value &rule : rules->items()) {
                Value *conditions = rule.isMap() ? rule.find(key("onPodConditions")) : nullptr;
                if (conditions && conditions->isList())
                    for (Value &c : conditions->items())
                        if (c.isMap() && isEmptyValue(c[key("status")]))
                            c.set(key("status"), str("True"));
            }
    }
    setDefault(*spec, key("podReplacementPolicy"),
               failurePolicy ? str("Failed") : str("TerminatingOrFailed"));
    setDefault(*spec, key("manualSelector"), Value::boolean(false));
    defaultPodTemplate(*spec);
}

void defaultDeployment(Value &deployment)
{
    Value *spec = mapChild(deployment, key("spec"));
    if (!spec)
        return;
    setDefault(*spec, key("replicas"), Value::integer(1));
    if (Value *strategy = mapChild(*spec, key("strategy"))) {
        if (isEmptyValue((*strategy)[key("type")]))
            strategy->set(key("type"), str("RollingUpdate"));
        if ((*strategy)[key("type")].toString() == QLatin1String("RollingUpdate")) {
            if (Value *rolling = mapChild(*strategy, key("rollingUpdate"))) {
                setDefault(*rolling, key("maxUnavailable"), str("25%"));
                setDefault(*rolling, key("maxSurge"), str("25%"));
            }
        }
    }
    setDefault(*spec, key("revisionHistoryLimit"), Value::integer(10));
    setDefault(*spec, key("progressDeadlineSeconds"), Value::integer(600));
    defaultPodTemplate(*spec);
}

void defaultReplicaSet(Value &rs)
{
    Value *spec = mapChild(rs, key("spec"));
    if (!spec)
        return;
    setDefault(*spec, key("replicas"), Value::integer(1));
    defaultPodTemplate(*spec);
}

void defaultNamespace(Value &ns)
{
    Value *meta = mapChild(ns, key("metadata"));
    if (meta && !isEmptyValue((*meta)[key("name")]))
        if (Value *labels = mapChild(*meta, key("labels")))
            labels->set(key("kubernetes.io/metadata.name"), (*meta)[key("name")]);
    if (Value *spec = mapChild(ns, key("spec"))) {
        if (isEmptyValue((*spec)[key("finalizers")])) {
            Value finalizers = Value::list();
            finalizers.append(str("kubernetes"));
            spec->set(key("finalizers"), finalizers);
        }
    }
    if (Value *status = mapChild(ns, key("status")))
        if (isEmptyValue((*status)[key("phase")]))
            status->set(key("phase"), str("Active"));
}

void defaultFairSharing(Value &spec)
{
    Value *fair = spec.find(key("fairSharing"));
    if (fair && fair->isMap())
        setDefault(*fair, key("weight"), Value::integer(1));
}

// The CRD's kubebuilder defaults plus Kueue's defaulting webhook (preemption and
// flavorFungibility); namespaceSelector stays nil, which admits no namespace.
void defaultClusterQueue(Value &cq)
{
    Value *spec = mapChild(cq, key("spec"));
    if (!spec)
        return;
    setDefault(*spec, key("queueingStrategy"), str("BestEffortFIFO"));
    if (Value *fungibility = mapChild(*spec, key("flavorFungibility"))) {
        setDefault(*fungibility, key("whenCanBorrow"), str("Borrow"));
        setDefault(*fungibility, key("whenCanPreempt"), str("TryNextFlavor"));
    }
    if (Value *preemption = mapChild(*spec, key("preemption"))) {
        setDefault(*preemption, key("reclaimWithinCohort"), str("Never"));
        if (Value *borrow = mapChild(*preemption, key("borrowWithinCohort")))
            setDefault(*borrow, key("policy"), str("Never"));
        setDefault(*preemption, key("withinClusterQueue"), str("Never"));
    }
    setDefault(*spec, key("stopPolicy"), str("None"));
    defaultFairSharing(*spec);
}

void defaultLocalQueue(Value &lq)
{
    Value *spec = lq.find(key("spec"));
    if (!spec || !spec->isMap())
        return;
    setDefault(*spec, key("stopPolicy"), str("None"));
    defaultFairSharing(*spec);
}

} // namespace

void applyDefaults(const KindInfo &kind, Value &object)
{
    if (!object.isMap())
        return;
    if (Value *meta = mapChild(object, key("metadata"))) {
        if (kind.namespaced) {
            if (isEmptyValue((*meta)[key("namespace")]))
                meta->set(key("namespace"), str("default"));
        } else {
            // A cluster-scoped object has no namespace: the API server clears one given
            // in the manifest.
            meta->remove(key("namespace"));
        }
    }
    const QString &k = kind.kind;
    if (k == QLatin1String("Job"))
        defaultJob(object);
    else if (k == QLatin1String("Deployment"))
        defaultDeployment(object);
    else if (k == QLatin1String("ReplicaSet"))
        defaultReplicaSet(object);
    else if (k == QLatin1String("Pod"))
        defaultPod(object);
    else if (k == QLatin1String("Namespace"))
        defaultNamespace(object);
    else if (k == QLatin1String("ClusterQueue"))
        defaultClusterQueue(object);
    else if (k == QLatin1String("LocalQueue"))
        defaultLocalQueue(object);
}

void prepareJobForCreate(Value &job, const QString &uid)
{
    // Both are created first and looked up after: an insertion may move the other.
    if (!mapChild(job, key("metadata")) || !mapChild(job, key("spec")))
        return;
    Value *meta = job.find(key("metadata"));
    Value *spec = job.find(key("spec"));
    const Value name = (*meta)[key("name")];
    const bool labelsEmpty = isEmptyValue((*meta)[key("labels")]);
    const bool manual =
        (*spec)[key("manualSelector")].isBool() && (*spec)[key("manualSelector")].toBool();
    if (!manual) {
        Value *tmpl = mapChild(*spec, key("template"));
        Value *tmplMeta = tmpl ? mapChild(*tmpl, key("metadata")) : nullptr;
        Value *labels = tmplMeta ? mapChild(*tmplMeta, key("labels")) : nullptr;
        if (labels) {
            // Labels the user already set are kept; a conflict fails the validation.
            for (const char *label : {"job-name", "batch.kubernetes.io/job-name"})
                setDefault(*labels, key(label), name);
            for (const char *label : {"controller-uid", "batch.kubernetes.io/controller-uid"})
                setDefault(*labels, key(label), Value::string(uid));
        }
        Value *selector = mapChild(*spec, key("selector"));
        Value *matchLabels = selector ? mapChild(*selector, key("matchLabels")) : nullptr;
        if (matchLabels)
            setDefault(*matchLabels, key("batch.kubernetes.io/controller-uid"), Value::string(uid));
    }
    const Value &tmplLabels = (*spec)[key("template")][key("metadata")][key("labels")];
    if (labelsEmpty && tmplLabels.isMap())
        meta->set(key("labels"), tmplLabels);
    // PrepareForCreate starts the Job with an empty status.
    job.remove(key("status"));
}

} // namespace schedlab::kube
