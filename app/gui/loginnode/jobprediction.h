// What the mini-cluster predicts for a script: the same files and `sbatch SCRIPT` run in a
// scratch embedded engine in simulated time (mini-cluster/sim/scenario.h), on a thread of its
// own so that the interface never waits for the script.
#pragma once

#include "joboutcome.h"

#include <QList>
#include <QObject>
#include <QThread>

namespace schedlab::gui {

class JobPrediction : public QObject
{
    Q_OBJECT

public:
    explicit JobPrediction(QObject *parent = nullptr);
    ~JobPrediction() override; // waits for the runs still going

    // Starts predicting `script` (a plain name) in a copy of `files` (absolute paths);
    // returns a token that `predicted` carries back.
    int predict(const QStringList &files, const QString &script);
    // The same, at once, on the calling thread (tests, tools).
    static JobOutcome run(const QStringList &files, const QString &script);
    // How far the simulation goes: a job still running then is reported as such.
    static constexpr qint64 kHorizonSeconds = 6 * 3600;

Q_SIGNALS:
    void predicted(int token, const schedlab::gui::JobOutcome &outcome);

private:
    int nextToken_ = 0;
    QList<QThread *> threads_;
};

} // namespace schedlab::gui

Q_DECLARE_METATYPE(schedlab::gui::JobOutcome)
