// The real login node as a backend (DESIGN.md): the jobs a LoginNodeSession follows, turned
// into the snapshots the queue, timeline and state views read, and command lines run over
// SSH. The views never know they look at a real cluster.
#pragma once

#include "backend.h"
#include "loginnodesession.h"

#include <QHash>
#include <QTimer>

namespace schedlab::gui {

class RemoteBackend : public Backend
{
    Q_OBJECT

public:
    explicit RemoteBackend(remote::LoginNodeSession *session, QObject *parent = nullptr);

    QString displayName() const override;
    // The wall clock: the real cluster lives in real time.
    qint64 now() const override;
    QList<JobSnapshot> jobs() const override;
    // Empty: a real cluster may have thousands of nodes, and the panel shows only its jobs.
    QList<NodeSnapshot> nodes() const override;
    // Runs argv, each word quoted, in the account's shell on the node; `schedlab-explain ID`
    // is answered here from the job's real reason (the helper exists only in the mini-cluster).
    void run(const QStringList &argv, const QString &cwd,
             std::function<void(const CommandOutput &)> done) override;

    static JobSnapshot snapshotOf(const remote::JobStatus &status, qint64 now);
    // What schedlab-explain prints for a job of the real cluster.
    static QString explain(const remote::JobStatus &status);

private:
    void onJobUpdated(quint32 id);
    void scheduleChanged();

    remote::LoginNodeSession *session_;
    QTimer clock_;
    QHash<quint32, QString> lastState_; // compact state last sent, per job
    QHash<quint32, qint64> lastAt_;
    bool changePending_ = false;
};

} // namespace schedlab::gui
