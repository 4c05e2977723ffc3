// Files of the workspace, created from the exercises' starting files and saved atomically.
#include "workspace.h"

#include "exercise2.h"
#include "rubric.h"
#include "safefiles.h"
#include "scenario.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
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

// The student's variant of the exercise's scenario, drawn from their id, kept in their
// folder (it travels with their work to the instructor's grader).
bool Workspace::prepareVariant(const grader::Rubric &rubric, QString *error)
{
    const QString name = QStringLiteral("exercice2.yaml");
    if (QFileInfo::exists(exerciseDir(rubric.exercise) + u'/' + name))
        return true;
    QFile base(QFileInfo(rubric.path).absolutePath() + u'/' + rubric.scenario);
    std::optional<Scenario> scenario;
    if (base.open(QIODevice::ReadOnly))
        scenario = readScenario(base.readAll(), base.fileName(), error);
    if (!scenario) {
        *error = QObject::tr("The exercise's scenario cannot be read: %1").arg(*error);
        return false;
    }
    const auto variant = grader::exercise2Variant(*scenario, grader::variantSeed(studentId()));
    return save(rubric.exercise, name,
                QString::fromUtf8(grader::scenarioToYaml(variant ? *variant : *scenario)), error);
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
