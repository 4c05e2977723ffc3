// The jobs tab. Only this panel's own submissions are followed (the session's), so the views
// show the student's jobs, not the whole site's queue.
#include "remotejobsview.h"

#include "jobprediction.h"
#include "predictiontable.h"
#include "queueview.h"
#include "remotebackend.h"
#include "slurmcommands.h"
#include "statediagram.h"
#include "timelineadapter.h"
#include "timelinewidget.h"

#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace schedlab::gui {

using Stage = remote::LoginNodeSession::Stage;

namespace {

bool looksLikePrivateKey(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    return file.read(8192).contains("PRIVATE KEY-----");
}

QString hms(qint64 epoch)
{
    return QDateTime::fromSecsSinceEpoch(epoch).toString(QStringLiteral("HH:mm:ss"));
}

} // namespace

RemoteJobsView::RemoteJobsView(const QString &workspaceRoot, remote::LoginNodeSession *session,
                               RemoteBackend *backend, JobHistory *history, QWidget *parent)
    : QWidget(parent)
    , root_(workspaceRoot)
    , session_(session)
    , backend_(backend)
    , history_(history)
    , prediction_(new JobPrediction(this))
    , queue_(new QueueView(backend, history))
    , timeline_(new TimelineWidget)
    , diagram_(new StateDiagram)
    , comparison_(new PredictionTable)
    , output_(new QPlainTextEdit)
{
    // Cancelling a job on a real cluster goes through this view's confirmation only.
    queue_->setCancelShown(false);
    timeline_->setFollowClock(true);
    output_->setReadOnly(true);
    output_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    output_->setPlaceholderText(tr("The output file of a job appears here once downloaded."));

    auto *views = new QTabWidget;
    views->addTab(queue_, tr("&Queue"));
    views->addTab(timeline_, tr("&Timeline"));
    views->addTab(output_, tr("&Output"));
    auto *right = new QSplitter(Qt::Vertical);
    right->addWidget(diagram_);
    right->addWidget(comparison_);
    auto *split = new QSplitter(Qt::Horizontal);
    split->addWidget(views);
    split->addWidget(right);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(buildBar());
    layout->addWidget(split, 1);

    connect(queue_, &QueueView::jobSelected, this, [this](std::uint32_t id) {
        timeline_->setSelected(QString::number(id));
        showJobPath(id);
        showComparison(id);
        updateButtons();
    });
    connect(timeline_, &TimelineWidget::itemSelected, this, [this](const QString &id) {
        if (!id.isEmpty())
            queue_->selectJob(id.toUInt());
    });
    connect(history_, &JobHistory::jobUpdated, this, [this](std::uint32_t id) {
        if (queue_->selectedJob() == id)
            showJobPath(id);
        if (comparison_->job() == id || (comparison_->job() == 0 && id == lastSubmitted_))
            showComparison(id);
        updateButtons();
    });
    connect(history_, &JobHistory::jobAdded, this, [this](std::uint32_t) { updateButtons(); });

    timelineThrottle_.setSingleShot(true);
    timelineThrottle_.setInterval(250);
    connect(&timelineThrottle_, &QTimer::timeout, this, &RemoteJobsView::refreshTimeline);
    connect(backend_, &Backend::changed, this, [this] {
        if (!timelineThrottle_.isActive())
            timelineThrottle_.start();
    });

    connect(session_, &remote::LoginNodeSession::stageChanged, this,
            &RemoteJobsView::updateButtons);
    connect(session_, &remote::LoginNodeSession::submitted, this, [this](quint32 id) {
        if (!pendingPredictions_.isEmpty())
            predictionOf_.insert(id, pendingPredictions_.takeFirst());
        lastSubmitted_ = id;
        showStatus(tr("Submitted batch job %1.").arg(id));
        queue_->selectJob(id);
        showComparison(id);
    });
    connect(session_, &remote::LoginNodeSession::submitFailed, this,
            [this](const QString &message) {
                if (!pendingPredictions_.isEmpty())
                    predictions_.remove(pendingPredictions_.takeFirst());
                showStatus(tr("The job was not submitted: %1").arg(message), true);
            });
    connect(session_, &remote::LoginNodeSession::outputDownloaded, this,
            &RemoteJobsView::showOutput);
    connect(prediction_, &JobPrediction::predicted, this,
            [this](int token, const JobOutcome &outcome) {
                predictions_.insert(token, outcome);
                const quint32 shown = comparison_->job();
                if (shown && predictionOf_.value(shown) == token)
                    showComparison(shown);
            });
    refreshExercises();
    updateButtons();
}

QWidget *RemoteJobsView::buildBar()
{
    exercises_ = new QComboBox;
    scripts_ = new QComboBox;
    submit_ = new QPushButton(tr("&Submit to the login node"));
    cancel_ = new QPushButton(tr("Cancel the selected job…"));
    auto *reload = new QPushButton(tr("Reload"));
    reload->setToolTip(tr("Look for exercise folders and scripts again"));
    status_ = new QLabel;
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    connect(exercises_, &QComboBox::currentIndexChanged, this, &RemoteJobsView::fillScripts);
    connect(submit_, &QPushButton::clicked, this, &RemoteJobsView::submit);
    connect(cancel_, &QPushButton::clicked, this, &RemoteJobsView::cancelSelected);
    connect(reload, &QPushButton::clicked, this, &RemoteJobsView::refreshExercises);

    auto *bar = new QWidget;
    auto *row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(new QLabel(tr("Exercise:")));
    row->addWidget(exercises_);
    row->addWidget(new QLabel(tr("Script:")));
    row->addWidget(scripts_);
    row->addWidget(reload);
    row->addWidget(submit_);
    row->addStretch(1);
    row->addWidget(cancel_);
    auto *layout = new QVBoxLayout(bar);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
    layout->addWidget(status_);
    return bar;
}

QStringList RemoteJobsView::exercisesWithScripts(const QString &workspaceRoot)
{
    QStringList found;
    const QDir root(workspaceRoot);
    for (const QString &name : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        const QDir dir(root.filePath(name));
        if (!dir.entryList({QStringLiteral("*.sbatch")}, QDir::Files).isEmpty())
            found.append(name);
    }
    return found;
}

QStringList RemoteJobsView::uploadableFiles(const QString &folder, QStringList *skipped)
{
    QStringList files;
    const QDir dir(folder);
    // QDir::Files without QDir::Hidden: no dot files; QDir::NoSymLinks: nothing from elsewhere.
    for (const QFileInfo &info :
         dir.entryInfoList(QDir::Files | QDir::NoDotAndDotDot | QDir::NoSymLinks, QDir::Name)) {
        if (!remote::isPlainFileName(info.fileName()) || looksLikePrivateKey(info.filePath())) {
            if (skipped)
                skipped->append(info.fileName());
            continue;
        }
        files.append(info.absoluteFilePath());
    }
    return files;
}

void RemoteJobsView::refreshExercises()
{
    const QString current = exercises_->currentText();
    {
        const QSignalBlocker quiet(exercises_);
        exercises_->clear();
        exercises_->addItems(exercisesWithScripts(root_));
        const int again = exercises_->findText(current);
        exercises_->setCurrentIndex(again >= 0 ? again : 0);
    }
    fillScripts();
}

void RemoteJobsView::fillScripts()
{
    const QString current = scripts_->currentText();
    scripts_->clear();
    if (!exercises_->currentText().isEmpty()) {
        const QDir dir(QDir(root_).filePath(exercises_->currentText()));
        scripts_->addItems(dir.entryList({QStringLiteral("*.sbatch")}, QDir::Files, QDir::Name));
    }
    const int again = scripts_->findText(current);
    if (again >= 0)
        scripts_->setCurrentIndex(again);
    updateButtons();
}

bool RemoteJobsView::selectExercise(const QString &exercise, const QString &script)
{
    refreshExercises();
    const int index = exercises_->findText(exercise);
    if (index < 0)
        return false;
    exercises_->setCurrentIndex(index);
    if (script.isEmpty())
        return scripts_->count() > 0;
    const int s = scripts_->findText(script);
    if (s < 0)
        return false;
    scripts_->setCurrentIndex(s);
    return true;
}

QString RemoteJobsView::outputFolder() const
{
    if (exercises_->currentText().isEmpty())
        return {};
    return QDir(QDir(root_).filePath(exercises_->currentText()))
        .filePath(QStringLiteral("login-node"));
}

void RemoteJobsView::updateButtons()
{
    const bool connected = session_->stage() == Stage::Connected;
    submit_->setEnabled(connected && !scripts_->currentText().isEmpty());
    submit_->setToolTip(connected ? QString() : tr("Connect to the login node first."));
    const JobRecord *record = history_->find(queue_->selectedJob());
    cancel_->setEnabled(connected && record && record->active());
}

void RemoteJobsView::showStatus(const QString &text, bool problem)
{
    status_->setText(text);
    status_->setStyleSheet(problem ? QStringLiteral("color: #c62828;") : QString());
}

QString RemoteJobsView::statusText() const
{
    return status_->text();
}

bool RemoteJobsView::submit()
{
    if (session_->stage() != Stage::Connected) {
        showStatus(tr("Connect to the login node first."), true);
        return false;
    }
    const QString exercise = exercises_->currentText();
    const QString script = scripts_->currentText();
    if (exercise.isEmpty() || script.isEmpty()) {
        showStatus(tr("Choose an exercise folder and its script."), true);
        return false;
    }
    const QString folder = QDir(root_).filePath(exercise);
    QStringList skipped;
    const QStringList files = uploadableFiles(folder, &skipped);
    if (!files.contains(QDir(folder).absoluteFilePath(script))) {
        showStatus(tr("%1 cannot be uploaded: it is not a plain file of %2.").arg(script, folder),
                   true);
        return false;
    }
    const QString out = outputFolder();
    if (!QDir().mkpath(out)) {
        showStatus(tr("Cannot create %1.").arg(out), true);
        return false;
    }
    session_->submit(files, script, out);
    pendingPredictions_.append(prediction_->predict(files, script));
    QString text = tr("Uploading %n file(s) and submitting %1…", "", int(files.size())).arg(script);
    if (!skipped.isEmpty())
        text += QLatin1Char(' ') + tr("Left out: %1.").arg(skipped.join(QStringLiteral(", ")));
    showStatus(text);
    return true;
}

void RemoteJobsView::cancelSelected()
{
    const std::uint32_t id = queue_->selectedJob();
    const JobRecord *record = history_->find(id);
    if (!id || !record || !record->active() || cancelDialog_)
        return;
    auto *box =
        new QMessageBox(QMessageBox::Question, tr("Cancel a job on the login node"),
                        tr("Cancel job %1 (%2) on the login node? SchedLab will run:\n\nscancel %1")
                            .arg(id)
                            .arg(record->last.name),
                        QMessageBox::Yes | QMessageBox::No, this);
    box->setDefaultButton(QMessageBox::No);
    box->setEscapeButton(QMessageBox::No);
    box->setAttribute(Qt::WA_DeleteOnClose);
    cancelDialog_ = box;
    connect(box, &QMessageBox::finished, this, [this, box, id] {
        if (box->clickedButton() == box->button(QMessageBox::Yes)) {
            session_->cancel(id);
            showStatus(tr("scancel %1 sent.").arg(id));
        }
    });
    box->open();
}

void RemoteJobsView::refreshTimeline()
{
    QStringList nodes;
    for (const JobRecord *record : history_->records())
        for (const QString &node : record->ranOn)
            if (!nodes.contains(node))
                nodes.append(node);
    timeline_->setData(slurmTimeline(*history_, nodes, backend_->now()));
}

void RemoteJobsView::showJobPath(std::uint32_t id)
{
    const JobRecord *record = history_->find(id);
    if (!record)
        return;
    QList<StateDiagram::Step> path;
    for (const JobTransition &t : record->transitions) {
        QString label = hms(t.time);
        if (!t.reason.isEmpty())
            label += QStringLiteral(" (%1)").arg(t.reason);
        if (!path.isEmpty() && path.last().state == t.state)
            path.last().label = label;
        else
            path.append({t.state, label});
    }
    diagram_->showPath(StateDiagram::Kind::Slurm,
                       tr("Job %1 (%2): %3").arg(id).arg(record->last.name, record->last.state),
                       path);
}

void RemoteJobsView::showComparison(std::uint32_t id)
{
    JobOutcome predicted;
    if (const auto token = predictionOf_.constFind(id); token != predictionOf_.cend())
        predicted = predictions_.value(*token);
    else
        predicted.note = tr("this job was not submitted from this panel since the app started.");
    JobOutcome real;
    const JobRecord *record = history_->find(id);
    if (record && !record->active()) {
        real = outcomeOf(*record, session_->job(id).exitCode);
        const QString source = session_->job(id).source;
        if (!source.isEmpty())
            real.note = tr("read from %1.").arg(source);
    }
    comparison_->showJob(id, predicted, real);
}

void RemoteJobsView::showOutput(quint32 id, const QString &path)
{
    QFile file(path);
    QString text;
    if (file.open(QIODevice::ReadOnly))
        text = QString::fromUtf8(file.read(256 * 1024));
    output_->setPlainText(tr("# job %1: %2\n").arg(id).arg(path) + text);
    showStatus(tr("Output of job %1 downloaded: %2").arg(id).arg(path));
}

} // namespace schedlab::gui
