// Reading a zip nobody vouches for (a student's hand-in, a class download from an LMS): every
// entry name checked, links and encrypted entries refused, every size capped on what is
// actually decompressed, and files written only below a private folder.
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace schedlab::handin {

// What one archive may hold. Two presets; a caller may tighten them (tests do). The same
// figures are listed in docs/limits.md.
struct ZipLimits
{
    qint64 maxArchiveBytes = 32LL << 20; // the zip file itself
    int maxEntries = 2000;               // entries in its central directory
    qint64 maxEntryBytes = 8LL << 20;    // one entry, decompressed
    qint64 maxTotalBytes = 64LL << 20;   // every entry together, decompressed
    // A zip bomb: an entry that decompresses to more than `maxRatio` times its compressed
    // size, once it is past `ratioFloor` bytes (small text files legitimately compress
    // far better than large ones).
    double maxRatio = 100;
    qint64 ratioFloor = 1LL << 20;
    // Zips inside zips the caller may open (a class zip holding hand-in zips is 1): the
    // caller passes the depth to fromBytes, which refuses deeper ones.
    int maxNesting = 1;
    int maxNameBytes = 1024;     // a whole entry name, UTF-8
    int maxComponentBytes = 255; // one component of it (what a file system accepts)

    // One student's hand-in: 32 MiB, 2,000 entries, 8 MiB per entry, 64 MiB in all.
    static ZipLimits handIn() { return {}; }
    // A class download (Moodle's "Download all submissions"), a zip of hand-in zips or of
    // folders: 256 MiB, 20,000 entries, 32 MiB per entry (a whole hand-in), 512 MiB in all.
    static ZipLimits classArchive();
};

// A problem with an archive or one of its entries, in English: "alice.zip: ../evil: the
// name climbs out of the archive's folder with '..'".
struct ZipProblem
{
    QString zip;   // the archive's name as the user knows it ("class.zip/alice.zip")
    QString entry; // the entry's name as stored (empty for the archive as a whole)
    QString sentence;
    QString text() const;
    bool operator==(const ZipProblem &) const = default;
};

struct ZipEntryInfo
{
    QString name;              // checked and normalised: '/'-separated, relative, no ".."
    QString storedName;        // as the archive stores it ("ex1\\sommeil.sbatch")
    qint64 declaredSize = 0;   // the header's word for it: never trusted
    qint64 compressedSize = 0; // as stored
    qint64 index = 0;          // libzip's index
};

// An entry name as an archive stores it turned into a safe relative path: backslashes become
// '/', then a name that is absolute ("/x", "C:\x", "\\server\x"), holds a ".." or an empty
// component, a NUL or control character, or is too long is refused (nullopt with the
// sentence). "a/" (a folder entry) gives "a/".
std::optional<QString> normaliseEntryName(const QString &stored, const ZipLimits &limits,
                                          QString *why);

// The one top-level folder every name lies under ("alice" for alice/ex1/..., alice/ex2/...),
// ignoring the "__MACOSX/" folder macOS adds; empty when the names sit at the top level or
// under several folders.
QString commonTopFolder(const QStringList &names);

class SafeZip
{
public:
    // The zip `relative` below `root` (the folder the user chose), read with
    // files::readBelow: never through a link, regular files only, at most
    // limits.maxArchiveBytes.
    static std::optional<SafeZip> open(const QString &root, const QString &relative,
                                       const ZipLimits &limits, ZipProblem *error);
    // A zip whose bytes are already read (one entry of a class zip). `name` is how problems
    // name it; `depth` is 0 for a zip on disk, 1 for a zip inside it, ...: past
    // limits.maxNesting it is refused.
    static std::optional<SafeZip> fromBytes(const QByteArray &bytes, const QString &name,
                                            const ZipLimits &limits, int depth, ZipProblem *error);
    // True when `bytes` start like a zip archive (local header or empty archive).
    static bool looksLikeZip(const QByteArray &bytes);

    SafeZip(SafeZip &&) noexcept;
    SafeZip &operator=(SafeZip &&) noexcept;
    ~SafeZip();

    const QString &name() const;
    int depth() const;
    // The files it holds whose names passed every check, in the archive's order (folder
    // entries are left out: saving a file creates its folders).
    const QList<ZipEntryInfo> &entries() const;
    QStringList names() const;
    bool contains(const QString &name) const;
    // Entries refused when the archive was opened (name, link, special file, encrypted,
    // declared size over a cap, twice the same name): none of them is ever read or written.
    const QList<ZipProblem> &problems() const;
    bool clean() const { return problems().isEmpty(); }
    QString commonTopFolder() const { return handin::commonTopFolder(names()); }

    // The bytes of a listed entry, decompressed up to the caps: the entry's own, its ratio,
    // and what is left of the archive's total (every read counts). nullopt with the problem.
    std::optional<QByteArray> read(const QString &name, ZipProblem *error);

    // Writes every listed entry below `privateDir` with files::saveBelow (never outside it,
    // never through a link), folders 0700 and files 0600. Stops at the first problem (a
    // cap reached, a damaged entry, the disk) and returns it, with what was written so far
    // left for the caller's PrivateTempDir to remove.
    bool extractTo(const QString &privateDir, ZipProblem *error);

private:
    struct Impl;
    explicit SafeZip(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> d;
};

// A folder only this user can enter (mkdtemp, 0700) under QDir::tempPath(), removed with
// everything below it when the object goes; links inside are removed, never followed.
class PrivateTempDir
{
public:
    explicit PrivateTempDir(const QString &prefix = QStringLiteral("schedlab"));
    ~PrivateTempDir();
    PrivateTempDir(const PrivateTempDir &) = delete;
    PrivateTempDir &operator=(const PrivateTempDir &) = delete;

    bool isValid() const { return !path_.isEmpty(); }
    const QString &path() const { return path_; }
    QString errorString() const { return error_; }
    // Removes it now (also done by the destructor); false when something stayed.
    bool remove();

private:
    QString path_;
    QString error_;
};

// Removes `path` and, when it is a folder, everything below it; a link is removed, never
// followed. False when something could not be removed.
bool removeTree(const QString &path);

} // namespace schedlab::handin
