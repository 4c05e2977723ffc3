// Private keys in a submission: found and masked before anything is displayed, stored,
// exported or quoted as evidence.
#pragma once

#include <QList>
#include <QString>

namespace schedlab::grader {

// The text every private key is replaced with.
inline const QString kMaskedKey = QStringLiteral("[clé privée masquée]");

struct SecretScan
{
    QString masked;   // the text with every private key replaced by kMaskedKey
    QList<int> lines; // 1-based first line of each key found, in order
    bool found() const { return !lines.isEmpty(); }
};

// Finds private keys in any of these forms and masks each whole key (from its first to its
// last line, markers included; a block cut short is masked to the end of the text):
//   - OpenSSH: "-----BEGIN OPENSSH PRIVATE KEY-----" ... "-----END OPENSSH PRIVATE KEY-----";
//   - PEM: "-----BEGIN RSA PRIVATE KEY-----", "EC", "DSA", "ENCRYPTED", plain "PRIVATE KEY"
//     (PKCS#8), with their END lines; the headers may be indented or inside a Markdown
//     code block or a quote ("> ");
//   - PuTTY: from "PuTTY-User-Key-File-2:" or "-3:" to the "Private-MAC:" line;
//   - a bare key body without markers: base64 starting with "b3BlbnNzaC1rZXktdjE" (the
//     OpenSSH "openssh-key-v1" magic), or three or more consecutive lines of 60-76 base64
//     characters (a PEM body), even indented.
// A public key ("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA... comment") or a fingerprint
// ("SHA256:...") is not a secret and is left as it is.
SecretScan scanForPrivateKeys(const QString &text);

} // namespace schedlab::grader
