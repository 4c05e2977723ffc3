// Jobs on the login node: pick an exercise folder of the workspace and its script, submit it
// (its plain files uploaded, the outputs brought back into <exercise>/login-node/), follow it
// in the same queue, timeline and state views as the mini-cluster, cancel it after a
// confirmation, and compare what the mini-cluster predicted with what happened.
#pragma once

#include "jobhistory.h"
#include "joboutcome.h"
#include "loginnodesession.h"

#include <QHash>
#include <QMessageBox>
#include <QPointer>
#include <QTimer>
#include <QWidget>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;

namespace schedlab::gui {

class JobPrediction;
class PredictionTable;
class QueueView;
class RemoteBackend;
class StateDiagram;
class TimelineWidget;

class RemoteJobsView : public QWidget
{
    Q_OBJECT

public:
    RemoteJobsView(const QString &workspaceRoot, remote::LoginNodeSession *session,
                   RemoteBackend *backend, JobHistory *history, QWidget *parent = nullptr);

    // The exercise folders of the workspace holding a .sbatch script ("ex1", "solo", ...).
    static QStringList exercisesWithScripts(const QString &workspaceRoot);
    // What is uploaded from a folder: its regular, visible files with plain names, never a
    // symbolic link or a private key; what was left out goes to `skipped`.
    static QStringList uploadableFiles(const QString &folder, QStringList *skipped = nullptr);

    // Reads the workspace again for exercises and scripts.
    void refreshExercises();
    bool selectExercise(const QString &exercise, const QString &script = QString());
    // Uploads and submits the chosen script; false with the reason in the status line.
    bool submit();
    // Asks for confirmation, then cancels the selected job.
    void cancelSelected();
    void refreshTimeline();

    QComboBox *exercises() const { return exercises_; }
    QComboBox *scripts() const { return scripts_; }
    QPushButton *submitButton() const { return submit_; }
    QPushButton *cancelButton() const { return cancel_; }
    QueueView *queue() const { return queue_; }
    TimelineWidget *timeline() const { return timeline_; }
    StateDiagram *diagram() const { return diagram_; }
    PredictionTable *comparison() const { return comparison_; }
    JobPrediction *prediction() const { return prediction_; }
    QMessageBox *cancelDialog() const { return cancelDialog_; }
    QString statusText() const;
    QString outputFolder() const; // <exercise>/login-node

private:
    QWidget *buildBar();
    void fillScripts();
    void updateButtons();
    void showJobPath(std::uint32_t id);
    void showComparison(std::uint32_t id);
    void showStatus(const QString &text, bool problem = false);
    void showOutput(quint32 id, const QString &path);

    QString root_;
    remote::LoginNodeSession *session_;
    RemoteBackend *backend_;
    JobHistory *history_;
    JobPrediction *prediction_;
    QComboBox *exercises_ = nullptr;
    QComboBox *scripts_ = nullptr;
    QPushButton *submit_ = nullptr;
    QPushButton *cancel_ = nullptr;
    QLabel *status_ = nullptr;
    QueueView *queue_;
    TimelineWidget *timeline_;
    StateDiagram *diagram_;
    PredictionTable *comparison_;
    QPlainTextEdit *output_;
    QPointer<QMessageBox> cancelDialog_;
    QTimer timelineThrottle_;
    QList<int> pendingPredictions_;    // tokens of submissions sbatch has not answered yet
    QHash<quint32, int> predictionOf_; // job id -> token
    QHash<int, JobOutcome> predictions_;
    quint32 lastSubmitted_ = 0;
};

} // namespace schedlab::gui
