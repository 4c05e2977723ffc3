// Checks the verbatim Slurm 22.05.8 --help and --usage texts of the mini-cluster's commands.
#include "helptexts.h"

#include <QCryptographicHash>
#include <QTest>

using namespace schedlab::slurm;

class TestHelpTexts : public QObject
{
    Q_OBJECT

private:
    static void addRow(const char *name, const QString &text, const QString &first,
                       const QString &tail, const QStringList &lines, int size,
                       const QByteArray &sha256)
    {
        QTest::newRow(name) << text << first << tail << lines << size << sha256;
    }

private Q_SLOTS:
    void texts_data();
    void texts();
    void scontrolHelpIsUsage();
    void unknownCommand();
};

void TestHelpTexts::texts_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("firstLine");
    QTest::addColumn<QString>("tail");
    QTest::addColumn<QStringList>("lines");
    QTest::addColumn<int>("size");
    QTest::addColumn<QByteArray>("sha256");

    // Sizes and SHA-256 sums are those of the real Debian 12 slurm-client 22.05.8 output.
    addRow("squeue --help", helpText("squeue"), "Usage: squeue [OPTIONS]",
           "  --usage                         display a brief summary of squeue options\n",
           {"\t\t\t\t  to view, default is all accounts",
            "  -i, --iterate=seconds           specify an interation period",
            "  -w, --nodelist=hostlist         list of nodes to view, default is ",
            "      --yaml                      Produce YAML output", "", "Help options:"},
           3111, "5540618c34e8a2b63fab37d0a137a076d72e1f841da80e4dbf8b2838dc612b4f");
    addRow("squeue --usage", usageText("squeue"),
           "Usage: squeue [-A account] [--clusters names] [-i seconds] [--job jobid]",
           "\t      [-ahjlrsv]\n",
           {"              [--step step_id] [-t states] [-u user_name] [--usage]"}, 367,
           "7aec051f836494f7dae6bd9ad617a02db3638867488fec8ffb465a4507c2395b");
    addRow("sinfo --help", helpText("sinfo"), "Usage: sinfo [OPTIONS]",
           "  --usage                    display brief usage message\n",
           {"\t\t\t     not accessible)",
            "  -t, --states=node_state    specify the what states of nodes to view",
            "  -T, --reservation          show only reservation information"},
           1953, "c7a25009cc97b45ee1c1a2244140229ec326ee968c2ad6a98d83ce7dd74b096b");
    addRow("sinfo --usage", usageText("sinfo"),
           "Usage: sinfo [-abdelNRrsTv] [-i seconds] [-t states] [-p partition] [-n nodes]",
           "             [-S fields] [-o format] [-O Format] [--federation] [--local]\n", {}, 153,
           "ae06d8e831ff957a807901dcd9f2a4dfe2a0eebdc5a9916c354f416f90b96ade");
    addRow("scancel --help", helpText("scancel"),
           "Usage: scancel [OPTIONS] [job_id[_array_id][.step_id]]",
           "  --usage                         display brief usage message\n",
           {"  -s, --signal=name | integer     signal to send to job, default is SIGKILL",
            "                                  states are PENDING, RUNNING and SUSPENDED",
            "                                  charactization key"},
           1706, "7806a3d8fd6a212cae7db52edbb04904395299d1ddf0de89197ddd06afbc94ab");
    addRow("scancel --usage", usageText("scancel"),
           "Usage: scancel [-A account] [--batch] [--full] [--interactive] [-n job_name]",
           "               [job_id[_array_id][.step_id]]\n",
           {"               [-t PENDING | RUNNING | SUSPENDED] [--usage] [-u user_name]"}, 345,
           "9b5f0ddf6278643f35c3135fd4672725bd9459be582315e510bb9f321130b3c9");
    addRow("sacct --help", helpText("sacct"),
           "sacct [<OPTION>]                                                            ",
           "\t           now[{+|-}count[seconds(default)|minutes|hours|days|weeks]]\n\n",
           {"     -a, --allusers:                                                        ",
            "     -c, --completion: Use job completion instead of accounting data.       ",
            "     -p, --parsable: output will be '|' delimited with a '|' at the end     ",
            "                   clusters.",
            "     Note, valid start/end time formats are...                              "},
           12291, "ddcf5345c1309a225c48d22ac59660145076b34a90729edea5f35485c4794709");
    addRow("sacct --usage", usageText("sacct"), "Usage: sacct [options]", "\tUse --help for help\n",
           {}, 44, "a0730b47ce1f8c24bb1a78ac18f6d5091e1fcedfcca224d62f86f2d418009d3e");
    addRow("scontrol --help", helpText("scontrol"),
           "scontrol [<OPTION>] [<COMMAND>]                                            ",
           "  are distinct).                                                       \n\n",
           {"    Valid <COMMAND> values are:                                            ",
            "     reboot [ASAP] [nextstate=] [reason=] <ALL|nodelist>\t\t   ",
            "     suspend <job_list>       susend specified job (see resume)            ",
            "\t\t\t\t\t\t\t\t\t   "},
           9100, "2c2673cce9d6880072e64a090133fcd55fbb78f193eade19e84522ed7d259624");
    addRow("sprio --help", helpText("sprio"), "Usage: sprio [OPTIONS]",
           "  --usage                         display a brief summary of sprio options\n",
           {"  -M, --cluster=cluster_name      cluster to issue commands to.  Default is",
            "  -w, --weights                   show the weights for each priority factor"},
           1353, "df8447c050bfd15b2e2d9dab7c239414b0632b6b2bedd741b01ac6b56c0058e7");
    addRow("sprio --usage", usageText("sprio"),
           "Usage: sprio [-j jid[s]] [-u user_name[s]] [-o format] [-p partitions]",
           "   [--federation] [--local] [--sibling] [--usage] [-hlnvVw]\n", {}, 131,
           "8a9654d649c5aab7edf6026e0f233edd0fa0d9101ca23fd63d322b303a1b0551");
    addRow("srun --help", helpText("srun"),
           "Usage: srun [OPTIONS(0)... [executable(0) [args(0)...]]] [ : [OPTIONS(N)...]] "
           "executable(N) [args(N)...]",
           "Other options:\n  -V, --version               output version information and exit\n\n",
           {"      --bcast-exclude=<paths> Shared object directory paths to exclude",
            "      --overlap               Allow other steps to overlap this step",
            "Affinity/Multi-core options: (when the task/affinity plugin is enabled)",
            "      --mem-per-gpu=n         real memory required per allocated GPU"},
           9725, "ea8422cba5f15a65f5ee08392363e4c05443835400230f23613a58880a044485");
    addRow("srun --usage", usageText("srun"),
           "Usage: srun [-N nnodes] [-n ntasks] [-i in] [-o out] [-e err]",
           "            executable [args...]\n",
           {"            [--kill-on-bad-exit] [--propagate[=rlimits] [--comment=name]",
            "            [--mpi-combine=yes|no] [--het-group=value]"},
           2008, "d27390c21fcfdba8d6e679bd3dab5aa63aa81e38987c4052f484176b49ad17b1");
    addRow("salloc --help", helpText("salloc"),
           "Usage: salloc [OPTIONS(0)...] [ : [OPTIONS(N)]] [command(0) [args(0)...]]",
           "Other options:\n  -V, --version               output version information and exit\n\n",
           {"      --bell                  ring the terminal bell when the job is allocated",
            "      --get-user-env          used by Moab.  See srun man page.",
            "  -F, --nodefile=filename     request a specific list of hosts"},
           7124, "62214476cdc4a3e5cf4504651d95b2173e8d0f8aa5534fdbfedebc820b343654");
    addRow("salloc --usage", usageText("salloc"),
           "Usage: salloc [-N numnodes|[min nodes]-[max nodes]] [-n num-processors]",
           "              [command [args...]]\n",
           {"              [--switches=max-switches[@max-time-to-wait]]"}, 1491,
           "4bdfc0a2159c9a18a4dae064912bdfbbc5cb77f8818abcfd85074c349e4fb2de");
}

void TestHelpTexts::texts()
{
    QFETCH(QString, text);
    QFETCH(QString, firstLine);
    QFETCH(QString, tail);
    QFETCH(QStringList, lines);
    QFETCH(int, size);
    QFETCH(QByteArray, sha256);

    const QStringList all = text.split(QLatin1Char('\n'));
    QCOMPARE(all.first(), firstLine);
    QVERIFY2(text.endsWith(tail), qPrintable(text.right(tail.size() + 40)));
    for (const QString &line : lines)
        QVERIFY2(all.contains(line), qPrintable(line));
    QCOMPARE(text.size(), size);
    const QByteArray sum = QCryptographicHash::hash(text.toLatin1(), QCryptographicHash::Sha256);
    QCOMPARE(sum.toHex(), sha256);
}

void TestHelpTexts::scontrolHelpIsUsage()
{
    QCOMPARE(usageText("scontrol"), helpText("scontrol"));
}

void TestHelpTexts::unknownCommand()
{
    QVERIFY(helpText("sbatchx").isEmpty());
    QVERIFY(usageText("kubectl").isEmpty());
    QVERIFY(helpText(QString()).isEmpty());
    QVERIFY(usageText("SQUEUE").isEmpty());
}

QTEST_APPLESS_MAIN(TestHelpTexts)
#include "tst_helptexts.moc"
