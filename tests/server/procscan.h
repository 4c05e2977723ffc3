// What /proc says of the processes a test started: alive or not, and which carry a marker in
// their environment (every process a containment test starts inherits one).
#pragma once

#include <QDir>
#include <QFile>
#include <QList>

#include <unistd.h>

namespace schedlab::testing {

inline QByteArray procText(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The state letter of /proc/<pid>/stat ('R', 'S', 'T', 'Z'...), 0 when it is gone.
inline char processState(qint64 pid)
{
    const QByteArray stat = procText(QStringLiteral("/proc/%1/stat").arg(pid));
    const qsizetype close = stat.lastIndexOf(')'); // comm may hold spaces and parentheses
    return close < 0 || close + 2 >= stat.size() ? 0 : stat.at(close + 2);
}

// A zombie is gone as far as a job or step is concerned; only its parent's wait is missing.
inline bool processExists(qint64 pid)
{
    const char state = processState(pid);
    return state != 0 && state != 'Z';
}

// Live processes (this one aside) whose environment holds `marker`.
inline QList<qint64> processesWithMarker(const QByteArray &marker)
{
    QList<qint64> found;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs);
    for (const QString &entry : entries) {
        bool ok = false;
        const qint64 pid = entry.toLongLong(&ok);
        if (!ok || pid == ::getpid() || !processExists(pid))
            continue;
        if (procText(QStringLiteral("/proc/%1/environ").arg(pid)).contains(marker))
            found << pid;
    }
    return found;
}

} // namespace schedlab::testing
