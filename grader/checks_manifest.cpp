// Checkers of a Kubernetes manifest, read by the mini-cluster's own API: the Job is
// accepted as `kubectl apply` would accept it, a field has its value, and the rest matches
// the notes' Job field by field.
#include "checkers.h"

#include "apiserver.h"
#include "kinds.h"
#include "kubecluster.h"
#include "manifest.h"
#include "printers.h"
#include "yamlreader.h"

#include <QFileInfo> // file-access: trusted (the rubric's folder)
#include <QRegularExpression>

namespace schedlab::grader {

namespace {

using kube::Value;

struct ManifestReading
{
    std::optional<Value> object; // the only document, as written
    QString error;               // what kubectl would print, in its words
};

ManifestReading readManifest(const QByteArray &bytes, const QString &name)
{
    ManifestReading r;
    const kube::YamlReadResult read = kube::readYamlDocuments(bytes);
    if (!read.ok()) {
        r.error = QStringLiteral("error: error parsing %1: error converting YAML to JSON: %2")
                      .arg(name, read.error);
        return r;
    }
    if (read.documents.size() != 1 || !read.documents.first().root.isMap()) {
        r.error = QStringLiteral("%1 doit contenir un seul objet, il en contient %2.")
                      .arg(name)
                      .arg(read.documents.size());
        return r;
    }
    r.object = read.documents.first().root;
    return r;
}

// The one object of the criterion's file, or the outcome that says why there is none.
std::optional<Value> submittedManifest(const Criterion &c, CheckContext &ctx, CheckOutcome *failure)
{
    const SubmittedFile &f = ctx.file(c.file);
    if (!f.usable()) {
        *failure = unusableFile(f, c.file);
        return std::nullopt;
    }
    ManifestReading r = readManifest(f.bytes, c.file);
    if (!r.object)
        failure->note = r.error;
    return std::move(r.object);
}

// A scalar as YAML writes it in a flow ({...}, [...]), quoted only when it would read as
// something else ("1", "true", "a, b", "x: y").
QString flowScalar(const QString &text)
{
    static const QRegularExpression special(
        QStringLiteral("^(true|false|null|yes|no|on|off|~|[-+]?[0-9.]+([eE][-+]?[0-9]+)?)$"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression unsafe(
        QStringLiteral("[,\\[\\]{}'\"]|: |:$| #|^([-?:](\\s|$)|[!&*|>%@`# ])|\\s$"));
    if (!text.isEmpty() && !special.match(text).hasMatch() && !unsafe.match(text).hasMatch())
        return text;
    return u'\'' + QString(text).replace(u'\'', QStringLiteral("''")) + u'\'';
}

// A value as YAML on one line ({name: X, value: '1'}, [sh, -c, ...]), as a student writes a
// manifest: feedback never shows JSON.
QString flowYaml(const Value &v)
{
    switch (v.type()) {
    case Value::Type::Null:
        return QStringLiteral("null");
    case Value::Type::Bool:
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case Value::Type::Int:
        return QString::number(v.toInt());
    case Value::Type::Float:
        return QString::number(v.toDouble());
    case Value::Type::String:
        return flowScalar(v.toString());
    case Value::Type::List: {
        QStringList items;
        for (const Value &item : v.items())
            items << flowYaml(item);
        return u'[' + items.join(QStringLiteral(", ")) + u']';
    }
    case Value::Type::Map: {
        QStringList entries;
        for (const auto &[key, value] : v.entries())
            entries << flowScalar(key) + QStringLiteral(": ") + flowYaml(value);
        return u'{' + entries.join(QStringLiteral(", ")) + u'}';
    }
    }
    return QString();
}

QString display(const Value &v)
{
    return v.isNull() ? QStringLiteral("(absent)") : flowYaml(v);
}

// What the API server answers to `kubectl apply` of this object on an empty cluster.
CheckOutcome checkJobAccepted(const Criterion &c, CheckContext &ctx)
{
    CheckOutcome out;
    const std::optional<Value> object = submittedManifest(c, ctx, &out);
    if (!object)
        return out;
    const QString apiVersion = (*object)[QStringLiteral("apiVersion")].toString();
    const QString kindName = (*object)[QStringLiteral("kind")].toString();
    out.evidence = QStringLiteral("apiVersion: %1, kind: %2").arg(apiVersion, kindName);
    const kube::KindInfo *kind = kube::kindFor(apiVersion, kindName);
    if (!kind || kind->kind != QLatin1String("Job")) {
        out.note = QStringLiteral("L'objet doit être un Job de batch/v1, c'est « %1 %2 ».")
                       .arg(apiVersion, kindName);
        return out;
    }
    kube::KubeCluster cluster{kube::KubeOptions{}};
    const kube::KubeCluster::Answer answer = cluster.apply(*kind, *object, true, c.file);
    out.passed = answer.ok;
    if (!answer.ok)
        out.note = QStringLiteral("L'API le refuse : %1").arg(answer.error);
    return out;
}

// The value at a dotted path ("spec.template.spec.restartPolicy"), null when absent.
Value valueAt(const Value &object, const QString &path)
{
    Value current = object;
    for (const QString &key : path.split(u'.')) {
        bool isIndex = false;
        const int index = key.toInt(&isIndex);
        if (isIndex && current.isList())
            current = current.items().value(index);
        else
            current = current[key];
    }
    return current;
}

CheckOutcome checkField(const Criterion &c, CheckContext &ctx)
{
    CheckOutcome out;
    const std::optional<Value> object = submittedManifest(c, ctx, &out);
    if (!object)
        return out;
    const QString path = c.params.value(QStringLiteral("path")).toString();
    const QString want = c.params.value(QStringLiteral("equals")).toString();
    const Value got = valueAt(*object, path);
    out.evidence = QStringLiteral("%1: %2").arg(path, display(got));
    const QString gotText = got.isString() ? got.toString() : kube::toJson(got).trimmed();
    out.passed = !got.isNull() && gotText == want;
    if (!out.passed)
        out.note = QStringLiteral("%1 vaut %2 dans le fichier ; attendu : %3.")
                       .arg(path, display(got), want);
    return out;
}

// Paths where `a` and `b` differ, after the API server's defaults on both.
void differences(const Value &a, const Value &b, const QString &path, QStringList *out)
{
    if (a.isMap() && b.isMap()) {
        QStringList keys;
        for (const auto &[k, v] : a.entries())
            keys << k;
        for (const auto &[k, v] : b.entries())
            if (!keys.contains(k))
                keys << k;
        for (const QString &k : keys)
            differences(a[k], b[k], path.isEmpty() ? k : path + u'.' + k, out);
        return;
    }
    if (a.isList() && b.isList() && a.items().size() == b.items().size()) {
        for (int i = 0; i < a.items().size(); ++i)
            differences(a.items()[i], b.items()[i], path + u'.' + QString::number(i), out);
        return;
    }
    if (!(a == b))
        *out << path;
}

Value defaulted(const kube::KindInfo &kind, Value object)
{
    kube::applyDefaults(kind, object);
    return object;
}

bool listed(const QVariant &paths, const QString &path)
{
    for (const QString &p : paths.toStringList())
        if (path == p || path.startsWith(p + u'.'))
            return true;
    return false;
}

CheckOutcome checkSameAs(const Criterion &c, CheckContext &ctx)
{
    CheckOutcome out;
    const std::optional<Value> mine = submittedManifest(c, ctx, &out);
    if (!mine)
        return out;
    // file-access: trusted (the rubric's own folder, not the student's)
    const QString rubricDir = QFileInfo(ctx.rubric().path).absolutePath();
    const QString reference = c.params.value(QStringLiteral("reference")).toString();
    const QString referencePath = rubricDir + u'/' + reference;
    const SubmittedFile ref = readSubmittedFile(rubricDir, reference);
    const ManifestReading notes = readManifest(ref.bytes, referencePath);
    const kube::KindInfo *kind = kube::kindFor(QStringLiteral("batch/v1"), QStringLiteral("Job"));
    if (!notes.object || !kind) {
        out.confidence = 0;
        out.note =
            QStringLiteral("La référence de la grille est illisible : %1").arg(referencePath);
        return out;
    }
    // Compared, and shown, after the API server's defaults: what the cluster would run.
    const Value expected = defaulted(*kind, *notes.object);
    const Value written = defaulted(*kind, *mine);
    QStringList paths;
    differences(expected, written, QString(), &paths);
    QStringList wrong, toReview;
    for (const QString &p : std::as_const(paths)) {
        if (listed(c.params.value(QStringLiteral("allow")), p))
            continue;
        const QString line =
            QStringLiteral("%1 : %2 au lieu de %3")
                .arg(p, display(valueAt(written, p)), display(valueAt(expected, p)));
        (listed(c.params.value(QStringLiteral("review")), p) ? toReview : wrong) << line;
    }
    out.passed = wrong.isEmpty();
    out.evidence = (wrong + toReview).join(QStringLiteral(" ; "));
    if (!wrong.isEmpty())
        out.note = QStringLiteral("Différences avec le Job des notes : %1.")
                       .arg(wrong.join(QStringLiteral(" ; ")));
    else if (!toReview.isEmpty()) {
        out.confidence = 0.5;
        out.note = c.params.value(QStringLiteral("review_note")).toString() + u' ' +
                   toReview.join(QStringLiteral(" ; ")) + u'.';
    }
    return out;
}

} // namespace

void addManifestCheckers(CheckerTable &table)
{
    table.insert(QStringLiteral("manifest.job-accepted"), {checkJobAccepted});
    table.insert(QStringLiteral("manifest.field"), {checkField});
    table.insert(QStringLiteral("manifest.same-as"), {checkSameAs});
}

} // namespace schedlab::grader
