// The cluster views over the real embedded mini-cluster (offscreen): a job submitted with
// sbatch appears in the queue, moves PD → R → COMPLETED or TIMEOUT on the timeline and in
// the state diagram, holds CPUs on the nodes view; a Deployment's pod loops and is counted.
// The clock is paused and moved by "next event" only: nothing waits on the wall clock but
// the real processes themselves.
#include "clusterpage.h"
#include "engine.h"
#include "jobhistory.h"
#include "kubeview.h"
#include "localbackend.h"
#include "nodesview.h"
#include "podhistory.h"
#include "queuemodel.h"
#include "queueview.h"
#include "statediagram.h"
#include "timelineadapter.h"
#include "timelinewidget.h"

#include <QComboBox>
#include <QFile>
#include <QPlainTextEdit>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QtTest>

using namespace schedlab::gui;

namespace {

bool writeFile(const QString &path, const QByteArray &text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

} // namespace

class TestCluster : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        dir_ = std::make_unique<QTemporaryDir>();
        backend_ = std::make_unique<LocalBackend>(dir_->path(), dir_->filePath(".state"));
        QString error;
        QVERIFY2(backend_->start(&error), qPrintable(error));
        backend_->setPaused(true); // time moves only when the test says so
        history_ = std::make_unique<JobHistory>();
        connect(backend_.get(), &Backend::jobChanged, history_.get(), &JobHistory::record);
        connect(backend_.get(), &Backend::reset, history_.get(), &JobHistory::clear);
    }
    void cleanup()
    {
        page_.reset();
        history_.reset();
        backend_.reset();
        dir_.reset();
    }

    void submittedJobAppearsInTheQueueAtOnce()
    {
        page_ = std::make_unique<ClusterPage>(backend_.get(), history_.get());
        const std::uint32_t id = submit("#!/bin/bash\n#SBATCH --job-name=sommeil\n"
                                        "#SBATCH --time=00:02:00\nhostname\nsleep 30\n");
        QueueModel *model = page_->queue()->model();
        const int row = model->rowOf(id);
        QVERIFY(row >= 0);
        QCOMPARE(model->index(row, QueueModel::Name).data().toString(), QStringLiteral("sommeil"));
        QCOMPARE(model->index(row, QueueModel::Partition).data().toString(),
                 QStringLiteral("court"));
        QCOMPARE(model->index(row, QueueModel::TimeLimit).data().toString(),
                 QStringLiteral("2:00"));
        QTRY_COMPARE(model->index(row, QueueModel::State).data().toString(), QStringLiteral("R"));
        QCOMPARE(model->index(row, QueueModel::NodeListReason).data().toString(),
                 QStringLiteral("cpu01"));
    }

    void jobGoesThroughItsStatesToCompleted()
    {
        const std::uint32_t id = submit("#!/bin/bash\n#SBATCH --time=00:02:00\nsleep 30\n");
        runUntilEnded(id);
        const JobRecord *record = history_->find(id);
        QCOMPARE(record->finalState, QStringLiteral("COMPLETED"));
        QStringList states;
        for (const JobTransition &t : record->transitions)
            states.append(t.state);
        QVERIFY2(states.mid(0, 2) == (QStringList{QStringLiteral("PD"), QStringLiteral("R")}),
                 qPrintable(states.join(u' ')));
        QCOMPARE(states.last(), QStringLiteral("COMPLETED"));
        // The run lasted 30 virtual seconds.
        const JobPhase running = record->phases.at(1);
        QCOMPARE(running.state, QStringLiteral("R"));
        QCOMPARE(running.end - running.start, 30);
        QCOMPARE(QFile::exists(dir_->filePath(QStringLiteral("slurm-%1.out").arg(id))), true);
    }

    void timeoutIsShownWithItsLimit()
    {
        page_ = std::make_unique<ClusterPage>(backend_.get(), history_.get());
        const std::uint32_t id = submit("#!/bin/bash\n#SBATCH --time=1\nsleep 600\n");
        runUntilEnded(id);
        const JobRecord *record = history_->find(id);
        QCOMPARE(record->finalState, QStringLiteral("TIMEOUT"));
        QCOMPARE(record->transitions.last().reason, QStringLiteral("TimeLimit"));

        const TimelineData data = slurmTimeline(*history_, {"cpu01", "cpu02"}, backend_->now());
        QCOMPARE(data.items.size(), 1);
        const TimelineItem &item = data.items.first();
        QCOMPARE(item.lanes, QStringList{QStringLiteral("cpu01")});
        QCOMPARE(item.finalState, QStringLiteral("TIMEOUT"));
        QCOMPARE(item.limitEnd - item.phases.at(1).start, 60);

        // The state diagram draws the path it took.
        page_->queue()->selectJob(id);
        StateDiagram *diagram = page_->diagram();
        QVERIFY(diagram->visited(QStringLiteral("PD")));
        QVERIFY(diagram->visited(QStringLiteral("R")));
        QVERIFY(diagram->visited(QStringLiteral("TIMEOUT")));
        QVERIFY(!diagram->visited(QStringLiteral("COMPLETED")));
        // The record and the explanation come from scontrol and schedlab-explain.
        QTRY_VERIFY(
            page_->queue()->record()->toPlainText().contains(QStringLiteral("JobState=TIMEOUT")));
        QTRY_VERIFY(!page_->queue()->explanation()->toPlainText().isEmpty());
    }

    void waitingJobShowsItsReasonAndFilters()
    {
        page_ = std::make_unique<ClusterPage>(backend_.get(), history_.get());
        // Two jobs of 8 CPUs fill both nodes; the third waits for Resources.
        for (int i = 0; i < 2; ++i)
            submit("#!/bin/bash\n#SBATCH -c 8\n#SBATCH --time=10\nsleep 300\n");
        const std::uint32_t waiting = submit("#!/bin/bash\n#SBATCH -c 8\n#SBATCH --time=10\n"
                                             "sleep 300\n");
        // Submitted in the same second, the last one waits for the next pass.
        for (int i = 0; i < 3; ++i) {
            settle();
            backend_->jumpToNextEvent();
        }
        QueueModel *model = page_->queue()->model();
        QTRY_COMPARE(
            model->index(model->rowOf(waiting), QueueModel::NodeListReason).data().toString(),
            QStringLiteral("(Resources)"));
        QComboBox *show = page_->queue()->showFilter();
        show->setCurrentIndex(show->findData(int(QueueFilter::Show::Waiting)));
        QCOMPARE(page_->queue()->table()->model()->rowCount(), 1);
        QCOMPARE(page_->queue()->table()->model()->index(0, 0).data().toString(),
                 QString::number(waiting));

        // The nodes view shows who holds the CPUs.
        page_->nodes()->resize(800, 600);
        page_->nodes()->refresh();
        page_->nodes()->grab(); // paints, which places the cells
        QCOMPARE(page_->nodes()->shown().at(0).state, QStringLiteral("ALLOCATED"));
        QVERIFY(page_->nodes()->jobAt(
                    QPoint(12 + 90 + 5, 12 + page_->nodes()->fontMetrics().height() + 4 + 5)) != 0);
    }

    void resetKeepsJobNumbersGoing()
    {
        const std::uint32_t first = submit("#!/bin/bash\nsleep 100\n");
        backend_->resetCluster();
        QCOMPARE(history_->size(), 0);
        QVERIFY(backend_->jobs().isEmpty());
        const std::uint32_t second = submit("#!/bin/bash\nsleep 100\n");
        QCOMPARE(second, first + 1);
        QCOMPARE(history_->size(), 1);
    }

    void deploymentLoopIsCounted()
    {
        page_ = std::make_unique<ClusterPage>(backend_.get(), history_.get());
        QVERIFY(writeFile(dir_->filePath("deploy.yaml"),
                          "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: sommeil\n"
                          "spec:\n  replicas: 1\n  selector:\n    matchLabels:\n      app: s\n"
                          "  template:\n    metadata:\n      labels:\n        app: s\n"
                          "    spec:\n      containers:\n      - name: s\n"
                          "        image: busybox\n        command: [\"sh\", \"-c\", \"true\"]\n"));
        CommandOutput applied = runCommand({"kubectl", "apply", "-f", "deploy.yaml"});
        QCOMPARE(applied.exitCode, 0);
        QCOMPARE(applied.out, QByteArray("deployment.apps/sommeil created\n"));
        KubeView *kube = page_->kube();
        // Let the restart loop go round a few times.
        for (int i = 0; i < 40; ++i) {
            settle();
            backend_->jumpToNextEvent();
            QCoreApplication::processEvents();
            kube->refresh();
            QTRY_VERIFY(kube->pods()->rowCount() > 0);
        }
        QCOMPARE(kube->deployments()->item(0, 0)->text(), QStringLiteral("sommeil"));
        const QList<const PodRecord *> pods = kube->podHistory().records();
        QCOMPARE(pods.size(), 1);
        QCOMPARE(pods.first()->owner, QStringLiteral("sommeil"));
        QVERIFY2(pods.first()->restarts >= 2, qPrintable(QString::number(pods.first()->restarts)));
        kube->pods()->selectRow(0);
        QVERIFY(page_->diagram()->visited(QStringLiteral("Running")));
        QVERIFY(page_->diagram()->visited(QStringLiteral("CrashLoopBackOff")));
        QTRY_VERIFY(kube->events()->rowCount() > 0);
    }

    void kubectlTablesAreCutIntoColumns()
    {
        const KubeTable t = KubeTable::parse(
            "LAST SEEN   TYPE      REASON      OBJECT            MESSAGE\n"
            "12s         Normal    Scheduled   pod/sommeil-abc   Successfully assigned default/x\n"
            "3s          Warning   BackOff     pod/sommeil-abc   Back-off restarting failed\n");
        QCOMPARE(t.header, (QStringList{"LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"}));
        QCOMPARE(t.rows.size(), 2);
        QCOMPARE(t.rows[1][2], QStringLiteral("BackOff"));
        QCOMPARE(t.rows[0][4], QStringLiteral("Successfully assigned default/x"));
        QVERIFY(KubeTable::parse("No resources found in default namespace.\n").rows.isEmpty());
        QCOMPARE(PodHistory::ownerOf("sommeil-6d8f7b9c4-x2k4q"), QStringLiteral("sommeil"));
        QCOMPARE(PodHistory::ownerOf("sommeil-job-x2k4q"), QStringLiteral("sommeil-job"));
    }

    void terminalWithoutClusterHasNoCommands()
    {
        const QProcessEnvironment with = backend_->terminalEnvironment(true);
        const QProcessEnvironment without = backend_->terminalEnvironment(false);
        QVERIFY(with.value("PATH").startsWith(backend_->engine()->binDir()));
        QVERIFY(!without.value("PATH").contains(backend_->engine()->binDir()));
        QVERIFY(without.value("SCHEDLAB_SOCKET").isEmpty());
        QVERIFY(!with.value("SCHEDLAB_SOCKET").isEmpty());
    }

private:
    CommandOutput runCommand(const QStringList &argv)
    {
        CommandOutput result;
        bool done = false;
        backend_->run(argv, dir_->path(), [&](const CommandOutput &o) {
            result = o;
            done = true;
        });
        [&] { QTRY_VERIFY_WITH_TIMEOUT(done, 20000); }();
        return result;
    }

    std::uint32_t submit(const QByteArray &script)
    {
        const QString name = QStringLiteral("job%1.sbatch").arg(++scripts_);
        if (!writeFile(dir_->filePath(name), script))
            return 0;
        const CommandOutput o = runCommand({QStringLiteral("sbatch"), name});
        const QByteArray prefix = "Submitted batch job ";
        if (o.exitCode != 0 || !o.out.startsWith(prefix))
            qWarning() << o.out << o.err;
        return o.out.mid(prefix.size()).trimmed().toUInt();
    }

    // Lets every payload run until it sleeps in virtual time or ends, as `sim` does.
    void settle()
    {
        QString error;
        QVERIFY2(backend_->engine()->waitQuiescent(nullptr, QString(), &error), qPrintable(error));
        QCoreApplication::processEvents();
    }

    // Moves virtual time event by event until the job has ended (its processes are real:
    // between two jumps they get the event loop to report their sleeps and exits).
    void runUntilEnded(std::uint32_t id)
    {
        for (int i = 0; i < 200; ++i) {
            const JobRecord *r = history_->find(id);
            if (r && !r->finalState.isEmpty() && !r->last.completing())
                return;
            settle();
            backend_->jumpToNextEvent();
            settle();
        }
        QFAIL("the job did not end");
    }

    std::unique_ptr<QTemporaryDir> dir_;
    std::unique_ptr<LocalBackend> backend_;
    std::unique_ptr<JobHistory> history_;
    std::unique_ptr<ClusterPage> page_;
    int scripts_ = 0;
};

QTEST_MAIN(TestCluster)
#include "tst_cluster.moc"
