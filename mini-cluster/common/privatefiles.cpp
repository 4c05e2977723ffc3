// Private files and folders: modes set with fchmod on what was opened, never through a link.
#include "privatefiles.h"

#include <QDir>
#include <QFile>

#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace schedlab::files {

namespace {

QString reason(const QString &path, int err)
{
    return QStringLiteral("%1: %2").arg(path, QString::fromLocal8Bit(std::strerror(err)));
}

// Sets the mode of what `fd` is, when it is ours and of the expected type.
void tighten(int fd, bool folder)
{
    struct stat st = {};
    if (fstat(fd, &st) != 0 || st.st_uid != geteuid())
        return;
    if (folder ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode))
        fchmod(fd, folder ? 0700 : 0600);
}

void tightenAt(int dirFd, int depth)
{
    tighten(dirFd, true);
    if (depth > 8)
        return;
    const int listFd = dup(dirFd);
    DIR *dir = listFd >= 0 ? fdopendir(listFd) : nullptr;
    if (!dir) {
        if (listFd >= 0)
            ::close(listFd);
        return;
    }
    while (const dirent *entry = readdir(dir)) {
        if (!std::strcmp(entry->d_name, ".") || !std::strcmp(entry->d_name, ".."))
            continue;
        // O_NONBLOCK: a FIFO is not waited on; O_NOFOLLOW: a link is left alone.
        const int fd =
            openat(dirFd, entry->d_name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
        if (fd < 0)
            continue;
        struct stat st = {};
        if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))
            tightenAt(fd, depth + 1);
        else
            tighten(fd, false);
        ::close(fd);
    }
    closedir(dir);
}

} // namespace

bool makePrivateFolder(const QString &folder, QString *error)
{
    if (!QDir().mkpath(folder)) {
        *error = reason(folder, errno ? errno : EACCES);
        return false;
    }
    const int fd = ::open(QFile::encodeName(folder).constData(),
                          O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        *error = reason(folder, errno);
        return false;
    }
    struct stat st = {};
    const bool ok = fstat(fd, &st) == 0 && (st.st_uid != geteuid() || fchmod(fd, 0700) == 0);
    const int err = errno;
    ::close(fd);
    if (!ok)
        *error = reason(folder, err);
    return ok;
}

bool makePrivateFile(const QString &path, QString *error)
{
    const int fd = ::open(QFile::encodeName(path).constData(),
                          O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0600);
    if (fd < 0) {
        *error = reason(path, errno);
        return false;
    }
    tighten(fd, false);
    ::close(fd);
    return true;
}

void tightenBelow(const QString &folder)
{
    const int fd = ::open(QFile::encodeName(folder).constData(),
                          O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return;
    tightenAt(fd, 0);
    ::close(fd);
}

} // namespace schedlab::files
