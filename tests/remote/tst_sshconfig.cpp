// Checks the ~/.ssh/config reader on configurations students really write: Host defaults
// before and after the course block, Include, Match, quoting, tokens; where OpenSSH is
// installed, the resolved HostName, Port and User are compared with what `ssh -G` prints.
#include "sshconfig.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include "../common/unprivileged.h"
#include <QTest>

#include <memory>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace schedlab::remote;

namespace {

// Config files are written 0600: ssh (and the reader) refuse one that others can write.
bool writeFile(const QString &path, const QByteArray &text)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text) == text.size() &&
           file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
}

QString localUser()
{
    const passwd *entry = ::getpwuid(::getuid());
    return entry ? QString::fromLocal8Bit(entry->pw_name) : QString();
}

QString describe(const QList<SshConfigError> &errors)
{
    QStringList lines;
    for (const SshConfigError &error : errors)
        lines << QStringLiteral("%1:%2: %3").arg(error.file).arg(error.line).arg(error.message);
    return lines.join(QLatin1Char('\n'));
}

// `ssh -G` prints the configuration ssh would use, without connecting.
QHash<QString, QString> sshG(const QString &config, const QString &alias)
{
    QProcess process;
    process.setStandardInputFile(QProcess::nullDevice());
    process.start(QStringLiteral("ssh"),
                  {QStringLiteral("-F"), config, QStringLiteral("-G"), alias});
    QHash<QString, QString> values;
    if (!process.waitForFinished(30000) || process.exitCode() != 0)
        return values;
    const QStringList lines =
        QString::fromUtf8(process.readAllStandardOutput()).split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        const qsizetype space = line.indexOf(QLatin1Char(' '));
        if (space > 0 && !values.contains(line.left(space)))
            values.insert(line.left(space), line.mid(space + 1));
    }
    return values;
}

const QByteArray kDefaultsAtEnd = R"(# Written by hand for the Slurm course.
Host romeo
    HostName romeo1.univ-reims.fr
    User etu42
    IdentityFile ~/.ssh/id_ed25519_romeo

Host bastion jump
    HostName bastion.univ-reims.fr
    Port 2222

Host *.univ-reims.fr !bastion.univ-reims.fr
    User etu-fqdn

Host *
    User nobody
    Port 22
    IdentityFile ~/.ssh/id_default
    ServerAliveInterval 60
)";

const QByteArray kDefaultsAtStart = R"(Host *
    User everyone
    IdentityFile ~/.ssh/id_all
    Port 2022

Host romeo
    # Too late: Host * above already gave User and Port.
    User etu42
    Port 2200
    HostName romeo.univ-reims.fr
    IdentityFile %d/.ssh/id_%h_%r
)";

} // namespace

class TestSshConfig : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void patterns_data();
    void patterns();
    void missingFileIsAnEmptyConfig();
    void defaultsAtTheEnd();
    void defaultsAtTheStart();
    void noMatchingHostGivesNothing();
    void sameAsSshG_data();
    void sameAsSshG();
    void syntaxVariants();
    void tokensAreExpanded();
    void negationExcludesABlock();
    void matchBlocksAreSkippedSilently();
    void includeFollowsFilesInOrder();
    void includeInsideHostIsConditional();
    void includeProblemsAreReported();
    void includeLoopStops();
    void badValuesAreReportedWithFileAndLine();
    void writableConfigIsReported();

private:
    QString home(const QString &name) const { return home_->filePath(name); }
    QString configPath() const { return home(QStringLiteral(".ssh/config")); }
    SshConfig load(const QByteArray &text, QList<SshConfigError> *errors = nullptr);

    std::unique_ptr<QTemporaryDir> home_;
    QByteArray savedHome_;
};

void TestSshConfig::initTestCase()
{
    savedHome_ = qgetenv("HOME");
}

void TestSshConfig::init()
{
    home_ = std::make_unique<QTemporaryDir>();
    QVERIFY(home_->isValid());
    qputenv("HOME", QFile::encodeName(home_->path()));
}

void TestSshConfig::cleanup()
{
    qputenv("HOME", savedHome_);
    home_.reset();
}

SshConfig TestSshConfig::load(const QByteArray &text, QList<SshConfigError> *errors)
{
    if (!writeFile(configPath(), text))
        qWarning("cannot write %s", qPrintable(configPath()));
    return SshConfig::load(configPath(), errors);
}

void TestSshConfig::patterns_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QString>("host");
    QTest::addColumn<bool>("matches");
    QTest::newRow("star") << QStringLiteral("*") << QStringLiteral("romeo") << true;
    QTest::newRow("exact") << QStringLiteral("romeo") << QStringLiteral("romeo") << true;
    QTest::newRow("prefix") << QStringLiteral("rom*") << QStringLiteral("romeo") << true;
    QTest::newRow("domain") << QStringLiteral("*.univ-reims.fr")
                            << QStringLiteral("romeo.univ-reims.fr") << true;
    QTest::newRow("domain alone") << QStringLiteral("*.univ-reims.fr")
                                  << QStringLiteral("univ-reims.fr") << false;
    QTest::newRow("question mark") << QStringLiteral("r?meo") << QStringLiteral("romeo") << true;
    QTest::newRow("question mark needs one")
        << QStringLiteral("r?meo") << QStringLiteral("rmeo") << false;
    QTest::newRow("case matters, as in ssh")
        << QStringLiteral("ROMEO") << QStringLiteral("romeo") << false;
    QTest::newRow("backtracking") << QStringLiteral("*a*b") << QStringLiteral("xaybzb") << true;
    QTest::newRow("backtracking fails")
        << QStringLiteral("*a*b") << QStringLiteral("xaybzc") << false;
    QTest::newRow("longer pattern")
        << QStringLiteral("romeo*x") << QStringLiteral("romeo") << false;
    QTest::newRow("empty host") << QStringLiteral("*") << QStringLiteral("") << true;
    QTest::newRow("literal dot") << QStringLiteral("romeo.fr") << QStringLiteral("romeoxfr")
                                 << false;
}

void TestSshConfig::patterns()
{
    QFETCH(QString, pattern);
    QFETCH(QString, host);
    QFETCH(bool, matches);
    QCOMPARE(sshPatternMatches(pattern, host), matches);
}

void TestSshConfig::missingFileIsAnEmptyConfig()
{
    QList<SshConfigError> errors;
    const SshConfig config = SshConfig::load(home(QStringLiteral("nothing/config")), &errors);
    QVERIFY(errors.isEmpty());
    QVERIFY(config.aliases().isEmpty());
    QVERIFY(!config.resolve(QStringLiteral("romeo")));
    QCOMPARE(SshConfig::defaultPath(), configPath());
}

void TestSshConfig::defaultsAtTheEnd()
{
    QList<SshConfigError> errors;
    const SshConfig config = load(kDefaultsAtEnd, &errors);
    QVERIFY2(errors.isEmpty(), qPrintable(describe(errors)));
    QCOMPARE(config.aliases(), QStringList({QStringLiteral("romeo"), QStringLiteral("bastion"),
                                            QStringLiteral("jump")}));

    const auto romeo = config.resolve(QStringLiteral("romeo"));
    QVERIFY(romeo);
    QCOMPARE(romeo->alias, QStringLiteral("romeo"));
    QCOMPARE(romeo->hostName, QStringLiteral("romeo1.univ-reims.fr"));
    QCOMPARE(romeo->port, 22);
    QCOMPARE(romeo->user, QStringLiteral("etu42"));
    QCOMPARE(romeo->identityFiles, QStringList({home(QStringLiteral(".ssh/id_ed25519_romeo")),
                                                home(QStringLiteral(".ssh/id_default"))}));
    QCOMPARE(romeo->file, configPath());
    QCOMPARE(romeo->line, 2);

    const auto jump = config.resolve(QStringLiteral("jump"));
    QVERIFY(jump);
    QCOMPARE(jump->hostName, QStringLiteral("bastion.univ-reims.fr"));
    QCOMPARE(jump->port, 2222);
    QCOMPARE(jump->user, QStringLiteral("nobody"));
    QCOMPARE(jump->line, 7);

    const auto node = config.resolve(QStringLiteral("node3.univ-reims.fr"));
    QVERIFY(node);
    QCOMPARE(node->hostName, QStringLiteral("node3.univ-reims.fr"));
    QCOMPARE(node->user, QStringLiteral("etu-fqdn"));
    QCOMPARE(node->line, 11);

    // Anything else falls to "Host *": it is a Host pattern that matches.
    const auto other = config.resolve(QStringLiteral("elsewhere"));
    QVERIFY(other);
    QCOMPARE(other->hostName, QStringLiteral("elsewhere"));
    QCOMPARE(other->user, QStringLiteral("nobody"));
    QCOMPARE(other->line, 14);
}

void TestSshConfig::defaultsAtTheStart()
{
    const SshConfig config = load(kDefaultsAtStart);
    QCOMPARE(config.aliases(), QStringList{QStringLiteral("romeo")});
    const auto romeo = config.resolve(QStringLiteral("romeo"));
    QVERIFY(romeo);
    QCOMPARE(romeo->user, QStringLiteral("everyone"));
    QCOMPARE(romeo->port, 2022);
    QCOMPARE(romeo->hostName, QStringLiteral("romeo.univ-reims.fr"));
    QCOMPARE(romeo->identityFiles,
             QStringList({home(QStringLiteral(".ssh/id_all")),
                          home(QStringLiteral(".ssh/id_romeo.univ-reims.fr_everyone"))}));
    // The block that names the alias, not the "Host *" that came first.
    QCOMPARE(romeo->line, 6);
}

void TestSshConfig::noMatchingHostGivesNothing()
{
    const SshConfig config = load("User everyone\nHost romeo\n  HostName romeo.example\n");
    QVERIFY(!config.resolve(QStringLiteral("juliet")));
    const auto romeo = config.resolve(QStringLiteral("romeo"));
    QVERIFY(romeo);
    QCOMPARE(romeo->user, QStringLiteral("everyone")); // the lines before any Host apply too
}

void TestSshConfig::sameAsSshG_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("alias");
    QTest::newRow("romeo, defaults at the end") << kDefaultsAtEnd << QStringLiteral("romeo");
    QTest::newRow("jump, defaults at the end") << kDefaultsAtEnd << QStringLiteral("jump");
    QTest::newRow("fqdn, defaults at the end")
        << kDefaultsAtEnd << QStringLiteral("node3.univ-reims.fr");
    QTest::newRow("negated, defaults at the end")
        << kDefaultsAtEnd << QStringLiteral("bastion.univ-reims.fr");
    QTest::newRow("romeo, defaults at the start") << kDefaultsAtStart << QStringLiteral("romeo");
    QTest::newRow("syntax") << QByteArray("HOST=romeo\n  HOSTNAME=Romeo.Example\n\tport = 2201 "
                                          "# course port\n  user \"etu 42\"\n")
                            << QStringLiteral("romeo");
    QTest::newRow("include") << QByteArray("Include conf.d/*\nHost *\n  User later\n")
                             << QStringLiteral("romeo");
    const QByteArray includeInHost = "Host romeo\n  Include romeo.conf\n  User too-late\n"
                                     "  HostName romeo.example\nHost juliet\n"
                                     "  HostName juliet.example\n";
    QTest::newRow("include inside Host, romeo") << includeInHost << QStringLiteral("romeo");
    QTest::newRow("include inside Host, juliet") << includeInHost << QStringLiteral("juliet");
}

void TestSshConfig::sameAsSshG()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, alias);
    if (QStandardPaths::findExecutable(QStringLiteral("ssh")).isEmpty())
        QSKIP("ssh (openssh-client) is not installed");
    QVERIFY(writeFile(home(QStringLiteral(".ssh/conf.d/50-romeo")),
                      "Host romeo\n  HostName romeo.included\n  Port 2300\n"));
    QVERIFY(writeFile(home(QStringLiteral(".ssh/romeo.conf")),
                      "User from-include\nHost romeo juliet\n  Port 2400\n"));
    QList<SshConfigError> errors;
    const auto settings = load(text, &errors).resolve(alias);
    QVERIFY2(errors.isEmpty(), qPrintable(describe(errors)));
    QVERIFY(settings);
    const QHash<QString, QString> ssh = sshG(configPath(), alias);
    QVERIFY(!ssh.isEmpty());
    QCOMPARE(settings->hostName, ssh.value(QStringLiteral("hostname")));
    QCOMPARE(QString::number(settings->port), ssh.value(QStringLiteral("port")));
    QCOMPARE(settings->user.isEmpty() ? localUser() : settings->user,
             ssh.value(QStringLiteral("user")));
}

void TestSshConfig::syntaxVariants()
{
    QList<SshConfigError> errors;
    const SshConfig config = load("HOST=romeo\n"
                                  "  HOSTNAME=Romeo.Example\n"
                                  "\tport = 2201 # the course port\n"
                                  "  user \"etu 42\"\n"
                                  "  IdentityFile \"~/My Keys/id romeo\"\n"
                                  "  IdentityFile ~/My\\ Keys/second\n"
                                  "  IdentityFile ~/keys/id#1\n"
                                  "\r\n"
                                  "   # an indented comment\n",
                                  &errors);
    QVERIFY2(errors.isEmpty(), qPrintable(describe(errors)));
    const auto romeo = config.resolve(QStringLiteral("romeo"));
    QVERIFY(romeo);
    QCOMPARE(romeo->hostName, QStringLiteral("romeo.example")); // ssh uses it in lower case
    QCOMPARE(romeo->port, 2201);
    QCOMPARE(romeo->user, QStringLiteral("etu 42"));
    QCOMPARE(romeo->identityFiles, QStringList({home(QStringLiteral("My Keys/id romeo")),
                                                home(QStringLiteral("My Keys/second")),
                                                home(QStringLiteral("keys/id#1"))}));
}

void TestSshConfig::tokensAreExpanded()
{
    const SshConfig config = load("Host romeo juliet\n"
                                  "  HostName %h.univ-reims.fr\n"
                                  "  IdentityFile ~/.ssh/%u/%r@%h_100%%\n"
                                  "  IdentityFile %d/keys/%n-%p\n"
                                  "  IdentityFile ~/.ssh/id_ed25519\n"
                                  "  IdentityFile ~/.ssh/id_ed25519\n" // ssh keeps one
                                  "Host romeo\n"
                                  "  User etu42\n");
    const QString me = localUser();
    const auto romeo = config.resolve(QStringLiteral("romeo"));
    QVERIFY(romeo);
    QCOMPARE(romeo->hostName, QStringLiteral("romeo.univ-reims.fr"));
    QCOMPARE(romeo->identityFiles,
             QStringList({home(QStringLiteral(".ssh/%1/etu42@romeo.univ-reims.fr_100%").arg(me)),
                          home(QStringLiteral("keys/romeo-22")),
                          home(QStringLiteral(".ssh/id_ed25519"))}));
    // Without a User, %r is the local account, as ssh would log in with it.
    const auto juliet = config.resolve(QStringLiteral("juliet"));
    QVERIFY(juliet);
    QVERIFY(juliet->user.isEmpty());
    QCOMPARE(juliet->identityFiles.first(),
             home(QStringLiteral(".ssh/%1/%1@juliet.univ-reims.fr_100%").arg(me)));
}

void TestSshConfig::negationExcludesABlock()
{
    const SshConfig config = load("Host * !romeo\n"
                                  "  User outsider\n"
                                  "Host romeo\n"
                                  "  User etu42\n");
    QCOMPARE(config.aliases(), QStringList{QStringLiteral("romeo")});
    QCOMPARE(config.resolve(QStringLiteral("romeo"))->user, QStringLiteral("etu42"));
    QCOMPARE(config.resolve(QStringLiteral("juliet"))->user, QStringLiteral("outsider"));
}

void TestSshConfig::matchBlocksAreSkippedSilently()
{
    QList<SshConfigError> errors;
    const SshConfig config = load("Match host romeo exec \"test -e /nonexistent\"\n"
                                  "  User from-match\n"
                                  "  Port 2999\n"
                                  "Match all\n"
                                  "  HostName from-match-all\n"
                                  "Host romeo\n"
                                  "  User etu42\n",
                                  &errors);
    QVERIFY2(errors.isEmpty(), qPrintable(describe(errors)));
    QCOMPARE(config.aliases(), QStringList{QStringLiteral("romeo")});
    const auto romeo = config.resolve(QStringLiteral("romeo"));
    QVERIFY(romeo);
    QCOMPARE(romeo->user, QStringLiteral("etu42"));
    QCOMPARE(romeo->port, 22);
    QCOMPARE(romeo->hostName, QStringLiteral("romeo"));
}

void TestSshConfig::includeFollowsFilesInOrder()
{
    QVERIFY(writeFile(home(QStringLiteral(".ssh/conf.d/20-juliet")),
                      "Host juliet\n  HostName juliet.example\n"));
    QVERIFY(writeFile(home(QStringLiteral(".ssh/conf.d/10-romeo")),
                      "Host romeo\n  HostName romeo.from-include\n  IdentityFile ~/.ssh/a\n"));
    QVERIFY(writeFile(home(QStringLiteral("elsewhere/absolute.conf")), "Host mercutio\n"));
    QList<SshConfigError> errors;
    const SshConfig config = load(
        "Include conf.d/*  " + QFile::encodeName(home(QStringLiteral("elsewhere/absolute.conf"))) +
            "\n"
            "Include ~/.ssh/empty.d/*\n" // matches nothing: no error
            "Host romeo\n"
            "  HostName romeo.from-main\n"
            "  IdentityFile ~/.ssh/b\n",
        &errors);
    QVERIFY2(errors.isEmpty(), qPrintable(describe(errors)));
    QCOMPARE(config.aliases(), QStringList({QStringLiteral("romeo"), QStringLiteral("juliet"),
                                            QStringLiteral("mercutio")}));
    const auto romeo = config.resolve(QStringLiteral("romeo"));
    QVERIFY(romeo);
    QCOMPARE(romeo->hostName, QStringLiteral("romeo.from-include"));
    QCOMPARE(romeo->identityFiles,
             QStringList({home(QStringLiteral(".ssh/a")), home(QStringLiteral(".ssh/b"))}));
    QCOMPARE(romeo->file, home(QStringLiteral(".ssh/conf.d/10-romeo")));
    QCOMPARE(romeo->line, 1);
    QVERIFY(config.resolve(QStringLiteral("mercutio")));
}

// ssh reads a file included inside a Host block only for that block's hosts: its lines before
// any Host continue the block, and its own Host blocks need both patterns to match.
void TestSshConfig::includeInsideHostIsConditional()
{
    QVERIFY(writeFile(home(QStringLiteral(".ssh/romeo.conf")), "User from-include\n"
                                                               "Host romeo juliet\n"
                                                               "  Port 2400\n"));
    const SshConfig config = load("Host romeo\n"
                                  "  Include romeo.conf\n"
                                  "  User too-late\n"
                                  "  HostName romeo.example\n"
                                  "Host juliet\n"
                                  "  HostName juliet.example\n");
    const auto romeo = config.resolve(QStringLiteral("romeo"));
    QVERIFY(romeo);
    QCOMPARE(romeo->user, QStringLiteral("from-include"));
    QCOMPARE(romeo->port, 2400);
    QCOMPARE(romeo->hostName, QStringLiteral("romeo.example"));
    QCOMPARE(romeo->line, 1);
    const auto juliet = config.resolve(QStringLiteral("juliet"));
    QVERIFY(juliet);
    QVERIFY(juliet->user.isEmpty());
    QCOMPARE(juliet->port, 22);
    QCOMPARE(juliet->line, 5);
}

void TestSshConfig::includeProblemsAreReported()
{
    const QString unreadable = home(QStringLiteral(".ssh/unreadable.conf"));
    QVERIFY(writeFile(unreadable, "Host hidden\n"));
    QVERIFY(QFile::setPermissions(unreadable, QFileDevice::Permissions()));
    QList<SshConfigError> errors;
    // As an ordinary user: root reads any file (CI runs as root).
    QVERIFY(writeFile(configPath(), "Host romeo\n"
                                    "  Include missing.conf\n"
                                    "Include unreadable.conf\n"
                                    "Host juliet\n"));
    QVERIFY(QFile::setPermissions(configPath(), QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                                    QFileDevice::ReadOther));
    schedlab::testing::openUpTo(home_->path(), home(QStringLiteral(".ssh")));
    const SshConfig config = [&] {
        const schedlab::testing::AsUnprivileged nobody;
        return SshConfig::load(configPath(), &errors);
    }();
    QVERIFY(config.aliases().contains(QStringLiteral("romeo")));
    QVERIFY(config.aliases().contains(QStringLiteral("juliet")));
    QVERIFY(!errors.isEmpty());
    QCOMPARE(errors.first().file, configPath());
    QCOMPARE(errors.first().line, 2);
    QCOMPARE(errors.first().message, QStringLiteral("Include: no such file '") +
                                         home(QStringLiteral(".ssh/missing.conf")) +
                                         QLatin1Char('\''));
    QCOMPARE(errors.size(), 2);
    QCOMPARE(errors.at(1).line, 3);
    QVERIFY(errors.at(1).message.startsWith(QStringLiteral("Include: '") + unreadable +
                                            QStringLiteral("': cannot read: ")));
}

void TestSshConfig::includeLoopStops()
{
    QList<SshConfigError> errors;
    const SshConfig config = load("Include config\nHost romeo\n", &errors);
    QCOMPARE(errors.size(), 1);
    QCOMPARE(errors.first().line, 1);
    QVERIFY(errors.first().message.startsWith(QStringLiteral("Include: more than 16 nested")));
    QVERIFY(config.resolve(QStringLiteral("romeo")));
}

void TestSshConfig::badValuesAreReportedWithFileAndLine()
{
    QList<SshConfigError> errors;
    const SshConfig config = load("Host romeo\n"
                                  "  Port abc\n"
                                  "  Port 70000\n"
                                  "  Port 0\n"
                                  "  # Port ssh would read /etc/services\n"
                                  "  HostName \"romeo.example\n"
                                  "  User etu42 extra\n"
                                  "  User\n"
                                  "  HostName romeo.example\n",
                                  &errors);
    const QStringList expected = {
        QStringLiteral("2: Port: bad number 'abc'"),
        QStringLiteral("3: Port: bad number '70000'"),
        QStringLiteral("4: Port: bad number '0'"),
        QStringLiteral("6: HostName: unbalanced quotes"),
        QStringLiteral("7: User: unexpected text after the value"),
        QStringLiteral("8: User: no value after the keyword"),
    };
    QStringList found;
    for (const SshConfigError &error : errors) {
        QCOMPARE(error.file, configPath());
        found << QStringLiteral("%1: %2").arg(error.line).arg(error.message);
    }
    QCOMPARE(found, expected);
    // The bad lines are skipped; the good ones still count.
    const auto romeo = config.resolve(QStringLiteral("romeo"));
    QVERIFY(romeo);
    QCOMPARE(romeo->port, 22);
    QCOMPARE(romeo->hostName, QStringLiteral("romeo.example"));
    QVERIFY(romeo->user.isEmpty());
}

void TestSshConfig::writableConfigIsReported()
{
    QVERIFY(writeFile(configPath(), "Host romeo\n"));
    QVERIFY(QFile::setPermissions(configPath(), QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                                    QFileDevice::ReadGroup |
                                                    QFileDevice::WriteGroup));
    QList<SshConfigError> errors;
    const SshConfig loaded = SshConfig::load(configPath(), &errors);
    QCOMPARE(errors.size(), 1);
    QCOMPARE(errors.first().file, configPath());
    QCOMPARE(errors.first().line, 0);
    QVERIFY(errors.first().message.startsWith(QStringLiteral("bad owner or permissions")));
    QCOMPARE(loaded.aliases(), QStringList{QStringLiteral("romeo")}); // still read
}

QTEST_GUILESS_MAIN(TestSshConfig)
#include "tst_sshconfig.moc"
