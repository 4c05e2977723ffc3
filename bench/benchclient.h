// For the benchmarks: a command line run through the real clients while the engine serves.
#pragma once

#include "engine.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>

namespace schedlab::bench {

// Runs `command` in bash with the mini-cluster's commands on PATH and the engine serving
// meanwhile; returns its wall time in ms and, in `out`, what it printed (stdout then stderr).
inline double timedClient(Engine &engine, const QString &dir, const QString &command,
                          QByteArray *out)
{
    QProcess p;
    p.setProcessEnvironment(engine.stepEnvironment(QStringLiteral("kim"), QStringLiteral("bench")));
    p.setWorkingDirectory(dir);
    QElapsedTimer t;
    t.start();
    p.start(QStringLiteral("/bin/bash"), {QStringLiteral("-c"), command});
    while (p.state() != QProcess::NotRunning)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
    const double ms = t.nsecsElapsed() / 1e6;
    if (out)
        *out = p.readAllStandardOutput() + p.readAllStandardError();
    return ms;
}

} // namespace schedlab::bench
