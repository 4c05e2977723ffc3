// The half of LoginNodeSession that lives on the network thread: it owns the SSH client and
// does every blocking step; it reports back by posting to the session's thread.
#pragma once

#include "loginnodesession.h"

#include <QMap>
#include <QTimer>

namespace schedlab::remote {

class SessionWorker : public QObject
{
    Q_OBJECT

public:
    explicit SessionWorker(LoginNodeSession *session);
    ~SessionWorker() override;

    void configure(const QString &knownHostsFile, int timeoutSeconds, int pollMs);
    void connectToNode(const LoginProfile &profile);
    void answerHostKey(bool trust);
    void givePassphrase(const QByteArray &passphrase);
    void disconnectFromNode();
    void run(const QString &command,
             std::function<void(const RemoteResult &, const SshError &)> done, bool logIt);
    void submit(const QStringList &localFiles, const QString &scriptName,
                const QString &localOutputFolder);
    void cancel(quint32 id);
    void setPollInterval(int ms);

private:
    struct FollowedJob
    {
        JobStatus status;
        QString localFolder;
        qint64 downloadedSize = -1;
        bool outputFinal = false;
        bool finalRecordRead = false; // scontrol's exit code once the job ended
    };

    // Connection.
    void authenticate();
    void finishConnection();
    void probeSlurm();
    void fail(const SshError &error);
    // Commands, through the login shell when the site needs it for Slurm's PATH.
    SshError execute(const QString &command, RemoteResult *result, bool logIt = true);
    QString wrapped(const QString &command) const;

    // Following jobs.
    void poll();
    void readFromSqueue(const QList<quint32> &ids, QList<quint32> *notSeen);
    void readFromSacct(QList<quint32> *notSeen);
    // What scontrol is asked for: the output file's path while the job lives, or everything
    // when neither squeue nor sacct knows the job any more.
    enum class ScontrolUse { OutputPath, LastResort };
    void addFinalRecord(JobStatus *status);
    void readFromScontrol(quint32 id, ScontrolUse use);
    void inferFromOutput(quint32 id);
    void fetchOutput(quint32 id);
    void update(const JobStatus &status);
    QList<quint32> activeJobs() const;

    // Reporting to the session's thread.
    void report(std::function<void(LoginNodeSession &)> change);
    void log(const QString &line);

    LoginNodeSession *session_;
    SshClient client_;
    LoginProfile profile_;
    QByteArray passphrase_;
    QTimer *pollTimer_ = nullptr;
    int pollMs_ = LoginNodeSession::kDefaultPollMs;
    bool loginShell_ = false;
    bool accounting_ = true; // until sacct says the site has none
    QMap<quint32, FollowedJob> followed_;
};

} // namespace schedlab::remote
