// kubectl get: the server-side tables of each kind (columns, STATUS of pods and Jobs,
// RESTARTS, AGE and DURATION) and the -o wide, name, yaml and json outputs.
#include "kubectlcontext.h"

#include "podtable.h"
#include "printers.h"

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

// Events are not stored as objects: their table comes from the recorder.
int getEvents(KubectlContext &ctx, bool allNamespaces)
{
    QList<KubeEvent> events = ctx.cluster.api().events();
    events.removeIf([&](const KubeEvent &e) {
        return !allNamespaces && !e.namespaceName.isEmpty() && e.namespaceName != ctx.ns();
    });
    if (events.isEmpty()) {
        ctx.err(allNamespaces
                    ? QStringLiteral("No resources found\n")
                    : QStringLiteral("No resources found in %1 namespace.\n").arg(ctx.ns()));
        return ctx.finish(0);
    }
    std::stable_sort(events.begin(), events.end(), [](const KubeEvent &a, const KubeEvent &b) {
        return a.lastTime < b.lastTime;
    });
    TabWriter writer;
    QStringList header{QStringLiteral("LAST SEEN"), QStringLiteral("TYPE"),
                       QStringLiteral("REASON"), QStringLiteral("OBJECT"),
                       QStringLiteral("MESSAGE")};
    if (allNamespaces)
        header.prepend(QStringLiteral("NAMESPACE"));
    writer.addRow(header);
    const qint64 now = ctx.cluster.now();
    for (const KubeEvent &e : std::as_const(events)) {
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
                const QString &selector, bool allNamespaces, bool wide, const QList<Value *> &shown)
{
    KubeCluster *cluster = &ctx.cluster;
    CommandSessionPtr session = ctx.session;
    const QString ns = allNamespaces ? QString() : ctx.ns();
    auto current = [cluster, &kind, name, selector, ns]() {
        QList<Value *> objects;
        for (Value *o : cluster->api().list(kind, ns))
            if ((name.isEmpty() || nameOf(*o) == name) &&
                (selector.isEmpty() || matchesSelector(at(*o, {"metadata", "labels"}), selector)))
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
    const QString output = ctx.args.value(QStringLiteral("output"));
    static const QStringList outputs{QString(), QStringLiteral("wide"), QStringLiteral("yaml"),
                                     QStringLiteral("json"), QStringLiteral("name")};
    if (!outputs.contains(output))
        return ctx.fail(
            QStringLiteral("error: unable to match a printer suitable for the output format "
                           "\"%1\", allowed formats are: custom-columns,custom-columns-file,"
                           "go-template,go-template-file,json,jsonpath,jsonpath-as-json,"
                           "jsonpath-file,name,template,templatefile,wide,yaml")
                .arg(output));
    const bool allNamespaces = ctx.args.has(QStringLiteral("all-namespaces"));
    const QString selector = ctx.args.value(QStringLiteral("selector"));
    const qint64 now = ctx.cluster.now();
    const bool severalKinds = [&] {
        QSet<QString> kinds;
        for (const ResourceRef &r : refs)
            kinds.insert(r.kind->kind);
        return kinds.size() > 1;
    }();

    if (refs.size() == 1 && refs.first().kind->kind == QLatin1String("Event") &&
        refs.first().name.isEmpty() && output.isEmpty())
        return getEvents(ctx, allNamespaces);

    QList<QPair<const KindInfo *, QList<Value *>>> groups;
    QStringList errors;
    bool namedAny = false;
    for (const ResourceRef &ref : refs) {
        QList<Value *> found;
        const QString ns = allNamespaces ? QString() : ctx.ns();
        if (!ref.name.isEmpty()) {
            namedAny = true;
            if (Value *o =
                    ctx.cluster.api().find(*ref.kind, ns.isEmpty() ? ctx.ns() : ns, ref.name))
                found << o;
            else
                errors << QStringLiteral("Error from server (NotFound): %1 \"%2\" not found")
                              .arg(ref.kind->qualifiedResource(), ref.name);
        } else {
            for (Value *o : ctx.cluster.api().list(*ref.kind, ns)) {
                bool valid = true;
                if (selector.isEmpty() ||
                    matchesSelector(at(*o, {"metadata", "labels"}), selector, &valid))
                    found << o;
                if (!valid)
                    return ctx.fail(
                        QStringLiteral("error: unable to parse requirement: %1").arg(selector));
            }
        }
        if (!groups.isEmpty() && groups.last().first == ref.kind)
            groups.last().second += found;
        else
            groups << qMakePair(ref.kind, found);
    }

    // --sort-by=.metadata.creationTimestamp (or {.status.startTime}): a field path.
    if (const QString sortBy = ctx.args.value(QStringLiteral("sort-by")); !sortBy.isEmpty()) {
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
        for (auto &group : groups)
            std::stable_sort(group.second.begin(), group.second.end(),
                             [&field](const Value *a, const Value *b) {
                                 const Value fa = field(a), fb = field(b);
                                 if (fa.isNumber() && fb.isNumber())
                                     return fa.toDouble() < fb.toDouble();
                                 return fa.toString() < fb.toString();
                             });
    }
    QList<Value *> everything;
    for (const auto &g : std::as_const(groups))
        everything += g.second;

    if (output == QLatin1String("yaml") || output == QLatin1String("json")) {
        if (!everything.isEmpty() || !namedAny) {
            const Value v = (everything.size() == 1 && namedAny && refs.size() == 1)
                                ? *everything.first()
                                : asList(everything);
            ctx.out(output == QLatin1String("yaml") ? toYaml(v) : toJson(v));
        }
    } else if (output == QLatin1String("name")) {
        for (const auto &[kind, objects] : std::as_const(groups))
            for (const Value *o : objects)
                ctx.out(QStringLiteral("%1/%2\n").arg(kind->qualifiedSingular(), nameOf(*o)));
    } else {
        bool first = true;
        for (const auto &[kind, objects] : std::as_const(groups)) {
            if (objects.isEmpty())
                continue;
            Table table =
                tableFor(*kind, objects, output == QLatin1String("wide"), now, ctx.cluster);
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
    for (const QString &e : std::as_const(errors))
        ctx.err(e + u'\n');
    const bool watch = ctx.args.has(QStringLiteral("watch")) && ctx.waiter && groups.size() == 1 &&
                       (output.isEmpty() || output == QLatin1String("wide"));
    if (everything.isEmpty() && errors.isEmpty() && output != QLatin1String("yaml") &&
        output != QLatin1String("json")) {
        const bool clusterScoped = !refs.first().kind->namespaced;
        ctx.err(allNamespaces || clusterScoped
                    ? QStringLiteral("No resources found\n")
                    : QStringLiteral("No resources found in %1 namespace.\n").arg(ctx.ns()));
    }
    if (!watch)
        return ctx.finish(errors.isEmpty() ? 0 : 1);
    watchTable(ctx, *groups.first().first, refs.first().name, selector, allNamespaces,
               output == QLatin1String("wide"), everything);
    return 0;
}

} // namespace schedlab::kube
