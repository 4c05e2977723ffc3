// One writer per folder: a lock file held with flock() on an open descriptor, so the kernel
// lets it go when its holder ends, even by kill -9; the file names who holds it.
#pragma once

#include <QDateTime>
#include <QString>

#include <optional>

namespace schedlab::files {

// Who holds a lock, as its holder wrote it in the lock file.
struct LockHolder
{
    QString user;
    QString host;
    qint64 pid = 0;
    QString program;
    QDateTime since; // UTC
    // "schedlab-cli serve (user kim on vm, pid 4242, since 2026-12-02 11:43:00 UTC)"
    QString describe() const;
};

class FolderLock
{
public:
    FolderLock() = default;
    ~FolderLock();
    FolderLock(FolderLock &&other) noexcept;
    FolderLock &operator=(FolderLock &&other) noexcept;
    FolderLock(const FolderLock &) = delete;
    FolderLock &operator=(const FolderLock &) = delete;

    // Takes `lockFile` (created mode 0600 with its folder if needed) for `program` and
    // writes the holder's details in it. Never waits: when another descriptor holds it, in
    // this process or another, false with `error` naming the holder. The lock is never
    // guessed stale from a pid: only the kernel's release counts.
    bool acquire(const QString &lockFile, const QString &program, QString *error);
    bool isHeld() const { return fd_ >= 0; }
    const QString &path() const { return path_; }
    // Lets it go (also done by the destructor and by the kernel when the process dies).
    void release();

    // The holder of `lockFile` now, or nothing when no one holds it. Used to refuse a
    // choice early; acquire() is the only real test.
    static std::optional<LockHolder> holder(const QString &lockFile);

private:
    int fd_ = -1;
    QString path_;
};

} // namespace schedlab::files
