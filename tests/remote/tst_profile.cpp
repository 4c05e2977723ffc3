// Checks the login profile: what is saved (and that no passphrase can be), how a damaged file
// is reported, the sentences that say what is missing, and the remote folder rules.
#include "profile.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace schedlab::remote;

namespace {

bool writeFile(const QString &path, const QByteArray &text)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text) == text.size();
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// A profile the checks accept, to change one field at a time.
LoginProfile usable()
{
    LoginProfile profile;
    profile.host = QStringLiteral("romeo1.univ-reims.fr");
    profile.user = QStringLiteral("etu42");
    profile.keyFile = QStringLiteral("/home/etu/.ssh/id_ed25519_romeo");
    return profile;
}

LoginProfile everythingSet()
{
    LoginProfile profile;
    profile.host = QStringLiteral("romeo1.univ-reims.fr");
    profile.port = 2222;
    profile.user = QStringLiteral("etu42");
    profile.keyFile = QStringLiteral("/home/etu/.ssh/id_ed25519_romeo");
    profile.useAgent = true;
    profile.configAlias = QStringLiteral("romeo");
    profile.partition = QStringLiteral("short");
    profile.account = QStringLiteral("projet-m1");
    profile.remoteFolder = QStringLiteral("cours/schedlab");
    profile.accountDate = QStringLiteral("2024-11-04");
    profile.fingerprintNoted = true;
    return profile;
}

bool sameProfile(const LoginProfile &a, const LoginProfile &b)
{
    return a.host == b.host && a.port == b.port && a.user == b.user && a.keyFile == b.keyFile &&
           a.useAgent == b.useAgent && a.configAlias == b.configAlias &&
           a.partition == b.partition && a.account == b.account &&
           a.remoteFolder == b.remoteFolder && a.accountDate == b.accountDate &&
           a.fingerprintNoted == b.fingerprintNoted;
}

} // namespace

class TestProfile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();

    void defaultProfileHasNoHost();
    void savedFileHasOneKeyPerField();
    void roundTrip();
    void noFieldLooksLikeAPassphrase();
    void missingFileGivesDefaultsWithoutError();
    void partialFileKeepsDefaults();
    void badJsonNamesLineAndColumn_data();
    void badJsonNamesLineAndColumn();
    void wrongShapesAreReported_data();
    void wrongShapesAreReported();
    void saveReplacesTheWholeFile();
    void saveFailureNamesTheFile();
    void problems_data();
    void problems();
    void remoteFolder_data();
    void remoteFolder();

private:
    QString path(const QString &name) const { return dir_->filePath(name); }
    std::unique_ptr<QTemporaryDir> dir_;
};

void TestProfile::init()
{
    dir_ = std::make_unique<QTemporaryDir>();
    QVERIFY(dir_->isValid());
}

void TestProfile::defaultProfileHasNoHost()
{
    const LoginProfile profile;
    QVERIFY(profile.host.isEmpty());
    QCOMPARE(profile.port, 22);
    QCOMPARE(profile.remoteFolder, QStringLiteral("schedlab"));
    QVERIFY(!profile.useAgent);
    QCOMPARE(profile.problems().first(),
             QStringLiteral("the host is empty: use the exact name the organisers gave (there is "
                            "no default)"));
}

void TestProfile::savedFileHasOneKeyPerField()
{
    const QString file = path(QStringLiteral("profile.json"));
    QString error;
    QVERIFY2(saveProfile(everythingSet(), file, &error), qPrintable(error));
    const QJsonObject object = QJsonDocument::fromJson(readAll(file)).object();
    QStringList keys = object.keys();
    keys.sort();
    QCOMPARE(keys,
             QStringList({"account", "accountDate", "configAlias", "fingerprintNoted", "host",
                          "keyFile", "partition", "port", "remoteFolder", "useAgent", "user"}));
    QCOMPARE(object.value(QStringLiteral("host")).toString(),
             QStringLiteral("romeo1.univ-reims.fr"));
    QCOMPARE(object.value(QStringLiteral("port")).toInt(), 2222);
    QCOMPARE(object.value(QStringLiteral("useAgent")).toBool(), true);
}

void TestProfile::roundTrip()
{
    const QString file = path(QStringLiteral("profile.json"));
    QVERIFY(saveProfile(everythingSet(), file));
    QString error = QStringLiteral("not cleared");
    const LoginProfile loaded = loadProfile(file, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(sameProfile(loaded, everythingSet()));
}

void TestProfile::noFieldLooksLikeAPassphrase()
{
    const QString file = path(QStringLiteral("profile.json"));
    QVERIFY(saveProfile(everythingSet(), file));
    const QByteArray text = readAll(file);
    const QJsonObject object = QJsonDocument::fromJson(text).object();
    for (const QString &key : object.keys()) {
        QVERIFY2(!key.contains(QLatin1String("pass"), Qt::CaseInsensitive), qPrintable(key));
        QVERIFY2(!key.contains(QLatin1String("secret"), Qt::CaseInsensitive), qPrintable(key));
        QVERIFY2(!key.contains(QLatin1String("phrase"), Qt::CaseInsensitive), qPrintable(key));
    }
    QVERIFY(!text.toLower().contains("pass"));

    // A passphrase field written by hand is not read back, nor written again.
    QVERIFY(writeFile(file, R"({"host": "romeo", "passphrase": "hunter2"})"));
    QString error;
    const LoginProfile loaded = loadProfile(file, &error);
    QVERIFY(error.isEmpty());
    QVERIFY(saveProfile(loaded, file));
    QVERIFY(!readAll(file).contains("hunter2"));
}

void TestProfile::missingFileGivesDefaultsWithoutError()
{
    QString error = QStringLiteral("not cleared");
    const LoginProfile loaded = loadProfile(path(QStringLiteral("none.json")), &error);
    QVERIFY(error.isEmpty());
    QVERIFY(sameProfile(loaded, LoginProfile()));
}

void TestProfile::partialFileKeepsDefaults()
{
    const QString file = path(QStringLiteral("profile.json"));
    QVERIFY(writeFile(file, R"({"host": "romeo", "user": "etu42", "futureField": [1, 2]})"));
    QString error;
    const LoginProfile loaded = loadProfile(file, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(loaded.host, QStringLiteral("romeo"));
    QCOMPARE(loaded.user, QStringLiteral("etu42"));
    QCOMPARE(loaded.port, 22);
    QCOMPARE(loaded.remoteFolder, QStringLiteral("schedlab"));
}

void TestProfile::badJsonNamesLineAndColumn_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("where");
    // Qt reports the place just after the character it could not use.
    QTest::newRow("missing value") << QByteArray("{\n  \"host\": \"romeo\",\n  \"port\": ,\n}")
                                   << QStringLiteral("line 3, column 12: illegal value");
    QTest::newRow("columns count characters, not bytes")
        << QByteArray("{\n  \"host\": \"\xc3\xa9\" \"x\"\n}")
        << QStringLiteral("line 2, column 16: unterminated object");
    QTest::newRow("empty file") << QByteArray()
                                << QStringLiteral("line 1, column 1: illegal value");
}

void TestProfile::badJsonNamesLineAndColumn()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, where);
    const QString file = path(QStringLiteral("profile.json"));
    QVERIFY(writeFile(file, text));
    QString error;
    const LoginProfile loaded = loadProfile(file, &error);
    QCOMPARE(error, file + QStringLiteral(": ") + where);
    QVERIFY(loaded.host.isEmpty());
}

void TestProfile::wrongShapesAreReported_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("problem");
    QTest::newRow("array") << QByteArray("[1, 2]")
                           << QStringLiteral(
                                  "not a connection profile (a JSON object is expected)");
    QTest::newRow("port as text") << QByteArray(R"({"port": "22"})")
                                  << QStringLiteral("\"port\" should be a whole number");
    QTest::newRow("fractional port")
        << QByteArray(R"({"port": 22.5})") << QStringLiteral("\"port\" should be a whole number");
    QTest::newRow("host as number")
        << QByteArray(R"({"host": 12})") << QStringLiteral("\"host\" should be a string");
    QTest::newRow("flag as text") << QByteArray(R"({"useAgent": "yes"})")
                                  << QStringLiteral("\"useAgent\" should be true or false");
}

void TestProfile::wrongShapesAreReported()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, problem);
    const QString file = path(QStringLiteral("profile.json"));
    QVERIFY(writeFile(file, text));
    QString error;
    loadProfile(file, &error);
    QCOMPARE(error, file + QStringLiteral(": ") + problem);
}

void TestProfile::saveReplacesTheWholeFile()
{
    const QString file = path(QStringLiteral("profile.json"));
    QVERIFY(writeFile(file, QByteArray(4096, ' ') + "{\"host\": \"old\"}"));
    QVERIFY(saveProfile(usable(), file));
    QCOMPARE(loadProfile(file).host, usable().host);
    // QSaveFile leaves no temporary file next to it.
    QCOMPARE(QDir(dir_->path()).entryList(QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("profile.json")});
}

void TestProfile::saveFailureNamesTheFile()
{
    const QString file = path(QStringLiteral("missing-folder/profile.json"));
    QString error;
    QVERIFY(!saveProfile(usable(), file, &error));
    QVERIFY2(error.startsWith(file + QStringLiteral(": ")), qPrintable(error));
    QVERIFY(!QFile::exists(file));
}

void TestProfile::problems_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QStringList>("expected");
    const auto row = [](const char *name, const char *field, const char *value,
                        const char *sentence = nullptr) {
        QTest::newRow(name) << QString::fromUtf8(field) << QString::fromUtf8(value)
                            << (sentence ? QStringList{QString::fromUtf8(sentence)}
                                         : QStringList());
    };
    row("usable", "", "");
    row("blank host", "host", "  ",
        "the host is empty: use the exact name the organisers gave (there is no default)");
    row("pasted command", "host", "ssh etu42@romeo",
        "the host 'ssh etu42@romeo' must be the machine name alone, exactly as the organisers "
        "gave it (no 'ssh', no 'user@')");
    row("port 0", "port", "0", "port 0 is out of range: it must be between 1 and 65535");
    row("port 65536", "port", "65536",
        "port 65536 is out of range: it must be between 1 and 65535");
    row("no user", "user", "", "the user is empty: use the access account the organisers gave");
    row("no key", "keyFile", "",
        "no key file is chosen: choose your private key, or use the ssh-agent");
    row("agent instead of key", "agent", "");
    row("home prefix", "remoteFolder", "~/schedlab",
        "the remote folder is already relative to your home: write it without the leading '~'");
    row("absolute folder", "remoteFolder", "/home/etu42/schedlab",
        "the remote folder must be relative to your home: write it without the leading '/'");
    row("escaping folder", "remoteFolder", "schedlab/../../etu43",
        "the remote folder may not contain '..': it must stay inside your home");
    row("empty folder", "remoteFolder", "",
        "the remote folder is empty: give a folder inside your home, such as schedlab");
}

void TestProfile::problems()
{
    QFETCH(QString, field);
    QFETCH(QString, value);
    QFETCH(QStringList, expected);
    LoginProfile profile = usable();
    if (field == QLatin1String("host"))
        profile.host = value;
    else if (field == QLatin1String("port"))
        profile.port = value.toInt();
    else if (field == QLatin1String("user"))
        profile.user = value;
    else if (field == QLatin1String("keyFile"))
        profile.keyFile = value;
    else if (field == QLatin1String("agent")) {
        profile.keyFile.clear();
        profile.useAgent = true;
    } else if (field == QLatin1String("remoteFolder")) {
        profile.remoteFolder = value;
    }
    QCOMPARE(profile.problems(), expected);
}

void TestProfile::remoteFolder_data()
{
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("normalised");
    const auto row = [](const char *name, const QString &folder, const QString &normalised) {
        QTest::newRow(name) << folder << normalised;
    };
    row("plain", QStringLiteral("schedlab"), QStringLiteral("schedlab"));
    row("nested", QStringLiteral("cours/schedlab"), QStringLiteral("cours/schedlab"));
    row("trailing slashes", QStringLiteral("schedlab//"), QStringLiteral("schedlab"));
    row("doubled slashes", QStringLiteral("cours//m1///schedlab"),
        QStringLiteral("cours/m1/schedlab"));
    row("hidden folder", QStringLiteral(".schedlab/tp"), QStringLiteral(".schedlab/tp"));
    row("dots inside a name", QStringLiteral("tp..1"), QStringLiteral("tp..1"));
    row("accents", QStringLiteral("séance/tp"), QStringLiteral("séance/tp"));
    row("empty", QString(), QString());
    row("only slashes", QStringLiteral("//"), QString());
    row("absolute", QStringLiteral("/tmp/schedlab"), QString());
    row("home tilde", QStringLiteral("~/schedlab"), QString());
    row("tilde alone", QStringLiteral("~"), QString());
    row("parent", QStringLiteral(".."), QString());
    row("parent inside", QStringLiteral("schedlab/../x"), QString());
    row("dot", QStringLiteral("./schedlab"), QString());
    row("dot inside", QStringLiteral("cours/./schedlab"), QString());
    row("tab", QStringLiteral("sched\tlab"), QString());
    row("newline", QStringLiteral("schedlab\n"), QString());
    row("escape", QStringLiteral("sched\x1b[31mlab"), QString());
}

void TestProfile::remoteFolder()
{
    QFETCH(QString, folder);
    QFETCH(QString, normalised);
    QCOMPARE(normalisedRemoteFolder(folder), normalised);
}

QTEST_GUILESS_MAIN(TestProfile)
#include "tst_profile.moc"
