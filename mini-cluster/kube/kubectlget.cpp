// kubectl get: the server-side tables of each kind (columns, STATUS of pods and Jobs,
// RESTARTS, AGE and DURATION) and the -o wide, name, yaml and json outputs.
#include "kubectlcontext.h"

#include "fieldselector.h"
#include "goformat.h"
#include "kubectloutput.h"
#include "podtable.h"
#include "printers.h"

#include <deque>

namespace schedlab::kube {

namespace {

bool conditionTrue(const Value &object, const char *type)
{
    for (const Value &c : at(object, {"status", "conditions"}).items())
        if (c[QStringLiteral("type")].toString() == QLatin1String(type))
            return c[QStringLiteral("status")].toString() == QLatin1String("True");
    return false;
}

QString jobStatus(const Value &job)
{
    if (conditionTrue(job, "Complete"))
        return QStringLiteral("Complete");
    if (conditionTrue(job, "Failed"))
        return QStringLiteral("Failed");
    if (!at(job, {"metadata", "deletionTimestamp"}).isNull())
        return QStringLiteral("Terminating");
    if (conditionTrue(job, "Suspended"))
        return QStringLiteral("Suspended");
    if (conditionTrue(job, "FailureTarget"))
        return QStringLiteral("FailureTarget");
    return QStringLiteral("Running");
}

QString jobCompletions(const Value &job)
{
    const qint64 succeeded = at(job, {"status", "succeeded"}).toInt();
    const Value &completions = at(job, {"spec", "completions"});
    if (!completions.isNull())
        return QStringLiteral("%1/%2").arg(succeeded).arg(completions.toInt());
    const qint64 parallelism = at(job, {"spec", "parallelism"}).toInt();
    if (parallelism > 1)
        return QStringLiteral("%1/1 of %2").arg(succeeded).arg(parallelism);
    return QStringLiteral("%1/1").arg(succeeded);
}

QString jobDuration(const Value &job, qint64 now)
{
    const qint64 start = parseRfc3339(at(job, {"status", "startTime"}).toString());
    if (start < 0)
        return QString();
    const qint64 end = parseRfc3339(at(job, {"status", "completionTime"}).toString());
    return humanDuration((end >= 0 ? end : now) - start);
}

QString containersOf(const Value &podSpec, bool images)
{
    QStringList parts;
    for (const Value &c : podSpec[QStringLiteral("containers")].items())
        parts << c[images ? QStringLiteral("image") : QStringLiteral("name")].toString();
    return parts.join(u',');
}

QString selectorText(const Value &selector)
{
    QStringList parts;
    QList<QPair<QString, Value>> labels = selector[QStringLiteral("matchLabels")].entries();
    std::sort(labels.begin(), labels.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    for (const auto &[k, v] : labels)
        parts << k + u'=' + v.toString();
    return parts.isEmpty() ? QStringLiteral("<none>") : parts.join(u',');
}

QString labelsText(const Value &object)
{
    QList<QPair<QString, Value>> labels = at(object, {"metadata", "labels"}).entries();
    if (labels.isEmpty())
        return QStringLiteral("<none>");
    std::sort(labels.begin(), labels.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    QStringList parts;
    for (const auto &[k, v] : labels)
        parts << k + u'=' + v.toString();
    return parts.join(u',');
}

struct Table
{
    QStringList headers;
    QList<QStringList> rows;
};

Table tableFor(const KindInfo &kind, const QList<Value *> &objects, bool wide, qint64 now,
               KubeCluster &cluster)
{
    Table t;
    const QString &k = kind.kind;
    for (const Value *o : objects) {
        const Value &object = *o;
        QStringList row{nameOf(object)};
        if (k == QLatin1String("Pod")) {
            // Cells are computed when the kubelet writes a status (the API server's table
            // conversion); only the times are rendered now.
            const PodCells *cached = cluster.cachedPodCells(uidOf(object));
            const PodCells cells = cached ? *cached : podCells(object);
            row << cells.ready << cells.status << restartsText(cells, now) << ageOf(object, now);
            if (wide) {
                const QString ip = at(object, {"status", "podIP"}).toString();
                const QString node = at(object, {"spec", "nodeName"}).toString();
                row << (ip.isEmpty() ? QStringLiteral("<none>") : ip)
                    << (node.isEmpty() ? QStringLiteral("<none>") : node)
                    << QStringLiteral("<none>") << QStringLiteral("<none>");
            }
        } else if (k == QLatin1String("Job")) {
            row << jobStatus(object) << jobCompletions(object) << jobDuration(object, now)
                << ageOf(object, now);
            if (wide)
                row << containersOf(at(object, {"spec", "template", "spec"}), false)
                    << containersOf(at(object, {"spec", "template", "spec"}), true)
                    << selectorText(at(object, {"spec", "selector"}));
        } else if (k == QLatin1String("Deployment")) {
            row << QStringLiteral("%1/%2")
                       .arg(at(object, {"status", "readyReplicas"}).toInt())
                       .arg(at(object, {"spec", "replicas"}).toInt())
                << QString::number(at(object, {"status", "updatedReplicas"}).toInt())
                << QString::number(at(object, {"status", "availableReplicas"}).toInt())
                << ageOf(object, now);
            if (wide)
                row << containersOf(at(object, {"spec", "template", "spec"}), false)
                    << containersOf(at(object, {"spec", "template", "spec"}), true)
                    << selectorText(at(object, {"spec", "selector"}));
        } else if (k == QLatin1String("ReplicaSet")) {
            row << QString::number(at(object, {"spec", "replicas"}).toInt())
                << QString::number(at(object, {"status", "replicas"}).toInt())
                << QString::number(at(object, {"status", "readyReplicas"}).toInt())
                << ageOf(object, now);
            if (wide)
                row << containersOf(at(object, {"spec", "template", "spec"}), false)
                    << containersOf(at(object, {"spec", "template", "spec"}), true)
                    << selectorText(at(object, {"spec", "selector"}));
        } else if (k == QLatin1String("Node")) {
            row << QStringLiteral("Ready") << QStringLiteral("<none>") << ageOf(object, now)
                << at(object, {"status", "nodeInfo", "kubeletVersion"}).toString();
            if (wide)
                row << QStringLiteral("10.0.0.%1").arg(t.rows.size() + 1)
                    << QStringLiteral("<none>") << QStringLiteral("SchedLab mini-cluster")
                    << QStringLiteral("6.1.0") << QStringLiteral("schedlab://1.0");
        } else if (k == QLatin1String("Namespace")) {
            row << at(object, {"status", "phase"}).toString() << ageOf(object, now);
        } else if (k == QLatin1String("PriorityClass")) {
            row << QString::number(object[QStringLiteral("value")].toInt())
                << (object[QStringLiteral("globalDefault")].toBool() ? QStringLiteral("true")
                                                                     : QStringLiteral("false"))
                << ageOf(object, now) << object[QStringLiteral("preemptionPolicy")].toString();
        } else if (k == QLatin1String("ClusterQueue")) {
            row << at(object, {"spec", "cohort"}).toString()
                << QString::number(at(object, {"status", "pendingWorkloads"}).toInt());
            if (wide)
                row << at(object, {"spec", "queueingStrategy"}).toString()
                    << QString::number(at(object, {"status", "admittedWorkloads"}).toInt());
        } else if (k == QLatin1String("LocalQueue")) {
            row << at(object, {"spec", "clusterQueue"}).toString()
                << QString::number(at(object, {"status", "pendingWorkloads"}).toInt())
                << QString::number(at(object, {"status", "admittedWorkloads"}).toInt());
        } else if (k == QLatin1String("Workload")) {
            row << at(object, {"spec", "queueName"}).toString()
                << at(object, {"status", "admission", "clusterQueue"}).toString()
                << (conditionTrue(object, "Admitted") ? QStringLiteral("True") : QString())
                << (conditionTrue(object, "Finished") ? QStringLiteral("True") : QString())
                << ageOf(object, now);
        } else {
            row << ageOf(object, now);
        }
        t.rows << row;
    }
    if (k == QLatin1String("Pod")) {
        t.headers = {QStringLiteral("NAME"), QStringLiteral("READY"), QStringLiteral("STATUS"),
                     QStringLiteral("RESTARTS"), QStringLiteral("AGE")};
        if (wide)
            t.headers << QStringLiteral("IP") << QStringLiteral("NODE")
                      << QStringLiteral("NOMINATED NODE") << QStringLiteral("READINESS GATES");
    } else if (k == QLatin1String("Job")) {
        t.headers = {QStringLiteral("NAME"), QStringLiteral("STATUS"),
                     QStringLiteral("COMPLETIONS"), QStringLiteral("DURATION"),
                     QStringLiteral("AGE")};
    } else if (k == QLatin1String("Deployment")) {
        t.headers = {QStringLiteral("NAME"), QStringLiteral("READY"), QStringLiteral("UP-TO-DATE"),
                     QStringLiteral("AVAILABLE"), QStringLiteral("AGE")};
    } else if (k == QLatin1String("ReplicaSet")) {
        t.headers = {QStringLiteral("NAME"), QStringLiteral("DESIRED"), QStringLiteral("CURRENT"),
                     QStringLiteral("READY"), QStringLiteral("AGE")};
    } else if (k == QLatin1String("Node")) {
        t.headers = {QStringLiteral("NAME"), QStringLiteral("STATUS"), QStringLiteral("ROLES"),
                     QStringLiteral("AGE"), QStringLiteral("VERSION")};
        if (wide)
            t.headers << QStringLiteral("INTERNAL-IP") << QStringLiteral("EXTERNAL-IP")
                      << QStringLiteral("OS-IMAGE") << QStringLiteral("KERNEL-VERSION")
                      << QStringLiteral("CONTAINER-RUNTIME");
    } else if (k == QLatin1String("Namespace")) {
        t.headers = {QStringLiteral("NAME"), QStringLiteral("STATUS"), QStringLiteral("AGE")};
    } else if (k == QLatin1String("PriorityClass")) {
        t.headers = {QStringLiteral("NAME"), QStringLiteral("VALUE"),
                     QStringLiteral("GLOBAL-DEFAULT"), QStringLiteral("AGE"),
                     QStringLiteral("PREEMPTIONPOLICY")};
    } else if (k == QLatin1String("ClusterQueue")) {
        t.headers = {QStringLiteral("NAME"), QStringLiteral("COHORT"),
                     QStringLiteral("PENDING WORKLOADS")};
        if (wide)
            t.headers << QStringLiteral("STRATEGY") << QStringLiteral("ADMITTED WORKLOADS");
    } else if (k == QLatin1String("LocalQueue")) {
        t.headers = {QStringLiteral("NAME"), QStringLiteral("CLUSTERQUEUE"),
                     QStringLiteral("PENDING WORKLOADS"), QStringLiteral("ADMITTED WORKLOADS")};
    } else if (k == QLatin1String("Workload")) {
        t.headers = {QStringLiteral("NAME"),        QStringLiteral("QUEUE"),
                     QStringLiteral("RESERVED IN"), QStringLiteral("ADMITTED"),
                     QStringLiteral("FINISHED"),    QStringLiteral("AGE")};
    } else {
        t.headers = {QStringLiteral("NAME"), QStringLiteral("AGE")};
    }
    if (wide && (k == QLatin1String("Job") || k == QLatin1String("Deployment") ||
                 k == QLatin1String("ReplicaSet")))
        t.headers << QStringLiteral("CONTAINERS") << QStringLiteral("IMAGES")
                  << QStringLiteral("SELECTOR");
    return t;
}

// Events are not stored as objects: the recorder's entries are shown as the Event objects
// a real API server would hold, which field selectors and -o read.
Value eventObject(const KubeEvent &e)
{
    QString involvedVersion;
    for (const KindInfo &kind : allKinds())
        if (kind.kind == e.objectKind)
            involvedVersion = kind.apiVersion();
    Value event = Value::map();
    event.set(QStringLiteral("apiVersion"), Value::string(QStringLiteral("v1")));
    event.set(QStringLiteral("count"), Value::integer(e.count));
    event.set(QStringLiteral("eventTime"), Value::null());
    event.set(QStringLiteral("firstTimestamp"), Value::string(rfc3339(e.firstTime)));
    Value involved = Value::map();
    involved.set(QStringLiteral("apiVersion"), Value::string(involvedVersion));
    involved.set(QStringLiteral("kind"), Value::string(e.objectKind));
    involved.set(QStringLiteral("name"), Value::string(e.objectName));
    if (!e.namespaceName.isEmpty())
        involved.set(QStringLiteral("namespace"), Value::string(e.namespaceName));
    involved.set(QStringLiteral("uid"), Value::string(e.objectUid));
    event.set(QStringLiteral("involvedObject"), involved);
    event.set(QStringLiteral("kind"), Value::string(QStringLiteral("Event")));
    event.set(QStringLiteral("lastTimestamp"), Value::string(rfc3339(e.lastTime)));
    event.set(QStringLiteral("message"), Value::string(e.message));
    Value meta = Value::map();
    meta.set(QStringLiteral("creationTimestamp"), Value::string(rfc3339(e.firstTime)));
    // The recorder names an event after its object and the time in nanoseconds, in hex.
    meta.set(
        QStringLiteral("name"),
        Value::string(QStringLiteral("%1.%2")
                          .arg(e.objectName)
                          .arg(quint64(e.firstTime) * 1000000000ULL + quint64(e.sequence), 0, 16)));
    meta.set(
        QStringLiteral("namespace"),
        Value::string(e.namespaceName.isEmpty() ? QStringLiteral("default") : e.namespaceName));
    event.set(QStringLiteral("metadata"), meta);
    event.set(QStringLiteral("reason"), Value::string(e.reason));
    event.set(QStringLiteral("reportingComponent"), Value::string(e.source));
    event.set(QStringLiteral("reportingInstance"), Value::string(QString()));
    Value source = Value::map();
    source.set(QStringLiteral("component"), Value::string(e.source));
    event.set(QStringLiteral("source"), source);
    event.set(QStringLiteral("type"), Value::string(e.type));
    return event;
}

// The events in `ns` (all when empty) that `fields` selects, oldest last seen first.
QList<KubeEvent> selectedEvents(KubeCluster &cluster, const QString &ns,
                                const FieldSelector &fields)
{
    QList<KubeEvent> events = cluster.api().events();
    events.removeIf([&](const KubeEvent &e) {
        return (!ns.isEmpty() && !e.namespaceName.isEmpty() && e.namespaceName != ns) ||
               (!fields.isEmpty() && !fields.matches(eventObject(e)));
    });
    std::stable_sort(events.begin(), events.end(), [](const KubeEvent &a, const KubeEvent &b) {
        return a.lastTime < b.lastTime;
    });
    return events;
}

int getEvents(KubectlContext &ctx, bool allNamespaces, const FieldSelector &fields)
{
    const QList<KubeEvent> events =
        selectedEvents(ctx.cluster, allNamespaces ? QString() : ctx.ns(), fields);
    if (events.isEmpty()) {
        ctx.err(allNamespaces
                    ? QStringLiteral("No resources found\n")
                    : QStringLiteral("No resources found in %1 namespace.\n").arg(ctx.ns()));
        return ctx.finish(0);
    }
    TabWriter writer;
    QStringList header{QStringLiteral("LAST SEEN"), QStringLiteral("TYPE"),
                       QStringLiteral("REASON"), QStringLiteral("OBJECT"),
                       QStringLiteral("MESSAGE")};
    if (allNamespaces)
        header.prepend(QStringLiteral("NAMESPACE"));
    if (!ctx.args.has(QStringLiteral("no-headers")))
        writer.addRow(header);
    const qint64 now = ctx.cluster.now();
    for (const KubeEvent &e : events) {
        QString seen = humanDuration(now - e.lastTime);
        if (e.count > 1)
            seen = QStringLiteral("%1 (x%2 over %3)")
                       .arg(seen)
                       .arg(e.count)
                       .arg(humanDuration(now - e.firstTime));
        QStringList row{seen, e.type, e.reason, e.objectKind.toLower() + u'/' + e.objectName,
                        e.message};
        if (allNamespaces)
            row.prepend(e.namespaceName);
        writer.addRow(row);
    }
    ctx.out(writer.text());
    return ctx.finish(0);
}

Value asList(const QList<Value *> &objects)
{
    Value list = Value::map();
    list.set(QStringLiteral("apiVersion"), Value::string(QStringLiteral("v1")));
    Value items = Value::list();
    for (const Value *o : objects)
        items.append(*o);
    list.set(QStringLiteral("items"), items);
    list.set(QStringLiteral("kind"), Value::string(QStringLiteral("List")));
    Value meta = Value::map();
    meta.set(QStringLiteral("resourceVersion"), Value::string(QString()));
    list.set(QStringLiteral("metadata"), meta);
    return list;
}

// get -w: after the table, a row each time an object's row changes (or a new one appears),
// aligned under the first table's header, until --request-timeout (or Ctrl-C).
void watchTable(KubectlContext &ctx, const KindInfo &kind, const QString &name,
                const QString &selector, const FieldSelector &fields, bool allNamespaces, bool wide,
                const QList<Value *> &shown)
{
    KubeCluster *cluster = &ctx.cluster;
    CommandSessionPtr session = ctx.session;
    const QString ns = allNamespaces ? QString() : ctx.ns();
    auto current = [cluster, &kind, name, selector, fields, ns]() {
        QList<Value *> objects;
        for (Value *o : cluster->api().list(kind, ns))
            if ((name.isEmpty() || nameOf(*o) == name) &&
                (selector.isEmpty() || matchesSelector(at(*o, {"metadata", "labels"}), selector)) &&
                fields.matches(*o))
                objects << o;
        return objects;
    };
    auto rowsOf = [cluster, &kind, wide, allNamespaces](const QList<Value *> &objects) {
        Table table = tableFor(kind, objects, wide, cluster->now(), *cluster);
        QHash<QString, QStringList> rows;
        for (int i = 0; i < objects.size(); ++i) {
            if (allNamespaces && kind.namespaced)
                table.rows[i].prepend(namespaceOf(*objects[i]));
            rows.insert(uidOf(*objects[i]), table.rows[i]);
        }
        if (allNamespaces && kind.namespaced)
            table.headers.prepend(QStringLiteral("NAMESPACE"));
        return qMakePair(table.headers, rows);
    };
    // What was printed: the objects as they were (a row is printed again when its object
    // changed, not because its AGE moved on) and the rows, whose widths the next rows follow.
    struct Printed
    {
        QHash<QString, Value> objects;
        QList<QStringList> rows;
    };
    auto printed = std::make_shared<Printed>();
    {
        const auto [headers, rows] = rowsOf(shown);
        printed->rows << headers;
        for (const Value *o : shown) {
            printed->objects.insert(uidOf(*o), *o);
            printed->rows << rows.value(uidOf(*o));
        }
    }
    auto check = [current, rowsOf, printed, session]() {
        const QList<Value *> objects = current();
        QList<Value *> changed;
        for (Value *o : objects) {
            const QString uid = uidOf(*o);
            auto it = printed->objects.constFind(uid);
            if (it != printed->objects.constEnd() && *it == *o)
                continue;
            printed->objects.insert(uid, *o);
            changed << o;
        }
        if (changed.isEmpty())
            return false;
        const auto [headers, rows] = rowsOf(changed);
        for (const Value *o : std::as_const(changed)) {
            printed->rows << rows.value(uidOf(*o));
            TabWriter writer;
            for (const QStringList &row : std::as_const(printed->rows))
                writer.addRow(row);
            const QString text = writer.text();
            const qsizetype lastLine = text.lastIndexOf(u'\n', text.size() - 2);
            session->writeOut(text.mid(lastLine + 1).toUtf8());
        }
        return false; // a watch ends on its timeout or on Ctrl-C
    };
    const QString timeout = ctx.args.value(QStringLiteral("request-timeout"));
    const qint64 deadline = timeout.isEmpty() || durationSeconds(timeout) <= 0
                                ? 0
                                : cluster->now() + durationSeconds(timeout);
    ctx.waiter->waitFor(session, ctx.invocation.env(QStringLiteral("SCHEDLAB_OWNER")), check,
                        deadline, [session]() { session->finish(0); });
}

} // namespace

namespace {

// What the server answers when it refuses a list, as kubectl wraps it: the resource as a
// GroupVersionResource, then the selectors as given.
QString listError(const KindInfo &kind, const QString &labels, const QString &fields,
                  const QString &message)
{
    return QStringLiteral("Error from server (BadRequest): Unable to find %1 that match label "
                          "selector %2, field selector %3: %4")
        .arg(goQuote(
                 QStringLiteral("%1/%2, Resource=%3").arg(kind.group, kind.version, kind.resource)),
             goQuote(labels), goQuote(fields), message);
}

struct Fetched
{
    QList<QPair<const KindInfo *, QList<Value *>>> groups;
    QStringList errors;
    std::deque<Value> events; // Event objects made for this command (deque: stable addresses)
};

struct Query
{
    QString labels;
    QString fields;
    bool allNamespaces = false;
};

// The objects of one kind a list request returns; false with the server's refusal.
bool listKind(KubectlContext &ctx, const KindInfo &kind, const Query &query, Fetched *fetched,
              QList<Value *> *found, QString *error)
{
    FieldSelector fields;
    if (!query.fields.isEmpty() && !fields.parse(query.fields, kind, error)) {
        *error = listError(kind, query.labels, query.fields, *error);
        return false;
    }
    const QString ns = query.allNamespaces ? QString() : ctx.ns();
    QList<Value *> candidates;
    if (kind.kind == QLatin1String("Event")) {
        for (const KubeEvent &e : selectedEvents(ctx.cluster, ns, FieldSelector())) {
            fetched->events.push_back(eventObject(e));
            candidates << &fetched->events.back();
        }
    } else {
        candidates = ctx.cluster.api().list(kind, ns);
    }
    for (Value *o : std::as_const(candidates)) {
        bool valid = true;
        const bool labelled = query.labels.isEmpty() ||
                              matchesSelector(at(*o, {"metadata", "labels"}), query.labels, &valid);
        if (!valid) {
            *error = QStringLiteral("error: unable to parse requirement: %1").arg(query.labels);
            return false;
        }
        if (labelled && fields.matches(*o))
            *found << o;
    }
    return true;
}

// Everything the references name; false (with kubectl's message) on an unusable selector.
bool fetch(KubectlContext &ctx, const QList<ResourceRef> &refs, const Query &query,
           Fetched *fetched, QString *fatal)
{
    for (const ResourceRef &ref : refs) {
        QList<Value *> found;
        if (!ref.name.isEmpty()) {
            const QString ns = query.allNamespaces ? QString() : ctx.ns();
            if (Value *o =
                    ctx.cluster.api().find(*ref.kind, ns.isEmpty() ? ctx.ns() : ns, ref.name))
                found << o;
            else
                fetched->errors << QStringLiteral(
                                       "Error from server (NotFound): %1 \"%2\" not found")
                                       .arg(ref.kind->qualifiedResource(), ref.name);
        } else {
            QString error;
            if (!listKind(ctx, *ref.kind, query, fetched, &found, &error)) {
                if (error.startsWith(QLatin1String("error: "))) {
                    *fatal = error;
                    return false;
                }
                fetched->errors << error;
                continue;
            }
        }
        auto &groups = fetched->groups;
        if (!groups.isEmpty() && groups.last().first == ref.kind)
            groups.last().second += found;
        else
            groups << qMakePair(ref.kind, found);
    }
    return true;
}

// --sort-by=.metadata.creationTimestamp (or {.status.startTime}): a field path.
void sortGroups(const QString &sortBy, QList<QPair<const KindInfo *, QList<Value *>>> *groups)
{
    if (sortBy.isEmpty())
        return;
    QString path = sortBy;
    if (path.startsWith(u'{') && path.endsWith(u'}'))
        path = path.mid(1, path.size() - 2);
    const QStringList keys = path.split(u'.', Qt::SkipEmptyParts);
    auto field = [&keys](const Value *o) {
        const Value *v = o;
        for (const QString &k : keys) {
            v = v->find(k);
            if (!v)
                return Value();
        }
        return *v;
    };
    for (auto &group : *groups)
        std::stable_sort(group.second.begin(), group.second.end(),
                         [&field](const Value *a, const Value *b) {
                             const Value fa = field(a), fb = field(b);
                             if (fa.isNumber() && fb.isNumber())
                                 return fa.toDouble() < fb.toDouble();
                             return fa.toString() < fb.toString();
                         });
}

void printTables(KubectlContext &ctx, const Fetched &fetched, bool wide, bool allNamespaces)
{
    QSet<QString> kinds;
    for (const auto &group : fetched.groups)
        if (!group.second.isEmpty()) // kubectl looks at what it got, not at what was asked
            kinds.insert(group.first->kind);
    const bool severalKinds = kinds.size() > 1;
    bool first = true;
    for (const auto &[kind, objects] : fetched.groups) {
        if (objects.isEmpty())
            continue;
        Table table = tableFor(*kind, objects, wide, ctx.cluster.now(), ctx.cluster);
        if (severalKinds)
            for (QStringList &row : table.rows)
                row[0] = kind->qualifiedSingular() + u'/' + row[0];
        if (ctx.args.has(QStringLiteral("show-labels"))) {
            table.headers << QStringLiteral("LABELS");
            for (int i = 0; i < table.rows.size(); ++i)
                table.rows[i] << labelsText(*objects[i]);
        }
        if (allNamespaces && kind->namespaced) {
            table.headers.prepend(QStringLiteral("NAMESPACE"));
            for (int i = 0; i < table.rows.size(); ++i)
                table.rows[i].prepend(namespaceOf(*objects[i]));
        }
        TabWriter writer;
        if (!ctx.args.has(QStringLiteral("no-headers")))
            writer.addRow(table.headers);
        for (const QStringList &row : std::as_const(table.rows))
            writer.addRow(row);
        if (!first)
            ctx.out(QStringLiteral("\n"));
        first = false;
        ctx.out(writer.text());
    }
}

// printGeneric: what was found, as one List (or as the one object named), through the printer;
// the errors after it. The exit code.
int printGeneric(KubectlContext &ctx, OutputPrinter &printer, const QList<ResourceRef> &refs,
                 const QList<Value *> &everything, const QStringList &errors)
{
    const bool singleItemImplied = refs.size() == 1 && !refs.first().name.isEmpty();
    QString out;
    QString error;
    bool printed = true;
    if (!singleItemImplied || !everything.isEmpty())
        printed = printer.print(singleItemImplied ? *everything.first() : asList(everything), &out,
                                &error);
    ctx.out(out);
    for (const QString &e : errors)
        ctx.err(e + u'\n');
    if (!printed)
        ctx.err(QStringLiteral("error: ") + (error.endsWith(u'\n') ? error : error + u'\n'));
    return errors.isEmpty() && printed ? 0 : 1;
}

// kubectl refuses names together with a selector before asking anything.
QString selectorConflict(const KubectlArgs &args, const QList<ResourceRef> &refs,
                         const Query &query)
{
    if (query.labels.isEmpty() && query.fields.isEmpty())
        return QString();
    for (const ResourceRef &ref : refs) {
        if (ref.name.isEmpty())
            continue;
        return args.positional.first().contains(u'/')
                   ? QStringLiteral("error: selectors and the all flag cannot be used when "
                                    "passing resource/name arguments")
                   : QStringLiteral("error: name cannot be provided when a selector is specified");
    }
    return QString();
}

int getEventTable(KubectlContext &ctx, const Query &query)
{
    FieldSelector fields;
    QString error;
    const KindInfo &events = *kindForResource(QStringLiteral("events"));
    if (!fields.parse(query.fields, events, &error)) {
        ctx.err(listError(events, query.labels, query.fields, error) + u'\n');
        return ctx.finish(1);
    }
    return getEvents(ctx, query.allNamespaces, fields);
}

} // namespace

int kubectlGet(KubectlContext &ctx)
{
    QString error;
    const QList<ResourceRef> refs = parseResourceArgs(ctx.args.positional, &error);
    if (!error.isEmpty())
        return ctx.fail(error);
    if (refs.isEmpty())
        return ctx.fail(QStringLiteral(
            "You must specify the type of resource to get. Use \"kubectl api-resources\" for a "
            "complete list of supported resources.\n\nerror: Required resource not specified.\n"
            "Use \"kubectl explain <resource>\" for a detailed description of that resource (e.g. "
            "kubectl explain pods).\nSee 'kubectl get -h' for help and examples"));
    OutputPrinter printer;
    if (!printer.configure(ctx.args, ctx.files, &error))
        return ctx.fail(QStringLiteral("error: ") + error);
    if (ctx.args.has(QStringLiteral("show-labels")) && !printer.isTable())
        return ctx.fail(QStringLiteral("error: --show-labels option cannot be used with %1 printer")
                            .arg(ctx.args.value(QStringLiteral("output"))));
    Query query;
    query.labels = ctx.args.value(QStringLiteral("selector")).trimmed();
    query.fields = ctx.args.value(QStringLiteral("field-selector")).trimmed();
    query.allNamespaces = ctx.args.has(QStringLiteral("all-namespaces"));
    if (const QString conflict = selectorConflict(ctx.args, refs, query); !conflict.isEmpty())
        return ctx.fail(conflict);
    if (refs.size() == 1 && refs.first().kind->kind == QLatin1String("Event") &&
        refs.first().name.isEmpty() && printer.isTable())
        return getEventTable(ctx, query);

    Fetched fetched;
    if (!fetch(ctx, refs, query, &fetched, &error))
        return ctx.fail(error);
    sortGroups(ctx.args.value(QStringLiteral("sort-by")), &fetched.groups);
    QList<Value *> everything;
    for (const auto &g : std::as_const(fetched.groups))
        everything += g.second;

    if (!printer.isTable())
        return ctx.finish(printGeneric(ctx, printer, refs, everything, fetched.errors));
    const bool wide = printer.format() == OutputPrinter::Format::Wide;
    printTables(ctx, fetched, wide, query.allNamespaces);
    for (const QString &e : std::as_const(fetched.errors))
        ctx.err(e + u'\n');
    if (everything.isEmpty() && fetched.errors.isEmpty()) {
        const bool clusterScoped = !refs.first().kind->namespaced;
        ctx.err(query.allNamespaces || clusterScoped
                    ? QStringLiteral("No resources found\n")
                    : QStringLiteral("No resources found in %1 namespace.\n").arg(ctx.ns()));
    }
    const bool watch =
        ctx.args.has(QStringLiteral("watch")) && ctx.waiter && fetched.groups.size() == 1;
    if (!watch)
        return ctx.finish(fetched.errors.isEmpty() ? 0 : 1);
    const KindInfo &kind = *fetched.groups.first().first;
    FieldSelector fields;
    fields.parse(query.fields, kind, &error); // it parsed for the list just made
    watchTable(ctx, kind, refs.first().name, query.labels, fields, query.allNamespaces, wide,
               everything);
    return 0;
}

} // namespace schedlab::kube
