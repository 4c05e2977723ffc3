// What a Slurm command implementation gets: the caller's invocation, the cluster, and the
// channel for its answer.
#pragma once

#include "controller.h"
#include "invocation.h"

#include <QString>

namespace schedlab::slurm {

struct CommandContext
{
    const Invocation &invocation;
    Controller &controller;
    CommandSession &session;
    CommandSessionPtr keepAlive; // for commands that answer later (sbatch reading stdin)

    QString user() const { return invocation.user; }
    QString env(const char *name) const { return invocation.env(QString::fromLatin1(name)); }
    void out(const QString &text) const { session.writeOut(text.toUtf8()); }
    void err(const QString &text) const { session.writeErr(text.toUtf8()); }
    // Ends the command; returns the code for convenience.
    int finish(int code) const
    {
        session.finish(code);
        return code;
    }
    QString timeFormat() const { return env("SLURM_TIME_FORMAT"); }
};

// The widest column a format may ask for (squeue -o '%4096j', -O name:4096, sacct -o
// jobname%4096, sinfo -o '%4096P'). Real Slurm 22.05 crashes on '%10000000j' and beyond and
// prints megabytes per line below that; a wider column is cut to this (docs/limits.md).
inline constexpr int kMaxColumnWidth = 4096;
inline int clampWidth(int width)
{
    return width > kMaxColumnWidth    ? kMaxColumnWidth
           : width < -kMaxColumnWidth ? -kMaxColumnWidth
                                      : width;
}

// Column text padded or cut as Slurm's _print_str does: `width` > 0 right-justifies when
// `right`, else left-justifies; the value is cut to `width` characters.
QString fitColumn(const QString &value, int width, bool right);
// The same, appended to `out` without temporaries (squeue prints thousands of lines).
void appendColumn(QString &out, const QString &value, int width, bool right);
// sacct's rule: a value longer than the width is cut and ends with '+'.
QString fitSacct(const QString &value, int width, bool right);
QString jobIdText(const Job &job);      // "17", "17_3", "17_[4-9%2]"
QString arrayTasksText(const Job &job); // the pending tasks of an array: "4-9%2"
// The tres_per_* strings sbatch sends for GRES and --gpus* requests, as scontrol and squeue
// print them: "gres:gpu:1", "gres:gpu:tesla:2"; empty when not asked for.
QString tresPerNode(const JobRequest &request);
QString tresPerJob(const JobRequest &request);
QString tresPerTask(const JobRequest &request);
QString tresPerSocket(const JobRequest &request);
// Parses "17", "17_3", "17,18" lists; false on a token that is not an id.
bool parseJobIdList(const QString &text, QList<std::uint32_t> *ids, QString *bad);

// A -o format of squeue or sinfo: literal text and "%[.][#][width]x" fields.
struct FormatField
{
    QChar letter; // null: literal text
    QString literal;
    int width = 0;
    bool right = false; // "%.10x": right-justified
    bool hash = false;  // "%#P": as wide as the widest value (sinfo)
};
QList<FormatField> parseFormatFields(const QString &format);

// Runs the named Slurm command; returns false when the name is not one of them.
bool runSlurmCommand(const QString &name, CommandContext &ctx);

int runSbatch(CommandContext &ctx);
// The script sbatch reads (looked for in -D's folder, the current one, then PATH): the server
// has the client read it before runSbatch.
QList<FileRequest> sbatchNamedFiles(const Invocation &invocation);
int runSqueue(CommandContext &ctx);
int runScancel(CommandContext &ctx);
int runSacct(CommandContext &ctx);
int runSinfo(CommandContext &ctx);
int runScontrol(CommandContext &ctx);
int runSprio(CommandContext &ctx);
int runExplain(CommandContext &ctx);

// --version text shared by every command.
inline QString slurmVersionLine()
{
    return QStringLiteral("slurm 22.05.8\n");
}

} // namespace schedlab::slurm
