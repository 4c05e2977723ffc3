// schedlab-cli: the headless workbench (sim, serve, shell, grade).
#include "engine.h"
#include "examcommand.h"
#include "gradecommand.h"
#include "installpaths.h"
#include "releasecommand.h"
#include "scenario.h"
#include "variantcommand.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTimeZone>

#include <cstdio>
#include <optional>
#include <pwd.h>
#include <unistd.h>

namespace {

#ifndef SCHEDLAB_VERSION
#define SCHEDLAB_VERSION "unknown"
#endif

// The usage: on stdout with status 0 when asked for (--help), on stderr with status 2 after a
// mistake, as command-line tools do.
int usage(FILE *to = stderr, int status = 2)
{
    std::fputs("Usage: schedlab-cli COMMAND [ARGS]\n"
               "  sim FILE        run a scenario in virtual time and print its transcript\n"
               "  serve [DIR]     run the mini-cluster headless; prints SCHEDLAB_SOCKET=...\n"
               "  shell [DIR]     open bash with sbatch, squeue, ... talking to the mini-cluster\n"
               "  grade PATH...   grade students' folders (schedlab-cli grade --help)\n"
               "  override ...    change a grade in a gradebook (schedlab-cli override --help)\n"
               "  release PATH... grade exam papers and write the results to give back\n"
               "  variant ID      a student's version of exercise 2 (schedlab-cli variant --help)\n"
               "  exam pack ...   make the exam paper to hand out (schedlab-cli exam --help)\n"
               "options of serve and shell:\n"
               "  --cluster FILE  a slurm.conf to run instead of the built-in cluster\n"
               "  --gres FILE     its gres.conf\n"
               "  --state DIR     where the accounting database and the socket live\n"
               "  --help, --version\n",
               to);
    return status;
}

int simUsage(FILE *to, int status)
{
    std::fputs("Usage: schedlab-cli sim FILE\n"
               "Plays the scenario FILE (YAML) in virtual time on the mini-cluster and prints\n"
               "the transcript of its commands. Exits with 2 if FILE cannot be read.\n",
               to);
    return status;
}

bool asksForHelp(const QString &arg)
{
    return arg == QLatin1String("--help") || arg == QLatin1String("-h") ||
           arg == QLatin1String("help");
}

int sim(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "schedlab-cli: %s: %s\n", qPrintable(path),
                     qPrintable(file.errorString()));
        return 2;
    }
    QString error;
    auto scenario = schedlab::readScenario(file.readAll(), path, &error);
    if (!scenario) {
        std::fprintf(stderr, "schedlab-cli: %s\n", qPrintable(error));
        return 2;
    }
    QFile out;
    out.open(stdout, QIODevice::WriteOnly | QIODevice::Unbuffered);
    const schedlab::SimResult r = schedlab::runScenario(*scenario, schedlab::libexecDir(), &out);
    if (!r.warnings.isEmpty() && r.exitCode == 0)
        std::fputs(qPrintable(r.warnings), stderr);
    if (r.exitCode != 0)
        std::fprintf(stderr, "schedlab-cli: %s: %s\n", qPrintable(path),
                     qPrintable(r.error.trimmed()));
    return r.exitCode;
}

struct LiveArgs
{
    QString dir = QDir::currentPath();
    QString clusterFile, gresFile, stateDir;
};

QString readText(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2").arg(path, f.errorString());
        return {};
    }
    return QString::fromUtf8(f.readAll());
}

std::optional<schedlab::EngineOptions> liveOptions(const LiveArgs &args)
{
    QString error;
    const QString conf = args.clusterFile.isEmpty() ? schedlab::slurm::defaultSlurmConf()
                                                    : readText(args.clusterFile, &error);
    const QString gres =
        args.gresFile.isEmpty()
            ? (args.clusterFile.isEmpty() ? schedlab::slurm::defaultGresConf() : QString())
            : readText(args.gresFile, &error);
    if (!error.isEmpty()) {
        std::fprintf(stderr, "schedlab-cli: %s\n", qPrintable(error));
        return std::nullopt;
    }
    auto parsed = schedlab::slurm::parseClusterConfig(
        conf, gres, args.clusterFile.isEmpty() ? QStringLiteral("slurm.conf") : args.clusterFile, 0,
        args.gresFile.isEmpty() ? QStringLiteral("gres.conf") : args.gresFile, 0);
    for (const auto &m : parsed.messages)
        std::fprintf(stderr, "%s\n", qPrintable(m.toString()));
    if (!parsed.ok())
        return std::nullopt;
    return schedlab::liveEngineOptions(
        parsed.config, conf, args.dir,
        args.stateDir.isEmpty()
            ? QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) +
                  QStringLiteral("/cluster")
            : args.stateDir);
}

// The folder the cluster works in must exist before anything starts: a shell started in a
// missing folder would fail without a word.
bool checkWorkFolder(const QString &dir, const QString &command)
{
    const QFileInfo info(dir);
    if (info.isDir())
        return true;
    std::fprintf(stderr, "schedlab-cli: %s: %s: %s\n", qPrintable(command), qPrintable(dir),
                 info.exists() ? "not a folder" : "no such folder");
    return false;
}

int serveOrShell(const LiveArgs &args, bool shell)
{
    if (!checkWorkFolder(args.dir, shell ? QStringLiteral("shell") : QStringLiteral("serve")))
        return 1;
    const auto options = liveOptions(args);
    if (!options)
        return 2;
    const QString dir = args.dir;
    schedlab::EngineOptions named = *options;
    named.holderName =
        shell ? QStringLiteral("schedlab-cli shell") : QStringLiteral("schedlab-cli serve");
    schedlab::Engine engine(named);
    QString error;
    if (!engine.start(&error)) {
        std::fprintf(stderr, "schedlab-cli: %s\n", qPrintable(error));
        return 1;
    }
    // The caller's own account: jobs run with their rights, as on a cluster.
    const struct passwd *pw = getpwuid(getuid());
    const QString user = pw ? QString::fromLocal8Bit(pw->pw_name)
                            : qEnvironmentVariable("USER", QStringLiteral("user"));
    engine.users().addUser(user);
    if (!shell) {
        std::printf("SCHEDLAB_SOCKET=%s\nPATH=%s:$PATH\n", qPrintable(engine.socketPath()),
                    qPrintable(engine.binDir()));
        std::fflush(stdout);
        return QCoreApplication::exec();
    }
    QProcessEnvironment env = engine.stepEnvironment(user, QStringLiteral("shell"));
    env.insert(QStringLiteral("HOME"), QDir::homePath());
    env.insert(QStringLiteral("PS1"), QStringLiteral("[mini-cluster] \\u@login:\\w\\$ "));
    QProcess bash;
    bash.setProcessEnvironment(env);
    bash.setWorkingDirectory(dir);
    bash.setProcessChannelMode(QProcess::ForwardedChannels);
    bash.setInputChannelMode(QProcess::ForwardedInputChannel);
    QObject::connect(&bash, &QProcess::finished, qApp,
                     [&] { QCoreApplication::exit(bash.exitCode()); });
    QObject::connect(&bash, &QProcess::errorOccurred, qApp, [&](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart)
            return;
        std::fprintf(stderr, "schedlab-cli: shell: /bin/bash: %s\n",
                     qPrintable(bash.errorString()));
        QCoreApplication::exit(1);
    });
    bash.start(QStringLiteral("/bin/bash"), {QStringLiteral("--norc"), QStringLiteral("-i")});
    return QCoreApplication::exec();
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("schedlab"));
    const QStringList args = app.arguments().mid(1);
    if (args.isEmpty())
        return usage();
    if (asksForHelp(args[0]))
        return usage(stdout, 0);
    if (args[0] == QLatin1String("--version")) {
        std::printf("schedlab-cli %s\n", SCHEDLAB_VERSION);
        return 0;
    }
    if (args[0] == QLatin1String("sim")) {
        if (args.size() == 2 && asksForHelp(args[1]))
            return simUsage(stdout, 0);
        return args.size() == 2 ? sim(args[1]) : simUsage(stderr, 2);
    }
    if (args[0] == QLatin1String("grade"))
        return gradeCommand(args.mid(1));
    if (args[0] == QLatin1String("override"))
        return overrideCommand(args.mid(1));
    if (args[0] == QLatin1String("release"))
        return releaseCommand(args.mid(1));
    if (args[0] == QLatin1String("exam"))
        return examCommand(args.mid(1));
    if (args[0] == QLatin1String("variant"))
        return variantCommand(args.mid(1), schedlab::libexecDir());
    if (args[0] == QLatin1String("serve") || args[0] == QLatin1String("shell")) {
        LiveArgs live;
        for (int i = 1; i < args.size(); ++i) {
            const QString &a = args[i];
            if ((a == QLatin1String("--cluster") || a == QLatin1String("--gres") ||
                 a == QLatin1String("--state")) &&
                i + 1 < args.size()) {
                const QString value = QDir(args[++i]).absolutePath();
                (a == QLatin1String("--cluster") ? live.clusterFile
                 : a == QLatin1String("--gres")  ? live.gresFile
                                                 : live.stateDir) = value;
            } else if (asksForHelp(a)) {
                return usage(stdout, 0);
            } else if (a.startsWith(QLatin1Char('-'))) {
                return usage();
            } else {
                live.dir = QDir(a).absolutePath();
            }
        }
        // No cluster on a workspace whose exam runs: the exam is answered without one.
        if (const QString busy = examRunningIn({live.dir}); !busy.isEmpty()) {
            std::fprintf(stderr, "schedlab-cli: %s\n", qPrintable(busy));
            return 1;
        }
        return serveOrShell(live, args[0] == QLatin1String("shell"));
    }
    return usage();
}
