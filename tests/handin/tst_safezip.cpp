// Reading hostile zips: every trick refused with a sentence naming the zip and the entry, and
// nothing ever written outside the private folder.
#include "../common/testfiles.h"
#include "safezip.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <zip.h>

#include <sys/stat.h>
#include <unistd.h>

using namespace schedlab::handin;

namespace {

struct RawEntry
{
    QByteArray name; // stored as given, byte for byte
    QByteArray bytes;
    bool deflate = true;
    quint32 unixMode = 0; // 0: libzip's default attributes
};

// An archive built with libzip in memory, names stored raw (libzip checks none of them).
QByteArray makeZip(const QList<RawEntry> &entries)
{
    zip_error_t error;
    zip_error_init(&error);
    zip_source_t *buffer = zip_source_buffer_create(nullptr, 0, 0, &error);
    zip_t *zip = zip_open_from_source(buffer, ZIP_TRUNCATE, &error);
    if (!zip)
        qFatal("libzip: %s", zip_error_strerror(&error));
    zip_source_keep(buffer);
    QList<QByteArray> keep; // libzip reads them at zip_close
    for (const RawEntry &e : entries) {
        keep << e.bytes;
        zip_source_t *s =
            zip_source_buffer(zip, keep.last().constData(), zip_uint64_t(keep.last().size()), 0);
        const zip_int64_t i = zip_file_add(zip, e.name.constData(), s, ZIP_FL_ENC_RAW);
        if (i < 0)
            qFatal("libzip: %s", zip_strerror(zip));
        zip_set_file_compression(zip, zip_uint64_t(i), e.deflate ? ZIP_CM_DEFLATE : ZIP_CM_STORE,
                                 9);
        if (e.unixMode)
            zip_file_set_external_attributes(zip, zip_uint64_t(i), 0, ZIP_OPSYS_UNIX,
                                             e.unixMode << 16);
    }
    if (zip_close(zip) < 0)
        qFatal("libzip: %s", zip_strerror(zip));
    QByteArray out;
    zip_source_open(buffer);
    char chunk[65536];
    zip_int64_t n = 0;
    while ((n = zip_source_read(buffer, chunk, sizeof chunk)) > 0)
        out.append(chunk, qsizetype(n));
    zip_source_close(buffer);
    zip_source_free(buffer);
    return out;
}

// Every header of `zip` (local and central) changed by `patch(bytes, offsetOfHeader, isCentral)`.
template <typename Patch> QByteArray patchHeaders(QByteArray zip, Patch patch)
{
    for (qsizetype at = 0; (at = zip.indexOf("PK\x03\x04", at)) >= 0; at += 4)
        patch(zip, at, false);
    for (qsizetype at = 0; (at = zip.indexOf("PK\x01\x02", at)) >= 0; at += 4)
        patch(zip, at, true);
    return zip;
}

void put32(QByteArray &b, qsizetype at, quint32 v)
{
    for (int i = 0; i < 4; ++i)
        b[at + i] = char((v >> (8 * i)) & 0xff);
}

void put16(QByteArray &b, qsizetype at, quint16 v)
{
    b[at] = char(v & 0xff);
    b[at + 1] = char(v >> 8);
}

QByteArray noise(qsizetype size)
{
    QByteArray b(size, '\0');
    QRandomGenerator gen(42);
    for (qsizetype i = 0; i < size; ++i)
        b[i] = char(gen.bounded(256));
    return b;
}

const QByteArray kScriptForDamage = "#!/bin/bash\n#SBATCH --time=00:01:00\nsleep 30\n";

// Every file and link below `dir`, relative to it.
QStringList everythingBelow(const QString &dir)
{
    QStringList found;
    QDirIterator it(dir, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        found << QDir(dir).relativeFilePath(it.next());
    found.sort();
    return found;
}

} // namespace

class TestSafeZip : public QObject
{
    Q_OBJECT

    QTemporaryDir sandbox_; // the parent scanned for anything written outside "out"
    QString out_;

    // A fresh private folder below the sandbox, everything else in the sandbox removed.
    void freshSandbox()
    {
        QDir(sandbox_.path()).removeRecursively();
        QDir().mkpath(sandbox_.path());
        out_ = sandbox_.filePath(QStringLiteral("out"));
        QVERIFY(QDir().mkpath(out_));
        ::chmod(QFile::encodeName(out_).constData(), 0700);
    }

    // Extracts `zip` into the private folder and checks that everything written lies in it.
    void checkNothingOutside()
    {
        for (const QString &path : everythingBelow(sandbox_.path()))
            QVERIFY2(path == QLatin1String("out") || path.startsWith(QLatin1String("out/")),
                     qPrintable(path));
        QVERIFY(!QFile::exists(QStringLiteral("/etc/x")));
    }

private Q_SLOTS:
    void init() { freshSandbox(); }

    void cleanZipWithWindowsNamesIsExtractedInPlace()
    {
        const QByteArray zip = makeZip({{"alice\\ex1\\sommeil.sbatch", "#!/bin/bash\n"},
                                        {"alice\\ex2\\decision.md", "## Question 1\n"},
                                        {"alice/", ""}});
        ZipProblem error;
        auto archive =
            SafeZip::fromBytes(zip, QStringLiteral("alice.zip"), ZipLimits::handIn(), 0, &error);
        QVERIFY2(archive, qPrintable(error.text()));
        QVERIFY(archive->clean());
        QCOMPARE(archive->names(), (QStringList{QStringLiteral("alice/ex1/sommeil.sbatch"),
                                                QStringLiteral("alice/ex2/decision.md")}));
        QCOMPARE(archive->commonTopFolder(), QStringLiteral("alice"));
        QVERIFY2(archive->extractTo(out_, &error), qPrintable(error.text()));
        QFile script(out_ + QStringLiteral("/alice/ex1/sommeil.sbatch"));
        QVERIFY(script.open(QIODevice::ReadOnly));
        QCOMPARE(script.readAll(), QByteArray("#!/bin/bash\n"));
        struct stat st;
        QCOMPARE(::stat(QFile::encodeName(script.fileName()).constData(), &st), 0);
        QCOMPARE(st.st_mode & 07777, mode_t(0600));
        QCOMPARE(::stat(QFile::encodeName(out_ + QStringLiteral("/alice/ex1")).constData(), &st),
                 0);
        QCOMPARE(st.st_mode & 07777, mode_t(0700));
        checkNothingOutside();
    }

    void hostileNamesAreRefused_data()
    {
        QTest::addColumn<QByteArray>("name");
        QTest::addColumn<QString>("sentence");
        QTest::newRow("dot-dot")
            << QByteArray("../evil")
            << "the name climbs out of the archive's folder with '..': refused";
        QTest::newRow("absolute") << QByteArray("/etc/x")
                                  << "the name is an absolute path: refused";
        QTest::newRow("drive") << QByteArray("C:\\x")
                               << "the name starts with a drive letter: refused";
        QTest::newRow("windows dot-dot")
            << QByteArray("a\\..\\..\\x")
            << "the name climbs out of the archive's folder with '..': refused";
        QTest::newRow("unc") << QByteArray("\\\\server\\x")
                             << "the name is an absolute path: refused";
        QTest::newRow("empty component")
            << QByteArray("a//x") << "the name has an empty component: refused";
        QTest::newRow("control") << QByteArray("a\x01x")
                                 << "the name holds a control character: refused";
        QTest::newRow("too long") << QByteArray(300, 'a')
                                  << "a part of the name is longer than the 255 bytes a file name "
                                     "may have: refused";
    }

    void hostileNamesAreRefused()
    {
        QFETCH(QByteArray, name);
        QFETCH(QString, sentence);
        const QByteArray zip = makeZip({{name, "evil\n"}, {"ok.md", "fine\n"}});
        ZipProblem error;
        auto archive =
            SafeZip::fromBytes(zip, QStringLiteral("bob.zip"), ZipLimits::handIn(), 0, &error);
        QVERIFY2(archive, qPrintable(error.text()));
        QCOMPARE(archive->problems().size(), 1);
        const ZipProblem &problem = archive->problems().first();
        QCOMPARE(problem.zip, QStringLiteral("bob.zip"));
        QCOMPARE(problem.sentence, sentence);
        if (!name.contains('\x01')) // libzip shows it as a CP437 picture, never raw
            QCOMPARE(problem.entry, QString::fromUtf8(name));
        QCOMPARE(archive->names(), QStringList{QStringLiteral("ok.md")});
        QVERIFY2(archive->extractTo(out_, &error), qPrintable(error.text()));
        QCOMPARE(everythingBelow(out_), QStringList{QStringLiteral("ok.md")});
        checkNothingOutside();
    }

    void nulInANameIsRefused()
    {
        // libzip shows a NUL as a space: the name is read from the central directory itself.
        QByteArray zip = makeZip({{"abcXdef.md", "x\n"}});
        zip.replace("abcXdef.md", QByteArray("abc\0def.md", 10));
        ZipProblem error;
        auto archive =
            SafeZip::fromBytes(zip, QStringLiteral("nul.zip"), ZipLimits::handIn(), 0, &error);
        QVERIFY2(archive, qPrintable(error.text()));
        QCOMPARE(archive->problems().size(), 1);
        QCOMPARE(archive->problems().first().sentence,
                 QStringLiteral("the name holds a NUL character: refused"));
        QVERIFY(archive->entries().isEmpty());
    }

    void symbolicLinkEntryIsRefused()
    {
        const QByteArray zip = makeZip(
            {{"ex1/lien", "/etc/passwd", false, S_IFLNK | 0777}, {"ex1/lignes.md", "17\n"}});
        ZipProblem error;
        auto archive =
            SafeZip::fromBytes(zip, QStringLiteral("link.zip"), ZipLimits::handIn(), 0, &error);
        QVERIFY2(archive, qPrintable(error.text()));
        const QList<ZipProblem> expected{
            {QStringLiteral("link.zip"), QStringLiteral("ex1/lien"),
             QStringLiteral("is a symbolic link: links are never extracted")}};
        QCOMPARE(archive->problems(), expected);
        QVERIFY(archive->extractTo(out_, &error));
        QCOMPARE(everythingBelow(out_),
                 (QStringList{QStringLiteral("ex1"), QStringLiteral("ex1/lignes.md")}));
        checkNothingOutside();
    }

    void specialFileEntryIsRefused()
    {
        const QByteArray zip = makeZip({{"fifo", "", false, S_IFIFO | 0644}});
        ZipProblem error;
        auto archive =
            SafeZip::fromBytes(zip, QStringLiteral("fifo.zip"), ZipLimits::handIn(), 0, &error);
        QVERIFY(archive);
        QCOMPARE(archive->problems().size(), 1);
        QVERIFY(archive->problems().first().sentence.startsWith(
            QStringLiteral("is not a regular file")));
    }

    void zipBombByRatioIsRefused()
    {
        const QByteArray zip = makeZip({{"bomb.md", QByteArray(4 << 20, '0')}});
        QVERIFY(zip.size() < 64 * 1024);
        ZipProblem error;
        auto archive =
            SafeZip::fromBytes(zip, QStringLiteral("bomb.zip"), ZipLimits::handIn(), 0, &error);
        QVERIFY2(archive, qPrintable(error.text()));
        QCOMPARE(archive->problems().size(), 1);
        QVERIFY2(archive->problems().first().sentence.contains(QStringLiteral("(a zip bomb?)")),
                 qPrintable(archive->problems().first().text()));
        QVERIFY(archive->entries().isEmpty());
        QVERIFY(archive->extractTo(out_, &error));
        QVERIFY(everythingBelow(out_).isEmpty());
        checkNothingOutside();
    }

    void zipBombWithLyingHeaderStopsAtTheDeclaredSize()
    {
        // The headers say 100 bytes; the data inflates to 4 MiB. Reading stops at byte 101.
        QByteArray zip = makeZip({{"bomb.md", QByteArray(4 << 20, '0')}});
        zip = patchHeaders(zip, [](QByteArray &b, qsizetype at, bool central) {
            put32(b, at + (central ? 24 : 22), 100);
        });
        ZipProblem error;
        auto archive =
            SafeZip::fromBytes(zip, QStringLiteral("liar.zip"), ZipLimits::handIn(), 0, &error);
        QVERIFY2(archive, qPrintable(error.text()));
        QVERIFY(archive->clean()); // the header looks harmless
        QVERIFY(!archive->read(QStringLiteral("bomb.md"), &error));
        QCOMPARE(error, (ZipProblem{QStringLiteral("liar.zip"), QStringLiteral("bomb.md"),
                                    QStringLiteral("holds more than the 100 bytes its header "
                                                   "says: the archive is damaged or forged")}));
        QVERIFY(!archive->extractTo(out_, &error));
        QCOMPARE(error.entry, QStringLiteral("bomb.md"));
        QVERIFY(everythingBelow(out_).isEmpty());
        checkNothingOutside();
    }

    void totalOverTheCapIsRefused()
    {
        ZipLimits limits = ZipLimits::handIn();
        limits.maxTotalBytes = 1 << 20;
        const QByteArray zip = makeZip({{"a", noise(400 << 10), false},
                                        {"b", noise(400 << 10), false},
                                        {"c", noise(400 << 10), false}});
        ZipProblem error;
        QVERIFY(!SafeZip::fromBytes(zip, QStringLiteral("big.zip"), limits, 0, &error));
        QCOMPARE(error.text(), QStringLiteral("big.zip: would decompress to 1228800 bytes, more "
                                              "than the 1 MiB allowed in all"));
        // Headers that understate the sizes: libzip 1.11 (Debian 13) refuses them at the
        // opening (a stored entry's two sizes differ); older ones (Debian 12) let them past the
        // opening, and the reading stops at the size the header gave.
        const QByteArray understated =
            patchHeaders(zip, [](QByteArray &b, qsizetype at, bool central) {
                put32(b, at + (central ? 24 : 22), 100 << 10);
            });
        auto archive =
            SafeZip::fromBytes(understated, QStringLiteral("big.zip"), limits, 0, &error);
        if (archive) {
            QVERIFY(!archive->extractTo(out_, &error));
            QCOMPARE(error.text(),
                     QStringLiteral("big.zip: a: holds more than the 102400 bytes its header "
                                    "says: the archive is damaged or forged"));
        } else {
            QVERIFY2(error.text().startsWith(QStringLiteral("big.zip: not a readable zip archive")),
                     qPrintable(error.text()));
        }
        QVERIFY(everythingBelow(out_).isEmpty());
        checkNothingOutside();
    }

    void totalCapCountsWhatIsRead()
    {
        ZipLimits limits = ZipLimits::handIn();
        limits.maxTotalBytes = 900 << 10;
        const QByteArray zip =
            makeZip({{"a", noise(400 << 10), false}, {"b", noise(400 << 10), false}});
        ZipProblem error;
        auto archive = SafeZip::fromBytes(zip, QStringLiteral("t.zip"), limits, 0, &error);
        QVERIFY(archive);
        QVERIFY(archive->read(QStringLiteral("a"), &error));
        QVERIFY(archive->read(QStringLiteral("b"), &error));
        QVERIFY(!archive->read(QStringLiteral("a"), &error)); // every read counts
        QCOMPARE(error.sentence, QStringLiteral("the archive decompresses to more than the "
                                                "921600 bytes allowed in all: reading stopped"));
    }

    void corruptZipIsReported()
    {
        QByteArray zip = makeZip({{"ex1/lignes.md", "17\n"}});
        ZipProblem error;
        QVERIFY(!SafeZip::fromBytes(zip.left(zip.size() / 2), QStringLiteral("half.zip"),
                                    ZipLimits::handIn(), 0, &error));
        QCOMPARE(error.zip, QStringLiteral("half.zip"));
        QVERIFY2(error.sentence.startsWith(QStringLiteral("not a readable zip archive (")),
                 qPrintable(error.text()));
        QVERIFY(!SafeZip::fromBytes("not a zip at all", QStringLiteral("text.zip"),
                                    ZipLimits::handIn(), 0, &error));
        QCOMPARE(error.text(), QStringLiteral("text.zip: not a readable zip archive (Not a zip "
                                              "archive)"));
        // Damaged data (its CRC no longer matches) is found when it is read.
        const QByteArray stored = makeZip({{"ex1/lignes.md", "17 18 19\n", false}});
        QByteArray damaged = stored;
        damaged[damaged.indexOf("17 18 19")] = 'X';
        auto archive =
            SafeZip::fromBytes(damaged, QStringLiteral("crc.zip"), ZipLimits::handIn(), 0, &error);
        QVERIFY(archive);
        QVERIFY(!archive->extractTo(out_, &error));
        QVERIFY2(error.sentence.startsWith(QStringLiteral("is damaged (")),
                 qPrintable(error.text()));
        QVERIFY(everythingBelow(out_).isEmpty());
        checkNothingOutside();
    }

    void encryptedEntryIsReported()
    {
        // The "encrypted" flag (bit 0 of the general purpose flags) set on every header.
        const QByteArray zip =
            patchHeaders(makeZip({{"secret.md", "hidden\n"}, {"open.md", "visible\n"}}),
                         [](QByteArray &b, qsizetype at, bool central) {
                             const qsizetype flags = at + (central ? 8 : 6);
                             put16(b, flags, quint16(quint8(b[flags]) | 1));
                         });
        ZipProblem error;
        auto archive =
            SafeZip::fromBytes(zip, QStringLiteral("enc.zip"), ZipLimits::handIn(), 0, &error);
        QVERIFY2(archive, qPrintable(error.text()));
        QCOMPARE(archive->problems().size(), 2);
        QCOMPARE(archive->problems().first().text(),
                 QStringLiteral("enc.zip: secret.md: is encrypted: SchedLab opens no "
                                "password-protected entry; hand in a zip made without a "
                                "password"));
    }

    void tooManyEntriesAreRefused()
    {
        ZipLimits limits = ZipLimits::handIn();
        limits.maxEntries = 5;
        QList<RawEntry> entries;
        for (int i = 0; i < 6; ++i)
            entries << RawEntry{QByteArray("f") + QByteArray::number(i), "x"};
        ZipProblem error;
        QVERIFY(
            !SafeZip::fromBytes(makeZip(entries), QStringLiteral("many.zip"), limits, 0, &error));
        QCOMPARE(error.text(),
                 QStringLiteral("many.zip: holds 6 entries, more than the 5 allowed"));
        entries.removeLast();
        QVERIFY(
            SafeZip::fromBytes(makeZip(entries), QStringLiteral("many.zip"), limits, 0, &error));
    }

    void twoEntriesForOneFileAreRefused()
    {
        const QByteArray zip = makeZip({{"ex1/a.md", "1\n"}, {"ex1\\a.md", "2\n"}});
        ZipProblem error;
        auto archive =
            SafeZip::fromBytes(zip, QStringLiteral("dup.zip"), ZipLimits::handIn(), 0, &error);
        QVERIFY(archive);
        QCOMPARE(archive->problems().size(), 1);
        QCOMPARE(archive->problems().first().sentence,
                 QStringLiteral("appears twice in the archive (as ex1/a.md): refused"));
    }

    void nestedZipsAreOpenedToTheDepthAllowed()
    {
        const QByteArray innermost = makeZip({{"x.md", "x\n"}});
        const QByteArray alice = makeZip({{"ex1/lignes.md", "17\n"}, {"deeper.zip", innermost}});
        const QByteArray cls =
            makeZip({{"Alice Martin_42_assignsubmission_file_/alice.zip", alice}});
        ZipProblem error;
        auto outer = SafeZip::fromBytes(cls, QStringLiteral("classe.zip"),
                                        ZipLimits::classArchive(), 0, &error);
        QVERIFY2(outer, qPrintable(error.text()));
        const QString inner = QStringLiteral("Alice Martin_42_assignsubmission_file_/alice.zip");
        const auto innerBytes = outer->read(inner, &error);
        QVERIFY(innerBytes);
        QVERIFY(SafeZip::looksLikeZip(*innerBytes));
        auto handIn = SafeZip::fromBytes(*innerBytes, QStringLiteral("classe.zip/") + inner,
                                         ZipLimits::handIn(), 1, &error);
        QVERIFY2(handIn, qPrintable(error.text()));
        QVERIFY(handIn->contains(QStringLiteral("ex1/lignes.md")));
        const auto deeper = handIn->read(QStringLiteral("deeper.zip"), &error);
        QVERIFY(deeper);
        QVERIFY(!SafeZip::fromBytes(*deeper, handIn->name() + QStringLiteral("/deeper.zip"),
                                    ZipLimits::handIn(), 2, &error));
        QCOMPARE(error.text(),
                 QStringLiteral("classe.zip/%1/deeper.zip: is a zip inside a zip at depth 2: zips "
                                "inside zips are opened to depth 1 only")
                     .arg(inner));
    }

    void archiveOnDiskIsReadWithItsCaps()
    {
        const QString root = sandbox_.filePath(QStringLiteral("class"));
        schedlab::testing::writeFile(root + QStringLiteral("/alice.zip"),
                                     makeZip({{"ex1/lignes.md", "17\n"}}));
        ZipProblem error;
        auto archive =
            SafeZip::open(root, QStringLiteral("alice.zip"), ZipLimits::handIn(), &error);
        QVERIFY2(archive, qPrintable(error.text()));
        QCOMPARE(archive->name(), QStringLiteral("alice.zip"));
        ZipLimits small = ZipLimits::handIn();
        small.maxArchiveBytes = 16;
        QVERIFY(!SafeZip::open(root, QStringLiteral("alice.zip"), small, &error));
        QVERIFY2(error.sentence.endsWith(QStringLiteral("than the 16 bytes allowed for this "
                                                        "archive")),
                 qPrintable(error.text()));
        // A link to a zip is not followed.
        QVERIFY(
            QFile::link(root + QStringLiteral("/alice.zip"), root + QStringLiteral("/bob.zip")));
        QVERIFY(!SafeZip::open(root, QStringLiteral("bob.zip"), ZipLimits::handIn(), &error));
        QCOMPARE(error.text(), QStringLiteral("bob.zip: is a symbolic link: not opened"));
    }

    void damagedArchivesAreReportedNeverFollowed()
    {
        // Every truncation and every flipped byte of a small hand-in: a value each time,
        // never a crash, and nothing written outside the private folder.
        const QByteArray zip =
            makeZip({{"ex1/sommeil.sbatch", kScriptForDamage}, {"ex1/lignes.md", "1. a\n2. b\n"}});
        const auto attempt = [this](const QByteArray &bytes) {
            ZipProblem error;
            auto archive =
                SafeZip::fromBytes(bytes, QStringLiteral("d.zip"), ZipLimits::handIn(), 0, &error);
            if (!archive)
                return !error.sentence.isEmpty();
            archive->extractTo(out_, &error);
            return true;
        };
        for (qsizetype n = 0; n < zip.size(); ++n)
            QVERIFY2(attempt(zip.left(n)), qPrintable(QString::number(n)));
        for (qsizetype i = 0; i < zip.size(); ++i) {
            QByteArray flipped = zip;
            flipped[i] = char(flipped[i] ^ 0xff);
            QVERIFY2(attempt(flipped), qPrintable(QString::number(i)));
        }
        checkNothingOutside();
    }

    void commonTopFolderIsFound()
    {
        QCOMPARE(commonTopFolder({QStringLiteral("alice/ex1/a"), QStringLiteral("alice/ex2/b"),
                                  QStringLiteral("__MACOSX/alice/._a")}),
                 QStringLiteral("alice"));
        QCOMPARE(commonTopFolder({QStringLiteral("alice/ex1/a"), QStringLiteral("bob/ex2/b")}),
                 QString());
        QCOMPARE(commonTopFolder({QStringLiteral("ex1/a"), QStringLiteral("manifest.json")}),
                 QString());
        QCOMPARE(commonTopFolder({QStringLiteral("ex1/a"), QStringLiteral("ex1/b")}),
                 QStringLiteral("ex1"));
    }

    void privateTempDirIsPrivateAndRemovedWithoutFollowingLinks()
    {
        const QString outside = sandbox_.filePath(QStringLiteral("keep.txt"));
        schedlab::testing::writeFile(outside, "keep\n");
        QString path;
        {
            PrivateTempDir dir;
            QVERIFY2(dir.isValid(), qPrintable(dir.errorString()));
            path = dir.path();
            struct stat st;
            QCOMPARE(::stat(QFile::encodeName(path).constData(), &st), 0);
            QCOMPARE(st.st_mode & 07777, mode_t(0700));
            schedlab::testing::writeFile(path + QStringLiteral("/a/b/c.txt"), "c\n");
            QVERIFY(QFile::link(outside, path + QStringLiteral("/a/link")));
            QVERIFY(QFile::link(sandbox_.path(), path + QStringLiteral("/a/dirlink")));
            ::chmod(QFile::encodeName(path + QStringLiteral("/a/b")).constData(), 0500);
        }
        QVERIFY(!QFileInfo::exists(path));
        QVERIFY(QFile::exists(outside));
        QVERIFY(QFileInfo::exists(sandbox_.path()));
    }
};

QTEST_GUILESS_MAIN(TestSafeZip)
#include "tst_safezip.moc"
