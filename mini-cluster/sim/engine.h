// The running mini-cluster: controller, accounting, command socket, job processes and the
// virtual clock, wired together. Used by `schedlab-cli sim`, `serve`, `shell` and the app.
#pragma once

#include "accounting.h"
#include "controller.h"
#include "folderlock.h"
#include "invocation.h"
#include "kubecluster.h"
#include "kubectlcontext.h"
#include "slurmconfig.h"
#include "users.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QProcess>

#include "spawnedprocess.h"
#include <QSet>
#include <QString>
#include <QTemporaryDir>
#include <QTimer>

#include <memory>

namespace schedlab {

class CommandServer;

struct EngineOptions
{
    slurm::ClusterConfig config;
    qint64 startEpoch = 0;
    QString workDir;       // where steps run (the scenario's working directory)
    QString stateDir;      // accounting database and socket; empty: a private temp dir
    QString libexecDir;    // holds schedlab-client, schedlab-stepd, bin/ and shims/
    bool simulated = true; // false: live (wall clock x speed)
    double speed = 1.0;
    int watchdogMs = 10000;      // a job busy that long without sleeping stops the run
    int stepWatchdogMs = 300000; // a step may be long (1,000 sbatch in a loop), not endless
    QList<slurm::AccountDef> accounts;
    quint32 seed = 1;   // pod names and uids
    bool kueue = false; // Kueue-lite (off, as in the course)
    QString holderName; // who holds the state folder ("schedlab-cli serve"); the app's name
};

// The options of a live engine (the app, `serve`, `shell`): the clock starts now and follows
// the wall clock; accounting is on unless the configuration set its own storage (sacct is
// part of the course); the commands come from the installed libexec folder.
EngineOptions liveEngineOptions(slurm::ClusterConfig config, const QString &confText,
                                QString workDir, QString stateDir);

class Engine : public QObject,
               public CommandHandler,
               public slurm::PayloadLauncher,
               public kube::ContainerRuntime,
               public kube::KubectlWaiter
{
    Q_OBJECT

public:
    explicit Engine(EngineOptions options, QObject *parent = nullptr);
    ~Engine() override;

    bool start(QString *error);
    slurm::Controller &controller() { return *controller_; }
    kube::KubeCluster &kube() { return *kube_; }
    slurm::UserDirectory &users() { return users_; }
    QString socketPath() const { return socketPath_; }
    QString binDir() const { return options_.libexecDir + QStringLiteral("/bin"); }
    QString shimsDir() const { return options_.libexecDir + QStringLiteral("/shims"); }
    QString stepdPath() const { return options_.libexecDir + QStringLiteral("/schedlab-stepd"); }
    // The environment a step or a shell gets: commands first on PATH, socket, user, TZ.
    QProcessEnvironment stepEnvironment(const QString &user, const QString &owner) const;

    // Simulated mode: let processes run until every payload and the given step wait on a
    // virtual timer or have ended. False when the watchdog fired (message in `error`).
    bool waitQuiescent(QProcess *step, const QString &stepOwner, QString *error);
    // Moves virtual time to `t`, waking sleepers and running the controller on the way.
    bool advanceTo(qint64 t, QProcess *step, const QString &stepOwner, QString *error);
    qint64 nextWake() const;
    // The next instant anything is due: Slurm's controller, Kubernetes, a sleep, a waiter.
    qint64 nextEventTime() const { return nextClusterEvent(); }
    bool ownerWaiting(const QString &owner) const { return sleepers_.value(owner) > 0; }

    // Empties the cluster (jobs killed, queue cleared) at the current virtual time; the
    // job-id counter goes on, so that sommeil-17.out is never overwritten by a new job 17,
    // and accounting keeps its history.
    void resetCluster();

    // Live mode: the clock follows the wall clock times the speed.
    void setPaused(bool paused);
    void setSpeed(double speed);
    void jumpToNextEvent();

    // CommandHandler
    void run(const Invocation &invocation, CommandSessionPtr session) override;

    static QList<qint64> descendantsOf(qint64 root, bool includeRoot);

    // PayloadLauncher
    bool launch(const slurm::Job &job) override;
    void terminate(std::uint32_t jobId) override;
    void kill(std::uint32_t jobId) override;
    void sendSignal(std::uint32_t jobId, int signal, bool wholeJob) override;
    void appendToStderr(const slurm::Job &job, const QByteArray &line) override;

    // kube::ContainerRuntime
    bool startContainer(const kube::ContainerLaunch &launch) override;
    void signalContainer(const QString &key, int signal) override;
    // kube::KubectlWaiter
    void waitFor(CommandSessionPtr session, const QString &owner, std::function<bool()> check,
                 qint64 deadline, std::function<void()> timedOut) override;

private:
    struct Sleeper
    {
        qint64 wakeAt;
        QString owner;
        CommandSessionPtr session;
    };
    struct Payload
    {
        SpawnedProcess *process = nullptr;
        QByteArray control;
        qint64 pid = 0;
        int rawStatus = -1;
        // Reads what stepd reported ("pid N", "exit STATUS", "open-failed") so far;
        // an open failure sets `openFailedStatus`.
        void readControl(int openFailedStatus);
    };
    // Ends every supervisor of `processes` (stepd kills its whole job on SIGHUP) and waits.
    template <typename Key> static void stopAll(QHash<Key, Payload> &processes, bool later);

    struct Waiter
    {
        CommandSessionPtr session;
        QString owner;
        std::function<bool()> check;
        qint64 deadline = 0;
        std::function<void()> timedOut;
    };
    void checkWaiters();
    void onContainerOutput(const QString &key);
    void onContainerFinished(const QString &key);
    void advanceClusters(qint64 t);
    qint64 nextClusterEvent() const;
    std::unique_ptr<kube::KubeCluster> makeKubeCluster(qint64 now) const;
    QHash<QString, Payload> containers_; // by "<pod uid>/<container>"
    QList<Waiter> waiters_;
    std::unique_ptr<kube::KubeCluster> kube_;

    template <typename Entry>
    void endOnSignal(CommandSessionPtr session, const QString &owner,
                     QList<Entry> Engine::*entries);
    void runSleep(const Invocation &inv, CommandSessionPtr session);
    // srun and salloc (interactive.cpp)
    struct Interactive
    {
        CommandSessionPtr session;
        QString owner;
        QString tool;     // "srun" or "salloc"
        QStringList argv; // the command to run
        bool waited = false;
        bool waitingCounted = false;
        bool revoked = false; // salloc: the allocation ended under its command
        QString taskPrefix;   // srun: the owners of its tasks' sleeps
    };
    // An srun step running in an allocation, so that the allocation's end can stop it.
    struct StepRun
    {
        std::uint32_t jobId = 0;
        QString stepId;
        CommandSessionPtr session;
        QString taskPrefix;
        bool aborted = false; // killed with its allocation
    };
    QList<std::shared_ptr<StepRun>> stepRuns_;
    void abortSteps(const slurm::Job &job, const QByteArray &why);
    void signalSteps(std::uint32_t jobId, int signal);
    void allocationGone(std::uint32_t jobId);
    void runInteractive(const Invocation &inv, CommandSessionPtr session);
    void runStepInAllocation(const Invocation &inv, CommandSessionPtr session,
                             const slurm::Job &job, const QStringList &argv);
    bool launchInteractive(const slurm::Job &job);
    QStringList jobEnvironment(const slurm::Job &job, bool onNode) const;
    // Where each task of a step runs: its node, the node's index in the step, its rank there.
    struct TaskPlace
    {
        QString node;
        int nodeId = 0;
        int localId = 0;
    };
    static QList<TaskPlace> taskPlaces(const slurm::Job &job, int ntasks, int nodes);
    // Runs a step's tasks at once (schedlab-stepd --tasks, started by the client); returns the
    // owner prefix of the tasks' sleeps. `waitingOwner` (the srun) waits meanwhile.
    QString launchTasks(CommandSessionPtr session, const QString &waitingOwner,
                        const QStringList &base, const QStringList &argv,
                        const QList<TaskPlace> &places, std::function<void(int)> done);
    void forgetTaskSleeps(const QString &prefix);
    QSet<QString> liveTasks_; // owners of tasks still running: the clock waits for them
    quint64 taskLaunches_ = 0;
    QHash<std::uint32_t, Interactive> interactive_;
    void wakeDue();
    void forgetSleeps(const QString &owner);
    void onPayloadOutput(std::uint32_t jobId);
    void onPayloadFinished(std::uint32_t jobId);
    void liveTick();
    bool payloadsBusy(QString *busyJob) const;
    // Resident memory of every job's processes against its --mem, as a cgroup would.
    void sampleMemory();

    bool lockState(const QString &stateDir, QString *error);

    EngineOptions options_;
    files::FolderLock stateLock_; // released last: after the socket and the database close
    QTemporaryDir privateDir_;
    QString socketPath_;
    slurm::UserDirectory users_;
    std::unique_ptr<slurm::AccountingStore> accounting_;
    std::unique_ptr<slurm::Controller> controller_;
    std::unique_ptr<CommandServer> server_;
    QHash<std::uint32_t, Payload> payloads_;
    QList<Sleeper> sleepers_list_;
    QHash<QString, int> sleepers_; // owner -> outstanding sleeps
    QSet<QString> stirred_;        // owners signalled since their last sleep: busy
    // Live mode
    QTimer liveTimer_;
    QElapsedTimer wall_;
    qint64 liveBaseVirtualMs_ = 0;
    qint64 liveBaseWallMs_ = 0;
    bool paused_ = false;
};

} // namespace schedlab
