// Reading untrusted folders without following links, and durable, atomic saves.
#include "safefiles.h"

#include <QDir>
#include <QFileInfo>
#include <QRandomGenerator>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace schedlab::files {

namespace {

QString systemText(int err)
{
    return QString::fromLocal8Bit(std::strerror(err));
}

class Fd
{
public:
    explicit Fd(int fd = -1)
        : fd_(fd)
    {}
    ~Fd() { reset(); }
    Fd(const Fd &) = delete;
    Fd &operator=(const Fd &) = delete;
    Fd(Fd &&o) noexcept
        : fd_(o.release())
    {}
    int get() const { return fd_; }
    bool valid() const { return fd_ >= 0; }
    int release()
    {
        const int fd = fd_;
        fd_ = -1;
        return fd;
    }
    void reset(int fd = -1)
    {
        if (fd_ >= 0)
            ::close(fd_);
        fd_ = fd;
    }

private:
    int fd_;
};

QByteArray native(const QString &s)
{
    return QFile::encodeName(s);
}

EntryType typeOf(mode_t mode)
{
    if (S_ISREG(mode))
        return EntryType::File;
    if (S_ISDIR(mode))
        return EntryType::Dir;
    if (S_ISLNK(mode))
        return EntryType::Link;
    return EntryType::Other;
}

// Why `name` in `dirFd` could not be opened as asked, looked at without following it.
ReadStatus classifyFailure(int dirFd, const QByteArray &name, int err)
{
    struct stat st;
    if (::fstatat(dirFd, name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0)
        return errno == ENOENT || errno == ENOTDIR ? ReadStatus::Missing : ReadStatus::Unreadable;
    if (S_ISLNK(st.st_mode))
        return ReadStatus::Link;
    if (err == ENOTDIR)
        return ReadStatus::Missing; // a file where a folder was expected
    if (err == ENXIO || err == ENODEV || !S_ISREG(st.st_mode))
        return ReadStatus::NotRegular;
    return ReadStatus::Unreadable;
}

QString describe(ReadStatus status, const QString &path, int err, qint64 size, qint64 cap)
{
    switch (status) {
    case ReadStatus::Ok:
        return {};
    case ReadStatus::Missing:
        return QStringLiteral("%1: no such file").arg(path);
    case ReadStatus::Link:
        return QStringLiteral("%1: is a symbolic link (not followed)").arg(path);
    case ReadStatus::NotRegular:
        return QStringLiteral("%1: not a regular file").arg(path);
    case ReadStatus::TooBig:
        return QStringLiteral("%1: too large (%2 bytes, at most %3 are read)")
            .arg(path)
            .arg(size)
            .arg(cap);
    case ReadStatus::Unreadable:
        return QStringLiteral("%1: %2").arg(path, systemText(err));
    case ReadStatus::BadPath:
        return QStringLiteral("%1: not a path inside the folder").arg(path);
    }
    return {};
}

struct Walk
{
    Fd dir;
    ReadStatus status = ReadStatus::Ok;
    int err = 0;
};

// Opens the folder made of `components` below `root`, each component with O_NOFOLLOW.
Walk openFolderBelow(const QString &root, const QStringList &components)
{
    Walk w;
    w.dir.reset(::open(native(root).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!w.dir.valid()) {
        w.err = errno;
        w.status = w.err == ENOENT ? ReadStatus::Missing : ReadStatus::Unreadable;
        return w;
    }
    for (const QString &component : components) {
        const QByteArray name = native(component);
        const int next = ::openat(w.dir.get(), name.constData(),
                                  O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (next < 0) {
            w.err = errno;
            w.status = classifyFailure(w.dir.get(), name, w.err);
            w.dir.reset();
            return w;
        }
        w.dir.reset(next);
    }
    return w;
}

QString joined(const QString &root, const QString &relative)
{
    return relative.isEmpty() ? root : root + u'/' + relative;
}

ReadResult readAt(int dirFd, const QByteArray &name, const QString &shownPath, qint64 maxBytes)
{
    ReadResult r;
    Fd fd(::openat(dirFd, name.constData(),
                   O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
    if (!fd.valid()) {
        const int err = errno;
        r.status = classifyFailure(dirFd, name, err);
        r.error = describe(r.status, shownPath, err, 0, maxBytes);
        return r;
    }
    struct stat st;
    if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode)) {
        r.status = ReadStatus::NotRegular;
        r.error = describe(r.status, shownPath, errno, 0, maxBytes);
        return r;
    }
    r.size = st.st_size;
    if (st.st_size > maxBytes) {
        r.status = ReadStatus::TooBig;
        r.error = describe(r.status, shownPath, 0, r.size, maxBytes);
        return r;
    }
    // The file may grow while it is read: never more than the cap, whatever fstat said.
    QByteArray bytes(qsizetype(std::min<qint64>(st.st_size, maxBytes) + 1), Qt::Uninitialized);
    qint64 got = 0;
    while (true) {
        if (got == bytes.size()) {
            if (got > maxBytes)
                break;
            bytes.resize(qsizetype(std::min<qint64>(maxBytes + 1, got * 2 + 4096)));
        }
        const ssize_t n = ::read(fd.get(), bytes.data() + got, size_t(bytes.size() - got));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            r.status = ReadStatus::Unreadable;
            r.error = describe(r.status, shownPath, errno, 0, maxBytes);
            return r;
        }
        if (n == 0)
            break;
        got += n;
    }
    if (got > maxBytes) {
        r.status = ReadStatus::TooBig;
        r.size = got;
        r.error = describe(r.status, shownPath, 0, got, maxBytes);
        return r;
    }
    bytes.resize(qsizetype(got));
    r.bytes = bytes;
    r.size = got;
    r.status = ReadStatus::Ok;
    return r;
}

} // namespace

bool splitRelative(const QString &relative, QStringList *components)
{
    components->clear();
    if (relative.isEmpty())
        return true;
    if (relative.startsWith(u'/') || relative.contains(QChar(0)))
        return false;
    for (const QString &part : relative.split(u'/')) {
        if (part.isEmpty() || part == u"." || part == u"..")
            return false;
        components->append(part);
    }
    return true;
}

ReadResult readBelow(const QString &root, const QString &relative, qint64 maxBytes)
{
    const QString shown = joined(root, relative);
    QStringList parts;
    if (!splitRelative(relative, &parts) || parts.isEmpty()) {
        ReadResult r;
        r.status = ReadStatus::BadPath;
        r.error = describe(r.status, shown, 0, 0, maxBytes);
        return r;
    }
    const QString file = parts.takeLast();
    Walk w = openFolderBelow(root, parts);
    if (!w.dir.valid()) {
        ReadResult r;
        r.status = w.status;
        r.error = describe(r.status, shown, w.err, 0, maxBytes);
        return r;
    }
    return readAt(w.dir.get(), native(file), shown, maxBytes);
}

ReadResult readFile(const QString &path, qint64 maxBytes)
{
    const QFileInfo info(path);
    Fd dir(::open(native(info.absolutePath()).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!dir.valid()) {
        ReadResult r;
        const int err = errno;
        r.status = err == ENOENT || err == ENOTDIR ? ReadStatus::Missing : ReadStatus::Unreadable;
        r.error = describe(r.status, path, err, 0, maxBytes);
        return r;
    }
    return readAt(dir.get(), native(info.fileName()), path, maxBytes);
}

QList<DirEntry> listBelow(const QString &root, const QString &relative, QString *error)
{
    QList<DirEntry> entries;
    QStringList parts;
    const QString shown = joined(root, relative);
    if (!splitRelative(relative, &parts)) {
        if (error)
            *error = describe(ReadStatus::BadPath, shown, 0, 0, 0);
        return entries;
    }
    Walk w = openFolderBelow(root, parts);
    if (!w.dir.valid()) {
        if (error)
            *error = w.status == ReadStatus::Link
                         ? describe(ReadStatus::Link, shown, 0, 0, 0)
                         : QStringLiteral("%1: %2").arg(shown, systemText(w.err));
        return entries;
    }
    const int listFd = ::dup(w.dir.get());
    DIR *d = listFd >= 0 ? ::fdopendir(listFd) : nullptr;
    if (!d) {
        if (listFd >= 0)
            ::close(listFd);
        if (error)
            *error = QStringLiteral("%1: %2").arg(shown, systemText(errno));
        return entries;
    }
    while (const dirent *e = ::readdir(d)) {
        if (std::strcmp(e->d_name, ".") == 0 || std::strcmp(e->d_name, "..") == 0)
            continue;
        struct stat st;
        if (::fstatat(w.dir.get(), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
            continue;
        entries.append(
            DirEntry{QFile::decodeName(e->d_name), typeOf(st.st_mode), qint64(st.st_size)});
    }
    ::closedir(d);
    std::sort(entries.begin(), entries.end(),
              [](const DirEntry &a, const DirEntry &b) { return a.name < b.name; });
    if (error)
        error->clear();
    return entries;
}

PathKind kindBelow(const QString &root, const QString &relative)
{
    QStringList parts;
    if (!splitRelative(relative, &parts))
        return {};
    if (parts.isEmpty()) {
        struct stat st;
        if (::stat(native(root).constData(), &st) != 0)
            return {};
        return PathKind{true, typeOf(st.st_mode)};
    }
    const QString last = parts.takeLast();
    Walk w = openFolderBelow(root, parts);
    if (!w.dir.valid())
        return {};
    struct stat st;
    if (::fstatat(w.dir.get(), native(last).constData(), &st, AT_SYMLINK_NOFOLLOW) != 0)
        return {};
    return PathKind{true, typeOf(st.st_mode)};
}

// --- Saving ---------------------------------------------------------------------------

DurableWriter::DurableWriter(QString path, mode_t newFileMode)
    : path_(std::move(path))
    , mode_(newFileMode)
{}

DurableWriter::~DurableWriter()
{
    cancel();
    if (dirFd_ >= 0)
        ::close(dirFd_);
}

bool DurableWriter::fail(const QString &what, int err)
{
    error_ = QStringLiteral("%1: %2").arg(what, systemText(err));
    cancel();
    return false;
}

void DurableWriter::cancel()
{
    if (fd_ >= 0) {
        ::close(fd_);
        fd_ = -1;
    }
    if (dirFd_ >= 0 && !tempName_.isEmpty())
        ::unlinkat(dirFd_, native(tempName_).constData(), 0);
    tempName_.clear();
}

bool DurableWriter::open()
{
    cancel();
    error_.clear();
    // A trusted path saved through a link saves the link's target, as editors do.
    QFileInfo info(path_);
    if (info.isSymLink()) {
        const QString target = info.canonicalFilePath();
        if (!target.isEmpty())
            info = QFileInfo(target);
    }
    if (dirFd_ < 0) {
        dirFd_ =
            ::open(native(info.absolutePath()).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (dirFd_ < 0)
            return fail(path_, errno);
        fileName_ = info.fileName();
    }
    return openTemp();
}

bool DurableWriter::openTemp()
{
    const QByteArray name = native(fileName_);
    struct stat st;
    bool keepMode = false;
    if (::fstatat(dirFd_, name.constData(), &st, AT_SYMLINK_NOFOLLOW) == 0) {
        if (refuseLinks_ && S_ISLNK(st.st_mode)) {
            error_ = QStringLiteral("%1: is a symbolic link: not written").arg(path_);
            return false;
        }
        if (!S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode)) {
            error_ = QStringLiteral("%1: not a regular file: not written").arg(path_);
            return false;
        }
        keepMode = S_ISREG(st.st_mode);
    }
    for (int attempt = 0; attempt < 100 && fd_ < 0; ++attempt) {
        tempName_ = QStringLiteral(".%1.%2.tmp")
                        .arg(fileName_.left(200))
                        .arg(QRandomGenerator::global()->generate(), 8, 16, QChar(u'0'));
        fd_ = ::openat(dirFd_, native(tempName_).constData(),
                       O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_);
        if (fd_ < 0 && errno != EEXIST) {
            tempName_.clear();
            return fail(path_, errno);
        }
    }
    if (fd_ < 0) {
        tempName_.clear();
        return fail(path_, EEXIST);
    }
    if (keepMode && ::fchmod(fd_, st.st_mode & 07777) != 0)
        return fail(path_, errno);
    return true;
}

bool DurableWriter::write(const char *data, qint64 size)
{
    if (fd_ < 0) {
        if (error_.isEmpty())
            error_ = QStringLiteral("%1: not open").arg(path_);
        return false;
    }
    while (size > 0) {
        const ssize_t n = ::write(fd_, data, size_t(size));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return fail(path_, errno);
        if (n == 0)
            return fail(path_, ENOSPC);
        data += n;
        size -= n;
    }
    return true;
}

bool DurableWriter::commit()
{
    if (fd_ < 0) {
        if (error_.isEmpty())
            error_ = QStringLiteral("%1: not open").arg(path_);
        return false;
    }
    if (sync_ == Sync::Durable && ::fsync(fd_) != 0)
        return fail(path_, errno);
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0)
        return fail(path_, errno);
    if (::renameat(dirFd_, native(tempName_).constData(), dirFd_, native(fileName_).constData()) !=
        0)
        return fail(path_, errno);
    tempName_.clear();
    // The rename is only durable once the folder is: some file systems cannot sync a folder.
    if (sync_ == Sync::Durable && ::fsync(dirFd_) != 0 && errno != EINVAL && errno != EROFS) {
        error_ = QStringLiteral("%1: %2").arg(path_, systemText(errno));
        return false;
    }
    return true;
}

WriteResult saveFile(const QString &path, const QByteArray &bytes, mode_t newFileMode)
{
    DurableWriter w(path, newFileMode);
    if (w.open() && w.write(bytes) && w.commit())
        return WriteResult{true, {}};
    return WriteResult{false, w.errorString()};
}

WriteResult saveBelow(const QString &root, const QString &relative, const QByteArray &bytes,
                      mode_t newFileMode, Sync sync)
{
    const QString shown = joined(root, relative);
    QStringList parts;
    if (!splitRelative(relative, &parts) || parts.isEmpty())
        return WriteResult{false, describe(ReadStatus::BadPath, shown, 0, 0, 0)};
    const QString file = parts.takeLast();
    Fd dir(::open(native(root).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!dir.valid())
        return WriteResult{false, QStringLiteral("%1: %2").arg(root, systemText(errno))};
    for (const QString &component : parts) {
        const QByteArray name = native(component);
        int next =
            ::openat(dir.get(), name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (next < 0 && errno == ENOENT) {
            if (::mkdirat(dir.get(), name.constData(), 0755) != 0 && errno != EEXIST)
                return WriteResult{false, QStringLiteral("%1: %2").arg(shown, systemText(errno))};
            next = ::openat(dir.get(), name.constData(),
                            O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        }
        if (next < 0) {
            const int err = errno;
            const ReadStatus why = classifyFailure(dir.get(), name, err);
            return WriteResult{
                false,
                why == ReadStatus::Link
                    ? QStringLiteral("%1: %2 is a symbolic link: not written").arg(shown, component)
                    : QStringLiteral("%1: %2").arg(shown, systemText(err))};
        }
        dir.reset(next);
    }
    DurableWriter w(shown, newFileMode);
    w.adoptFolder(dir.release(), file, true);
    w.sync_ = sync;
    if (w.openTemp() && w.write(bytes) && w.commit())
        return WriteResult{true, {}};
    return WriteResult{false, w.errorString()};
}

void DurableWriter::adoptFolder(int dirFd, const QString &fileName, bool refuseLinks)
{
    if (dirFd_ >= 0)
        ::close(dirFd_);
    dirFd_ = dirFd;
    fileName_ = fileName;
    refuseLinks_ = refuseLinks;
}

} // namespace schedlab::files
