// Checks the session key against the real OpenSSH tools: the pair generateEd25519Key() writes
// opens with ssh-keygen and its passphrase only, no file is ever replaced, and what
// readPublicKeyFile() and inspectPrivateKey() report is what ssh-keygen prints.
#include "keyfiles.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include "../common/unprivileged.h"
#include <QTest>

#include <cerrno>
#include <cstring>
#include <memory>
#include <sys/stat.h>
#include <unistd.h>

using namespace schedlab::remote;

namespace {

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

// ssh-keygen with a closed stdin, so that a question it might ask fails instead of waiting.
Run sshKeygen(const QStringList &arguments)
{
    QProcess process;
    process.setStandardInputFile(QProcess::nullDevice());
    process.start(QStringLiteral("ssh-keygen"), arguments);
    Run run;
    if (!process.waitForFinished(60000))
        return run;
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

int modeOf(const QString &path)
{
    struct stat info;
    return ::stat(QFile::encodeName(path).constData(), &info) == 0 ? int(info.st_mode & 07777) : -1;
}

// "type base64" without the comment: what two renderings of one key share.
QByteArray keyPart(const QByteArray &line)
{
    const QList<QByteArray> words = line.simplified().split(' ');
    return words.size() >= 2 ? words[0] + ' ' + words[1] : QByteArray();
}

QString systemError(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

} // namespace

class TestKeys : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void defaultKeyPathIsUnderHome();
    void passphraseChecks();
    void generatedKeyOpensWithSshKeygenAndItsPassphraseOnly();
    void generatedPublicFileIsOneLineWithTheComment();
    void generationCreatesTheFolderPrivately();
    void existingPrivateFileIsKept();
    void existingPublicFileAloneBlocks();
    void secondGenerationChangesNothing();
    void danglingSymlinkCountsAsExisting();
    void badRequestsWriteNothing_data();
    void badRequestsWriteNothing();

    void fingerprintLineIsWhatSshKeygenPrints_data();
    void fingerprintLineIsWhatSshKeygenPrints();
    void securityKeyFingerprintIsWhatSshKeygenPrints();
    void fingerprintSkipsCommentLinesAndDropsCarriageReturn();
    void publicKeyErrorsNameTheFile();

    void privateKeyFacts_data();
    void privateKeyFacts();
    void privateKeyFactsOfGeneratedKey();
    void privateKeyModeAndErrors();

private:
    QString path(const QString &name) const { return dir_->filePath(name); }
    // A key made by the real ssh-keygen in the test folder.
    void makeKey(const QString &name, const QStringList &options);

    std::unique_ptr<QTemporaryDir> dir_;
    QByteArray savedHome_;
};

void TestKeys::initTestCase()
{
    if (QStandardPaths::findExecutable(QStringLiteral("ssh-keygen")).isEmpty())
        QSKIP("ssh-keygen (openssh-client) is not installed");
    savedHome_ = qgetenv("HOME");
}

void TestKeys::init()
{
    dir_ = std::make_unique<QTemporaryDir>();
    QVERIFY(dir_->isValid());
    qputenv("HOME", QFile::encodeName(dir_->path()));
}

void TestKeys::cleanup()
{
    qputenv("HOME", savedHome_);
    dir_.reset();
}

void TestKeys::makeKey(const QString &name, const QStringList &options)
{
    const Run run =
        sshKeygen(QStringList{QStringLiteral("-q"), QStringLiteral("-f"), path(name)} + options);
    QVERIFY2(run.exitCode == 0, run.err.constData());
}

void TestKeys::defaultKeyPathIsUnderHome()
{
    QCOMPARE(defaultKeyPath(), dir_->path() + QStringLiteral("/.ssh/id_ed25519_romeo"));
}

void TestKeys::passphraseChecks()
{
    QCOMPARE(checkPassphrase("", ""), PassphraseProblem::Empty);
    QCOMPARE(checkPassphrase("", "typed only once"), PassphraseProblem::Empty);
    QCOMPARE(checkPassphrase("correct horse", "correct hrose"), PassphraseProblem::Mismatch);
    QCOMPARE(checkPassphrase("correct horse", "correct horse"), PassphraseProblem::None);
}

void TestKeys::generatedKeyOpensWithSshKeygenAndItsPassphraseOnly()
{
    const QByteArray passphrase = "une phrase de passe, é";
    const QString key = path(QStringLiteral("id_ed25519_romeo"));
    const KeyGenerationResult result =
        generateEd25519Key({key, passphrase, QStringLiteral("seance-novembre")});
    QVERIFY2(result.ok, qPrintable(result.error));
    QCOMPARE(result.privatePath, key);
    QCOMPARE(result.publicPath, key + QStringLiteral(".pub"));
    QCOMPARE(modeOf(key), 0600);
    QCOMPARE(modeOf(result.publicPath), 0644);
    QVERIFY(readAll(key).startsWith("-----BEGIN OPENSSH PRIVATE KEY-----\n"));
    QVERIFY(!readAll(key).contains(passphrase));

    const Run right = sshKeygen({QStringLiteral("-y"), QStringLiteral("-P"),
                                 QString::fromUtf8(passphrase), QStringLiteral("-f"), key});
    QVERIFY2(right.exitCode == 0, right.err.constData());
    QCOMPARE(keyPart(right.out), keyPart(readAll(result.publicPath)));

    const Run wrong = sshKeygen({QStringLiteral("-y"), QStringLiteral("-P"),
                                 QStringLiteral("wrong"), QStringLiteral("-f"), key});
    QVERIFY(wrong.exitCode != 0);
    QVERIFY(wrong.out.isEmpty());
    const Run none = sshKeygen(
        {QStringLiteral("-y"), QStringLiteral("-P"), QString(), QStringLiteral("-f"), key});
    QVERIFY(none.exitCode != 0);
}

void TestKeys::generatedPublicFileIsOneLineWithTheComment()
{
    const QString key = path(QStringLiteral("id"));
    const KeyGenerationResult result =
        generateEd25519Key({key, "secret words", QStringLiteral("seance novembre")});
    QVERIFY2(result.ok, qPrintable(result.error));
    const QByteArray line = readAll(result.publicPath);
    QVERIFY(line.startsWith("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI"));
    QVERIFY(line.endsWith(" seance novembre\n"));
    QCOMPARE(line.count('\n'), 1);

    const Run listed = sshKeygen({QStringLiteral("-lf"), result.publicPath});
    QCOMPARE(listed.exitCode, 0);
    const PublicKeyFacts facts = readPublicKeyFile(result.publicPath);
    QVERIFY2(facts.ok, qPrintable(facts.error));
    QCOMPARE(facts.fingerprintLine(), QString::fromUtf8(listed.out).chopped(1));
    QCOMPARE(facts.comment, QStringLiteral("seance novembre"));
    QCOMPARE(facts.type, QStringLiteral("ED25519"));
    QCOMPARE(facts.bits, 256);
    QCOMPARE(facts.publicLine, QString::fromUtf8(line).trimmed());
}

void TestKeys::generationCreatesTheFolderPrivately()
{
    const QString folder = path(QStringLiteral(".ssh"));
    const KeyGenerationResult result =
        generateEd25519Key({defaultKeyPath(), "secret words", QStringLiteral("seance")});
    QVERIFY2(result.ok, qPrintable(result.error));
    QCOMPARE(result.privatePath, folder + QStringLiteral("/id_ed25519_romeo"));
    QCOMPARE(modeOf(folder), 0700);
    QCOMPARE(modeOf(result.privatePath), 0600);
}

void TestKeys::existingPrivateFileIsKept()
{
    const QString key = path(QStringLiteral("id"));
    QVERIFY(writeFile(key, "the student's older key\n"));
    const KeyGenerationResult result = generateEd25519Key({key, "secret words", QString()});
    QVERIFY(!result.ok);
    QCOMPARE(result.error,
             key + QStringLiteral(" already exists: it is kept, choose another name"));
    QCOMPARE(readAll(key), QByteArray("the student's older key\n"));
    QVERIFY(!QFile::exists(key + QStringLiteral(".pub")));
}

void TestKeys::existingPublicFileAloneBlocks()
{
    const QString key = path(QStringLiteral("id"));
    const QString pub = key + QStringLiteral(".pub");
    QVERIFY(writeFile(pub, "ssh-ed25519 AAAA older\n"));
    const KeyGenerationResult result = generateEd25519Key({key, "secret words", QString()});
    QVERIFY(!result.ok);
    QCOMPARE(result.error,
             pub + QStringLiteral(" already exists: it is kept, choose another name"));
    QVERIFY(!QFile::exists(key));
    QCOMPARE(readAll(pub), QByteArray("ssh-ed25519 AAAA older\n"));
}

void TestKeys::secondGenerationChangesNothing()
{
    const QString key = path(QStringLiteral("id"));
    QVERIFY(generateEd25519Key({key, "first", QStringLiteral("one")}).ok);
    const QByteArray privateBefore = readAll(key);
    const QByteArray publicBefore = readAll(key + QStringLiteral(".pub"));
    const KeyGenerationResult again = generateEd25519Key({key, "second", QStringLiteral("two")});
    QVERIFY(!again.ok);
    QVERIFY(again.error.startsWith(key + QStringLiteral(" already exists")));
    QCOMPARE(readAll(key), privateBefore);
    QCOMPARE(readAll(key + QStringLiteral(".pub")), publicBefore);
    QCOMPARE(modeOf(key), 0600);
}

void TestKeys::danglingSymlinkCountsAsExisting()
{
    const QString key = path(QStringLiteral("id"));
    const QString target = path(QStringLiteral("elsewhere"));
    QVERIFY(QFile::link(target, key));
    const KeyGenerationResult result = generateEd25519Key({key, "secret words", QString()});
    QVERIFY(!result.ok);
    QVERIFY(result.error.startsWith(key + QStringLiteral(" already exists")));
    QVERIFY(!QFile::exists(target)); // nothing was written through the link
}

void TestKeys::badRequestsWriteNothing_data()
{
    QTest::addColumn<QByteArray>("passphrase");
    QTest::addColumn<QString>("comment");
    QTest::addColumn<QString>("error");
    QTest::newRow("empty passphrase")
        << QByteArray() << QString()
        << QStringLiteral("the passphrase is empty: the key must be protected by one");
    QTest::newRow("NUL in passphrase")
        << QByteArray("abc\0def", 7) << QString()
        << QStringLiteral("the passphrase may not contain a NUL character");
    QTest::newRow("line break in comment")
        << QByteArray("secret words") << QStringLiteral("seance\nssh-rsa AAAA intruder")
        << QStringLiteral("the key comment may not contain a line break or a tab");
}

void TestKeys::badRequestsWriteNothing()
{
    QFETCH(QByteArray, passphrase);
    QFETCH(QString, comment);
    QFETCH(QString, error);
    const QString key = path(QStringLiteral("sub/id"));
    const KeyGenerationResult result = generateEd25519Key({key, passphrase, comment});
    QVERIFY(!result.ok);
    QCOMPARE(result.error, error);
    QVERIFY(!QFile::exists(path(QStringLiteral("sub"))));
}

void TestKeys::fingerprintLineIsWhatSshKeygenPrints_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QString>("type");
    QTest::addColumn<int>("bits");
    const QString noPassphrase = QStringLiteral("-N");
    const auto options = [&](const QString &type, const QString &bits, const QString &comment) {
        QStringList list{QStringLiteral("-t"), type,   noPassphrase, QString(),
                         QStringLiteral("-C"), comment};
        if (!bits.isEmpty())
            list << QStringLiteral("-b") << bits;
        return list;
    };
    QTest::newRow("ed25519") << options(QStringLiteral("ed25519"), {}, QStringLiteral("seance"))
                             << QStringLiteral("ED25519") << 256;
    QTest::newRow("ed25519 without comment")
        << options(QStringLiteral("ed25519"), {}, QString()) << QStringLiteral("ED25519") << 256;
    QTest::newRow("ed25519 comment with spaces")
        << options(QStringLiteral("ed25519"), {}, QStringLiteral("séance  de novembre"))
        << QStringLiteral("ED25519") << 256;
    QTest::newRow("rsa 2048") << options(QStringLiteral("rsa"), QStringLiteral("2048"),
                                         QStringLiteral("etu@poste"))
                              << QStringLiteral("RSA") << 2048;
    QTest::newRow("ecdsa 256") << options(QStringLiteral("ecdsa"), QStringLiteral("256"),
                                          QStringLiteral("etu@poste"))
                               << QStringLiteral("ECDSA") << 256;
    QTest::newRow("ecdsa 384") << options(QStringLiteral("ecdsa"), QStringLiteral("384"),
                                          QStringLiteral("etu@poste"))
                               << QStringLiteral("ECDSA") << 384;
    QTest::newRow("ecdsa 521") << options(QStringLiteral("ecdsa"), QStringLiteral("521"), QString())
                               << QStringLiteral("ECDSA") << 521;
}

void TestKeys::fingerprintLineIsWhatSshKeygenPrints()
{
    QFETCH(QStringList, options);
    QFETCH(QString, type);
    QFETCH(int, bits);
    makeKey(QStringLiteral("key"), options);
    const QString pub = path(QStringLiteral("key.pub"));
    const Run listed = sshKeygen({QStringLiteral("-lf"), pub});
    QCOMPARE(listed.exitCode, 0);

    const PublicKeyFacts facts = readPublicKeyFile(pub);
    QVERIFY2(facts.ok, qPrintable(facts.error));
    QVERIFY(listed.out.endsWith('\n'));
    QCOMPARE(facts.fingerprintLine().toUtf8(), listed.out.chopped(1));
    QCOMPARE(facts.type, type);
    QCOMPARE(facts.bits, bits);
    QVERIFY(facts.fingerprint.startsWith(QStringLiteral("SHA256:")));
    QCOMPARE(facts.fingerprint.size(), 7 + 43);
    QCOMPARE(facts.publicLine.toUtf8(), readAll(pub).trimmed());

    // The same key without its comment, as someone might have copied it: "no comment".
    QVERIFY(writeFile(pub, keyPart(readAll(pub)) + '\n'));
    const Run bare = sshKeygen({QStringLiteral("-lf"), pub});
    QCOMPARE(readPublicKeyFile(pub).fingerprintLine().toUtf8(), bare.out.chopped(1));
    QCOMPARE(readPublicKeyFile(pub).comment, QStringLiteral("no comment"));
}

// A security-key public key can be written without the hardware: it is only a blob.
void TestKeys::securityKeyFingerprintIsWhatSshKeygenPrints()
{
    const auto string = [](const QByteArray &bytes) {
        const quint32 n = quint32(bytes.size());
        const char length[4] = {char(n >> 24), char(n >> 16), char(n >> 8), char(n)};
        return QByteArray(length, 4) + bytes;
    };
    QByteArray point(32, '\0');
    for (int i = 0; i < point.size(); ++i)
        point[i] = char(i * 7 + 1);
    const QByteArray type = "sk-ssh-ed25519@openssh.com";
    const QByteArray blob = string(type) + string(point) + string("ssh:");
    const QString pub = path(QStringLiteral("sk.pub"));
    QVERIFY(writeFile(pub, type + ' ' + blob.toBase64() + " yubikey du labo\n"));

    const Run listed = sshKeygen({QStringLiteral("-lf"), pub});
    QCOMPARE(listed.exitCode, 0);
    const PublicKeyFacts facts = readPublicKeyFile(pub);
    QVERIFY2(facts.ok, qPrintable(facts.error));
    QCOMPARE(facts.fingerprintLine().toUtf8(), listed.out.chopped(1));
    QCOMPARE(facts.type, QStringLiteral("ED25519-SK"));
}

void TestKeys::fingerprintSkipsCommentLinesAndDropsCarriageReturn()
{
    makeKey(QStringLiteral("key"),
            {QStringLiteral("-t"), QStringLiteral("ed25519"), QStringLiteral("-N"), QString(),
             QStringLiteral("-C"), QStringLiteral("windows")});
    const QString pub = path(QStringLiteral("key.pub"));
    const QByteArray line = readAll(pub).trimmed();
    const QByteArray expected = sshKeygen({QStringLiteral("-lf"), pub}).out.chopped(1);

    QVERIFY(writeFile(pub, "# copied from the course page\n\n  " + line + "\r\n"));
    const PublicKeyFacts facts = readPublicKeyFile(pub);
    QVERIFY2(facts.ok, qPrintable(facts.error));
    QCOMPARE(facts.fingerprintLine().toUtf8(), expected);
    QCOMPARE(facts.comment, QStringLiteral("windows"));
    QCOMPARE(facts.publicLine.toUtf8(), line);
}

void TestKeys::publicKeyErrorsNameTheFile()
{
    const QString missing = path(QStringLiteral("nope.pub"));
    PublicKeyFacts facts = readPublicKeyFile(missing);
    QVERIFY(!facts.ok);
    QCOMPARE(facts.error, missing + QStringLiteral(": ") + systemError(ENOENT));
    QVERIFY(facts.fingerprintLine().isEmpty());

    const QString junk = path(QStringLiteral("junk.pub"));
    QVERIFY(writeFile(junk, "this is not a key\n"));
    QCOMPARE(readPublicKeyFile(junk).error, junk + QStringLiteral(": not a public key file"));
    QCOMPARE(sshKeygen({QStringLiteral("-lf"), junk}).exitCode, 255); // ssh-keygen agrees

    // A key line whose blob was cut when it was copied.
    makeKey(QStringLiteral("key"),
            {QStringLiteral("-t"), QStringLiteral("ed25519"), QStringLiteral("-N"), QString()});
    const QByteArray line = readAll(path(QStringLiteral("key.pub")));
    const QString cut = path(QStringLiteral("cut.pub"));
    QVERIFY(writeFile(cut, line.left(40) + '\n'));
    QCOMPARE(readPublicKeyFile(cut).error, cut + QStringLiteral(": not a public key file"));

    // The type word must be the blob's own.
    const QString lying = path(QStringLiteral("lying.pub"));
    QVERIFY(writeFile(lying, "ssh-rsa " + line.mid(12)));
    QCOMPARE(readPublicKeyFile(lying).error, lying + QStringLiteral(": not a public key file"));

    const QString privateKey = path(QStringLiteral("key"));
    QCOMPARE(readPublicKeyFile(privateKey).error,
             privateKey + QStringLiteral(": a private key: choose the .pub file next to it"));
}

void TestKeys::privateKeyFacts_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<bool>("openSsh");
    QTest::addColumn<bool>("encrypted");
    QTest::addColumn<QString>("type");
    const QString ed = QStringLiteral("ed25519");
    const QString rsa = QStringLiteral("rsa");
    const QString ecdsa = QStringLiteral("ecdsa");
    const auto options = [](const QString &type, const QString &passphrase,
                            const QString &format = QString()) {
        QStringList list{QStringLiteral("-t"), type, QStringLiteral("-N"), passphrase};
        if (type == QLatin1String("rsa"))
            list << QStringLiteral("-b") << QStringLiteral("2048");
        if (!format.isEmpty())
            list << QStringLiteral("-m") << format;
        return list;
    };
    const QString pass = QStringLiteral("secret words");
    QTest::newRow("ed25519 without passphrase")
        << options(ed, {}) << true << false << QStringLiteral("ED25519");
    QTest::newRow("ed25519 with passphrase")
        << options(ed, pass) << true << true << QStringLiteral("ED25519");
    QTest::newRow("rsa with passphrase")
        << options(rsa, pass) << true << true << QStringLiteral("RSA");
    QTest::newRow("ecdsa without passphrase")
        << options(ecdsa, {}) << true << false << QStringLiteral("ECDSA");
    QTest::newRow("rsa PEM") << options(rsa, {}, QStringLiteral("PEM")) << false << false
                             << QStringLiteral("RSA");
    QTest::newRow("rsa PEM with passphrase")
        << options(rsa, pass, QStringLiteral("PEM")) << false << true << QStringLiteral("RSA");
    QTest::newRow("ecdsa PEM") << options(ecdsa, {}, QStringLiteral("PEM")) << false << false
                               << QStringLiteral("ECDSA");
    QTest::newRow("rsa PKCS8") << options(rsa, {}, QStringLiteral("PKCS8")) << false << false
                               << QStringLiteral("RSA");
    QTest::newRow("rsa PKCS8 with passphrase")
        << options(rsa, pass, QStringLiteral("PKCS8")) << false << true << QString();
}

void TestKeys::privateKeyFacts()
{
    QFETCH(QStringList, options);
    QFETCH(bool, openSsh);
    QFETCH(bool, encrypted);
    QFETCH(QString, type);
    makeKey(QStringLiteral("key"), options);
    const PrivateKeyFacts facts = inspectPrivateKey(path(QStringLiteral("key")));
    QVERIFY2(facts.error.isEmpty(), qPrintable(facts.error));
    QVERIFY(facts.exists);
    QVERIFY(facts.readable);
    QCOMPARE(facts.openSshFormat, openSsh);
    QCOMPARE(facts.encrypted, encrypted);
    QCOMPARE(facts.type, type);
    QCOMPARE(facts.mode, 0600);
}

void TestKeys::privateKeyFactsOfGeneratedKey()
{
    const QString key = path(QStringLiteral("id"));
    QVERIFY(generateEd25519Key({key, "secret words", QStringLiteral("seance")}).ok);
    const PrivateKeyFacts facts = inspectPrivateKey(key);
    QVERIFY2(facts.error.isEmpty(), qPrintable(facts.error));
    QVERIFY(facts.openSshFormat);
    QVERIFY(facts.encrypted);
    QCOMPARE(facts.type, QStringLiteral("ED25519"));
    QCOMPARE(facts.mode, 0600);
}

void TestKeys::privateKeyModeAndErrors()
{
    const QString missing = path(QStringLiteral("missing"));
    PrivateKeyFacts facts = inspectPrivateKey(missing);
    QVERIFY(!facts.exists);
    QVERIFY(!facts.readable);
    QCOMPARE(facts.error, missing + QStringLiteral(": ") + systemError(ENOENT));

    makeKey(QStringLiteral("key"),
            {QStringLiteral("-t"), QStringLiteral("ed25519"), QStringLiteral("-N"), QString()});
    const QString key = path(QStringLiteral("key"));
    QVERIFY(::chmod(QFile::encodeName(key).constData(), 0644) == 0);
    facts = inspectPrivateKey(key);
    QCOMPARE(facts.mode, 0644); // what the interface warns about: others can read it
    QVERIFY(facts.error.isEmpty());

    const QString pub = key + QStringLiteral(".pub");
    facts = inspectPrivateKey(pub);
    QVERIFY(facts.exists && facts.readable);
    QCOMPARE(facts.error, pub + QStringLiteral(": not a private key in the OpenSSH or PEM format"));

    const QString putty = path(QStringLiteral("key.ppk"));
    QVERIFY(writeFile(putty, "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\n"));
    QCOMPARE(inspectPrivateKey(putty).error,
             putty +
                 QStringLiteral(": a PuTTY key: export it in the OpenSSH format with PuTTYgen"));

    const QString damaged = path(QStringLiteral("damaged"));
    QVERIFY(writeFile(damaged, "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n"
                               "-----END OPENSSH PRIVATE KEY-----\n"));
    facts = inspectPrivateKey(damaged);
    QVERIFY(facts.openSshFormat);
    QCOMPARE(facts.error, damaged + QStringLiteral(": the key file is damaged"));

    QVERIFY(::chmod(QFile::encodeName(key).constData(), 0) == 0);
    schedlab::testing::openUpTo(dir_->path(), dir_->path());
    {
        const schedlab::testing::AsUnprivileged nobody; // root reads any file (CI runs as root)
        facts = inspectPrivateKey(key);
    }
    QVERIFY(facts.exists);
    QVERIFY(!facts.readable);
    QCOMPARE(facts.mode, 0);
    QVERIFY(facts.error.startsWith(key + QStringLiteral(": ")));
}

QTEST_GUILESS_MAIN(TestKeys)
#include "tst_keys.moc"
