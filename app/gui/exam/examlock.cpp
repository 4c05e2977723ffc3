// The machine's exam lock: two flocks held by the exam's process and a marker that survives
// it, read by every SchedLab at start-up.
#include "examlock.h"

#include "examstore.h"
#include "privatefiles.h"
#include "safefiles.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>     // file-access: trusted (the user's own data folder)
#include <QFileInfo> // file-access: trusted (the workspace named by the user's own marker)
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QStandardPaths>

namespace schedlab::gui {

namespace {

constexpr qint64 kMaxMarkerBytes = 64 * 1024;
const char kProgram[] = "SchedLab (exam)";

QString instant(const QDateTime &at)
{
    return at.toUTC().toString(Qt::ISODateWithMs);
}

// A record's name below .schedlab, as the marker gives it: never a way out of the folder.
bool plainRelative(const QString &relative)
{
    return !relative.isEmpty() && !relative.startsWith(u'/') &&
           !relative.split(u'/').contains(QStringLiteral(".."));
}

} // namespace

QString ExamLock::dataDir()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation);
}

QString ExamLock::workspaceLockFile(const QString &workspaceRoot)
{
    return QDir(workspaceRoot).absolutePath() + QStringLiteral("/.schedlab/exam.lock");
}

QString ExamLock::markerFile()
{
    return dataDir() + QStringLiteral("/exam-running.json");
}

void ExamLock::removeMarker()
{
    QFile::remove(markerFile()); // file-access: trusted (the user's own data folder)
}

bool ExamLock::acquire(const RunningExam &exam, QString *error)
{
    QString why;
    if (!files::makePrivateFolder(dataDir(), &why) ||
        !machine_.acquire(dataDir() + QStringLiteral("/exam.lock"), QLatin1String(kProgram),
                          &why) ||
        !workspace_.acquire(workspaceLockFile(exam.workspace), QLatin1String(kProgram), &why)) {
        machine_.release();
        *error = QCoreApplication::translate("ExamLock",
                                             "The exam cannot be locked on this computer: %1.")
                     .arg(why);
        return false;
    }
    const QJsonObject marker{{QStringLiteral("workspace"), exam.workspace},
                             {QStringLiteral("store"), exam.store},
                             {QStringLiteral("paper_id"), exam.paperId},
                             {QStringLiteral("paper_title"), exam.paperTitle},
                             {QStringLiteral("started_at"), instant(exam.startedAt)}};
    // Durable: after a power cut the marker is whole or absent, never half a path.
    const files::WriteResult w =
        files::saveFile(markerFile(), QJsonDocument(marker).toJson(), 0600);
    if (!w.ok) {
        finish();
        *error = QCoreApplication::translate("ExamLock",
                                             "The exam cannot be locked on this computer: %1.")
                     .arg(w.error);
        return false;
    }
    return true;
}

void ExamLock::finish()
{
    if (machine_.isHeld())
        removeMarker();
    workspace_.release();
    machine_.release();
}

std::optional<RunningExam> ExamLock::running()
{
    const files::ReadResult read = files::readFile(markerFile(), kMaxMarkerBytes);
    if (!read.ok())
        return std::nullopt;
    const QJsonObject o = QJsonDocument::fromJson(read.bytes).object();
    RunningExam exam;
    exam.workspace = o.value(QLatin1String("workspace")).toString();
    exam.store = o.value(QLatin1String("store")).toString();
    exam.paperId = o.value(QLatin1String("paper_id")).toString();
    exam.paperTitle = o.value(QLatin1String("paper_title")).toString();
    exam.startedAt =
        QDateTime::fromString(o.value(QLatin1String("started_at")).toString(), Qt::ISODateWithMs)
            .toUTC();
    exam.holder = files::FolderLock::holder(dataDir() + QStringLiteral("/exam.lock"));
    if (exam.live())
        return exam;
    // No process runs it: it reopens if its record says it is still in progress.
    const QString record = exam.workspace + QStringLiteral("/.schedlab/") + exam.store;
    if (!exam.workspace.isEmpty() && plainRelative(exam.store) && QFileInfo(record).isFile()) {
        const ExamStore store(exam.workspace, exam.store);
        if (store.isOpen() && store.record().state == ExamState::InProgress)
            return exam;
    }
    removeMarker(); // handed in, or its workspace is gone
    return std::nullopt;
}

QString ExamLock::describe(const RunningExam &exam)
{
    const QString since = QLocale().toString(exam.startedAt.toLocalTime(), QLocale::ShortFormat);
    const QString title = exam.paperTitle.isEmpty() ? exam.paperId : exam.paperTitle;
    return exam.live()
               ? QCoreApplication::translate(
                     "ExamLock", "The exam \"%1\" is in progress in the workspace %2 since %3, "
                                 "in %4.")
                     .arg(title, QDir::toNativeSeparators(exam.workspace), since,
                          exam.holder->describe())
               : QCoreApplication::translate(
                     "ExamLock", "The exam \"%1\" is in progress in the workspace %2 since %3.")
                     .arg(title, QDir::toNativeSeparators(exam.workspace), since);
}

} // namespace schedlab::gui
