// File access as an ordinary user, for tests that need a file or folder the user cannot read.
// CI runs as root, which reads everything: there, this thread's file-system identity drops to
// "nobody" for the scope (setfsuid: the kernel then clears the capabilities that let root
// bypass permissions, for this thread only), and comes back at the end. Not root: nothing to do.
//
// What the test then touches must be reachable by that user: see openUpTo().
#pragma once

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QString>

#include <sys/fsuid.h>
#include <sys/stat.h>
#include <unistd.h>

namespace schedlab::testing {

constexpr uid_t kNobody = 65534;

class AsUnprivileged
{
public:
    AsUnprivileged()
        : active_(::geteuid() == 0)
    {
        if (active_) {
            ::setfsgid(kNobody);
            ::setfsuid(kNobody);
        }
    }
    ~AsUnprivileged()
    {
        if (active_) {
            ::setfsuid(0);
            ::setfsgid(0);
        }
    }
    AsUnprivileged(const AsUnprivileged &) = delete;
    AsUnprivileged &operator=(const AsUnprivileged &) = delete;

private:
    bool active_;
};

// Lets "nobody" reach `path` and work in it when root made it (a QTemporaryDir is 0700):
// every folder from `top` down to `path` can be entered, and `path` itself written.
inline void openUpTo(const QString &top, const QString &path)
{
    if (::geteuid() != 0)
        return;
    QString dir = QDir::cleanPath(path);
    ::chmod(QFile::encodeName(dir).constData(), 0777);
    const QString stop = QDir::cleanPath(top);
    while (dir.size() > stop.size() && dir.startsWith(stop)) {
        dir = QDir::cleanPath(dir + QStringLiteral("/.."));
        ::chmod(QFile::encodeName(dir).constData(), 0755);
    }
}

} // namespace schedlab::testing
