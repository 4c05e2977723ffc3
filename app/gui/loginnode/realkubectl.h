// A real `kubectl`, if the machine has one that reaches a cluster: found on PATH (SchedLab's
// own client folder left out, it is the mini-cluster's), then asked `kubectl get nodes`.
// Everything runs as an asynchronous process; nothing waits in the interface.
#pragma once

#include <QObject>
#include <QPointer>
#include <QProcess>
#include <QStringList>

namespace schedlab::gui {

class RealKubectl : public QObject
{
    Q_OBJECT

public:
    enum class State { Unknown, Checking, NotFound, Unreachable, Reachable };
    Q_ENUM(State)

    explicit RealKubectl(QObject *parent = nullptr);
    ~RealKubectl() override;

    // The first kubectl on PATH outside SchedLab's folders; empty when there is none.
    static QString findOnPath();
    // Uses this program from now on (tests; a kubectl elsewhere) and checks it again.
    void setProgram(const QString &path);
    QString program() const { return program_; }
    // Looks for kubectl (unless set) and asks it `get nodes --request-timeout=5s`.
    void detect();
    State state() const { return state_; }
    QString detail() const { return detail_; } // what kubectl said when it failed

    // The exact command lines, as the confirmations show them.
    QStringList applyArguments(const QString &file) const;
    QStringList logsArguments(const QString &job) const;
    QStringList deleteArguments(const QString &job) const;
    QString commandLine(const QStringList &arguments) const;
    // Runs kubectl with `arguments`; `finished` carries what it printed.
    bool start(const QStringList &arguments);
    bool busy() const { return process_ != nullptr; }

Q_SIGNALS:
    void stateChanged(schedlab::gui::RealKubectl::State state);
    void finished(const QString &command, int exitCode, const QString &output);

private:
    void setState(State state, const QString &detail = QString());

    QString program_;
    bool programSet_ = false;
    State state_ = State::Unknown;
    QString detail_;
    QPointer<QProcess> probe_;
    QPointer<QProcess> process_;
};

} // namespace schedlab::gui
