// The login-node branch end to end against real parts: an OpenSSH server and a Slurm 22.05
// (slurmctld + slurmd, one node) on 127.0.0.1, started by scripts/login-node-env.sh as root
// (CTest's login_node fixture). The student's key is generated here, the first connection
// asks about the host key, the exercise is uploaded by SFTP, sbatch runs, the job is seen R
// and then COMPLETED, its output comes back with the node's host name, a second job is
// cancelled, and a changed host key and a wrong passphrase are refused. Without that
// environment the test skips and says what it needs.
#include "keyfiles.h"
#include "loginnodesession.h"
#include "slurmcommands.h"
#include "sshclient.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace schedlab::remote;

namespace {

const QByteArray kPassphrase = "correct horse battery staple";
constexpr int kPollMs = 1000; // test jobs sleep for 6 s: at least three rounds see them R

QHash<QString, QString> readEnvFile(const QString &path)
{
    QHash<QString, QString> values;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return values;
    for (const QByteArray &line : file.readAll().split('\n')) {
        const qsizetype equals = line.indexOf('=');
        if (equals > 0)
            values.insert(
                QString::fromUtf8(line.left(equals)).trimmed(),
                QString::fromUtf8(line.mid(equals + 1)).trimmed().remove(QLatin1Char('"')));
    }
    return values;
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool writeFile(const QString &path, const QByteArray &content)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
           file.write(content) == content.size();
}

} // namespace

class TestLoginNode : public QObject
{
    Q_OBJECT

private:
    QHash<QString, QString> env_;
    QTemporaryDir home_;
    QString keyFile_;
    QString knownHosts_;
    QString remoteFolder_;
    QStringList activity_;
    QHash<quint32, QStringList> path_; // every state each job was reported in, in order
    QHash<quint32, QString> ended_;    // the jobs that ended here, and how
    std::unique_ptr<LoginNodeSession> session_;

    LoginProfile profile() const
    {
        LoginProfile profile;
        profile.host = env_.value(QStringLiteral("SSH_HOST"));
        profile.port = env_.value(QStringLiteral("SSH_PORT")).toInt();
        profile.user = env_.value(QStringLiteral("TEST_USER"));
        profile.keyFile = keyFile_;
        profile.remoteFolder = remoteFolder_;
        return profile;
    }

    std::unique_ptr<LoginNodeSession> newSession()
    {
        auto session = std::make_unique<LoginNodeSession>();
        session->setKnownHostsFile(knownHosts_);
        session->setTimeout(10);
        session->setPollInterval(kPollMs);
        LoginNodeSession *reporter = session.get();
        connect(reporter, &LoginNodeSession::jobUpdated, this, [this, reporter](quint32 id) {
            const QString state = reporter->job(id).state;
            if (path_[id].isEmpty() || path_[id].constLast() != state)
                path_[id] << state;
        });
        connect(session.get(), &LoginNodeSession::activity, this,
                [this](const QString &line) { activity_ << line; });
        return session;
    }

    // Waits until job `id` is reported in `state`, remembering every state it went through.
    bool waitForState(quint32 id, const QString &state, QStringList *seen, int timeoutMs)
    {
        QSignalSpy updates(session_.get(), &LoginNodeSession::jobUpdated);
        QDeadlineTimer deadline(timeoutMs);
        while (!deadline.hasExpired()) {
            const QString now = session_->job(id).state;
            if (seen->isEmpty() || seen->constLast() != now)
                *seen << now;
            if (now == state)
                return true;
            updates.wait(500);
        }
        return false;
    }

    QString writeScript(const QString &folder, const QString &name, const QString &jobName,
                        int sleepSeconds)
    {
        QDir().mkpath(folder);
        const QString path = folder + QLatin1Char('/') + name;
        writeFile(path,
                  QStringLiteral(
                      "#!/bin/bash\n#SBATCH --job-name=%1\n#SBATCH --output=%1-%j.out\n"
                      "#SBATCH --time=00:02:00\n#SBATCH --cpus-per-task=1\n#SBATCH --mem=100M\n"
                      "hostname\nsleep %2\n")
                      .arg(jobName)
                      .arg(sleepSeconds)
                      .toUtf8());
        return path;
    }

private Q_SLOTS:
    void initTestCase()
    {
        const QString envFile = qEnvironmentVariable("SCHEDLAB_LOGIN_NODE_ENV");
        env_ = readEnvFile(envFile);
        if (envFile.isEmpty() || env_.value(QStringLiteral("SSH_PORT")).isEmpty())
            QSKIP("needs a test login node: run as root `scripts/login-node-env.sh up DIR` (a real "
                  "sshd "
                  "and Slurm on 127.0.0.1, a test user) and set SCHEDLAB_LOGIN_NODE_ENV=DIR/env; "
                  "CTest "
                  "does both when run as root");
        QVERIFY(home_.isValid());
        keyFile_ = home_.filePath(QStringLiteral(".ssh/id_ed25519_romeo"));
        knownHosts_ = home_.filePath(QStringLiteral(".ssh/known_hosts"));
        remoteFolder_ =
            QStringLiteral("schedlab-test-%1/ex1").arg(QCoreApplication::applicationPid());
    }

    void generateTheKeyAndRegisterIt()
    {
        const KeyGenerationResult generated =
            generateEd25519Key({keyFile_, kPassphrase, QStringLiteral("seance-novembre")});
        QVERIFY2(generated.ok, qPrintable(generated.error));
        const PrivateKeyFacts facts = inspectPrivateKey(keyFile_);
        QVERIFY(facts.encrypted);
        QCOMPARE(facts.type, QStringLiteral("ED25519"));
        // As the organisers would: the public key goes into the account's authorized keys.
        QFile authorized(env_.value(QStringLiteral("AUTHORIZED_KEYS")));
        QVERIFY2(authorized.open(QIODevice::Append), qPrintable(authorized.errorString()));
        authorized.write(readAll(generated.publicPath));
    }

    void firstConnectionAsksAboutTheHostKey()
    {
        session_ = newSession();
        QSignalSpy question(session_.get(), &LoginNodeSession::hostKeyQuestion);
        QSignalSpy passphrase(session_.get(), &LoginNodeSession::passphraseNeeded);
        QSignalSpy failed(session_.get(), &LoginNodeSession::failed);
        QSignalSpy connected(session_.get(), &LoginNodeSession::connected);
        session_->connectToNode(profile());
        QVERIFY(question.wait(15000));
        QCOMPARE(session_->stage(), LoginNodeSession::Stage::AwaitingHostKey);
        // The fingerprint shown is the server's real one, as ssh-keygen -lf prints it.
        const PublicKeyFacts hostKey =
            readPublicKeyFile(env_.value(QStringLiteral("HOST_KEY_PUB")));
        QVERIFY2(hostKey.ok, qPrintable(hostKey.error));
        QVERIFY2(question.first().first().toString().contains(hostKey.fingerprint),
                 qPrintable(question.first().first().toString()));
        QCOMPARE(session_->hostKey().fingerprint, hostKey.fingerprint);
        QVERIFY(!QFile::exists(knownHosts_)); // nothing recorded before the answer

        session_->answerHostKey(true);
        QVERIFY(passphrase.wait(15000));
        QCOMPARE(passphrase.first().at(1).toBool(), false);
        QVERIFY(readAll(knownHosts_)
                    .contains(QStringLiteral("[127.0.0.1]:%1").arg(profile().port).toUtf8()));

        // A wrong passphrase is refused and asked again; the right one connects.
        session_->givePassphrase("not the passphrase");
        QVERIFY(failed.wait(15000));
        QCOMPARE(failed.first().at(1).toInt(), int(SshErrorKind::WrongPassphrase));
        QTRY_COMPARE_WITH_TIMEOUT(passphrase.size(), 2, 15000);
        QCOMPARE(passphrase.last().at(1).toBool(), true);
        session_->givePassphrase(kPassphrase);
        QVERIFY(connected.wait(15000));
        QCOMPARE(session_->stage(), LoginNodeSession::Stage::Connected);
        QVERIFY(session_->hasSlurm());
    }

    void submitFollowAndDownload()
    {
        QVERIFY(session_);
        QTemporaryDir exercise;
        const QString script = writeScript(exercise.path(), QStringLiteral("sommeil.sbatch"),
                                           QStringLiteral("sommeil"), 6);
        writeFile(exercise.filePath(QStringLiteral("notes.txt")), "not a script\n");
        const QString outputs = exercise.filePath(QStringLiteral("login-node"));
        QSignalSpy submitted(session_.get(), &LoginNodeSession::submitted);
        QSignalSpy downloaded(session_.get(), &LoginNodeSession::outputDownloaded);
        session_->submit({script, exercise.filePath(QStringLiteral("notes.txt"))},
                         QStringLiteral("sommeil.sbatch"), outputs);
        QVERIFY(submitted.wait(30000));
        const quint32 id = submitted.first().first().toUInt();
        QVERIFY(id > 0);

        QStringList seen;
        QVERIFY2(waitForState(id, QStringLiteral("COMPLETED"), &seen, 60000),
                 qPrintable(seen.join(QLatin1String(" -> "))));
        const QStringList path = path_.value(id);
        QVERIFY2(path.size() >= 3 && path.first() == QLatin1String("PENDING") &&
                     path.contains(QStringLiteral("RUNNING")) &&
                     path.last() == QLatin1String("COMPLETED"),
                 qPrintable(path.join(QLatin1String(" -> "))));
        const JobStatus job = session_->job(id);
        QCOMPARE(job.nodeList, env_.value(QStringLiteral("NODE_NAME")));
        QCOMPARE(job.exitCode, QStringLiteral("0:0"));
        QVERIFY(job.startTime >= job.submitTime);
        QVERIFY(job.endTime - job.startTime >= 6);
        ended_.insert(id, QStringLiteral("COMPLETED"));

        const QString local = outputs + QStringLiteral("/sommeil-%1.out").arg(id);
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(local), 15000);
        QTRY_COMPARE_WITH_TIMEOUT(QString::fromUtf8(readAll(local)).trimmed(),
                                  env_.value(QStringLiteral("HOSTNAME_IN_JOB")), 15000);
    }

    void cancelASecondJob()
    {
        QVERIFY(session_);
        QTemporaryDir exercise;
        const QString script =
            writeScript(exercise.path(), QStringLiteral("long.sbatch"), QStringLiteral("long"), 90);
        QSignalSpy submitted(session_.get(), &LoginNodeSession::submitted);
        session_->submit({script}, QStringLiteral("long.sbatch"),
                         exercise.filePath(QStringLiteral("login-node")));
        QVERIFY(submitted.wait(30000));
        const quint32 id = submitted.first().first().toUInt();
        QStringList seen;
        QVERIFY2(waitForState(id, QStringLiteral("RUNNING"), &seen, 30000),
                 qPrintable(seen.join(QLatin1String(" -> "))));
        session_->cancel(id);
        QVERIFY2(waitForState(id, QStringLiteral("CANCELLED"), &seen, 30000),
                 qPrintable(seen.join(QLatin1String(" -> "))));
        QVERIFY(activity_.contains(QStringLiteral("$ scancel %1").arg(id)));
        QCOMPARE(session_->job(id).exitCode, QStringLiteral("0:15")); // killed by SIGTERM
        QCOMPARE(path_.value(id).first(), QStringLiteral("PENDING")); // as sbatch answered
        ended_.insert(id, QStringLiteral("CANCELLED"));
    }

    // The login node keeps accounts (slurmdbd): what the app asks sacct, once a job has left
    // squeue, is answered from the database, and read back as the app reads it.
    void finishedJobsAreReadFromAccounting()
    {
        if (env_.value(QStringLiteral("SACCT")) != QLatin1String("yes"))
            QSKIP("this login node runs without accounting (SACCT=no in its env file)");
        QVERIFY(ended_.size() == 2);
        SshClient client;
        client.setKnownHostsFile(knownHosts_);
        QVERIFY(!client.connectToHost(profile()));
        QVERIFY(!client.authenticateWithKey(keyFile_, kPassphrase));
        const QList<quint32> ids = ended_.keys();
        QList<JobStatus> jobs;
        // slurmctld hands finished jobs to slurmdbd on its own schedule: a few seconds at most.
        QDeadlineTimer deadline(30000);
        RemoteResult result;
        do {
            QVERIFY(!client.exec(sacctCommand(ids), &result));
            QCOMPARE(result.exitCode, 0);
            jobs = parseSacct(QString::fromUtf8(result.out));
            bool allEnded = jobs.size() == ids.size();
            for (const JobStatus &job : std::as_const(jobs))
                allEnded = allEnded && job.finished();
            if (allEnded)
                break;
            QTest::qWait(500);
        } while (!deadline.hasExpired());
        QVERIFY2(jobs.size() == ids.size(), result.out.constData());
        for (const JobStatus &job : std::as_const(jobs)) {
            QCOMPARE(job.source, QStringLiteral("sacct"));
            QCOMPARE(baseState(job.state), ended_.value(job.id));
            QCOMPARE(job.user, env_.value(QStringLiteral("TEST_USER")));
            QCOMPARE(job.nodeList, env_.value(QStringLiteral("NODE_NAME")));
            QVERIFY(job.endTime >= job.startTime && job.startTime > 0);
        }
    }

    // The exit code of a remote command, as libssh reports it (0.10 and 0.11 differ here).
    void remoteExitCodes()
    {
        SshClient client;
        client.setKnownHostsFile(knownHosts_);
        QVERIFY(!client.connectToHost(profile()));
        QVERIFY(!client.authenticateWithKey(keyFile_, kPassphrase));
        RemoteResult result;
        QVERIFY(!client.exec(QStringLiteral("exit 3"), &result));
        QCOMPARE(result.exitCode, 3);
        QVERIFY(!client.exec(QStringLiteral("true"), &result));
        QCOMPARE(result.exitCode, 0);
        QVERIFY(!client.exec(QStringLiteral("kill -KILL $$"), &result));
        QCOMPARE(result.exitCode, -1); // ended by a signal: no exit code
    }

    // sbatch's own refusal reaches the student word for word, and nothing is followed.
    void sbatchRefusalIsShown()
    {
        QVERIFY(session_);
        QTemporaryDir exercise;
        const QString script = exercise.filePath(QStringLiteral("bad.sbatch"));
        QVERIFY(writeFile(script, "#!/bin/bash\n#SBATCH --time=2h\nhostname\n"));
        QSignalSpy refused(session_.get(), &LoginNodeSession::submitFailed);
        QSignalSpy submitted(session_.get(), &LoginNodeSession::submitted);
        const int followed = session_->jobs().size();
        session_->submit({script}, QStringLiteral("bad.sbatch"), exercise.path());
        QVERIFY(refused.wait(30000));
        QCOMPARE(refused.first().first().toString(),
                 QStringLiteral("sbatch: error: Invalid --time specification"));
        QCOMPARE(submitted.size(), 0);
        QCOMPARE(session_->jobs().size(), followed);
        QCOMPARE(session_->stage(), LoginNodeSession::Stage::Connected);
    }

    // Everything written on the node is inside the chosen folder.
    void nothingWrittenOutsideTheFolder()
    {
        const QString home = env_.value(QStringLiteral("TEST_HOME"));
        if (home.isEmpty() || !QFileInfo(home).isReadable())
            QSKIP("the test user's home is not readable from here");
        const QString top = remoteFolder_.section(QLatin1Char('/'), 0, 0);
        QDir dir(home);
        const QStringList entries = dir.entryList(QDir::AllEntries | QDir::NoDotAndDotDot);
        QVERIFY2(entries.contains(top), qPrintable(entries.join(QLatin1Char(' '))));
        QDirIterator files(home + QLatin1Char('/') + top, QDir::Files,
                           QDirIterator::Subdirectories);
        QStringList names;
        while (files.hasNext())
            names << QFileInfo(files.next()).fileName();
        names.sort();
        QVERIFY2(names.contains(QStringLiteral("sommeil.sbatch")) &&
                     names.contains(QStringLiteral("notes.txt")),
                 qPrintable(names.join(QLatin1Char(' '))));
    }

    // The connection breaks under the session (its sshd process is killed from inside): the
    // next round of polling says so and the session is disconnected, not stuck.
    void lostConnectionIsReported()
    {
        QVERIFY(session_);
        QSignalSpy failed(session_.get(), &LoginNodeSession::failed);
        session_->run(QStringLiteral("kill -9 $PPID"),
                      [](const RemoteResult &, const SshError &) {});
        QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), 20000);
        QCOMPARE(failed.last().at(1).toInt(), int(SshErrorKind::ConnectionLost));
        QVERIFY2(failed.last().first().toString().contains(QLatin1String("connection")),
                 qPrintable(failed.last().first().toString()));
        QTRY_COMPARE_WITH_TIMEOUT(session_->stage(), LoginNodeSession::Stage::Disconnected, 20000);
    }

    // A key the account does not know: the server says no, and the student is told why.
    void unregisteredKeyIsDenied()
    {
        QTemporaryDir other;
        LoginProfile stranger = profile();
        stranger.keyFile = other.filePath(QStringLiteral("id_ed25519"));
        QVERIFY(
            generateEd25519Key({stranger.keyFile, "another one", QStringLiteral("stranger")}).ok);
        session_ = newSession();
        QSignalSpy passphrase(session_.get(), &LoginNodeSession::passphraseNeeded);
        QSignalSpy failed(session_.get(), &LoginNodeSession::failed);
        session_->connectToNode(stranger);
        QVERIFY(passphrase.wait(15000)); // the host is known by now: no question
        session_->givePassphrase("another one");
        QVERIFY(failed.wait(15000));
        QCOMPARE(failed.first().at(1).toInt(), int(SshErrorKind::KeyDenied));
        QVERIFY(failed.first().first().toString().contains(QLatin1String("refused the key")));
        QTRY_COMPARE(session_->stage(), LoginNodeSession::Stage::Disconnected);
    }

    // Through a real ssh-agent holding the key: no passphrase asked by the app.
    void agentAuthentication()
    {
        QTemporaryDir agentDir;
        const QString socket = agentDir.filePath(QStringLiteral("agent.sock"));
        QProcess agent;
        agent.start(QStringLiteral("ssh-agent"),
                    {QStringLiteral("-D"), QStringLiteral("-a"), socket});
        QVERIFY(agent.waitForStarted());
        QTRY_VERIFY(QFile::exists(socket));
        // ssh-add reads the passphrase from an askpass program, as a desktop would provide.
        const QString askpass = agentDir.filePath(QStringLiteral("askpass"));
        writeFile(askpass, "#!/bin/sh\nprintf '%s\\n' \"$SCHEDLAB_TEST_PASSPHRASE\"\n");
        QFile::setPermissions(askpass, QFile::ReadOwner | QFile::ExeOwner);
        QProcess add;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("SSH_AUTH_SOCK"), socket);
        environment.insert(QStringLiteral("SSH_ASKPASS"), askpass);
        environment.insert(QStringLiteral("SSH_ASKPASS_REQUIRE"), QStringLiteral("force"));
        environment.insert(QStringLiteral("SCHEDLAB_TEST_PASSPHRASE"),
                           QString::fromUtf8(kPassphrase));
        add.setProcessEnvironment(environment);
        add.start(QStringLiteral("ssh-add"), {keyFile_});
        QVERIFY(add.waitForFinished(20000));
        QVERIFY2(add.exitCode() == 0, add.readAllStandardError().constData());

        const QByteArray previous = qgetenv("SSH_AUTH_SOCK");
        qputenv("SSH_AUTH_SOCK", socket.toUtf8());
        LoginProfile withAgent = profile();
        withAgent.useAgent = true;
        session_ = newSession();
        QSignalSpy passphrase(session_.get(), &LoginNodeSession::passphraseNeeded);
        QSignalSpy connected(session_.get(), &LoginNodeSession::connected);
        session_->connectToNode(withAgent);
        const bool ok = connected.wait(15000);
        qputenv("SSH_AUTH_SOCK", previous);
        agent.kill();
        agent.waitForFinished();
        QVERIFY(ok);
        QCOMPARE(passphrase.size(), 0);
        session_.reset();
    }

    void changedHostKeyIsRefused()
    {
        session_.reset();
        // Another key recorded for the same server, as if it had been reinstalled (or spoofed).
        QTemporaryDir other;
        const QString otherKey = other.filePath(QStringLiteral("k"));
        QVERIFY(generateEd25519Key({otherKey, "x", QStringLiteral("other")}).ok);
        const QByteArray recorded = readAll(knownHosts_);
        const QByteArray host = QStringLiteral("[127.0.0.1]:%1").arg(profile().port).toUtf8();
        const QList<QByteArray> otherWords = readAll(otherKey + QStringLiteral(".pub")).split(' ');
        const QByteArray forged = host + ' ' + otherWords[0] + ' ' + otherWords[1] + '\n';
        QVERIFY(writeFile(knownHosts_, forged));

        session_ = newSession();
        QSignalSpy failed(session_.get(), &LoginNodeSession::failed);
        QSignalSpy question(session_.get(), &LoginNodeSession::hostKeyQuestion);
        session_->connectToNode(profile());
        QVERIFY(failed.wait(15000));
        QCOMPARE(failed.first().at(1).toInt(), int(SshErrorKind::HostKeyChanged));
        QVERIFY(failed.first().first().toString().contains(QLatin1String("ssh-keygen -R")));
        QCOMPARE(question.size(), 0); // never offered to replace it
        QCOMPARE(readAll(knownHosts_), forged);
        QTRY_COMPARE(session_->stage(), LoginNodeSession::Stage::Disconnected);
        writeFile(knownHosts_, recorded);
    }

    // No secret in what the app wrote or said.
    void noSecretWritten()
    {
        QDirIterator files(home_.path(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        const QByteArray privateBody = readAll(keyFile_).split('\n').value(1);
        while (files.hasNext()) {
            const QString path = files.next();
            const QByteArray content = readAll(path);
            QVERIFY2(!content.contains(kPassphrase), qPrintable(path));
            if (path != keyFile_)
                QVERIFY2(!content.contains(privateBody), qPrintable(path));
        }
        for (const QString &line : std::as_const(activity_))
            QVERIFY2(!line.contains(QString::fromUtf8(kPassphrase)), qPrintable(line));
    }

    void cleanupTestCase() { session_.reset(); }
};

QTEST_GUILESS_MAIN(TestLoginNode)
#include "tst_loginnode.moc"
