// The scenario format and the simulation that turns one into a transcript.
#include "scenario.h"

#include "engine.h"
#include "safefiles.h"
#include "sbatchparser.h"
#include "yamlload.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTimeZone>

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <climits>
#include <csignal>

namespace schedlab {

qint64 parseScenarioTime(const QString &text)
{
    const QString t = text.trimmed();
    static const QRegularExpression re(
        QStringLiteral("^(?:(\\d+)-)?(?:(\\d+):)?(?:(\\d+):)?(\\d+)$"));
    const auto m = re.match(t);
    if (!m.hasMatch())
        return -1;
    const qint64 days = m.captured(1).toLongLong();
    QList<qint64> parts;
    for (int i = 2; i <= 4; ++i)
        if (!m.captured(i).isEmpty())
            parts << m.captured(i).toLongLong();
    qint64 secs = 0;
    if (parts.size() == 3)
        secs = parts[0] * 3600 + parts[1] * 60 + parts[2];
    else if (parts.size() == 2)
        secs = m.captured(1).isEmpty() ? parts[0] * 60 + parts[1] : parts[0] * 3600 + parts[1] * 60;
    else
        secs = parts[0];
    return days * 86400 + secs;
}

namespace {

QString scalar(const YAML::Node &n)
{
    return QString::fromStdString(n.as<std::string>());
}

// A `files:` key names a file of the run's working folder: relative, without "..", so that
// a scenario never writes outside it.
bool insideWorkFolder(const QString &name)
{
    QStringList parts;
    return files::splitRelative(name, &parts) && !parts.isEmpty();
}

// One account of `accounts:` (name, shares, parent, users).
slurm::AccountDef accountOf(const YAML::Node &a)
{
    slurm::AccountDef def;
    def.name = scalar(a["name"]);
    if (a["shares"])
        def.shares = a["shares"].as<double>();
    if (a["parent"])
        def.parent = scalar(a["parent"]);
    if (a["users"])
        for (const YAML::Node &u : a["users"])
            def.users << scalar(u);
    return def;
}

// The scheduler's timers of `phases:`; the name node of an unknown one, if any.
std::optional<YAML::Node> readPhases(const YAML::Node &v, slurm::PeriodicPhases *phases)
{
    for (auto ph = v.begin(); ph != v.end(); ++ph) {
        // yaml-cpp's iterators hand out proxies: copy the nodes, never bind references.
        const YAML::Node nameNode = ph->first;
        const YAML::Node valueNode = ph->second;
        const QString name = QString::fromStdString(nameNode.as<std::string>());
        const qint64 value = valueNode.as<qint64>();
        if (name == QLatin1String("backfill"))
            phases->backfill = value;
        else if (name == QLatin1String("time_limit"))
            phases->timeLimit = value;
        else if (name == QLatin1String("sched_interval"))
            phases->schedInterval = value;
        else if (name == QLatin1String("priority_calc"))
            phases->priorityCalc = value;
        else
            return nameNode;
    }
    return std::nullopt;
}

} // namespace

std::optional<Scenario> readScenario(const QByteArray &text, const QString &fileName,
                                     QString *error)
{
    Scenario s;
    s.start = QDateTime(QDate(2026, 11, 5), QTime(9, 30), QTimeZone::utc()).toSecsSinceEpoch();
    const YamlLoad load = loadYaml(text, fileName);
    if (!load.ok()) {
        *error = load.error;
        return std::nullopt;
    }
    const YAML::Node root = load.root;
    if (!root.IsMap()) {
        *error =
            QStringLiteral("%1:1: a scenario is a YAML mapping (name:, cluster:, jobs:, steps:)")
                .arg(fileName);
        return std::nullopt;
    }
    auto fail = [&](const YAML::Node &n, const QString &key, const QString &what) {
        *error =
            QStringLiteral("%1:%2: %3: %4").arg(fileName).arg(n.Mark().line + 1).arg(key, what);
        return std::nullopt;
    };
    try {
        for (auto it = root.begin(); it != root.end(); ++it) {
            // yaml-cpp's iterators hand out proxies: copy the nodes, never bind references.
            const YAML::Node keyNode = it->first;
            const YAML::Node v = it->second;
            const QString key = QString::fromStdString(keyNode.as<std::string>());
            if (key == QLatin1String("name")) {
                s.name = scalar(v);
            } else if (key == QLatin1String("user")) {
                s.user = scalar(v);
            } else if (key == QLatin1String("start")) {
                QDateTime t = QDateTime::fromString(scalar(v), Qt::ISODate);
                if (!t.isValid())
                    return fail(v, key,
                                QStringLiteral("not a date and time (2026-11-05T09:30:00)"));
                t.setTimeZone(QTimeZone::utc());
                s.start = t.toSecsSinceEpoch();
            } else if (key == QLatin1String("seed")) {
                s.seed = v.as<int>();
            } else if (key == QLatin1String("cluster")) {
                s.cluster = scalar(v);
                s.clusterLine = v.Mark().line +
                                (v.Tag() == "!" || scalar(v).contains(QLatin1Char('\n')) ? 1 : 0);
            } else if (key == QLatin1String("gres")) {
                s.gres = scalar(v);
                s.gresLine = v.Mark().line + 1;
            } else if (key == QLatin1String("accounts")) {
                for (const YAML::Node &a : v)
                    s.accounts << accountOf(a);
            } else if (key == QLatin1String("phases")) {
                if (const std::optional<YAML::Node> unknown = readPhases(v, &s.phases))
                    return fail(*unknown, QStringLiteral("phases"),
                                QStringLiteral("unknown timer '%1' (backfill, time_limit, "
                                               "sched_interval, priority_calc)")
                                    .arg(QString::fromStdString(unknown->as<std::string>())));
            } else if (key == QLatin1String("kube")) {
                if (!v.IsMap())
                    throw YAML::RepresentationException(v.Mark(), "expected a map");
                for (auto k = v.begin(); k != v.end(); ++k) {
                    const QString kubeKey = QString::fromStdString(k->first.as<std::string>());
                    if (kubeKey != QLatin1String("kueue"))
                        throw YAML::RepresentationException(
                            k->first.Mark(),
                            "unknown key '" + kubeKey.toStdString() + "' under 'kube' (kueue)");
                    s.kueue = k->second.as<bool>();
                }
            } else if (key == QLatin1String("files")) {
                for (auto f = v.begin(); f != v.end(); ++f) {
                    const YAML::Node name = f->first;
                    const YAML::Node content = f->second;
                    const QString fileKey = QString::fromStdString(name.as<std::string>());
                    if (!insideWorkFolder(fileKey))
                        return fail(name, QStringLiteral("files"),
                                    QStringLiteral("'%1' is not a file of the scenario's working "
                                                   "folder (a relative path without '..')")
                                        .arg(fileKey));
                    s.files << qMakePair(fileKey,
                                         QByteArray::fromStdString(content.as<std::string>()));
                }
            } else if (key == QLatin1String("jobs")) {
                for (const YAML::Node &j : v) {
                    ScenarioJob job;
                    job.line = j.Mark().line + 1;
                    job.submit = j["submit"] ? parseScenarioTime(scalar(j["submit"])) : 0;
                    if (job.submit < 0)
                        return fail(j["submit"], QStringLiteral("submit"),
                                    QStringLiteral("invalid time"));
                    job.options = j["options"] ? scalar(j["options"]) : QString();
                    job.runtime = j["runtime"] ? parseScenarioTime(scalar(j["runtime"])) : 0;
                    if (job.runtime < 0)
                        return fail(j["runtime"], QStringLiteral("runtime"),
                                    QStringLiteral("invalid time"));
                    job.exitCode = j["exit"] ? j["exit"].as<int>() : 0;
                    job.user = j["user"] ? scalar(j["user"]) : QString();
                    job.account = j["account"] ? scalar(j["account"]) : QString();
                    if (j["priority"])
                        job.priority = j["priority"].as<std::uint32_t>();
                    s.jobs << job;
                }
            } else if (key == QLatin1String("steps")) {
                for (const YAML::Node &st : v) {
                    ScenarioStep step;
                    step.line = st.Mark().line + 1;
                    if (!st["run"])
                        return fail(st, QStringLiteral("steps"),
                                    QStringLiteral("a step needs run:"));
                    step.at = st["at"] ? parseScenarioTime(scalar(st["at"])) : 0;
                    if (step.at < 0)
                        return fail(st["at"], QStringLiteral("at"), QStringLiteral("invalid time"));
                    step.run = scalar(st["run"]);
                    step.user = st["user"] ? scalar(st["user"]) : QString();
                    s.steps << step;
                }
            } else {
                return fail(keyNode, key, QStringLiteral("unknown key"));
            }
        }
    } catch (const YAML::Exception &e) {
        *error = yamlErrorMessage(e, fileName);
        return std::nullopt;
    }
    for (ScenarioJob &j : s.jobs)
        if (j.user.isEmpty())
            j.user = s.user;
    std::stable_sort(s.jobs.begin(), s.jobs.end(), [](const ScenarioJob &a, const ScenarioJob &b) {
        return a.submit < b.submit;
    });
    return s;
}

namespace {

QString header(qint64 seconds)
{
    return QStringLiteral("[+%1:%2:%3] $ ")
        .arg(seconds / 3600, 2, 10, QLatin1Char('0'))
        .arg((seconds / 60) % 60, 2, 10, QLatin1Char('0'))
        .arg(seconds % 60, 2, 10, QLatin1Char('0'));
}

// Splits modeled-job options as a shell would (quotes), for the sbatch parser.
QStringList splitOptions(const QString &text)
{
    QStringList words;
    QString cur;
    QChar quote;
    bool any = false;
    for (QChar c : text) {
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
            else
                cur += c;
        } else if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            quote = c;
            any = true;
        } else if (c.isSpace()) {
            if (!cur.isEmpty() || any)
                words << cur;
            cur.clear();
            any = false;
        } else {
            cur += c;
        }
    }
    if (!cur.isEmpty() || any)
        words << cur;
    return words;
}

// The mini-cluster's commands a scenario from elsewhere may run: they look at the cluster or
// cancel work, and start no process of the scenario's choosing.
bool allowedClusterCommand(const QStringList &argv, QString *problem)
{
    static const QStringList lookers{QStringLiteral("squeue"),          QStringLiteral("scancel"),
                                     QStringLiteral("sacct"),           QStringLiteral("sinfo"),
                                     QStringLiteral("sprio"),           QStringLiteral("scontrol"),
                                     QStringLiteral("schedlab-explain")};
    static const QStringList kubectlVerbs{
        QStringLiteral("get"),          QStringLiteral("describe"), QStringLiteral("logs"),
        QStringLiteral("delete"),       QStringLiteral("explain"),  QStringLiteral("version"),
        QStringLiteral("api-resources")};
    const QString &program = argv.first();
    if (lookers.contains(program))
        return true;
    if (program == QLatin1String("kubectl")) {
        const auto verb = std::find_if(argv.begin() + 1, argv.end(),
                                       [](const QString &w) { return !w.startsWith(u'-'); });
        if (verb == argv.end() || kubectlVerbs.contains(*verb))
            return true;
        *problem = QStringLiteral("kubectl %1 is not run from this scenario (only kubectl %2)")
                       .arg(*verb, kubectlVerbs.join(QStringLiteral(", kubectl ")));
        return false;
    }
    *problem = QStringLiteral("%1 is not run from this scenario: only %2 and kubectl are (a "
                              "scenario that is not SchedLab's own submits nothing; its jobs: "
                              "are modeled)")
                   .arg(program, lookers.join(QStringLiteral(", ")));
    return false;
}

QString shellRefusal(const QString &line, const char *what)
{
    return QStringLiteral("\"%1\": %2, the step is not run by a shell")
        .arg(line, QLatin1String(what));
}

} // namespace

std::optional<QStringList> clusterCommandArgv(const QString &line, QString *problem)
{
    QStringList words;
    QString word;
    bool inWord = false;
    QChar quote;
    const auto refuse = [problem](const QString &why) {
        *problem = why;
        return std::nullopt;
    };
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (quote == u'\'') {
            if (c == u'\'')
                quote = QChar();
            else
                word += c;
            continue;
        }
        if (quote == u'"') {
            if (c == u'"')
                quote = QChar();
            else if (c == u'$' || c == u'`')
                return refuse(shellRefusal(line, "no variables or command substitutions here"));
            else if (c == u'\\' && i + 1 < line.size() &&
                     QStringView(u"\"\\$`").contains(line[i + 1]))
                word += line[++i];
            else
                word += c;
            continue;
        }
        if (c == u' ' || c == u'\t') {
            if (inWord)
                words << word;
            word.clear();
            inWord = false;
            continue;
        }
        if (c == u'#' && !inWord)
            break;
        if (QStringView(u"|&;<>()\n").contains(c))
            return refuse(shellRefusal(line, "no pipes, redirections or lists of commands here"));
        if (c == u'$' || c == u'`')
            return refuse(shellRefusal(line, "no variables or command substitutions here"));
        if (QStringView(u"*?[").contains(c))
            return refuse(shellRefusal(line, "no wildcards here (quote the word)"));
        inWord = true;
        if (c == u'\'' || c == u'"')
            quote = c;
        else if (c == u'\\' && i + 1 < line.size())
            word += line[++i];
        else
            word += c;
    }
    if (!quote.isNull())
        return refuse(QStringLiteral("\"%1\": a quote is never closed").arg(line));
    if (inWord)
        words << word;
    if (words.isEmpty())
        return refuse(QStringLiteral("an empty step"));
    if (!allowedClusterCommand(words, problem))
        return std::nullopt;
    return words;
}

namespace {

// Every step of a scenario from elsewhere as the argv it runs without a shell; false with
// `error` naming the first step that may not run.
bool stepArgvs(const Scenario &scenario, QList<QStringList> *argvs, QString *error)
{
    for (const ScenarioStep &st : scenario.steps) {
        QString problem;
        const auto argv = clusterCommandArgv(st.run, &problem);
        if (!argv) {
            *error = QStringLiteral("scenario:%1: steps: %2").arg(st.line).arg(problem);
            return false;
        }
        *argvs << *argv;
    }
    return true;
}

// The scenario's files in its working folder: never through a link the folder holds, never
// outside it (the reader refused "../x" already; a Scenario built in code is checked here).
bool writeScenarioFiles(const Scenario &scenario, const QString &workDir, QString *error)
{
    for (const auto &[name, content] : scenario.files) {
        const files::WriteResult written = files::saveBelow(workDir, name, content);
        if (!written.ok) {
            *error = written.error;
            return false;
        }
    }
    return true;
}

// A step runs through bash, or, for a scenario from elsewhere, as the cluster command `argv`
// with no shell in between.
void startStep(QProcess &step, const QString &binDir, const QString &line, const QStringList *argv)
{
    if (argv)
        step.start(binDir + u'/' + argv->first(), argv->mid(1));
    else
        step.start(QStringLiteral("/bin/bash"), {QStringLiteral("-c"), line});
}

} // namespace

SimResult runScenario(const Scenario &scenario, const QString &libexecDir, QIODevice *out,
                      const QString &workDirIn, const JobObserver &observer, StepPolicy policy)
{
    SimResult result;
    // A scenario from elsewhere is checked whole before anything runs.
    QList<QStringList> argvs;
    if (policy == StepPolicy::ClusterCommandsOnly && !stepArgvs(scenario, &argvs, &result.error)) {
        result.exitCode = 2;
        return result;
    }
    const QString conf = scenario.cluster.isEmpty() ? slurm::defaultSlurmConf() : scenario.cluster;
    const QString gres = scenario.cluster.isEmpty() && scenario.gres.isEmpty()
                             ? slurm::defaultGresConf()
                             : scenario.gres;
    slurm::ConfigParseResult parsed =
        slurm::parseClusterConfig(conf, gres, QStringLiteral("cluster"), scenario.clusterLine,
                                  QStringLiteral("gres"), scenario.gresLine);
    for (const slurm::ConfigMessage &m : parsed.messages)
        result.warnings += m.toString() + QLatin1Char('\n');
    if (!parsed.ok()) {
        result.exitCode = 2;
        result.error = result.warnings;
        return result;
    }
    // Accounting is on unless the cluster says none: sacct is part of what students learn.
    if (!conf.contains(QLatin1String("AccountingStorageType"), Qt::CaseInsensitive)) {
        parsed.config.accountingEnabled = true;
        parsed.config.accountingStorageType = QStringLiteral("accounting_storage/slurmdbd");
    }
    QTemporaryDir tmp;
    const QString workDir = workDirIn.isEmpty() ? tmp.path() + QStringLiteral("/work") : workDirIn;
    QDir().mkpath(workDir);
    if (!writeScenarioFiles(scenario, workDir, &result.error)) {
        result.exitCode = 2;
        return result;
    }
    EngineOptions options;
    options.config = parsed.config;
    options.startEpoch = scenario.start;
    options.workDir = workDir;
    options.stateDir = tmp.path() + QStringLiteral("/state");
    options.libexecDir = libexecDir;
    options.accounts = scenario.accounts;
    options.seed = quint32(scenario.seed);
    options.kueue = scenario.kueue;
    Engine engine(options);
    QString error;
    if (!engine.start(&error)) {
        result.exitCode = 2;
        result.error = error;
        return result;
    }
    engine.controller().setPhases(scenario.phases);
    if (observer)
        engine.controller().setEventListener([&engine, &observer](const slurm::JobEvent &e) {
            if (const slurm::Job *job = engine.controller().job(e.jobId))
                observer(*job, e.time);
        });
    engine.users().addUser(scenario.user);
    for (const ScenarioJob &j : scenario.jobs)
        engine.users().addUser(j.user);
    for (const ScenarioStep &st : scenario.steps)
        engine.users().addUser(st.user.isEmpty() ? scenario.user : st.user);

    int nextJob = 0;
    auto submitModeledUpTo = [&](qint64 t, QProcess *step, const QString &owner) -> bool {
        while (nextJob < scenario.jobs.size() &&
               scenario.start + scenario.jobs[nextJob].submit <= t) {
            const ScenarioJob &j = scenario.jobs[nextJob++];
            if (!engine.advanceTo(scenario.start + j.submit, step, owner, &error))
                return false;
            slurm::SbatchInput input;
            auto cmd = slurm::parseSbatchCommandLine(splitOptions(j.options)
                                                     << QStringLiteral("--wrap=true"));
            if (auto *f = std::get_if<slurm::ToolFailure>(&cmd)) {
                result.warnings +=
                    QStringLiteral("scenario:%1: jobs: %2").arg(j.line).arg(f->stderrText);
                continue;
            }
            input.commandLine = std::get<slurm::SbatchCommandLine>(cmd);
            input.submitEpoch = engine.controller().now();
            auto parsedJob = slurm::parseSbatch(input);
            if (auto *f = std::get_if<slurm::ToolFailure>(&parsedJob)) {
                result.warnings +=
                    QStringLiteral("scenario:%1: jobs: %2").arg(j.line).arg(f->stderrText);
                continue;
            }
            slurm::Submission sub;
            sub.request = std::get<slurm::SbatchParse>(parsedJob).request;
            if (j.priority)
                sub.request.priority = *j.priority;
            if (!j.account.isEmpty())
                sub.request.account = j.account;
            sub.user = j.user;
            sub.workDir = workDir;
            sub.defaultName = QStringLiteral("wrap");
            sub.modeled = true;
            sub.modeledRuntime = j.runtime;
            sub.modeledExit = j.exitCode;
            const slurm::SubmitResult r = engine.controller().submit(sub);
            if (!r.ok)
                result.warnings +=
                    QStringLiteral("scenario:%1: jobs: %2").arg(j.line).arg(r.errorMessages);
            engine.controller().settle();
        }
        return true;
    };

    QString transcript;
    auto flush = [&] {
        out->write(transcript.toUtf8());
        transcript.clear();
    };
    int stepIndex = 0;
    for (const ScenarioStep &st : scenario.steps) {
        const qint64 at = std::max(scenario.start + st.at, engine.controller().now());
        if (!submitModeledUpTo(at, nullptr, QString()) ||
            !engine.advanceTo(at, nullptr, QString(), &error)) {
            result.exitCode = 3;
            result.error = error;
            flush();
            return result;
        }
        if (!submitModeledUpTo(at, nullptr, QString()))
            break;
        const QString owner = QStringLiteral("step:%1").arg(stepIndex++);
        const QString user = st.user.isEmpty() ? scenario.user : st.user;
        QProcess bash;
        bash.setProcessEnvironment(engine.stepEnvironment(user, owner));
        bash.setWorkingDirectory(workDir);
        bash.setProcessChannelMode(QProcess::MergedChannels);
        startStep(bash, engine.binDir(), st.run,
                  policy == StepPolicy::Shell ? nullptr : &argvs[stepIndex - 1]);
        bash.closeWriteChannel();
        transcript +=
            header(engine.controller().now() - scenario.start) + st.run + QLatin1Char('\n');
        QByteArray output;
        while (bash.state() != QProcess::NotRunning) {
            if (!engine.waitQuiescent(&bash, owner, &error)) {
                result.exitCode = 3;
                result.error = error;
                transcript += QString::fromUtf8(output + bash.readAll());
                flush();
                bash.kill();
                bash.waitForFinished();
                return result;
            }
            if (bash.state() == QProcess::NotRunning)
                break;
            // The step waits on a virtual timer: let the clock run to the next thing due.
            const qint64 next = engine.nextEventTime();
            if (next == LLONG_MAX && engine.ownerWaiting(owner)) {
                // It waits for something nothing will ever bring (a watch with no timeout
                // on an idle cluster): say so rather than hang.
                result.exitCode = 3;
                result.error = QStringLiteral("the step \"%1\" waits, and nothing is left to "
                                              "happen in the cluster")
                                   .arg(st.run);
                transcript += QString::fromUtf8(output + bash.readAll());
                flush();
                bash.kill();
                bash.waitForFinished();
                return result;
            }
            if (next != LLONG_MAX && engine.ownerWaiting(owner)) {
                if (!submitModeledUpTo(next, &bash, owner) ||
                    !engine.advanceTo(next, &bash, owner, &error)) {
                    result.exitCode = 3;
                    result.error = error;
                    flush();
                    bash.kill();
                    bash.waitForFinished();
                    return result;
                }
            }
            output += bash.readAll();
        }
        bash.waitForFinished();
        output += bash.readAll();
        QString text = QString::fromUtf8(output);
        if (!text.isEmpty() && !text.endsWith(QLatin1Char('\n')))
            text += QLatin1Char('\n');
        transcript += text;
        if (bash.exitStatus() == QProcess::CrashExit || bash.exitCode() != 0)
            transcript += QStringLiteral("[exit %1]\n")
                              .arg(bash.exitStatus() == QProcess::CrashExit ? 128 + SIGKILL
                                                                            : bash.exitCode());
        engine.controller().settle();
        flush();
    }
    flush();
    return result;
}

} // namespace schedlab
