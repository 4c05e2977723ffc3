// What slurmctld refuses or keeps in a job description, as the real Slurm 22.05.8 does it
// (asked with /work/shared/tools/real-slurm on 2026-12-02, 2-node partition, user kim):
//
//   sbatch --nodes=-5 --hold --wrap=true     -> Submitted; scontrol: NumNodes=1-5
//                                               (verify_node_count(): "-5" is the range 1-5)
//   sbatch --job-name=<1024 x a> ...         -> Submitted; JobName kept whole
//   sbatch --job-name=<1025 x a> ...         -> exit 1, "sbatch: error: Batch job submission
//   sbatch --job-name=<100,000 x a> ...         failed: Pathname of a file, directory or other
//   sbatch --comment=<1025 x c> ...             parameter too long" (and no job id used up)
//   sbatch --account=<1025 x c> ...
//   sbatch --output=/tmp/<4100 x o> ...
//   sbatch --job-name=$'deux\nlignes' ...    -> Submitted; squeue and scontrol print the
//                                               newline as is; real `sacct -P` prints
//                                               "5|deux" and "lignes|COMPLETED": one job on
//                                               two rows. Here sacct keeps one row per job
//                                               (the newline shows as a space), on purpose.
#include "scenario.h"

#include <QBuffer>
#include <QtTest>

using namespace schedlab;

namespace {

const char kScenario[] = R"yaml(name: limites de slurmctld
user: kim
steps:
  - {at: 0, run: 'sbatch --nodes=-5 --hold --wrap=true; echo "exit=$?"'}
  - {at: 1, run: "scontrol show job 1 | grep -o 'NumNodes=[^ ]*'"}
  - {at: 2, run: 'scancel 1'}
  - {at: 3, run: 'sbatch --hold --job-name=$(head -c 1024 /dev/zero | tr "\0" a) --wrap=true; echo "exit=$?"'}
  - {at: 4, run: "scontrol show job 2 | grep -o 'JobName=a*' | wc -c"}
  - {at: 5, run: 'scancel 2'}
  - {at: 6, run: 'sbatch --hold --job-name=$(head -c 1025 /dev/zero | tr "\0" a) --wrap=true; echo "exit=$?"'}
  - {at: 7, run: 'sbatch --hold --job-name=$(head -c 100000 /dev/zero | tr "\0" a) --wrap=true; echo "exit=$?"'}
  - {at: 8, run: 'sbatch --hold --comment=$(head -c 1025 /dev/zero | tr "\0" c) --wrap=true; echo "exit=$?"'}
  - {at: 9, run: 'sbatch --hold --account=$(head -c 1025 /dev/zero | tr "\0" c) --wrap=true; echo "exit=$?"'}
  - {at: 10, run: 'sbatch --hold --output=/tmp/$(head -c 4100 /dev/zero | tr "\0" o) --wrap=true; echo "exit=$?"'}
  - {at: 11, run: "sbatch --job-name=$'deux\\nlignes' --wrap=true"}
  - {at: 30, run: 'sacct -j 3 -P --format=JobID,JobName,State'}
  - {at: 31, run: 'sacct -j 3 -P --noheader --format=JobID,JobName,State | wc -l'}
)yaml";

const char kTooLong[] = "sbatch: error: Batch job submission failed: Pathname of a file, "
                        "directory or other parameter too long\nexit=1\n";

QString transcript()
{
    QString error;
    auto scenario = readScenario(QByteArray(kScenario), QStringLiteral("limits.yaml"), &error);
    if (!scenario)
        return error;
    QBuffer out;
    out.open(QIODevice::WriteOnly);
    const SimResult r = runScenario(*scenario, QStringLiteral(SCHEDLAB_LIBEXEC), &out);
    return QString::fromUtf8(out.data()) + r.error;
}

} // namespace

class TestSbatchLimits : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { t_ = transcript(); }

    void aNegativeNodeCountIsTheRangeFromOne()
    {
        QVERIFY2(t_.contains(QStringLiteral(
                     "--wrap=true; echo \"exit=$?\"\nSubmitted batch job 1\nexit=0\n")),
                 qPrintable(t_));
        QVERIFY2(t_.contains(QStringLiteral(
                     "$ scontrol show job 1 | grep -o 'NumNodes=[^ ]*'\nNumNodes=1-5\n")),
                 qPrintable(t_));
    }

    void aNameOf1024BytesIsKept()
    {
        QVERIFY2(t_.contains(QStringLiteral("Submitted batch job 2\nexit=0\n")), qPrintable(t_));
        QVERIFY2(t_.contains(QStringLiteral("| wc -c\n1033\n")),
                 qPrintable(t_)); // "JobName=" + 1024 + \n
    }

    void longerFieldsAreRefusedAsSlurmctldDoes()
    {
        for (const QString &at : {QStringLiteral("[+00:00:06]"), QStringLiteral("[+00:00:07]"),
                                  QStringLiteral("[+00:00:08]"), QStringLiteral("[+00:00:09]"),
                                  QStringLiteral("[+00:00:10]")}) {
            const qsizetype start = t_.indexOf(at);
            QVERIFY2(start >= 0, qPrintable(at + t_));
            const qsizetype end = t_.indexOf(QStringLiteral("\n[+"), start);
            const QString block = t_.mid(start, end - start + 1);
            QVERIFY2(block.endsWith(QString::fromLatin1(kTooLong)), qPrintable(block.right(300)));
        }
        // No job id was used up by the refusals.
        QVERIFY2(t_.contains(QStringLiteral("--wrap=true\nSubmitted batch job 3\n")),
                 qPrintable(t_));
    }

    void aNewlineInANameNeverSplitsASacctRow()
    {
        QVERIFY2(t_.contains(QStringLiteral("JobID|JobName|State\n3|deux lignes|COMPLETED\n"
                                            "3.batch|batch|COMPLETED\n")),
                 qPrintable(t_));
        QVERIFY2(t_.contains(QStringLiteral("| wc -l\n2\n")), qPrintable(t_));
    }

private:
    QString t_;
};

QTEST_GUILESS_MAIN(TestSbatchLimits)
#include "tst_sbatchlimits.moc"
