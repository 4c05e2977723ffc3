#include "slurmcommands.h"

#include <QDateTime>
#include <QRegularExpression>
#include <QTimeZone>

namespace schedlab::remote {

namespace {

// squeue's and sacct's fields, the free-text name last so that a '|' in it cannot shift the
// others.
const QString kSqueueFormat = QStringLiteral("%i|%T|%r|%V|%S|%e|%l|%P|%u|%N|%j");
const QString kSacctFields = QStringLiteral(
    "JobID,State,ExitCode,Submit,Start,End,Timelimit,Partition,User,NodeList,JobName");

QString idList(const QList<quint32> &ids)
{
    QStringList words;
    for (quint32 id : ids)
        words << QString::number(id);
    return words.join(QLatin1Char(','));
}

// Splits on '|' into exactly `count` fields, the last keeping any further '|'.
std::optional<QStringList> splitFields(const QString &line, int count)
{
    QStringList fields = line.split(QLatin1Char('|'));
    if (fields.size() < count)
        return std::nullopt;
    QStringList head = fields.mid(0, count - 1);
    head << fields.mid(count - 1).join(QLatin1Char('|'));
    return head;
}

std::optional<quint32> jobIdOf(const QString &text)
{
    bool ok = false;
    const quint32 id = text.trimmed().toUInt(&ok);
    return ok && id > 0 ? std::optional<quint32>(id) : std::nullopt;
}

} // namespace

QString shellQuote(const QString &word)
{
    QString quoted = word;
    quoted.replace(QLatin1Char('\''), QLatin1String("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

bool isPlainFileName(const QString &name)
{
    if (name.isEmpty() || name == QLatin1String(".") || name == QLatin1String(".."))
        return false;
    for (QChar c : name) {
        if (c == QLatin1Char('/') || c == QLatin1Char('\\') || c.category() == QChar::Other_Control)
            return false;
    }
    return true;
}

QString fixedFormatEnvironment()
{
    return QStringLiteral("env -u SQUEUE_FORMAT -u SQUEUE_FORMAT2 -u SQUEUE_SORT -u SACCT_FORMAT "
                          "TZ=UTC SLURM_TIME_FORMAT=standard ");
}

QString sbatchCommand(const QString &folder, const QString &script, const QString &partition,
                      const QString &account)
{
    QString command = QStringLiteral("cd %1 && sbatch").arg(shellQuote(folder));
    if (!partition.isEmpty())
        command += QStringLiteral(" --partition=") + shellQuote(partition);
    if (!account.isEmpty())
        command += QStringLiteral(" --account=") + shellQuote(account);
    return command + QLatin1Char(' ') + shellQuote(script);
}

QString squeueCommand(const QList<quint32> &ids)
{
    return fixedFormatEnvironment() + QStringLiteral("squeue -h -t all -j %1 -o %2")
                                          .arg(idList(ids), shellQuote(kSqueueFormat));
}

QString sacctCommand(const QList<quint32> &ids)
{
    return fixedFormatEnvironment() +
           QStringLiteral("sacct -X -n -P -j %1 --format=%2").arg(idList(ids), kSacctFields);
}

QString scontrolCommand(quint32 id)
{
    return fixedFormatEnvironment() + QStringLiteral("scontrol -o show job %1").arg(id);
}

QString scancelCommand(quint32 id)
{
    return QStringLiteral("scancel %1").arg(id);
}

QString probeCommand()
{
    return QStringLiteral(
        "for c in sbatch squeue sacct scontrol scancel; do command -v \"$c\"; done; true");
}

std::optional<quint32> parseSubmittedJobId(const QString &sbatchOutput)
{
    static const QRegularExpression submitted(QStringLiteral("^Submitted batch job (\\d+)"),
                                              QRegularExpression::MultilineOption);
    const QRegularExpressionMatch match = submitted.match(sbatchOutput);
    if (!match.hasMatch())
        return std::nullopt;
    return jobIdOf(match.captured(1));
}

bool JobStatus::finished() const
{
    static const QStringList running = {
        QStringLiteral("PENDING"),       QStringLiteral("RUNNING"),
        QStringLiteral("COMPLETING"),    QStringLiteral("CONFIGURING"),
        QStringLiteral("SUSPENDED"),     QStringLiteral("REQUEUED"),
        QStringLiteral("RESIZING"),      QStringLiteral("SIGNALING"),
        QStringLiteral("STAGE_OUT"),     QStringLiteral("STOPPED"),
        QStringLiteral("REQUEUE_HOLD"),  QStringLiteral("REQUEUE_FED"),
        QStringLiteral("RESV_DEL_HOLD"), QStringLiteral("SPECIAL_EXIT")};
    const QString base = baseState(state);
    return !base.isEmpty() && !running.contains(base);
}

QString baseState(const QString &state)
{
    return state.section(QLatin1Char(' '), 0, 0).remove(QLatin1Char('+'));
}

QString compactState(const QString &longState)
{
    static const QList<QPair<QString, QString>> codes = {
        {QStringLiteral("PENDING"), QStringLiteral("PD")},
        {QStringLiteral("RUNNING"), QStringLiteral("R")},
        {QStringLiteral("COMPLETING"), QStringLiteral("CG")},
        {QStringLiteral("COMPLETED"), QStringLiteral("CD")},
        {QStringLiteral("TIMEOUT"), QStringLiteral("TO")},
        {QStringLiteral("CANCELLED"), QStringLiteral("CA")},
        {QStringLiteral("FAILED"), QStringLiteral("F")},
        {QStringLiteral("NODE_FAIL"), QStringLiteral("NF")},
        {QStringLiteral("PREEMPTED"), QStringLiteral("PR")},
        {QStringLiteral("OUT_OF_MEMORY"), QStringLiteral("OOM")},
        {QStringLiteral("SUSPENDED"), QStringLiteral("S")},
        {QStringLiteral("CONFIGURING"), QStringLiteral("CF")},
        {QStringLiteral("BOOT_FAIL"), QStringLiteral("BF")},
        {QStringLiteral("DEADLINE"), QStringLiteral("DL")},
        {QStringLiteral("REQUEUED"), QStringLiteral("RQ")},
        {QStringLiteral("STOPPED"), QStringLiteral("ST")},
    };
    const QString base = baseState(longState);
    for (const auto &[name, code] : codes) {
        if (name == base)
            return code;
    }
    return base.left(2);
}

qint64 parseSlurmTime(const QString &text)
{
    const QString trimmed = text.trimmed();
    QDateTime time = QDateTime::fromString(trimmed, QStringLiteral("yyyy-MM-ddTHH:mm:ss"));
    if (!time.isValid())
        return 0;
    time.setTimeZone(QTimeZone::utc());
    return time.toSecsSinceEpoch();
}

QList<JobStatus> parseSqueue(const QString &output)
{
    QList<JobStatus> jobs;
    for (const QString &line : output.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const auto fields = splitFields(line, 11);
        const auto id = fields ? jobIdOf(fields->at(0)) : std::nullopt;
        if (!id)
            continue; // an error line ("slurm_load_jobs error: ...") is not a job
        JobStatus job;
        job.id = *id;
        job.state = fields->at(1).trimmed();
        job.reason = fields->at(2).trimmed();
        job.submitTime = parseSlurmTime(fields->at(3));
        job.startTime = parseSlurmTime(fields->at(4));
        job.endTime = parseSlurmTime(fields->at(5));
        job.timeLimit = fields->at(6).trimmed();
        job.partition = fields->at(7).trimmed();
        job.user = fields->at(8).trimmed();
        job.nodeList = fields->at(9).trimmed();
        job.name = fields->at(10);
        job.source = QStringLiteral("squeue");
        jobs << job;
    }
    return jobs;
}

QList<JobStatus> parseSacct(const QString &output)
{
    QList<JobStatus> jobs;
    for (const QString &line : output.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const auto fields = splitFields(line, 11);
        const auto id = fields ? jobIdOf(fields->at(0)) : std::nullopt;
        if (!id)
            continue; // steps ("12.batch") and array tasks are not followed
        JobStatus job;
        job.id = *id;
        job.state = baseState(fields->at(1));
        job.exitCode = fields->at(2).trimmed();
        job.submitTime = parseSlurmTime(fields->at(3));
        job.startTime = parseSlurmTime(fields->at(4));
        job.endTime = parseSlurmTime(fields->at(5));
        job.timeLimit = fields->at(6).trimmed();
        job.partition = fields->at(7).trimmed();
        job.user = fields->at(8).trimmed();
        job.nodeList = fields->at(9).trimmed();
        job.name = fields->at(10);
        job.reason = QStringLiteral("None");
        job.source = QStringLiteral("sacct");
        jobs << job;
    }
    return jobs;
}

namespace {

// scontrol's one-line form: "Key=value Key=value ..."; a value may hold spaces (a path), so a
// word without '=' belongs to the previous value.
QHash<QString, QString> scontrolFields(const QString &line)
{
    static const QRegularExpression key(QStringLiteral("^[A-Za-z][A-Za-z0-9_:/]*="));
    QHash<QString, QString> fields;
    QString current;
    for (const QString &word : line.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QRegularExpressionMatch match = key.match(word);
        if (match.hasMatch()) {
            current = word.left(match.capturedLength() - 1);
            fields.insert(current, word.mid(match.capturedLength()));
        } else if (!current.isEmpty()) {
            fields[current] += QLatin1Char(' ') + word;
        }
    }
    return fields;
}

} // namespace

std::optional<JobStatus> parseScontrolJob(const QString &output)
{
    const QString line = output.section(QLatin1Char('\n'), 0, 0).trimmed();
    const QHash<QString, QString> fields = scontrolFields(line);
    const auto id = jobIdOf(fields.value(QStringLiteral("JobId")));
    if (!id)
        return std::nullopt;
    JobStatus job;
    job.id = *id;
    job.name = fields.value(QStringLiteral("JobName"));
    job.user = fields.value(QStringLiteral("UserId")).section(QLatin1Char('('), 0, 0);
    job.partition = fields.value(QStringLiteral("Partition"));
    job.state = fields.value(QStringLiteral("JobState"));
    job.reason = fields.value(QStringLiteral("Reason"));
    job.exitCode = fields.value(QStringLiteral("ExitCode"));
    job.submitTime = parseSlurmTime(fields.value(QStringLiteral("SubmitTime")));
    job.startTime = parseSlurmTime(fields.value(QStringLiteral("StartTime")));
    job.endTime = parseSlurmTime(fields.value(QStringLiteral("EndTime")));
    job.timeLimit = fields.value(QStringLiteral("TimeLimit"));
    const QString nodes = fields.value(QStringLiteral("NodeList"));
    job.nodeList = nodes == QLatin1String("(null)") ? QString() : nodes;
    job.stdOut = fields.value(QStringLiteral("StdOut"));
    job.source = QStringLiteral("scontrol");
    return job;
}

QString stateFromOutputFile(const QString &content, quint32 id)
{
    const QString marker = QStringLiteral("*** JOB %1 ON ").arg(id);
    const qsizetype at = content.lastIndexOf(marker);
    if (at < 0)
        return {};
    const QString line = content.mid(at).section(QLatin1Char('\n'), 0, 0);
    if (line.contains(QLatin1String("DUE TO TIME LIMIT")))
        return QStringLiteral("TIMEOUT");
    if (line.contains(QLatin1String("CANCELLED")))
        return QStringLiteral("CANCELLED");
    return {};
}

} // namespace schedlab::remote
