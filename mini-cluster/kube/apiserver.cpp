// The mini API server's store, names, timestamps and events.
#include "apiserver.h"

#include <QDateTime>
#include <QTimeZone>

namespace schedlab::kube {

namespace {

const char kAlphabet[] = "bcdfghjklmnpqrstvwxz2456789";

const Value &nullValue()
{
    static const Value null;
    return null;
}

QString eventKey(const QString &uid, const QString &type, const QString &reason,
                 const QString &source, const QString &message)
{
    return uid + u'\x1f' + type + u'\x1f' + reason + u'\x1f' + source + u'\x1f' + message;
}

} // namespace

QString rfc3339(qint64 epoch)
{
    return QDateTime::fromSecsSinceEpoch(epoch, QTimeZone::utc())
               .toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss")) +
           u'Z';
}

qint64 parseRfc3339(const QString &text)
{
    // "2026-11-05T09:30:00Z", the only form the store writes, is read by hand: tables parse
    // one per object, and QDateTime's parser would be most of `kubectl get pods`.
    auto digits = [&](qsizetype from, qsizetype count, int *out) {
        int v = 0;
        for (qsizetype i = from; i < from + count; ++i) {
            const QChar c = text[i];
            if (c < u'0' || c > u'9')
                return false;
            v = v * 10 + (c.unicode() - '0');
        }
        *out = v;
        return true;
    };
    int y, mo, d, h, mi, sec;
    if (text.size() == 20 && text[4] == u'-' && text[7] == u'-' && text[10] == u'T' &&
        text[13] == u':' && text[16] == u':' && text[19] == u'Z' && digits(0, 4, &y) &&
        digits(5, 2, &mo) && digits(8, 2, &d) && digits(11, 2, &h) && digits(14, 2, &mi) &&
        digits(17, 2, &sec) && mo >= 1 && mo <= 12 && d >= 1 && d <= 31) {
        // Days from the civil date (H. Hinnant's algorithm).
        const int yy = y - (mo <= 2 ? 1 : 0);
        const int era = (yy >= 0 ? yy : yy - 399) / 400;
        const int yoe = yy - era * 400;
        const int doy = (153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5 + d - 1;
        const int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        const qint64 days = qint64(era) * 146097 + doe - 719468;
        return days * 86400 + h * 3600 + mi * 60 + sec;
    }
    const QDateTime t = QDateTime::fromString(text, Qt::ISODate);
    return t.isValid() ? t.toSecsSinceEpoch() : -1;
}

const Value &at(const Value &object, std::initializer_list<const char *> path)
{
    const Value *v = &object;
    for (const char *key : path) {
        v = v->find(QLatin1String(key));
        if (!v)
            return nullValue();
    }
    return *v;
}

Value &childAt(Value &object, std::initializer_list<const char *> path)
{
    Value *v = &object;
    for (const char *key : path)
        v = &v->child(QLatin1String(key));
    return *v;
}

Value &listAt(Value &map, const QString &key)
{
    if (Value *existing = map.find(key); existing && existing->isList())
        return *existing;
    map.set(key, Value::list());
    return *map.find(key);
}

QString nameOf(const Value &object)
{
    return at(object, {"metadata", "name"}).toString();
}

QString namespaceOf(const Value &object)
{
    return at(object, {"metadata", "namespace"}).toString();
}

QString uidOf(const Value &object)
{
    return at(object, {"metadata", "uid"}).toString();
}

ApiServer::ApiServer(quint32 seed)
    : random_(seed)
{}

QString ApiServer::randomSuffix()
{
    std::uniform_int_distribution<int> pick(0, int(sizeof(kAlphabet)) - 2);
    QString s;
    for (int i = 0; i < 5; ++i)
        s += QLatin1Char(kAlphabet[pick(random_)]);
    return s;
}

QString ApiServer::newUid()
{
    std::uniform_int_distribution<int> hex(0, 15);
    QString s;
    for (int i = 0; i < 32; ++i) {
        if (i == 8 || i == 12 || i == 16 || i == 20)
            s += u'-';
        int digit = hex(random_);
        if (i == 12)
            digit = 4; // a version-4 uid, as the API server makes
        if (i == 16)
            digit = 8 + digit % 4;
        s += QLatin1Char("0123456789abcdef"[digit]);
    }
    return s;
}

QString ApiServer::generateName(const KindInfo &kind, const QString &ns, const QString &base)
{
    const QString prefix = base.left(58);
    while (true) {
        const QString name = prefix + randomSuffix();
        if (!find(kind, ns, name))
            return name;
    }
}

Value *ApiServer::find(const KindInfo &kind, const QString &ns, const QString &name)
{
    auto byKind = objects_.find(kind.kind);
    if (byKind == objects_.end())
        return nullptr;
    auto it = byKind->second.find(keyOf(kind.namespaced ? ns : QString(), name));
    return it == byKind->second.end() ? nullptr : &it->second;
}

const Value *ApiServer::find(const KindInfo &kind, const QString &ns, const QString &name) const
{
    return const_cast<ApiServer *>(this)->find(kind, ns, name);
}

Value *ApiServer::find(const QString &kind, const QString &ns, const QString &name)
{
    for (const KindInfo &k : allKinds())
        if (k.kind == kind)
            return find(k, ns, name);
    return nullptr;
}

QList<Value *> ApiServer::list(const KindInfo &kind, const QString &ns)
{
    return list(kind.kind, kind.namespaced ? ns : QString());
}

QList<Value *> ApiServer::list(const QString &kind, const QString &ns)
{
    QList<Value *> result;
    auto byKind = objects_.find(kind);
    if (byKind == objects_.end())
        return result;
    if (ns.isEmpty()) {
        for (auto &[key, object] : byKind->second)
            result << &object;
        return result;
    }
    const QString prefix = ns + u'/';
    for (auto it = byKind->second.lower_bound(prefix);
         it != byKind->second.end() && it->first.startsWith(prefix); ++it)
        result << &it->second;
    return result;
}

Value &ApiServer::insert(const KindInfo &kind, Value object)
{
    Value &meta = object.child(QStringLiteral("metadata"));
    if (!meta.contains(QStringLiteral("uid")))
        meta.set(QStringLiteral("uid"), Value::string(newUid()));
    meta.set(QStringLiteral("creationTimestamp"), Value::string(rfc3339(now_)));
    meta.set(QStringLiteral("resourceVersion"), Value::string(QString::number(++resourceVersion_)));
    if (kind.kind != QLatin1String("Pod") && kind.kind != QLatin1String("Event") &&
        kind.kind != QLatin1String("Namespace"))
        meta.set(QStringLiteral("generation"), Value::integer(1));
    const QString ns = kind.namespaced ? meta[QStringLiteral("namespace")].toString() : QString();
    const QString key = keyOf(ns, meta[QStringLiteral("name")].toString());
    auto &byKind = objects_[kind.kind];
    byKind.erase(key);
    return byKind.emplace(key, std::move(object)).first->second;
}

bool ApiServer::erase(const KindInfo &kind, const QString &ns, const QString &name)
{
    auto byKind = objects_.find(kind.kind);
    if (byKind == objects_.end())
        return false;
    return byKind->second.erase(keyOf(kind.namespaced ? ns : QString(), name)) > 0;
}

void ApiServer::touch(Value &object)
{
    object.child(QStringLiteral("metadata"))
        .set(QStringLiteral("resourceVersion"), Value::string(QString::number(++resourceVersion_)));
}

void ApiServer::recordEvent(const Value &involved, const QString &type, const QString &reason,
                            const QString &message, const QString &source)
{
    const QString uid = uidOf(involved);
    // The event recorder folds repeats of the same event into one with a count.
    const QString key = eventKey(uid, type, reason, source, message);
    if (auto it = eventIndex_.constFind(key); it != eventIndex_.constEnd()) {
        KubeEvent &e = events_[*it];
        e.count += 1;
        e.lastTime = now_;
        e.sequence = ++eventSequence_;
        return;
    }
    eventIndex_.insert(key, events_.size());
    KubeEvent e;
    e.namespaceName = namespaceOf(involved);
    e.type = type;
    e.reason = reason;
    e.message = message;
    e.objectKind = involved[QStringLiteral("kind")].toString();
    e.objectName = nameOf(involved);
    e.objectUid = uid;
    e.source = source;
    e.firstTime = e.lastTime = now_;
    e.sequence = ++eventSequence_;
    events_ << e;
}

void ApiServer::dropEventsOf(const QString &uid)
{
    events_.removeIf([&](const KubeEvent &e) { return e.objectUid == uid; });
    eventIndex_.clear();
    for (qsizetype i = 0; i < events_.size(); ++i) {
        const KubeEvent &e = events_[i];
        eventIndex_.insert(eventKey(e.objectUid, e.type, e.reason, e.source, e.message), i);
    }
}

} // namespace schedlab::kube
