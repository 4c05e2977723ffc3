// Files of the workspace, created from the exercises' starting files and saved atomically.
#include "workspace.h"

#include "exercise2.h"
#include "folderlock.h"
#include "privatefiles.h"
#include "rubric.h"
#include "safefiles.h"
#include "scenario.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QStandardPaths>

namespace schedlab::gui {

Workspace::Workspace(QString root)
    : root_(QDir(root).absolutePath())
{}

QString Workspace::exerciseDir(const QString &exercise) const
{
    return root_ + u'/' + exercise;
}

bool Workspace::prepare(const grader::Rubric &rubric, QString *error)
{
    const QString dir = exerciseDir(rubric.exercise);
    if (!QDir().mkpath(dir)) {
        *error = QObject::tr("Cannot create the folder %1.").arg(dir);
        return false;
    }
    const QString starters = QFileInfo(rubric.path).absolutePath();
    for (const QString &name : rubric.files) {
        const QString target = dir + u'/' + name;
        const QString starter = starters + u'/' + name;
        if (QFileInfo::exists(target) || !QFileInfo::exists(starter))
            continue;
        QFile from(starter);
        if (!from.open(QIODevice::ReadOnly) ||
            !save(rubric.exercise, name, QString::fromUtf8(from.readAll()), error))
            return false;
    }
    return rubric.scenario.isEmpty() || prepareVariant(rubric, error);
}

// The student's variant of the exercise's scenario, drawn from their number, kept in their
// folder (it travels with their work to the instructor's grader).
bool Workspace::prepareVariant(const grader::Rubric &rubric, QString *error)
{
    if (QFileInfo::exists(exerciseDir(rubric.exercise) + QStringLiteral("/exercice2.yaml")))
        return true;
    return writeVariant(rubric, error);
}

namespace {

const char kVariantName[] = "exercice2.yaml";
const char kVariantRecord[] = "variant.json";
const char kIdentityName[] = "student.json";
constexpr qint64 kMaxStateFileBytes = 64 * 1024;

std::optional<QByteArray> variantFor(const grader::Rubric &rubric, const QString &key,
                                     QString *error)
{
    QFile base(QFileInfo(rubric.path).absolutePath() + u'/' + rubric.scenario);
    std::optional<Scenario> scenario;
    if (base.open(QIODevice::ReadOnly))
        scenario = readScenario(base.readAll(), base.fileName(), error);
    if (!scenario) {
        *error = QObject::tr("The exercise's scenario cannot be read: %1").arg(*error);
        return std::nullopt;
    }
    const auto variant = grader::exercise2Variant(*scenario, grader::variantSeed(key));
    return grader::scenarioToYaml(variant ? *variant : *scenario);
}

QJsonObject readStateObject(const QString &stateDir, const QString &name)
{
    const files::ReadResult read = files::readBelow(stateDir, name, kMaxStateFileBytes);
    return read.ok() ? QJsonDocument::fromJson(read.bytes).object() : QJsonObject();
}

} // namespace

bool Workspace::writeVariant(const grader::Rubric &rubric, QString *error)
{
    const QString key = variantKey();
    const std::optional<QByteArray> yaml = variantFor(rubric, key, error);
    if (!yaml ||
        !save(rubric.exercise, QLatin1String(kVariantName), QString::fromUtf8(*yaml), error))
        return false;
    if (!preparePrivateState(error))
        return false;
    const QJsonObject record{{QStringLiteral("drawn_from"), key}};
    const files::WriteResult w = files::saveFile(stateDir() + u'/' + QLatin1String(kVariantRecord),
                                                 QJsonDocument(record).toJson());
    if (!w.ok)
        *error = w.error;
    return w.ok;
}

QString Workspace::variantDrawnFrom() const
{
    return readStateObject(stateDir(), QLatin1String(kVariantRecord))
        .value(QStringLiteral("drawn_from"))
        .toString();
}

bool Workspace::redrawVariant(const grader::Rubric &rubric, bool *redrawn, QString *error)
{
    *redrawn = false;
    if (rubric.scenario.isEmpty())
        return true;
    const QString path = exerciseDir(rubric.exercise) + u'/' + QLatin1String(kVariantName);
    if (!QFileInfo::exists(path))
        return true; // drawn from the current key when the exercise is first opened
    if (variantDrawnFrom() == variantKey())
        return true;
    const std::optional<QByteArray> wanted = variantFor(rubric, variantKey(), error);
    if (!wanted)
        return false;
    const files::ReadResult current =
        files::readBelow(exerciseDir(rubric.exercise), QLatin1String(kVariantName), 1 << 20);
    if (current.ok() && current.bytes != *wanted) {
        // The old scenario is kept: the student's answers in decision.md were about it.
        const QString old =
            path + u'.' + handin::fileNameSafe(variantDrawnFrom()) + QStringLiteral(".old");
        const files::WriteResult kept = files::saveFile(old, current.bytes);
        if (!kept.ok) {
            *error = kept.error;
            return false;
        }
        *redrawn = true;
    }
    return writeVariant(rubric, error);
}

QString Workspace::variantKey() const
{
    const handin::StudentIdentity id = identity();
    return id.normalisedNumber().isEmpty() ? studentId() : id.normalisedNumber();
}

QString Workspace::studentKey() const
{
    return variantKey();
}

handin::StudentIdentity Workspace::identity() const
{
    return handin::StudentIdentity::fromJson(
        readStateObject(stateDir(), QLatin1String(kIdentityName)));
}

bool Workspace::saveIdentity(const handin::StudentIdentity &identity, QString *error)
{
    if (!preparePrivateState(error))
        return false;
    const files::WriteResult w = files::saveFile(stateDir() + u'/' + QLatin1String(kIdentityName),
                                                 QJsonDocument(identity.toJson()).toJson());
    if (!w.ok)
        *error = QObject::tr("Your name and number were not saved: %1").arg(w.error);
    return w.ok;
}

QString Workspace::identitySummary() const
{
    const handin::StudentIdentity id = identity();
    if (!id.isComplete())
        return QObject::tr("Student not given (File ▸ Student…)");
    QString text = QStringLiteral("%1 (%2)").arg(id.name.trimmed(), id.number.trimmed());
    if (!id.group.trimmed().isEmpty())
        text += QObject::tr(", group %1").arg(id.group.trimmed());
    return text;
}

QString Workspace::read(const QString &exercise, const QString &file) const
{
    QFile f(exerciseDir(exercise) + u'/' + file);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

bool Workspace::save(const QString &exercise, const QString &file, const QString &text,
                     QString *error)
{
    // Durable: on a full disk the old file stays whole (QSaveFile's commit() could report
    // success over a failed buffered write and leave the file empty).
    const files::WriteResult w =
        files::saveFile(exerciseDir(exercise) + u'/' + file, text.toUtf8());
    if (!w.ok)
        *error = w.error;
    return w.ok;
}

QString Workspace::stateDirOf(const QString &root)
{
    return QDir(root).absolutePath() + QStringLiteral("/.schedlab");
}

bool Workspace::preparePrivateState(QString *error) const
{
    QString why;
    if (!files::makePrivateFolder(stateDir(), &why)) {
        *error = QObject::tr("Cannot create the workspace's private folder: %1.").arg(why);
        return false;
    }
    files::tightenBelow(stateDir()); // files of an older version, or written under umask 000
    return true;
}

namespace {

QString lockFileOf(const QString &root)
{
    return Workspace::stateDirOf(root) + QStringLiteral("/workspace.lock");
}

QString heldMessage(const QString &root, const files::LockHolder &holder)
{
    return QObject::tr("The workspace %1 is already open in %2. Two windows on one workspace "
                       "would overwrite each other's files and exam answers: close that one "
                       "first, or choose another workspace.")
        .arg(QDir::toNativeSeparators(root), holder.describe());
}

} // namespace

bool Workspace::lock(files::FolderLock *lock, QString *error) const
{
    QString why;
    if (!files::makePrivateFolder(stateDir(), &why)) {
        *error = QObject::tr("Cannot create the workspace's private folder: %1.").arg(why);
        return false;
    }
    if (lock->acquire(lockFileOf(root_), QStringLiteral("SchedLab"), &why))
        return true;
    const auto holder = files::FolderLock::holder(lockFileOf(root_));
    *error = holder ? heldMessage(root_, *holder)
                    : QObject::tr("The workspace %1 cannot be locked for this window: %2.")
                          .arg(QDir::toNativeSeparators(root_), why);
    return false;
}

QString Workspace::inUseMessage(const QString &root)
{
    const auto holder = files::FolderLock::holder(lockFileOf(root));
    return holder ? heldMessage(QDir(root).absolutePath(), *holder) : QString();
}

QString Workspace::rememberedRoot()
{
    const QString remembered = QSettings().value(QStringLiteral("workspace/root")).toString();
    if (!remembered.isEmpty())
        return remembered;
    return QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation) +
           QStringLiteral("/SchedLab");
}

void Workspace::rememberRoot(const QString &root)
{
    QSettings().setValue(QStringLiteral("workspace/root"), root);
}

QString Workspace::studentId()
{
    const QString id = QSettings().value(QStringLiteral("student/id")).toString();
    return id.isEmpty() ? qEnvironmentVariable("USER", QStringLiteral("etudiant")) : id;
}

void Workspace::rememberStudentId(const QString &id)
{
    QSettings().setValue(QStringLiteral("student/id"), id);
}

} // namespace schedlab::gui
