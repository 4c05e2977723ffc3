// Every hostile input of issue 15 run against the real command line and the real engine
// under a memory cap of 1 GiB (RLIMIT_AS): each must end cleanly (no crash, no hang), stay
// under the cap, leak nothing and write nothing outside its folder. The worst peak RSS is
// printed at the end. Not built under the sanitizers (their shadow memory needs more).
#include "../common/testfiles.h"
#include "cappedrun.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <sys/stat.h>

using namespace reliability;
using schedlab::testing::writeFile;

namespace {

const QByteArray kSecret = "TOP-SECRET-7f3a-instructor-only";
constexpr int kCliTimeoutMs = 45000;
constexpr int kClientTimeoutMs = 30000;

void link(const QString &target, const QString &path)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    if (!QFile::link(target, path))
        qFatal("cannot link %s", qPrintable(path));
}

void fifo(const QString &path)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    if (::mkfifo(QFile::encodeName(path).constData(), 0600) != 0)
        qFatal("cannot mkfifo %s", qPrintable(path));
}

void sparse(const QString &path, qint64 size)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || !f.resize(size))
        qFatal("cannot make %s", qPrintable(path));
}

// A YAML document of a few hundred bytes whose aliases expand to 10^9 strings.
QByteArray billionLaughs(const QByteArray &key)
{
    QByteArray y =
        "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n";
    const char names[] = "abcdefghi";
    for (int i = 1; i < 9; ++i) {
        y += QByteArray(1, names[i]) + ": &" + names[i] + " [";
        for (int j = 0; j < 9; ++j)
            y += QByteArray(j ? ",*" : "*") + names[i - 1];
        y += "]\n";
    }
    return y + key + ": *i\n";
}

const QByteArray kScript =
    "#!/bin/bash\n#SBATCH --job-name=sommeil\n#SBATCH --output=sommeil-%j.out\n"
    "#SBATCH --time=00:02:00\nhostname\nsleep 30\n";

QStringList baseEnv()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("SCHEDLAB_SOCKET"));
    return env.toStringList();
}

// Every file under `dir` (links not followed) that holds `needle`.
QStringList filesHolding(const QString &dir, const QByteArray &needle)
{
    QStringList found;
    QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::NoSymLinks,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QFileInfo info(path);
        if (!info.isFile() || info.isSymLink() || info.size() > (8 << 20))
            continue;
        QFile f(path);
        if (f.open(QIODevice::ReadOnly | QIODevice::Unbuffered) && f.readAll().contains(needle))
            found << path;
    }
    return found;
}

} // namespace

class TestHostile : public QObject
{
    Q_OBJECT

    long worstPeakKb_ = 0;
    QString worstName_;

    void record(const QString &name, const CappedResult &r)
    {
        qInfo("%-58s peak %6ld KiB  %s", qPrintable(name), r.peakKb,
              r.timedOut ? "TIMED OUT"
              : r.signal ? "SIGNALLED"
                         : "ok");
        if (r.peakKb > worstPeakKb_) {
            worstPeakKb_ = r.peakKb;
            worstName_ = name;
        }
    }

    CappedResult cli(const QString &name, const QStringList &args, const QString &cwd = {})
    {
        QStringList argv{QStringLiteral(SCHEDLAB_CLI)};
        argv += args;
        const CappedResult r = runCapped(argv, baseEnv(), kMemoryCapBytes, kCliTimeoutMs, {}, cwd);
        record(name, r);
        return r;
    }

    static void verifyClean(const CappedResult &r)
    {
        QVERIFY2(r.exitedNormally(), qPrintable(r.describe()));
        QVERIFY2(r.exitCode >= 0 && r.exitCode <= 2, qPrintable(r.describe()));
        QVERIFY2(r.peakKb * 1024 < kMemoryCapBytes, qPrintable(r.describe()));
        QVERIFY2(!r.out.contains(kSecret) && !r.err.contains(kSecret),
                 "the instructor's secret appears in the output");
    }

    // A class folder holding every attack on the grader of items 1-3 and 10.
    void makeHostileClass(const QString &classDir, const QString &outside)
    {
        writeFile(outside + QStringLiteral("/shadow"), kSecret + "\n");
        writeFile(outside + QStringLiteral("/instructeur/sommeil.sbatch"), kSecret + "\n");
        writeFile(outside + QStringLiteral("/instructeur/lignes.md"), kSecret + "\n");
        writeFile(outside + QStringLiteral("/victim"), "precious\n");
        // 2: a script that is a link to the instructor's file; a student folder that is a link.
        link(outside + QStringLiteral("/shadow"),
             classDir + QStringLiteral("/s01/ex1/sommeil.sbatch"));
        writeFile(classDir + QStringLiteral("/s01/ex1/lignes.md"),
                  "Une directive après hostname.\n");
        link(outside + QStringLiteral("/instructeur"), classDir + QStringLiteral("/s02"));
        // 3: a FIFO, a link to /dev/zero, a 2 GiB sparse answer.
        writeFile(classDir + QStringLiteral("/s03/ex2/reponses.md"), "Q1 : 51\n");
        fifo(classDir + QStringLiteral("/s03/ex2/exercice2.yaml"));
        writeFile(classDir + QStringLiteral("/s04/examen/examen.md"), "## Q1\nsbatch\n");
        link(QStringLiteral("/dev/zero"),
             classDir + QStringLiteral("/s04/examen/examen-rapport.json"));
        sparse(classDir + QStringLiteral("/s05/ex1/sommeil.sbatch"), qint64(2) << 30);
        fifo(classDir + QStringLiteral("/s05/ex1/lignes.md"));
        // 1: the result file left as a link to a file of the instructor's.
        writeFile(classDir + QStringLiteral("/s06/examen/examen.md"), "## Q1\nsbatch\n");
        link(outside + QStringLiteral("/victim"),
             classDir + QStringLiteral("/s06/examen/examen-resultat.json"));
        link(outside + QStringLiteral("/victim"), classDir + QStringLiteral("/s06/ex1.md"));
        writeFile(classDir + QStringLiteral("/s06/ex1/sommeil.sbatch"), kScript);
        // 10: a formula for a name, control characters in an answer, a key behind a link.
        writeFile(classDir + QStringLiteral("/=1+2/ex1/sommeil.sbatch"), kScript);
        writeFile(classDir + QStringLiteral("/s07/ex1/sommeil.sbatch"), kScript);
        writeFile(classDir + QStringLiteral("/s07/ex1/lignes.md"),
                  "R\xc3\xa9ponse \x1b]0;pwned\x07 \xe2\x80\xae gnirts\x1b[2J\n");
        link(outside + QStringLiteral("/shadow"), classDir + QStringLiteral("/s07/ex1/id_ed25519"));
    }

private Q_SLOTS:
    void initTestCase()
    {
        // A client that stops reading its standard input must not kill the test.
        std::signal(SIGPIPE, SIG_IGN);
    }

    void gradeAHostileClass()
    {
        QTemporaryDir root;
        const QString classDir = root.filePath(QStringLiteral("classe"));
        const QString outside = root.filePath(QStringLiteral("dehors"));
        makeHostileClass(classDir, outside);
        for (const char *format : {"json", "csv", "md"}) {
            const CappedResult r =
                cli(QStringLiteral("grade --format %1 (hostile class)").arg(format),
                    {QStringLiteral("grade"), QStringLiteral("--format"),
                     QString::fromLatin1(format), classDir});
            verifyClean(r);
            QVERIFY2(!r.out.contains("\x1b]0;pwned"), "an escape sequence reached the terminal");
            QVERIFY2(!r.out.contains("\xe2\x80\xae"), "a bidi override reached the terminal");
            QVERIFY2(!r.out.contains("\n=1+2") && !r.out.contains(",=1+2"),
                     "a formula reached the CSV unquoted");
        }
        const CappedResult out =
            cli(QStringLiteral("grade --out <the class itself>"),
                {QStringLiteral("grade"), QStringLiteral("--out"), classDir, classDir});
        verifyClean(out);
        QFile victim(outside + QStringLiteral("/victim"));
        QVERIFY(victim.open(QIODevice::ReadOnly));
        QCOMPARE(victim.readAll(), QByteArray("precious\n"));
        QCOMPARE(filesHolding(classDir, kSecret), QStringList());
    }

    void releaseAHostileClass()
    {
        QTemporaryDir root;
        const QString classDir = root.filePath(QStringLiteral("classe"));
        const QString outside = root.filePath(QStringLiteral("dehors"));
        makeHostileClass(classDir, outside);
        const CappedResult r =
            cli(QStringLiteral("release (hostile class)"), {QStringLiteral("release"), classDir});
        verifyClean(r);
        QFile victim(outside + QStringLiteral("/victim"));
        QVERIFY(victim.open(QIODevice::ReadOnly));
        QCOMPARE(victim.readAll(), QByteArray("precious\n"));
        QCOMPARE(filesHolding(classDir, kSecret), QStringList());
    }

    void hostileRubrics_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::newRow("billion laughs") << billionLaughs("criteria");
        QTest::newRow("self-referencing alias") << QByteArray("exercise: ex1\ncriteria: &a [*a]\n");
        QTest::newRow("alias inside itself")
            << QByteArray("exercise: ex1\ncriteria:\n  - &c {id: a, checker: *c}\n");
        QTest::newRow("deep nesting") << QByteArray("exercise: ex1\ncriteria: ") +
                                             QByteArray(100000, '[') + QByteArray(100000, ']');
    }

    void hostileRubrics()
    {
        QFETCH(QByteArray, yaml);
        QTemporaryDir root;
        writeFile(root.filePath(QStringLiteral("exercises/ex1/rubric.yaml")), yaml);
        writeFile(root.filePath(QStringLiteral("classe/s01/ex1/sommeil.sbatch")), kScript);
        const CappedResult r = cli(
            QStringLiteral("grade --rubrics <%1>").arg(QTest::currentDataTag()),
            {QStringLiteral("grade"), QStringLiteral("--rubrics"),
             root.filePath(QStringLiteral("exercises")), root.filePath(QStringLiteral("classe"))});
        verifyClean(r);
        QVERIFY2(r.exitCode != 0, "a hostile rubric was accepted");
        QVERIFY2(r.err.contains("rubric.yaml"), qPrintable(r.describe()));
    }

    void hostileScenarios_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::newRow("billion laughs") << billionLaughs("jobs");
        QTest::newRow("self-referencing alias") << QByteArray("steps: &s [*s]\n");
        QTest::newRow("file outside its folder")
            << QByteArray("files:\n  ../evade.txt: x\nsteps:\n  - {at: 1, run: squeue}\n");
        QTest::newRow("absolute file") << QByteArray(
            "files:\n  /tmp/schedlab-evade-abs.txt: x\nsteps:\n  - {at: 1, run: squeue}\n");
    }

    void hostileScenarios()
    {
        QFETCH(QByteArray, yaml);
        QTemporaryDir root;
        QFile::remove(QStringLiteral("/tmp/schedlab-evade-abs.txt"));
        const QString path = root.filePath(QStringLiteral("scenario/s.yaml"));
        writeFile(path, yaml);
        const CappedResult r = cli(QStringLiteral("sim <%1>").arg(QTest::currentDataTag()),
                                   {QStringLiteral("sim"), path});
        verifyClean(r);
        QVERIFY2(r.exitCode != 0, "a hostile scenario was run");
        QVERIFY2(r.err.contains("s.yaml"), qPrintable(r.describe()));
        QVERIFY(!QFileInfo::exists(root.filePath(QStringLiteral("evade.txt"))));
        QVERIFY(!QFileInfo::exists(QStringLiteral("/tmp/schedlab-evade-abs.txt")));
    }

    // Item 6: one engine, every command that took it down; after each it still answers.
    void engineSurvivesHostileCommands()
    {
        QTemporaryDir root;
        const QString work = root.filePath(QStringLiteral("work"));
        const QString state = root.filePath(QStringLiteral("state"));
        QDir().mkpath(work);
        fifo(work + QStringLiteral("/job.yaml"));
        fifo(work + QStringLiteral("/manifests/pipe.yaml"));
        writeFile(work + QStringLiteral("/manifests/ok.txt"), "not yaml\n");
        fifo(work + QStringLiteral("/script.sbatch"));
        link(QStringLiteral("/dev/zero"), work + QStringLiteral("/zero.yaml"));

        CappedProcess engine;
        QVERIFY(engine.start({QStringLiteral(SCHEDLAB_CLI), QStringLiteral("serve"), work,
                              QStringLiteral("--state"), state},
                             baseEnv(), kMemoryCapBytes, "PATH=", 60000));
        QString socket, bin;
        for (const QByteArray &line : engine.header().split('\n')) {
            if (line.startsWith("SCHEDLAB_SOCKET="))
                socket = QString::fromLocal8Bit(line.mid(16));
            if (line.startsWith("PATH="))
                bin = QString::fromLocal8Bit(line.mid(5)).section(u':', 0, 0);
        }
        QVERIFY(!socket.isEmpty() && !bin.isEmpty());
        QStringList env = baseEnv();
        env << QStringLiteral("SCHEDLAB_SOCKET=") + socket;

        const auto client = [&](const QString &name, QStringList argv, const StdinFeed &input) {
            argv[0] = bin + u'/' + argv[0];
            const QString shown = argv.join(u' ').left(70);
            const CappedResult r =
                runCapped(argv, env, kMemoryCapBytes, kClientTimeoutMs, input, work);
            record(QStringLiteral("client: ") + name, r);
            QVERIFY2(r.exitedNormally(), qPrintable(shown + u' ' + r.describe()));
            QVERIFY2(r.outBytes < (256 << 20), qPrintable(shown + u' ' + r.describe()));
            QVERIFY2(engine.alive(), qPrintable(QStringLiteral("the engine died on: ") + shown));
            const CappedResult sq = runCapped({bin + QStringLiteral("/squeue")}, env,
                                              kMemoryCapBytes, kClientTimeoutMs, {}, work);
            QVERIFY2(sq.exitedNormally() && sq.exitCode == 0,
                     qPrintable(QStringLiteral("squeue after ") + shown + u' ' + sq.describe()));
            QVERIFY(sq.out.startsWith("             JOBID"));
        };
        const QString w = work + u'/';
        struct Attack
        {
            QString name;
            QStringList argv;
            StdinFeed input;
        };
        const QList<Attack> attacks{
            {QStringLiteral("kubectl apply -f /dev/zero"),
             {QStringLiteral("kubectl"), QStringLiteral("apply"), QStringLiteral("-f"),
              QStringLiteral("/dev/zero")},
             StdinFeed()},
            {QStringLiteral("kubectl apply -f <link to /dev/zero>"),
             {QStringLiteral("kubectl"), QStringLiteral("apply"), QStringLiteral("-f"),
              w + QStringLiteral("zero.yaml")},
             StdinFeed()},
            {QStringLiteral("kubectl apply -f FIFO"),
             {QStringLiteral("kubectl"), QStringLiteral("apply"), QStringLiteral("-f"),
              w + QStringLiteral("job.yaml")},
             StdinFeed()},
            {QStringLiteral("kubectl apply -R -f DIR (a FIFO inside)"),
             {QStringLiteral("kubectl"), QStringLiteral("apply"), QStringLiteral("-R"),
              QStringLiteral("-f"), w + QStringLiteral("manifests")},
             StdinFeed()},
            {QStringLiteral("kubectl apply -f - < /dev/zero (64 MiB)"),
             {QStringLiteral("kubectl"), QStringLiteral("apply"), QStringLiteral("-f"),
              QStringLiteral("-")},
             StdinFeed{{}, 64 << 20, '\0'}},
            {QStringLiteral("kubectl get -o jsonpath-file=/dev/zero"),
             {QStringLiteral("kubectl"), QStringLiteral("get"), QStringLiteral("pods"),
              QStringLiteral("-o"), QStringLiteral("jsonpath-file=/dev/zero")},
             StdinFeed()},
            {QStringLiteral("kubectl get -o go-template-file=FIFO"),
             {QStringLiteral("kubectl"), QStringLiteral("get"), QStringLiteral("pods"),
              QStringLiteral("-o"),
              QStringLiteral("go-template-file=") + w + QStringLiteral("job.yaml")},
             StdinFeed()},
            {QStringLiteral("kubectl get -o custom-columns-file=/dev/zero"),
             {QStringLiteral("kubectl"), QStringLiteral("get"), QStringLiteral("pods"),
              QStringLiteral("-o"), QStringLiteral("custom-columns-file=/dev/zero")},
             StdinFeed()},
            {QStringLiteral("sbatch /dev/zero"),
             {QStringLiteral("sbatch"), QStringLiteral("/dev/zero")},
             StdinFeed()},
            {QStringLiteral("sbatch FIFO"),
             {QStringLiteral("sbatch"), w + QStringLiteral("script.sbatch")},
             StdinFeed()},
            {QStringLiteral("sbatch < 64 MiB"),
             {QStringLiteral("sbatch")},
             StdinFeed{"#!/bin/bash\n", 64 << 20, 'x'}},
            {QStringLiteral("squeue -o %2147483647j"),
             {QStringLiteral("squeue"), QStringLiteral("-o"), QStringLiteral("%2147483647j")},
             StdinFeed()},
            {QStringLiteral("squeue -o %.999999999i"),
             {QStringLiteral("squeue"), QStringLiteral("-o"), QStringLiteral("%.999999999i")},
             StdinFeed()},
            {QStringLiteral("squeue -O JobID:2147483647"),
             {QStringLiteral("squeue"), QStringLiteral("-O"), QStringLiteral("JobID:2147483647")},
             StdinFeed()},
            {QStringLiteral("sacct -o JobName%2147483647"),
             {QStringLiteral("sacct"), QStringLiteral("-o"), QStringLiteral("JobName%2147483647")},
             StdinFeed()},
            {QStringLiteral("sinfo -o %2147483647N"),
             {QStringLiteral("sinfo"), QStringLiteral("-o"), QStringLiteral("%2147483647N")},
             StdinFeed()},
            {QStringLiteral("sprio -o %2147483647i"),
             {QStringLiteral("sprio"), QStringLiteral("-o"), QStringLiteral("%2147483647i")},
             StdinFeed()},
            {QStringLiteral("sbatch --nodes=-5"),
             {QStringLiteral("sbatch"), QStringLiteral("--nodes=-5"),
              QStringLiteral("--wrap=true")},
             StdinFeed()},
            {QStringLiteral("sbatch -J <100,000 characters>"),
             {QStringLiteral("sbatch"), QStringLiteral("-J"), QString(100000, u'x'),
              QStringLiteral("--wrap=true")},
             StdinFeed()},
            {QStringLiteral("sbatch -J 'a<newline>b'"),
             {QStringLiteral("sbatch"), QStringLiteral("-J"), QStringLiteral("a\nb"),
              QStringLiteral("--wrap=true")},
             StdinFeed()},
        };
        for (const Attack &a : attacks) {
            client(a.name, a.argv, a.input);
            if (QTest::currentTestFailed())
                return;
        }

        const CappedResult end = engine.stop(30000);
        record(QStringLiteral("engine (serve) through all of the above"), end);
        QVERIFY2(!end.timedOut, "the engine did not stop on SIGTERM");
        QVERIFY2(end.peakKb * 1024 < kMemoryCapBytes, qPrintable(end.describe()));
    }

    void cleanupTestCase()
    {
        qInfo("memory cap %lld MiB; worst peak RSS %ld MiB (%ld KiB), in: %s",
              kMemoryCapBytes >> 20, worstPeakKb_ / 1024, worstPeakKb_, qPrintable(worstName_));
    }
};

QTEST_GUILESS_MAIN(TestHostile)
#include "tst_hostile.moc"
