// The archive checked entry by entry with libzip, read from memory, and written below a
// private folder with the project's safe file helpers.
#include "safezip.h"

#include "privatefiles.h"
#include "safefiles.h"

#include <QDir>
#include <QHash>
#include <QRegularExpression>

#include <zip.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace schedlab::handin {

namespace {

// A path as the system takes it (what QFile::encodeName does on Linux).
QByteArray native(const QString &path)
{
    return path.toLocal8Bit();
}

QString sizeText(qint64 bytes)
{
    if (bytes >= (1LL << 20) && bytes % (1LL << 20) == 0)
        return QStringLiteral("%1 MiB").arg(bytes >> 20);
    return QStringLiteral("%1 bytes").arg(bytes);
}

quint32 le16(const QByteArray &b, qsizetype at)
{
    return quint32(quint8(b[at])) | quint32(quint8(b[at + 1])) << 8;
}

quint32 le32(const QByteArray &b, qsizetype at)
{
    return le16(b, at) | le16(b, at + 2) << 16;
}

quint64 le64(const QByteArray &b, qsizetype at)
{
    return quint64(le32(b, at)) | quint64(le32(b, at + 4)) << 32;
}

// The names as the central directory stores them, with their real length: libzip turns a NUL
// in a name into a space, so a NUL is only seen here. Also the entry count, read before
// libzip allocates for it. Empty (and count -1) when the layout is not the plain one; libzip
// then judges the archive alone.
struct RawDirectory
{
    qint64 count = -1;
    QList<QByteArray> names;
};

RawDirectory readRawDirectory(const QByteArray &b, qint64 maxEntries)
{
    RawDirectory raw;
    const qsizetype n = b.size();
    qsizetype eocd = -1;
    for (qsizetype at = n - 22; at >= 0 && at >= n - 22 - 65535; --at)
        if (le32(b, at) == 0x06054b50) {
            eocd = at;
            break;
        }
    if (eocd < 0)
        return raw;
    quint64 count = le16(b, eocd + 10);
    quint64 offset = le32(b, eocd + 16);
    if (count == 0xffff || offset == 0xffffffff) {
        const qsizetype locator = eocd - 20;
        if (locator < 0 || le32(b, locator) != 0x07064b50)
            return raw;
        const quint64 at64 = le64(b, locator + 8);
        if (n < 56 || at64 > quint64(n - 56) || le32(b, qsizetype(at64)) != 0x06064b50)
            return raw;
        count = le64(b, qsizetype(at64) + 32);
        offset = le64(b, qsizetype(at64) + 48);
    }
    raw.count = qint64(std::min<quint64>(count, quint64(1) << 62));
    if (raw.count > maxEntries)
        return raw; // refused on the count alone: its names are not worth reading
    qsizetype at = qsizetype(std::min<quint64>(offset, quint64(n)));
    for (quint64 i = 0; i < count; ++i) {
        if (at + 46 > n || le32(b, at) != 0x02014b50)
            return RawDirectory{raw.count, {}}; // an offset prefix or damage: libzip decides
        const qsizetype nameLength = le16(b, at + 28);
        const qsizetype next = at + 46 + nameLength + le16(b, at + 30) + le16(b, at + 32);
        if (next > n)
            return RawDirectory{raw.count, {}};
        raw.names << b.mid(at + 46, nameLength);
        at = next;
    }
    return raw;
}

bool isControl(char32_t c)
{
    return c < 0x20 || (c >= 0x7f && c <= 0x9f);
}

// Why a file of this type (the Unix mode in the entry's external attributes) is refused;
// empty for a regular file, a folder, or an archive made elsewhere than on Unix.
QString typeRefusal(zip_t *zip, zip_uint64_t index)
{
    zip_uint8_t system = 0;
    zip_uint32_t attributes = 0;
    if (zip_file_get_external_attributes(zip, index, 0, &system, &attributes) != 0 ||
        system != ZIP_OPSYS_UNIX)
        return {};
    const mode_t type = mode_t(attributes >> 16) & S_IFMT;
    if (type == S_IFLNK)
        return QStringLiteral("is a symbolic link: links are never extracted");
    if (type != 0 && type != S_IFREG && type != S_IFDIR)
        return QStringLiteral("is not a regular file (a device, FIFO or socket): refused");
    return {};
}

} // namespace

ZipLimits ZipLimits::classArchive()
{
    ZipLimits l;
    l.maxArchiveBytes = 256LL << 20;
    l.maxEntries = 20000;
    l.maxEntryBytes = 32LL << 20;
    l.maxTotalBytes = 512LL << 20;
    return l;
}

QString ZipProblem::text() const
{
    if (entry.isEmpty())
        return zip + QStringLiteral(": ") + sentence;
    return zip + QStringLiteral(": ") + entry + QStringLiteral(": ") + sentence;
}

std::optional<QString> normaliseEntryName(const QString &stored, const ZipLimits &limits,
                                          QString *why)
{
    QString name = stored;
    name.replace(u'\\', u'/');
    const auto refuse = [why](const QString &sentence) -> std::optional<QString> {
        *why = sentence;
        return std::nullopt;
    };
    if (name.contains(QChar(0)))
        return refuse(QStringLiteral("the name holds a NUL character: refused"));
    for (const char32_t c : name.toUcs4())
        if (isControl(c))
            return refuse(QStringLiteral("the name holds a control character: refused"));
    if (name.toUtf8().size() > limits.maxNameBytes)
        return refuse(QStringLiteral("the name is longer than the %1 bytes allowed: refused")
                          .arg(limits.maxNameBytes));
    if (name.startsWith(u'/'))
        return refuse(QStringLiteral("the name is an absolute path: refused"));
    static const QRegularExpression drive(QStringLiteral("^[A-Za-z]:"));
    if (drive.match(name).hasMatch())
        return refuse(QStringLiteral("the name starts with a drive letter: refused"));
    const bool folder = name.endsWith(u'/');
    const QString body = folder ? name.chopped(1) : name;
    for (const QString &part : body.split(u'/')) {
        if (part.isEmpty())
            return refuse(QStringLiteral("the name has an empty component: refused"));
        if (part == QLatin1String(".."))
            return refuse(
                QStringLiteral("the name climbs out of the archive's folder with '..': refused"));
        if (part == QLatin1String("."))
            return refuse(QStringLiteral("the name has a '.' component: refused"));
        if (part.toUtf8().size() > limits.maxComponentBytes)
            return refuse(QStringLiteral("a part of the name is longer than the %1 bytes a file "
                                         "name may have: refused")
                              .arg(limits.maxComponentBytes));
    }
    return name;
}

QString commonTopFolder(const QStringList &names)
{
    QString top;
    bool any = false;
    for (const QString &name : names) {
        if (name.startsWith(QLatin1String("__MACOSX/")))
            continue;
        const qsizetype slash = name.indexOf(u'/');
        if (slash <= 0)
            return {}; // a file at the top level
        const QString first = name.left(slash);
        if (any && first != top)
            return {};
        top = first;
        any = true;
    }
    return top;
}

struct SafeZip::Impl
{
    QByteArray bytes; // libzip reads the archive from here
    zip_source_t *source = nullptr;
    zip_t *zip = nullptr;
    QString name;
    int depth = 0;
    ZipLimits limits;
    QList<ZipEntryInfo> entries;
    QHash<QString, qsizetype> byName;
    QList<ZipProblem> problems;
    qint64 totalRead = 0;

    ~Impl()
    {
        if (zip)
            zip_discard(zip); // read only: nothing to write back
        else if (source)
            zip_source_free(source);
    }

    ZipProblem problem(const QString &entry, const QString &sentence) const
    {
        return ZipProblem{name, entry, sentence};
    }
    bool openArchive(ZipProblem *error);
    void listEntries(const RawDirectory &raw);
    std::optional<QByteArray> read(const ZipEntryInfo &entry, ZipProblem *error);
};

bool SafeZip::Impl::openArchive(ZipProblem *error)
{
    zip_error_t failure;
    zip_error_init(&failure);
    source = zip_source_buffer_create(bytes.constData(), zip_uint64_t(bytes.size()), 0, &failure);
    if (source)
        zip = zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &failure);
    if (!zip) {
        *error = problem({}, QStringLiteral("not a readable zip archive (%1)")
                                 .arg(QString::fromUtf8(zip_error_strerror(&failure))));
        zip_error_fini(&failure);
        return false;
    }
    zip_error_fini(&failure);
    return true;
}

void SafeZip::Impl::listEntries(const RawDirectory &raw)
{
    const zip_int64_t count = zip_get_num_entries(zip, 0);
    const bool rawKnown = raw.names.size() == count;
    for (zip_int64_t i = 0; i < count; ++i) {
        zip_stat_t st;
        zip_stat_init(&st);
        if (zip_stat_index(zip, zip_uint64_t(i), 0, &st) != 0 || !(st.valid & ZIP_STAT_NAME)) {
            problems << problem(QStringLiteral("#%1").arg(i + 1),
                                QStringLiteral("the entry cannot be read (%1)")
                                    .arg(QString::fromUtf8(zip_strerror(zip))));
            continue;
        }
        const QString stored = QString::fromUtf8(st.name);
        const auto refuse = [&](const QString &sentence) { problems << problem(stored, sentence); };
        QString why;
        std::optional<QString> name;
        // Checked on the bytes as stored: libzip shows a NUL as a space, and reads a control
        // byte in a name not flagged UTF-8 as a CP437 picture ('\x01' as U+263A).
        const char *rawName = zip_get_name(zip, zip_uint64_t(i), ZIP_FL_ENC_RAW);
        const QByteArray stored8 = rawKnown ? raw.names[i] : QByteArray(rawName ? rawName : "");
        if (stored8.contains('\0'))
            why = QStringLiteral("the name holds a NUL character: refused");
        else if (std::any_of(stored8.begin(), stored8.end(),
                             [](char c) { return quint8(c) < 0x20 || quint8(c) == 0x7f; }))
            why = QStringLiteral("the name holds a control character: refused");
        else
            name = normaliseEntryName(stored, limits, &why);
        if (!name) {
            refuse(why);
            continue;
        }
        if (const QString type = typeRefusal(zip, zip_uint64_t(i)); !type.isEmpty()) {
            refuse(type);
            continue;
        }
        if (name->endsWith(u'/'))
            continue; // a folder: saving its files creates it
        if ((st.valid & ZIP_STAT_ENCRYPTION_METHOD) && st.encryption_method != ZIP_EM_NONE) {
            refuse(QStringLiteral("is encrypted: SchedLab opens no password-protected entry; "
                                  "hand in a zip made without a password"));
            continue;
        }
        const qint64 declared = qint64(std::min<zip_uint64_t>(st.size, quint64(1) << 62));
        const qint64 compressed = qint64(std::min<zip_uint64_t>(st.comp_size, quint64(1) << 62));
        if (declared > limits.maxEntryBytes) {
            refuse(QStringLiteral("would decompress to %1, more than the %2 allowed per file")
                       .arg(sizeText(declared), sizeText(limits.maxEntryBytes)));
            continue;
        }
        if (declared > limits.ratioFloor &&
            double(declared) > limits.maxRatio * double(compressed)) {
            refuse(QStringLiteral("is compressed %1 times (a zip bomb?): more than the %2 times "
                                  "allowed")
                       .arg(qint64(double(declared) / double(std::max<qint64>(compressed, 1))))
                       .arg(limits.maxRatio));
            continue;
        }
        if (byName.contains(*name)) {
            refuse(QStringLiteral("appears twice in the archive (as %1): refused")
                       .arg(entries[byName.value(*name)].storedName));
            continue;
        }
        byName.insert(*name, entries.size());
        entries << ZipEntryInfo{*name, stored, declared, compressed, i};
    }
}

std::optional<QByteArray> SafeZip::Impl::read(const ZipEntryInfo &entry, ZipProblem *error)
{
    const auto fail = [&](const QString &sentence) -> std::optional<QByteArray> {
        *error = problem(entry.storedName, sentence);
        return std::nullopt;
    };
    zip_file_t *file = zip_fopen_index(zip, zip_uint64_t(entry.index), 0);
    if (!file) {
        if (zip_error_code_zip(zip_get_error(zip)) == ZIP_ER_NOPASSWD)
            return fail(QStringLiteral("is encrypted: SchedLab opens no password-protected entry"));
        return fail(
            QStringLiteral("cannot be read (%1)").arg(QString::fromUtf8(zip_strerror(zip))));
    }
    // Read until one byte past the header's size at most: the header is never trusted, and
    // nothing beyond the caps is ever decompressed.
    QByteArray out;
    QString why;
    char chunk[65536];
    for (;;) {
        const qint64 room = entry.declaredSize + 1 - out.size();
        const zip_int64_t n =
            zip_fread(file, chunk, zip_uint64_t(std::min<qint64>(room, sizeof chunk)));
        if (n < 0) {
            why = QStringLiteral("is damaged (%1)").arg(QString::fromUtf8(zip_file_strerror(file)));
            break;
        }
        if (n == 0)
            break;
        out.append(chunk, qsizetype(n));
        const qint64 got = out.size();
        if (got > entry.declaredSize)
            why = QStringLiteral("holds more than the %1 its header says: the archive is damaged "
                                 "or forged")
                      .arg(sizeText(entry.declaredSize));
        else if (got > limits.maxEntryBytes)
            why = QStringLiteral("decompresses to more than the %1 allowed per file")
                      .arg(sizeText(limits.maxEntryBytes));
        else if (totalRead + got > limits.maxTotalBytes)
            why = QStringLiteral("the archive decompresses to more than the %1 allowed in all: "
                                 "reading stopped")
                      .arg(sizeText(limits.maxTotalBytes));
        else if (got > limits.ratioFloor &&
                 double(got) > limits.maxRatio * double(std::max<qint64>(entry.compressedSize, 1)))
            why = QStringLiteral("is compressed more than %1 times (a zip bomb?): reading stopped")
                      .arg(limits.maxRatio);
        if (!why.isEmpty() || room <= n)
            break;
    }
    zip_fclose(file);
    if (why.isEmpty() && out.size() != entry.declaredSize)
        why = QStringLiteral("is shorter than its header says: the archive is damaged");
    totalRead += out.size();
    if (!why.isEmpty())
        return fail(why);
    return out;
}

SafeZip::SafeZip(std::unique_ptr<Impl> impl)
    : d(std::move(impl))
{}
SafeZip::SafeZip(SafeZip &&) noexcept = default;
SafeZip &SafeZip::operator=(SafeZip &&) noexcept = default;
SafeZip::~SafeZip() = default;

std::optional<SafeZip> SafeZip::open(const QString &root, const QString &relative,
                                     const ZipLimits &limits, ZipProblem *error)
{
    const files::ReadResult read = files::readBelow(root, relative, limits.maxArchiveBytes);
    if (read.ok())
        return fromBytes(read.bytes, relative, limits, 0, error);
    QString sentence;
    switch (read.status) {
    case files::ReadStatus::TooBig:
        sentence = QStringLiteral("is larger (%1) than the %2 allowed for this archive")
                       .arg(sizeText(read.size), sizeText(limits.maxArchiveBytes));
        break;
    case files::ReadStatus::Link:
        sentence = QStringLiteral("is a symbolic link: not opened");
        break;
    case files::ReadStatus::NotRegular:
        sentence = QStringLiteral("is not a regular file: not opened");
        break;
    case files::ReadStatus::Missing:
        sentence = QStringLiteral("no such file");
        break;
    default:
        sentence = read.error;
    }
    *error = ZipProblem{relative, {}, sentence};
    return std::nullopt;
}

std::optional<SafeZip> SafeZip::fromBytes(const QByteArray &bytes, const QString &name,
                                          const ZipLimits &limits, int depth, ZipProblem *error)
{
    const auto refuse = [&](const QString &sentence) -> std::optional<SafeZip> {
        *error = ZipProblem{name, {}, sentence};
        return std::nullopt;
    };
    if (depth > limits.maxNesting)
        return refuse(QStringLiteral("is a zip inside a zip at depth %1: zips inside zips are "
                                     "opened to depth %2 only")
                          .arg(depth)
                          .arg(limits.maxNesting));
    if (bytes.size() > limits.maxArchiveBytes)
        return refuse(QStringLiteral("is larger (%1) than the %2 allowed for this archive")
                          .arg(sizeText(bytes.size()), sizeText(limits.maxArchiveBytes)));
    const RawDirectory raw = readRawDirectory(bytes, limits.maxEntries);
    if (raw.count > limits.maxEntries)
        return refuse(QStringLiteral("holds %1 entries, more than the %2 allowed")
                          .arg(raw.count)
                          .arg(limits.maxEntries));
    auto impl = std::make_unique<Impl>();
    impl->bytes = bytes;
    impl->name = name;
    impl->depth = depth;
    impl->limits = limits;
    if (!impl->openArchive(error))
        return std::nullopt;
    const zip_int64_t count = zip_get_num_entries(impl->zip, 0);
    if (count > limits.maxEntries)
        return refuse(QStringLiteral("holds %1 entries, more than the %2 allowed")
                          .arg(count)
                          .arg(limits.maxEntries));
    impl->listEntries(raw);
    qint64 declared = 0;
    for (const ZipEntryInfo &e : std::as_const(impl->entries))
        declared += e.declaredSize;
    if (declared > limits.maxTotalBytes)
        return refuse(QStringLiteral("would decompress to %1, more than the %2 allowed in all")
                          .arg(sizeText(declared), sizeText(limits.maxTotalBytes)));
    return SafeZip(std::move(impl));
}

bool SafeZip::looksLikeZip(const QByteArray &bytes)
{
    return bytes.startsWith(QByteArrayLiteral("PK\x03\x04")) ||
           bytes.startsWith(QByteArrayLiteral("PK\x05\x06"));
}

const QString &SafeZip::name() const
{
    return d->name;
}

int SafeZip::depth() const
{
    return d->depth;
}

const QList<ZipEntryInfo> &SafeZip::entries() const
{
    return d->entries;
}

QStringList SafeZip::names() const
{
    QStringList list;
    for (const ZipEntryInfo &e : d->entries)
        list << e.name;
    return list;
}

bool SafeZip::contains(const QString &name) const
{
    return d->byName.contains(name);
}

const QList<ZipProblem> &SafeZip::problems() const
{
    return d->problems;
}

std::optional<QByteArray> SafeZip::read(const QString &name, ZipProblem *error)
{
    const auto at = d->byName.constFind(name);
    if (at == d->byName.constEnd()) {
        *error = d->problem(name, QStringLiteral("no such entry"));
        return std::nullopt;
    }
    return d->read(d->entries[*at], error);
}

bool SafeZip::extractTo(const QString &privateDir, ZipProblem *error)
{
    bool ok = true;
    for (const ZipEntryInfo &e : std::as_const(d->entries)) {
        const std::optional<QByteArray> bytes = d->read(e, error);
        if (!bytes) {
            ok = false;
            break;
        }
        const files::WriteResult w =
            files::saveBelow(privateDir, e.name, *bytes, 0600, files::Sync::Scratch);
        if (!w.ok) {
            *error = d->problem(e.storedName, QStringLiteral("cannot be written: %1").arg(w.error));
            ok = false;
            break;
        }
    }
    // saveBelow makes folders 0755 less the umask; inside a 0700 folder no one else could
    // enter them meanwhile.
    files::tightenBelow(privateDir);
    return ok;
}

namespace {

// Removes what `name` is in the folder `dirFd`, without following a link.
bool removeAt(int dirFd, const char *name)
{
    if (::unlinkat(dirFd, name, 0) == 0 || errno == ENOENT)
        return true;
    if (errno != EISDIR && errno != EPERM)
        return false;
    const int fd = ::openat(dirFd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return false;
    ::fchmod(fd, 0700); // a folder we made read-only is still ours to empty
    DIR *dir = ::fdopendir(fd);
    if (!dir) {
        ::close(fd);
        return false;
    }
    bool ok = true;
    QList<QByteArray> names;
    while (const dirent *e = ::readdir(dir))
        if (std::strcmp(e->d_name, ".") != 0 && std::strcmp(e->d_name, "..") != 0)
            names << QByteArray(e->d_name);
    for (const QByteArray &child : std::as_const(names))
        ok = removeAt(::dirfd(dir), child.constData()) && ok;
    ::closedir(dir);
    return ::unlinkat(dirFd, name, AT_REMOVEDIR) == 0 && ok;
}

} // namespace

bool removeTree(const QString &path)
{
    // file-access: trusted (a folder this process made; below it nothing is followed)
    const QString absolute = QDir::cleanPath(QDir(path).absolutePath());
    const qsizetype slash = absolute.lastIndexOf(u'/');
    const QByteArray parent = native(slash <= 0 ? QStringLiteral("/") : absolute.left(slash));
    const QByteArray leaf = native(absolute.mid(slash + 1));
    const int dirFd = ::open(parent.constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirFd < 0)
        return false;
    const bool ok = removeAt(dirFd, leaf.constData());
    ::close(dirFd);
    return ok;
}

PrivateTempDir::PrivateTempDir(const QString &prefix)
{
    // file-access: trusted (the system's temporary folder, not a student's)
    const QString parent = QDir::tempPath();
    QByteArray pattern = native(parent + u'/' + prefix + QStringLiteral("-XXXXXX"));
    if (char *made = ::mkdtemp(pattern.data()))
        path_ = QString::fromLocal8Bit(made);
    else
        error_ = QStringLiteral("Cannot create a private folder in %1: %2")
                     .arg(parent, QString::fromLocal8Bit(std::strerror(errno)));
}

PrivateTempDir::~PrivateTempDir()
{
    remove();
}

bool PrivateTempDir::remove()
{
    if (path_.isEmpty())
        return true;
    const bool ok = removeTree(path_);
    if (ok)
        path_.clear();
    return ok;
}

} // namespace schedlab::handin
