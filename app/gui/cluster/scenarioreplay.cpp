// Scenario replay. The run is simulated (the clock jumps from event to event), so a
// scenario of an hour replays in a moment and always the same way.
#include "scenarioreplay.h"

#include "installpaths.h"
#include "localbackend.h"
#include "scenario.h"
#include "slurmconfig.h"
#include "timelineadapter.h"
#include "timelinewidget.h"

#include <QBuffer>
#include <QDialogButtonBox>
#include <QFile>
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

} // namespace

bool ScenarioReplay::replay(const QString &scenarioFile, QString *error)
{
    QFile file(scenarioFile);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = tr("%1: %2").arg(scenarioFile, file.errorString());
        return false;
    }
    const auto scenario = readScenario(file.readAll(), scenarioFile, error);
    if (!scenario)
        return false;
    history_.clear();
    QBuffer out;
    out.open(QIODevice::WriteOnly);
    qint64 end = scenario->start;
    const SimResult result = runScenario(*scenario, libexecDir(), &out, QString(),
                                         [this, &end](const slurm::Job &job, qint64 now) {
                                             history_.record(LocalBackend::snapshotOf(job, now));
                                             end = std::max(end, now);
                                         });
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
