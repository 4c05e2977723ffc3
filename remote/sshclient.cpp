#include "sshclient.h"

#include "keyfiles.h"
#include "safefiles.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <libssh/libssh.h>
#include <libssh/sftp.h>

#include <fcntl.h>

namespace schedlab::remote {

struct SshClient::Handles
{
    ssh_session session = nullptr;
    sftp_session sftp = nullptr;

    ~Handles() { close(); }
    void close()
    {
        if (sftp) {
            sftp_free(sftp);
            sftp = nullptr;
        }
        if (session) {
            if (ssh_is_connected(session))
                ssh_disconnect(session);
            ssh_free(session);
            session = nullptr;
        }
    }
};

namespace {

// The command's exit code, or -1 when it ended by a signal or the server sent none.
// libssh 0.11 replaced ssh_channel_get_exit_status with a call that also reports the signal.
int exitCodeOf(ssh_channel channel)
{
#if LIBSSH_VERSION_INT >= SSH_VERSION_INT(0, 11, 0)
    uint32_t code = 0;
    char *signal = nullptr;
    int coreDumped = 0;
    const int rc = ssh_channel_get_exit_state(channel, &code, &signal, &coreDumped);
    const bool bySignal = signal != nullptr;
    ssh_string_free_char(signal);
    return rc == SSH_OK && !bySignal ? static_cast<int>(code) : -1;
#else
    return ssh_channel_get_exit_status(channel);
#endif
}

constexpr int kReadSliceMs = 100;
constexpr int kSftpChunk = 32 * 1024;    // the largest write every SFTP server accepts
constexpr int kCommandTimeoutFloor = 60; // sbatch may wait on a busy controller

QString hostLabel(const LoginProfile &profile)
{
    return profile.port == 22 ? profile.host
                              : SshClient::tr("%1 port %2").arg(profile.host).arg(profile.port);
}

QString keyTypeName(ssh_key key)
{
    switch (ssh_key_type(key)) {
    case SSH_KEYTYPE_ED25519:
        return QStringLiteral("ED25519");
    case SSH_KEYTYPE_RSA:
        return QStringLiteral("RSA");
    case SSH_KEYTYPE_ECDSA_P256:
    case SSH_KEYTYPE_ECDSA_P384:
    case SSH_KEYTYPE_ECDSA_P521:
        return QStringLiteral("ECDSA");
    default:
        return QString::fromLatin1(ssh_key_type_to_char(ssh_key_type(key))).toUpper();
    }
}

QString sha256Fingerprint(ssh_key key)
{
    unsigned char *hash = nullptr;
    size_t length = 0;
    if (ssh_get_publickey_hash(key, SSH_PUBLICKEY_HASH_SHA256, &hash, &length) != SSH_OK)
        return {};
    char *text = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, length);
    const QString fingerprint = QString::fromLatin1(text);
    ssh_string_free_char(text);
    ssh_clean_pubkey_hash(&hash);
    return fingerprint;
}

SshError error(SshErrorKind kind, const QString &message)
{
    return SshError{kind, message};
}

} // namespace

QString defaultKnownHostsFile()
{
    return QDir::homePath() + QStringLiteral("/.ssh/known_hosts");
}

SshClient::SshClient()
    : handles_(std::make_unique<Handles>())
    , knownHostsFile_(defaultKnownHostsFile())
{}

SshClient::~SshClient() = default;

void SshClient::setKnownHostsFile(const QString &path)
{
    knownHostsFile_ = path;
}

void SshClient::setTimeout(int seconds)
{
    timeoutSeconds_ = qMax(1, seconds);
}

bool SshClient::connected() const
{
    return handles_->session && ssh_is_connected(handles_->session);
}

void SshClient::disconnectFromHost()
{
    handles_->close();
    authenticated_ = false;
}

SshError SshClient::lastError(SshErrorKind fallback, const QString &what) const
{
    const QString detail =
        handles_->session ? QString::fromUtf8(ssh_get_error(handles_->session)) : QString();
    if (handles_->session && !ssh_is_connected(handles_->session))
        return error(
            SshErrorKind::ConnectionLost,
            tr("The connection to %1 was lost (%2): %3").arg(hostLabel(profile_), what, detail));
    return error(fallback, QStringLiteral("%1: %2").arg(what, detail));
}

SshError SshClient::connectToHost(const LoginProfile &profile)
{
    disconnectFromHost();
    profile_ = profile;
    if (profile.host.trimmed().isEmpty() || profile.user.trimmed().isEmpty())
        return error(SshErrorKind::BadProfile,
                     tr("The host and the access account must both be filled in."));

    handles_->session = ssh_new();
    ssh_session s = handles_->session;
    const QByteArray host = profile.host.trimmed().toUtf8();
    const QByteArray user = profile.user.trimmed().toUtf8();
    const QByteArray knownHosts = QFile::encodeName(knownHostsFile_);
    const unsigned int port = static_cast<unsigned int>(profile.port);
    const long timeout = timeoutSeconds_;
    const bool processConfig = false; // the profile already holds what ~/.ssh/config says
    ssh_options_set(s, SSH_OPTIONS_HOST, host.constData());
    ssh_options_set(s, SSH_OPTIONS_PORT, &port);
    ssh_options_set(s, SSH_OPTIONS_USER, user.constData());
    ssh_options_set(s, SSH_OPTIONS_TIMEOUT, &timeout);
    ssh_options_set(s, SSH_OPTIONS_KNOWNHOSTS, knownHosts.constData());
    ssh_options_set(s, SSH_OPTIONS_PROCESS_CONFIG, &processConfig);

    if (ssh_connect(s) != SSH_OK) {
        const QString detail = QString::fromUtf8(ssh_get_error(s));
        handles_->close();
        if (detail.contains(QLatin1String("resolve"), Qt::CaseInsensitive))
            return error(SshErrorKind::Resolve,
                         tr("The name %1 does not resolve: check it against what the "
                            "organisers gave (%2).")
                             .arg(profile.host, detail));
        if (detail.contains(QLatin1String("refused"), Qt::CaseInsensitive))
            return error(SshErrorKind::Refused,
                         tr("%1 refused the connection: nothing listens on that port, "
                            "or a firewall rejects it.")
                             .arg(hostLabel(profile)));
        if (detail.contains(QLatin1String("timeout"), Qt::CaseInsensitive) ||
            detail.contains(QLatin1String("timed out"), Qt::CaseInsensitive))
            return error(SshErrorKind::Timeout,
                         tr("%1 did not answer within %2 s (a network or VPN problem, "
                            "or the wrong host).")
                             .arg(hostLabel(profile))
                             .arg(timeoutSeconds_));
        return error(SshErrorKind::Other,
                     tr("Could not connect to %1: %2").arg(hostLabel(profile), detail));
    }
    return checkHostKey();
}

SshError SshClient::checkHostKey()
{
    ssh_session s = handles_->session;
    ssh_key key = nullptr;
    if (ssh_get_server_publickey(s, &key) != SSH_OK)
        return lastError(SshErrorKind::Other, tr("reading the server's key"));
    hostKey_ = HostKeyInfo{keyTypeName(key), sha256Fingerprint(key), knownHostsFile_};
    ssh_key_free(key);

    switch (ssh_session_is_known_server(s)) {
    case SSH_KNOWN_HOSTS_OK:
        return {};
    case SSH_KNOWN_HOSTS_NOT_FOUND:
    case SSH_KNOWN_HOSTS_UNKNOWN:
        return error(
            SshErrorKind::HostKeyUnknown,
            tr("%1 is not in %2 yet. Its %3 key has the fingerprint %4: "
               "compare it with the one the organisers published before "
               "accepting it.")
                .arg(hostLabel(profile_), knownHostsFile_, hostKey_.type, hostKey_.fingerprint));
    case SSH_KNOWN_HOSTS_CHANGED:
    case SSH_KNOWN_HOSTS_OTHER: {
        const SshError refused = error(
            SshErrorKind::HostKeyChanged,
            tr("The key of %1 is not the one recorded in %2 (it now presents %3 %4). "
               "Either the server was reinstalled or someone is in the middle of the "
               "connection. SchedLab refuses to connect and never replaces a recorded "
               "key: ask the organisers whether the key changed, and if they confirm, "
               "remove the old line yourself with: ssh-keygen -R %5")
                .arg(hostLabel(profile_), knownHostsFile_, hostKey_.type, hostKey_.fingerprint,
                     profile_.port == 22
                         ? profile_.host
                         : QStringLiteral("'[%1]:%2'").arg(profile_.host).arg(profile_.port)));
        handles_->close();
        return refused;
    }
    case SSH_KNOWN_HOSTS_ERROR:
    default: {
        const SshError failed = error(
            SshErrorKind::KnownHostsError,
            tr("Could not read %1: %2").arg(knownHostsFile_, QString::fromUtf8(ssh_get_error(s))));
        handles_->close();
        return failed;
    }
    }
}

SshError SshClient::trustHostKey()
{
    if (!connected())
        return error(SshErrorKind::ConnectionLost, tr("Not connected."));
    QDir().mkpath(QFileInfo(knownHostsFile_).absolutePath());
    if (ssh_session_update_known_hosts(handles_->session) != SSH_OK)
        return error(
            SshErrorKind::KnownHostsError,
            tr("Could not add the key to %1: %2")
                .arg(knownHostsFile_, QString::fromUtf8(ssh_get_error(handles_->session))));
    return {};
}

SshError SshClient::authenticateWithKey(const QString &keyFile, const QByteArray &passphrase)
{
    if (!connected())
        return error(SshErrorKind::ConnectionLost, tr("Not connected."));
    const PrivateKeyFacts facts = inspectPrivateKey(keyFile);
    if (!facts.exists || !facts.readable)
        return error(SshErrorKind::KeyUnreadable, facts.error.isEmpty()
                                                      ? tr("%1: cannot read the key").arg(keyFile)
                                                      : facts.error);

    ssh_key key = nullptr;
    QByteArray secret = passphrase; // a copy libssh reads; wiped below
    const int imported = ssh_pki_import_privkey_file(
        QFile::encodeName(keyFile).constData(), secret.isEmpty() ? nullptr : secret.constData(),
        nullptr, nullptr, &key);
    secret.fill('\0');
    if (imported != SSH_OK) {
        if (facts.encrypted)
            return error(SshErrorKind::WrongPassphrase,
                         tr("The passphrase does not open %1.").arg(keyFile));
        return error(SshErrorKind::KeyUnreadable,
                     tr("%1 is not a private key libssh can read.").arg(keyFile));
    }
    const int result = ssh_userauth_publickey(handles_->session, nullptr, key);
    ssh_key_free(key);
    if (result == SSH_AUTH_SUCCESS) {
        authenticated_ = true;
        return {};
    }
    if (result == SSH_AUTH_DENIED || result == SSH_AUTH_PARTIAL)
        return error(SshErrorKind::KeyDenied,
                     tr("%1 refused the key %2 for the account %3: the public key is not "
                        "(yet) registered for that account, or the account name is wrong.")
                         .arg(hostLabel(profile_), keyFile, profile_.user));
    return lastError(SshErrorKind::Other, tr("authentication"));
}

SshError SshClient::authenticateWithAgent()
{
    if (!connected())
        return error(SshErrorKind::ConnectionLost, tr("Not connected."));
    if (qEnvironmentVariableIsEmpty("SSH_AUTH_SOCK"))
        return error(SshErrorKind::AgentUnavailable,
                     tr("No ssh-agent is running (SSH_AUTH_SOCK is not set): start one "
                        "and add the key with ssh-add, or use the key file."));
    const int result = ssh_userauth_agent(handles_->session, nullptr);
    if (result == SSH_AUTH_SUCCESS) {
        authenticated_ = true;
        return {};
    }
    if (result == SSH_AUTH_DENIED || result == SSH_AUTH_PARTIAL)
        return error(SshErrorKind::AgentUnavailable,
                     tr("The ssh-agent holds no key that %1 accepts for %2: add the "
                        "session key with ssh-add.")
                         .arg(hostLabel(profile_), profile_.user));
    return lastError(SshErrorKind::Other, tr("authentication through the ssh-agent"));
}

SshError SshClient::exec(const QString &command, RemoteResult *result, const QByteArray &stdinData)
{
    *result = RemoteResult{};
    if (!connected() || !authenticated_)
        return error(SshErrorKind::ConnectionLost, tr("Not connected."));
    ssh_channel channel = ssh_channel_new(handles_->session);
    if (!channel || ssh_channel_open_session(channel) != SSH_OK ||
        ssh_channel_request_exec(channel, command.toUtf8().constData()) != SSH_OK) {
        const SshError failed = lastError(SshErrorKind::Remote, tr("starting a command"));
        if (channel)
            ssh_channel_free(channel);
        return failed;
    }
    if (!stdinData.isEmpty())
        ssh_channel_write(channel, stdinData.constData(), static_cast<uint32_t>(stdinData.size()));
    ssh_channel_send_eof(channel);

    const int limitSeconds = qMax(kCommandTimeoutFloor, timeoutSeconds_);
    const QDeadlineTimer deadline(limitSeconds * 1000);
    char buffer[8192];
    SshError failure;
    while (true) {
        const int outRead =
            ssh_channel_read_timeout(channel, buffer, sizeof buffer, 0, kReadSliceMs);
        if (outRead > 0)
            result->out.append(buffer, outRead);
        const int errRead = ssh_channel_read_nonblocking(channel, buffer, sizeof buffer, 1);
        if (errRead > 0)
            result->err.append(buffer, errRead);
        if (outRead == SSH_ERROR || errRead == SSH_ERROR) {
            failure = lastError(SshErrorKind::Remote, tr("reading a command's output"));
            break;
        }
        if (outRead <= 0 && errRead <= 0 && ssh_channel_is_eof(channel))
            break;
        if (deadline.hasExpired()) {
            failure =
                error(SshErrorKind::Timeout, tr("The command did not finish within %1 s on %2.")
                                                 .arg(limitSeconds)
                                                 .arg(hostLabel(profile_)));
            break;
        }
    }
    if (!failure)
        result->exitCode = exitCodeOf(channel);
    ssh_channel_close(channel);
    ssh_channel_free(channel);
    return failure;
}

SshError SshClient::openSftp()
{
    if (handles_->sftp)
        return {};
    if (!connected() || !authenticated_)
        return error(SshErrorKind::ConnectionLost, tr("Not connected."));
    handles_->sftp = sftp_new(handles_->session);
    if (!handles_->sftp || sftp_init(handles_->sftp) != SSH_OK) {
        const SshError failed =
            lastError(SshErrorKind::Remote, tr("starting SFTP (the server may not offer it)"));
        if (handles_->sftp) {
            sftp_free(handles_->sftp);
            handles_->sftp = nullptr;
        }
        return failed;
    }
    return {};
}

SshError SshClient::makeFolders(const QString &relativeFolder)
{
    if (const SshError failed = openSftp())
        return failed;
    QString path;
    for (const QString &part : relativeFolder.split(QLatin1Char('/'), Qt::SkipEmptyParts)) {
        path = path.isEmpty() ? part : path + QLatin1Char('/') + part;
        const QByteArray encoded = path.toUtf8();
        sftp_attributes attributes = sftp_stat(handles_->sftp, encoded.constData());
        if (attributes) {
            const bool isFolder = attributes->type == SSH_FILEXFER_TYPE_DIRECTORY;
            sftp_attributes_free(attributes);
            if (!isFolder)
                return error(SshErrorKind::Remote,
                             tr("~/%1 exists on the login node and is not a folder.").arg(path));
            continue;
        }
        if (sftp_mkdir(handles_->sftp, encoded.constData(), 0755) != SSH_OK)
            return lastError(SshErrorKind::Remote, tr("creating ~/%1").arg(path));
    }
    return {};
}

SshError SshClient::upload(const QString &localPath, const QString &remotePath)
{
    QFile local(localPath);
    if (!local.open(QIODevice::ReadOnly))
        return error(SshErrorKind::Other,
                     QStringLiteral("%1: %2").arg(localPath, local.errorString()));
    const QByteArray content = local.readAll();
    if (const SshError failed = openSftp())
        return failed;
    sftp_file file = sftp_open(handles_->sftp, remotePath.toUtf8().constData(),
                               O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (!file)
        return lastError(SshErrorKind::Remote, tr("writing %1 on the login node").arg(remotePath));
    for (qsizetype at = 0; at < content.size(); at += kSftpChunk) {
        const qsizetype length = qMin<qsizetype>(kSftpChunk, content.size() - at);
        if (sftp_write(file, content.constData() + at, static_cast<size_t>(length)) != length) {
            sftp_close(file);
            return lastError(SshErrorKind::Remote,
                             tr("writing %1 on the login node").arg(remotePath));
        }
    }
    if (sftp_close(file) != SSH_OK)
        return lastError(SshErrorKind::Remote, tr("closing %1 on the login node").arg(remotePath));
    return {};
}

SshError SshClient::download(const QString &remotePath, const QString &localPath)
{
    if (const SshError failed = openSftp())
        return failed;
    sftp_file file = sftp_open(handles_->sftp, remotePath.toUtf8().constData(), O_RDONLY, 0);
    if (!file)
        return lastError(SshErrorKind::Remote, tr("reading %1 on the login node").arg(remotePath));
    // Streamed into a durable writer: a cut connection or a full disk leaves the previous
    // local copy as it was (the writer removes its temporary file), never a truncated one.
    QDir().mkpath(QFileInfo(localPath).absolutePath());
    files::DurableWriter saved(localPath);
    if (!saved.open()) {
        sftp_close(file);
        return error(SshErrorKind::Other, saved.errorString());
    }
    char buffer[kSftpChunk];
    while (true) {
        const ssize_t n = sftp_read(file, buffer, sizeof buffer);
        if (n < 0) {
            const SshError failed =
                lastError(SshErrorKind::Remote, tr("reading %1 on the login node").arg(remotePath));
            sftp_close(file);
            saved.cancel();
            return failed;
        }
        if (n == 0)
            break;
        if (!saved.write(buffer, n)) {
            sftp_close(file);
            return error(SshErrorKind::Other, saved.errorString());
        }
    }
    sftp_close(file);
    if (!saved.commit())
        return error(SshErrorKind::Other, saved.errorString());
    return {};
}

qint64 SshClient::remoteSize(const QString &remotePath, SshError *failure)
{
    *failure = openSftp();
    if (*failure)
        return -1;
    sftp_attributes attributes = sftp_stat(handles_->sftp, remotePath.toUtf8().constData());
    if (!attributes) {
        if (sftp_get_error(handles_->sftp) != SSH_FX_NO_SUCH_FILE)
            *failure = lastError(SshErrorKind::Remote, tr("looking at %1").arg(remotePath));
        return -1;
    }
    const qint64 size = static_cast<qint64>(attributes->size);
    sftp_attributes_free(attributes);
    return size;
}

} // namespace schedlab::remote
