// The login-node branch's own costs, against the test login node of
// scripts/login-node-env.sh (a real sshd and Slurm on 127.0.0.1):
//   bench_loginnode ENV_FILE [ROUNDS]
// Per round: a fresh session connects (key with passphrase; host key already known), uploads
// a script, runs sbatch, and follows the job at a 500 ms interval until it is COMPLETED and
// its output is downloaded. Printed: connect, submit (upload + sbatch), sbatch -> first R
// seen, end -> COMPLETED seen, and the commands each round sent. The job itself sleeps 2 s.
#include "keyfiles.h"
#include "loginnodesession.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>

using namespace schedlab::remote;

namespace {

struct Round
{
    double connectMs = 0, submitMs = 0, toRunningMs = 0, endToCompletedMs = 0;
    int commands = 0;
};

QHash<QString, QString> readEnv(const QString &path)
{
    QHash<QString, QString> env;
    QFile file(path);
    if (file.open(QIODevice::ReadOnly))
        for (const QByteArray &line : file.readAll().split('\n'))
            if (const qsizetype eq = line.indexOf('='); eq > 0)
                env.insert(QString::fromUtf8(line.left(eq)), QString::fromUtf8(line.mid(eq + 1)));
    return env;
}

// Runs the event loop until `done` holds or `ms` pass; false on timeout.
template <typename F> bool waitFor(F done, int ms)
{
    QDeadlineTimer deadline(ms);
    while (!done() && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 20);
    return done();
}

double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    return values.isEmpty() ? 0 : values[values.size() / 2];
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr,
                     "usage: bench_loginnode ENV_FILE [ROUNDS]\n"
                     "  ENV_FILE: written by `scripts/login-node-env.sh up DIR` (as root)\n");
        return 2;
    }
    const QHash<QString, QString> env = readEnv(QString::fromLocal8Bit(argv[1]));
    const int rounds = argc > 2 ? std::atoi(argv[2]) : 5;
    QTemporaryDir home;
    const QString key = home.filePath(QStringLiteral("id_ed25519"));
    const QByteArray passphrase = "bench passphrase";
    if (!generateEd25519Key({key, passphrase, QStringLiteral("bench")}).ok)
        return 1;
    QFile authorized(env.value(QStringLiteral("AUTHORIZED_KEYS")));
    if (!authorized.open(QIODevice::Append))
        return std::fprintf(stderr, "cannot write %s\n", qPrintable(authorized.fileName())), 1;
    QFile pub(key + QStringLiteral(".pub"));
    pub.open(QIODevice::ReadOnly);
    authorized.write(pub.readAll());
    authorized.close();
    const QString script = home.filePath(QStringLiteral("bench.sbatch"));
    QFile scriptFile(script);
    scriptFile.open(QIODevice::WriteOnly);
    scriptFile.write("#!/bin/bash\n#SBATCH --job-name=bench\n#SBATCH --output=bench-%j.out\n"
                     "#SBATCH --time=00:01:00\n#SBATCH --mem=100M\nhostname\nsleep 2\n");
    scriptFile.close();

    LoginProfile profile;
    profile.host = env.value(QStringLiteral("SSH_HOST"));
    profile.port = env.value(QStringLiteral("SSH_PORT")).toInt();
    profile.user = env.value(QStringLiteral("TEST_USER"));
    profile.keyFile = key;
    profile.remoteFolder = QStringLiteral("schedlab-bench");
    QList<double> connects, submits, runnings, completions, commands;
    for (int round = 0; round <= rounds; ++round) { // round 0 records the host key only
        LoginNodeSession session;
        session.setKnownHostsFile(home.filePath(QStringLiteral("known_hosts")));
        session.setPollInterval(500);
        int sent = 0;
        QObject::connect(&session, &LoginNodeSession::hostKeyQuestion, &session,
                         [&session] { session.answerHostKey(true); });
        QObject::connect(&session, &LoginNodeSession::passphraseNeeded, &session,
                         [&session, &passphrase] { session.givePassphrase(passphrase); });
        QElapsedTimer clock;
        clock.start();
        session.connectToNode(profile);
        if (!waitFor([&] { return session.stage() == LoginNodeSession::Stage::Connected; }, 30000))
            return std::fprintf(stderr, "could not connect\n"), 1;
        const double connectMs = clock.nsecsElapsed() / 1e6;
        QObject::connect(&session, &LoginNodeSession::activity, &session,
                         [&sent](const QString &line) {
                             sent += line.startsWith(QLatin1String("$ ")) ||
                                             line.startsWith(QLatin1String("sftp "))
                                         ? 1
                                         : 0;
                         });
        quint32 id = 0;
        QObject::connect(&session, &LoginNodeSession::submitted, &session,
                         [&id](quint32 j) { id = j; });
        bool downloaded = false;
        QObject::connect(&session, &LoginNodeSession::outputDownloaded, &session,
                         [&] { downloaded = true; });
        clock.restart();
        session.submit({script}, QStringLiteral("bench.sbatch"),
                       home.filePath(QStringLiteral("out")));
        if (!waitFor([&] { return id != 0; }, 30000))
            return std::fprintf(stderr, "sbatch failed\n"), 1;
        const double submitMs = clock.nsecsElapsed() / 1e6;
        clock.restart();
        if (!waitFor(
                [&] {
                    return session.job(id).state == QLatin1String("RUNNING") ||
                           session.job(id).finished();
                },
                30000))
            return 1;
        const double runningMs = clock.nsecsElapsed() / 1e6;
        if (!waitFor([&] { return session.job(id).finished() && downloaded; }, 60000))
            return 1;
        const JobStatus job = session.job(id);
        // The job's own end is known to the second; when it was seen is now.
        const double completedMs = (QDateTime::currentMSecsSinceEpoch() - job.endTime * 1000.0);
        if (round == 0)
            continue;
        connects << connectMs;
        submits << submitMs;
        runnings << runningMs;
        completions << completedMs;
        commands << sent;
        std::printf("round %d: connect %.0f ms, submit %.0f ms, R seen after %.0f ms, "
                    "COMPLETED seen %.0f ms after the end, %d transcript commands\n",
                    round, connectMs, submitMs, runningMs, completedMs, sent);
    }
    std::printf("median over %d rounds: connect %.0f ms, upload+sbatch %.0f ms, R seen %.0f ms "
                "after sbatch, COMPLETED seen %.0f ms after the job's end (poll 500 ms; end time "
                "known to the second), %.0f transcript commands per job\n",
                rounds, median(connects), median(submits), median(runnings), median(completions),
                median(commands));
    return 0;
}
