// scancel: by ids, user, name or state; silent on unknown ids unless -v, as Slurm 22.05 is.
#include "commandcontext.h"
#include "helptexts.h"

#include <csignal>

namespace schedlab::slurm {

namespace {

int signalNumber(const QString &name)
{
    bool ok = false;
    const int n = name.toInt(&ok);
    if (ok)
        return n;
    QString s = name.toUpper();
    if (s.startsWith(QLatin1String("SIG")))
        s = s.mid(3);
    static const QHash<QString, int> names{{"HUP", SIGHUP},   {"INT", SIGINT},   {"QUIT", SIGQUIT},
                                           {"KILL", SIGKILL}, {"USR1", SIGUSR1}, {"USR2", SIGUSR2},
                                           {"TERM", SIGTERM}, {"CONT", SIGCONT}, {"STOP", SIGSTOP},
                                           {"TSTP", SIGTSTP}, {"ALRM", SIGALRM}};
    return names.value(s, -1);
}

} // namespace

int runScancel(CommandContext &ctx)
{
    const QStringList &args = ctx.invocation.args;
    bool verbose = false;
    int sig = -1;
    Controller::SignalScope scope = Controller::SignalScope::Steps;
    QString userFilter, nameFilter, stateFilter, partitionFilter;
    QList<std::uint32_t> ids;
    QHash<int, std::uint32_t> taskOf; // index in ids -> array task, for "A_T"
    for (int i = 0; i < args.size(); ++i) {
        const QString a = args[i];
        auto take = [&](const QString &s, const QString &l, QString *v) {
            if (a == s || a == l) {
                if (i + 1 < args.size()) {
                    *v = args[++i];
                    return true;
                }
                return false;
            }
            if (a.startsWith(l + QLatin1Char('='))) {
                *v = a.mid(l.size() + 1);
                return true;
            }
            return false;
        };
        QString v;
        if (a == QLatin1String("-v") || a == QLatin1String("--verbose")) {
            verbose = true;
        } else if (a == QLatin1String("--version") || a == QLatin1String("-V")) {
            ctx.out(slurmVersionLine());
            return ctx.finish(0);
        } else if (a == QLatin1String("--help")) {
            ctx.out(helpText(QStringLiteral("scancel")));
            return ctx.finish(0);
        } else if (a == QLatin1String("--usage")) {
            ctx.out(usageText(QStringLiteral("scancel")));
            return ctx.finish(0);
        } else if (a == QLatin1String("-b") || a == QLatin1String("--batch")) {
            scope = Controller::SignalScope::BatchShell;
        } else if (a == QLatin1String("-f") || a == QLatin1String("--full")) {
            scope = Controller::SignalScope::WholeJob;
        } else if (a == QLatin1String("-Q") || a == QLatin1String("--quiet")) {
        } else if (take(QStringLiteral("-s"), QStringLiteral("--signal"), &v)) {
            sig = signalNumber(v);
            if (sig < 0) {
                ctx.err(QStringLiteral("scancel: error: Invalid job signal: %1\n").arg(v));
                return ctx.finish(1);
            }
        } else if (take(QStringLiteral("-u"), QStringLiteral("--user"), &v)) {
            userFilter = v;
        } else if (take(QStringLiteral("-n"), QStringLiteral("--name"), &v)) {
            nameFilter = v;
        } else if (take(QStringLiteral("-t"), QStringLiteral("--state"), &v)) {
            stateFilter = v.toUpper();
        } else if (take(QStringLiteral("-p"), QStringLiteral("--partition"), &v)) {
            partitionFilter = v;
        } else if (a.startsWith(QLatin1Char('-'))) {
            ctx.err(QStringLiteral("scancel: unrecognized option '%1'\nTry \"scancel --help\" for "
                                   "more information\n")
                        .arg(a));
            return ctx.finish(1);
        } else {
            bool ok = false;
            const uint id =
                a.section(QLatin1Char('_'), 0, 0).section(QLatin1Char('.'), 0, 0).toUInt(&ok);
            if (!ok || id == 0) {
                ctx.err(QStringLiteral("scancel: error: Invalid job id %1\n").arg(a));
                return ctx.finish(1);
            }
            if (a.contains(QLatin1Char('_')))
                taskOf.insert(
                    int(ids.size()),
                    a.section(QLatin1Char('_'), 1).section(QLatin1Char('.'), 0, 0).toUInt());
            ids << id;
        }
    }
    Controller &c = ctx.controller;
    if (!userFilter.isEmpty() && !c.users().knows(userFilter)) {
        ctx.err(QStringLiteral("scancel: error: Invalid user name: %1\n").arg(userFilter));
        return ctx.finish(1);
    }
    const bool filters = !userFilter.isEmpty() || !nameFilter.isEmpty() || !stateFilter.isEmpty() ||
                         !partitionFilter.isEmpty();
    if (ids.isEmpty() && !filters) {
        ctx.err(QStringLiteral("scancel: error: No job identification provided\n"));
        return ctx.finish(1);
    }
    auto matches = [&](const Job &job) {
        if (!userFilter.isEmpty() && job.user != userFilter)
            return false;
        if (!nameFilter.isEmpty() && job.name != nameFilter)
            return false;
        if (!partitionFilter.isEmpty() && job.partition != partitionFilter)
            return false;
        if (!stateFilter.isEmpty() && stateName(job.state) != stateFilter &&
            stateCompact(job.state) != stateFilter)
            return false;
        return !isFinished(job.state) && !job.completing;
    };
    int rc = 0;
    const bool defaultPath = !filters && (sig < 0 || sig == SIGKILL);
    if (ids.isEmpty()) {
        QList<std::uint32_t> targets;
        for (const Job *job : c.jobs())
            if (matches(*job))
                targets << job->id;
        for (std::uint32_t id : targets)
            c.cancel(id, ctx.user());
        return ctx.finish(0);
    }
    for (int index = 0; index < ids.size(); ++index) {
        const std::uint32_t id = ids[index];
        if (verbose)
            ctx.err(QStringLiteral("scancel: Terminating job %1\n").arg(id));
        const Job *job = c.job(id);
        if (job && filters && !matches(*job))
            continue;
        // SIGKILL to the steps is what a plain scancel does.
        const bool plainCancel =
            sig < 0 || (sig == SIGKILL && scope == Controller::SignalScope::Steps);
        const Controller::CancelResult r = taskOf.contains(index) && plainCancel
                                               ? c.cancelTask(id, taskOf.value(index), ctx.user())
                                           : plainCancel ? c.cancel(id, ctx.user())
                                                         : c.signal(id, sig, scope, ctx.user());
        if (r == Controller::CancelResult::NotRunning) {
            rc = 229; // ESLURM_TRANSITION_STATE_NO_UPDATE after slurmctld's retries, silently
            continue;
        }
        QString message;
        switch (r) {
        case Controller::CancelResult::Ok:
            break;
        case Controller::CancelResult::InvalidId:
            message = QStringLiteral("Invalid job id specified");
            break;
        case Controller::CancelResult::AlreadyDone:
            message = QStringLiteral("Job/step already completing or completed");
            break;
        case Controller::CancelResult::PermissionDenied:
            message = QStringLiteral("Access/permission denied");
            break;
        case Controller::CancelResult::NotRunning:
            break;
        }
        if (message.isEmpty())
            continue;
        const bool quietError = defaultPath && r != Controller::CancelResult::PermissionDenied;
        if (!quietError || verbose)
            ctx.err(QStringLiteral("scancel: error: Kill job error on job id %1: %2\n")
                        .arg(id)
                        .arg(message));
        if (!quietError)
            rc = 1;
    }
    return ctx.finish(rc);
}

} // namespace schedlab::slurm
