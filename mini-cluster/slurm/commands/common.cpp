// Helpers shared by the Slurm commands: column fitting, job ids, the command table.
#include "commandcontext.h"

#include "hostlist.h"

namespace schedlab::slurm {

QString fitColumn(const QString &value, int width, bool right)
{
    if (width <= 0)
        return value;
    const QString cut = value.left(width);
    return right ? cut.rightJustified(width) : cut.leftJustified(width);
}

QString fitSacct(const QString &value, int width, bool right)
{
    if (width <= 0)
        return value;
    QString v = value;
    if (v.size() > width) {
        v = v.left(width);
        v[width - 1] = QLatin1Char('+');
    }
    return right ? v.rightJustified(width) : v.leftJustified(width);
}

QString jobIdText(const Job &job)
{
    if (!job.arrayJobId)
        return QString::number(job.id);
    if (job.isArrayMaster() && job.state == JobState::Pending) {
        QStringList ids;
        for (std::uint32_t t : job.pendingTasks)
            ids << QStringLiteral("x%1").arg(t);
        // Reuse the hostlist compressor on "x<id>" names to get "[1-3,5]".
        QString ranged = compressHostlistSorted(ids).mid(1);
        if (!ranged.startsWith(QLatin1Char('[')))
            ranged = QLatin1Char('[') + ranged + QLatin1Char(']');
        if (job.pendingTasks.size() == 1)
            ranged = QString::number(job.pendingTasks.first());
        return QStringLiteral("%1_%2").arg(job.arrayJobId).arg(ranged);
    }
    return QStringLiteral("%1_%2").arg(job.arrayJobId).arg(job.arrayTaskId);
}

bool parseJobIdList(const QString &text, QList<std::uint32_t> *ids, QString *bad)
{
    for (const QString &token : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        QString idPart = token.section(QLatin1Char('_'), 0, 0).section(QLatin1Char('.'), 0, 0);
        bool ok = false;
        const uint v = idPart.toUInt(&ok);
        if (!ok || v == 0) {
            if (bad)
                *bad = token;
            return false;
        }
        ids->append(v);
    }
    return true;
}

bool runSlurmCommand(const QString &name, CommandContext &ctx)
{
    if (name == QLatin1String("sbatch"))
        runSbatch(ctx);
    else if (name == QLatin1String("squeue"))
        runSqueue(ctx);
    else if (name == QLatin1String("scancel"))
        runScancel(ctx);
    else if (name == QLatin1String("sacct"))
        runSacct(ctx);
    else if (name == QLatin1String("sinfo"))
        runSinfo(ctx);
    else if (name == QLatin1String("scontrol"))
        runScontrol(ctx);
    else if (name == QLatin1String("sprio"))
        runSprio(ctx);
    else if (name == QLatin1String("schedlab-explain"))
        runExplain(ctx);
    else
        return false;
    return true;
}

} // namespace schedlab::slurm
