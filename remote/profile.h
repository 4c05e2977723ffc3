// Where and how to reach the login node: what the organisers gave (host, port), the access
// account, the key, and the optional Slurm partition and account. Saved in the workspace as
// JSON, atomically; it never holds a passphrase. There is no default host, ever.
#pragma once

#include <QString>
#include <QStringList>

namespace schedlab::remote {

struct LoginProfile
{
    QString host; // as the organisers give it; never guessed
    int port = 22;
    QString user;          // the access account
    QString keyFile;       // private key path; empty with useAgent
    bool useAgent = false; // authenticate through a running ssh-agent
    QString configAlias;   // the ~/.ssh/config Host it was taken from, if any
    QString partition;     // passed to sbatch only when not empty
    QString account;       // idem
    QString remoteFolder = QStringLiteral("schedlab"); // relative to the remote home
    QString accountDate; // ISO date the access account was requested or checked (checklist)
    bool fingerprintNoted = false; // checklist: the student wrote the fingerprint down

    // Sentences saying what is missing or wrong, empty when the profile can be used:
    // "the host is empty: use the name the organisers gave", "port 0 is out of range",
    // "the remote folder must be relative to your home and may not contain '..'".
    QStringList problems() const;
};

// The remote folder made safe: relative, no "." or ".." component, no empty component, no
// control characters. Empty when `folder` is not acceptable.
QString normalisedRemoteFolder(const QString &folder);

// Reads the profile; a missing file gives a default profile and no error. A file that is not
// a profile gives `error` naming the file and the problem (line and column for bad JSON).
LoginProfile loadProfile(const QString &path, QString *error = nullptr);
// Writes it durably (safefiles: fsync and rename, the previous file intact on a full disk);
// false with `error` naming the file and the system's reason.
bool saveProfile(const LoginProfile &profile, const QString &path, QString *error = nullptr);

} // namespace schedlab::remote
