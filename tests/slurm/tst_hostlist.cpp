// Tests of Slurm hostlists: expansion as `scontrol show hostnames`, compression as
// `scontrol show hostlist` and `hostlistsorted`.
#include "hostlist.h"

#include <QTest>

using namespace schedlab::slurm;

class TestHostlist : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Found by fuzz_hostlist: many overlapping ranges made compression quadratic (minutes).
    void manyOverlappingRangesCompressQuickly()
    {
        QFile f(QStringLiteral(SCHEDLAB_TEST_DATA "/fuzz-regressions/hostlist-quadratic-coalesce"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto names = expandHostlist(QString::fromUtf8(f.readAll()), 4096);
        if (names) {
            QVERIFY(!compressHostlistSorted(*names).isEmpty() || names->isEmpty());
            QVERIFY(!compressHostlist(*names).isEmpty() || names->isEmpty());
        }
    }

    void expand_data();
    void expand();
    void expandErrors_data();
    void expandErrors();
    void expandHugeIsRefused();
    void compress_data();
    void compress();
    void compressSorted_data();
    void compressSorted();
    void roundTrip_data();
    void roundTrip();
};

static QStringList split(const char *names)
{
    return QString::fromUtf8(names).split(QLatin1Char(','), Qt::SkipEmptyParts);
}

void TestHostlist::expand_data()
{
    QTest::addColumn<QString>("expression");
    QTest::addColumn<QStringList>("names");

    QTest::newRow("n[1-2] (transcripts)") << "n[1-2]" << split("n1,n2");
    QTest::newRow("padding and list")
        << "node[01-04,07]" << split("node01,node02,node03,node04,node07");
    QTest::newRow("two groups") << "rack[1-2]-n[01-02]"
                                << split("rack1-n01,rack1-n02,rack2-n01,rack2-n02");
    QTest::newRow("plain names") << "n1,n2" << split("n1,n2");
    QTest::newRow("space and tab separate too") << "a b\tc,,d" << split("a,b,c,d");
    QTest::newRow("padding kept past 9") << "n[08-11]" << split("n08,n09,n10,n11");
    QTest::newRow("narrow range grows") << "n[9-11]" << split("n9,n10,n11");
    QTest::newRow("duplicates kept") << "n[1,1],n1" << split("n1,n1,n1");
    QTest::newRow("order kept") << "n3,n1,n2" << split("n3,n1,n2");
    QTest::newRow("no prefix") << "[1-3]" << split("1,2,3");
    QTest::newRow("default cluster") << "cpu[01-02],gpu01" << split("cpu01,cpu02,gpu01");
    QTest::newRow("device files") << "/dev/nvidia[0-1]" << split("/dev/nvidia0,/dev/nvidia1");
    QTest::newRow("bracket group with list in prefix")
        << "r[1,3]n[1-2]" << split("r1n1,r1n2,r3n1,r3n2");
    // Slurm walks the groups of a prefix right to left: the middle one is the outer loop.
    QTest::newRow("three groups") << "a[1-2]b[1-2]c[1]" << split("a1b1c1,a2b1c1,a1b2c1,a2b2c1");
    QTest::newRow("single value range") << "n[5]" << split("n5");
    QTest::newRow("open upper bound") << "n[3-]" << split("n3");
    QTest::newRow("empty") << "" << QStringList();
    QTest::newRow("only separators") << " ,, " << QStringList();
    QTest::newRow("bracket in a name") << "a]b" << split("a]b");
    QTest::newRow("64k range") << "n[1-65536]" << QStringList();
}

void TestHostlist::expand()
{
    QFETCH(QString, expression);
    QFETCH(QStringList, names);
    const std::optional<QStringList> got = expandHostlist(expression);
    QVERIFY(got.has_value());
    if (QByteArray(QTest::currentDataTag()) == "64k range") {
        QCOMPARE(got->size(), 65536);
        QCOMPARE(got->first(), QStringLiteral("n1"));
        QCOMPARE(got->last(), QStringLiteral("n65536"));
        return;
    }
    QCOMPARE(*got, names);
}

void TestHostlist::expandErrors_data()
{
    QTest::addColumn<QString>("expression");
    QTest::newRow("unbalanced") << "n[1-2";
    QTest::newRow("reversed") << "n[2-1]";
    QTest::newRow("not a number") << "n[a]";
    QTest::newRow("bad upper bound") << "n[1-x]";
    QTest::newRow("over 64k") << "n[1-70000]";
    QTest::newRow("text after bracket") << "n[1-2]x";
    QTest::newRow("empty brackets") << "n[]";
    QTest::newRow("trailing comma") << "n[1,]";
    QTest::newRow("negative") << "n[1--2]";
    QTest::newRow("box syntax") << "n[1x2]";
    QTest::newRow("bad prefix group") << "r[a]n[1]";
}

void TestHostlist::expandErrors()
{
    QFETCH(QString, expression);
    QVERIFY(!expandHostlist(expression).has_value());
}

void TestHostlist::expandHugeIsRefused()
{
    // 64k x 64k names: Slurm would try; the engine refuses instead of exhausting memory.
    QVERIFY(!expandHostlist(QStringLiteral("a[1-65536]b[1-65536]")).has_value());
    QVERIFY(!expandHostlist(QStringLiteral("a[x]b[1-65536]c[1-65536]d[1]")).has_value());
    // The whole bound, and a caller's lower one.
    QCOMPARE(expandHostlist(QStringLiteral("a[1-4]b[1-65536]"))->size(), 262144);
    QVERIFY(!expandHostlist(QStringLiteral("a[1-4]b[1-65536],c")).has_value());
    QCOMPARE(expandHostlist(QStringLiteral("n[1-10]"), 10)->size(), 10);
    QVERIFY(!expandHostlist(QStringLiteral("n[1-11]"), 10).has_value());
}

void TestHostlist::compress_data()
{
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<QString>("compressed");

    QTest::newRow("transcripts") << split("n1,n2") << "n[1-2]";
    QTest::newRow("gap") << split("n1,n2,n3,n5") << "n[1-3,5]";
    QTest::newRow("padding") << split("node01,node02,node03,node04,node07") << "node[01-04,07]";
    QTest::newRow("single") << split("n1") << "n1";
    QTest::newRow("no numbers") << split("a,b") << "a,b";
    QTest::newRow("unsorted kept") << split("n2,n1") << "n[2,1]";
    QTest::newRow("widths apart") << split("n01,n1") << "n[01,1]";
    QTest::newRow("9 to 10") << split("n9,n10") << "n[9-10]";
    QTest::newRow("09 to 10") << split("n09,n10") << "n[09-10]";
    QTest::newRow("two prefixes") << split("cpu01,cpu02,gpu01") << "cpu[01-02],gpu01";
    QTest::newRow("prefixes interleaved") << split("n1,m1,n2") << "n1,m1,n2";
    QTest::newRow("duplicates") << split("n1,n1") << "n[1,1]";
    QTest::newRow("prefix with digits")
        << split("rack1-n01,rack1-n02,rack2-n01") << "rack1-n[01-02],rack2-n01";
    QTest::newRow("all digits") << split("1,2,3") << "[1-3]";
    QTest::newRow("empty") << QStringList() << "";
}

void TestHostlist::compress()
{
    QFETCH(QStringList, names);
    QFETCH(QString, compressed);
    QCOMPARE(compressHostlist(names), compressed);
}

void TestHostlist::compressSorted_data()
{
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<QString>("compressed");
    QTest::newRow("natural order") << split("n2,n1,n10") << "n[1-2,10]";
    QTest::newRow("prefixes") << split("gpu01,cpu02,cpu01") << "cpu[01-02],gpu01";
    QTest::newRow("duplicates kept") << split("n1,n1") << "n[1,1]";
    QTest::newRow("overlap") << split("n3,n1,n2,n2") << "n[1-2,2-3]";
    QTest::newRow("already sorted") << split("n1,n2") << "n[1-2]";
}

void TestHostlist::compressSorted()
{
    QFETCH(QStringList, names);
    QFETCH(QString, compressed);
    QCOMPARE(compressHostlistSorted(names), compressed);
}

void TestHostlist::roundTrip_data()
{
    QTest::addColumn<QString>("expression");
    QTest::newRow("a") << "n[1-3,5],m[01-02],x";
    QTest::newRow("b") << "rack[1-2]-n[01-02]";
    QTest::newRow("c") << "n[8-12],n[008-012]";
    QTest::newRow("d") << "a1,a01,a001,a2";
}

void TestHostlist::roundTrip()
{
    QFETCH(QString, expression);
    const std::optional<QStringList> names = expandHostlist(expression);
    QVERIFY(names);
    const std::optional<QStringList> again = expandHostlist(compressHostlist(*names));
    QVERIFY(again);
    QCOMPARE(*again, *names);
}

QTEST_APPLESS_MAIN(TestHostlist)

#include "tst_hostlist.moc"
