// Reading untrusted folders without following links; saves that are whole or not made.
#include "fulldisk.h"
#include "safefiles.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace schedlab::files;
using schedlab::testing::FileSizeLimit;

namespace {

void writeRaw(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

QByteArray readRaw(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
}

QStringList leftovers(const QString &dir)
{
    return QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::System);
}

} // namespace

class TestSafeFiles : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsARegularFile()
    {
        QTemporaryDir root;
        QDir(root.path()).mkpath(QStringLiteral("alice/ex1"));
        writeRaw(root.filePath(QStringLiteral("alice/ex1/sommeil.sbatch")), "#!/bin/bash\n");
        const ReadResult r =
            readBelow(root.path(), QStringLiteral("alice/ex1/sommeil.sbatch"), 100);
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(r.bytes, QByteArray("#!/bin/bash\n"));
    }

    void refusesALinkAsTheFile()
    {
        QTemporaryDir root, secret;
        writeRaw(secret.filePath(QStringLiteral("shadow")), "root:secret\n");
        QDir(root.path()).mkpath(QStringLiteral("alice"));
        QVERIFY(QFile::link(secret.filePath(QStringLiteral("shadow")),
                            root.filePath(QStringLiteral("alice/sommeil.sbatch"))));
        const ReadResult r = readBelow(root.path(), QStringLiteral("alice/sommeil.sbatch"), 100);
        QCOMPARE(r.status, ReadStatus::Link);
        QVERIFY(r.bytes.isEmpty());
        QVERIFY2(r.error.contains(QStringLiteral("alice/sommeil.sbatch")), qPrintable(r.error));
        QVERIFY(r.error.contains(QStringLiteral("symbolic link")));
    }

    void refusesALinkedFolderOnTheWay()
    {
        QTemporaryDir root, instructor;
        writeRaw(instructor.filePath(QStringLiteral("sommeil.sbatch")), "corrigé\n");
        QVERIFY(QFile::link(instructor.path(), root.filePath(QStringLiteral("bob"))));
        const ReadResult r = readBelow(root.path(), QStringLiteral("bob/sommeil.sbatch"), 100);
        QCOMPARE(r.status, ReadStatus::Link);
        QCOMPARE(kindBelow(root.path(), QStringLiteral("bob")).type, EntryType::Link);
        QVERIFY(listBelow(root.path(), QStringLiteral("bob")).isEmpty());
    }

    void aFifoNeverBlocks()
    {
        QTemporaryDir root;
        const QString fifo = root.filePath(QStringLiteral("exercice2.yaml"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        const ReadResult r = readBelow(root.path(), QStringLiteral("exercice2.yaml"), 100);
        QCOMPARE(r.status, ReadStatus::NotRegular);
        QCOMPARE(readFile(fifo, 100).status, ReadStatus::NotRegular);
    }

    void aLinkToADeviceIsNotFollowed()
    {
        QTemporaryDir root;
        QVERIFY(QFile::link(QStringLiteral("/dev/zero"), root.filePath(QStringLiteral("r.json"))));
        QCOMPARE(readBelow(root.path(), QStringLiteral("r.json"), 100).status, ReadStatus::Link);
        QCOMPARE(readFile(root.filePath(QStringLiteral("r.json")), 100).status, ReadStatus::Link);
    }

    void aHugeSparseFileIsNotRead()
    {
        QTemporaryDir root;
        const QString path = root.filePath(QStringLiteral("big.md"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.resize(qint64(2) << 30)); // 2 GiB, sparse: no disk used
        f.close();
        const ReadResult r = readBelow(root.path(), QStringLiteral("big.md"), 1 << 20);
        QCOMPARE(r.status, ReadStatus::TooBig);
        QCOMPARE(r.size, qint64(2) << 30);
        QVERIFY(r.bytes.isEmpty());
    }

    void pathsThatLeaveTheFolderAreRefused()
    {
        QTemporaryDir root;
        for (const char *bad : {"../x", "/etc/passwd", "a/../../x", "a//b", "./a"})
            QCOMPARE(readBelow(root.path(), QString::fromLatin1(bad), 10).status,
                     ReadStatus::BadPath);
        QVERIFY(!saveBelow(root.path(), QStringLiteral("../escape"), "x").ok);
        QVERIFY(!QFileInfo::exists(QFileInfo(root.path()).absolutePath() + "/escape"));
    }

    void listingDescribesLinksAsLinks()
    {
        QTemporaryDir root;
        writeRaw(root.filePath(QStringLiteral("a.md")), "a");
        QDir(root.path()).mkdir(QStringLiteral("ex1"));
        QVERIFY(QFile::link(QStringLiteral("/etc"), root.filePath(QStringLiteral("z"))));
        const QList<DirEntry> entries = listBelow(root.path(), QString());
        QCOMPARE(entries.size(), 3);
        QCOMPARE(entries[0].name, QStringLiteral("a.md"));
        QCOMPARE(entries[0].type, EntryType::File);
        QCOMPARE(entries[1].type, EntryType::Dir);
        QCOMPARE(entries[2].type, EntryType::Link);
    }

    void saveReplacesWholeAndKeepsTheMode()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sommeil.sbatch"));
        writeRaw(path, "old\n");
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        const WriteResult w = saveFile(path, "new\n");
        QVERIFY2(w.ok, qPrintable(w.error));
        QCOMPARE(readRaw(path), QByteArray("new\n"));
        QCOMPARE(QFile::permissions(path), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                               QFile::ReadUser | QFile::WriteUser | QFile::ExeUser);
        QCOMPARE(leftovers(dir.path()), QStringList{QStringLiteral("sommeil.sbatch")});
    }

    void aFailedSaveLeavesThePreviousFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sommeil.sbatch"));
        writeRaw(path, "#!/bin/bash\nsleep 30\n");
        WriteResult w;
        {
            FileSizeLimit limit(4096);
            w = saveFile(path, QByteArray(100000, 'x'));
        }
        QVERIFY(!w.ok);
        QVERIFY2(w.error.contains(QStringLiteral("sommeil.sbatch")), qPrintable(w.error));
        QVERIFY2(w.error.contains(QStringLiteral("too large"), Qt::CaseInsensitive),
                 qPrintable(w.error));
        QCOMPARE(readRaw(path), QByteArray("#!/bin/bash\nsleep 30\n"));
        QCOMPARE(leftovers(dir.path()), QStringList{QStringLiteral("sommeil.sbatch")});
    }

    void aDownloadCancelledLeavesNothing()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sommeil-17.out"));
        {
            DurableWriter w(path);
            QVERIFY(w.open());
            QVERIFY(w.write("n1\n"));
        }
        QVERIFY(leftovers(dir.path()).isEmpty());
        DurableWriter w(path);
        QVERIFY(w.open() && w.write("n1\n") && w.commit());
        QCOMPARE(readRaw(path), QByteArray("n1\n"));
    }

    void saveBelowNeverWritesThroughALink()
    {
        QTemporaryDir root, victim;
        const QString target = victim.filePath(QStringLiteral("anything"));
        writeRaw(target, "precious\n");
        QDir(root.path()).mkpath(QStringLiteral("alice/examen"));
        QVERIFY(QFile::link(target,
                            root.filePath(QStringLiteral("alice/examen/examen-resultat.json"))));
        const WriteResult w =
            saveBelow(root.path(), QStringLiteral("alice/examen/examen-resultat.json"), "{}");
        QVERIFY(!w.ok);
        QVERIFY2(w.error.contains(QStringLiteral("symbolic link")), qPrintable(w.error));
        QCOMPARE(readRaw(target), QByteArray("precious\n"));

        // A linked folder on the way is refused too.
        QVERIFY(QFile::link(victim.path(), root.filePath(QStringLiteral("bob"))));
        QVERIFY(!saveBelow(root.path(), QStringLiteral("bob/anything"), "{}").ok);
        QCOMPARE(readRaw(target), QByteArray("precious\n"));
    }

    void saveBelowCreatesFolders()
    {
        QTemporaryDir root;
        const WriteResult w = saveBelow(root.path(), QStringLiteral("carla/ex1/ex1.md"), "# 3/4\n");
        QVERIFY2(w.ok, qPrintable(w.error));
        QCOMPARE(readRaw(root.filePath(QStringLiteral("carla/ex1/ex1.md"))), QByteArray("# 3/4\n"));
    }

    void newFilesGetTheModeAsked()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("progress.json"));
        QVERIFY(saveFile(path, "{}", 0600).ok);
        struct stat st;
        QCOMPARE(::stat(QFile::encodeName(path).constData(), &st), 0);
        QCOMPARE(st.st_mode & 0777, mode_t(0600));
    }
};

QTEST_GUILESS_MAIN(TestSafeFiles)
#include "tst_safefiles.moc"
