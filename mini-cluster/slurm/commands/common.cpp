// Helpers shared by the Slurm commands: column fitting, job ids, the command table.
#include "commandcontext.h"

#include "hostlist.h"

namespace schedlab::slurm {

QString fitColumn(const QString &value, int width, bool right)
{
    width = clampWidth(width);
    if (width <= 0)
        return value;
    const QString cut = value.left(width);
    return right ? cut.rightJustified(width) : cut.leftJustified(width);
}

void appendColumn(QString &out, const QString &value, int width, bool right)
{
    width = clampWidth(width);
    if (width <= 0) {
        out += value;
        return;
    }
    const qsizetype n = std::min<qsizetype>(value.size(), width);
    if (right)
        out.append(QString(width - n, QLatin1Char(' ')));
    out.append(QStringView(value).left(n));
    if (!right)
        out.append(QString(width - n, QLatin1Char(' ')));
}

QString fitSacct(const QString &value, int width, bool right)
{
    width = clampWidth(width);
    if (width <= 0)
        return value;
    QString v = value;
    if (v.size() > width) {
        v = v.left(width);
        v[width - 1] = QLatin1Char('+');
    }
    return right ? v.rightJustified(width) : v.leftJustified(width);
}

QString arrayTasksText(const Job &job)
{
    // Ranges of the pending task ids, as a hostlist would compress them: "1-3,5".
    QStringList ids;
    for (std::uint32_t t : job.pendingTasks)
        ids << QStringLiteral("x%1").arg(t);
    QString ranged = compressHostlistSorted(ids).mid(1);
    if (ranged.startsWith(QLatin1Char('[')))
        ranged = ranged.mid(1, ranged.size() - 2);
    if (job.arrayMaxRunning > 0)
        ranged += QStringLiteral("%%1").arg(job.arrayMaxRunning);
    return ranged;
}

QString jobIdText(const Job &job)
{
    if (!job.arrayJobId)
        return QString::number(job.id);
    if (job.isArrayMaster() && job.state == JobState::Pending) {
        if (job.pendingTasks.size() == 1 && job.arrayMaxRunning == 0)
            return QStringLiteral("%1_%2").arg(job.arrayJobId).arg(job.pendingTasks.first());
        return QStringLiteral("%1_[%2]").arg(job.arrayJobId).arg(arrayTasksText(job));
    }
    return QStringLiteral("%1_%2").arg(job.arrayJobId).arg(job.arrayTaskId);
}

namespace {

// xfmt_tres(): "gres:gpu:N" after what the string already holds.
QString withGpus(QString tres, const QString &gpus)
{
    if (gpus.isEmpty())
        return tres;
    if (!tres.isEmpty())
        tres += QLatin1Char(',');
    return tres + QStringLiteral("gres:gpu:") + gpus;
}

} // namespace

QString tresPerNode(const JobRequest &request)
{
    // gres_prepend_tres_type(): every --gres element gets its "gres:" type.
    QStringList parts;
    for (const QString &item : request.gresText.split(QLatin1Char(','), Qt::SkipEmptyParts))
        parts << (item.startsWith(QLatin1String("gres:")) ? item : QStringLiteral("gres:") + item);
    return withGpus(parts.join(QLatin1Char(',')), request.gpusPerNode);
}

QString tresPerJob(const JobRequest &request)
{
    return withGpus(QString(), request.gpus);
}

QString tresPerTask(const JobRequest &request)
{
    return withGpus(QString(), request.gpusPerTask);
}

QString tresPerSocket(const JobRequest &request)
{
    return withGpus(QString(), request.gpusPerSocket);
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

QList<FormatField> parseFormatFields(const QString &format)
{
    QList<FormatField> fields;
    QString literal;
    for (int i = 0; i < format.size(); ++i) {
        if (format[i] != QLatin1Char('%') || i + 1 >= format.size()) {
            literal += format[i];
            continue;
        }
        int j = i + 1;
        FormatField f;
        if (format[j] == QLatin1Char('.')) {
            f.right = true;
            ++j;
        }
        if (j < format.size() && format[j] == QLatin1Char('#')) {
            f.hash = true;
            ++j;
        }
        // Saturated, so that '%2147483648j' neither overflows nor asks for gigabytes.
        while (j < format.size() && format[j].isDigit())
            f.width = std::min(kMaxColumnWidth, f.width * 10 + format[j++].digitValue());
        if (j >= format.size())
            break;
        f.letter = format[j];
        if (!literal.isEmpty()) {
            FormatField text;
            text.literal = literal;
            fields << text;
            literal.clear();
        }
        fields << f;
        i = j;
    }
    if (!literal.isEmpty()) {
        FormatField text;
        text.literal = literal;
        fields << text;
    }
    return fields;
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
