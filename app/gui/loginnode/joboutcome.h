// What became of one job, in the terms the prediction table compares: where it ran, the
// states it went through, how long it waited and ran, how it ended.
#pragma once

#include "jobhistory.h"

#include <QString>
#include <QStringList>

namespace schedlab::gui {

struct JobOutcome
{
    bool known = false; // false: nothing to show (yet)
    QString node;
    QStringList states;      // "PD", "R", "COMPLETED"
    qint64 waitSeconds = -1; // start - submit; -1 when unknown
    qint64 runSeconds = -1;  // end - start
    QString finalState;
    QString exitCode; // "0:0"
    QString note;     // why something is missing ("sbatch refused the script: ...")
};

// Reads the outcome from a job's history; `exitCode` comes from the cluster.
JobOutcome outcomeOf(const JobRecord &record, const QString &exitCode);

} // namespace schedlab::gui
