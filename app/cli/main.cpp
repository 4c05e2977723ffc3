// schedlab-cli: the headless workbench (sim, serve, shell).
#include "engine.h"
#include "scenario.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTimeZone>

#include <cstdio>
#include <pwd.h>
#include <unistd.h>

namespace {

// The private command folder: beside the build's binaries, or the installed libexec.
QString libexecDir()
{
    const QString env = qEnvironmentVariable("SCHEDLAB_LIBEXEC");
    if (!env.isEmpty())
        return env;
    const QString appDir = QCoreApplication::applicationDirPath();
    for (const QString &candidate : {appDir + QStringLiteral("/../libexec/schedlab"),
                                     QStringLiteral(SCHEDLAB_BUILD_LIBEXEC),
                                     QStringLiteral(SCHEDLAB_INSTALL_LIBEXEC)})
        if (QFileInfo::exists(candidate + QStringLiteral("/schedlab-client")))
            return QDir(candidate).canonicalPath();
    return QStringLiteral(SCHEDLAB_BUILD_LIBEXEC);
}

int usage()
{
    std::fputs("Usage: schedlab-cli COMMAND [ARGS]\n"
               "  sim FILE        run a scenario in virtual time and print its transcript\n"
               "  serve [DIR]     run the mini-cluster headless; prints SCHEDLAB_SOCKET=...\n"
               "  shell [DIR]     open bash with sbatch, squeue, ... talking to the mini-cluster\n",
               stderr);
    return 2;
}

int sim(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "schedlab-cli: %s: %s\n", qPrintable(path), qPrintable(file.errorString()));
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
    const schedlab::SimResult r = schedlab::runScenario(*scenario, libexecDir(), &out);
    if (!r.warnings.isEmpty() && r.exitCode == 0)
        std::fputs(qPrintable(r.warnings), stderr);
    if (r.exitCode != 0)
        std::fprintf(stderr, "schedlab-cli: %s: %s\n", qPrintable(path), qPrintable(r.error.trimmed()));
    return r.exitCode;
}

schedlab::EngineOptions liveOptions(const QString &dir)
{
    schedlab::EngineOptions o;
    auto parsed = schedlab::slurm::parseClusterConfig(schedlab::slurm::defaultSlurmConf(),
                                                     schedlab::slurm::defaultGresConf());
    o.config = parsed.config;
    o.config.accountingEnabled = true;
    o.config.accountingStorageType = QStringLiteral("accounting_storage/slurmdbd");
    o.startEpoch = QDateTime::currentSecsSinceEpoch();
    o.workDir = dir;
    o.stateDir = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + QStringLiteral("/cluster");
    o.libexecDir = libexecDir();
    o.simulated = false;
    return o;
}

int serveOrShell(const QString &dir, bool shell)
{
    schedlab::Engine engine(liveOptions(dir));
    QString error;
    if (!engine.start(&error)) {
        std::fprintf(stderr, "schedlab-cli: %s\n", qPrintable(error));
        return 1;
    }
    // The caller's own account: jobs run with their rights, as on a cluster.
    const struct passwd *pw = getpwuid(getuid());
    const QString user = pw ? QString::fromLocal8Bit(pw->pw_name) : qEnvironmentVariable("USER", QStringLiteral("user"));
    engine.users().addUser(user);
    if (!shell) {
        std::printf("SCHEDLAB_SOCKET=%s\nPATH=%s:$PATH\n", qPrintable(engine.socketPath()), qPrintable(engine.binDir()));
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
    QObject::connect(&bash, &QProcess::finished, qApp, [&] { QCoreApplication::exit(bash.exitCode()); });
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
    if (args[0] == QLatin1String("sim") && args.size() == 2)
        return sim(args[1]);
    if (args[0] == QLatin1String("serve") || args[0] == QLatin1String("shell")) {
        const QString dir = args.size() > 1 ? QDir(args[1]).absolutePath() : QDir::currentPath();
        return serveOrShell(dir, args[0] == QLatin1String("shell"));
    }
    return usage();
}
