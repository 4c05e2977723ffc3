// Runs a program under a memory cap (RLIMIT_AS) and a time limit, and reports how it ended
// and its peak resident memory as the kernel measured it (wait4's ru_maxrss).
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <sys/types.h>

namespace reliability {

// Every hostile input runs under this cap: far above what any legitimate run of these
// commands needs (the largest measured is well under 300 MiB), far below the machine.
constexpr qint64 kMemoryCapBytes = qint64(1) << 30;

// What a child reads on stdin: `prefix`, then `fillBytes` copies of `fill`, streamed (the
// test process never holds them: its own memory at fork counts in the child's peak).
struct StdinFeed
{
    QByteArray prefix;
    qint64 fillBytes = 0;
    char fill = '\0';
    qint64 size() const { return prefix.size() + fillBytes; }
};

struct CappedResult
{
    bool started = false;
    bool timedOut = false;
    int exitCode = -1; // when it exited
    int signal = 0;    // when a signal ended it
    long peakKb = 0;   // ru_maxrss
    QByteArray out, err;
    qint64 outBytes = 0; // everything it wrote to stdout, even past what is kept
    QString describe() const;
    bool exitedNormally() const { return started && !timedOut && signal == 0; }
};

// Runs argv[0] (an absolute path) with `env` ("K=V") in `cwd` (else the current folder),
// feeding `input` (or nothing) on stdin; a run still going after `timeoutMs` is killed and reported
// as timed out. Kept output is capped at 16 MiB per stream; outBytes counts all of it.
CappedResult runCapped(const QStringList &argv, const QStringList &env, qint64 capBytes,
                       int timeoutMs, const StdinFeed &input = {}, const QString &cwd = {});

// A long-lived child (the engine): started under the cap, its first stdout lines read until
// `readyPrefix` appears, then left running.
class CappedProcess
{
public:
    ~CappedProcess();
    bool start(const QStringList &argv, const QStringList &env, qint64 capBytes,
               const QByteArray &readyPrefix, int timeoutMs);
    QByteArray header() const { return header_; }
    bool alive();
    // SIGTERM, then its end and peak memory (SIGKILL if it does not end in `timeoutMs`).
    CappedResult stop(int timeoutMs);
    pid_t pid() const { return pid_; }

private:
    pid_t pid_ = -1;
    int outFd_ = -1;
    QByteArray header_;
    CappedResult ended_;
    bool reaped_ = false;
};

} // namespace reliability
