// Saves on a disk that refuses them (file size limit, full tmpfs): the previous file stays
// whole, no temporary file is left, the error gives the system's words.
#include "fulldisk.h"
#include "safefiles.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace schedlab::files;
using schedlab::testing::FileSizeLimit;
using schedlab::testing::FullDisk;

namespace {

const QByteArray kScript = "#!/bin/bash\n#SBATCH --job-name=sommeil\nsleep 30\n";

void writeRaw(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(bytes), bytes.size());
}

QByteArray readRaw(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
}

// Every file in the folder but the filler of a full disk.
QStringList files(const QString &dir)
{
    QStringList names = QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::System);
    names.removeAll(QStringLiteral(".filler"));
    return names;
}

} // namespace

class TestDurableSaves : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sizeLimitKeepsThePreviousFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sommeil.sbatch"));
        writeRaw(path, kScript);
        WriteResult w;
        {
            FileSizeLimit limit(1024);
            w = saveFile(path, QByteArray(20000, 'x'));
        }
        QVERIFY(!w.ok);
        QVERIFY2(w.error.contains(QStringLiteral("File too large")), qPrintable(w.error));
        QCOMPARE(readRaw(path), kScript);
        QCOMPARE(files(dir.path()), QStringList{QStringLiteral("sommeil.sbatch")});
    }

    void fullDiskKeepsThePreviousFile()
    {
        QTemporaryDir dir;
        FullDisk disk(dir.path(), 256 * 1024);
        if (!disk.ok())
            QSKIP(qPrintable(disk.error()));
        const QString path = dir.filePath(QStringLiteral("sommeil.sbatch"));
        writeRaw(path, kScript);
        QVERIFY(disk.fill());
        const WriteResult w = saveFile(path, kScript + "hostname\n");
        QVERIFY(!w.ok);
        QVERIFY2(w.error.contains(QStringLiteral("No space left on device")), qPrintable(w.error));
        QVERIFY2(w.error.contains(path), qPrintable(w.error));
        QCOMPARE(readRaw(path), kScript); // not 0 bytes
        QCOMPARE(files(dir.path()), QStringList{QStringLiteral("sommeil.sbatch")});
        disk.free();
        QVERIFY(saveFile(path, kScript + "hostname\n").ok);
        QCOMPARE(readRaw(path), kScript + "hostname\n");
        QCOMPARE(files(dir.path()), QStringList{QStringLiteral("sommeil.sbatch")});
    }

    // A download cut half-way (the connection lost, the transfer cancelled): the earlier copy
    // is still there, whole, and no temporary file is left beside it.
    void anInterruptedDownloadLeavesThePreviousFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sommeil-17.out"));
        writeRaw(path, "n1\nfini\n");
        {
            DurableWriter w(path);
            QVERIFY(w.open());
            QVERIFY(w.write("n2\n"));
            w.cancel();
            QCOMPARE(readRaw(path), QByteArray("n1\nfini\n"));
            QCOMPARE(files(dir.path()), QStringList{QStringLiteral("sommeil-17.out")});
        }
        {
            DurableWriter w(path);
            QVERIFY(w.open());
            QVERIFY(w.write("n2\n"));
        } // destroyed uncommitted, as when the transfer throws it away
        QCOMPARE(readRaw(path), QByteArray("n1\nfini\n"));
        QCOMPARE(files(dir.path()), QStringList{QStringLiteral("sommeil-17.out")});
    }

    void aDownloadFillingTheDiskLeavesThePreviousFile()
    {
        QTemporaryDir dir;
        FullDisk disk(dir.path(), 256 * 1024);
        if (!disk.ok())
            QSKIP(qPrintable(disk.error()));
        const QString path = dir.filePath(QStringLiteral("sommeil-17.out"));
        writeRaw(path, "n1\nfini\n");
        DurableWriter w(path);
        QVERIFY(w.open());
        const QByteArray chunk(32 * 1024, 'o');
        bool failed = false;
        for (int i = 0; i < 64 && !failed; ++i) // 2 MiB into 256 KiB
            failed = !w.write(chunk);
        QVERIFY(failed);
        QVERIFY2(w.errorString().contains(QStringLiteral("No space left on device")),
                 qPrintable(w.errorString()));
        QVERIFY(!w.commit());
        QCOMPARE(readRaw(path), QByteArray("n1\nfini\n"));
        QCOMPARE(files(dir.path()), QStringList{QStringLiteral("sommeil-17.out")});
    }

    // A file saved the first time on a full disk: nothing is left, not even an empty file.
    void aNewFileOnAFullDiskLeavesNothing()
    {
        QTemporaryDir dir;
        FullDisk disk(dir.path(), 128 * 1024);
        if (!disk.ok())
            QSKIP(qPrintable(disk.error()));
        QVERIFY(disk.fill());
        const QString path = dir.filePath(QStringLiteral("notes.md"));
        const WriteResult w = saveFile(path, QByteArray(8192, 'n'));
        QVERIFY(!w.ok);
        QVERIFY2(w.error.contains(QStringLiteral("No space left on device")), qPrintable(w.error));
        QVERIFY(files(dir.path()).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestDurableSaves)
#include "tst_durablesaves.moc"
