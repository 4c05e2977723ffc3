// The caps slurmctld puts on the strings of a job description.
#pragma once

#include <QString>

namespace schedlab::slurm {

struct Job;

// slurmctld's _test_job_desc_fields() (Slurm 22.05): every string of a job description has a
// cap (1024 bytes for the name, account, comment, partition...; MAXPATHLEN, 4096, for the
// working directory and the standard files; 128 KiB for a dependency). Returns the first
// field over its cap ("name"), or empty. Such a submission fails with "Pathname of a file,
// directory or other parameter too long" (ESLURM_PATHNAME_TOO_LONG).
QString overlongField(const Job &job);

} // namespace schedlab::slurm
