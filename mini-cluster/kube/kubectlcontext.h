// What a kubectl subcommand gets: the parsed command line, the cluster, the answer channel,
// and a way to wait in virtual time (wait, logs -f, delete of a pod).
#pragma once

#include "invocation.h"
#include "kubecluster.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <functional>

namespace schedlab::kube {

// kubectl's flags as cobra reads them: long and short forms, values joined with '=' or
// given in the next argument, flags anywhere on the line.
struct KubectlArgs
{
    QStringList positional;
    QHash<QString, QStringList> values; // long flag name -> values in order
    QSet<QString> switches;             // boolean flags given (long names)
    QSet<QString> negated;              // boolean flags given as --flag=false

    bool has(const QString &flag) const { return switches.contains(flag) || values.contains(flag); }
    // A boolean flag: `fallback` unless given (--flag, --flag=true, --flag=false, ...).
    bool flag(const QString &name, bool fallback) const
    {
        return switches.contains(name) || (!negated.contains(name) && fallback);
    }
    QString value(const QString &flag, const QString &fallback = {}) const
    {
        const QStringList v = values.value(flag);
        return v.isEmpty() ? fallback : v.last();
    }
    QStringList all(const QString &flag) const { return values.value(flag); }
};

// Waiting in virtual time: `check` runs after every change of the cluster and returns true
// once the command is done; at `deadline` (virtual epoch, 0: none) `timedOut` runs instead.
class KubectlWaiter
{
public:
    virtual ~KubectlWaiter() = default;
    virtual void waitFor(CommandSessionPtr session, const QString &owner,
                         std::function<bool()> check, qint64 deadline,
                         std::function<void()> timedOut) = 0;
};

// The files the command line names (-f, -o jsonpath-file=...), read by the client before the
// subcommand runs, by the path as written.
using NamedFiles = QHash<QString, FileAnswer>;

struct KubectlContext
{
    const Invocation &invocation;
    KubeCluster &cluster;
    CommandSessionPtr session;
    KubectlWaiter *waiter = nullptr;
    KubectlArgs args;
    QString subcommand;
    NamedFiles files;

    QString ns() const
    {
        return args.value(QStringLiteral("namespace"), QStringLiteral("default"));
    }
    void out(const QString &text) const { session->writeOut(text.toUtf8()); }
    void err(const QString &text) const { session->writeErr(text.toUtf8()); }
    int finish(int code) const
    {
        session->finish(code);
        return code;
    }
    // "error: ..." on stderr and exit 1, as cmdutil.CheckErr does.
    int fail(const QString &message) const
    {
        err(message.endsWith(u'\n') ? message : message + u'\n');
        return finish(1);
    }
};

// The files a `kubectl ...` command line names (-f, -R, -o jsonpath-file= ...): the server has
// the client read them before runKubectl.
QList<FileRequest> kubectlNamedFiles(const Invocation &invocation);
QList<FileRequest> kubectlNamedFiles(const QString &subcommand, const KubectlArgs &args);

// Entry point: the whole `kubectl ...` command line.
void runKubectl(const Invocation &invocation, KubeCluster &cluster, CommandSessionPtr session,
                KubectlWaiter *waiter);

// Subcommands (kubectl*.cpp).
int kubectlApply(KubectlContext &ctx, bool createOnly);
int kubectlGet(KubectlContext &ctx);
int kubectlDescribe(KubectlContext &ctx);
int kubectlLogs(KubectlContext &ctx);
int kubectlDelete(KubectlContext &ctx);
int kubectlWait(KubectlContext &ctx);

// Shared helpers.
struct ResourceRef
{
    const KindInfo *kind = nullptr;
    QString name; // empty: all of the kind
};
// "pods", "job/sommeil", "jobs,pods", "job sommeil other": what kubectl get/describe/delete
// name. Sets `error` (kubectl's text) on an unknown resource type.
QList<ResourceRef> parseResourceArgs(const QStringList &positional, QString *error);
// A label selector: "app=x,tier!=db,env,!debug,env in (a,b),env notin (c)". False on a
// syntax error.
bool matchesSelector(const Value &labels, const QString &selector, bool *valid = nullptr);
// Decodes the manifests named by -f (files and folders as the client read them into `files`,
// "-" for stdin): each decoded object with the file it came from, or kubectl's error text.
struct ManifestObject
{
    Value object;
    QString source;
    // Larger than the API server takes (3 MiB): refused with RequestEntityTooLarge, unread.
    bool tooLarge = false;
};
bool readManifests(const QStringList &paths, const NamedFiles &files, const QByteArray &stdinData,
                   QList<ManifestObject> *objects, QString *error);
QString ageOf(const Value &object, qint64 now);
// The seconds of a duration as kubectl's flags take it: "30s", "2m", "1h", "45".
qint64 durationSeconds(QString text);

} // namespace schedlab::kube
