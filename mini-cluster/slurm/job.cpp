// Names of job states and reasons as Slurm prints them.
#include "job.h"
#include "jobfields.h"

namespace schedlab::slurm {

QString stateName(JobState state)
{
    switch (state) {
    case JobState::Pending:
        return QStringLiteral("PENDING");
    case JobState::Running:
        return QStringLiteral("RUNNING");
    case JobState::Suspended:
        return QStringLiteral("SUSPENDED");
    case JobState::Completed:
        return QStringLiteral("COMPLETED");
    case JobState::Cancelled:
        return QStringLiteral("CANCELLED");
    case JobState::Failed:
        return QStringLiteral("FAILED");
    case JobState::Timeout:
        return QStringLiteral("TIMEOUT");
    case JobState::NodeFail:
        return QStringLiteral("NODE_FAIL");
    case JobState::Preempted:
        return QStringLiteral("PREEMPTED");
    case JobState::BootFail:
        return QStringLiteral("BOOT_FAIL");
    case JobState::Deadline:
        return QStringLiteral("DEADLINE");
    case JobState::OutOfMemory:
        return QStringLiteral("OUT_OF_MEMORY");
    }
    return QStringLiteral("?");
}

QString stateCompact(JobState state)
{
    switch (state) {
    case JobState::Pending:
        return QStringLiteral("PD");
    case JobState::Running:
        return QStringLiteral("R");
    case JobState::Suspended:
        return QStringLiteral("S");
    case JobState::Completed:
        return QStringLiteral("CD");
    case JobState::Cancelled:
        return QStringLiteral("CA");
    case JobState::Failed:
        return QStringLiteral("F");
    case JobState::Timeout:
        return QStringLiteral("TO");
    case JobState::NodeFail:
        return QStringLiteral("NF");
    case JobState::Preempted:
        return QStringLiteral("PR");
    case JobState::BootFail:
        return QStringLiteral("BF");
    case JobState::Deadline:
        return QStringLiteral("DL");
    case JobState::OutOfMemory:
        return QStringLiteral("OOM");
    }
    return QStringLiteral("?");
}

QString reasonName(Reason reason)
{
    switch (reason) {
    case Reason::None:
        return QStringLiteral("None");
    case Reason::Priority:
        return QStringLiteral("Priority");
    case Reason::Resources:
        return QStringLiteral("Resources");
    case Reason::Dependency:
        return QStringLiteral("Dependency");
    case Reason::DependencyNeverSatisfied:
        return QStringLiteral("DependencyNeverSatisfied");
    case Reason::BeginTime:
        return QStringLiteral("BeginTime");
    case Reason::PartitionConfig:
        return QStringLiteral("PartitionConfig");
    case Reason::PartitionTimeLimit:
        return QStringLiteral("PartitionTimeLimit");
    case Reason::PartitionNodeLimit:
        return QStringLiteral("PartitionNodeLimit");
    case Reason::PartitionDown:
        return QStringLiteral("PartitionDown");
    case Reason::PartitionInactive:
        return QStringLiteral("PartitionInactive");
    case Reason::JobHeldUser:
        return QStringLiteral("JobHeldUser");
    case Reason::JobHeldAdmin:
        return QStringLiteral("JobHeldAdmin");
    case Reason::JobArrayTaskLimit:
        return QStringLiteral("JobArrayTaskLimit");
    case Reason::ReqNodeNotAvail:
        return QStringLiteral("ReqNodeNotAvail");
    case Reason::TimeLimit:
        return QStringLiteral("TimeLimit");
    case Reason::NonZeroExitCode:
        return QStringLiteral("NonZeroExitCode");
    case Reason::JobLaunchFailure:
        return QStringLiteral("JobLaunchFailure");
    case Reason::OutOfMemory:
        return QStringLiteral("OutOfMemory");
    case Reason::InvalidAccount:
        return QStringLiteral("InvalidAccount");
    }
    return QStringLiteral("None");
}

bool isFinished(JobState state)
{
    return state != JobState::Pending && state != JobState::Running && state != JobState::Suspended;
}

int Job::allocatedCpus() const
{
    int total = 0;
    for (const NodeShare &share : allocation)
        total += share.cpus;
    return total;
}

QStringList Job::nodeNames() const
{
    QStringList names;
    for (const NodeShare &share : allocation)
        names << share.node;
    return names;
}

QString overlongField(const Job &job)
{
    constexpr qsizetype kField = 1024;
    constexpr qsizetype kPath = 4096; // MAXPATHLEN
    const JobRequest &r = job.request;
    // In slurmctld's order; lengths are strlen(), bytes of the UTF-8 text.
    const std::pair<const char *, std::pair<QString, qsizetype>> fields[] = {
        {"account", {r.account, kField}},
        {"array_inx", {r.array ? r.array->text : QString(), kField * 4}},
        {"comment", {r.comment, kField}},
        {"dependency", {r.dependencyText, kField * 128}},
        {"features", {r.constraint, kField}},
        {"licenses", {r.licenses, kField}},
        {"mail_user", {r.mailUser, kField}},
        {"name", {job.name, kField}},
        {"partition", {r.partition, kField}},
        {"qos", {r.qos, kField}},
        {"reservation", {r.reservation, kField}},
        {"std_err", {r.error, kPath}},
        {"std_in", {r.input, kPath}},
        {"std_out", {r.output, kPath}},
        {"tres_per_node", {r.gresText, kField}},
        {"wckey", {r.wckey, kField}},
        {"work_dir", {job.workDir, kPath}},
    };
    for (const auto &[field, value] : fields)
        if (value.first.toUtf8().size() > value.second)
            return QString::fromLatin1(field);
    return {};
}

} // namespace schedlab::slurm
