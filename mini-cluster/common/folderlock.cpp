// The folder lock: flock() on a descriptor kept open for as long as the lock is held.
#include "folderlock.h"

#include <QFile>
#include <QStringList>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <pwd.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <utility>

namespace schedlab::files {

namespace {

constexpr qsizetype kMaxHolderBytes = 4096;

QString systemError(int err)
{
    return QString::fromLocal8Bit(std::strerror(err));
}

QString currentUser()
{
    if (const struct passwd *pw = getpwuid(geteuid()))
        return QString::fromLocal8Bit(pw->pw_name);
    return QString::number(geteuid());
}

QString hostName()
{
    char name[256] = {};
    if (gethostname(name, sizeof name - 1) != 0)
        return QStringLiteral("?");
    return QString::fromLocal8Bit(name);
}

// One line per field: easy to read with cat, and a value cannot break another line.
QByteArray holderText(const QString &program)
{
    const auto clean = [](QString s) { return s.replace(u'\n', u' ').toUtf8(); };
    return "user=" + clean(currentUser()) + "\nhost=" + clean(hostName()) +
           "\npid=" + QByteArray::number(qint64(getpid())) + "\nprogram=" + clean(program) +
           "\nsince=" + QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toUtf8() + "\n";
}

LockHolder parseHolder(const QByteArray &text)
{
    LockHolder h;
    for (const QByteArray &line : text.split('\n')) {
        const qsizetype eq = line.indexOf('=');
        if (eq <= 0)
            continue;
        const QByteArray key = line.left(eq);
        const QString value = QString::fromUtf8(line.mid(eq + 1));
        if (key == "user")
            h.user = value;
        else if (key == "host")
            h.host = value;
        else if (key == "pid")
            h.pid = value.toLongLong();
        else if (key == "program")
            h.program = value;
        else if (key == "since")
            h.since = QDateTime::fromString(value, Qt::ISODate).toUTC();
    }
    return h;
}

LockHolder readHolder(int fd)
{
    QByteArray buffer(kMaxHolderBytes, '\0');
    const ssize_t n = pread(fd, buffer.data(), size_t(buffer.size()), 0);
    buffer.resize(n > 0 ? qsizetype(n) : 0);
    return parseHolder(buffer);
}

int openLockFile(const QString &path, int flags, QString *error)
{
    const int fd = ::open(QFile::encodeName(path).constData(),
                          flags | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0600);
    if (fd < 0) {
        *error = QStringLiteral("cannot open the lock file %1: %2").arg(path, systemError(errno));
        return -1;
    }
    struct stat st = {};
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        *error = QStringLiteral("the lock file %1 is not a regular file").arg(path);
        ::close(fd);
        return -1;
    }
    return fd;
}

} // namespace

QString LockHolder::describe() const
{
    if (pid <= 0)
        return QStringLiteral("another program (its details are not written yet)");
    return QStringLiteral("%1 (user %2 on %3, pid %4, since %5)")
        .arg(program.isEmpty() ? QStringLiteral("another program") : program,
             user.isEmpty() ? QStringLiteral("?") : user,
             host.isEmpty() ? QStringLiteral("?") : host)
        .arg(pid)
        .arg(since.isValid() ? since.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss 'UTC'"))
                             : QStringLiteral("?"));
}

FolderLock::~FolderLock()
{
    release();
}

FolderLock::FolderLock(FolderLock &&other) noexcept
    : fd_(std::exchange(other.fd_, -1))
    , path_(std::move(other.path_))
{}

FolderLock &FolderLock::operator=(FolderLock &&other) noexcept
{
    if (this != &other) {
        release();
        fd_ = std::exchange(other.fd_, -1);
        path_ = std::move(other.path_);
    }
    return *this;
}

bool FolderLock::acquire(const QString &lockFile, const QString &program, QString *error)
{
    release();
    const int fd = openLockFile(lockFile, O_RDWR | O_CREAT, error);
    if (fd < 0)
        return false;
    // A separate open file description: another FolderLock of this same process conflicts
    // too (flock, unlike fcntl's locks, is not shared by the whole process).
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        const int err = errno;
        *error = err == EWOULDBLOCK
                     ? QStringLiteral("%1 is in use by %2").arg(lockFile, readHolder(fd).describe())
                     : QStringLiteral("cannot lock %1: %2").arg(lockFile, systemError(err));
        ::close(fd);
        return false;
    }
    struct stat st = {};
    if (fstat(fd, &st) == 0 && st.st_uid == geteuid())
        fchmod(fd, 0600); // created under any umask, it stays private
    const QByteArray text = holderText(program);
    // Best effort: the lock itself is the flock, the text only names its holder.
    [[maybe_unused]] const bool named =
        ftruncate(fd, 0) == 0 && pwrite(fd, text.constData(), size_t(text.size()), 0) >= 0;
    fd_ = fd;
    path_ = lockFile;
    return true;
}

void FolderLock::release()
{
    if (fd_ < 0)
        return;
    ::close(fd_); // the kernel drops the flock with its last descriptor
    fd_ = -1;
    path_.clear();
}

std::optional<LockHolder> FolderLock::holder(const QString &lockFile)
{
    QString ignored;
    const int fd = openLockFile(lockFile, O_RDONLY, &ignored);
    if (fd < 0)
        return std::nullopt;
    std::optional<LockHolder> out;
    if (flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK)
        out = readHolder(fd);
    ::close(fd);
    return out;
}

} // namespace schedlab::files
