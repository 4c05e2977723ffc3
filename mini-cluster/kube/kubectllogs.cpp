// kubectl logs: one pod (or one pod of a Job), every pod of a selector (ten lines each by
// default, in creation order), --prefix, --previous, -c, --tail, and -f in virtual time.
#include "kubectlcontext.h"

#include <QFile>

namespace schedlab::kube {

namespace {

QByteArray lastLines(const QByteArray &text, qint64 tail)
{
    if (tail < 0)
        return text;
    if (tail == 0)
        return QByteArray();
    qsizetype end = text.size();
    if (end > 0 && text.endsWith('\n'))
        --end;
    qsizetype pos = end;
    qint64 lines = 0;
    while (pos > 0) {
        if (text[pos - 1] == '\n' && ++lines == tail)
            break;
        --pos;
    }
    return text.mid(pos);
}

QByteArray withPrefix(const QByteArray &text, const QString &prefix)
{
    if (prefix.isEmpty() || text.isEmpty())
        return text;
    QByteArray out;
    const QByteArray p = prefix.toUtf8();
    for (const QByteArray &line :
         text.split('\n').mid(0, text.count('\n') + (text.endsWith('\n') ? 0 : 1)))
        out += p + line + '\n';
    return out;
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString waitingReason(const Value &pod, const QString &container)
{
    for (const Value &s : at(pod, {"status", "containerStatuses"}).items())
        if (s[QStringLiteral("name")].toString() == container) {
            const Value &w = s[QStringLiteral("state")][QStringLiteral("waiting")];
            if (w.isMap())
                return w[QStringLiteral("reason")].toString();
            return QString();
        }
    return QStringLiteral("ContainerCreating");
}

} // namespace

int kubectlLogs(KubectlContext &ctx)
{
    KubeCluster &cluster = ctx.cluster;
    const QString selector = ctx.args.value(QStringLiteral("selector"));
    bool tailOk = true;
    qint64 tail = ctx.args.has(QStringLiteral("tail"))
                      ? ctx.args.value(QStringLiteral("tail")).toLongLong(&tailOk)
                      : (selector.isEmpty() ? -1 : 10);
    if (!tailOk)
        return ctx.fail(QStringLiteral("error: invalid argument \"%1\" for \"--tail\" flag: "
                                       "strconv.ParseInt: parsing \"%1\": invalid syntax")
                            .arg(ctx.args.value(QStringLiteral("tail"))));
    bool prefix = ctx.args.has(QStringLiteral("prefix"));
    const bool previous = ctx.args.has(QStringLiteral("previous"));
    const QString container = ctx.args.value(QStringLiteral("container"));
    const KindInfo &podKind = *kindForResource(QStringLiteral("pods"));

    QList<Value *> pods;
    if (!selector.isEmpty()) {
        for (Value *pod : cluster.api().list(podKind, ctx.ns()))
            if (matchesSelector(at(*pod, {"metadata", "labels"}), selector))
                pods << pod;
        std::stable_sort(pods.begin(), pods.end(), [](const Value *a, const Value *b) {
            return at(*a, {"metadata", "creationTimestamp"}).toString() <
                   at(*b, {"metadata", "creationTimestamp"}).toString();
        });
        if (pods.isEmpty()) {
            ctx.err(QStringLiteral("No resources found in %1 namespace.\n").arg(ctx.ns()));
            return ctx.finish(0);
        }
    } else {
        if (ctx.args.positional.isEmpty())
            return ctx.fail(QStringLiteral("error: expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c "
                                           "CONTAINER]'.\nPOD or TYPE/NAME is a required argument "
                                           "for the logs command\nSee 'kubectl logs -h' for help "
                                           "and examples"));
        const QString target = ctx.args.positional.first();
        if (target.contains(u'/') && !target.startsWith(QLatin1String("pod/")) &&
            !target.startsWith(QLatin1String("pods/"))) {
            QString error;
            const QList<ResourceRef> refs = parseResourceArgs({target}, &error);
            if (!error.isEmpty())
                return ctx.fail(error);
            Value *owner = cluster.api().find(*refs.first().kind, ctx.ns(), refs.first().name);
            if (!owner)
                return ctx.fail(
                    QStringLiteral("error: error from server (NotFound): %1 \"%2\" not "
                                   "found in namespace \"%3\"")
                        .arg(refs.first().kind->qualifiedResource(), refs.first().name, ctx.ns()));
            const Value &matchLabels = at(*owner, {"spec", "selector", "matchLabels"});
            QList<Value *> owned;
            for (Value *pod : cluster.api().list(podKind, ctx.ns())) {
                bool match = matchLabels.isMap() && matchLabels.size() > 0;
                for (const auto &[k, v] : matchLabels.entries())
                    match = match && at(*pod, {"metadata", "labels"})[k] == v;
                if (match)
                    owned << pod;
            }
            if (owned.isEmpty())
                return ctx.fail(QStringLiteral("error: timed out waiting for the condition"));
            std::stable_sort(owned.begin(), owned.end(), [](const Value *a, const Value *b) {
                return at(*a, {"metadata", "creationTimestamp"}).toString() <
                       at(*b, {"metadata", "creationTimestamp"}).toString();
            });
            if (ctx.args.has(QStringLiteral("all-pods"))) {
                pods = owned;
                prefix = true;
            } else {
                if (owned.size() > 1)
                    ctx.err(QStringLiteral("Found %1 pods, using pod/%2\n")
                                .arg(owned.size())
                                .arg(nameOf(*owned.first())));
                pods << owned.first();
            }
        } else {
            const QString name = target.section(u'/', -1);
            Value *pod = cluster.api().find(podKind, ctx.ns(), name);
            if (!pod)
                return ctx.fail(
                    QStringLiteral("Error from server (NotFound): pods \"%1\" not found")
                        .arg(name));
            pods << pod;
        }
    }

    QByteArray out;
    QStringList errors;
    struct Follow
    {
        QString podUid;
        QString container;
        QString logPath;
        qint64 offset;
        QString prefix;
    };
    QList<Follow> follows;
    for (Value *pod : std::as_const(pods)) {
        const QString podName = nameOf(*pod);
        QStringList names;
        for (const Value &c : at(*pod, {"spec", "containers"}).items())
            names << c[QStringLiteral("name")].toString();
        QString chosen = container;
        if (chosen.isEmpty()) {
            if (names.size() > 1 && selector.isEmpty())
                ctx.err(QStringLiteral("Defaulted container \"%1\" out of: %2\n")
                            .arg(names.first(), names.join(QStringLiteral(", "))));
            chosen = names.value(0);
        } else if (!names.contains(chosen)) {
            errors << QStringLiteral("error: container %1 is not valid for pod %2")
                          .arg(chosen, podName);
            continue;
        }
        const QList<ContainerRun> runs = cluster.runsOf(uidOf(*pod), chosen);
        const QString linePrefix =
            prefix ? QStringLiteral("[pod/%1/%2] ").arg(podName, chosen) : QString();
        if (previous) {
            if (runs.size() < 2) {
                errors << QStringLiteral("Error from server (BadRequest): previous terminated "
                                         "container \"%1\" in pod \"%2\" not found")
                              .arg(chosen, podName);
                continue;
            }
            out += withPrefix(lastLines(readFile(runs[runs.size() - 2].logPath), tail), linePrefix);
            continue;
        }
        if (runs.isEmpty()) {
            errors << QStringLiteral(
                          "Error from server (BadRequest): container \"%1\" in pod \"%2\" "
                          "is waiting to start: %3")
                          .arg(chosen, podName, waitingReason(*pod, chosen));
            continue;
        }
        const QByteArray text = readFile(runs.last().logPath);
        out += withPrefix(lastLines(text, tail), linePrefix);
        follows << Follow{uidOf(*pod), chosen, runs.last().logPath, text.size(), linePrefix};
    }
    ctx.session->writeOut(out);
    for (const QString &e : std::as_const(errors))
        ctx.err(e + u'\n');
    const int code = errors.isEmpty() ? 0 : 1;
    if (!ctx.args.has(QStringLiteral("follow")) || follows.isEmpty() || !ctx.waiter)
        return ctx.finish(code);
    // -f: new output is written as it comes; the command ends when the containers stop.
    auto state = std::make_shared<QList<Follow>>(follows);
    CommandSessionPtr session = ctx.session;
    KubeCluster *c = &cluster;
    ctx.waiter->waitFor(
        session, ctx.invocation.env(QStringLiteral("SCHEDLAB_OWNER")),
        [state, session, c, code]() {
            bool allDone = true;
            for (Follow &f : *state) {
                const QByteArray text = readFile(f.logPath);
                if (text.size() > f.offset) {
                    session->writeOut(withPrefix(text.mid(f.offset), f.prefix));
                    f.offset = text.size();
                }
                if (c->hasContainer(f.podUid + u'/' + f.container))
                    allDone = false;
            }
            if (allDone)
                session->finish(code);
            return allDone;
        },
        0, nullptr);
    return code;
}

} // namespace schedlab::kube
