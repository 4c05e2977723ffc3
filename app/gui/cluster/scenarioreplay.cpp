// Scenario replay. The run is simulated (the clock jumps from event to event), so a
// scenario of an hour replays in a moment and always the same way.
#include "scenarioreplay.h"

#include "grader.h"
#include "installpaths.h"
#include "lesson.h"
#include "localbackend.h"
#include "safefiles.h"
#include "scenario.h"
#include "slurmconfig.h"
#include "timelineadapter.h"
#include "timelinewidget.h"

#include <QBuffer>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QFontDatabase>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QVBoxLayout>

#include <memory>

namespace schedlab::gui {

ScenarioReplay::ScenarioReplay(QWidget *parent)
    : QDialog(parent)
    , timeline_(new TimelineWidget)
    , transcript_(new QPlainTextEdit)
{
    setWindowTitle(tr("Scenario replayed in the mini-cluster"));
    transcript_->setReadOnly(true);
    transcript_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    transcript_->setLineWrapMode(QPlainTextEdit::NoWrap);
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(timeline_);
    split->addWidget(transcript_);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(split);
    layout->addWidget(buttons);
    resize(1100, 750);
}

namespace {

QStringList nodesOf(const Scenario &scenario)
{
    const QString conf = scenario.cluster.isEmpty() ? slurm::defaultSlurmConf() : scenario.cluster;
    const QString gres = scenario.cluster.isEmpty() ? slurm::defaultGresConf() : scenario.gres;
    const auto parsed = slurm::parseClusterConfig(conf, gres, QStringLiteral("slurm.conf"), 0,
                                                  QStringLiteral("gres.conf"), 0);
    QStringList names;
    for (const slurm::NodeConfig &node : parsed.config.nodes)
        names.append(node.name);
    return names;
}

// SchedLab's own scenarios (its lessons', its exercises') run their steps with bash, pipes
// and `cat` included; any other file (a workspace's exercice2.yaml, which a student may
// have written or received) runs only the mini-cluster's commands, never a shell.
StepPolicy policyFor(const QString &scenarioFile)
{
    const QString file = QFileInfo(scenarioFile).canonicalFilePath();
    for (const QString &dir : {defaultLessonsDir(), grader::defaultExercisesDir()}) {
        const QString root = QFileInfo(dir).canonicalFilePath();
        if (!file.isEmpty() && !root.isEmpty() && file.startsWith(root + u'/'))
            return StepPolicy::Shell;
    }
    return StepPolicy::ClusterCommandsOnly;
}

// No scenario comes near this; a larger file is not one.
constexpr qint64 kMaxScenarioBytes = 3 * 1024 * 1024;

} // namespace

bool ScenarioReplay::replay(const QString &scenarioFile, QString *error)
{
    const files::ReadResult read = files::readFile(scenarioFile, kMaxScenarioBytes);
    if (!read.ok()) {
        *error = read.error;
        return false;
    }
    const auto scenario = readScenario(read.bytes, scenarioFile, error);
    if (!scenario)
        return false;
    history_.clear();
    QBuffer out;
    out.open(QIODevice::WriteOnly);
    qint64 end = scenario->start;
    const SimResult result = runScenario(
        *scenario, libexecDir(), &out, QString(),
        [this, &end](const slurm::Job &job, qint64 now) {
            history_.record(LocalBackend::snapshotOf(job, now));
            end = std::max(end, now);
        },
        policyFor(scenarioFile));
    if (result.exitCode != 0) {
        *error = tr("%1: the replay stopped: %2").arg(scenarioFile, result.error);
        return false;
    }
    transcript_->setPlainText(result.warnings + QString::fromUtf8(out.data()));
    TimelineData data = slurmTimeline(history_, nodesOf(*scenario), end);
    data.origin = scenario->start;
    timeline_->setData(std::move(data));
    timeline_->zoomToFit();
    return true;
}

bool ScenarioReplay::showReplay(QWidget *parent, const QString &scenarioFile, QString *error)
{
    auto replay = std::make_unique<ScenarioReplay>(parent);
    if (!replay->replay(scenarioFile, error))
        return false;
    replay->setAttribute(Qt::WA_DeleteOnClose);
    replay.release()->show();
    return true;
}

QString ScenarioReplay::transcript() const
{
    return transcript_->toPlainText();
}

} // namespace schedlab::gui
