// The API server's validation of new and updated objects (Jobs, Deployments, ReplicaSets,
// Pods, Namespaces, Kueue's queues), with apimachinery's field paths, messages and order.
#include "manifest.h"
#include "manifestdetail.h"

#include <QRegularExpression>
#include <QSet>

#include <functional>
#include <map>

namespace schedlab::kube {

using namespace detail;

// ---- apimachinery pkg/util/validation ----------------------------------------------------

namespace detail {

namespace {

const QString dns1123LabelFmt = QStringLiteral("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
const QString dns1123SubdomainFmt =
    QStringLiteral("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
const QString qualifiedNameFmt = QStringLiteral("([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]");
const QString labelValueFmt = QStringLiteral("(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?");
const QString envVarNameFmt = QStringLiteral("[-._a-zA-Z][-._a-zA-Z0-9]*");
const QString percentFmt = QStringLiteral("[0-9]+%");

bool matches(const QString &fmt, const QString &value)
{
    // Go's MatchString on "^...$" accepts no trailing newline; \A...\z says the same.
    return cachedRegex(QRegularExpression::anchoredPattern(fmt)).match(value).hasMatch();
}

qsizetype byteLength(const QString &s)
{
    return s.toUtf8().size();
}

QString maxLenError(int length)
{
    return QStringLiteral("must be no more than %1 characters").arg(length);
}

// RegexError: each example is written "'x', " and the later ones are preceded by " or ",
// hence the two spaces of "',  or '".
QString regexError(const QString &msg, const QString &fmt, const QStringList &examples)
{
    if (examples.isEmpty())
        return msg + QStringLiteral(" (regex used for validation is '") + fmt +
               QStringLiteral("')");
    QString text = msg + QStringLiteral(" (e.g. ");
    for (qsizetype i = 0; i < examples.size(); ++i) {
        if (i > 0)
            text += QStringLiteral(" or ");
        text += u'\'' + examples.at(i) + QStringLiteral("', ");
    }
    return text + QStringLiteral("regex used for validation is '") + fmt + QStringLiteral("')");
}

QString qualifiedNameRegexError()
{
    return regexError(
        QStringLiteral("must consist of alphanumeric characters, '-', '_' or '.', "
                       "and must start and end with an alphanumeric character"),
        qualifiedNameFmt,
        {QStringLiteral("MyName"), QStringLiteral("my.name"), QStringLiteral("123-abc")});
}

} // namespace

const QRegularExpression &cachedRegex(const QString &pattern)
{
    // std::map: references to its values survive later insertions.
    thread_local std::map<QString, QRegularExpression> cache;
    auto it = cache.find(pattern);
    if (it == cache.end())
        it = cache.emplace(pattern, QRegularExpression(pattern)).first;
    return it->second;
}

QStringList isDns1123Label(const QString &value)
{
    QStringList errs;
    if (byteLength(value) > 63)
        errs << maxLenError(63);
    if (!matches(dns1123LabelFmt, value)) {
        if (matches(dns1123SubdomainFmt, value))
            errs << QStringLiteral("must not contain dots");
        else
            errs << regexError(
                QStringLiteral("a lowercase RFC 1123 label must consist of lower case "
                               "alphanumeric characters or '-', and must start and end with an "
                               "alphanumeric character"),
                dns1123LabelFmt, {QStringLiteral("my-name"), QStringLiteral("123-abc")});
    }
    return errs;
}

QStringList isDns1123Subdomain(const QString &value)
{
    QStringList errs;
    if (byteLength(value) > 253)
        errs << maxLenError(253);
    if (!matches(dns1123SubdomainFmt, value))
        errs << regexError(
            QStringLiteral("a lowercase RFC 1123 subdomain must consist of lower case "
                           "alphanumeric characters, '-' or '.', and must start and end with an "
                           "alphanumeric character"),
            dns1123SubdomainFmt, {QStringLiteral("example.com")});
    return errs;
}

QStringList isQualifiedName(const QString &value)
{
    QStringList errs;
    const QStringList parts = value.split(u'/');
    QString name;
    if (parts.size() == 1) {
        name = parts.first();
    } else if (parts.size() == 2) {
        const QString prefix = parts.first();
        name = parts.last();
        if (prefix.isEmpty())
            errs << QStringLiteral("prefix part must be non-empty");
        else
            for (const QString &msg : isDns1123Subdomain(prefix))
                errs << QStringLiteral("prefix part ") + msg;
    } else {
        return {QStringLiteral("a qualified name ") + qualifiedNameRegexError() +
                QStringLiteral(" with an optional DNS subdomain prefix and '/' (e.g. "
                               "'example.com/MyName')")};
    }
    if (name.isEmpty())
        errs << QStringLiteral("name part must be non-empty");
    else if (byteLength(name) > 63)
        errs << QStringLiteral("name part ") + maxLenError(63);
    if (!matches(qualifiedNameFmt, name))
        errs << QStringLiteral("name part ") + qualifiedNameRegexError();
    return errs;
}

QStringList isValidLabelValue(const QString &value)
{
    QStringList errs;
    if (byteLength(value) > 63)
        errs << maxLenError(63);
    if (!matches(labelValueFmt, value))
        errs << regexError(
            QStringLiteral("a valid label must be an empty string or consist of "
                           "alphanumeric characters, '-', '_' or '.', and must "
                           "start and end with an alphanumeric character"),
            labelValueFmt,
            {QStringLiteral("MyValue"), QStringLiteral("my_value"), QStringLiteral("12345")});
    return errs;
}

} // namespace detail

namespace {

using Errors = QList<FieldError>;
using NameFn = std::function<QStringList(const QString &)>;

QString key(const char *s)
{
    return QString::fromLatin1(s);
}

QString child(const QString &path, const char *name)
{
    return path.isEmpty() ? key(name) : path + u'.' + key(name);
}

QString index(const QString &path, qsizetype i)
{
    return path + QStringLiteral("[%1]").arg(i);
}

void required(Errors &errs, const QString &path, const QString &detail = {})
{
    errs << FieldError{FieldError::Kind::Required, path, {}, detail, {}};
}

void invalid(Errors &errs, const QString &path, const QString &value, const QString &detail)
{
    errs << FieldError{FieldError::Kind::Invalid, path, value, detail, {}};
}

void notSupported(Errors &errs, const QString &path, const QString &value,
                  const QStringList &supported)
{
    errs << FieldError{FieldError::Kind::NotSupported, path, goQuote(value), {}, supported};
}

void forbidden(Errors &errs, const QString &path, const QString &detail)
{
    errs << FieldError{FieldError::Kind::Forbidden, path, {}, detail, {}};
}

void duplicate(Errors &errs, const QString &path, const QString &value)
{
    errs << FieldError{FieldError::Kind::Duplicate, path, goQuote(value), {}, {}};
}

QString text(const Value &v)
{
    return v.isString() ? v.toString() : QString();
}

bool isTrue(const Value &v)
{
    return v.isBool() && v.toBool();
}

const QString negativeMsg = QStringLiteral("must be greater than or equal to 0");
const QString immutableMsg = QStringLiteral("field is immutable");

void nonNegative(Errors &errs, const Value &v, const QString &path)
{
    if (v.isNumber() && v.toInt() < 0)
        invalid(errs, path, QString::number(v.toInt()), negativeMsg);
}

QStringList dnsSubdomain(const QString &name)
{
    return isDns1123Subdomain(name);
}

QStringList dnsLabel(const QString &name)
{
    return isDns1123Label(name);
}

// ---- ObjectMeta, labels, annotations, selectors -------------------------------------------

void validateLabels(Errors &errs, const Value &labels, const QString &path)
{
    if (!labels.isMap())
        return;
    for (const auto &entry : labels.entries()) {
        for (const QString &msg : isQualifiedName(entry.first))
            invalid(errs, path, goQuote(entry.first), msg);
        for (const QString &msg : isValidLabelValue(text(entry.second)))
            invalid(errs, path, goQuote(text(entry.second)), msg);
    }
}

void validateAnnotations(Errors &errs, const Value &annotations, const QString &path)
{
    if (!annotations.isMap())
        return;
    for (const auto &entry : annotations.entries())
        for (const QString &msg : isQualifiedName(entry.first.toLower()))
            invalid(errs, path, goQuote(entry.first), msg);
}

void validateObjectMeta(Errors &errs, const Value &meta, bool requiresNamespace,
                        const NameFn &nameFn, bool validateLabelValues = true)
{
    const QString path = key("metadata");
    const QString generateName = text(meta[key("generateName")]);
    if (!generateName.isEmpty()) {
        // A generated name ends with random characters: a trailing dash is fine.
        QString masked = generateName;
        if (masked.size() > 1 && masked.endsWith(u'-'))
            masked[masked.size() - 1] = u'a';
        for (const QString &msg : nameFn(masked))
            invalid(errs, child(path, "generateName"), goQuote(generateName), msg);
    }
    const QString name = text(meta[key("name")]);
    if (name.isEmpty())
        required(errs, child(path, "name"), QStringLiteral("name or generateName is required"));
    else
        for (const QString &msg : nameFn(name))
            invalid(errs, child(path, "name"), goQuote(name), msg);
    const QString ns = text(meta[key("namespace")]);
    if (requiresNamespace) {
        if (ns.isEmpty())
            required(errs, child(path, "namespace"));
        else
            for (const QString &msg : isDns1123Label(ns))
                invalid(errs, child(path, "namespace"), goQuote(ns), msg);
    } else if (!ns.isEmpty()) {
        forbidden(errs, child(path, "namespace"), QStringLiteral("not allowed on this type"));
    }
    nonNegative(errs, meta[key("generation")], child(path, "generation"));
    if (validateLabelValues)
        validateLabels(errs, meta[key("labels")], child(path, "labels"));
    validateAnnotations(errs, meta[key("annotations")], child(path, "annotations"));
}

void validateLabelSelector(Errors &errs, const Value &selector, const QString &path)
{
    if (!selector.isMap())
        return;
    const Value &expressions = selector[key("matchExpressions")];
    for (qsizetype i = 0; i < expressions.items().size(); ++i) {
        const Value &req = expressions.items().at(i);
        const QString reqPath = index(child(path, "matchExpressions"), i);
        const QString op = text(req[key("operator")]);
        const qsizetype values = req[key("values")].items().size();
        if (op == QLatin1String("In") || op == QLatin1String("NotIn")) {
            if (values == 0)
                required(errs, child(reqPath, "values"),
                         QStringLiteral("must be specified when `operator` is 'In' or 'NotIn'"));
        } else if (op == QLatin1String("Exists") || op == QLatin1String("DoesNotExist")) {
            if (values > 0)
                forbidden(errs, child(reqPath, "values"),
                          QStringLiteral("may not be specified when `operator` is 'Exists' or "
                                         "'DoesNotExist'"));
        } else {
            invalid(errs, child(reqPath, "operator"), goQuote(op),
                    QStringLiteral("not a valid selector operator"));
        }
        const QString k = text(req[key("key")]);
        for (const QString &msg : isQualifiedName(k))
            invalid(errs, child(reqPath, "key"), goQuote(k), msg);
        for (qsizetype j = 0; j < values; ++j) {
            const QString v = text(req[key("values")].items().at(j));
            for (const QString &msg : isValidLabelValue(v))
                invalid(errs, index(child(reqPath, "values"), j), goQuote(v), msg);
        }
    }
    validateLabels(errs, selector[key("matchLabels")], child(path, "matchLabels"));
}

// metav1.LabelSelectorAsSelector, then Matches. A nil selector matches nothing, an empty
// one everything; `valid` is false where the conversion fails.
struct SelectorMatch
{
    bool valid = true;
    bool empty = false; // labels.Selector.Empty(): no requirement at all
    bool matches = false;
};

SelectorMatch matchSelector(const Value &selector, const Value &labels)
{
    SelectorMatch result;
    if (!selector.isMap())
        return result; // labels.Nothing(): not empty, matches nothing
    const Value &matchLabels = selector[key("matchLabels")];
    const Value &expressions = selector[key("matchExpressions")];
    if (matchLabels.size() + expressions.size() == 0) {
        result.empty = true;
        result.matches = true;
        return result;
    }
    auto has = [&](const QString &k) { return labels.isMap() && labels.contains(k); };
    auto get = [&](const QString &k) { return text(labels[k]); };
    bool all = true;
    if (matchLabels.isMap()) {
        for (const auto &entry : matchLabels.entries()) {
            if (!isQualifiedName(entry.first).isEmpty() ||
                !isValidLabelValue(text(entry.second)).isEmpty())
                result.valid = false;
            if (!has(entry.first) || get(entry.first) != text(entry.second))
                all = false;
        }
    }
    for (const Value &req : expressions.items()) {
        const QString k = text(req[key("key")]);
        const QString op = text(req[key("operator")]);
        QStringList values;
        for (const Value &v : req[key("values")].items())
            values << text(v);
        if (!isQualifiedName(k).isEmpty())
            result.valid = false;
        if (op == QLatin1String("In") || op == QLatin1String("NotIn")) {
            if (values.isEmpty())
                result.valid = false;
            const bool in = has(k) && values.contains(get(k));
            if (op == QLatin1String("In") ? !in : in)
                all = false;
        } else if (op == QLatin1String("Exists") || op == QLatin1String("DoesNotExist")) {
            if (!values.isEmpty())
                result.valid = false;
            if (op == QLatin1String("Exists") ? !has(k) : has(k))
                all = false;
        } else {
            result.valid = false;
        }
    }
    result.matches = all;
    return result;
}

// ---- Pod specs ----------------------------------------------------------------------------

void validateRestartPolicy(Errors &errs, const Value &policy, const QString &path)
{
    const QString p = text(policy);
    if (p == QLatin1String("Always") || p == QLatin1String("OnFailure") ||
        p == QLatin1String("Never"))
        return;
    if (p.isEmpty())
        required(errs, path);
    else
        notSupported(
            errs, path, p,
            {QStringLiteral("Always"), QStringLiteral("OnFailure"), QStringLiteral("Never")});
}

QStringList isValidPortName(const QString &port)
{
    QStringList errs;
    if (byteLength(port) > 15)
        errs << QStringLiteral("must be no more than 15 characters");
    if (!cachedRegex(QStringLiteral("\\A[-a-z0-9]+\\z")).match(port).hasMatch())
        errs << QStringLiteral("must contain only alpha-numeric characters (a-z, 0-9), and "
                               "hyphens (-)");
    if (!port.contains(cachedRegex(QStringLiteral("[a-z]"))))
        errs << QStringLiteral("must contain at least one letter (a-z)");
    if (port.contains(QLatin1String("--")))
        errs << QStringLiteral("must not contain consecutive hyphens");
    if (!port.isEmpty() && (port.startsWith(u'-') || port.endsWith(u'-')))
        errs << QStringLiteral("must not begin or end with a hyphen");
    return errs;
}

QString portRangeMsg()
{
    return QStringLiteral("must be between 1 and 65535, inclusive");
}

void validatePorts(Errors &errs, const Value &ports, const QString &path)
{
    QSet<QString> names;
    for (qsizetype i = 0; i < ports.items().size(); ++i) {
        const Value &port = ports.items().at(i);
        const QString p = index(path, i);
        const QString name = text(port[key("name")]);
        if (!name.isEmpty()) {
            const QStringList msgs = isValidPortName(name);
            for (const QString &msg : msgs)
                invalid(errs, child(p, "name"), goQuote(name), msg);
            if (msgs.isEmpty()) {
                if (names.contains(name))
                    duplicate(errs, child(p, "name"), name);
                names.insert(name);
            }
        }
        const Value &containerPort = port[key("containerPort")];
        if (isEmptyValue(containerPort))
            required(errs, child(p, "containerPort"));
        else if (containerPort.toInt() < 1 || containerPort.toInt() > 65535)
            invalid(errs, child(p, "containerPort"), QString::number(containerPort.toInt()),
                    portRangeMsg());
        const Value &hostPort = port[key("hostPort")];
        if (!isEmptyValue(hostPort) && (hostPort.toInt() < 1 || hostPort.toInt() > 65535))
            invalid(errs, child(p, "hostPort"), QString::number(hostPort.toInt()), portRangeMsg());
        const QString protocol = text(port[key("protocol")]);
        if (protocol.isEmpty())
            required(errs, child(p, "protocol"));
        else if (protocol != QLatin1String("TCP") && protocol != QLatin1String("UDP") &&
                 protocol != QLatin1String("SCTP"))
            notSupported(errs, child(p, "protocol"), protocol,
                         {QStringLiteral("SCTP"), QStringLiteral("TCP"), QStringLiteral("UDP")});
    }
}

QStringList isEnvVarName(const QString &name)
{
    QStringList errs;
    if (!matches(envVarNameFmt, name))
        errs << regexError(QStringLiteral("a valid environment variable name must consist of "
                                          "alphabetic characters, digits, '_', '-', or '.', and "
                                          "must not start with a digit"),
                           envVarNameFmt,
                           {QStringLiteral("my.env-name"), QStringLiteral("MY_ENV.NAME"),
                            QStringLiteral("MyEnvName1")});
    if (name == QLatin1String("."))
        errs << QStringLiteral("must not be '.'");
    else if (name == QLatin1String(".."))
        errs << QStringLiteral("must not be '..'");
    else if (name.startsWith(QLatin1String("..")))
        errs << QStringLiteral("must not start with '..'");
    return errs;
}

void validateEnv(Errors &errs, const Value &env, const QString &path)
{
    for (qsizetype i = 0; i < env.items().size(); ++i) {
        const QString name = text(env.items().at(i)[key("name")]);
        const QString p = child(index(path, i), "name");
        if (name.isEmpty())
            required(errs, p);
        else
            for (const QString &msg : isEnvVarName(name))
                invalid(errs, p, goQuote(name), msg);
    }
}

// validateContainerCommon: what regular and init containers share.
void validateContainerCommon(Errors &errs, const Value &c, const QString &path)
{
    const QString name = text(c[key("name")]);
    if (name.isEmpty())
        required(errs, child(path, "name"));
    else
        for (const QString &msg : isDns1123Label(name))
            invalid(errs, child(path, "name"), goQuote(name), msg);
    if (text(c[key("image")]).isEmpty())
        required(errs, child(path, "image"));
    const QString tmp = text(c[key("terminationMessagePolicy")]);
    if (tmp.isEmpty())
        required(errs, child(path, "terminationMessagePolicy"),
                 QStringLiteral("must be 'File' or 'FallbackToLogsOnError'"));
    else if (tmp != QLatin1String("File") && tmp != QLatin1String("FallbackToLogsOnError"))
        notSupported(errs, child(path, "terminationMessagePolicy"), tmp,
                     {QStringLiteral("File"), QStringLiteral("FallbackToLogsOnError")});
    validatePorts(errs, c[key("ports")], child(path, "ports"));
    validateEnv(errs, c[key("env")], child(path, "env"));
    const QString pull = text(c[key("imagePullPolicy")]);
    if (pull.isEmpty())
        required(errs, child(path, "imagePullPolicy"));
    else if (pull != QLatin1String("Always") && pull != QLatin1String("IfNotPresent") &&
             pull != QLatin1String("Never"))
        notSupported(
            errs, child(path, "imagePullPolicy"), pull,
            {QStringLiteral("Always"), QStringLiteral("IfNotPresent"), QStringLiteral("Never")});
}

void validateContainers(Errors &errs, const Value &containers, const QString &path)
{
    if (containers.items().isEmpty()) {
        required(errs, path);
        return;
    }
    QSet<QString> names;
    for (qsizetype i = 0; i < containers.items().size(); ++i) {
        const Value &c = containers.items().at(i);
        const QString p = index(path, i);
        validateContainerCommon(errs, c, p);
        const QString name = text(c[key("name")]);
        if (names.contains(name))
            duplicate(errs, child(p, "name"), name);
        else
            names.insert(name);
        if (!c[key("restartPolicy")].isNull())
            forbidden(errs, child(p, "restartPolicy"),
                      QStringLiteral("may not be set for non-init containers"));
    }
}

void validateInitContainers(Errors &errs, const Value &inits, const Value &containers,
                            const QString &path)
{
    QSet<QString> names;
    for (const Value &c : containers.items())
        names.insert(text(c[key("name")]));
    for (qsizetype i = 0; i < inits.items().size(); ++i) {
        const Value &c = inits.items().at(i);
        const QString p = index(path, i);
        validateContainerCommon(errs, c, p);
        const Value &policy = c[key("restartPolicy")];
        if (!policy.isNull() && text(policy) != QLatin1String("Always"))
            notSupported(errs, child(p, "restartPolicy"), text(policy), {QStringLiteral("Always")});
        const QString name = text(c[key("name")]);
        if (names.contains(name))
            duplicate(errs, child(p, "name"), name);
        else if (!name.isEmpty())
            names.insert(name);
    }
}

void validateVolumes(Errors &errs, const Value &volumes, const QString &path)
{
    QSet<QString> names;
    for (qsizetype i = 0; i < volumes.items().size(); ++i) {
        const Value &volume = volumes.items().at(i);
        const QString p = index(path, i);
        bool hasSource = false;
        for (const auto &entry : volume.entries())
            if (entry.first != QLatin1String("name") && !entry.second.isNull())
                hasSource = true;
        if (!hasSource)
            required(errs, p, QStringLiteral("must specify a volume type"));
        const QString name = text(volume[key("name")]);
        if (name.isEmpty())
            required(errs, child(p, "name"));
        else
            for (const QString &msg : isDns1123Label(name))
                invalid(errs, child(p, "name"), goQuote(name), msg);
        if (names.contains(name))
            duplicate(errs, child(p, "name"), name);
        else
            names.insert(name);
    }
}

void validatePodSpec(Errors &errs, const Value &spec, const QString &path)
{
    validateVolumes(errs, spec[key("volumes")], child(path, "volumes"));
    validateContainers(errs, spec[key("containers")], child(path, "containers"));
    validateInitContainers(errs, spec[key("initContainers")], spec[key("containers")],
                           child(path, "initContainers"));
    validateRestartPolicy(errs, spec[key("restartPolicy")], child(path, "restartPolicy"));
    const QString dns = text(spec[key("dnsPolicy")]);
    if (dns.isEmpty())
        required(errs, child(path, "dnsPolicy"));
    else if (dns != QLatin1String("ClusterFirstWithHostNet") &&
             dns != QLatin1String("ClusterFirst") && dns != QLatin1String("Default") &&
             dns != QLatin1String("None"))
        notSupported(errs, child(path, "dnsPolicy"), dns,
                     {QStringLiteral("ClusterFirst"), QStringLiteral("ClusterFirstWithHostNet"),
                      QStringLiteral("Default"), QStringLiteral("None")});
    validateLabels(errs, spec[key("nodeSelector")], child(path, "nodeSelector"));
    for (const char *field : {"serviceAccountName", "nodeName"}) {
        const QString v = text(spec[key(field)]);
        if (!v.isEmpty())
            for (const QString &msg : isDns1123Subdomain(v))
                invalid(errs, child(path, field), goQuote(v), msg);
    }
    const Value &deadline = spec[key("activeDeadlineSeconds")];
    if (deadline.isNumber() && (deadline.toInt() < 1 || deadline.toInt() > 2147483647))
        invalid(errs, child(path, "activeDeadlineSeconds"), QString::number(deadline.toInt()),
                QStringLiteral("must be between 1 and 2147483647, inclusive"));
    for (const char *field : {"hostname", "subdomain"}) {
        const QString v = text(spec[key(field)]);
        if (!v.isEmpty())
            for (const QString &msg : isDns1123Label(v))
                invalid(errs, child(path, field), goQuote(v), msg);
    }
}

void validatePodTemplateSpec(Errors &errs, const Value &tmpl, const QString &path)
{
    const Value &meta = tmpl[key("metadata")];
    validateLabels(errs, meta[key("labels")], child(path, "labels"));
    validateAnnotations(errs, meta[key("annotations")], child(path, "annotations"));
    validatePodSpec(errs, tmpl[key("spec")], child(path, "spec"));
    if (!tmpl[key("spec")][key("ephemeralContainers")].items().isEmpty())
        forbidden(errs, path + QStringLiteral(".spec.ephemeralContainers"),
                  QStringLiteral("ephemeral containers not allowed in pod template"));
}

// ---- Jobs ---------------------------------------------------------------------------------

// The labels prepareJobForCreate copied onto a Job with none: on a real server they only
// appear there once the Job is stored, so they are not validated a second time.
bool hasOnlyGeneratedLabels(const Value &job)
{
    const Value &meta = job[key("metadata")];
    const Value &labels = meta[key("labels")];
    if (!labels.isMap() || labels.size() != 4)
        return false;
    const QString name = text(meta[key("name")]);
    const QString uid = text(meta[key("uid")]);
    return text(labels[key("job-name")]) == name &&
           text(labels[key("batch.kubernetes.io/job-name")]) == name &&
           text(labels[key("controller-uid")]) == uid &&
           text(labels[key("batch.kubernetes.io/controller-uid")]) == uid;
}

void validateJobSpec(Errors &errs, const Value &spec)
{
    const QString path = key("spec");
    for (const char *field : {"parallelism", "completions", "activeDeadlineSeconds", "backoffLimit",
                              "ttlSecondsAfterFinished", "backoffLimitPerIndex"})
        nonNegative(errs, spec[key(field)], child(path, field));
    const Value &perIndex = spec[key("backoffLimitPerIndex")];
    const Value &maxFailed = spec[key("maxFailedIndexes")];
    if (!maxFailed.isNull()) {
        nonNegative(errs, maxFailed, child(path, "maxFailedIndexes"));
        if (perIndex.isNull())
            required(errs, child(path, "backoffLimitPerIndex"),
                     QStringLiteral("when maxFailedIndexes is specified"));
    }
    const Value &mode = spec[key("completionMode")];
    const QString modeText = text(mode);
    if (!mode.isNull()) {
        if (modeText != QLatin1String("NonIndexed") && modeText != QLatin1String("Indexed"))
            notSupported(errs, child(path, "completionMode"), modeText,
                         {QStringLiteral("NonIndexed"), QStringLiteral("Indexed")});
        if (modeText == QLatin1String("Indexed")) {
            if (spec[key("completions")].isNull())
                required(errs, child(path, "completions"),
                         QStringLiteral("when completion mode is Indexed"));
            const Value &parallelism = spec[key("parallelism")];
            if (parallelism.isNumber() && parallelism.toInt() > 100000)
                invalid(errs, child(path, "parallelism"), QString::number(parallelism.toInt()),
                        QStringLiteral("must be less than or equal to 100000 when completion "
                                       "mode is Indexed"));
        }
    }
    if (mode.isNull() || modeText == QLatin1String("NonIndexed")) {
        if (!perIndex.isNull())
            invalid(errs, child(path, "backoffLimitPerIndex"), QString::number(perIndex.toInt()),
                    QStringLiteral("requires indexed completion mode"));
        if (!maxFailed.isNull())
            invalid(errs, child(path, "maxFailedIndexes"), QString::number(maxFailed.toInt()),
                    QStringLiteral("requires indexed completion mode"));
    }
    const bool failurePolicy = !spec[key("podFailurePolicy")].isNull();
    const Value &replacement = spec[key("podReplacementPolicy")];
    if (!replacement.isNull()) {
        const QString r = text(replacement);
        if (failurePolicy) {
            if (r != QLatin1String("Failed"))
                notSupported(errs, child(path, "podReplacementPolicy"), r,
                             {QStringLiteral("Failed")});
        } else if (r != QLatin1String("Failed") && r != QLatin1String("TerminatingOrFailed")) {
            notSupported(errs, child(path, "podReplacementPolicy"), r,
                         {QStringLiteral("Failed"), QStringLiteral("TerminatingOrFailed")});
        }
    }
    const Value &tmpl = spec[key("template")];
    validatePodTemplateSpec(errs, tmpl, child(path, "template"));
    // The pod defaults turn an omitted restartPolicy into Always: both are refused alike.
    const QString restart = text(tmpl[key("spec")][key("restartPolicy")]);
    const QString restartPath = path + QStringLiteral(".template.spec.restartPolicy");
    if (restart.isEmpty() || restart == QLatin1String("Always"))
        required(errs, restartPath, QStringLiteral("valid values: \"OnFailure\", \"Never\""));
    else if (restart != QLatin1String("OnFailure") && restart != QLatin1String("Never"))
        notSupported(errs, restartPath, restart,
                     {QStringLiteral("OnFailure"), QStringLiteral("Never")});
    else if (failurePolicy && restart != QLatin1String("Never"))
        invalid(errs, restartPath, goQuote(restart),
                QStringLiteral("only \"Never\" is supported when podFailurePolicy is specified"));

    const Value &selector = spec[key("selector")];
    if (!selector.isMap())
        required(errs, child(path, "selector"));
    else
        validateLabelSelector(errs, selector, child(path, "selector"));
    const Value &labels = tmpl[key("metadata")][key("labels")];
    const SelectorMatch m = matchSelector(selector, labels);
    if (m.valid && !m.matches)
        invalid(errs, path + QStringLiteral(".template.metadata.labels"), goStringMap(labels),
                QStringLiteral("`selector` does not match template `labels`"));
}

void validateJob(Errors &errs, const Value &job)
{
    const Value &meta = job[key("metadata")];
    validateObjectMeta(errs, meta, true, dnsSubdomain, !hasOnlyGeneratedLabels(job));
    const Value &spec = job[key("spec")];
    validateJobSpec(errs, spec);
    const Value &completions = spec[key("completions")];
    if (text(spec[key("completionMode")]) == QLatin1String("Indexed") && completions.isNumber() &&
        completions.toInt() > 0) {
        const QString name = text(meta[key("name")]);
        const QString hostname = QStringLiteral("%1-%2").arg(name).arg(completions.toInt() - 1);
        if (!isDns1123Label(hostname).isEmpty())
            invalid(errs, QStringLiteral("metadata.name"), goQuote(name),
                    QStringLiteral("will not able to create pod with invalid DNS label: ") +
                        hostname);
    }
}

// ---- Deployments and ReplicaSets ----------------------------------------------------------

void validatePodTemplateForReplicaSet(Errors &errs, const Value &tmpl, const SelectorMatch &sel,
                                      const QString &path)
{
    const Value &labels = tmpl[key("metadata")][key("labels")];
    if (!sel.empty && !sel.matches)
        invalid(errs, path + QStringLiteral(".metadata.labels"), goStringMap(labels),
                QStringLiteral("`selector` does not match template `labels`"));
    validatePodTemplateSpec(errs, tmpl, path);
    const QString restart = text(tmpl[key("spec")][key("restartPolicy")]);
    if (restart != QLatin1String("Always"))
        notSupported(errs, path + QStringLiteral(".spec.restartPolicy"), restart,
                     {QStringLiteral("Always")});
    if (!tmpl[key("spec")][key("activeDeadlineSeconds")].isNull())
        forbidden(errs, path + QStringLiteral(".spec.activeDeadlineSeconds"),
                  QStringLiteral("activeDeadlineSeconds in ReplicaSet is not Supported"));
}

// Selector and template, as ValidateDeploymentSpec and ValidateReplicaSetSpec share them.
void validateSelectorAndTemplate(Errors &errs, const Value &spec, const QString &path)
{
    const Value &selector = spec[key("selector")];
    if (!selector.isMap()) {
        required(errs, child(path, "selector"));
    } else {
        validateLabelSelector(errs, selector, child(path, "selector"));
        if (selector[key("matchLabels")].size() + selector[key("matchExpressions")].size() == 0)
            invalid(errs, child(path, "selector"), goLabelSelector(selector),
                    QStringLiteral("empty selector is invalid for deployment"));
    }
    const Value &tmpl = spec[key("template")];
    const SelectorMatch m = matchSelector(selector, tmpl[key("metadata")][key("labels")]);
    if (!m.valid)
        invalid(errs, child(path, "selector"), goLabelSelector(selector),
                QStringLiteral("invalid label selector"));
    else
        validatePodTemplateForReplicaSet(errs, tmpl, m, child(path, "template"));
}

// An IntOrString as %#v prints it (it has no String() on the value).
QString goIntOrString(const Value &v)
{
    if (v.isString())
        return QStringLiteral("intstr.IntOrString{Type:1, IntVal:0, StrVal:%1}")
            .arg(goQuote(v.toString()));
    return QStringLiteral("intstr.IntOrString{Type:0, IntVal:%1, StrVal:\"\"}").arg(v.toInt());
}

// getIntOrPercentValue; -1 when the string is not a percentage.
qint64 intOrPercent(const Value &v)
{
    if (!v.isString())
        return v.toInt();
    const QString s = v.toString();
    if (!s.endsWith(u'%'))
        return -1;
    bool ok = false;
    const qint64 n = s.chopped(1).toLongLong(&ok);
    return ok ? n : -1;
}

void validatePositiveIntOrPercent(Errors &errs, const Value &v, const QString &path)
{
    if (v.isString()) {
        if (!matches(percentFmt, v.toString()))
            invalid(errs, path, goIntOrString(v),
                    regexError(QStringLiteral("a valid percent string must be a numeric string "
                                              "followed by an ending '%'"),
                               percentFmt, {QStringLiteral("1%"), QStringLiteral("93%")}));
    } else if (v.isNumber()) {
        nonNegative(errs, v, path);
    }
}

void validateStrategy(Errors &errs, const Value &strategy, const QString &path)
{
    const QString type = text(strategy[key("type")]);
    const Value &rolling = strategy[key("rollingUpdate")];
    if (type == QLatin1String("Recreate")) {
        if (!rolling.isNull())
            forbidden(errs, child(path, "rollingUpdate"),
                      QStringLiteral("may not be specified when strategy `type` is 'Recreate'"));
    } else if (type == QLatin1String("RollingUpdate")) {
        if (!rolling.isMap()) {
            required(errs, child(path, "rollingUpdate"),
                     QStringLiteral("this should be defaulted and never be nil"));
            return;
        }
        const QString rollingPath = child(path, "rollingUpdate");
        const Value &maxUnavailable = rolling[key("maxUnavailable")];
        const Value &maxSurge = rolling[key("maxSurge")];
        validatePositiveIntOrPercent(errs, maxUnavailable, child(rollingPath, "maxUnavailable"));
        validatePositiveIntOrPercent(errs, maxSurge, child(rollingPath, "maxSurge"));
        if (intOrPercent(maxUnavailable) == 0 && intOrPercent(maxSurge) == 0)
            invalid(errs, child(rollingPath, "maxUnavailable"), goIntOrString(maxUnavailable),
                    QStringLiteral("may not be 0 when `maxSurge` is 0"));
        if (maxUnavailable.isString() && intOrPercent(maxUnavailable) > 100)
            invalid(errs, child(rollingPath, "maxUnavailable"), goIntOrString(maxUnavailable),
                    QStringLiteral("must not be greater than 100%"));
    } else {
        const QString rollingText = rolling.isNull()
                                        ? QStringLiteral("(*apps.RollingUpdateDeployment)(nil)")
                                        : QStringLiteral("(*apps.RollingUpdateDeployment)(...)");
        errs << FieldError{FieldError::Kind::NotSupported,
                           path,
                           QStringLiteral("apps.DeploymentStrategy{Type:%1, RollingUpdate:%2}")
                               .arg(goQuote(type), rollingText),
                           {},
                           {QStringLiteral("Recreate"), QStringLiteral("RollingUpdate")}};
    }
}

void validateDeployment(Errors &errs, const Value &deployment)
{
    validateObjectMeta(errs, deployment[key("metadata")], true, dnsSubdomain);
    const Value &spec = deployment[key("spec")];
    const QString path = key("spec");
    nonNegative(errs, spec[key("replicas")], child(path, "replicas"));
    validateSelectorAndTemplate(errs, spec, path);
    validateStrategy(errs, spec[key("strategy")], child(path, "strategy"));
    nonNegative(errs, spec[key("minReadySeconds")], child(path, "minReadySeconds"));
    nonNegative(errs, spec[key("revisionHistoryLimit")], child(path, "revisionHistoryLimit"));
    const Value &progress = spec[key("progressDeadlineSeconds")];
    if (progress.isNumber()) {
        nonNegative(errs, progress, child(path, "progressDeadlineSeconds"));
        if (progress.toInt() <= spec[key("minReadySeconds")].toInt())
            invalid(errs, child(path, "progressDeadlineSeconds"), QString::number(progress.toInt()),
                    QStringLiteral("must be greater than minReadySeconds"));
    }
}

void validateReplicaSet(Errors &errs, const Value &rs)
{
    validateObjectMeta(errs, rs[key("metadata")], true, dnsSubdomain);
    const Value &spec = rs[key("spec")];
    const QString path = key("spec");
    nonNegative(errs, spec[key("replicas")], child(path, "replicas"));
    nonNegative(errs, spec[key("minReadySeconds")], child(path, "minReadySeconds"));
    validateSelectorAndTemplate(errs, spec, path);
}

// ---- Pods and Namespaces ------------------------------------------------------------------

void validatePod(Errors &errs, const Value &pod)
{
    validateObjectMeta(errs, pod[key("metadata")], true, dnsSubdomain);
    const Value &spec = pod[key("spec")];
    validatePodSpec(errs, spec, key("spec"));
    for (const char *list : {"containers", "initContainers"}) {
        const Value &containers = spec[key(list)];
        for (qsizetype i = 0; i < containers.items().size(); ++i) {
            const QString image = text(containers.items().at(i)[key("image")]);
            if (image != image.trimmed())
                invalid(errs, child(index(QStringLiteral("spec.") + key(list), i), "image"),
                        goQuote(image),
                        QStringLiteral("must not have leading or trailing whitespace"));
        }
    }
    if (!spec[key("ephemeralContainers")].items().isEmpty())
        forbidden(errs, QStringLiteral("spec.ephemeralContainers"),
                  QStringLiteral("cannot be set on create"));
}

// ---- Kueue --------------------------------------------------------------------------------

bool isBlocking(const FieldError &e)
{
    return e.kind == FieldError::Kind::Required || e.kind == FieldError::Kind::NotSupported ||
           e.kind == FieldError::Kind::TooLong ||
           (e.kind == FieldError::Kind::Invalid &&
            e.detail.contains(QLatin1String(" in body must be of type ")));
}

// The CEL rules (x-kubernetes-validations) of Kueue's ClusterQueue CRD; a rule's error
// names the object it is declared on, with the value "object".
void validateClusterQueueRules(Errors &errs, const Value &spec)
{
    if (!spec.isMap())
        return;
    const Value &groups = spec[key("resourceGroups")];
    if (spec[key("cohort")].isNull() && groups.isList()) {
        bool borrowing = false;
        for (const Value &group : groups.items())
            for (const Value &flavor : group[key("flavors")].items())
                for (const Value &resource : flavor[key("resources")].items())
                    if (!resource[key("borrowingLimit")].isNull())
                        borrowing = true;
        if (borrowing)
            invalid(errs, key("spec"), goQuote(key("object")),
                    QStringLiteral("borrowingLimit must be nil when cohort is empty"));
    }
    for (qsizetype i = 0; i < groups.items().size(); ++i) {
        const Value &group = groups.items().at(i);
        const qsizetype covered = group[key("coveredResources")].items().size();
        bool same = true;
        for (const Value &flavor : group[key("flavors")].items())
            if (flavor[key("resources")].items().size() != covered)
                same = false;
        if (!same)
            invalid(errs, index(QStringLiteral("spec.resourceGroups"), i), goQuote(key("object")),
                    QStringLiteral("flavors must have the same number of resources as the "
                                   "coveredResources"));
    }
    const Value &preemption = spec[key("preemption")];
    const Value &borrow = preemption[key("borrowWithinCohort")];
    if (text(preemption[key("reclaimWithinCohort")]) == QLatin1String("Never") && borrow.isMap() &&
        text(borrow[key("policy")]) != QLatin1String("Never"))
        invalid(errs, QStringLiteral("spec.preemption"), goQuote(key("object")),
                QStringLiteral("reclaimWithinCohort=Never and borrowWithinCohort.Policy!=Never"));
}

void validateCustomResource(Errors &errs, const KindInfo &kind, const Value &object)
{
    validateObjectMeta(errs, object[key("metadata")], kind.namespaced, dnsSubdomain);
    validateCustomResourceSchema(kind, object, errs);
    const Value &spec = object[key("spec")];
    // A LocalQueue that names no ClusterQueue could never admit anything.
    if (kind.kind == QLatin1String("LocalQueue") && (spec.isMap() || spec.isNull()) &&
        text(spec[key("clusterQueue")]).isEmpty() &&
        (spec[key("clusterQueue")].isNull() || spec[key("clusterQueue")].isString()))
        required(errs, QStringLiteral("spec.clusterQueue"));
    bool blocking = false;
    for (const FieldError &e : std::as_const(errs))
        blocking = blocking || isBlocking(e);
    if (kind.kind != QLatin1String("ClusterQueue"))
        return;
    if (blocking) {
        // The apiextensions server skips the CEL rules of an object that fails its schema.
        invalid(errs, QStringLiteral("<nil>"), goQuote(QStringLiteral("null")),
                QStringLiteral("some validation rules were not checked because the object was "
                               "invalid; correct the existing errors to complete validation"));
        return;
    }
    validateClusterQueueRules(errs, spec);
}

// ---- Updates ------------------------------------------------------------------------------

// A Job's template with what a suspended Job that never started may change taken out
// (validationOptionsForJob's AllowMutableSchedulingDirectives: Kueue's path).
Value withoutSchedulingDirectives(const Value &tmpl)
{
    Value copy = tmpl;
    if (Value *meta = copy.find(key("metadata")); meta && meta->isMap()) {
        meta->remove(key("labels"));
        meta->remove(key("annotations"));
    }
    if (Value *spec = copy.find(key("spec")); spec && spec->isMap()) {
        spec->remove(key("nodeSelector"));
        spec->remove(key("tolerations"));
        spec->remove(key("schedulingGates"));
        if (Value *affinity = spec->find(key("affinity")); affinity && affinity->isMap()) {
            affinity->remove(key("nodeAffinity"));
            if (affinity->size() == 0)
                spec->remove(key("affinity"));
        }
    }
    return copy;
}

QString goIntOrNull(const Value &v)
{
    return v.isNumber() ? QString::number(v.toInt()) : QStringLiteral("null");
}

void immutable(Errors &errs, const QString &path, const QString &value)
{
    invalid(errs, path, value, immutableMsg);
}

void validateJobUpdate(Errors &errs, const Value &oldJob, const Value &newJob)
{
    validateJob(errs, newJob);
    const Value &oldSpec = oldJob[key("spec")];
    const Value &newSpec = newJob[key("spec")];
    // ValidateJobSpecUpdate repeats ValidateJobSpec; kubectl drops the identical causes,
    // so they are not repeated here.
    if (!semanticEqual(oldSpec[key("completions")], newSpec[key("completions")]))
        immutable(errs, QStringLiteral("spec.completions"),
                  goIntOrNull(newSpec[key("completions")]));
    if (!semanticEqual(oldSpec[key("selector")], newSpec[key("selector")]))
        immutable(errs, QStringLiteral("spec.selector"), goLabelSelector(newSpec[key("selector")]));
    Value oldTemplate = oldSpec[key("template")];
    Value newTemplate = newSpec[key("template")];
    const bool suspended = isTrue(oldSpec[key("suspend")]);
    const bool neverStarted = oldJob[key("status")][key("startTime")].isNull();
    if (suspended && neverStarted) {
        oldTemplate = withoutSchedulingDirectives(oldTemplate);
        newTemplate = withoutSchedulingDirectives(newTemplate);
    }
    if (!semanticEqual(oldTemplate, newTemplate))
        immutable(errs, QStringLiteral("spec.template"),
                  QStringLiteral("core.PodTemplateSpec{...}"));
    if (!semanticEqual(oldSpec[key("completionMode")], newSpec[key("completionMode")]))
        immutable(errs, QStringLiteral("spec.completionMode"),
                  newSpec[key("completionMode")].isString()
                      ? goQuote(newSpec[key("completionMode")].toString())
                      : QStringLiteral("null"));
    if (!semanticEqual(oldSpec[key("podFailurePolicy")], newSpec[key("podFailurePolicy")]))
        immutable(errs, QStringLiteral("spec.podFailurePolicy"),
                  newSpec[key("podFailurePolicy")].isNull()
                      ? QStringLiteral("null")
                      : QStringLiteral("batch.PodFailurePolicy{...}"));
    if (!semanticEqual(oldSpec[key("backoffLimitPerIndex")], newSpec[key("backoffLimitPerIndex")]))
        immutable(errs, QStringLiteral("spec.backoffLimitPerIndex"),
                  goIntOrNull(newSpec[key("backoffLimitPerIndex")]));
    if (!semanticEqual(oldSpec[key("managedBy")], newSpec[key("managedBy")]))
        immutable(errs, QStringLiteral("spec.managedBy"),
                  newSpec[key("managedBy")].isString()
                      ? goQuote(newSpec[key("managedBy")].toString())
                      : QStringLiteral("null"));
    if (!semanticEqual(oldSpec[key("successPolicy")], newSpec[key("successPolicy")]))
        immutable(errs, QStringLiteral("spec.successPolicy"),
                  newSpec[key("successPolicy")].isNull()
                      ? QStringLiteral("null")
                      : QStringLiteral("batch.SuccessPolicy{...}"));
}

} // namespace

QList<FieldError> validateCreate(const KindInfo &kind, const Value &object)
{
    Errors errs;
    const QString &k = kind.kind;
    if (k == QLatin1String("Job"))
        validateJob(errs, object);
    else if (k == QLatin1String("Deployment"))
        validateDeployment(errs, object);
    else if (k == QLatin1String("ReplicaSet"))
        validateReplicaSet(errs, object);
    else if (k == QLatin1String("Pod"))
        validatePod(errs, object);
    else if (k == QLatin1String("Namespace"))
        validateObjectMeta(errs, object[key("metadata")], false, dnsLabel);
    else if (isCustomResource(kind))
        validateCustomResource(errs, kind, object);
    else
        validateObjectMeta(errs, object[key("metadata")], kind.namespaced, dnsSubdomain);
    return errs;
}

QList<FieldError> validateUpdate(const KindInfo &kind, const Value &oldObject,
                                 const Value &newObject)
{
    Errors errs;
    const QString &k = kind.kind;
    if (k == QLatin1String("Job")) {
        validateJobUpdate(errs, oldObject, newObject);
        return errs;
    }
    errs = validateCreate(kind, newObject);
    const Value &oldSpec = oldObject[key("spec")];
    const Value &newSpec = newObject[key("spec")];
    if (k == QLatin1String("Deployment") || k == QLatin1String("ReplicaSet")) {
        // The strategies check the selector last, after the object itself.
        if (!semanticEqual(oldSpec[key("selector")], newSpec[key("selector")]))
            immutable(errs, QStringLiteral("spec.selector"),
                      goLabelSelector(newSpec[key("selector")]));
    } else if (k == QLatin1String("ClusterQueue")) {
        if (!semanticEqual(oldSpec[key("queueingStrategy")], newSpec[key("queueingStrategy")]))
            immutable(errs, QStringLiteral("spec.queueingStrategy"),
                      goQuote(text(newSpec[key("queueingStrategy")])));
    } else if (k == QLatin1String("LocalQueue")) {
        // A CEL transition rule (self == oldSelf): its value is the schema type.
        if (!semanticEqual(oldSpec[key("clusterQueue")], newSpec[key("clusterQueue")]))
            immutable(errs, QStringLiteral("spec.clusterQueue"), goQuote(QStringLiteral("string")));
    }
    return errs;
}

QStringList warningsOnCreate(const KindInfo &kind, const Value &object)
{
    QStringList warnings;
    if (kind.kind == QLatin1String("Job")) {
        const QString name = text(object[key("metadata")][key("name")]);
        const QStringList msgs = isDns1123Label(name);
        if (!name.isEmpty() && !msgs.isEmpty())
            warnings << QStringLiteral("metadata.name: this is used in Pod names and hostnames, "
                                       "which can result in surprising behavior; a DNS label is "
                                       "recommended: [") +
                            msgs.join(u' ') + u']';
    }
    return warnings;
}

} // namespace schedlab::kube
