// The embedded mini-cluster as a backend: a live engine whose clock follows the wall clock
// times a speed, started at the current date, with its state under the workspace.
#pragma once

#include "backend.h"

#include <QProcessEnvironment>
#include <QTimer>

#include <memory>

namespace schedlab {
class Engine;
namespace slurm {
struct Job;
}
} // namespace schedlab

namespace schedlab::gui {

class LocalBackend : public Backend
{
    Q_OBJECT

public:
    // `workDir`: where jobs run and the terminal opens; `stateDir`: accounting and socket.
    LocalBackend(QString workDir, QString stateDir, QObject *parent = nullptr);
    ~LocalBackend() override;

    // Starts the engine; false with a sentence in `error` (socket, state folder, ...).
    bool start(QString *error);
    bool started() const { return engine_ != nullptr; }
    Engine *engine() const { return engine_.get(); }
    QString user() const { return user_; }
    QString workDir() const { return workDir_; }

    QString displayName() const override;
    qint64 now() const override;
    QList<JobSnapshot> jobs() const override;
    QList<NodeSnapshot> nodes() const override;
    void run(const QStringList &argv, const QString &cwd,
             std::function<void(const CommandOutput &)> done) override;

    // Time controls.
    bool paused() const { return paused_; }
    void setPaused(bool paused);
    double speed() const { return speed_; }
    void setSpeed(double speed);
    void jumpToNextEvent();
    // Kills every job and pod and empties the queue; job ids go on (DESIGN.md).
    void resetCluster();

    // The environment of a terminal: the cluster's commands first on PATH, or, with
    // `withCluster` false, a plain shell in which `sinfo` is not found.
    QProcessEnvironment terminalEnvironment(bool withCluster) const;

    static JobSnapshot snapshotOf(const slurm::Job &job, qint64 now);

private:
    void attachToController();
    void noticeJob(std::uint32_t jobId);
    void scheduleChanged();
    void pollClock();

    QString workDir_;
    QString stateDir_;
    QString user_;
    std::unique_ptr<Engine> engine_;
    QTimer clockTimer_;
    qint64 lastClock_ = 0;
    bool changePending_ = false;
    bool paused_ = false;
    double speed_ = 1.0;
};

} // namespace schedlab::gui
