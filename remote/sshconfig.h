// The few things SchedLab reads from ~/.ssh/config: a Host block's HostName, Port, User and
// IdentityFile, resolved as ssh does (the first value obtained for a keyword wins; blocks
// whose patterns match the alias all contribute, in file order; "Include" is followed).
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace schedlab::remote {

struct SshConfigError
{
    QString file;
    int line = 0;
    QString message; // "Include: no such file", "Port: bad number 'abc'"
};

struct SshHostSettings
{
    QString alias;    // what the student typed or picked
    QString hostName; // HostName (%h expanded), or the alias itself; in lower case, as ssh uses it
    int port = 22;
    QString user;              // empty when the config does not say
    QStringList identityFiles; // ~ and %d/%u/%h/%r/%n/%p/%% expanded (~ and %d from $HOME)
    QString file;              // the config file and line of the block that named the alias
    int line = 0;
};

class SshConfig
{
public:
    // Reads `path` (and the files it includes). Missing file: empty config, no error. Lines
    // ssh would reject are reported in `errors` and skipped; Match blocks are skipped silently.
    static SshConfig load(const QString &path, QList<SshConfigError> *errors = nullptr);
    // "~/.ssh/config"
    static QString defaultPath();

    // The aliases named by Host lines without wildcards or negation, in file order: what a
    // profile can be taken from.
    QStringList aliases() const;
    // The settings ssh would use for `alias`; nullopt when no Host pattern matches it.
    std::optional<SshHostSettings> resolve(const QString &alias) const;

private:
    struct Block
    {
        QStringList patterns; // "romeo", "*.univ-reims.fr", "!bastion"; empty: never applies
        // The patterns of the Host blocks whose Include brought this block in: each list must
        // match too (ssh reads an included file only for the hosts of the enclosing block).
        QList<QStringList> enclosing;
        // Started by a Host line; false for the lines before the first Host and for the rest
        // of a block after an Include, which only continue their block.
        bool hostLine = false;
        QList<QPair<QString, QString>> settings; // keyword (lower case), value
        QString file;
        int line = 0;
    };
    QList<Block> blocks_;
    friend class SshConfigReader;
};

// Whether `host` matches an ssh pattern list entry ("*", "?", and "!" negation handled by the
// caller): exposed for tests.
bool sshPatternMatches(const QString &pattern, const QString &host);

} // namespace schedlab::remote
