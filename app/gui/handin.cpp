// Packing the workspace: the files read as the grader reads them, then one zip.
#include "handin.h"

#include "exercise2.h"
#include "rubric.h"
#include "safefiles.h"
#include "scenario.h"
#include "secrets.h"
#include "submission.h"
#include "zipwriter.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <optional>

namespace schedlab::gui {

namespace {

struct Entry
{
    QString path; // inside the archive
    QByteArray bytes;
};

// Why a file of the workspace cannot go into the hand-in; empty when it can.
QString refusal(const QString &path, const files::DirEntry &entry, const files::ReadResult &read)
{
    if (entry.type == files::EntryType::Link || read.status == files::ReadStatus::Link)
        return QObject::tr("%1 is a symbolic link: put the file itself in the folder before "
                           "handing in.")
            .arg(path);
    if (read.status == files::ReadStatus::TooBig)
        return QObject::tr("%1 is too large (%2 bytes) to be an answer: move it out of the "
                           "exercise folder before handing in.")
            .arg(path)
            .arg(read.size);
    if (read.status == files::ReadStatus::NotRegular || read.status == files::ReadStatus::BadPath)
        return QObject::tr("%1 is not a regular file: move it out of the exercise folder before "
                           "handing in.")
            .arg(path);
    return read.ok() ? QString() : read.error;
}

// The files of each exercise folder that exists, in a stable order, read as the grader
// reads them (no link followed, no FIFO or device, at most kMaxSubmittedFileBytes each).
QList<Entry> collect(const Workspace &workspace, const QList<grader::Rubric> &rubrics,
                     QString *keyIn, QString *problem)
{
    QList<Entry> entries;
    for (const grader::Rubric &r : rubrics) {
        const QString dir = workspace.exerciseDir(r.exercise);
        if (!files::kindBelow(dir, QString()).exists)
            continue;
        for (const files::DirEntry &e : files::listBelow(dir, QString())) {
            if (e.type == files::EntryType::Dir)
                continue;
            const QString path = r.exercise + u'/' + e.name;
            const files::ReadResult read =
                e.type == files::EntryType::Link
                    ? files::ReadResult{}
                    : files::readBelow(dir, e.name, grader::kMaxSubmittedFileBytes);
            if (const QString why = refusal(path, e, read); !why.isEmpty()) {
                *problem = why;
                return {};
            }
            Entry entry{path, read.bytes};
            if (!entry.bytes.contains('\0') &&
                grader::scanForPrivateKeys(QString::fromUtf8(entry.bytes)).found())
                *keyIn = entry.path;
            entries << entry;
        }
    }
    return entries;
}

QJsonObject manifest(const QString &studentId, const QList<Entry> &entries)
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
    // The variant as handed in (read with the other files, not again).
    QByteArray variantYaml;
    for (const Entry &e : entries)
        if (e.path == QLatin1String("ex2/exercice2.yaml") &&
            e.bytes.size() <= grader::kMaxScenarioBytes)
            variantYaml = e.bytes;
    QString error;
    const auto variant = readScenario(variantYaml, QStringLiteral("exercice2.yaml"), &error);
    if (variant)
        m.insert(QStringLiteral("exercise2"),
                 QJsonObject{{QStringLiteral("variant"), QStringLiteral("ex2/exercice2.yaml")},
                             {QStringLiteral("seed"), variant->seed},
                             {QStringLiteral("variant_of"),
                              QString::fromLatin1(grader::variantSeed(studentId).toHex())}});
    return m;
}

} // namespace

HandIn writeHandIn(const Workspace &workspace, const QList<grader::Rubric> &rubrics,
                   const QString &studentId, const QString &zipPath)
{
    HandIn result;
    QString keyIn, problem;
    const QList<Entry> entries = collect(workspace, rubrics, &keyIn, &problem);
    if (!problem.isEmpty()) {
        result.error = problem;
        return result;
    }
    if (!keyIn.isEmpty()) {
        result.error = QObject::tr("%1 holds a private key: remove it before handing in. A private "
                                   "key never leaves your laptop.")
                           .arg(keyIn);
        return result;
    }
    QList<handin::ZipEntry> archive;
    for (const Entry &e : entries)
        archive << handin::ZipEntry{e.path, e.bytes};
    archive << handin::ZipEntry{QStringLiteral("manifest.json"),
                                QJsonDocument(manifest(studentId, entries)).toJson()};
    const std::optional<QByteArray> bytes = handin::zipInMemory(archive, &result.error);
    if (!bytes) {
        result.error = QObject::tr("Cannot write %1: %2").arg(zipPath, result.error);
        return result;
    }
    // Saved durably: on a full disk an earlier hand-in stays whole.
    const files::WriteResult w = files::saveFile(zipPath, *bytes);
    if (!w.ok) {
        result.error = QObject::tr("Cannot write %1").arg(w.error);
        return result;
    }
    result.ok = true;
    result.files = int(entries.size());
    return result;
}

} // namespace schedlab::gui
