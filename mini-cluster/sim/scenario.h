// Scenario files (specs/scenario.md): reading them and running them into a transcript.
#pragma once

#include <functional>

#include "controller.h"
#include "slurmconfig.h"
#include "users.h"

#include <QIODevice>
#include <QList>
#include <QString>
#include <QStringList>

namespace schedlab {

struct ScenarioJob
{
    qint64 submit = 0;
    QString options;
    qint64 runtime = 0;
    int exitCode = 0;
    QString user;
    QString account;
    std::optional<std::uint32_t> priority;
    int line = 0;
};

struct ScenarioStep
{
    qint64 at = 0;
    QString run;
    QString user;
    int line = 0;
};

struct Scenario
{
    QString name;
    QString user = QStringLiteral("kim");
    qint64 start = 0; // epoch
    int seed = 1;
    bool kueue = false; // kube: {kueue: true}
    QString cluster;    // slurm.conf text; empty: the built-in default
    int clusterLine = 0;
    QString gres;
    int gresLine = 0;
    QList<slurm::AccountDef> accounts;
    QList<QPair<QString, QByteArray>> files;
    QList<ScenarioJob> jobs;
    QList<ScenarioStep> steps;
    // Where the controller's periodic timers stand at t = 0 (an extension of the format:
    // a real slurmctld's timers started before the scenario did).
    slurm::PeriodicPhases phases;
};

// Reads a scenario; on failure `error` names the file, line and key.
std::optional<Scenario> readScenario(const QByteArray &text, const QString &fileName,
                                     QString *error);
// Parses "90", "MM:SS", "HH:MM:SS", "D-HH:MM:SS"; -1 when invalid.
qint64 parseScenarioTime(const QString &text);

struct SimResult
{
    int exitCode = 0; // 0 ran, 3 watchdog
    QString warnings; // for standard error, before the transcript
    QString error;
};

// Called with each job as it changes (submitted, started, waiting for a new reason, ended):
// how the app replays a scenario on a timeline.
using JobObserver = std::function<void(const slurm::Job &job, qint64 now)>;

// Runs a scenario in a fresh working directory and writes the transcript to `out`.
SimResult runScenario(const Scenario &scenario, const QString &libexecDir, QIODevice *out,
                      const QString &workDir = QString(), const JobObserver &observer = {});

} // namespace schedlab
