// sbatch's command line, script and #SBATCH parsing, checked against what Slurm 22.05 prints.
#include "sbatchparser.h"

#include <QFile>
#include <QRandomGenerator>
#include <QTest>

#include <chrono>

using namespace schedlab::slurm;

namespace {

constexpr qint64 kTranscriptEpoch = 1796075406; // 2026-11-30T21:50:06Z, transcript 02's start
const QString kCwd = QStringLiteral("/home/kim/oracle-jobs");

QByteArray readData(const QString &name)
{
    QFile f(QStringLiteral(SCHEDLAB_TEST_DATA "/sbatch/") + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing test data %s", qPrintable(name));
    return f.readAll();
}

// What the sbatch command does: first pass, script, second pass.
struct Outcome
{
    std::optional<SbatchParse> parse;
    QString stderrText;
    QString stdoutText;
    int exitCode = 0;
};

Outcome run(const QStringList &args, const QByteArray &script = {},
            const QHash<QString, QString> &env = {}, bool fromStdin = false)
{
    Outcome o;
    auto first = parseSbatchCommandLine(args, env);
    if (auto *f = std::get_if<ToolFailure>(&first)) {
        o.stderrText = f->stderrText;
        o.stdoutText = f->stdoutText;
        o.exitCode = f->exitCode;
        return o;
    }
    const SbatchCommandLine cl = std::get<SbatchCommandLine>(first);
    SbatchInput in;
    in.commandLine = cl;
    in.script = cl.hasWrap ? QByteArray() : script;
    in.scriptName = fromStdin ? QString() : cl.scriptPath;
    in.environment = env;
    in.submitEpoch = kTranscriptEpoch;
    in.cwd = kCwd;
    auto second = parseSbatch(in);
    if (auto *f = std::get_if<ToolFailure>(&second)) {
        o.stderrText = f->stderrText;
        o.stdoutText = f->stdoutText;
        o.exitCode = f->exitCode;
        return o;
    }
    o.parse = std::get<SbatchParse>(second);
    o.stderrText = o.parse->warnings;
    return o;
}

Outcome runScript(const QByteArray &script, const QStringList &options = {},
                  const QHash<QString, QString> &env = {})
{
    return run(options + QStringList{QStringLiteral("job.sh")}, script, env);
}

const QString kTry = QStringLiteral("Try \"sbatch --help\" for more information\n");

bool hasDiagnostic(const QList<ScriptDiagnostic> &list, ScriptDiagnostic::Kind kind, int line)
{
    return std::any_of(list.cbegin(), list.cend(),
                       [&](const ScriptDiagnostic &d) { return d.kind == kind && d.line == line; });
}

} // namespace

class TestSbatchParser : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // --- transcript 02 and 01 ------------------------------------------------------------
    void lateDirectivesAreIgnored()
    {
        const Outcome o =
            run({QStringLiteral("late.sbatch")}, readData(QStringLiteral("late.sbatch")));
        QVERIFY(o.parse);
        QCOMPARE(o.stderrText, QString());
        const JobRequest &r = o.parse->request;
        QCOMPARE(r.jobName, QStringLiteral("early"));
        QCOMPARE(r.timeLimitMinutes, 3u);
        QCOMPARE(r.output, QStringLiteral("/home/kim/oracle-jobs/late-%j.out"));
        QVERIFY(
            hasDiagnostic(o.parse->diagnostics, ScriptDiagnostic::Kind::DirectiveAfterCommand, 7));
        QVERIFY(
            hasDiagnostic(o.parse->diagnostics, ScriptDiagnostic::Kind::DirectiveAfterCommand, 8));
    }

    void homeIsNotExpanded()
    {
        const Outcome o =
            run({QStringLiteral("homeout.sbatch")}, readData(QStringLiteral("homeout.sbatch")));
        QVERIFY(o.parse);
        QCOMPARE(o.parse->request.output,
                 QStringLiteral("/home/kim/oracle-jobs/$HOME/homeout-%j.out"));
        QCOMPARE(o.parse->request.error, QString()); // same file as the output
        QCOMPARE(o.parse->request.jobName, QStringLiteral("homeout"));
        QVERIFY(hasDiagnostic(o.parse->diagnostics, ScriptDiagnostic::Kind::ShellVariable, 3));
    }

    void noShebang()
    {
        const Outcome o =
            run({QStringLiteral("noshebang.sbatch")}, readData(QStringLiteral("noshebang.sbatch")));
        QVERIFY(!o.parse);
        QCOMPARE(o.exitCode, 1);
        QCOMPARE(
            o.stderrText,
            QStringLiteral("sbatch: error: This does not look like a batch script.  The first\n"
                           "sbatch: error: line must start with #! followed by the path to an "
                           "interpreter.\n"
                           "sbatch: error: For instance: #!/bin/sh\n"));
        // echo 'hostname' | sbatch
        const Outcome piped = run({}, "hostname\n", {}, true);
        QCOMPARE(piped.stderrText, o.stderrText);
        QCOMPARE(piped.exitCode, 1);
    }

    void unknownOptionInDirective()
    {
        const Outcome o =
            run({QStringLiteral("badopt.sbatch")}, readData(QStringLiteral("badopt.sbatch")));
        QCOMPARE(o.exitCode, 255);
        QCOMPARE(o.stderrText,
                 QStringLiteral("sbatch: unrecognized option '--frobnicate=3'\n") + kTry);
        const Outcome cli =
            run({QStringLiteral("--frobnicate"), QStringLiteral("--wrap=hostname")});
        QCOMPARE(cli.exitCode, 255);
        QCOMPARE(cli.stderrText,
                 QStringLiteral("sbatch: unrecognized option '--frobnicate'\n") + kTry);
    }

    void badTime()
    {
        const Outcome o =
            run({QStringLiteral("badtime.sbatch")}, readData(QStringLiteral("badtime.sbatch")));
        QCOMPARE(o.exitCode, 255);
        QCOMPARE(o.stderrText, QStringLiteral("sbatch: error: Invalid --time specification\n"));
    }

    void timeForms_data()
    {
        QTest::addColumn<QString>("time");
        QTest::addColumn<qint64>("minutes"); // -1: invalid
        QTest::newRow("30 s") << "00:00:30" << qint64(1);
        QTest::newRow("10 s") << "00:00:10" << qint64(1);
        QTest::newRow("0") << "0" << qint64(kInfiniteMinutes);
        QTest::newRow("1") << "1" << qint64(1);
        QTest::newRow("1:01") << "00:01:01" << qint64(2);
        QTest::newRow("90") << "90" << qint64(90);
        QTest::newRow("1-0") << "1-0" << qint64(1440);
        QTest::newRow("2:30") << "2:30" << qint64(3);
        QTest::newRow("UNLIMITED") << "UNLIMITED" << qint64(kInfiniteMinutes);
        QTest::newRow("-5 wraps") << "-5" << qint64(4294960097LL); // 2982611-04:17:00
        QTest::newRow("abc") << "abc" << qint64(-1);
        QTest::newRow("1:2:3:4") << "1:2:3:4" << qint64(-1);
        QTest::newRow("2h") << "2h" << qint64(-1);
    }
    void timeForms()
    {
        QFETCH(QString, time);
        QFETCH(qint64, minutes);
        const Outcome o = run({QStringLiteral("--hold"), QStringLiteral("--time=") + time,
                               QStringLiteral("--wrap=sleep 1")});
        if (minutes < 0) {
            QCOMPARE(o.exitCode, 255);
            QCOMPARE(o.stderrText, QStringLiteral("sbatch: error: Invalid --time specification\n"));
            return;
        }
        QVERIFY(o.parse);
        QCOMPARE(qint64(o.parse->request.timeLimitMinutes), minutes);
        QVERIFY(o.parse->request.hold);
    }

    void stdinScript()
    {
        // printf '#!/bin/bash\nhostname\n' | sbatch --time=1
        const Outcome o = run({QStringLiteral("--time=1")}, "#!/bin/bash\nhostname\n", {}, true);
        QVERIFY(o.parse);
        QCOMPARE(o.parse->request.timeLimitMinutes, 1u);
        QCOMPARE(o.parse->script, QByteArray("#!/bin/bash\nhostname\n"));
        // Messages name the script "stdin".
        const Outcome bad = run({}, "#!/bin/sh\n#SBATCH -J \"abc\nhostname\n", {}, true);
        QCOMPARE(bad.exitCode, 1);
        QCOMPARE(bad.stderrText,
                 QStringLiteral("sbatch: fatal: stdin: line 2: Unmatched `\"` in [ \"abc]\n"));
    }

    void sommeil()
    {
        QFile f(QStringLiteral(SCHEDLAB_SOURCE_DIR "/tests/slurm/data/sbatch/sommeil.sbatch"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const Outcome o = run({QStringLiteral("sommeil.sbatch")}, f.readAll());
        QVERIFY(o.parse);
        QCOMPARE(o.stderrText, QString());
        const JobRequest &r = o.parse->request;
        QCOMPARE(r.jobName, QStringLiteral("sommeil"));
        QCOMPARE(r.output, QStringLiteral("/home/kim/oracle-jobs/sommeil-%j.out"));
        QCOMPARE(r.timeLimitMinutes, 2u);
        QCOMPARE(r.cpusPerTask, std::optional<int>(1));
        QCOMPARE(r.memPerNodeMb, std::optional<qint64>(1024));
        QVERIFY(!r.memPerCpuMb);
        QVERIFY(!r.minNodes);
        QVERIFY(o.parse->diagnostics.isEmpty());
    }

    // --- order of the sources ------------------------------------------------------------
    void overridingOrder()
    {
        const QByteArray script = "#!/bin/sh\n#SBATCH -t 5 -p fromscript -J s\nhostname\n";
        const QHash<QString, QString> env{
            {QStringLiteral("SBATCH_TIMELIMIT"), QStringLiteral("7")},
            {QStringLiteral("SBATCH_PARTITION"), QStringLiteral("fromenv")}};
        Outcome o = runScript(script, {}, env);
        QVERIFY(o.parse);
        QCOMPARE(o.parse->request.timeLimitMinutes, 7u);
        QCOMPARE(o.parse->request.partition, QStringLiteral("fromenv"));
        QCOMPARE(o.parse->request.jobName, QStringLiteral("s"));
        o = runScript(script, {QStringLiteral("--time=9"), QStringLiteral("-Jcli")}, env);
        QVERIFY(o.parse);
        QCOMPARE(o.parse->request.timeLimitMinutes, 9u);
        QCOMPARE(o.parse->request.jobName, QStringLiteral("cli"));
        QCOMPARE(o.parse->request.partition, QStringLiteral("fromenv"));
    }

    void commandLineErrorsComeFirst()
    {
        // The first pass checks every command-line value before the script is read.
        const Outcome o = runScript("hostname\n", {QStringLiteral("--time=3h")});
        QCOMPARE(o.stderrText, QStringLiteral("sbatch: error: Invalid --time specification\n"));
        QCOMPARE(o.exitCode, 255);
        const Outcome both =
            runScript("#!/bin/sh\n#SBATCH --time=2h\nhostname\n", {QStringLiteral("--frob")});
        QCOMPARE(both.stderrText, QStringLiteral("sbatch: unrecognized option '--frob'\n") + kTry);
    }

    void memoryOptionsAreExclusive()
    {
        Outcome o = runScript("#!/bin/sh\n#SBATCH --mem=1G\nhostname\n",
                              {QStringLiteral("--mem-per-cpu=5")});
        QCOMPARE(o.exitCode, 1);
        QCOMPARE(o.stderrText,
                 QStringLiteral("sbatch: fatal: --mem, --mem-per-cpu, and --mem-per-gpu "
                                "are mutually exclusive.\n"));
        // A variable loses against an option from the script or the command line.
        o = runScript("#!/bin/sh\n#SBATCH --mem=1G\nhostname\n", {},
                      {{QStringLiteral("SBATCH_MEM_PER_CPU"), QStringLiteral("5")}});
        QVERIFY(o.parse);
        QCOMPARE(o.parse->request.memPerNodeMb, std::optional<qint64>(1024));
        QVERIFY(!o.parse->request.memPerCpuMb);
    }

    // --- getopt ----------------------------------------------------------------------------
    void getoptMessages_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("stderrText");
        QTest::newRow("--time last")
            << QStringList{"--time"} << "sbatch: option '--time' requires an argument\n" + kTry;
        QTest::newRow("-t last") << QStringList{"-t"}
                                 << "sbatch: option requires an argument -- 't'\n" + kTry;
        QTest::newRow("-Z") << QStringList{"-Z"} << "sbatch: invalid option -- 'Z'\n" + kTry;
        QTest::newRow("-+") << QStringList{"-+"} << "sbatch: invalid option -- '+'\n" + kTry;
        QTest::newRow("ambiguous")
            << QStringList{"--ti=5", "--wrap=x"}
            << "sbatch: option '--ti=5' is ambiguous; possibilities: '--time' '--time-min'\n" +
                   kTry;
        QTest::newRow("ambiguous clu")
            << QStringList{"--clu=x"}
            << "sbatch: option '--clu=x' is ambiguous; possibilities: '--cluster-constraint' "
               "'--cluster' '--clusters'\n" +
                   kTry;
        QTest::newRow("flag with argument")
            << QStringList{"--hold=3"}
            << "sbatch: option '--hold' doesn't allow an argument\n" + kTry;
        QTest::newRow("--wrap alone")
            << QStringList{"--wrap"} << "sbatch: option '--wrap' requires an argument\n" + kTry;
        QTest::newRow("wrap and script")
            << QStringList{"--wrap=x", "job.sh"}
            << QString("sbatch: error: Script arguments not permitted with --wrap option\n");
        QTest::newRow("parse_int") << QStringList{"-c", "abc", "--wrap=x"}
                                   << QString("sbatch: error: Invalid numeric value \"abc\" for "
                                              "--cpus-per-task.\n");
        QTest::newRow("node count")
            << QStringList{"-N", "abc", "--wrap=x"}
            << QString("sbatch: error: \"abc\" is not a valid node count\n");
        QTest::newRow("node range") << QStringList{"-N", "3-2", "--wrap=x"}
                                    << QString("sbatch: error: Maximum node count 2 is less than "
                                               "minimum node count 3\n");
        QTest::newRow("nice") << QStringList{"--nice=99999999999", "--wrap=x"}
                              << QString("sbatch: error: Invalid --nice value, out of range (+/- "
                                         "2147483645)\n");
        QTest::newRow("priority") << QStringList{"--priority=-1", "--wrap=x"}
                                  << QString("sbatch: error: Priority must be >= 0\n");
        QTest::newRow("mem") << QStringList{"--mem=1X", "--wrap=x"}
                             << QString("sbatch: error: Invalid --mem specification\n");
        QTest::newRow("begin") << QStringList{"--begin=foo", "--wrap=x"}
                               << QString("Invalid time specification (pos=0): foo\n"
                                          "sbatch: error: Invalid --begin specification\n");
        QTest::newRow("exclusive") << QStringList{"--exclusive=foo", "--wrap=x"}
                                   << QString("sbatch: error: Invalid --exclusive specification\n");
        QTest::newRow("nodes vs tasks")
            << QStringList{"-w", "n[1-3]", "-N", "1-2", "--wrap=x"}
            << QString("sbatch: error: invalid number of nodes (-N 3-2)\n");
        QTest::newRow("begin after deadline")
            << QStringList{"--deadline=now+1hour", "--begin=now+2hours", "--wrap=x"}
            << QString("sbatch: error: Incompatible begin and deadline time specification\n");
    }
    void getoptMessages()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, stderrText);
        const Outcome o = run(args, "#!/bin/sh\nhostname\n");
        QVERIFY(!o.parse);
        QCOMPARE(o.stderrText, stderrText);
    }

    void exitCodes()
    {
        QCOMPARE(run({QStringLiteral("--time")}).exitCode, 255);
        QCOMPARE(
            run({QStringLiteral("-c"), QStringLiteral("0"), QStringLiteral("--wrap=x")}).exitCode,
            1);
        QCOMPARE(run({QStringLiteral("--wrap=x"), QStringLiteral("job.sh")}).exitCode, 1);
        // SLURM_EXIT_ERROR changes the status of error_exit paths only.
        const QHash<QString, QString> env{
            {QStringLiteral("SLURM_EXIT_ERROR"), QStringLiteral("7")}};
        QCOMPARE(run({QStringLiteral("--wrap=x"), QStringLiteral("job.sh")}, {}, env).exitCode, 7);
        QCOMPARE(run({QStringLiteral("--time=2h"), QStringLiteral("--wrap=x")}, {}, env).exitCode,
                 255);
        QCOMPARE(runScript("", {}, env).exitCode, 7);
        const Outcome zero =
            run({QStringLiteral("-c"), QStringLiteral("x"), QStringLiteral("--wrap=x")}, {},
                {{QStringLiteral("SLURM_EXIT_ERROR"), QStringLiteral("0")}});
        QCOMPARE(zero.stderrText, QStringLiteral("sbatch: error: SLURM_EXIT_ERROR has zero value\n"
                                                 "sbatch: error: Invalid numeric value \"x\" for "
                                                 "--cpus-per-task.\n"));
        auto first = parseSbatchCommandLine({QStringLiteral("nosuch.sbatch")}, env);
        const ToolFailure open =
            sbatchOpenFailure(std::get<SbatchCommandLine>(first), QStringLiteral("nosuch.sbatch"));
        QCOMPARE(open.stderrText,
                 QStringLiteral("sbatch: error: Unable to open file nosuch.sbatch\n"));
        QCOMPARE(open.exitCode, 7);
    }

    void splitsScriptAndArguments()
    {
        auto first = parseSbatchCommandLine(
            {QStringLiteral("-HQJ"), QStringLiteral("name"), QStringLiteral("--part=debug"),
             QStringLiteral("job.sh"), QStringLiteral("-t"), QStringLiteral("x")});
        QVERIFY(std::holds_alternative<SbatchCommandLine>(first));
        const SbatchCommandLine cl = std::get<SbatchCommandLine>(first);
        QCOMPARE(cl.scriptPath, QStringLiteral("job.sh"));
        QCOMPARE(cl.scriptArgs, (QStringList{QStringLiteral("-t"), QStringLiteral("x")}));
        QCOMPARE(cl.options.size(), 3);
        QVERIFY(cl.quiet);
        QVERIFY(!cl.readsStdin());
        const Outcome o = run(cl.arguments, "#!/bin/sh\nhostname\n");
        QVERIFY(o.parse);
        QVERIFY(o.parse->request.hold);
        QVERIFY(o.parse->request.quiet);
        QCOMPARE(o.parse->request.jobName, QStringLiteral("name"));
        QCOMPARE(o.parse->request.partition, QStringLiteral("debug"));
        QCOMPARE(o.parse->request.scriptArgs, cl.scriptArgs);

        // "--" ends the options; a lone "-" is a script name.
        auto dashes = std::get<SbatchCommandLine>(
            parseSbatchCommandLine({QStringLiteral("--"), QStringLiteral("-x")}));
        QCOMPARE(dashes.scriptPath, QStringLiteral("-x"));
        auto none = std::get<SbatchCommandLine>(
            parseSbatchCommandLine({QStringLiteral("-J"), QStringLiteral("a")}));
        QVERIFY(none.readsStdin());
    }

    void helpUsageVersion()
    {
        auto help = std::get<SbatchCommandLine>(
            parseSbatchCommandLine({QStringLiteral("--help"), QStringLiteral("--time=2h")}));
        QVERIFY(help.wantsHelp);
        auto usage =
            std::get<SbatchCommandLine>(parseSbatchCommandLine({QStringLiteral("--usage")}));
        QVERIFY(usage.wantsUsage);
        auto version = std::get<SbatchCommandLine>(parseSbatchCommandLine({QStringLiteral("-V")}));
        QVERIFY(version.wantsVersion);
        // An error before --help wins.
        QVERIFY(std::holds_alternative<ToolFailure>(
            parseSbatchCommandLine({QStringLiteral("--time=2h"), QStringLiteral("-h")})));
        QVERIFY(sbatchHelpText().startsWith(QStringLiteral(
            "Usage: sbatch [OPTIONS(0)...] [ : [OPTIONS(N)...]] script(0) [args(0)...]\n")));
        QVERIFY(sbatchHelpText().endsWith(QStringLiteral(
            "  -V, --version               output version information and exit\n\n")));
        QCOMPARE(sbatchHelpText().count(QLatin1Char('\n')), 133);
        QVERIFY(sbatchUsageText().startsWith(
            QStringLiteral("Usage: sbatch [-N nnodes] [-n ntasks]\n")));
        QCOMPARE(sbatchUsageText().count(QLatin1Char('\n')), 25);
        QCOMPARE(sbatchVersionText(), QStringLiteral("slurm-wlm 22.05.8\n"));
        const Outcome gres = run({QStringLiteral("--gres=help")});
        QCOMPARE(gres.exitCode, 0);
        QCOMPARE(gres.stdoutText, QStringLiteral("Valid gres options are:\n"));
    }

    void wrap()
    {
        const Outcome o = run({QStringLiteral("--wrap=sleep 1")});
        QVERIFY(o.parse);
        QCOMPARE(o.parse->script,
                 QByteArray("#!/bin/sh\n# This script was created by sbatch --wrap.\n\nsleep 1\n"));
        QCOMPARE(o.parse->request.wrap, QStringLiteral("sleep 1"));
        QVERIFY(o.parse->request.jobName.isEmpty()); // the default, "wrap", is the command's
    }

    // --- the script ------------------------------------------------------------------------
    void scriptChecks_data()
    {
        QTest::addColumn<QByteArray>("script");
        QTest::addColumn<QString>("stderrText");
        QTest::newRow("empty") << QByteArray() << "sbatch: error: Batch script is empty!\n";
        QTest::newRow("whitespace")
            << QByteArray("  \n\t\n") << "sbatch: error: Batch script contains only whitespace!\n";
        QTest::newRow("NUL first") << QByteArray("\0#!/bin/sh\n", 11)
                                   << "sbatch: error: Batch script contains only whitespace!\n";
        QTest::newRow("NUL") << QByteArray("#!/bin/sh\nhost\0name\n", 20)
                             << "sbatch: error: The Slurm controller does not allow scripts that\n"
                                "sbatch: error: contain a NULL character '\\0'.\n";
        QTest::newRow("CRLF") << QByteArray("#!/bin/sh\r\nhostname\r\n")
                              << "sbatch: error: Batch script contains DOS line breaks (\\r\\n)\n"
                                 "sbatch: error: instead of expected UNIX line breaks (\\n).\n";
        QTest::newRow("NUL before CRLF") << QByteArray("#!/bin/sh\nhost\0name\r\n", 21)
                                         << "sbatch: error: The Slurm controller does not allow "
                                            "scripts that\nsbatch: error: contain a NULL "
                                            "character '\\0'.\n";
        QTest::newRow("unmatched") << QByteArray("#!/bin/sh\n#SBATCH -J 'abc\nhostname\n")
                                   << "sbatch: fatal: job.sh: line 2: Unmatched `'` in [ 'abc]\n";
        QTest::newRow("colon") << QByteArray("#!/bin/sh\n#SBATCH -J x :foo\nhostname\n")
                               << "sbatch: fatal: job.sh: line 2: Unexpected `:` in [ :foo]\n";
        QTest::newRow("leftover")
            << QByteArray("#!/bin/sh\n#SBATCH --job-name=my job\nhostname\n")
            << "sbatch: error: Invalid directive found in batch script: job\n";
        QTest::newRow("escaped space")
            << QByteArray("#!/bin/sh\n#SBATCH --output=x\\ y\nhostname\n")
            << "sbatch: error: Invalid directive found in batch script: y\n";
        QTest::newRow("no space")
            << QByteArray("#!/bin/sh\n#SBATCHfoo\nhostname\n")
            << "sbatch: error: Invalid directive found in batch script: foo\n";
        QTest::newRow("#SLURM then bad option")
            << QByteArray("#!/bin/sh\n#SLURM --frob\nhostname\n")
            << "sbatch: error: Change from #SLURM to #SBATCH in your script and verify the options "
               "are valid in sbatch\nsbatch: unrecognized option '--frob'\n" +
                   kTry;
        QTest::newRow("option spans lines")
            << QByteArray("#!/bin/sh\n#SBATCH -J\n#SBATCH name\n#SBATCH --time\nhostname\n")
            << "sbatch: option '--time' requires an argument\n" + kTry;
        QTest::newRow("hetjob component checked")
            << QByteArray(
                   "#!/bin/sh\n#SBATCH -J a\n#SBATCH hetjob\n#SBATCH -J b --frob\nhostname\n")
            << "sbatch: unrecognized option '--frob'\n" + kTry;
    }
    void scriptChecks()
    {
        QFETCH(QByteArray, script);
        QFETCH(QString, stderrText);
        const Outcome o = runScript(script);
        QVERIFY(!o.parse);
        QCOMPARE(o.stderrText, stderrText);
    }

    void tokenizer()
    {
        const Outcome o = runScript("#!/bin/sh\n"
                                    "#SBATCH --comment=\"a # b\" -J 'c d' # trailing comment\n"
                                    "#SBATCH --output=x\\\"y\n"
                                    "   \n"
                                    "#!/not/a/directive\n"
                                    "  #SBATCH --time=2h\n"
                                    "# SBATCH --frob\n"
                                    "#sbatch --frob\n"
                                    "#SBATCH--time=5\n"
                                    "echo hi\n"
                                    "#SBATCH --time=99\n");
        QVERIFY(o.parse);
        const JobRequest &r = o.parse->request;
        QCOMPARE(r.comment, QStringLiteral("a # b"));
        QCOMPARE(r.jobName, QStringLiteral("c d"));
        QCOMPARE(r.output, QStringLiteral("/home/kim/oracle-jobs/x\"y"));
        QCOMPARE(r.timeLimitMinutes, 5u);
        QCOMPARE(r.scriptArgs, QStringList());
        const auto &d = o.parse->diagnostics;
        QVERIFY(hasDiagnostic(d, ScriptDiagnostic::Kind::IndentedDirective, 6));
        QVERIFY(hasDiagnostic(d, ScriptDiagnostic::Kind::LowercaseDirective, 7));
        QVERIFY(hasDiagnostic(d, ScriptDiagnostic::Kind::LowercaseDirective, 8));
        QVERIFY(hasDiagnostic(d, ScriptDiagnostic::Kind::DirectiveAfterCommand, 11));
    }

    void emptyQuotesEndTheLine()
    {
        // get_argument() returns no word for "": the rest of that line is not read.
        const Outcome o =
            runScript("#!/bin/sh\n#SBATCH --comment \"\" -J foo\n#SBATCH bar\nhostname\n");
        QVERIFY(o.parse);
        QCOMPARE(o.parse->request.comment, QStringLiteral("bar"));
        QVERIFY(o.parse->request.jobName.isEmpty());
    }

    void slurmPrefixAndQuiet()
    {
        const QByteArray script =
            "#!/bin/sh\n#SLURM -J x\n#SLURM -J y\n#SBATCH -Q --help\nhostname\n";
        Outcome o = runScript(script);
        QVERIFY(o.parse);
        QCOMPARE(o.stderrText,
                 QStringLiteral("sbatch: error: Change from #SLURM to #SBATCH in your "
                                "script and verify the options are valid in sbatch\n"));
        QCOMPARE(o.parse->request.jobName, QStringLiteral("y"));
        QVERIFY(!o.parse->request.quiet); // a #SBATCH -Q is ignored
        QVERIFY(hasDiagnostic(o.parse->diagnostics, ScriptDiagnostic::Kind::SlurmPrefix, 2));
        // -Q on the command line silences info lines; -QQ errors too.
        o = run({QStringLiteral("-N"), QStringLiteral("3"), QStringLiteral("-n"),
                 QStringLiteral("2"), QStringLiteral("--wrap=x")});
        QCOMPARE(o.stderrText, QStringLiteral("sbatch: Warning: can't run 2 processes on 3 nodes, "
                                              "setting nnodes to 2\n"));
        QCOMPARE(o.parse->request.minNodes, std::optional<int>(2));
        o = run({QStringLiteral("-Q"), QStringLiteral("-N"), QStringLiteral("3"),
                 QStringLiteral("-n"), QStringLiteral("2"), QStringLiteral("--wrap=x")});
        QCOMPARE(o.stderrText, QString());
    }

    void timeRoundedDiagnostic()
    {
        const Outcome o = runScript("#!/bin/sh\n#SBATCH --time=00:00:30\n#SBATCH -t 5\nhostname\n",
                                    {QStringLiteral("--time=1:01")});
        QVERIFY(o.parse);
        QCOMPARE(o.parse->request.timeLimitMinutes, 2u);
        QVERIFY(hasDiagnostic(o.parse->diagnostics, ScriptDiagnostic::Kind::TimeRounded, 2));
        QVERIFY(!hasDiagnostic(o.parse->diagnostics, ScriptDiagnostic::Kind::TimeRounded, 3));
        QVERIFY(hasDiagnostic(o.parse->diagnostics, ScriptDiagnostic::Kind::TimeRounded, 0));
    }

    // --- values ------------------------------------------------------------------------------
    void memory_data()
    {
        QTest::addColumn<QString>("mem");
        QTest::addColumn<qint64>("mb");
        QTest::newRow("plain") << "5" << qint64(5);
        QTest::newRow("G") << "1G" << qint64(1024);
        QTest::newRow("gb") << "2gb" << qint64(2048);
        QTest::newRow("K exact") << "1024K" << qint64(1);
        QTest::newRow("K rounded up") << "1025K" << qint64(2);
        QTest::newRow("T") << "1T" << qint64(1048576);
        QTest::newRow("M") << "512M" << qint64(512);
        QTest::newRow("zero") << "0" << qint64(0);
    }
    void memory()
    {
        QFETCH(QString, mem);
        QFETCH(qint64, mb);
        const Outcome o = run({QStringLiteral("--mem=") + mem, QStringLiteral("--wrap=x")});
        QVERIFY(o.parse);
        QCOMPARE(o.parse->request.memPerNodeMb, std::optional<qint64>(mb));
        const Outcome perCpu =
            run({QStringLiteral("--mem-per-cpu=") + mem, QStringLiteral("--wrap=x")});
        QCOMPARE(perCpu.parse->request.memPerCpuMb, std::optional<qint64>(mb));
    }

    void nodesTasksAndMisc()
    {
        Outcome o = run({QStringLiteral("-N"),
                         QStringLiteral("2-4"),
                         QStringLiteral("-n8"),
                         QStringLiteral("--ntasks-per-node=2"),
                         QStringLiteral("-c"),
                         QStringLiteral("2"),
                         QStringLiteral("-pdebug"),
                         QStringLiteral("-Acours"),
                         QStringLiteral("--gres=gpu:l4:2"),
                         QStringLiteral("--exclusive"),
                         QStringLiteral("--requeue"),
                         QStringLiteral("--nice"),
                         QStringLiteral("--priority=10"),
                         QStringLiteral("--parsable"),
                         QStringLiteral("--test-only"),
                         QStringLiteral("--chdir=sub"),
                         QStringLiteral("-e"),
                         QStringLiteral("err-%j"),
                         QStringLiteral("-i"),
                         QStringLiteral("none"),
                         QStringLiteral("--comment=c"),
                         QStringLiteral("--mail-type=END"),
                         QStringLiteral("--qos=q"),
                         QStringLiteral("--open-mode=append"),
                         QStringLiteral("--signal=B:USR1@30"),
                         QStringLiteral("--mcs-label=m"),
                         QStringLiteral("--wrap=x")});
        QVERIFY(o.parse);
        const JobRequest &r = o.parse->request;
        QCOMPARE(r.minNodes, std::optional<int>(2));
        QCOMPARE(r.maxNodes, std::optional<int>(4));
        QCOMPARE(r.ntasks, std::optional<int>(8));
        QCOMPARE(r.ntasksPerNode, std::optional<int>(2));
        QCOMPARE(r.cpusPerTask, std::optional<int>(2));
        QCOMPARE(r.partition, QStringLiteral("debug"));
        QCOMPARE(r.account, QStringLiteral("cours"));
        QCOMPARE(r.gres.size(), 1);
        QCOMPARE(r.gres[0].name, QStringLiteral("gpu"));
        QCOMPARE(r.gres[0].type, QStringLiteral("l4"));
        QCOMPARE(r.gres[0].count, 2);
        QVERIFY(!r.gresInvalid);
        QVERIFY(r.exclusive);
        QCOMPARE(r.requeue, std::optional<bool>(true));
        QCOMPARE(r.nice, 100);
        QCOMPARE(r.priority, std::optional<std::uint32_t>(10));
        QVERIFY(r.parsable);
        QVERIFY(r.testOnly);
        QCOMPARE(r.chdir, QStringLiteral("/home/kim/oracle-jobs/sub"));
        QCOMPARE(r.error, QStringLiteral("/home/kim/oracle-jobs/sub/err-%j"));
        QCOMPARE(r.input, QStringLiteral("/dev/null"));
        QCOMPARE(r.openMode, JobRequest::OpenMode::Append);
        QCOMPARE(r.warnSignal, 10);
        QCOMPARE(r.warnTime, 30);
        QVERIFY(r.warnBatchOnly);
        QCOMPARE(r.qos, QStringLiteral("q"));
        QCOMPARE(r.otherOptions.value(QStringLiteral("mcs-label")), QStringLiteral("m"));

        o = run({QStringLiteral("--no-requeue"), QStringLiteral("--gres=gpu:x:y:z"),
                 QStringLiteral("--wrap=x")});
        QCOMPARE(o.parse->request.requeue, std::optional<bool>(false));
        QVERIFY(o.parse->request.gresInvalid); // for the controller to refuse
    }

    void arrays_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QList<std::uint32_t>>("ids");
        QTest::addColumn<int>("throttle");
        QTest::addColumn<bool>("valid");
        QTest::newRow("range") << "0-3" << QList<std::uint32_t>{0, 1, 2, 3} << 0 << true;
        QTest::newRow("list") << "1,3,5" << QList<std::uint32_t>{1, 3, 5} << 0 << true;
        QTest::newRow("step") << "0-15:4" << QList<std::uint32_t>{0, 4, 8, 12} << 0 << true;
        QTest::newRow("throttle") << "0-3%2" << QList<std::uint32_t>{0, 1, 2, 3} << 2 << true;
        QTest::newRow("mixed") << "7,1-2" << QList<std::uint32_t>{1, 2, 7} << 0 << true;
        QTest::newRow("max") << "1000" << QList<std::uint32_t>{1000} << 0 << true;
        QTest::newRow("too big") << "0-1001" << QList<std::uint32_t>{} << 0 << false;
        QTest::newRow("reversed") << "5-1" << QList<std::uint32_t>{} << 0 << false;
        QTest::newRow("garbage") << "x" << QList<std::uint32_t>{} << 0 << false;
        QTest::newRow("zero step") << "0-4:0" << QList<std::uint32_t>{} << 0 << false;
    }
    void arrays()
    {
        QFETCH(QString, spec);
        QFETCH(QList<std::uint32_t>, ids);
        QFETCH(int, throttle);
        QFETCH(bool, valid);
        const Outcome o = run({QStringLiteral("-a"), spec, QStringLiteral("--wrap=x")});
        QVERIFY(o.parse); // sbatch leaves the check to slurmctld
        const JobRequest &r = o.parse->request;
        QVERIFY(r.array);
        QCOMPARE(r.array->text, spec);
        QCOMPARE(r.arrayInvalid, !valid);
        if (valid) {
            QCOMPARE(r.array->taskIds, ids);
            QCOMPARE(r.array->maxRunning, throttle);
        }
    }

    void dependencies()
    {
        auto request = [](const QString &spec) {
            return run({QStringLiteral("--dependency=") + spec, QStringLiteral("--wrap=x")})
                .parse->request;
        };
        JobRequest r = request(QStringLiteral("afterok:17:18"));
        QCOMPARE(r.dependencies.size(), 1);
        QCOMPARE(r.dependencies[0].type, DependencyType::AfterOk);
        QCOMPARE(r.dependencies[0].jobIds, (QList<std::uint32_t>{17, 18}));
        QVERIFY(!r.dependencyAny);
        r = request(QStringLiteral("afterany:17,afternotok:18"));
        QCOMPARE(r.dependencies.size(), 2);
        QCOMPARE(r.dependencies[1].type, DependencyType::AfterNotOk);
        QCOMPARE(r.dependencies[1].text, QStringLiteral("afternotok:18"));
        r = request(QStringLiteral("afterok:17?afternotok:18"));
        QVERIFY(r.dependencyAny);
        r = request(QStringLiteral("singleton"));
        QCOMPARE(r.dependencies[0].type, DependencyType::Singleton);
        QVERIFY(r.dependencies[0].jobIds.isEmpty());
        r = request(QStringLiteral("after:17+5"));
        QCOMPARE(r.dependencies[0].type, DependencyType::After);
        QCOMPARE(r.dependencies[0].delayMinutes, (QList<std::uint32_t>{5}));
        QCOMPARE(r.dependencyText, QStringLiteral("after:17+5"));
        for (const QString &bad :
             {QStringLiteral("garbage"), QStringLiteral("afterok:17,afterok:18?afterok:19"),
              QStringLiteral("afterok:"), QStringLiteral("afterok:x")}) {
            r = request(bad);
            QVERIFY2(r.dependencyInvalid, qPrintable(bad));
            QVERIFY(r.dependencies.isEmpty());
        }
    }

    void begin_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<qint64>("epoch");   // 0: invalid
        const qint64 now = kTranscriptEpoch; // 2026-11-30T21:50:06Z
        const qint64 today = now - (21 * 3600 + 50 * 60 + 6);
        QTest::newRow("now+1hour") << "now+1hour" << now + 3600;
        QTest::newRow("now+90") << "now+90" << now + 90;
        QTest::newRow("now+2days") << "now+2days" << now + 2 * 86400;
        QTest::newRow("now-1week") << "now-1week" << now - 7 * 86400;
        QTest::newRow("later today") << "22:00" << today + 22 * 3600;
        QTest::newRow("tomorrow") << "10:30" << today + 86400 + 10 * 3600 + 30 * 60;
        QTest::newRow("pm") << "10:30pm" << today + 22 * 3600 + 30 * 60;
        QTest::newRow("midnight") << "midnight" << today + 86400;
        QTest::newRow("teatime") << "teatime" << today + 86400 + 16 * 3600;
        QTest::newRow("iso") << "2027-01-15T10:30" << qint64(1800009000);
        QTest::newRow("iso date") << "2027-01-15" << qint64(1799971200);
        QTest::newRow("past date next year") << "11/01" << qint64(1825027200); // 2027-11-01
        QTest::newRow("today") << "today" << today;
        QTest::newRow("uts") << "uts1800000000" << qint64(1800000000);
        QTest::newRow("bad") << "soon" << qint64(0);
    }
    void begin()
    {
        QFETCH(QString, spec);
        QFETCH(qint64, epoch);
        const Outcome o = run({QStringLiteral("--begin=") + spec, QStringLiteral("--wrap=x")});
        if (!epoch) {
            QVERIFY(!o.parse);
            QCOMPARE(o.stderrText,
                     QStringLiteral("Invalid time specification (pos=0): ") + spec +
                         QStringLiteral("\nsbatch: error: Invalid --begin specification\n"));
            return;
        }
        QVERIFY(o.parse);
        QCOMPARE(o.parse->request.beginEpoch, std::optional<qint64>(epoch));
    }

    // --- the editor's scan --------------------------------------------------------------------
    void scanFindsEveryBadLine()
    {
        const DirectiveScan scan = scanDirectives("#!/bin/sh\n"
                                                  "#SBATCH --time=2h\n"
                                                  "#SBATCH -J ok\n"
                                                  "#SBATCH --frob\n"
                                                  "#SBATCH -J 'x\n"
                                                  "#SBATCH --mem=1G\n"
                                                  "hostname\n"
                                                  "#SBATCH --late\n");
        QCOMPARE(scan.firstCommandLine, 7);
        QCOMPARE(scan.directives.size(), 5);
        QCOMPARE(scan.directives[1].words,
                 (QStringList{QStringLiteral("-J"), QStringLiteral("ok")}));
        QVERIFY(hasDiagnostic(scan.diagnostics, ScriptDiagnostic::Kind::Rejected, 2));
        QVERIFY(hasDiagnostic(scan.diagnostics, ScriptDiagnostic::Kind::Rejected, 4));
        QVERIFY(hasDiagnostic(scan.diagnostics, ScriptDiagnostic::Kind::Rejected, 5));
        QVERIFY(!hasDiagnostic(scan.diagnostics, ScriptDiagnostic::Kind::Rejected, 6));
        QVERIFY(hasDiagnostic(scan.diagnostics, ScriptDiagnostic::Kind::DirectiveAfterCommand, 8));
        for (const ScriptDiagnostic &d : scan.diagnostics) {
            if (d.kind == ScriptDiagnostic::Kind::Rejected && d.line == 2)
                QCOMPARE(d.message, QStringLiteral("sbatch: error: Invalid --time specification"));
        }
    }

    // --- robustness ---------------------------------------------------------------------------
    void binaryGarbage()
    {
        QRandomGenerator rng(20261130);
        for (int i = 0; i < 300; ++i) {
            QByteArray script = "#!";
            const int n = int(rng.bounded(400));
            for (int k = 0; k < n; ++k)
                script += char(rng.bounded(256));
            const Outcome o = runScript(script);
            QVERIFY(o.parse || !o.stderrText.isEmpty());
            const DirectiveScan scan = scanDirectives(script);
            QVERIFY(scan.firstCommandLine >= 0);
        }
    }

    void hugeInput()
    {
        QByteArray script = "#!/bin/sh\n";
        for (int i = 0; i < 20000; ++i)
            script += "#SBATCH --comment=c" + QByteArray::number(i) + " -t " +
                      QByteArray::number(i % 60 + 1) + "\n";
        script += "echo start\n";
        script += QByteArray(8 * 1024 * 1024, 'x') + '\n';
        for (int i = 0; i < 5000; ++i)
            script += "#SBATCH --late\n";
        const auto start = std::chrono::steady_clock::now();
        const Outcome o = runScript(script);
        QVERIFY(o.parse);
        QCOMPARE(o.parse->request.comment, QStringLiteral("c19999"));
        const DirectiveScan scan = scanDirectives(script);
        QCOMPARE(scan.directives.size(), 20000);
        const auto elapsed = std::chrono::steady_clock::now() - start;
        QVERIFY2(elapsed < std::chrono::seconds(20), "parsing a large script must stay fast");
    }
};

QTEST_APPLESS_MAIN(TestSbatchParser)
#include "tst_sbatchparser.moc"
