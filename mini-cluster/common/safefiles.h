// The two ways SchedLab touches files it does not own: reading what a student handed in
// (never through a link, never a special file, never more than a cap) and saving a file so
// that it is either whole on the disk or left as it was.
//
// Every path check here is made on an open descriptor, never on a path that is then
// opened: a student cannot swap a file for a link between the check and the read.
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <sys/types.h>

namespace schedlab::files {

enum class ReadStatus {
    Ok,
    Missing,    // no such file (or a folder on the way is missing)
    Link,       // the file, or a folder on the way below the root, is a symbolic link
    NotRegular, // a folder, FIFO, socket or device
    TooBig,     // larger than the cap
    Unreadable, // permission or I/O error
    BadPath,    // an absolute relative path, "..", or an empty component
};

struct ReadResult
{
    ReadStatus status = ReadStatus::Missing;
    QByteArray bytes;
    qint64 size = 0; // the file's size, also when it was too big to read
    QString error;   // English, naming the path and the problem; empty when Ok
    bool ok() const { return status == ReadStatus::Ok; }
};

// Reads `relative` ("ex1/sommeil.sbatch") below `root`. The root is the folder the user
// chose and is opened as given; every component below it is opened with O_NOFOLLOW, and
// the file with O_NONBLOCK (a FIFO never blocks) then checked with fstat: regular files of
// at most `maxBytes` bytes only.
ReadResult readBelow(const QString &root, const QString &relative, qint64 maxBytes);

// The same for a file whose full path is trusted up to its folder (the folder is opened as
// given, only the file itself must not be a link).
ReadResult readFile(const QString &path, qint64 maxBytes);

enum class EntryType { File, Dir, Link, Other };

struct DirEntry
{
    QString name;
    EntryType type = EntryType::Other;
    qint64 size = 0;
};

// The entries of `relative` below `root` (reached without following links), sorted by name,
// described as they are (a link is reported as a link, never followed). `error` is set and
// the list empty when the folder cannot be opened that way.
QList<DirEntry> listBelow(const QString &root, const QString &relative, QString *error = nullptr);

// What lies at `relative` below `root`, looked at without following any link.
struct PathKind
{
    bool exists = false;
    EntryType type = EntryType::Other;
};
PathKind kindBelow(const QString &root, const QString &relative);

struct WriteResult
{
    bool ok = false;
    QString error; // English, naming the file and the reason (the system's own words)
};

// Saves `bytes` as `path`: written to a new file beside it, every write checked, fsync'ed,
// renamed over the old one, and the folder fsync'ed. On any failure (disk full, size limit,
// permissions) the previous file is left untouched and the temporary one removed. An
// existing file keeps its permissions; a new one gets `newFileMode` (less the umask).
WriteResult saveFile(const QString &path, const QByteArray &bytes, mode_t newFileMode = 0666);

// Whether a save must survive a power cut (fsync of the file and its folder), or only be
// whole when read back by this process: a scratch copy in a temporary folder removed soon
// after (the files extracted from a class's zips), where thousands of fsyncs would cost
// seconds for nothing.
enum class Sync { Durable, Scratch };

// Saves `bytes` as `relative` below `root`, a folder whose content is untrusted (a student's
// or a class's): no component below `root` may be a link (folders are created as needed,
// mode 0755 less the umask), the target must not be a link nor anything but a regular file,
// and nothing is ever written outside `root`.
WriteResult saveBelow(const QString &root, const QString &relative, const QByteArray &bytes,
                      mode_t newFileMode = 0666, Sync sync = Sync::Durable);

// A file written in pieces (a download), with saveFile's guarantees: nothing replaces the
// target until commit() succeeds; destroying it uncommitted removes the temporary file.
class DurableWriter
{
public:
    explicit DurableWriter(QString path, mode_t newFileMode = 0666);
    ~DurableWriter();
    DurableWriter(const DurableWriter &) = delete;
    DurableWriter &operator=(const DurableWriter &) = delete;

    bool open();
    bool write(const char *data, qint64 size);
    bool write(const QByteArray &bytes) { return write(bytes.constData(), bytes.size()); }
    bool commit();
    void cancel();
    QString errorString() const { return error_; }
    QString path() const { return path_; }

private:
    friend WriteResult saveBelow(const QString &, const QString &, const QByteArray &, mode_t,
                                 Sync);
    // Writes into an already opened folder (saveBelow reached it without following links).
    void adoptFolder(int dirFd, const QString &fileName, bool refuseLinks);
    bool openTemp();
    bool fail(const QString &what, int err);

    QString path_;
    mode_t mode_;
    int dirFd_ = -1;
    int fd_ = -1;
    QString fileName_;
    QString tempName_;
    bool refuseLinks_ = false;
    Sync sync_ = Sync::Durable;
    QString error_;
};

// Splits a relative path into its components; false for an absolute path, "..", "." or an
// empty component (what no student path should ever hold).
bool splitRelative(const QString &relative, QStringList *components);

} // namespace schedlab::files
