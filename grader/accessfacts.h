// The facts of exercise 4 (acces.md) read from free text: dates, public key paths, SSH key
// fingerprints, and a required sentence. No I/O.
#pragma once

#include <QDate>
#include <QList>
#include <QString>

namespace schedlab::grader {

struct DateFound
{
    QDate date;
    QString text; // as written
    int line = 0; // 1-based
};

// Every date written in the text, in order, in the forms a French or English student uses:
// 2026-11-02, 02/11/2026 and 2/11/26 (day first), 02.11.2026, "2 novembre 2026",
// "lundi 2 novembre 2026", "2 nov. 2026", "1er novembre 2026", "le 2/11", "November 2, 2026",
// "2 November 2026", "2nd November 2026". A day and month without a year take
// `yearOfUndated` (the session's, from the rubric). Impossible dates (31/02/2026) are not
// dates. Times next to a date are ignored.
QList<DateFound> findDates(const QString &text, int yearOfUndated);

struct PathFound
{
    QString path; // as written ("~/.ssh/id_ed25519_romeo.pub")
    int line = 0;
};

// Paths of public key files: a word ending in ".pub", optionally in backquotes or quotes,
// starting with "~/", "$HOME/", "${HOME}/", "/", "./", "C:\" or a plain name.
QList<PathFound> findPublicKeyPaths(const QString &text);

struct FingerprintFound
{
    QString fingerprint; // "SHA256:" followed by 43 base64 characters (no padding)
    QString type;        // "ED25519", "RSA", ... from a trailing "(ED25519)"; empty if absent
    int bits = 0;        // the leading number of `ssh-keygen -lf` output; 0 if absent
    QString comment;     // the text between the fingerprint and the type, trimmed
    int line = 0;
};

// Fingerprints written as `ssh-keygen -lf` prints them ("256 SHA256:AbC... comment
// (ED25519)") or alone ("SHA256:AbC..."), possibly in backquotes. An MD5 fingerprint
// ("MD5:12:ab:...") is returned too, with the "MD5:" prefix kept, so a checker can say it is
// the wrong hash.
QList<FingerprintFound> findFingerprints(const QString &text);

struct PublicKeyInfo
{
    bool ok = false;
    QString type;        // "ED25519", "RSA", "ECDSA", "DSA" (as ssh-keygen -l names them)
    int bits = 0;        // 256 for ed25519; the modulus size for RSA
    QString fingerprint; // "SHA256:..." exactly as `ssh-keygen -lf` prints it
    QString comment;
    QString error; // why it is not a public key, when !ok
};

// Reads one OpenSSH public key line ("ssh-ed25519 AAAA... comment") and computes its
// SHA-256 fingerprint (base64 of the SHA-256 of the decoded key blob, without '=' padding).
PublicKeyInfo readPublicKey(const QString &line);

// Whether `text` contains `sentence` once both are normalised for typography: case,
// accents, apostrophes and quotes, spaces (and no-break spaces), a final full stop, and
// Markdown emphasis or quoting (*, _, `, "> ") around or inside it.
bool containsSentence(const QString &text, const QString &sentence);
// How many words of `sentence` the text copies with one slip each ("indiquer" for "indiqué"):
// 0 for an exact copy, -1 when the sentence is not there (another word, one missing or added,
// or more than two slips).
int sentenceSlips(const QString &text, const QString &sentence);

} // namespace schedlab::grader
