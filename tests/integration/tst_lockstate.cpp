// One engine per state folder: a second `schedlab-cli serve`/`shell`, or an engine in this
// process, refuses with the holder's name; the lock goes with a holder killed by SIGKILL.
#include "engine.h"
#include "folderlock.h"
#include "installpaths.h"
#include "slurmconfig.h"

#include "../common/whoami.h"

#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>
#include <pwd.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace schedlab;

using schedlab::testing::host;
using schedlab::testing::me;

namespace {

// `schedlab-cli serve` on `state`, up once it has printed its socket.
std::unique_ptr<QProcess> startServe(const QString &dir, const QString &state)
{
    auto p = std::make_unique<QProcess>();
    p->start(QStringLiteral(SCHEDLAB_CLI),
             {QStringLiteral("serve"), dir, QStringLiteral("--state"), state});
    return p;
}

bool waitForSocket(QProcess *p, QByteArray *out)
{
    for (int i = 0; i < 200 && !out->contains("SCHEDLAB_SOCKET="); ++i) {
        if (p->state() == QProcess::NotRunning)
            return false;
        p->waitForReadyRead(100);
        *out += p->readAllStandardOutput();
    }
    return out->contains("SCHEDLAB_SOCKET=");
}

struct Run
{
    int exitCode = -1;
    QString out, err;
};

Run runCli(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(SCHEDLAB_CLI), args);
    p.closeWriteChannel();
    Run r;
    if (!p.waitForFinished(30000)) {
        p.kill();
        p.waitForFinished();
        r.err = QStringLiteral("did not finish");
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

// squeue through the socket: the cluster answering it is the first one.
int squeueOn(const QByteArray &serveOut)
{
    const QByteArray line = serveOut.split('\n').first();
    QProcess q;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("SCHEDLAB_SOCKET"),
               QString::fromUtf8(line.mid(line.indexOf('=') + 1)));
    q.setProcessEnvironment(env);
    q.start(QStringLiteral(SCHEDLAB_LIBEXEC "/bin/squeue"), {});
    q.waitForFinished(20000);
    return q.exitStatus() == QProcess::NormalExit ? q.exitCode() : -1;
}

} // namespace

class TestLockState : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup()
    {
        for (auto &p : serves_) {
            if (p->state() != QProcess::NotRunning) {
                p->kill();
                p->waitForFinished(10000);
            }
        }
        serves_.clear();
    }

    // Two `serve`s, then a `shell`, on one state folder: the later ones refuse, exit 1, and
    // name the first one; its socket and database stay its own.
    void aSecondEngineOnOneStateFolderRefuses()
    {
        QTemporaryDir dir;
        const QString state = dir.filePath(QStringLiteral("state"));
        serves_.push_back(startServe(dir.path(), state));
        QByteArray out;
        QVERIFY2(waitForSocket(serves_.back().get(), &out),
                 serves_.back()->readAllStandardError().constData());
        const qint64 pid = serves_.back()->processId();

        for (const QString &command : {QStringLiteral("serve"), QStringLiteral("shell")}) {
            const Run second = runCli({command, dir.path(), QStringLiteral("--state"), state});
            QCOMPARE(second.exitCode, 1);
            QVERIFY2(second.err.startsWith(QStringLiteral("schedlab-cli: ")),
                     qPrintable(second.err));
            const QString holder =
                QStringLiteral("in use by schedlab-cli serve (user %1 on %2, pid %3, since ")
                    .arg(me(), host())
                    .arg(pid);
            QVERIFY2(second.err.contains(holder), qPrintable(second.err));
            QVERIFY2(second.err.contains(QStringLiteral("two mini-clusters cannot share one "
                                                        "accounting database and socket")),
                     qPrintable(second.err));
            QVERIFY(!second.out.contains(QStringLiteral("SCHEDLAB_SOCKET")));
        }
        QCOMPARE(squeueOn(out), 0);
        QVERIFY(QFileInfo(state + QStringLiteral("/socket")).exists());
    }

    // An engine inside a program (the app's) meets the same lock both ways.
    void anEngineInThisProcessMeetsTheSameLock()
    {
        QTemporaryDir dir;
        const QString state = dir.filePath(QStringLiteral("state"));
        const auto parsed = slurm::parseClusterConfig(
            slurm::defaultSlurmConf(), slurm::defaultGresConf(), QStringLiteral("slurm.conf"), 0,
            QStringLiteral("gres.conf"), 0);
        QVERIFY(parsed.ok());
        EngineOptions options =
            liveEngineOptions(parsed.config, slurm::defaultSlurmConf(), dir.path(), state);
        options.libexecDir = QStringLiteral(SCHEDLAB_LIBEXEC);
        options.holderName = QStringLiteral("SchedLab");
        {
            Engine first(options);
            QString error;
            QVERIFY2(first.start(&error), qPrintable(error));
            const Run serve =
                runCli({QStringLiteral("serve"), dir.path(), QStringLiteral("--state"), state});
            QCOMPARE(serve.exitCode, 1);
            QVERIFY2(serve.err.contains(QStringLiteral("in use by SchedLab (user %1 on %2, pid %3")
                                            .arg(me(), host())
                                            .arg(qint64(getpid()))),
                     qPrintable(serve.err));
            Engine second(options);
            QVERIFY(!second.start(&error));
            QVERIFY2(error.contains(QStringLiteral("in use by SchedLab")), qPrintable(error));
        }
        // The first one gone, its folder is free again.
        Engine again(options);
        QString error;
        QVERIFY2(again.start(&error), qPrintable(error));
    }

    // kill -9 leaves no stale lock to guess about: the kernel released it with the process.
    void aKilledHolderLeavesTheFolderFree()
    {
        QTemporaryDir dir;
        const QString state = dir.filePath(QStringLiteral("state"));
        serves_.push_back(startServe(dir.path(), state));
        QByteArray out;
        QVERIFY(waitForSocket(serves_.back().get(), &out));
        QVERIFY(files::FolderLock::holder(state + QStringLiteral("/engine.lock")).has_value());
        ::kill(pid_t(serves_.back()->processId()), SIGKILL);
        QVERIFY(serves_.back()->waitForFinished(10000));
        QVERIFY(!files::FolderLock::holder(state + QStringLiteral("/engine.lock")).has_value());

        serves_.push_back(startServe(dir.path(), state));
        QByteArray again;
        QVERIFY2(waitForSocket(serves_.back().get(), &again),
                 serves_.back()->readAllStandardError().constData());
        QCOMPARE(squeueOn(again), 0);
    }

    // Two locks of one process conflict (flock is per open file, not per process); the file
    // is 0600 whatever the umask; a program started by the holder does not inherit it.
    void theLockItself()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("x.lock"));
        const mode_t old = ::umask(0);
        files::FolderLock first;
        QString error;
        const bool taken = first.acquire(file, QStringLiteral("tester"), &error);
        ::umask(old);
        QVERIFY2(taken, qPrintable(error));
        struct stat st = {};
        QCOMPARE(::stat(QFile::encodeName(file).constData(), &st), 0);
        QCOMPARE(st.st_mode & 07777, mode_t(0600));

        QProcess child; // exec'd while the lock is held: it must not keep the descriptor
        child.start(QStringLiteral("/bin/sleep"), {QStringLiteral("30")});
        QVERIFY(child.waitForStarted());

        files::FolderLock second;
        QVERIFY(!second.acquire(file, QStringLiteral("other"), &error));
        QVERIFY2(error.contains(QStringLiteral("in use by tester (user %1 on %2, pid %3, since ")
                                    .arg(me(), host())
                                    .arg(qint64(getpid()))),
                 qPrintable(error));
        const auto holder = files::FolderLock::holder(file);
        QVERIFY(holder);
        QCOMPARE(holder->program, QStringLiteral("tester"));
        QCOMPARE(holder->pid, qint64(getpid()));
        QVERIFY(holder->since.isValid());

        first.release();
        QVERIFY(!files::FolderLock::holder(file));
        QVERIFY2(second.acquire(file, QStringLiteral("other"), &error), qPrintable(error));
        child.kill();
        child.waitForFinished();
    }

    // A link planted where the lock file goes is not followed (nothing is truncated there).
    void aLinkIsNotALockFile()
    {
        QTemporaryDir dir;
        const QString target = dir.filePath(QStringLiteral("precious"));
        QFile f(target);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("keep me\n");
        f.close();
        const QString link = dir.filePath(QStringLiteral("engine.lock"));
        QVERIFY(QFile::link(target, link));
        files::FolderLock lock;
        QString error;
        QVERIFY(!lock.acquire(link, QStringLiteral("tester"), &error));
        QVERIFY2(error.contains(link), qPrintable(error));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("keep me\n"));
    }

private:
    std::vector<std::unique_ptr<QProcess>> serves_;
};

QTEST_GUILESS_MAIN(TestLockState)
#include "tst_lockstate.moc"
