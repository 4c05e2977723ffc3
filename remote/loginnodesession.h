// One session on a login node, run on its own thread so that the interface never waits on the
// network: connect (host key question, passphrase), upload an exercise's files and submit the
// script, follow the jobs it submitted at a polite interval, download their output files, and
// cancel them. The passphrase lives in this object's memory until disconnect, nowhere else.
//
// Following a job, in order of preference (so that a site without accounting still works):
//   1. squeue -t all: pending, running, and finished jobs the controller still remembers;
//   2. sacct, once the job left squeue (skipped for good when the site has no accounting);
//   3. scontrol show job, which also gives the output file's absolute path;
//   4. the output file itself: slurmstepd's last line tells CANCELLED or TIMEOUT.
#pragma once

#include "profile.h"
#include "slurmcommands.h"
#include "sshclient.h"

#include <QMap>
#include <QObject>
#include <QThread>

#include <functional>

namespace schedlab::remote {

class SessionWorker;

class LoginNodeSession : public QObject
{
    Q_OBJECT

public:
    enum class Stage { Disconnected, Connecting, AwaitingHostKey, AwaitingPassphrase, Connected };
    Q_ENUM(Stage)

    static constexpr int kDefaultPollMs = 5000;

    explicit LoginNodeSession(QObject *parent = nullptr);
    ~LoginNodeSession() override;

    void setKnownHostsFile(const QString &path);
    void setTimeout(int seconds);
    // Between two rounds of squeue; 5 s by default. Tests may go lower.
    void setPollInterval(int ms);
    int pollInterval() const { return pollMs_; }

    Stage stage() const { return stage_; }
    LoginProfile profile() const { return profile_; }
    HostKeyInfo hostKey() const { return hostKey_; }
    // Whether sbatch was found on the node (known once connected).
    bool hasSlurm() const { return hasSlurm_; }
    QList<JobStatus> jobs() const { return jobs_.values(); }
    JobStatus job(quint32 id) const { return jobs_.value(id); }

    void connectToNode(const LoginProfile &profile);
    void answerHostKey(bool trust);
    void givePassphrase(const QByteArray &passphrase);
    void disconnectFromNode();

    // Whether a command and its answer go to the activity transcript: actions do, the views'
    // own look-ups (scontrol show job on every selection) would only drown them.
    enum class Transcript { Shown, Quiet };
    // Runs a command line in the account's shell; `done` is called on this object's thread.
    void run(const QString &command,
             std::function<void(const RemoteResult &, const SshError &)> done,
             Transcript transcript = Transcript::Shown);
    // Uploads `localFiles` (plain names only) into the profile's remote folder, runs sbatch
    // on `scriptName` there, and follows the job; its output file is downloaded into
    // `localOutputFolder`.
    void submit(const QStringList &localFiles, const QString &scriptName,
                const QString &localOutputFolder);
    void cancel(quint32 id);

Q_SIGNALS:
    void stageChanged(schedlab::remote::LoginNodeSession::Stage stage);
    void hostKeyQuestion(const QString &message);
    void passphraseNeeded(const QString &keyFile, bool again);
    void connected();
    void failed(const QString &message, int kind); // kind: SshErrorKind
    void submitted(quint32 id);
    void submitFailed(const QString &message);
    void jobUpdated(quint32 id);
    void outputDownloaded(quint32 id, const QString &localPath);
    // A transcript of what was sent and answered ("$ sbatch ...", its output), never a secret.
    void activity(const QString &line);

private:
    friend class SessionWorker;
    void setStage(Stage stage);
    void post(std::function<void(SessionWorker &)> work);

    QThread thread_;
    SessionWorker *worker_ = nullptr;
    Stage stage_ = Stage::Disconnected;
    LoginProfile profile_;
    HostKeyInfo hostKey_;
    bool hasSlurm_ = false;
    int pollMs_ = kDefaultPollMs;
    QMap<quint32, JobStatus> jobs_;
};

} // namespace schedlab::remote
