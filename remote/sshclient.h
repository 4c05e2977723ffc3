// A blocking SSH and SFTP client over libssh for one login node: connect, check the host key
// against known_hosts, authenticate with a key or the ssh-agent, run command lines, move
// files. Every call returns within the configured timeout. It is used from one thread only
// (LoginNodeSession's worker), never from the interface's.
#pragma once

#include "profile.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <memory>

namespace schedlab::remote {

enum class SshErrorKind {
    None,
    BadProfile,       // host or user missing
    Resolve,          // the name does not resolve
    Refused,          // nothing listens on that port
    Timeout,          // no answer in time
    HostKeyUnknown,   // first connection: the student must confirm the fingerprint
    HostKeyChanged,   // known_hosts holds another key: refused, never overridden here
    KnownHostsError,  // known_hosts cannot be read or written
    WrongPassphrase,  // the private key could not be decrypted
    KeyUnreadable,    // missing key file, not a key
    KeyDenied,        // the server refused the key (not in authorized_keys)
    AgentUnavailable, // no ssh-agent, or it holds no key the server accepts
    ConnectionLost,   // the connection broke after it was made
    Remote,           // a command or a file transfer failed on the node
    Other,
};

struct SshError
{
    SshErrorKind kind = SshErrorKind::None;
    QString message; // a sentence for the student; never holds a secret

    explicit operator bool() const { return kind != SshErrorKind::None; }
};

struct HostKeyInfo
{
    QString type;        // "ED25519", "ECDSA", "RSA"
    QString fingerprint; // "SHA256:..." as ssh prints it
    QString knownHostsFile;
};

struct RemoteResult
{
    QByteArray out;
    QByteArray err;
    int exitCode = -1;
};

class SshClient
{
    Q_DECLARE_TR_FUNCTIONS(SshClient)

public:
    SshClient();
    ~SshClient();
    SshClient(const SshClient &) = delete;
    SshClient &operator=(const SshClient &) = delete;

    void setKnownHostsFile(const QString &path); // default ~/.ssh/known_hosts
    void setTimeout(int seconds);                // connection and each operation; default 15

    // Opens the TCP connection and the SSH transport, then checks the host key: an unknown
    // key gives HostKeyUnknown (call trustHostKey() once the student said yes), a different
    // one HostKeyChanged (the connection is closed).
    SshError connectToHost(const LoginProfile &profile);
    HostKeyInfo hostKey() const { return hostKey_; }
    // Adds the server's key to known_hosts (after an explicit yes).
    SshError trustHostKey();

    SshError authenticateWithKey(const QString &keyFile, const QByteArray &passphrase);
    SshError authenticateWithAgent();
    bool authenticated() const { return authenticated_; }
    bool connected() const;
    void disconnectFromHost();

    // Runs `command` through the account's shell. A non-zero exit is not an error here: it is
    // in the result. `stdinData` is written to the command's standard input, then closed.
    SshError exec(const QString &command, RemoteResult *result, const QByteArray &stdinData = {});

    // SFTP. Remote paths are relative to the account's home unless absolute.
    SshError makeFolders(const QString &relativeFolder);
    SshError upload(const QString &localPath, const QString &remotePath);
    SshError download(const QString &remotePath, const QString &localPath);
    // Size of a remote file, or -1 when it does not exist (yet).
    qint64 remoteSize(const QString &remotePath, SshError *error);

private:
    struct Handles;
    SshError lastError(SshErrorKind fallback, const QString &what) const;
    SshError checkHostKey();
    SshError openSftp();

    std::unique_ptr<Handles> handles_;
    QString knownHostsFile_;
    int timeoutSeconds_ = 15;
    LoginProfile profile_;
    HostKeyInfo hostKey_;
    bool authenticated_ = false;
};

QString defaultKnownHostsFile();

} // namespace schedlab::remote
