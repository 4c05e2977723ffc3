// The prediction: one scenario with the exercise's files, `sbatch SCRIPT` at once and a last
// step later on, so that simulated time runs through the job's whole life.
#include "jobprediction.h"

#include "installpaths.h"
#include "localbackend.h"
#include "scenario.h"
#include "slurmcommands.h"

#include <QBuffer>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QPointer>

namespace schedlab::gui {

JobPrediction::JobPrediction(QObject *parent)
    : QObject(parent)
{}

JobPrediction::~JobPrediction()
{
    for (QThread *thread : std::as_const(threads_)) {
        thread->wait();
        delete thread;
    }
}

JobOutcome JobPrediction::run(const QStringList &files, const QString &script)
{
    Scenario scenario;
    scenario.name = QStringLiteral("prediction");
    scenario.user = qEnvironmentVariable("USER", QStringLiteral("student"));
    scenario.start = QDateTime::currentSecsSinceEpoch();
    for (const QString &path : files) {
        QFile file(path);
        if (file.open(QIODevice::ReadOnly))
            scenario.files.append({QFileInfo(path).fileName(), file.readAll()});
    }
    scenario.steps.append({0, QStringLiteral("sbatch ") + remote::shellQuote(script), {}, 0});
    scenario.steps.append({kHorizonSeconds, QStringLiteral("true"), {}, 0});

    JobHistory history;
    QString exitCode;
    QBuffer transcript;
    transcript.open(QIODevice::WriteOnly);
    const SimResult result = runScenario(
        scenario, libexecDir(), &transcript, QString(), [&](const slurm::Job &job, qint64 now) {
            history.record(LocalBackend::snapshotOf(job, now));
            exitCode = QStringLiteral("%1:%2").arg(job.exitCode).arg(job.exitSignal);
        });
    const QList<const JobRecord *> records = history.records();
    if (records.isEmpty()) {
        JobOutcome none;
        QString said = QString::fromUtf8(transcript.data()).trimmed();
        said = said.section(u'\n', 1).trimmed(); // after the "$ sbatch" line
        if (!result.error.isEmpty())
            said = result.error;
        none.note = tr("The mini-cluster did not take the script: %1")
                        .arg(said.isEmpty() ? tr("no job was submitted") : said);
        return none;
    }
    JobOutcome outcome = outcomeOf(*records.first(), exitCode);
    if (result.exitCode != 0)
        outcome.note = tr("The simulation stopped: %1").arg(result.error);
    else if (outcome.finalState.isEmpty())
        outcome.note =
            tr("Still running after %1 hours of simulated time.").arg(kHorizonSeconds / 3600);
    return outcome;
}

int JobPrediction::predict(const QStringList &files, const QString &script)
{
    const int token = ++nextToken_;
    QPointer<JobPrediction> self(this);
    QThread *thread = QThread::create([self, token, files, script] {
        const JobOutcome outcome = run(files, script);
        if (self)
            QMetaObject::invokeMethod(
                self.data(),
                [self, token, outcome] {
                    if (self)
                        Q_EMIT self->predicted(token, outcome);
                },
                Qt::QueuedConnection);
    });
    threads_.append(thread);
    connect(thread, &QThread::finished, this, [this, thread] {
        threads_.removeAll(thread);
        thread->deleteLater();
    });
    thread->start();
    return token;
}

} // namespace schedlab::gui
