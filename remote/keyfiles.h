// The student's SSH key for the session: an ed25519 pair generated with a passphrase, never
// over an existing file, and the facts about it that exercise 4 asks for, read exactly as
// `ssh-keygen -lf` prints them. Nothing here keeps or prints a passphrase or a private key.
#pragma once

#include <QByteArray>
#include <QString>

namespace schedlab::remote {

// "~/.ssh/id_ed25519_romeo", expanded against $HOME: the course's path for the session key.
QString defaultKeyPath();

// Why a passphrase typed twice cannot be used (the first entry is empty, or the two entries
// differ), or None when it can. The interface turns it into a sentence with tr().
enum class PassphraseProblem { None, Empty, Mismatch };
PassphraseProblem checkPassphrase(const QByteArray &first, const QByteArray &second);

struct KeyGenerationRequest
{
    QString privatePath;   // the public key goes to privatePath + ".pub"
    QByteArray passphrase; // never empty
    QString comment;       // "seance-novembre"
};

struct KeyGenerationResult
{
    bool ok = false;
    // Names the file and the reason:
    // "/home/x/.ssh/id_ed25519_romeo already exists: it is kept, choose another name"
    QString error;
    QString privatePath;
    QString publicPath;
};

// Generates an ed25519 key pair. The private file is created with O_EXCL at mode 0600 in the
// OpenSSH format, encrypted with the passphrase; the public file holds
// "ssh-ed25519 BASE64 comment\n" at mode 0644. If either file exists, nothing is written.
// The folder is created at mode 0700 when missing (as ssh-keygen does for ~/.ssh).
KeyGenerationResult generateEd25519Key(const KeyGenerationRequest &request);

struct PublicKeyFacts
{
    bool ok = false;
    QString error;       // "…/id.pub: not a public key file", "…: No such file or directory"
    int bits = 0;        // 256 for ed25519
    QString fingerprint; // "SHA256:" + 43 base64 characters
    QString comment;     // "no comment" when the line has none, as ssh-keygen prints it
    QString type;        // "ED25519", "RSA", "ECDSA", "DSA", "ED25519-SK", "ECDSA-SK"
    QString publicLine;  // the file's key line, as it would be copied to the organisers

    // Exactly the line `ssh-keygen -lf FILE` prints: "256 SHA256:... comment (ED25519)".
    QString fingerprintLine() const;
};

// Reads a public key file (the first key line; blank and '#' lines are skipped) and computes
// what `ssh-keygen -lf` shows. Unlike ssh-keygen, a Windows line end is not kept in the comment.
// A private key file gives an error saying to choose the .pub file.
PublicKeyFacts readPublicKeyFile(const QString &path);

struct PrivateKeyFacts
{
    bool exists = false;
    bool readable = false;
    bool openSshFormat = false; // "-----BEGIN OPENSSH PRIVATE KEY-----"
    bool encrypted = false;     // a cipher other than "none": it has a passphrase
    QString type;               // "ED25519", ... as in PublicKeyFacts, from the key blob
    int mode = 0;               // permission bits, to warn when group or others can read it
    QString error;
};

// Looks at a private key file without decrypting it: whether it is there, its type, and
// whether it is protected by a passphrase (the OpenSSH format names its cipher in clear).
// PEM files ("BEGIN RSA PRIVATE KEY") are encrypted when they carry a "Proc-Type: 4,ENCRYPTED"
// header.
PrivateKeyFacts inspectPrivateKey(const QString &path);

} // namespace schedlab::remote
