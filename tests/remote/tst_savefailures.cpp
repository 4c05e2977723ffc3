// The login-node profile on a disk that refuses the save: the previous profile stays whole
// and loads as before, and the error names the file with the system's reason.
#include "../common/fulldisk.h"
#include "profile.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace schedlab::remote;
using schedlab::testing::FileSizeLimit;
using schedlab::testing::FullDisk;

namespace {

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<missing>");
}

LoginProfile first()
{
    LoginProfile profile;
    profile.host = QStringLiteral("romeo1.univ-reims.fr");
    profile.user = QStringLiteral("etu42");
    profile.keyFile = QStringLiteral("/home/etu/.ssh/id_ed25519_romeo");
    return profile;
}

// A later profile much larger than the first (a long folder name): it needs more room.
LoginProfile larger()
{
    LoginProfile profile = first();
    profile.remoteFolder = QString(8000, u'd');
    profile.account = QStringLiteral("projet-m1");
    return profile;
}

QStringList leftovers(const QString &dir)
{
    QStringList names = QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::System);
    names.removeAll(QStringLiteral(".filler"));
    return names;
}

} // namespace

class TestSaveFailures : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void profileOverASizeLimit()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("profile.json"));
        QString error;
        QVERIFY2(saveProfile(first(), file, &error), qPrintable(error));
        const QByteArray before = readAll(file);
        bool saved = true;
        {
            FileSizeLimit limit(4096);
            saved = saveProfile(larger(), file, &error);
        }
        QVERIFY(!saved);
        QVERIFY2(error.startsWith(file + QStringLiteral(": ")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("File too large")), qPrintable(error));
        QCOMPARE(readAll(file), before);
        QCOMPARE(loadProfile(file).account, QString());
        QCOMPARE(leftovers(dir.path()), QStringList{QStringLiteral("profile.json")});
    }

    void profileOnAFullDisk()
    {
        QTemporaryDir dir;
        FullDisk disk(dir.path(), 128 * 1024);
        if (!disk.ok())
            QSKIP(qPrintable(disk.error()));
        const QString file = dir.filePath(QStringLiteral("profile.json"));
        QString error;
        QVERIFY2(saveProfile(first(), file, &error), qPrintable(error));
        const QByteArray before = readAll(file);
        QVERIFY(!before.isEmpty());
        QVERIFY(disk.fill());
        QVERIFY(!saveProfile(larger(), file, &error));
        QVERIFY2(error.contains(QStringLiteral("No space left on device")), qPrintable(error));
        QCOMPARE(readAll(file), before); // not an empty file
        QCOMPARE(loadProfile(file).host, QStringLiteral("romeo1.univ-reims.fr"));
        QCOMPARE(leftovers(dir.path()), QStringList{QStringLiteral("profile.json")});
        disk.free();
        QVERIFY2(saveProfile(larger(), file, &error), qPrintable(error));
        QCOMPARE(loadProfile(file).account, QStringLiteral("projet-m1"));
    }
};

QTEST_GUILESS_MAIN(TestSaveFailures)
#include "tst_savefailures.moc"
