// The command lines SchedLab sends to a login node and the reading of what they print. Every
// command names its output format explicitly and clears the variables that would change it
// (SQUEUE_FORMAT, SACCT_FORMAT, SLURM_TIME_FORMAT, TZ), so that a student's own settings on the
// site never change what is parsed. Times are asked in UTC, in Slurm's "standard" format.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace schedlab::remote {

// One word for a POSIX shell: 'it'\''s' style quoting, so that no file name, partition or
// folder can add a command.
QString shellQuote(const QString &word);

// A safe name for a file uploaded into the working folder: a plain name, no '/', not "." or
// "..", no control character. Empty when `name` cannot be used.
bool isPlainFileName(const QString &name);

// What every Slurm query is prefixed with on the node.
QString fixedFormatEnvironment();

// "cd 'folder' && sbatch --partition='p' 'script'" (options only when not empty).
QString sbatchCommand(const QString &folder, const QString &script, const QString &partition,
                      const QString &account);
// `squeue -h -t all -j IDS -o FORMAT` and its reading.
QString squeueCommand(const QList<quint32> &ids);
// `sacct -X -n -P -j IDS --format=...`.
QString sacctCommand(const QList<quint32> &ids);
// `scontrol -o show job ID`.
QString scontrolCommand(quint32 id);
QString scancelCommand(quint32 id);
// Checks that Slurm's commands are found: prints the path of sbatch, squeue, sacct and
// scontrol, one per line, those missing left out.
QString probeCommand();

// "Submitted batch job 1399" -> 1399 (also "Submitted batch job 12 on cluster c").
std::optional<quint32> parseSubmittedJobId(const QString &sbatchOutput);

// What is known of one job on the real cluster, from whichever command last answered.
struct JobStatus
{
    quint32 id = 0;
    QString name;
    QString user;
    QString partition;
    QString state;  // long name: PENDING, RUNNING, COMPLETING, COMPLETED, TIMEOUT, CANCELLED,
                    // FAILED, ...
    QString reason; // squeue's %r / scontrol's Reason ("None" when none)
    QString nodeList;
    qint64 submitTime = 0; // epoch seconds, 0 when unknown
    qint64 startTime = 0;
    qint64 endTime = 0;
    QString timeLimit; // as Slurm prints it: "00:02:00", "UNLIMITED"
    QString exitCode;  // "0:0"
    QString stdOut;    // absolute path of the output file, from scontrol
    QString source;    // "squeue", "sacct", "scontrol", "output file"

    bool finished() const;
    bool operator==(const JobStatus &) const = default;
};

// The compact code squeue prints for a long state name: RUNNING -> R, CANCELLED -> CA, ...
QString compactState(const QString &longState);
// "CANCELLED by 1001" -> "CANCELLED" (sacct's long form).
QString baseState(const QString &state);

// Slurm's standard time ("2026-12-01T10:00:05") read as UTC; 0 for "Unknown", "N/A", "None".
qint64 parseSlurmTime(const QString &text);

QList<JobStatus> parseSqueue(const QString &output);
QList<JobStatus> parseSacct(const QString &output);
std::optional<JobStatus> parseScontrolJob(const QString &output);

// Why a finished job ended, read from the last lines of its output file when neither squeue
// nor accounting knows any more: "CANCELLED" or "TIMEOUT" from slurmstepd's line, else empty.
QString stateFromOutputFile(const QString &content, quint32 id);

} // namespace schedlab::remote
