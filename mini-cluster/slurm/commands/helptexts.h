// The exact --help and --usage texts of the Slurm 22.05.8 commands that the mini-cluster mimics.
#pragma once

#include <QString>

namespace schedlab::slurm {

// What `<command> --help` prints (squeue, sinfo, scancel, sacct, scontrol, sprio, srun,
// salloc), trailing newline included; an empty string for any other command. For scontrol this
// is also what `scontrol help` prints.
QString helpText(const QString &command);

// What `<command> --usage` prints, trailing newline included; an empty string for any other
// command. scontrol has no separate usage: its --usage prints the --help text.
QString usageText(const QString &command);

} // namespace schedlab::slurm
