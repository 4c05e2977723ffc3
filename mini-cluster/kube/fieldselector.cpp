// Field selectors from apimachinery's fields/selector.go (grammar), the kinds' field label
// conversion functions (pkg/apis/*/v1/conversion.go) and their ToSelectableFields
// (pkg/registry/*/strategy.go), as a Kubernetes 1.31 API server applies them.
#include "fieldselector.h"

#include "apiserver.h"
#include "goformat.h"

#include <QStringList>

#include <algorithm>

namespace schedlab::kube {

namespace {

// splitTerms: commas split terms unless escaped with a backslash.
QStringList splitTerms(const QString &selector)
{
    QStringList terms;
    if (selector.isEmpty())
        return terms;
    qsizetype start = 0;
    bool inSlash = false;
    for (qsizetype i = 0; i < selector.size(); ++i) {
        const QChar c = selector[i];
        if (inSlash)
            inSlash = false;
        else if (c == u'\\')
            inSlash = true;
        else if (c == u',') {
            terms << selector.mid(start, i - start);
            start = i + 1;
        }
    }
    terms << selector.mid(start);
    return terms;
}

// splitTerm: the first operator found, trying "!=", then "==", then "=" at each position.
bool splitTerm(const QString &term, QString *lhs, QString *op, QString *rhs)
{
    static const QStringList operators{QStringLiteral("!="), QStringLiteral("=="),
                                       QStringLiteral("=")};
    for (qsizetype i = 0; i < term.size(); ++i) {
        for (const QString &candidate : operators) {
            if (QStringView(term).mid(i).startsWith(candidate)) {
                *lhs = term.left(i);
                *op = candidate;
                *rhs = term.mid(i + candidate.size());
                return true;
            }
        }
    }
    return false;
}

// UnescapeValue: "\\", "\," and "\=" are the only escapes; a bare "," or "=" is refused.
bool unescapeValue(const QString &text, QString *value, QString *error)
{
    value->clear();
    bool inSlash = false;
    for (const char32_t c : text.toUcs4()) {
        if (inSlash) {
            if (c != U'\\' && c != U',' && c != U'=') {
                *error = QStringLiteral("invalid field selector: invalid escape sequence: \\") +
                         QString::fromUcs4(&c, 1);
                return false;
            }
            *value += QString::fromUcs4(&c, 1);
            inSlash = false;
            continue;
        }
        if (c == U'\\') {
            inSlash = true;
        } else if (c == U',' || c == U'=') {
            // Go prints the rune with %v: its number.
            *error = QStringLiteral("invalid field selector: unescaped character in value: %1")
                         .arg(uint(c));
            return false;
        } else {
            *value += QString::fromUcs4(&c, 1);
        }
    }
    if (inSlash) {
        *error = QStringLiteral("invalid field selector: invalid escape sequence: \\");
        return false;
    }
    return true;
}

// The labels a kind's conversion function takes, and how it refuses the others. Kinds without
// one (Deployments, ReplicaSets, PriorityClasses, Kueue's) get
// DefaultMetaV1FieldSelectorConversion.
bool convertLabel(const KindInfo &kind, QString *label, QString *error)
{
    static const QStringList pod{QStringLiteral("metadata.name"),
                                 QStringLiteral("metadata.namespace"),
                                 QStringLiteral("spec.nodeName"),
                                 QStringLiteral("spec.restartPolicy"),
                                 QStringLiteral("spec.schedulerName"),
                                 QStringLiteral("spec.serviceAccountName"),
                                 QStringLiteral("spec.hostNetwork"),
                                 QStringLiteral("status.phase"),
                                 QStringLiteral("status.podIP"),
                                 QStringLiteral("status.podIPs"),
                                 QStringLiteral("status.nominatedNodeName")};
    static const QStringList node{QStringLiteral("metadata.name"),
                                  QStringLiteral("spec.unschedulable")};
    static const QStringList ns{QStringLiteral("status.phase"), QStringLiteral("metadata.name")};
    static const QStringList event{QStringLiteral("involvedObject.kind"),
                                   QStringLiteral("involvedObject.namespace"),
                                   QStringLiteral("involvedObject.name"),
                                   QStringLiteral("involvedObject.uid"),
                                   QStringLiteral("involvedObject.apiVersion"),
                                   QStringLiteral("involvedObject.resourceVersion"),
                                   QStringLiteral("involvedObject.fieldPath"),
                                   QStringLiteral("reason"),
                                   QStringLiteral("reportingComponent"),
                                   QStringLiteral("source"),
                                   QStringLiteral("type"),
                                   QStringLiteral("metadata.namespace"),
                                   QStringLiteral("metadata.name")};
    static const QStringList job{QStringLiteral("metadata.name"),
                                 QStringLiteral("metadata.namespace"),
                                 QStringLiteral("status.successful")};
    static const QStringList metadataOnly{QStringLiteral("metadata.name"),
                                          QStringLiteral("metadata.namespace")};
    const QString &k = kind.kind;
    if (k == QLatin1String("Pod") && *label == QLatin1String("spec.host")) {
        *label = QStringLiteral("spec.nodeName"); // what clients of the v1 beta days sent
        return true;
    }
    const QStringList &accepted = k == QLatin1String("Pod")         ? pod
                                  : k == QLatin1String("Node")      ? node
                                  : k == QLatin1String("Namespace") ? ns
                                  : k == QLatin1String("Event")     ? event
                                  : k == QLatin1String("Job")       ? job
                                                                    : metadataOnly;
    if (accepted.contains(*label))
        return true;
    if (k == QLatin1String("Job"))
        *error = QStringLiteral("field label %1 not supported for Job").arg(goQuote(*label));
    else if (&accepted == &metadataOnly)
        *error = QStringLiteral("%1 is not a known field selector: only \"metadata.name\", "
                                "\"metadata.namespace\"")
                     .arg(goQuote(*label));
    else
        *error = QStringLiteral("field label not supported: %1").arg(*label);
    return false;
}

QString text(const Value &object, std::initializer_list<const char *> path)
{
    return at(object, path).toString();
}

QString boolText(const Value &v)
{
    return v.isBool() && v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
}

QString podField(const Value &pod, const QString &field)
{
    if (field == QLatin1String("spec.nodeName"))
        return text(pod, {"spec", "nodeName"});
    if (field == QLatin1String("spec.restartPolicy"))
        return text(pod, {"spec", "restartPolicy"});
    if (field == QLatin1String("spec.schedulerName"))
        return text(pod, {"spec", "schedulerName"});
    if (field == QLatin1String("spec.serviceAccountName")) {
        // The ServiceAccount admission plugin gives every pod one; "default" unless named.
        const QString account = text(pod, {"spec", "serviceAccountName"});
        return account.isEmpty() ? QStringLiteral("default") : account;
    }
    if (field == QLatin1String("spec.hostNetwork"))
        return boolText(at(pod, {"spec", "hostNetwork"}));
    if (field == QLatin1String("status.phase"))
        return text(pod, {"status", "phase"});
    if (field == QLatin1String("status.podIP")) {
        const QList<Value> &ips = at(pod, {"status", "podIPs"}).items();
        return ips.isEmpty() ? text(pod, {"status", "podIP"})
                             : ips.first()[QStringLiteral("ip")].toString();
    }
    if (field == QLatin1String("status.nominatedNodeName"))
        return text(pod, {"status", "nominatedNodeName"});
    return QString(); // status.podIPs: accepted, never set
}

QString eventField(const Value &event, const QString &field)
{
    if (field.startsWith(QLatin1String("involvedObject."))) {
        const QString key = field.mid(15);
        return event[QStringLiteral("involvedObject")][key].toString();
    }
    if (field == QLatin1String("source")) {
        const QString component = text(event, {"source", "component"});
        return component.isEmpty() ? event[QStringLiteral("reportingComponent")].toString()
                                   : component;
    }
    return event[field].toString(); // reason, reportingComponent, type
}

} // namespace

QString selectableFieldValue(const KindInfo &kind, const Value &object, const QString &field)
{
    if (field == QLatin1String("metadata.name"))
        return nameOf(object);
    if (field == QLatin1String("metadata.namespace"))
        return kind.namespaced ? namespaceOf(object) : QString();
    const QString &k = kind.kind;
    if (k == QLatin1String("Pod"))
        return podField(object, field);
    if (k == QLatin1String("Event"))
        return eventField(object, field);
    if (k == QLatin1String("Job") && field == QLatin1String("status.successful"))
        return QString::number(at(object, {"status", "succeeded"}).toInt());
    if (k == QLatin1String("Node") && field == QLatin1String("spec.unschedulable"))
        return boolText(at(object, {"spec", "unschedulable"}));
    if (k == QLatin1String("Namespace") && field == QLatin1String("status.phase"))
        return text(object, {"status", "phase"});
    return QString();
}

bool FieldSelector::parse(const QString &text, const KindInfo &kind, QString *error)
{
    terms_.clear();
    kind_ = &kind;
    QStringList parts = splitTerms(text);
    // The server sorts the terms: the first bad one in that order is the one reported.
    std::sort(parts.begin(), parts.end(),
              [](const QString &a, const QString &b) { return a.toUtf8() < b.toUtf8(); });
    for (const QString &part : std::as_const(parts)) {
        if (part.isEmpty())
            continue;
        QString lhs, op, rhs;
        if (!splitTerm(part, &lhs, &op, &rhs)) {
            *error =
                QStringLiteral("invalid selector: '%1'; can't understand '%2'").arg(text, part);
            return false;
        }
        Term term;
        term.field = lhs;
        term.equals = op != QLatin1String("!=");
        if (!unescapeValue(rhs, &term.value, error))
            return false;
        terms_ << term;
    }
    for (Term &term : terms_)
        if (!convertLabel(kind, &term.field, error))
            return false;
    return true;
}

bool FieldSelector::matches(const Value &object) const
{
    for (const Term &term : terms_)
        if ((selectableFieldValue(*kind_, object, term.field) == term.value) != term.equals)
            return false;
    return true;
}

} // namespace schedlab::kube
