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
    // Files written in the working folder before the run: relative paths inside it (the
    // reader refuses "../x" and "/x").
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
    int exitCode = 0; // 0 ran, 2 refused or not started, 3 watchdog
    QString warnings; // for standard error, before the transcript
    QString error;
};

// Called with each job as it changes (submitted, started, waiting for a new reason, ended):
// how the app replays a scenario on a timeline.
using JobObserver = std::function<void(const slurm::Job &job, qint64 now)>;

// What a scenario's steps may run. The project's own scenarios (its lessons and tests, a
// file the user hands `schedlab-cli sim` as they would a script) run each step with bash,
// pipes and all. A scenario from elsewhere (a workspace's, a student's) never reaches a
// shell: each step is split into words as a shell would, and runs only if it is one of the
// mini-cluster's commands that look at or cancel work. Submitting (sbatch, srun, salloc,
// kubectl apply ...) is refused there: it would start the scenario's own text as processes.
enum class StepPolicy { Shell, ClusterCommandsOnly };

// A step's command line as argv under StepPolicy::ClusterCommandsOnly, or nullopt with the
// reason (English, naming what is refused) in `problem`.
std::optional<QStringList> clusterCommandArgv(const QString &line, QString *problem);

// Runs a scenario in a fresh working directory and writes the transcript to `out`. Under
// ClusterCommandsOnly a step that is refused stops the run before anything runs (exit 2,
// `error` naming the step's line).
SimResult runScenario(const Scenario &scenario, const QString &libexecDir, QIODevice *out,
                      const QString &workDir = QString(), const JobObserver &observer = {},
                      StepPolicy policy = StepPolicy::Shell);

} // namespace schedlab
