// Exercise 2 simulated on the mini-cluster's controller, and its per-student variants.
#include "exercise2.h"

#include "controller.h"
#include "hostlist.h"
#include "sbatchparser.h"
#include "slurmconfig.h"
#include "users.h"

#include <QBuffer>
#include <QCryptographicHash>
#include <QDateTime>
#include <QProcess>
#include <QRegularExpression>
#include <QTimeZone>

#include <algorithm>
#include <random>

namespace schedlab::grader {

namespace {

// A scenario's modeled jobs and steps in the order the runner plays them: at one instant,
// submissions come before the steps.
struct TimelineEntry
{
    qint64 at;
    int order; // 0: job, 1: step
    int index;
};

QList<TimelineEntry> timeline(const Scenario &s)
{
    QList<TimelineEntry> entries;
    for (int i = 0; i < s.jobs.size(); ++i)
        entries << TimelineEntry{s.jobs[i].submit, 0, i};
    for (int i = 0; i < s.steps.size(); ++i)
        entries << TimelineEntry{s.steps[i].at, 1, i};
    std::stable_sort(entries.begin(), entries.end(), [](const auto &a, const auto &b) {
        return std::pair(a.at, a.order) < std::pair(b.at, b.order);
    });
    return entries;
}

bool submitModeled(slurm::Controller &ctl, const ScenarioJob &j, QString *error)
{
    auto cmd = slurm::parseSbatchCommandLine(QProcess::splitCommand(j.options)
                                             << QStringLiteral("--wrap=true"));
    if (auto *f = std::get_if<slurm::ToolFailure>(&cmd)) {
        *error = f->stderrText.trimmed();
        return false;
    }
    slurm::SbatchInput input;
    input.commandLine = std::get<slurm::SbatchCommandLine>(cmd);
    input.submitEpoch = ctl.now();
    auto parsed = slurm::parseSbatch(input);
    if (auto *f = std::get_if<slurm::ToolFailure>(&parsed)) {
        *error = f->stderrText.trimmed();
        return false;
    }
    slurm::Submission sub;
    sub.request = std::get<slurm::SbatchParse>(parsed).request;
    if (j.priority)
        sub.request.priority = *j.priority;
    if (!j.account.isEmpty())
        sub.request.account = j.account;
    sub.user = j.user;
    sub.workDir = QStringLiteral("/tmp");
    sub.defaultName = QStringLiteral("wrap");
    sub.modeled = true;
    sub.modeledRuntime = j.runtime;
    sub.modeledExit = j.exitCode;
    const slurm::SubmitResult r = ctl.submit(sub);
    if (!r.ok)
        *error = r.errorMessages.trimmed();
    ctl.settle();
    return r.ok;
}

Snapshot snapshot(const slurm::Controller &ctl, qint64 at)
{
    Snapshot s;
    s.at = at;
    for (const slurm::Job *job : ctl.jobs()) {
        if (slurm::isFinished(job->state) && !job->completing)
            continue;
        JobFact f{job->id,
                  job->name,
                  job->user,
                  job->completing ? QStringLiteral("CG") : slurm::stateCompact(job->state),
                  {}};
        f.reason =
            job->state == slurm::JobState::Pending
                ? (job->stateDesc.isEmpty() ? slurm::reasonName(job->reason) : job->stateDesc)
                : slurm::compressHostlistSorted(job->nodeNames());
        s.jobs << f;
    }
    std::sort(s.jobs.begin(), s.jobs.end(),
              [](const JobFact &a, const JobFact &b) { return a.id < b.id; });
    return s;
}

void runStep(slurm::Controller &ctl, const ScenarioStep &step, const QString &user,
             Exercise2Facts &facts)
{
    const QStringList words = QProcess::splitCommand(step.run);
    if (words.value(0) == QLatin1String("squeue")) {
        facts.snapshots << snapshot(ctl, step.at);
    } else if (words.value(0) == QLatin1String("scancel") && words.size() == 2) {
        facts.cancelled = words[1].toUInt();
        facts.canceller = user;
        ctl.cancel(facts.cancelled, user);
        ctl.settle();
    }
}

QString hhmm(qint64 epoch)
{
    return QDateTime::fromSecsSinceEpoch(epoch, QTimeZone::utc()).toString(QStringLiteral("HH:mm"));
}

} // namespace

const JobFact *Snapshot::find(std::uint32_t id) const
{
    for (const JobFact &j : jobs)
        if (j.id == id)
            return &j;
    return nullptr;
}

Exercise2Facts simulateExercise2(const Scenario &scenario)
{
    Exercise2Facts facts;
    const auto parsed = slurm::parseClusterConfig(
        scenario.cluster.isEmpty() ? slurm::defaultSlurmConf() : scenario.cluster, scenario.gres);
    if (!parsed.ok()) {
        facts.error = parsed.messages.isEmpty() ? QStringLiteral("invalid cluster")
                                                : parsed.messages.first().text;
        return facts;
    }
    slurm::UserDirectory users;
    users.setAccounts(scenario.accounts);
    users.addUser(scenario.user);
    for (const ScenarioJob &j : scenario.jobs)
        users.addUser(j.user);
    for (const ScenarioStep &st : scenario.steps)
        users.addUser(st.user.isEmpty() ? scenario.user : st.user);
    slurm::Controller ctl(parsed.config, &users, scenario.start);
    ctl.setPhases(scenario.phases);
    for (const TimelineEntry &e : timeline(scenario)) {
        ctl.advanceTo(scenario.start + e.at);
        ctl.settle();
        if (e.order == 0) {
            QString error;
            if (!submitModeled(ctl, scenario.jobs[e.index], &error))
                facts.error = error;
        } else {
            const ScenarioStep &st = scenario.steps[e.index];
            runStep(ctl, st, st.user.isEmpty() ? scenario.user : st.user, facts);
        }
    }
    return facts;
}

bool Exercise2Facts::structureKept() const
{
    if (snapshots.size() < 2 || cancelled == 0)
        return false;
    const Snapshot &first = snapshots.first();
    QList<std::uint32_t> resources, priority;
    for (const JobFact &j : first.jobs) {
        if (j.state != QLatin1String("PD"))
            continue;
        (j.reason == QLatin1String("Resources") ? resources : priority) << j.id;
        if (j.reason != QLatin1String("Resources") && j.reason != QLatin1String("Priority"))
            return false;
    }
    if (resources.size() != 1 || priority.size() != 2 || cancelled != resources.first())
        return false;
    int started = 0;
    for (std::uint32_t id : priority) {
        const JobFact *after = snapshots[1].find(id);
        started += after && after->state == QLatin1String("R") ? 1 : 0;
    }
    return started == 1;
}

QHash<QString, QString> Exercise2Facts::parameters(qint64 startEpoch) const
{
    QHash<QString, QString> p;
    if (snapshots.isEmpty())
        return p;
    QStringList priority, running;
    for (const JobFact &j : snapshots.first().jobs) {
        if (j.state == QLatin1String("PD") && j.reason == QLatin1String("Resources"))
            p.insert(QStringLiteral("resources"), QString::number(j.id));
        else if (j.state == QLatin1String("PD"))
            priority << QString::number(j.id);
        else if (j.state == QLatin1String("R"))
            running << QString::number(j.id);
    }
    p.insert(QStringLiteral("priority1"), priority.value(0));
    p.insert(QStringLiteral("priority2"), priority.value(1));
    p.insert(QStringLiteral("running"), running.join(QStringLiteral(", ")));
    p.insert(QStringLiteral("cancelled"), QString::number(cancelled));
    p.insert(QStringLiteral("canceller"), canceller);
    p.insert(QStringLiteral("first_time"), hhmm(startEpoch + snapshots.first().at));
    if (snapshots.size() > 1)
        for (const QString &id : priority) {
            const JobFact *after = snapshots[1].find(id.toUInt());
            p.insert(after && after->state == QLatin1String("R") ? QStringLiteral("starts")
                                                                 : QStringLiteral("stays"),
                     id);
        }
    return p;
}

QByteArray variantSeed(const QString &studentId)
{
    // Spaces, dots, dashes and underscores are how numbers get typed ("21 004 567"), not
    // part of them: the app, `schedlab-cli variant` and the grader all draw from the same key.
    QString id = studentId.normalized(QString::NormalizationForm_KD).toLower();
    id.remove(QRegularExpression(QStringLiteral("\\p{Mn}|[\\s._\\-]")));
    return QCryptographicHash::hash(id.toUtf8(), QCryptographicHash::Sha256);
}

namespace {

// --time=HH:MM:SS of a job's options replaced by `minutes`.
QString withTimeLimit(const QString &options, int minutes)
{
    QString out = options;
    static const QRegularExpression time(QStringLiteral("--time=\\S+"));
    return out.replace(time, QStringLiteral("--time=%1:%2:00")
                                 .arg(minutes / 60, 2, 10, QLatin1Char('0'))
                                 .arg(minutes % 60, 2, 10, QLatin1Char('0')));
}

int timeLimitMinutes(const QString &options)
{
    static const QRegularExpression time(QStringLiteral("--time=(\\d+):(\\d+):(\\d+)"));
    const QRegularExpressionMatch m = time.match(options);
    return m.hasMatch() ? m.captured(1).toInt() * 60 + m.captured(2).toInt() : 0;
}

// One draw: every job's limit and runtime moved by the same multiple of 5 minutes, its
// priority scaled, and the ids shifted; the cancel follows its job.
Scenario drawVariant(const Scenario &base, std::mt19937 &rng)
{
    Scenario v = base;
    static const QRegularExpression firstId(QStringLiteral("FirstJobId=(\\d+)"));
    const QRegularExpressionMatch m = firstId.match(base.cluster);
    const int baseFirst = m.hasMatch() ? m.captured(1).toInt() : 1;
    const int first = std::uniform_int_distribution<int>(10, 899)(rng);
    v.cluster.replace(firstId, QStringLiteral("FirstJobId=%1").arg(first));
    for (ScenarioJob &j : v.jobs) {
        const int limit = timeLimitMinutes(j.options);
        const int shift = 5 * std::uniform_int_distribution<int>(-2, 2)(rng);
        if (limit + shift >= 10) {
            j.options = withTimeLimit(j.options, limit + shift);
            j.runtime = std::max<qint64>(300, j.runtime + shift * 60);
        }
        if (j.priority)
            j.priority =
                std::uint32_t(*j.priority * std::uniform_real_distribution<double>(0.7, 1.3)(rng));
    }
    static const QRegularExpression cancel(QStringLiteral("^scancel (\\d+)$"));
    for (ScenarioStep &st : v.steps) {
        const QRegularExpressionMatch c = cancel.match(st.run);
        if (c.hasMatch())
            st.run = QStringLiteral("scancel %1").arg(c.captured(1).toInt() - baseFirst + first);
    }
    return v;
}

QString yamlTime(qint64 seconds)
{
    return QStringLiteral("\"%1:%2:%3\"")
        .arg(seconds / 3600, 2, 10, QLatin1Char('0'))
        .arg(seconds / 60 % 60, 2, 10, QLatin1Char('0'))
        .arg(seconds % 60, 2, 10, QLatin1Char('0'));
}

QString quoted(const QString &text)
{
    QString q = text;
    q.replace(u'\\', QStringLiteral("\\\\")).replace(u'"', QStringLiteral("\\\""));
    return u'"' + q + u'"';
}

} // namespace

std::optional<Scenario> exercise2Variant(const Scenario &base, const QByteArray &seed)
{
    std::seed_seq seq(seed.begin(), seed.end());
    std::mt19937 rng(seq);
    for (int attempt = 0; attempt < 64; ++attempt) {
        Scenario v = drawVariant(base, rng);
        v.seed = int(quint32(quint8(seed.at(0))) << 16 | quint32(quint8(seed.at(1))) << 8 |
                     quint8(seed.at(2)));
        if (simulateExercise2(v).structureKept())
            return v;
    }
    return std::nullopt;
}

QByteArray scenarioToYaml(const Scenario &s)
{
    QString y;
    if (!s.name.isEmpty())
        y += QStringLiteral("name: %1\n").arg(quoted(s.name));
    y += QStringLiteral("user: %1\n").arg(s.user);
    y += QStringLiteral("start: %1\n")
             .arg(QDateTime::fromSecsSinceEpoch(s.start, QTimeZone::utc())
                      .toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss")));
    y += QStringLiteral("seed: %1\n").arg(s.seed);
    if (!s.cluster.isEmpty()) {
        y += QStringLiteral("cluster: |\n");
        for (const QString &line : s.cluster.trimmed().split(u'\n'))
            y += QStringLiteral("  ") + line + u'\n';
    }
    y += QStringLiteral("jobs:\n");
    for (const ScenarioJob &j : s.jobs) {
        y += QStringLiteral("  - {submit: %1, options: %2, runtime: %3, user: %4")
                 .arg(yamlTime(j.submit), quoted(j.options), yamlTime(j.runtime), j.user);
        if (j.priority)
            y += QStringLiteral(", priority: %1").arg(*j.priority);
        y += QStringLiteral("}\n");
    }
    y += QStringLiteral("steps:\n");
    for (const ScenarioStep &st : s.steps) {
        y += QStringLiteral("  - {at: %1, ").arg(yamlTime(st.at));
        if (!st.user.isEmpty())
            y += QStringLiteral("user: %1, ").arg(st.user);
        y += QStringLiteral("run: %1}\n").arg(quoted(st.run));
    }
    return y.toUtf8();
}

namespace {

QString optionValue(const QString &options, const QString &name)
{
    const QRegularExpression option(QStringLiteral("--%1=(\\S+)").arg(name));
    const QRegularExpressionMatch m = option.match(options);
    return m.hasMatch() ? m.captured(1) : QString();
}

QString jobsTable(const Scenario &s)
{
    static const QRegularExpression firstId(QStringLiteral("FirstJobId=(\\d+)"));
    const QRegularExpressionMatch m = firstId.match(s.cluster);
    int id = m.hasMatch() ? m.captured(1).toInt() : 1;
    QString table =
        QStringLiteral("| Job | Nom | Utilisateur | Soumis à | Nœuds | Limite | Priorité |\n"
                       "|---|---|---|---|---|---|---|\n");
    for (const ScenarioJob &j : s.jobs)
        table += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 |\n")
                     .arg(id++)
                     .arg(optionValue(j.options, QStringLiteral("job-name")), j.user,
                          QDateTime::fromSecsSinceEpoch(s.start + j.submit, QTimeZone::utc())
                              .toString(QStringLiteral("HH:mm")),
                          optionValue(j.options, QStringLiteral("nodes")),
                          optionValue(j.options, QStringLiteral("time")),
                          j.priority ? QString::number(*j.priority) : QStringLiteral("—"));
    return table.trimmed();
}

} // namespace

namespace {

// The transcript of the scenario's first step, without its "[+00:10:00] $ squeue" header.
QString firstStepListing(Scenario scenario, const QString &libexecDir)
{
    scenario.steps = scenario.steps.mid(0, 1);
    QBuffer out;
    out.open(QIODevice::WriteOnly);
    runScenario(scenario, libexecDir, &out);
    QString listing = QString::fromUtf8(out.data()).section(u'\n', 1);
    while (listing.endsWith(u'\n'))
        listing.chop(1);
    return listing;
}

} // namespace

QString renderExercise2Statement(const QString &templateText, const Scenario &scenario,
                                 const QString &libexecDir)
{
    QHash<QString, QString> p = simulateExercise2(scenario).parameters(scenario.start);
    p.insert(QStringLiteral("jobs_table"), jobsTable(scenario));
    p.insert(QStringLiteral("squeue"), firstStepListing(scenario, libexecDir));
    return fillParameters(templateText, p);
}

QString fillParameters(QString text, const QHash<QString, QString> &parameters)
{
    for (auto it = parameters.constBegin(); it != parameters.constEnd(); ++it)
        text.replace(u'{' + it.key() + u'}', it.value());
    return text;
}

} // namespace schedlab::grader
