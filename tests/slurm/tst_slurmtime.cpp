// Tests of Slurm's time arithmetic: --time parsing and the duration and date forms, checked
// against the real Slurm 22.05 transcripts and against the C library's strftime.
#include "slurmtime.h"

#include <QTest>

#include <clocale>
#include <cstdlib>
#include <ctime>
#include <optional>

using namespace schedlab::slurm;

class TestSlurmTime : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Found by fuzz_slurmtime: the extremes of a 64-bit epoch must not overflow (UBSan).
    void timestampAtTheLimitsOfTime()
    {
        QVERIFY(!formatTimestamp(std::numeric_limits<qint64>::min()).isEmpty());
        QVERIFY(!formatTimestamp(std::numeric_limits<qint64>::max()).isEmpty());
        QVERIFY(!formatTimestamp(-9223372036854775807LL, QStringLiteral("%F %T")).isEmpty());
    }

    void timeLimit_data();
    void timeLimit();
    void durationSeconds_data();
    void durationSeconds();
    void minutesKeepNegativeDays();
    void squeueSecs_data();
    void squeueSecs();
    void squeueLimitSpecialValues();
    void hms_data();
    void hms();
    void sinfoLimit_data();
    void sinfoLimit();
    void timestampDefault();
    void timestampSpecialEpochs();
    void timestampSlurmTimeFormat();
    void timestampRelative_data();
    void timestampRelative();
    void strftimeMatchesGlibc_data();
    void strftimeMatchesGlibc();
};

// ---- --time ----------------------------------------------------------------------------------

void TestSlurmTime::timeLimit_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<uint>("minutes");
    QTest::addColumn<QString>("scontrol"); // TimeLimit= in the transcripts
    QTest::addColumn<QString>("squeue");   // %l in the transcripts

    // 02-inputs.txt: every case the real cluster answered.
    QTest::newRow("00:00:30") << "00:00:30" << true << 1u << "00:01:00"
                              << "1:00";
    QTest::newRow("00:00:10") << "00:00:10" << true << 1u << "00:01:00"
                              << "1:00";
    QTest::newRow("0 is unlimited") << "0" << true << kInfiniteMinutes << "UNLIMITED"
                                    << "UNLIMITED";
    QTest::newRow("1") << "1" << true << 1u << "00:01:00"
                       << "1:00";
    QTest::newRow("00:01:01") << "00:01:01" << true << 2u << "00:02:00"
                              << "2:00";
    QTest::newRow("90") << "90" << true << 90u << "01:30:00"
                        << "1:30:00";
    QTest::newRow("1-0") << "1-0" << true << 1440u << "1-00:00:00"
                         << "1-00:00:00";
    QTest::newRow("2:30") << "2:30" << true << 3u << "00:03:00"
                          << "3:00";
    QTest::newRow("UNLIMITED") << "UNLIMITED" << true << kInfiniteMinutes << "UNLIMITED"
                               << "UNLIMITED";
    QTest::newRow("00:20:00") << "00:20:00" << true << 20u << "00:20:00"
                              << "20:00";
    QTest::newRow("-5 wraps") << "-5" << true << 4294960097u << "2982611-04:17:00"
                              << "INVALID";
    QTest::newRow("2h") << "2h" << false << 0u << ""
                        << "";
    QTest::newRow("abc") << "abc" << false << 0u << ""
                         << "";
    QTest::newRow("1:2:3:4") << "1:2:3:4" << false << 0u << ""
                             << "";

    // The other forms of time_str2mins.
    QTest::newRow("unlimited lower case") << "unlimited" << true << kInfiniteMinutes << "UNLIMITED"
                                          << "UNLIMITED";
    QTest::newRow("Infinite") << "Infinite" << true << kInfiniteMinutes << "UNLIMITED"
                              << "UNLIMITED";
    QTest::newRow("-1") << "-1" << true << kInfiniteMinutes << "UNLIMITED"
                        << "UNLIMITED";
    QTest::newRow("-0") << "-0" << true << kInfiniteMinutes << "UNLIMITED"
                        << "UNLIMITED";
    QTest::newRow("0:30") << "0:30" << true << 1u << "00:01:00"
                          << "1:00";
    QTest::newRow("1:01") << "1:01" << true << 2u << "00:02:00"
                          << "2:00";
    QTest::newRow("1:2:3") << "1:2:3" << true << 63u << "01:03:00"
                           << "1:03:00";
    QTest::newRow("1-2") << "1-2" << true << 1560u << "1-02:00:00"
                         << "1-02:00:00";
    QTest::newRow("1-2:3") << "1-2:3" << true << 1563u << "1-02:03:00"
                           << "1-02:03:00";
    QTest::newRow("1-2:3:4") << "1-2:3:4" << true << 1564u << "1-02:04:00"
                             << "1-02:04:00";
    QTest::newRow("5- days only") << "5-" << true << 7200u << "5-00:00:00"
                                  << "5-00:00:00";
    QTest::newRow("02:00:00") << "02:00:00" << true << 120u << "02:00:00"
                              << "2:00:00";
    QTest::newRow("empty") << "" << false << 0u << ""
                           << "";
    QTest::newRow(":5") << ":5" << false << 0u << ""
                        << "";
    QTest::newRow("5:") << "5:" << false << 0u << ""
                        << "";
    QTest::newRow("1--2") << "1--2" << false << 0u << ""
                          << "";
    QTest::newRow("dash after colon") << "1:2-3" << false << 0u << ""
                                      << "";
    QTest::newRow("-1:2:3") << "-1:2:3" << false << 0u << ""
                            << "";
    QTest::newRow("space") << " 5" << false << 0u << ""
                           << "";
    QTest::newRow("plus") << "+5" << false << 0u << ""
                          << "";
    QTest::newRow("1-2:3:4:5") << "1-2:3:4:5" << false << 0u << ""
                               << "";
    QTest::newRow("dash only") << "-" << false << 0u << ""
                               << "";
}

void TestSlurmTime::timeLimit()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);
    QFETCH(uint, minutes);
    QFETCH(QString, scontrol);
    QFETCH(QString, squeue);

    const std::optional<std::uint32_t> parsed = parseTimeLimit(text);
    QCOMPARE(parsed.has_value(), valid);
    if (!valid)
        return;
    QCOMPARE(uint(*parsed), minutes);
    QCOMPARE(formatScontrolLimit(*parsed), scontrol);
    QCOMPARE(formatSqueueLimit(*parsed), squeue);
}

void TestSlurmTime::durationSeconds_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<qint64>("seconds");

    QTest::newRow("90 minutes") << "90" << true << qint64(5400);
    QTest::newRow("1:30") << "1:30" << true << qint64(90);
    QTest::newRow("1:00:30") << "1:00:30" << true << qint64(3630);
    QTest::newRow("7-0") << "7-0" << true << qint64(604800);
    QTest::newRow("0") << "0" << true << qint64(0);
    QTest::newRow("INFINITE") << "INFINITE" << true << qint64(-1);
    QTest::newRow("-5 days") << "-5" << true << qint64(-432000);
    // Slurm multiplies in 32-bit ints: 30000 days wrap.
    QTest::newRow("wraps") << "30000-0" << true
                           << qint64(std::int32_t(std::uint32_t(30000u * 86400u)));
    QTest::newRow("x") << "x" << false << qint64(0);
}

void TestSlurmTime::durationSeconds()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);
    QFETCH(qint64, seconds);
    const std::optional<qint64> parsed = parseDurationSeconds(text);
    QCOMPARE(parsed.has_value(), valid);
    if (valid)
        QCOMPARE(*parsed, seconds);
}

void TestSlurmTime::minutesKeepNegativeDays()
{
    // slurm.conf's MaxTime rejects these; sbatch accepts them.
    QCOMPARE(parseMinutes(u"-5").value(), -7199);
    QCOMPARE(parseMinutes(u"UNLIMITED").value(), -1);
    QCOMPARE(parseMinutes(u"0").value(), 0);
    QCOMPARE(parseMinutes(u"1-00:00:00").value(), 1440);
    QVERIFY(!parseMinutes(u"NONE"));
}

// ---- durations -------------------------------------------------------------------------------

void TestSlurmTime::squeueSecs_data()
{
    QTest::addColumn<qint64>("seconds");
    QTest::addColumn<QString>("text");
    QTest::newRow("0") << qint64(0) << "0:00";
    QTest::newRow("5:07") << qint64(307) << "5:07";
    QTest::newRow("59:59") << qint64(3599) << "59:59";
    QTest::newRow("1:02:03") << qint64(3723) << "1:02:03";
    QTest::newRow("1 day") << qint64(86400) << "1-00:00:00";
    QTest::newRow("2-03:04:05") << qint64(2 * 86400 + 3 * 3600 + 4 * 60 + 5) << "2-03:04:05";
    QTest::newRow("one year") << qint64(365) * 86400 << "365-00:00:00";
    QTest::newRow("over a year") << qint64(365) * 86400 + 1 << "INVALID";
    QTest::newRow("negative") << qint64(-1) << "INVALID";
}

void TestSlurmTime::squeueSecs()
{
    QFETCH(qint64, seconds);
    QFETCH(QString, text);
    QCOMPARE(formatSqueueSecs(seconds), text);
}

void TestSlurmTime::squeueLimitSpecialValues()
{
    QCOMPARE(formatSqueueLimit(kInfiniteMinutes), QStringLiteral("UNLIMITED"));
    QCOMPARE(formatSqueueLimit(kNoValMinutes), QStringLiteral("NOT_SET"));
    QCOMPARE(formatScontrolLimit(kNoValMinutes), QStringLiteral("Partition_Limit"));
    QCOMPARE(formatScontrolLimit(10), QStringLiteral("00:10:00"));
    // squeue multiplies by 60 in 32 bits: 71582789 minutes wrap to a small number of seconds.
    QCOMPARE(formatSqueueLimit(71582789u),
             formatSqueueSecs(qint64(std::uint32_t(71582789u * 60u))));
}

void TestSlurmTime::hms_data()
{
    QTest::addColumn<qint64>("seconds");
    QTest::addColumn<QString>("text");
    QTest::newRow("0") << qint64(0) << "00:00:00";
    QTest::newRow("2 min") << qint64(120) << "00:02:00";
    QTest::newRow("63 s") << qint64(63) << "00:01:03";
    QTest::newRow("1 day") << qint64(86400) << "1-00:00:00";
    QTest::newRow("negative") << qint64(-5) << "INVALID";
    QTest::newRow("INFINITE seconds") << qint64(0xFFFFFFFFLL) << "UNLIMITED";
}

void TestSlurmTime::hms()
{
    QFETCH(qint64, seconds);
    QFETCH(QString, text);
    QCOMPARE(formatHms(seconds), text);
}

void TestSlurmTime::sinfoLimit_data()
{
    QTest::addColumn<uint>("minutes");
    QTest::addColumn<QString>("text");
    QTest::newRow("10 min (transcripts)") << 10u << "10:00";
    QTest::newRow("30 min") << 30u << "30:00";
    QTest::newRow("1 h") << 60u << "1:00:00";
    QTest::newRow("1 day") << 1440u << "1-00:00:00";
    QTest::newRow("infinite") << kInfiniteMinutes << "infinite";
    // sinfo has no INVALID cut-off.
    QTest::newRow("two years") << 2u * 525600u << "730-00:00:00";
}

void TestSlurmTime::sinfoLimit()
{
    QFETCH(uint, minutes);
    QFETCH(QString, text);
    QCOMPARE(formatSinfoLimit(minutes), text);
}

// ---- timestamps ------------------------------------------------------------------------------

void TestSlurmTime::timestampDefault()
{
    QCOMPARE(formatTimestamp(1793872800), QStringLiteral("2026-11-05T10:00:00"));
    QCOMPARE(formatTimestamp(1796075406), QStringLiteral("2026-11-30T21:50:06"));
    QCOMPARE(formatTimestamp(1709251199), QStringLiteral("2024-02-29T23:59:59"));
    QCOMPARE(formatTimestamp(1), QStringLiteral("1970-01-01T00:00:01"));
    QCOMPARE(formatTimestamp(1793872800, QStringLiteral("standard")),
             QStringLiteral("2026-11-05T10:00:00"));
}

void TestSlurmTime::timestampSpecialEpochs()
{
    QCOMPARE(formatTimestamp(0), QStringLiteral("Unknown"));
    QCOMPARE(formatTimestamp(0, {}, QStringLiteral("N/A")), QStringLiteral("N/A"));
    QCOMPARE(formatTimestamp(0xFFFFFFFFLL), QStringLiteral("Unknown"));
    QCOMPARE(formatTimestamp(0xFFFFFFFELL), QStringLiteral("None"));
}

void TestSlurmTime::timestampSlurmTimeFormat()
{
    const qint64 t = 1793872800; // Thursday 2026-11-05 10:00:00
    QCOMPARE(formatTimestamp(t, QStringLiteral("%s")), QStringLiteral("1793872800"));
    QCOMPARE(formatTimestamp(t, QStringLiteral("%a %d %b %H:%M")),
             QStringLiteral("Thu 05 Nov 10:00"));
    QCOMPARE(formatTimestamp(t, QStringLiteral("%D %r")), QStringLiteral("11/05/26 10:00:00 AM"));
    // No '%': Slurm prints an error and keeps its default.
    QVERIFY(!isValidSlurmTimeFormat(QStringLiteral("abc")));
    QCOMPARE(formatTimestamp(t, QStringLiteral("abc")), QStringLiteral("2026-11-05T10:00:00"));
    // 32 bytes or more: too long for Slurm's buffer, default kept.
    const QString tooLong = QStringLiteral("%Y ") + QString(30, QLatin1Char('x'));
    QVERIFY(!isValidSlurmTimeFormat(tooLong));
    QCOMPARE(formatTimestamp(t, tooLong), QStringLiteral("2026-11-05T10:00:00"));
    // A result that overflows the 32-byte buffer prints 31 '#'.
    QCOMPARE(formatTimestamp(t, QStringLiteral("%c %c")), QString(31, QLatin1Char('#')));
    QVERIFY(isValidSlurmTimeFormat(QString()));
    QVERIFY(isValidSlurmTimeFormat(QStringLiteral("relative")));
}

void TestSlurmTime::timestampRelative_data()
{
    QTest::addColumn<qint64>("when");
    QTest::addColumn<QString>("text");
    const qint64 now = 1793872800; // Thu 2026-11-05 10:00:00
    QTest::newRow("today") << now + 3600 << "11:00:00";
    QTest::newRow("yesterday") << now - 86400 << "Ystday 10:00";
    QTest::newRow("tomorrow") << now + 86400 << "Tomorr 10:00";
    QTest::newRow("in 3 days") << now + 3 * 86400 << "Sun 10:00";
    QTest::newRow("in 10 days") << now + 10 * 86400 << "15 Nov 10:00";
    QTest::newRow("last year") << now - 400 * 86400 << "1 Oct 2025";
    // Slurm compares 1000*year+yday: Jan 1st seen from Dec 31st is "far".
    QTest::newRow("year boundary") << qint64(1767225600) + 3600 << "1 Jan 2026";
}

void TestSlurmTime::timestampRelative()
{
    QFETCH(qint64, when);
    QFETCH(QString, text);
    const qint64 now = QByteArray(QTest::currentDataTag()) == "year boundary"
                           ? qint64(1767225600) - 3600 // 2025-12-31 23:00
                           : qint64(1793872800);
    QCOMPARE(formatTimestamp(when, QStringLiteral("relative"), QStringLiteral("Unknown"), now),
             text);
}

void TestSlurmTime::strftimeMatchesGlibc_data()
{
    QTest::addColumn<QString>("format");
    const char *formats[] = {
        "%a %A %b %B %h",
        "%c",
        "%C %y %Y",
        "%d %e %j",
        "%D %F %T %R %r",
        "%H %I %k %l %p %P",
        "%m %M %S %s",
        "%u %w %U %W %V %g %G",
        "%x %X",
        "%n%t%%",
        "%-d %-m %-H %_d %_H %05d",
        "%^a %^B %#a %#b %#p",
        "%10A|%-10A|%_10d|%010d",
        "%Ey %EY %Od %Oe %OH",
        "%q %Q %",
        "%4Y %8F",
        "%+4Y %z",
        "[%-5d][%-5H][%_5d][%-_5d][%0_5d][%-10p][%010A][%-3j][%3d][%1d]",
        "[%-s][%10s][%^10p][%010F][%12F][%-12F][%8T][%08T][%^c][%Ec][%Ox][%EC]",
        "[%010s][%_10s][%-10s][%#x][%^#a][%5%][%-5n][%5t][%5z][%_5z][%-5z][%#5P][%^P][%-5G][%05G][%"
        "_2C]",
    };
    for (const char *f : formats)
        QTest::newRow(f) << QString::fromLatin1(f);
}

void TestSlurmTime::strftimeMatchesGlibc()
{
    QFETCH(QString, format);
    // The engine must not depend on the host's locale or zone; compare with glibc in C/UTC.
    ::setenv("TZ", "UTC", 1);
    ::tzset();
    const char *oldLocale = std::setlocale(LC_TIME, "C");
    Q_UNUSED(oldLocale);
    const qint64 epochs[] = {1,          86399,      951782400,  1709251199,
                             1767225600, 1793872800, 1796075406, 1609459199,
                             1609459200, 1230768000, 1262217600, 4102444800LL};
    for (qint64 e : epochs) {
        const std::time_t t = std::time_t(e);
        std::tm tm{};
        ::gmtime_r(&t, &tm);
        char buf[512];
        const std::size_t n = std::strftime(buf, sizeof buf, format.toLatin1().constData(), &tm);
        const QString expected = QString::fromLatin1(buf, qsizetype(n));
        QCOMPARE(formatUtcStrftime(e, format), expected);
    }
}

QTEST_APPLESS_MAIN(TestSlurmTime)

#include "tst_slurmtime.moc"
