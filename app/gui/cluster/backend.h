// The one interface the views use to reach a cluster (DESIGN.md): run a command line and be
// told when jobs change. The embedded mini-cluster is one backend; the login node is another.
#pragma once

#include "jobsnapshot.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>

namespace schedlab::gui {

struct CommandOutput
{
    QByteArray out;
    QByteArray err;
    int exitCode = -1;
};

class Backend : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;

    virtual QString displayName() const = 0;
    // The cluster's clock (epoch seconds): virtual for the mini-cluster.
    virtual qint64 now() const = 0;
    // Jobs the cluster currently holds (pending, running and recently finished).
    virtual QList<JobSnapshot> jobs() const = 0;
    virtual QList<NodeSnapshot> nodes() const = 0;
    // Runs a command line ("squeue", "-h", ...) as the student would in `cwd`; `done` gets
    // its output once it ends (at once or later, never twice).
    virtual void run(const QStringList &argv, const QString &cwd,
                     std::function<void(const CommandOutput &)> done) = 0;

Q_SIGNALS:
    // A job changed state, reason, times or place; sent at the instant it happened, so a
    // job that went R -> CG -> COMPLETED within one refresh is seen at each step.
    void jobChanged(const schedlab::gui::JobSnapshot &job);
    // Something changed (jobs, pods, nodes): coalesced, at most once per event loop pass.
    void changed();
    void clockChanged(qint64 now);
    // The cluster was emptied: views forget what they showed.
    void reset();
};

} // namespace schedlab::gui
