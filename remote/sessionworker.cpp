#include "sessionworker.h"

#include "keyfiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace schedlab::remote {

using Stage = LoginNodeSession::Stage;

SessionWorker::SessionWorker(LoginNodeSession *session)
    : session_(session)
{}

SessionWorker::~SessionWorker()
{
    passphrase_.fill('\0');
}

void SessionWorker::report(std::function<void(LoginNodeSession &)> change)
{
    LoginNodeSession *session = session_;
    QMetaObject::invokeMethod(
        session, [session, change = std::move(change)] { change(*session); }, Qt::QueuedConnection);
}

void SessionWorker::log(const QString &line)
{
    report([line](LoginNodeSession &s) { Q_EMIT s.activity(line); });
}

void SessionWorker::configure(const QString &knownHostsFile, int timeoutSeconds, int pollMs)
{
    if (!knownHostsFile.isEmpty())
        client_.setKnownHostsFile(knownHostsFile);
    if (timeoutSeconds > 0)
        client_.setTimeout(timeoutSeconds);
    if (pollMs > 0)
        setPollInterval(pollMs);
}

void SessionWorker::setPollInterval(int ms)
{
    pollMs_ = ms;
    if (pollTimer_)
        pollTimer_->setInterval(ms);
}

// --- connection -----------------------------------------------------------------------------

void SessionWorker::fail(const SshError &error)
{
    if (!client_.connected()) {
        if (pollTimer_)
            pollTimer_->stop();
        report([](LoginNodeSession &s) { s.setStage(Stage::Disconnected); });
    }
    const QString message = error.message;
    const int kind = static_cast<int>(error.kind);
    log(QStringLiteral("! ") + message);
    report([message, kind](LoginNodeSession &s) { Q_EMIT s.failed(message, kind); });
}

void SessionWorker::connectToNode(const LoginProfile &profile)
{
    if (profile_.host != profile.host || profile_.port != profile.port ||
        profile_.user != profile.user || profile_.keyFile != profile.keyFile)
        passphrase_.fill('\0'), passphrase_.clear(); // held for one account and key only
    profile_ = profile;
    log(tr("Connecting to %1@%2:%3 ...").arg(profile.user, profile.host).arg(profile.port));
    const SshError error = client_.connectToHost(profile);
    const HostKeyInfo key = client_.hostKey();
    report([key](LoginNodeSession &s) { s.hostKey_ = key; });
    if (error.kind == SshErrorKind::HostKeyUnknown) {
        const QString message = error.message;
        report([message](LoginNodeSession &s) {
            s.setStage(Stage::AwaitingHostKey);
            Q_EMIT s.hostKeyQuestion(message);
        });
        return;
    }
    if (error)
        return fail(error);
    authenticate();
}

void SessionWorker::answerHostKey(bool trust)
{
    if (!trust) {
        client_.disconnectFromHost();
        log(tr("Host key not accepted: disconnected."));
        return;
    }
    if (const SshError error = client_.trustHostKey())
        return fail(error);
    log(tr("Host key %1 added to %2.")
            .arg(client_.hostKey().fingerprint, client_.hostKey().knownHostsFile));
    authenticate();
}

void SessionWorker::givePassphrase(const QByteArray &passphrase)
{
    passphrase_.fill('\0');
    passphrase_ = passphrase;
    authenticate();
}

void SessionWorker::authenticate()
{
    if (!client_.connected()) {
        // The session was left waiting (host key, passphrase) long enough for the server to
        // drop it, or it was lost: open it again with what is known.
        if (const SshError error = client_.connectToHost(profile_))
            return fail(error);
    }
    SshError error;
    if (profile_.useAgent) {
        error = client_.authenticateWithAgent();
    } else {
        const PrivateKeyFacts facts = inspectPrivateKey(profile_.keyFile);
        if (facts.encrypted && passphrase_.isEmpty()) {
            const QString keyFile = profile_.keyFile;
            report([keyFile](LoginNodeSession &s) {
                s.setStage(Stage::AwaitingPassphrase);
                Q_EMIT s.passphraseNeeded(keyFile, false);
            });
            return;
        }
        error = client_.authenticateWithKey(profile_.keyFile, passphrase_);
        if (error.kind == SshErrorKind::WrongPassphrase) {
            passphrase_.fill('\0');
            passphrase_.clear();
            fail(error);
            const QString keyFile = profile_.keyFile;
            report([keyFile](LoginNodeSession &s) {
                s.setStage(Stage::AwaitingPassphrase);
                Q_EMIT s.passphraseNeeded(keyFile, true);
            });
            return;
        }
    }
    if (error) {
        client_.disconnectFromHost();
        return fail(error);
    }
    finishConnection();
}

void SessionWorker::finishConnection()
{
    log(tr("Connected as %1.").arg(profile_.user));
    probeSlurm();
    if (!pollTimer_) {
        pollTimer_ = new QTimer(this);
        connect(pollTimer_, &QTimer::timeout, this, &SessionWorker::poll);
    }
    pollTimer_->start(pollMs_);
    report([](LoginNodeSession &s) {
        s.setStage(Stage::Connected);
        Q_EMIT s.connected();
    });
}

// Many sites put Slurm on PATH from /etc/profile only: when a plain command does not find
// sbatch, a login shell may.
void SessionWorker::probeSlurm()
{
    loginShell_ = false;
    RemoteResult result;
    if (execute(probeCommand(), &result, false))
        return;
    if (!result.out.contains("sbatch")) {
        loginShell_ = true;
        if (execute(probeCommand(), &result, false))
            return;
    }
    const bool found = result.out.contains("sbatch");
    if (!found)
        loginShell_ = false;
    accounting_ = result.out.contains("sacct");
    log(found ? tr("Slurm found: %1").arg(QString::fromUtf8(result.out).simplified())
              : tr("sbatch is not found on this host: it is not a Slurm login node."));
    report([found](LoginNodeSession &s) { s.hasSlurm_ = found; });
}

void SessionWorker::disconnectFromNode()
{
    if (pollTimer_)
        pollTimer_->stop();
    client_.disconnectFromHost();
    passphrase_.fill('\0');
    passphrase_.clear();
}

// --- commands --------------------------------------------------------------------------------

QString SessionWorker::wrapped(const QString &command) const
{
    return loginShell_ ? QStringLiteral("bash -lc ") + shellQuote(command) : command;
}

SshError SessionWorker::execute(const QString &command, RemoteResult *result, bool logIt)
{
    if (logIt)
        log(QStringLiteral("$ ") + command);
    const SshError error = client_.exec(wrapped(command), result);
    if (logIt && !error) {
        for (const QByteArray &text : {result->out, result->err}) {
            if (!text.trimmed().isEmpty())
                log(QString::fromUtf8(text).trimmed());
        }
    }
    if (error)
        fail(error);
    return error;
}

void SessionWorker::run(const QString &command,
                        std::function<void(const RemoteResult &, const SshError &)> done,
                        bool logIt)
{
    RemoteResult result;
    const SshError error = execute(command, &result, logIt);
    report([done, result, error](LoginNodeSession &) { done(result, error); });
}

void SessionWorker::submit(const QStringList &localFiles, const QString &scriptName,
                           const QString &localOutputFolder)
{
    const auto refuse = [this](const QString &message, bool alreadyInTranscript = false) {
        if (!alreadyInTranscript)
            log(QStringLiteral("! ") + message);
        report([message](LoginNodeSession &s) { Q_EMIT s.submitFailed(message); });
    };
    // A transfer that failed because the connection broke also ends the session.
    const auto refuseAfter = [this, &refuse](const SshError &error) {
        const bool lost = !client_.connected();
        if (lost)
            fail(error);
        refuse(error.message, lost);
    };
    const QString folder = normalisedRemoteFolder(profile_.remoteFolder);
    if (folder.isEmpty())
        return refuse(tr("The remote folder \"%1\" is not a folder inside your home.")
                          .arg(profile_.remoteFolder));
    if (!isPlainFileName(scriptName))
        return refuse(tr("\"%1\" is not a plain file name.").arg(scriptName));
    if (const SshError error = client_.makeFolders(folder))
        return refuseAfter(error);
    for (const QString &local : localFiles) {
        const QString name = QFileInfo(local).fileName();
        if (!isPlainFileName(name))
            return refuse(tr("\"%1\" is not a plain file name.").arg(name));
        log(QStringLiteral("sftp put %1 ~/%2/%3").arg(local, folder, name));
        if (const SshError error = client_.upload(local, folder + QLatin1Char('/') + name))
            return refuseAfter(error);
    }
    RemoteResult result;
    if (const SshError error = execute(
            sbatchCommand(folder, scriptName, profile_.partition, profile_.account), &result))
        return refuse(error.message, true); // execute() reported it
    const auto id = parseSubmittedJobId(QString::fromUtf8(result.out));
    if (result.exitCode != 0 || !id) {
        const QString said = QString::fromUtf8(result.err + result.out).trimmed();
        if (said.isEmpty())
            return refuse(tr("sbatch ended with exit code %1.").arg(result.exitCode));
        return refuse(said, true); // sbatch's own words, already in the transcript
    }
    FollowedJob followed;
    followed.localFolder = localOutputFolder;
    followed_.insert(*id, followed);
    JobStatus submitted; // what sbatch's answer tells: the job exists and waits
    submitted.id = *id;
    submitted.state = QStringLiteral("PENDING");
    submitted.reason = QStringLiteral("None");
    submitted.source = QStringLiteral("sbatch");
    update(submitted);
    report([id = *id](LoginNodeSession &s) { Q_EMIT s.submitted(id); });
    poll();
}

void SessionWorker::cancel(quint32 id)
{
    RemoteResult result;
    if (execute(scancelCommand(id), &result))
        return;
    poll();
}

// --- following jobs --------------------------------------------------------------------------

QList<quint32> SessionWorker::activeJobs() const
{
    QList<quint32> ids;
    for (auto it = followed_.cbegin(); it != followed_.cend(); ++it) {
        if (!it->status.finished() || !it->outputFinal)
            ids << it.key();
    }
    return ids;
}

void SessionWorker::poll()
{
    if (!client_.connected() || !client_.authenticated())
        return;
    QList<quint32> ids;
    for (quint32 id : activeJobs()) {
        if (!followed_[id].status.finished())
            ids << id;
    }
    if (!ids.isEmpty()) {
        QList<quint32> notSeen;
        readFromSqueue(ids, &notSeen);
        if (!notSeen.isEmpty() && accounting_)
            readFromSacct(&notSeen);
        for (quint32 id : notSeen)
            readFromScontrol(id, ScontrolUse::LastResort);
    }
    for (quint32 id : activeJobs()) {
        if (followed_[id].status.stdOut.isEmpty())
            readFromScontrol(id, ScontrolUse::OutputPath);
        fetchOutput(id);
        if (!followed_[id].status.finished() &&
            followed_[id].status.source == QLatin1String("lost"))
            inferFromOutput(id);
    }
}

void SessionWorker::readFromSqueue(const QList<quint32> &ids, QList<quint32> *notSeen)
{
    RemoteResult result;
    *notSeen = ids;
    if (execute(squeueCommand(ids), &result, false))
        return;
    for (JobStatus status : parseSqueue(QString::fromUtf8(result.out))) {
        if (!followed_.contains(status.id))
            continue;
        notSeen->removeAll(status.id);
        // squeue has no exit code: a job that just ended is reported once scontrol gave it,
        // so that nobody sees COMPLETED without its 0:0.
        if (status.finished() && !followed_[status.id].finalRecordRead)
            addFinalRecord(&status);
        update(status);
    }
}

void SessionWorker::addFinalRecord(JobStatus *status)
{
    RemoteResult result;
    if (execute(scontrolCommand(status->id), &result, false))
        return;
    followed_[status->id].finalRecordRead = true;
    const auto record = parseScontrolJob(QString::fromUtf8(result.out));
    if (!record || !record->finished())
        return;
    status->exitCode = record->exitCode;
    if (status->stdOut.isEmpty())
        status->stdOut = record->stdOut;
}

void SessionWorker::readFromSacct(QList<quint32> *notSeen)
{
    RemoteResult result;
    if (execute(sacctCommand(*notSeen), &result, false))
        return;
    if (result.exitCode != 0) {
        // "Slurm accounting storage is disabled", or no slurmdbd: the site has no sacct.
        accounting_ = false;
        log(tr("sacct: %1 — following the jobs with scontrol and the output file.")
                .arg(QString::fromUtf8(result.err).trimmed()));
        return;
    }
    for (const JobStatus &status : parseSacct(QString::fromUtf8(result.out))) {
        if (followed_.contains(status.id) && notSeen->removeAll(status.id) > 0)
            update(status);
    }
}

void SessionWorker::readFromScontrol(quint32 id, ScontrolUse use)
{
    RemoteResult result;
    if (execute(scontrolCommand(id), &result, false))
        return;
    FollowedJob &followed = followed_[id];
    const auto record = parseScontrolJob(QString::fromUtf8(result.out));
    if (!record) {
        if (use == ScontrolUse::LastResort) {
            // Gone from the controller and from accounting: only the output file is left.
            JobStatus lost = followed.status;
            lost.source = QStringLiteral("lost");
            followed.status = lost;
        }
        return;
    }
    if (use == ScontrolUse::LastResort) {
        update(*record);
        return;
    }
    JobStatus known = followed.status; // squeue's reading stays; scontrol adds the file's path
    known.stdOut = record->stdOut;
    update(known);
}

void SessionWorker::inferFromOutput(quint32 id)
{
    FollowedJob &followed = followed_[id];
    const QString local =
        followed.localFolder + QLatin1Char('/') + QFileInfo(followed.status.stdOut).fileName();
    QFile file(local);
    QString ending;
    if (!followed.status.stdOut.isEmpty() && file.open(QIODevice::ReadOnly))
        ending = stateFromOutputFile(QString::fromUtf8(file.readAll()), id);
    JobStatus status = followed.status;
    status.state = ending.isEmpty() ? QStringLiteral("COMPLETED") : ending;
    status.source = QStringLiteral("output file");
    update(status);
}

void SessionWorker::fetchOutput(quint32 id)
{
    FollowedJob &followed = followed_[id];
    const JobStatus &status = followed.status;
    if (status.stdOut.isEmpty() || followed.localFolder.isEmpty() ||
        status.state == QLatin1String("PENDING"))
        return;
    SshError error;
    const qint64 size = client_.remoteSize(status.stdOut, &error);
    if (error)
        return fail(error);
    const bool final = status.finished();
    if (size >= 0 && size != followed.downloadedSize) {
        const QString local =
            followed.localFolder + QLatin1Char('/') + QFileInfo(status.stdOut).fileName();
        if (const SshError failed = client_.download(status.stdOut, local))
            return fail(failed);
        followed.downloadedSize = size;
        log(QStringLiteral("sftp get %1 %2").arg(status.stdOut, local));
        report([id, local](LoginNodeSession &s) { Q_EMIT s.outputDownloaded(id, local); });
    }
    followed.outputFinal = final;
}

void SessionWorker::update(const JobStatus &incoming)
{
    FollowedJob &followed = followed_[incoming.id];
    JobStatus status = incoming;
    if (status.stdOut.isEmpty())
        status.stdOut = followed.status.stdOut; // only scontrol knows it
    if (status.exitCode.isEmpty())
        status.exitCode = followed.status.exitCode;
    if (status == followed.status)
        return;
    followed.status = status;
    log(QStringLiteral("job %1: %2%3")
            .arg(status.id)
            .arg(status.state, status.reason.isEmpty() || status.reason == QLatin1String("None")
                                   ? QString()
                                   : QStringLiteral(" (%1)").arg(status.reason)));
    report([status](LoginNodeSession &s) {
        s.jobs_.insert(status.id, status);
        Q_EMIT s.jobUpdated(status.id);
    });
}

} // namespace schedlab::remote
