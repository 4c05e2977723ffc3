// The mini API server's store: objects of every kind by namespace and name, the uids, names
// and timestamps it gives them, and the events the controllers record.
#pragma once

#include "kinds.h"
#include "value.h"

#include <QHash>
#include <QList>
#include <QString>

#include <map>
#include <random>

namespace schedlab::kube {

struct KubeEvent
{
    QString namespaceName;
    QString type;   // Normal, Warning
    QString reason; // SuccessfulCreate, Completed, BackOff, ...
    QString message;
    QString objectKind; // Job, Pod, Deployment, ...
    QString objectName;
    QString objectUid;
    QString source; // job-controller, kubelet, default-scheduler, ...
    qint64 firstTime = 0;
    qint64 lastTime = 0;
    int count = 1;
    int sequence = 0; // order of recording
};

// RFC 3339 in UTC, as Kubernetes writes timestamps: "2026-11-05T09:30:00Z".
QString rfc3339(qint64 epoch);
// Back from rfc3339(); -1 when `text` is not one.
qint64 parseRfc3339(const QString &text);

// Small accessors for paths in objects.
const Value &at(const Value &object, std::initializer_list<const char *> path);
Value &childAt(Value &object, std::initializer_list<const char *> path);
// The list at `key` of a map, created empty when absent (Value::child() makes maps).
Value &listAt(Value &map, const QString &key);
QString nameOf(const Value &object);
QString namespaceOf(const Value &object);
QString uidOf(const Value &object);

class ApiServer
{
public:
    explicit ApiServer(quint32 seed);

    void setNow(qint64 epoch) { now_ = epoch; }
    qint64 now() const { return now_; }

    // Five characters of Kubernetes' name alphabet, drawn from the seeded generator.
    QString randomSuffix();
    QString newUid();
    // A name from `base` (generateName): cut to 58 characters, plus a random suffix not
    // already taken by an object of `kind` in `ns`.
    QString generateName(const KindInfo &kind, const QString &ns, const QString &base);

    Value *find(const KindInfo &kind, const QString &ns, const QString &name);
    const Value *find(const KindInfo &kind, const QString &ns, const QString &name) const;
    Value *find(const QString &kind, const QString &ns, const QString &name);
    // Objects of a kind in `ns` (every namespace when empty), ordered by namespace and name
    // as the real API server lists them.
    QList<Value *> list(const KindInfo &kind, const QString &ns = {});
    QList<Value *> list(const QString &kind, const QString &ns = {});
    // Stores a new object: uid, creationTimestamp, resourceVersion and generation are set.
    Value &insert(const KindInfo &kind, Value object);
    bool erase(const KindInfo &kind, const QString &ns, const QString &name);
    // Marks a change of `object` (a new resourceVersion).
    void touch(Value &object);

    void recordEvent(const Value &involved, const QString &type, const QString &reason,
                     const QString &message, const QString &source);
    const QList<KubeEvent> &events() const { return events_; }
    void dropEventsOf(const QString &uid);

private:
    static QString keyOf(const QString &ns, const QString &name) { return ns + u'/' + name; }
    std::map<QString, std::map<QString, Value>> objects_; // kind -> "ns/name" -> object
    std::mt19937 random_;
    qint64 now_ = 0;
    qint64 resourceVersion_ = 1000;
    QList<KubeEvent> events_;
    // The recorder folds repeats: uid, type, reason, message and source -> index in events_.
    QHash<QString, qsizetype> eventIndex_;
    int eventSequence_ = 0;
};

} // namespace schedlab::kube
