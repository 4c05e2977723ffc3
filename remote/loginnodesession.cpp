#include "loginnodesession.h"

#include "sessionworker.h"

namespace schedlab::remote {

LoginNodeSession::LoginNodeSession(QObject *parent)
    : QObject(parent)
{
    thread_.setObjectName(QStringLiteral("login-node"));
    worker_ = new SessionWorker(this);
    worker_->moveToThread(&thread_);
    connect(&thread_, &QThread::finished, worker_, &QObject::deleteLater);
    thread_.start();
    post([](SessionWorker &w) { w.configure(defaultKnownHostsFile(), 15, kDefaultPollMs); });
}

LoginNodeSession::~LoginNodeSession()
{
    post([](SessionWorker &w) { w.disconnectFromNode(); });
    thread_.quit();
    thread_.wait();
}

void LoginNodeSession::post(std::function<void(SessionWorker &)> work)
{
    SessionWorker *worker = worker_;
    QMetaObject::invokeMethod(
        worker, [worker, work = std::move(work)] { work(*worker); }, Qt::QueuedConnection);
}

void LoginNodeSession::setStage(Stage stage)
{
    if (stage_ == stage)
        return;
    stage_ = stage;
    Q_EMIT stageChanged(stage);
}

void LoginNodeSession::setKnownHostsFile(const QString &path)
{
    post([path](SessionWorker &w) { w.configure(path, -1, -1); });
}

void LoginNodeSession::setTimeout(int seconds)
{
    post([seconds](SessionWorker &w) { w.configure({}, seconds, -1); });
}

void LoginNodeSession::setPollInterval(int ms)
{
    pollMs_ = qMax(100, ms);
    post([ms = pollMs_](SessionWorker &w) { w.setPollInterval(ms); });
}

void LoginNodeSession::connectToNode(const LoginProfile &profile)
{
    profile_ = profile;
    setStage(Stage::Connecting);
    post([profile](SessionWorker &w) { w.connectToNode(profile); });
}

void LoginNodeSession::answerHostKey(bool trust)
{
    if (stage_ != Stage::AwaitingHostKey)
        return;
    setStage(trust ? Stage::Connecting : Stage::Disconnected);
    post([trust](SessionWorker &w) { w.answerHostKey(trust); });
}

void LoginNodeSession::givePassphrase(const QByteArray &passphrase)
{
    if (stage_ != Stage::AwaitingPassphrase)
        return;
    setStage(Stage::Connecting);
    post([passphrase](SessionWorker &w) { w.givePassphrase(passphrase); });
}

void LoginNodeSession::disconnectFromNode()
{
    setStage(Stage::Disconnected);
    post([](SessionWorker &w) { w.disconnectFromNode(); });
}

void LoginNodeSession::run(const QString &command,
                           std::function<void(const RemoteResult &, const SshError &)> done,
                           Transcript transcript)
{
    const bool shown = transcript == Transcript::Shown;
    post([command, done = std::move(done), shown](SessionWorker &w) {
        w.run(command, done, shown);
    });
}

void LoginNodeSession::submit(const QStringList &localFiles, const QString &scriptName,
                              const QString &localOutputFolder)
{
    post([=](SessionWorker &w) { w.submit(localFiles, scriptName, localOutputFolder); });
}

void LoginNodeSession::cancel(quint32 id)
{
    post([id](SessionWorker &w) { w.cancel(id); });
}

} // namespace schedlab::remote
