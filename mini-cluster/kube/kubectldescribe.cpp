// kubectl describe: Job, Pod and Deployment, in describe.go's field order, with the events.
#include "kubectlcontext.h"

#include "printers.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QTimeZone>

namespace schedlab::kube {

namespace {

QString rfc1123z(const QString &rfc3339Text)
{
    const qint64 t = parseRfc3339(rfc3339Text);
    if (t < 0)
        return QString();
    return QLocale::c().toString(QDateTime::fromSecsSinceEpoch(t, QTimeZone::utc()),
                                 QStringLiteral("ddd, dd MMM yyyy HH:mm:ss")) +
           QStringLiteral(" +0000");
}

// What describe writes before its tabwriter aligns it: "Label:\tvalue" lines, indented by
// level (two spaces each), as describe.go's PrefixWriter does.
class DescribeText
{
public:
    void line(int level, const QString &text) { text_ += QString(level * 2, u' ') + text + u'\n'; }
    // "Labels:\ta=b" then "\tc=d" for the others, or "<none>".
    void map(int level, const QString &title, const Value &map)
    {
        QList<QPair<QString, Value>> entries =
            map.isMap() ? map.entries() : QList<QPair<QString, Value>>();
        std::sort(entries.begin(), entries.end(),
                  [](const auto &a, const auto &b) { return a.first < b.first; });
        if (entries.isEmpty()) {
            line(level, title + QStringLiteral(":\t<none>"));
            return;
        }
        for (qsizetype i = 0; i < entries.size(); ++i) {
            const QString pair = entries[i].first + u'=' + entries[i].second.toString();
            line(level, (i == 0 ? title + u':' : QString()) + u'\t' + pair);
        }
    }
    QString aligned() const
    {
        TabWriter writer(0, 2);
        writer.addText(text_);
        return writer.text();
    }

private:
    QString text_;
};

QString describeTime(const QString &rfc3339Text)
{
    return rfc1123z(rfc3339Text);
}

void eventsText(DescribeText &d, KubeCluster &cluster, const Value &object)
{
    const QString uid = uidOf(object);
    QList<KubeEvent> events;
    for (const KubeEvent &e : cluster.api().events())
        if (e.objectUid == uid)
            events << e;
    if (events.isEmpty()) {
        d.line(0, QStringLiteral("Events:\t<none>"));
        return;
    }
    std::stable_sort(events.begin(), events.end(), [](const KubeEvent &a, const KubeEvent &b) {
        return a.firstTime < b.firstTime;
    });
    d.line(0, QStringLiteral("Events:"));
    d.line(1, QStringLiteral("Type\tReason\tAge\tFrom\tMessage"));
    d.line(1, QStringLiteral("----\t------\t----\t----\t-------"));
    const qint64 now = cluster.now();
    for (const KubeEvent &e : std::as_const(events)) {
        QString age = humanDuration(now - e.lastTime);
        if (e.count > 1)
            age = QStringLiteral("%1 (x%2 over %3)")
                      .arg(age)
                      .arg(e.count)
                      .arg(humanDuration(now - e.firstTime));
        d.line(1, QStringList{e.type, e.reason, age, e.source, e.message}.join(u'\t'));
    }
}

void terminatedState(DescribeText &d, const char *title, const Value &t)
{
    d.line(2, QLatin1String(title) + QStringLiteral(":\tTerminated"));
    d.line(3, QStringLiteral("Reason:\t") + t[QStringLiteral("reason")].toString());
    d.line(3, QStringLiteral("Exit Code:\t%1").arg(t[QStringLiteral("exitCode")].toInt()));
    d.line(3,
           QStringLiteral("Started:\t") + describeTime(t[QStringLiteral("startedAt")].toString()));
    d.line(3, QStringLiteral("Finished:\t") +
                  describeTime(t[QStringLiteral("finishedAt")].toString()));
}

// A stable digest for ids the runtime would print (container ids, image digests).
QString digestOf(const QString &text)
{
    return QString::fromLatin1(
        QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha256).toHex());
}

// Limits, then Requests, each resource on its own line in name order, as kubectl does.
void resourcesText(DescribeText &d, int indent, const Value &resources)
{
    for (const auto &[field, title] : {std::pair{"limits", "Limits:"}, {"requests", "Requests:"}}) {
        const Value &amounts = resources[QLatin1String(field)];
        if (!amounts.isMap() || amounts.entries().isEmpty())
            continue;
        d.line(indent, QLatin1String(title));
        QList<QPair<QString, Value>> sorted = amounts.entries();
        std::sort(sorted.begin(), sorted.end(),
                  [](const auto &a, const auto &b) { return a.first < b.first; });
        for (const auto &[name, amount] : sorted)
            d.line(indent + 1, name + QStringLiteral(":\t") + amount.toString());
    }
}

void environmentText(DescribeText &d, int indent, const Value &env)
{
    const QList<Value> vars = env.items();
    if (vars.isEmpty()) {
        d.line(indent, QStringLiteral("Environment:\t<none>"));
        return;
    }
    d.line(indent, QStringLiteral("Environment:"));
    for (const Value &var : vars)
        d.line(indent + 1, var[QStringLiteral("name")].toString() + QStringLiteral(":\t") +
                               var[QStringLiteral("value")].toString());
}

// describeContainers: in a pod template (`inTemplate`) the label is indented by two spaces
// and the names by one more, the fields stay where a pod's are.
void containersText(DescribeText &d, const Value &podSpec, const Value *pod, bool inTemplate)
{
    const QString space = inTemplate ? QStringLiteral("  ") : QString();
    d.line(0, space + QStringLiteral("Containers:"));
    const QList<Value> statuses =
        pod ? at(*pod, {"status", "containerStatuses"}).items() : QList<Value>();
    for (const Value &c : podSpec[QStringLiteral("containers")].items()) {
        d.line(1, (inTemplate ? QStringLiteral(" ") : QString()) +
                      c[QStringLiteral("name")].toString() + u':');
        const int in = 2;
        const Value *status = nullptr;
        for (const Value &st : statuses)
            if (st[QStringLiteral("name")] == c[QStringLiteral("name")])
                status = &st;
        const QString image = c[QStringLiteral("image")].toString();
        if (status)
            d.line(in, QStringLiteral("Container ID:\tcontainerd://") +
                           digestOf(
                               uidOf(*pod) + u'/' + c[QStringLiteral("name")].toString() + u'/' +
                               QString::number((*status)[QStringLiteral("restartCount")].toInt())));
        d.line(in, QStringLiteral("Image:\t") + image);
        if (status)
            d.line(in, QStringLiteral("Image ID:\t") + image.section(u':', 0, 0) +
                           QStringLiteral("@sha256:") + digestOf(image));
        d.line(in, QStringLiteral("Port:\t<none>"));
        d.line(in, QStringLiteral("Host Port:\t<none>"));
        for (const char *field : {"command", "args"}) {
            const QList<Value> parts = c[QLatin1String(field)].items();
            if (parts.isEmpty())
                continue;
            d.line(in, QLatin1String(field) == QLatin1String("command") ? QStringLiteral("Command:")
                                                                        : QStringLiteral("Args:"));
            for (const Value &part : parts)
                for (const QString &l : part.toString().split(u'\n'))
                    d.line(in + 1, l);
        }
        for (const Value &s : statuses) {
            if (s[QStringLiteral("name")] != c[QStringLiteral("name")])
                continue;
            const Value &state = s[QStringLiteral("state")];
            if (state[QStringLiteral("running")].isMap()) {
                d.line(in, QStringLiteral("State:\tRunning"));
                d.line(in + 1, QStringLiteral("Started:\t") +
                                   describeTime(
                                       state[QStringLiteral("running")][QStringLiteral("startedAt")]
                                           .toString()));
            } else if (state[QStringLiteral("waiting")].isMap()) {
                d.line(in, QStringLiteral("State:\tWaiting"));
                d.line(in + 1,
                       QStringLiteral("Reason:\t") +
                           state[QStringLiteral("waiting")][QStringLiteral("reason")].toString());
            } else if (state[QStringLiteral("terminated")].isMap()) {
                terminatedState(d, "State", state[QStringLiteral("terminated")]);
            }
            const Value &last = s[QStringLiteral("lastState")][QStringLiteral("terminated")];
            if (last.isMap())
                terminatedState(d, "Last State", last);
            d.line(in, QStringLiteral("Ready:\t%1")
                           .arg(s[QStringLiteral("ready")].toBool() ? QStringLiteral("True")
                                                                    : QStringLiteral("False")));
            d.line(in, QStringLiteral("Restart Count:\t%1")
                           .arg(s[QStringLiteral("restartCount")].toInt()));
        }
        resourcesText(d, in, c[QStringLiteral("resources")]);
        environmentText(d, in, c[QStringLiteral("env")]);
        d.line(in, QStringLiteral("Mounts:\t<none>"));
    }
}

Value annotationsShown(const Value &object)
{
    Value annotations = at(object, {"metadata", "annotations"});
    if (annotations.isMap())
        annotations.remove(QStringLiteral("kubectl.kubernetes.io/last-applied-configuration"));
    return annotations;
}

void podTemplateText(DescribeText &d, const Value &tmpl)
{
    d.line(0, QStringLiteral("Pod Template:"));
    d.map(1, QStringLiteral("Labels"), at(tmpl, {"metadata", "labels"}));
    containersText(d, tmpl[QStringLiteral("spec")], nullptr, true);
    d.line(1, QStringLiteral("Volumes:\t<none>"));
    d.line(1, QStringLiteral("Node-Selectors:\t<none>"));
    d.line(1, QStringLiteral("Tolerations:\t<none>"));
}

QString describeJob(KubeCluster &cluster, const Value &job)
{
    const Value &spec = job[QStringLiteral("spec")];
    const Value &status = job[QStringLiteral("status")];
    DescribeText d;
    d.line(0, QStringLiteral("Name:\t") + nameOf(job));
    d.line(0, QStringLiteral("Namespace:\t") + namespaceOf(job));
    QStringList selector;
    for (const auto &[k, v] : at(spec, {"selector", "matchLabels"}).entries())
        selector << k + u'=' + v.toString();
    d.line(0, QStringLiteral("Selector:\t") + selector.join(u','));
    d.map(0, QStringLiteral("Labels"), at(job, {"metadata", "labels"}));
    d.map(0, QStringLiteral("Annotations"), annotationsShown(job));
    d.line(0, QStringLiteral("Parallelism:\t%1").arg(spec[QStringLiteral("parallelism")].toInt()));
    d.line(0, QStringLiteral("Completions:\t") +
                  (spec[QStringLiteral("completions")].isNull()
                       ? QStringLiteral("<unset>")
                       : QString::number(spec[QStringLiteral("completions")].toInt())));
    d.line(0, QStringLiteral("Completion Mode:\t") +
                  spec[QStringLiteral("completionMode")].toString());
    d.line(0, QStringLiteral("Suspend:\t") + (spec[QStringLiteral("suspend")].toBool()
                                                  ? QStringLiteral("true")
                                                  : QStringLiteral("false")));
    d.line(0,
           QStringLiteral("Backoff Limit:\t%1").arg(spec[QStringLiteral("backoffLimit")].toInt()));
    if (spec.contains(QStringLiteral("ttlSecondsAfterFinished")))
        d.line(0, QStringLiteral("TTL Seconds After Finished:\t%1")
                      .arg(spec[QStringLiteral("ttlSecondsAfterFinished")].toInt()));
    if (status.contains(QStringLiteral("startTime")))
        d.line(0, QStringLiteral("Start Time:\t") +
                      describeTime(status[QStringLiteral("startTime")].toString()));
    if (status.contains(QStringLiteral("completionTime"))) {
        d.line(0, QStringLiteral("Completed At:\t") +
                      describeTime(status[QStringLiteral("completionTime")].toString()));
        d.line(0,
               QStringLiteral("Duration:\t") +
                   humanDuration(parseRfc3339(status[QStringLiteral("completionTime")].toString()) -
                                 parseRfc3339(status[QStringLiteral("startTime")].toString())));
    }
    if (spec.contains(QStringLiteral("activeDeadlineSeconds")))
        d.line(0, QStringLiteral("Active Deadline Seconds:\t%1s")
                      .arg(spec[QStringLiteral("activeDeadlineSeconds")].toInt()));
    d.line(0, QStringLiteral("Pods Statuses:\t%1 Active (%2 Ready) / %3 Succeeded / %4 Failed")
                  .arg(status[QStringLiteral("active")].toInt())
                  .arg(status[QStringLiteral("ready")].toInt())
                  .arg(status[QStringLiteral("succeeded")].toInt())
                  .arg(status[QStringLiteral("failed")].toInt()));
    podTemplateText(d, spec[QStringLiteral("template")]);
    eventsText(d, cluster, job);
    return d.aligned();
}

QString describePod(KubeCluster &cluster, const Value &pod)
{
    DescribeText d;
    d.line(0, QStringLiteral("Name:\t") + nameOf(pod));
    d.line(0, QStringLiteral("Namespace:\t") + namespaceOf(pod));
    d.line(0, QStringLiteral("Priority:\t%1").arg(at(pod, {"spec", "priority"}).toInt()));
    if (const QString pc = at(pod, {"spec", "priorityClassName"}).toString(); !pc.isEmpty())
        d.line(0, QStringLiteral("Priority Class Name:\t") + pc);
    d.line(0, QStringLiteral("Service Account:\tdefault"));
    const QString node = at(pod, {"spec", "nodeName"}).toString();
    d.line(0, QStringLiteral("Node:\t") +
                  (node.isEmpty() ? QStringLiteral("<none>")
                                  : node + u'/' + at(pod, {"status", "hostIP"}).toString()));
    if (const QString start = at(pod, {"status", "startTime"}).toString(); !start.isEmpty())
        d.line(0, QStringLiteral("Start Time:\t") + describeTime(start));
    d.map(0, QStringLiteral("Labels"), at(pod, {"metadata", "labels"}));
    d.map(0, QStringLiteral("Annotations"), annotationsShown(pod));
    QString status = at(pod, {"status", "phase"}).toString();
    if (!at(pod, {"metadata", "deletionTimestamp"}).isNull()) {
        status = QStringLiteral("Terminating (lasts %1)")
                     .arg(humanDuration(
                         cluster.now() -
                         parseRfc3339(at(pod, {"metadata", "creationTimestamp"}).toString())));
        d.line(0, QStringLiteral("Status:\t") + status);
        d.line(0, QStringLiteral("Termination Grace Period:\t%1s")
                      .arg(at(pod, {"metadata", "deletionGracePeriodSeconds"}).toInt()));
    } else {
        d.line(0, QStringLiteral("Status:\t") + status);
    }
    const QString ip = at(pod, {"status", "podIP"}).toString();
    d.line(0, QStringLiteral("IP:\t") + ip);
    if (ip.isEmpty()) {
        d.line(0, QStringLiteral("IPs:\t<none>"));
    } else {
        d.line(0, QStringLiteral("IPs:"));
        d.line(1, QStringLiteral("IP:\t") + ip);
    }
    for (const Value &ref : at(pod, {"metadata", "ownerReferences"}).items())
        d.line(0, QStringLiteral("Controlled By:\t%1/%2")
                      .arg(ref[QStringLiteral("kind")].toString(),
                           ref[QStringLiteral("name")].toString()));
    containersText(d, pod[QStringLiteral("spec")], &pod, false);
    d.line(0, QStringLiteral("Conditions:"));
    d.line(1, QStringLiteral("Type\tStatus"));
    for (const Value &c : at(pod, {"status", "conditions"}).items())
        d.line(1, c[QStringLiteral("type")].toString() + QStringLiteral(" \t") +
                      c[QStringLiteral("status")].toString() + u' ');
    d.line(0, QStringLiteral("Volumes:\t<none>"));
    const QString qos = at(pod, {"status", "qosClass"}).toString();
    d.line(0,
           QStringLiteral("QoS Class:\t") + (qos.isEmpty() ? QStringLiteral("BestEffort") : qos));
    d.line(0, QStringLiteral("Node-Selectors:\t<none>"));
    d.line(0, QStringLiteral(
                  "Tolerations:\tnode.kubernetes.io/not-ready:NoExecute op=Exists for 300s"));
    d.line(0, QStringLiteral("\tnode.kubernetes.io/unreachable:NoExecute op=Exists for 300s"));
    eventsText(d, cluster, pod);
    return d.aligned();
}

QString describeDeployment(KubeCluster &cluster, const Value &dep)
{
    const Value &spec = dep[QStringLiteral("spec")];
    const Value &status = dep[QStringLiteral("status")];
    DescribeText d;
    d.line(0, QStringLiteral("Name:\t") + nameOf(dep));
    d.line(0, QStringLiteral("Namespace:\t") + namespaceOf(dep));
    d.line(0, QStringLiteral("CreationTimestamp:\t") +
                  describeTime(at(dep, {"metadata", "creationTimestamp"}).toString()));
    d.map(0, QStringLiteral("Labels"), at(dep, {"metadata", "labels"}));
    Value annotations = annotationsShown(dep);
    annotations.set(QStringLiteral("deployment.kubernetes.io/revision"),
                    Value::string(QStringLiteral("1")));
    d.map(0, QStringLiteral("Annotations"), annotations);
    QStringList selector;
    for (const auto &[k, v] : at(spec, {"selector", "matchLabels"}).entries())
        selector << k + u'=' + v.toString();
    d.line(0, QStringLiteral("Selector:\t") + selector.join(u','));
    d.line(0, QStringLiteral(
                  "Replicas:\t%1 desired | %2 updated | %3 total | %4 available | %5 unavailable")
                  .arg(spec[QStringLiteral("replicas")].toInt())
                  .arg(status[QStringLiteral("updatedReplicas")].toInt())
                  .arg(status[QStringLiteral("replicas")].toInt())
                  .arg(status[QStringLiteral("availableReplicas")].toInt())
                  .arg(status[QStringLiteral("unavailableReplicas")].toInt()));
    d.line(0, QStringLiteral("StrategyType:\tRollingUpdate"));
    d.line(0, QStringLiteral("MinReadySeconds:\t0"));
    d.line(0, QStringLiteral("RollingUpdateStrategy:\t25% max unavailable, 25% max surge"));
    podTemplateText(d, spec[QStringLiteral("template")]);
    d.line(0, QStringLiteral("Conditions:"));
    d.line(1, QStringLiteral("Type\tStatus\tReason"));
    d.line(1, QStringLiteral("----\t------\t------"));
    for (const Value &c : status[QStringLiteral("conditions")].items())
        d.line(1, QStringList{c[QStringLiteral("type")].toString(),
                              c[QStringLiteral("status")].toString(),
                              c[QStringLiteral("reason")].toString()}
                      .join(u'\t'));
    eventsText(d, cluster, dep);
    return d.aligned();
}

// smartLabelFor: "creationTimestamp" -> "Creation Timestamp", "apiVersion" -> "API Version".
QString smartLabel(const QString &field)
{
    static const QStringList acronyms{QStringLiteral("API"), QStringLiteral("IP"),
                                      QStringLiteral("ID"),  QStringLiteral("URL"),
                                      QStringLiteral("UID"), QStringLiteral("CPU")};
    QStringList words;
    QString word;
    for (QChar c : field) {
        if (c.isUpper() && !word.isEmpty() && !word.back().isUpper()) {
            words << word;
            word.clear();
        }
        word += c;
    }
    if (!word.isEmpty())
        words << word;
    for (QString &w : words) {
        if (acronyms.contains(w.toUpper()))
            w = w.toUpper();
        else if (!w.isEmpty())
            w[0] = w[0].toUpper();
    }
    return words.join(u' ');
}

QString scalarText(const Value &v)
{
    if (v.isBool())
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (v.isInt())
        return QString::number(v.toInt());
    if (v.isFloat())
        return QString::number(v.toDouble());
    if (v.isNull())
        return QStringLiteral("<nil>");
    return v.toString();
}

// The generic describer of custom resources: every field, keys as words, sorted.
void unstructured(DescribeText &d, int level, const Value &v)
{
    QList<QPair<QString, Value>> entries = v.entries();
    std::sort(entries.begin(), entries.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    for (const auto &[key, value] : std::as_const(entries)) {
        const QString label = smartLabel(key) + u':';
        if (value.isMap()) {
            d.line(level, label);
            unstructured(d, level + 1, value);
        } else if (value.isList()) {
            d.line(level, label);
            for (const Value &item : value.items()) {
                if (item.isMap())
                    unstructured(d, level + 1, item);
                else
                    d.line(level + 1, scalarText(item));
            }
        } else {
            d.line(level, label + u'\t' + scalarText(value));
        }
    }
}

QString describeOther(KubeCluster &cluster, const Value &object)
{
    DescribeText d;
    d.line(0, QStringLiteral("Name:\t") + nameOf(object));
    if (!namespaceOf(object).isEmpty())
        d.line(0, QStringLiteral("Namespace:\t") + namespaceOf(object));
    d.map(0, QStringLiteral("Labels"), at(object, {"metadata", "labels"}));
    d.map(0, QStringLiteral("Annotations"), annotationsShown(object));
    d.line(0, QStringLiteral("API Version:\t") + object[QStringLiteral("apiVersion")].toString());
    d.line(0, QStringLiteral("Kind:\t") + object[QStringLiteral("kind")].toString());
    Value meta = object[QStringLiteral("metadata")];
    for (const char *shown : {"name", "namespace", "labels", "annotations", "managedFields"})
        meta.remove(QLatin1String(shown));
    d.line(0, QStringLiteral("Metadata:"));
    unstructured(d, 1, meta);
    for (const char *part : {"spec", "status"}) {
        const Value &v = object[QLatin1String(part)];
        if (!v.isMap())
            continue;
        d.line(0, smartLabel(QLatin1String(part)) + u':');
        unstructured(d, 1, v);
    }
    eventsText(d, cluster, object);
    return d.aligned();
}

} // namespace

int kubectlDescribe(KubectlContext &ctx)
{
    QString error;
    const QList<ResourceRef> refs = parseResourceArgs(ctx.args.positional, &error);
    if (!error.isEmpty())
        return ctx.fail(error);
    if (refs.isEmpty())
        return ctx.fail(QStringLiteral("error: You must specify the type of resource to describe. "
                                       "Use \"kubectl api-resources\" for a complete list of "
                                       "supported resources."));
    QStringList texts;
    QStringList errors;
    for (const ResourceRef &ref : refs) {
        QList<Value *> objects;
        if (ref.name.isEmpty()) {
            objects = ctx.cluster.api().list(*ref.kind, ctx.ns());
        } else if (Value *o = ctx.cluster.api().find(*ref.kind, ctx.ns(), ref.name)) {
            objects << o;
        } else {
            // describe also accepts a name prefix
            for (Value *candidate : ctx.cluster.api().list(*ref.kind, ctx.ns()))
                if (nameOf(*candidate).startsWith(ref.name))
                    objects << candidate;
            if (objects.isEmpty())
                errors << QStringLiteral("Error from server (NotFound): %1 \"%2\" not found")
                              .arg(ref.kind->qualifiedResource(), ref.name);
        }
        for (Value *o : std::as_const(objects)) {
            const QString &k = ref.kind->kind;
            if (k == QLatin1String("Job"))
                texts << describeJob(ctx.cluster, *o);
            else if (k == QLatin1String("Pod"))
                texts << describePod(ctx.cluster, *o);
            else if (k == QLatin1String("Deployment"))
                texts << describeDeployment(ctx.cluster, *o);
            else
                texts << describeOther(ctx.cluster, *o);
        }
    }
    ctx.out(texts.join(u'\n'));
    for (const QString &e : std::as_const(errors))
        ctx.err(e + u'\n');
    return ctx.finish(errors.isEmpty() ? 0 : 1);
}

} // namespace schedlab::kube
