// Test helpers for disks that refuse writes: a file size limit (any user, "File too large")
// and a really full file system (root: a small tmpfs in a private mount namespace, "No space
// left on device").
#pragma once

#include <QByteArray>
#include <QDir>
#include <QString>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <unistd.h>

namespace schedlab::testing {

// RLIMIT_FSIZE with SIGXFSZ ignored: a write past the limit fails with EFBIG, as a full disk
// fails it with ENOSPC. Lifted again when destroyed.
class FileSizeLimit
{
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        getrlimit(RLIMIT_FSIZE, &old_);
        oldHandler_ = std::signal(SIGXFSZ, SIG_IGN);
        rlimit lim = old_;
        lim.rlim_cur = bytes;
        setrlimit(RLIMIT_FSIZE, &lim);
    }
    ~FileSizeLimit() { lift(); }
    FileSizeLimit(const FileSizeLimit &) = delete;
    FileSizeLimit &operator=(const FileSizeLimit &) = delete;
    void lift()
    {
        if (lifted_)
            return;
        lifted_ = true;
        setrlimit(RLIMIT_FSIZE, &old_);
        std::signal(SIGXFSZ, oldHandler_);
    }

private:
    rlimit old_{};
    void (*oldHandler_)(int) = nullptr;
    bool lifted_ = false;
};

// A small tmpfs mounted over a folder, seen only by the calling thread (a mount namespace of
// its own, every mount below / made private first, so nothing reaches the host), that can be
// filled to the last byte and freed again. Needs root (CAP_SYS_ADMIN): `error()` says why
// when it could not be set up, for a QSKIP.
class FullDisk
{
public:
    FullDisk(const QString &folder, qint64 bytes)
        : folder_(QDir(folder).absolutePath())
    {
        if (geteuid() != 0) {
            error_ = QStringLiteral("a full disk needs root (a tmpfs in a private mount "
                                    "namespace); run the tests as root, as CI does");
            return;
        }
        if (!privateNamespace()) {
            error_ = QStringLiteral("unshare(CLONE_NEWNS): %1")
                         .arg(QString::fromLocal8Bit(std::strerror(errno)));
            return;
        }
        const QByteArray options = "size=" + QByteArray::number(bytes) + ",mode=0755";
        if (::mount("schedlab-full", folder_.toLocal8Bit().constData(), "tmpfs", 0,
                    options.constData()) != 0) {
            error_ = QStringLiteral("mount tmpfs on %1: %2")
                         .arg(folder_, QString::fromLocal8Bit(std::strerror(errno)));
            return;
        }
        mounted_ = true;
    }
    ~FullDisk()
    {
        if (mounted_)
            ::umount2(folder_.toLocal8Bit().constData(), MNT_DETACH);
    }
    FullDisk(const FullDisk &) = delete;
    FullDisk &operator=(const FullDisk &) = delete;

    bool ok() const { return mounted_; }
    QString error() const { return error_; }

    // Writes a filler file until the file system says ENOSPC: no byte is left.
    bool fill()
    {
        const QByteArray path = (folder_ + QStringLiteral("/.filler")).toLocal8Bit();
        const int fd = ::open(path.constData(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
        if (fd < 0)
            return false;
        const QByteArray chunk(4096, 'f');
        int err = 0;
        for (;;) {
            if (::write(fd, chunk.constData(), size_t(chunk.size())) < 0) {
                err = errno;
                break;
            }
        }
        // Whatever fits in a last partial page, too.
        while (err == ENOSPC && ::write(fd, "f", 1) == 1) {
        }
        ::close(fd);
        return err == ENOSPC;
    }
    // Removes the filler: the space is back.
    void free() { ::unlink((folder_ + QStringLiteral("/.filler")).toLocal8Bit().constData()); }

private:
    // Once per thread: later calls find the namespace already private.
    static bool privateNamespace()
    {
        static thread_local bool done = false;
        if (done)
            return true;
        if (::unshare(CLONE_NEWNS) != 0)
            return false;
        if (::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0)
            return false;
        done = true;
        return true;
    }

    QString folder_;
    QString error_;
    bool mounted_ = false;
};

} // namespace schedlab::testing
