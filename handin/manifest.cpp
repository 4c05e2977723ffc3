// The manifest as JSON, read back field by field with its type checked.
#include "manifest.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

#include <cmath>
#include <limits>

#ifndef SCHEDLAB_VERSION
#define SCHEDLAB_VERSION "unknown"
#endif

namespace schedlab::handin {

namespace {

constexpr int kMaxString = 1024;

QString statusName(ExamStatus status)
{
    switch (status) {
    case ExamStatus::InProgress:
        return QStringLiteral("in-progress");
    case ExamStatus::HandedIn:
        return QStringLiteral("handed-in");
    case ExamStatus::Absent:
        break;
    }
    return QStringLiteral("absent");
}

QString kindName(ExamHandInKind kind)
{
    return kind == ExamHandInKind::TimeRanOut ? QStringLiteral("time-ran-out")
                                              : QStringLiteral("student");
}

QString utc(const QDateTime &at)
{
    return at.toUTC().toString(Qt::ISODateWithMs);
}

// Reads fields of untrusted JSON; the first problem met is kept, naming the field
// ("files[2].sha256"), and every later read returns a default.
class FieldReader
{
public:
    QString error;
    bool failed() const { return !error.isEmpty(); }

    bool fail(const QString &field, const QString &what)
    {
        if (error.isEmpty())
            error = QStringLiteral("manifest.json: the field \"%1\" %2").arg(field, what);
        return false;
    }

    // Absent is fine (nullopt without error); any other type is an error.
    std::optional<QString> string(const QJsonObject &o, const QString &key, const QString &field,
                                  int cap = kMaxString)
    {
        const QJsonValue v = o.value(key);
        if (v.isUndefined() || v.isNull())
            return std::nullopt;
        if (!v.isString()) {
            fail(field, QStringLiteral("must be a string"));
            return std::nullopt;
        }
        if (v.toString().size() > cap) {
            fail(field, QStringLiteral("is longer than the %1 characters allowed").arg(cap));
            return std::nullopt;
        }
        return v.toString();
    }

    std::optional<qint64> whole(const QJsonObject &o, const QString &key, const QString &field)
    {
        const QJsonValue v = o.value(key);
        if (v.isUndefined() || v.isNull())
            return std::nullopt;
        const double d = v.toDouble(-1);
        if (!v.isDouble() || d < 0 || d > 9.0e15 || std::floor(d) != d) {
            fail(field, QStringLiteral("must be a whole number, 0 or more"));
            return std::nullopt;
        }
        return qint64(d);
    }

    std::optional<QDateTime> date(const QJsonObject &o, const QString &key, const QString &field)
    {
        const std::optional<QString> text = string(o, key, field, 64);
        if (!text || text->isEmpty())
            return std::nullopt;
        const QDateTime at = QDateTime::fromString(*text, Qt::ISODateWithMs);
        if (!at.isValid()) {
            fail(field, QStringLiteral("is not a date (ISO 8601)"));
            return std::nullopt;
        }
        return at.toUTC();
    }

    QJsonObject object(const QJsonObject &o, const QString &key, const QString &field)
    {
        const QJsonValue v = o.value(key);
        if (!v.isUndefined() && !v.isNull() && !v.isObject())
            fail(field, QStringLiteral("must be an object"));
        return v.toObject();
    }

    QJsonArray array(const QJsonObject &o, const QString &key, const QString &field, int cap)
    {
        const QJsonValue v = o.value(key);
        if (!v.isUndefined() && !v.isNull() && !v.isArray())
            fail(field, QStringLiteral("must be a list"));
        else if (v.toArray().size() > cap)
            fail(field, QStringLiteral("lists more than the %1 entries allowed").arg(cap));
        return failed() ? QJsonArray() : v.toArray();
    }
};

bool isSha256(const QString &text)
{
    static const QRegularExpression hex(QStringLiteral("^[0-9a-f]{64}$"));
    return hex.match(text).hasMatch();
}

StudentIdentity readStudent(FieldReader &r, const QJsonObject &root)
{
    const QJsonObject o = r.object(root, QStringLiteral("student"), QStringLiteral("student"));
    for (const char *key : {"name", "number", "group"})
        r.string(o, QLatin1String(key), QStringLiteral("student.") + QLatin1String(key));
    const QJsonArray members =
        r.array(o, QStringLiteral("members"), QStringLiteral("student.members"), 50);
    for (qsizetype i = 0; i < members.size() && !r.failed(); ++i) {
        const QString field = QStringLiteral("student.members[%1]").arg(i);
        if (!members[i].isObject()) {
            r.fail(field, QStringLiteral("must be an object"));
            break;
        }
        r.string(members[i].toObject(), QStringLiteral("name"), field + QStringLiteral(".name"));
        r.string(members[i].toObject(), QStringLiteral("number"),
                 field + QStringLiteral(".number"));
    }
    return StudentIdentity::fromJson(o); // its own caps on each field
}

QList<ManifestFile> readFiles(FieldReader &r, const QJsonObject &root)
{
    QList<ManifestFile> files;
    const QJsonArray list =
        r.array(root, QStringLiteral("files"), QStringLiteral("files"), Manifest::kMaxFiles);
    for (qsizetype i = 0; i < list.size() && !r.failed(); ++i) {
        const QString field = QStringLiteral("files[%1]").arg(i);
        if (!list[i].isObject()) {
            r.fail(field, QStringLiteral("must be an object"));
            break;
        }
        const QJsonObject o = list[i].toObject();
        ManifestFile f;
        f.path = r.string(o, QStringLiteral("path"), field + QStringLiteral(".path"))
                     .value_or(QString());
        f.size = r.whole(o, QStringLiteral("size"), field + QStringLiteral(".size")).value_or(-1);
        f.sha256 = r.string(o, QStringLiteral("sha256"), field + QStringLiteral(".sha256"), 64)
                       .value_or(QString());
        if (r.failed())
            break;
        if (f.path.isEmpty())
            r.fail(field + QStringLiteral(".path"), QStringLiteral("is missing"));
        else if (!isSha256(f.sha256))
            r.fail(field + QStringLiteral(".sha256"),
                   QStringLiteral("must be 64 lower-case hexadecimal digits"));
        files << f;
    }
    return files;
}

std::optional<VariantRecord> readVariant(FieldReader &r, const QJsonObject &root)
{
    const QJsonObject o = r.object(root, QStringLiteral("exercise2"), QStringLiteral("exercise2"));
    if (o.isEmpty())
        return std::nullopt;
    VariantRecord v;
    v.path = r.string(o, QStringLiteral("variant"), QStringLiteral("exercise2.variant"))
                 .value_or(QString());
    v.seed = int(std::min<qint64>(
        r.whole(o, QStringLiteral("seed"), QStringLiteral("exercise2.seed")).value_or(0),
        std::numeric_limits<int>::max()));
    v.variantOf =
        r.string(o, QStringLiteral("variant_of"), QStringLiteral("exercise2.variant_of"), 64)
            .value_or(QString());
    return v;
}

ExamRecordSummary readExam(FieldReader &r, const QJsonObject &root)
{
    ExamRecordSummary exam;
    const QJsonObject o = r.object(root, QStringLiteral("exam"), QStringLiteral("exam"));
    const QString state = r.string(o, QStringLiteral("state"), QStringLiteral("exam.state"), 32)
                              .value_or(QStringLiteral("absent"));
    if (state == statusName(ExamStatus::InProgress))
        exam.status = ExamStatus::InProgress;
    else if (state == statusName(ExamStatus::HandedIn))
        exam.status = ExamStatus::HandedIn;
    else if (state != statusName(ExamStatus::Absent))
        r.fail(QStringLiteral("exam.state"),
               QStringLiteral("must be \"absent\", \"in-progress\" or \"handed-in\""));
    exam.handedInAt = r.date(o, QStringLiteral("handed_in_at"), QStringLiteral("exam.handed_in_at"))
                          .value_or(QDateTime());
    const QString by =
        r.string(o, QStringLiteral("handed_in_by"), QStringLiteral("exam.handed_in_by"), 32)
            .value_or(kindName(ExamHandInKind::ByStudent));
    if (by == kindName(ExamHandInKind::TimeRanOut))
        exam.kind = ExamHandInKind::TimeRanOut;
    else if (by != kindName(ExamHandInKind::ByStudent))
        r.fail(QStringLiteral("exam.handed_in_by"),
               QStringLiteral("must be \"student\" or \"time-ran-out\""));
    exam.paperSha256 = r.string(o, QStringLiteral("sha256"), QStringLiteral("exam.sha256"), 64)
                           .value_or(QString());
    exam.paperPath =
        r.string(o, QStringLiteral("paper"), QStringLiteral("exam.paper")).value_or(QString());
    return exam;
}

} // namespace

QString Manifest::currentAppVersion()
{
    const QString version = QCoreApplication::applicationVersion();
    return version.isEmpty() ? QStringLiteral(SCHEDLAB_VERSION) : version;
}

ManifestFile Manifest::describe(const QString &path, const QByteArray &bytes)
{
    return ManifestFile{
        path, bytes.size(),
        QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex())};
}

const ManifestFile *Manifest::file(const QString &path) const
{
    for (const ManifestFile &f : files)
        if (f.path == path)
            return &f;
    return nullptr;
}

QByteArray Manifest::toJson() const
{
    QJsonArray list;
    for (const ManifestFile &f : files)
        list.append(QJsonObject{{QStringLiteral("path"), f.path},
                                {QStringLiteral("size"), double(f.size)},
                                {QStringLiteral("sha256"), f.sha256}});
    QJsonObject tags;
    for (auto it = rubrics.cbegin(); it != rubrics.cend(); ++it)
        tags.insert(it.key(), it.value());
    QJsonObject examObject{{QStringLiteral("state"), statusName(exam.status)}};
    if (exam.status == ExamStatus::HandedIn) {
        examObject.insert(QStringLiteral("handed_in_at"), utc(exam.handedInAt));
        examObject.insert(QStringLiteral("handed_in_by"), kindName(exam.kind));
        examObject.insert(QStringLiteral("sha256"), exam.paperSha256);
        examObject.insert(QStringLiteral("paper"), exam.paperPath);
    }
    QJsonObject o{
        {QStringLiteral("format"), formatVersion},   {QStringLiteral("student"), student.toJson()},
        {QStringLiteral("app_version"), appVersion}, {QStringLiteral("created"), utc(created)},
        {QStringLiteral("rubrics"), tags},           {QStringLiteral("files"), list},
        {QStringLiteral("exam"), examObject}};
    if (exercise2)
        o.insert(QStringLiteral("exercise2"),
                 QJsonObject{{QStringLiteral("variant"), exercise2->path},
                             {QStringLiteral("seed"), exercise2->seed},
                             {QStringLiteral("variant_of"), exercise2->variantOf}});
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

std::optional<Manifest> Manifest::fromJson(const QByteArray &bytes, QString *error)
{
    const auto refuse = [error](const QString &why) -> std::optional<Manifest> {
        *error = why;
        return std::nullopt;
    };
    if (bytes.size() > kMaxBytes)
        return refuse(QStringLiteral("manifest.json is larger (%1 bytes) than the %2 bytes a "
                                     "manifest may be")
                          .arg(bytes.size())
                          .arg(kMaxBytes));
    QJsonParseError parse;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parse);
    if (parse.error != QJsonParseError::NoError)
        return refuse(QStringLiteral("manifest.json is not valid JSON (%1, at byte %2)")
                          .arg(parse.errorString())
                          .arg(parse.offset));
    if (!doc.isObject())
        return refuse(QStringLiteral("manifest.json is not a JSON object"));
    const QJsonObject root = doc.object();
    FieldReader r;
    Manifest m;
    m.formatVersion = int(std::min<qint64>(
        r.whole(root, QStringLiteral("format"), QStringLiteral("format")).value_or(0), 1000000));
    if (m.formatVersion == 0 && root.value(QStringLiteral("student")).isString()) {
        // Written before format 1: the student was only an id (the account's name).
        m.student.name = root.value(QStringLiteral("student")).toString().left(200);
    } else {
        m.student = readStudent(r, root);
    }
    m.appVersion = r.string(root, QStringLiteral("app_version"), QStringLiteral("app_version"), 100)
                       .value_or(QString());
    m.created =
        r.date(root, QStringLiteral("created"), QStringLiteral("created")).value_or(QDateTime());
    const QJsonObject tags = r.object(root, QStringLiteral("rubrics"), QStringLiteral("rubrics"));
    if (tags.size() > 100)
        r.fail(QStringLiteral("rubrics"),
               QStringLiteral("lists more than the 100 entries allowed"));
    for (auto it = tags.begin(); it != tags.end() && !r.failed(); ++it)
        if (const auto tag =
                r.string(tags, it.key(), QStringLiteral("rubrics.") + it.key().left(40), 100))
            m.rubrics.insert(it.key().left(100), *tag);
    m.exercise2 = readVariant(r, root);
    m.files = readFiles(r, root);
    m.exam = readExam(r, root);
    if (r.failed())
        return refuse(r.error);
    return m;
}

ManifestCheck Manifest::verify(const QMap<QString, QByteArray> &archive) const
{
    ManifestCheck check;
    QSet<QString> listed;
    for (const ManifestFile &f : files) {
        listed.insert(f.path);
        const auto at = archive.constFind(f.path);
        if (at == archive.cend())
            check.missing << f.path;
        else if (describe(f.path, *at).sha256 != f.sha256)
            check.differing << f.path;
    }
    for (auto it = archive.cbegin(); it != archive.cend(); ++it)
        if (!listed.contains(it.key()) && it.key() != QLatin1String(kFileName))
            check.extra << it.key();
    return check;
}

} // namespace schedlab::handin
