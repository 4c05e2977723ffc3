// What many tests do with files and the command line: write a file (folders made as
// needed), and run schedlab-cli as an instructor would, bounded in time.
#pragma once

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStringList>

namespace schedlab::testing {

// Writes `bytes` at `path`, creating its folders; a test that cannot set up stops there.
inline void writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(bytes);
}

struct CliRun
{
    bool finished = false;
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

#ifdef SCHEDLAB_CLI
// schedlab-cli with `args`; a hang shows as finished == false after `timeoutMs`, never as a
// test stuck for ever.
inline CliRun runCli(const QStringList &args, int timeoutMs = 60000)
{
    QProcess p;
    p.start(QStringLiteral(SCHEDLAB_CLI), args);
    CliRun r;
    r.finished = p.waitForFinished(timeoutMs);
    if (!r.finished) {
        p.kill();
        p.waitForFinished(5000);
    }
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}
#endif

} // namespace schedlab::testing
