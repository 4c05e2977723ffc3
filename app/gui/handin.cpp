// Packing the workspace with libzip.
#include "handin.h"

#include "exercise2.h"
#include "rubric.h"
#include "scenario.h"
#include "secrets.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <zip.h>

#include <memory>

namespace schedlab::gui {

namespace {

struct Entry
{
    QString path; // inside the archive
    QByteArray bytes;
};

// The files of each exercise folder that exists, in a stable order.
QList<Entry> collect(const Workspace &workspace, const QList<grader::Rubric> &rubrics,
                     QString *keyIn)
{
    QList<Entry> entries;
    for (const grader::Rubric &r : rubrics) {
        const QDir dir(workspace.exerciseDir(r.exercise));
        if (!dir.exists())
            continue;
        for (const QFileInfo &info : dir.entryInfoList(QDir::Files, QDir::Name)) {
            QFile f(info.filePath());
            if (!f.open(QIODevice::ReadOnly))
                continue;
            Entry e{r.exercise + u'/' + info.fileName(), f.readAll()};
            if (!e.bytes.contains('\0') &&
                grader::scanForPrivateKeys(QString::fromUtf8(e.bytes)).found())
                *keyIn = e.path;
            entries << e;
        }
    }
    return entries;
}

QJsonObject manifest(const Workspace &workspace, const QString &studentId,
                     const QList<Entry> &entries)
{
    QJsonArray files;
    for (const Entry &e : entries)
        files.append(QJsonObject{
            {QStringLiteral("path"), e.path},
            {QStringLiteral("sha256"),
             QString::fromLatin1(
                 QCryptographicHash::hash(e.bytes, QCryptographicHash::Sha256).toHex())}});
    QJsonObject m{
        {QStringLiteral("student"), studentId},
        {QStringLiteral("created"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate)},
        {QStringLiteral("files"), files}};
    QString error;
    const auto variant = readScenario(
        workspace.read(QStringLiteral("ex2"), QStringLiteral("exercice2.yaml")).toUtf8(),
        QStringLiteral("exercice2.yaml"), &error);
    if (variant)
        m.insert(QStringLiteral("exercise2"),
                 QJsonObject{{QStringLiteral("variant"), QStringLiteral("ex2/exercice2.yaml")},
                             {QStringLiteral("seed"), variant->seed},
                             {QStringLiteral("variant_of"),
                              QString::fromLatin1(grader::variantSeed(studentId).toHex())}});
    return m;
}

bool addBuffer(zip_t *zip, const QString &path, const QByteArray &bytes)
{
    // libzip reads the buffer when the archive is closed: it gets its own copy.
    void *copy = std::malloc(size_t(std::max<qsizetype>(bytes.size(), 1)));
    std::memcpy(copy, bytes.constData(), size_t(bytes.size()));
    zip_source_t *source = zip_source_buffer(zip, copy, zip_uint64_t(bytes.size()), 1);
    if (!source) {
        std::free(copy);
        return false;
    }
    if (zip_file_add(zip, path.toUtf8().constData(), source, ZIP_FL_ENC_UTF_8 | ZIP_FL_OVERWRITE) <
        0) {
        zip_source_free(source);
        return false;
    }
    return true;
}

} // namespace

HandIn writeHandIn(const Workspace &workspace, const QList<grader::Rubric> &rubrics,
                   const QString &studentId, const QString &zipPath)
{
    HandIn result;
    QString keyIn;
    const QList<Entry> entries = collect(workspace, rubrics, &keyIn);
    if (!keyIn.isEmpty()) {
        result.error = QObject::tr("%1 holds a private key: remove it before handing in. A private "
                                   "key never leaves your laptop.")
                           .arg(keyIn);
        return result;
    }
    QFile::remove(zipPath); // ZIP_TRUNCATE keeps the old one until the new one is complete
    int code = 0;
    zip_t *zip = zip_open(QFile::encodeName(zipPath).constData(), ZIP_CREATE | ZIP_TRUNCATE, &code);
    if (!zip) {
        zip_error_t error;
        zip_error_init_with_code(&error, code);
        result.error = QObject::tr("Cannot create %1: %2")
                           .arg(zipPath, QString::fromUtf8(zip_error_strerror(&error)));
        zip_error_fini(&error);
        return result;
    }
    bool ok = true;
    for (const Entry &e : entries)
        ok = ok && addBuffer(zip, e.path, e.bytes);
    ok = ok && addBuffer(zip, QStringLiteral("manifest.json"),
                         QJsonDocument(manifest(workspace, studentId, entries)).toJson());
    if (!ok || zip_close(zip) < 0) {
        result.error =
            QObject::tr("Cannot write %1: %2").arg(zipPath, QString::fromUtf8(zip_strerror(zip)));
        zip_discard(zip);
        return result;
    }
    result.ok = true;
    result.files = int(entries.size());
    return result;
}

} // namespace schedlab::gui
