// Replays a scenario (exercise 2's, a lesson's) in the mini-cluster's engine, in virtual
// time, and shows what happened: the timeline of its jobs, their paths, and the transcript
// of its command lines, as `schedlab-cli sim` prints it.
#pragma once

#include "jobhistory.h"

#include <QDialog>

class QPlainTextEdit;

namespace schedlab::gui {

class TimelineWidget;

class ScenarioReplay : public QDialog
{
    Q_OBJECT

public:
    explicit ScenarioReplay(QWidget *parent = nullptr);

    // Replays the file in a new window of `parent` that deletes itself once closed; false
    // (and no window) with the problem in `error`.
    static bool showReplay(QWidget *parent, const QString &scenarioFile, QString *error);
    // Runs the scenario file; false with a sentence naming the file and the problem.
    bool replay(const QString &scenarioFile, QString *error);
    const JobHistory &history() const { return history_; }
    QString transcript() const;
    TimelineWidget *timeline() const { return timeline_; }

private:
    JobHistory history_;
    TimelineWidget *timeline_;
    QPlainTextEdit *transcript_;
};

} // namespace schedlab::gui
