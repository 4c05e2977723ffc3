// The session key on disk: an ed25519 pair made with libssh and written without ever replacing
// a file, and what `ssh-keygen -lf` would say about a public or private key file.
#include "keyfiles.h"

#include <QByteArrayView>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <libssh/libssh.h>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

namespace schedlab::remote {

namespace {

// Key files are a few kilobytes; anything much larger is not one and is not read whole.
constexpr qint64 kMaxKeyFileSize = 1024 * 1024;

QByteArray nativePath(const QString &path)
{
    return QFile::encodeName(path);
}

QString systemError(const QString &path, int error)
{
    return path + QStringLiteral(": ") + QString::fromLocal8Bit(std::strerror(error));
}

QString alreadyExists(const QString &path)
{
    return path + QCoreApplication::translate("KeyFiles",
                                              " already exists: it is kept, choose another name");
}

// Overwrites a buffer that held key material before it goes back to the allocator.
void wipe(QByteArray &bytes)
{
    if (!bytes.isEmpty())
        explicit_bzero(bytes.data(), size_t(bytes.size()));
    bytes.clear();
}

// The SSH wire format (RFC 4251 section 5): big-endian uint32 lengths before each string.
class WireReader
{
public:
    explicit WireReader(QByteArrayView data)
        : data_(data)
    {}

    bool skip(qsizetype count)
    {
        if (count < 0 || data_.size() - pos_ < count)
            return false;
        pos_ += count;
        return true;
    }

    bool readUint32(quint32 *value)
    {
        if (data_.size() - pos_ < 4)
            return false;
        const auto *bytes = reinterpret_cast<const uchar *>(data_.data() + pos_);
        *value = quint32(bytes[0]) << 24 | quint32(bytes[1]) << 16 | quint32(bytes[2]) << 8 |
                 quint32(bytes[3]);
        pos_ += 4;
        return true;
    }

    bool readString(QByteArrayView *value)
    {
        quint32 length = 0;
        if (!readUint32(&length) || data_.size() - pos_ < qsizetype(length))
            return false;
        *value = data_.sliced(pos_, qsizetype(length));
        pos_ += qsizetype(length);
        return true;
    }

    bool skipString()
    {
        QByteArrayView ignored;
        return readString(&ignored);
    }

private:
    QByteArrayView data_;
    qsizetype pos_ = 0;
};

struct KeyKind
{
    const char *wireName;
    const char *shownName; // as sshkey_type() prints it
    int bits;              // 0: the size is read from the key (RSA modulus, DSA p)
};

constexpr KeyKind kKeyKinds[] = {
    {"ssh-ed25519", "ED25519", 256},
    {"ssh-rsa", "RSA", 0},
    {"ssh-dss", "DSA", 0},
    {"ecdsa-sha2-nistp256", "ECDSA", 256},
    {"ecdsa-sha2-nistp384", "ECDSA", 384},
    {"ecdsa-sha2-nistp521", "ECDSA", 521},
    {"sk-ssh-ed25519@openssh.com", "ED25519-SK", 256},
    {"sk-ecdsa-sha2-nistp256@openssh.com", "ECDSA-SK", 256},
};

constexpr QByteArrayView kCertSuffix = "-cert-v01@openssh.com";

// A certificate's name is its key's name with a suffix ("sk-" names keep their domain).
QByteArray plainKeyName(QByteArrayView name)
{
    if (!name.endsWith(kCertSuffix))
        return name.toByteArray();
    QByteArray plain = name.chopped(kCertSuffix.size()).toByteArray();
    if (plain.startsWith("sk-"))
        plain += "@openssh.com";
    return plain;
}

const KeyKind *keyKind(QByteArrayView name)
{
    const QByteArray plain = plainKeyName(name);
    for (const KeyKind &kind : kKeyKinds) {
        if (plain == kind.wireName)
            return &kind;
    }
    return nullptr;
}

// "ED25519", "RSA-CERT", ...; empty for a type ssh-keygen would not know either.
QString shownType(QByteArrayView name)
{
    const KeyKind *kind = keyKind(name);
    if (!kind)
        return {};
    QString shown = QString::fromLatin1(kind->shownName);
    if (name.endsWith(kCertSuffix))
        shown += QStringLiteral("-CERT");
    return shown;
}

int mpintBits(QByteArrayView number)
{
    while (!number.isEmpty() && number.front() == '\0')
        number = number.sliced(1);
    if (number.isEmpty())
        return 0;
    int bits = int(number.size() - 1) * 8;
    for (uchar top = uchar(number.front()); top; top >>= 1)
        ++bits;
    return bits;
}

// The size `ssh-keygen -l` prints: fixed by the curve, or the bit length of the RSA modulus
// or DSA prime. A certificate carries a nonce before the key fields.
int keyBits(QByteArrayView blob)
{
    WireReader reader(blob);
    QByteArrayView name;
    if (!reader.readString(&name))
        return 0;
    const KeyKind *kind = keyKind(name);
    if (!kind)
        return 0;
    if (kind->bits)
        return kind->bits;
    if (name.endsWith(kCertSuffix) && !reader.skipString())
        return 0;
    if (plainKeyName(name) == "ssh-rsa" && !reader.skipString()) // the exponent comes first
        return 0;
    QByteArrayView number;
    return reader.readString(&number) ? mpintBits(number) : 0;
}

struct KeyHandle
{
    ssh_key key = nullptr;
    KeyHandle() = default;
    KeyHandle(const KeyHandle &) = delete;
    KeyHandle &operator=(const KeyHandle &) = delete;
    ~KeyHandle()
    {
        if (key)
            ssh_key_free(key);
    }
};

// A string libssh allocated that may hold key material: wiped before it is freed.
struct LibsshText
{
    char *text = nullptr;
    LibsshText() = default;
    LibsshText(const LibsshText &) = delete;
    LibsshText &operator=(const LibsshText &) = delete;
    ~LibsshText()
    {
        if (!text)
            return;
        explicit_bzero(text, std::strlen(text));
        ssh_string_free_char(text);
    }
    QByteArrayView view() const
    {
        return text ? QByteArrayView(text, qsizetype(std::strlen(text))) : QByteArrayView();
    }
};

QString sha256Fingerprint(ssh_key key)
{
    unsigned char *hash = nullptr;
    size_t length = 0;
    if (ssh_get_publickey_hash(key, SSH_PUBLICKEY_HASH_SHA256, &hash, &length) != SSH_OK)
        return {};
    LibsshText text;
    text.text = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, length);
    ssh_clean_pubkey_hash(&hash);
    return QString::fromLatin1(text.view());
}

// Views on the lines of `text`, so that no copy of key material is made line by line.
QList<QByteArrayView> splitLines(QByteArrayView text)
{
    QList<QByteArrayView> lines;
    while (!text.isEmpty()) {
        const qsizetype end = text.indexOf('\n');
        lines.append(end < 0 ? text : text.first(end));
        text = end < 0 ? QByteArrayView() : text.sliced(end + 1);
    }
    return lines;
}

bool isBlank(char c)
{
    return c == ' ' || c == '\t';
}

QByteArrayView skipBlanks(QByteArrayView text)
{
    while (!text.isEmpty() && isBlank(text.front()))
        text = text.sliced(1);
    return text;
}

QByteArrayView takeWord(QByteArrayView *text)
{
    qsizetype end = 0;
    while (end < text->size() && !isBlank(text->at(end)))
        ++end;
    const QByteArrayView word = text->first(end);
    *text = skipBlanks(text->sliced(end));
    return word;
}

// One "type base64 comment" line, as ssh-keygen's do_fingerprint() reads it: the comment is
// the rest of the line after the blanks that follow the key, trailing blanks included.
bool readKeyLine(QByteArrayView line, PublicKeyFacts *facts)
{
    QByteArrayView rest = line;
    const QByteArrayView typeName = takeWord(&rest);
    const QByteArrayView encoded = takeWord(&rest);
    const auto decoded = QByteArray::fromBase64Encoding(encoded.toByteArray(),
                                                        QByteArray::AbortOnBase64DecodingErrors);
    QByteArrayView blobType;
    if (!decoded || !WireReader(*decoded).readString(&blobType) || blobType != typeName)
        return false;
    facts->type = shownType(typeName);
    facts->bits = keyBits(*decoded);
    if (facts->type.isEmpty() || facts->bits == 0)
        return false;

    KeyHandle key;
    const QByteArray typeText = typeName.toByteArray();
    if (ssh_pki_import_pubkey_base64(encoded.toByteArray().constData(),
                                     ssh_key_type_from_name(typeText.constData()),
                                     &key.key) != SSH_OK)
        return false;
    facts->fingerprint = sha256Fingerprint(key.key);
    facts->comment = rest.isEmpty() ? QStringLiteral("no comment") : QString::fromUtf8(rest);
    facts->publicLine = QString::fromUtf8(line).trimmed();
    return !facts->fingerprint.isEmpty();
}

bool readAtMost(QFile *file, QByteArray *contents)
{
    *contents = file->read(kMaxKeyFileSize);
    return file->error() == QFileDevice::NoError;
}

} // namespace

QString defaultKeyPath()
{
    return QDir::homePath() + QStringLiteral("/.ssh/id_ed25519_romeo");
}

PassphraseProblem checkPassphrase(const QByteArray &first, const QByteArray &second)
{
    if (first.isEmpty())
        return PassphraseProblem::Empty;
    if (first != second)
        return PassphraseProblem::Mismatch;
    return PassphraseProblem::None;
}

// ---------------------------------------------------------------------------------------------
// Generation

namespace {

// Reasons a request cannot even start; checked before anything touches the disk.
QString requestProblem(const KeyGenerationRequest &request)
{
    if (request.privatePath.isEmpty() || request.privatePath.endsWith(QLatin1Char('/')))
        return QCoreApplication::translate("KeyFiles", "the key file name is empty");
    if (request.passphrase.isEmpty())
        return QCoreApplication::translate(
            "KeyFiles", "the passphrase is empty: the key must be protected by one");
    // libssh takes a C string: a NUL would silently shorten the passphrase.
    if (request.passphrase.contains('\0'))
        return QCoreApplication::translate("KeyFiles",
                                           "the passphrase may not contain a NUL character");
    for (const QChar c : request.comment) {
        if (c.category() == QChar::Other_Control) // a line break would split the .pub line
            return QCoreApplication::translate(
                "KeyFiles", "the key comment may not contain a line break or a tab");
    }
    return {};
}

// lstat, not stat: a dangling symbolic link is a name that is taken too.
QString checkFree(const QString &path)
{
    struct stat info;
    if (::lstat(nativePath(path).constData(), &info) == 0)
        return alreadyExists(path);
    return errno == ENOENT ? QString() : systemError(path, errno);
}

// Each missing level is made 0700, as ssh-keygen makes ~/.ssh: keys are nobody else's business.
QString makeFolder(const QString &folder)
{
    struct stat info;
    if (::stat(nativePath(folder).constData(), &info) == 0)
        return S_ISDIR(info.st_mode)
                   ? QString()
                   : folder + QCoreApplication::translate("KeyFiles", ": not a folder");
    if (errno != ENOENT)
        return systemError(folder, errno);
    const QString parent = QFileInfo(folder).path();
    if (parent != folder) {
        const QString error = makeFolder(parent);
        if (!error.isEmpty())
            return error;
    }
    if (::mkdir(nativePath(folder).constData(), 0700) != 0 && errno != EEXIST)
        return systemError(folder, errno);
    return {};
}

bool writeAll(int fd, QByteArrayView bytes)
{
    while (!bytes.isEmpty()) {
        const ssize_t written = ::write(fd, bytes.data(), size_t(bytes.size()));
        if (written < 0 && errno == EINTR)
            continue;
        if (written <= 0)
            return false;
        bytes = bytes.sliced(written);
    }
    return true;
}

// Creates `path`, which must not exist (O_EXCL also refuses a symbolic link), with exactly
// `mode`: open() applies the umask, and ssh refuses a private key that others can read.
// `created` tells the caller which file is its own to remove if a later step fails.
QString writeNewFile(const QString &path, QByteArrayView bytes, mode_t mode, bool *created)
{
    const int fd =
        ::open(nativePath(path).constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    if (fd < 0)
        return errno == EEXIST ? alreadyExists(path) : systemError(path, errno);
    *created = true;
    bool ok = ::fchmod(fd, mode) == 0 && writeAll(fd, bytes) && ::fsync(fd) == 0;
    int error = errno;
    if (::close(fd) != 0 && ok) {
        ok = false;
        error = errno;
    }
    return ok ? QString() : systemError(path, error);
}

// The new names are only durable once the folder's entries are on disk too.
void syncFolder(const QString &folder)
{
    const int fd = ::open(nativePath(folder).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return;
    ::fsync(fd);
    ::close(fd);
}

struct KeyTexts
{
    LibsshText privateText; // the armoured, encrypted OpenSSH private key
    QByteArray publicLine;
};

QString makeKeyTexts(const KeyGenerationRequest &request, KeyTexts *texts)
{
    KeyHandle key;
    if (ssh_pki_generate(SSH_KEYTYPE_ED25519, 0, &key.key) != SSH_OK)
        return QCoreApplication::translate("KeyFiles", "libssh could not generate an ed25519 key");
    // The passphrase is used in place (QByteArray data is NUL-terminated): no copy to wipe.
    if (ssh_pki_export_privkey_base64(key.key, request.passphrase.constData(), nullptr, nullptr,
                                      &texts->privateText.text) != SSH_OK)
        return QCoreApplication::translate("KeyFiles", "libssh could not encrypt the private key");
    LibsshText publicBase64;
    if (ssh_pki_export_pubkey_base64(key.key, &publicBase64.text) != SSH_OK)
        return QCoreApplication::translate("KeyFiles", "libssh could not export the public key");
    texts->publicLine = "ssh-ed25519 " + publicBase64.view().toByteArray();
    if (!request.comment.isEmpty())
        texts->publicLine += ' ' + request.comment.toUtf8();
    texts->publicLine += '\n';
    return {};
}

// Writes the pair; if the public file cannot be made, the private one made here is removed
// so that no half pair is left behind (and nothing that was there before is touched).
QString writePair(const KeyGenerationResult &paths, const KeyTexts &texts)
{
    bool privateCreated = false;
    QString error =
        writeNewFile(paths.privatePath, texts.privateText.view(), 0600, &privateCreated);
    bool publicCreated = false;
    if (error.isEmpty())
        error = writeNewFile(paths.publicPath, texts.publicLine, 0644, &publicCreated);
    if (error.isEmpty())
        return {};
    if (publicCreated)
        ::unlink(nativePath(paths.publicPath).constData());
    if (privateCreated)
        ::unlink(nativePath(paths.privatePath).constData());
    return error;
}

} // namespace

KeyGenerationResult generateEd25519Key(const KeyGenerationRequest &request)
{
    KeyGenerationResult result;
    result.privatePath = request.privatePath;
    result.publicPath = request.privatePath + QStringLiteral(".pub");
    result.error = requestProblem(request);
    if (result.error.isEmpty())
        result.error = checkFree(result.privatePath);
    if (result.error.isEmpty())
        result.error = checkFree(result.publicPath);
    const QString folder = QFileInfo(result.privatePath).absolutePath();
    if (result.error.isEmpty())
        result.error = makeFolder(folder);
    if (!result.error.isEmpty())
        return result;

    KeyTexts texts;
    result.error = makeKeyTexts(request, &texts);
    if (result.error.isEmpty())
        result.error = writePair(result, texts);
    if (result.error.isEmpty())
        syncFolder(folder);
    result.ok = result.error.isEmpty();
    return result;
}

// ---------------------------------------------------------------------------------------------
// Public key facts

QString PublicKeyFacts::fingerprintLine() const
{
    if (!ok)
        return {};
    return QString::number(bits) + QLatin1Char(' ') + fingerprint + QLatin1Char(' ') + comment +
           QStringLiteral(" (") + type + QLatin1Char(')');
}

PublicKeyFacts readPublicKeyFile(const QString &path)
{
    PublicKeyFacts facts;
    QFile file(path);
    QByteArray contents;
    if (!file.open(QIODevice::ReadOnly) || !readAtMost(&file, &contents)) {
        facts.error = path + QStringLiteral(": ") + file.errorString();
        return facts;
    }
    for (QByteArrayView line : splitLines(contents)) {
        // ssh-keygen would keep a Windows line end in the comment, where it garbles the
        // terminal line; it is dropped here.
        if (line.endsWith('\r'))
            line.chop(1);
        line = skipBlanks(line);
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        if (line.startsWith("-----BEGIN")) {
            facts.error =
                path + QCoreApplication::translate(
                           "KeyFiles", ": a private key: choose the .pub file next to it");
            return facts;
        }
        PublicKeyFacts candidate;
        if (readKeyLine(line, &candidate)) {
            candidate.ok = true;
            return candidate;
        }
    }
    facts.error = path + QStringLiteral(": not a public key file");
    return facts;
}

// ---------------------------------------------------------------------------------------------
// Private key facts

namespace {

struct Armour
{
    QByteArray label; // "OPENSSH PRIVATE KEY", "RSA PRIVATE KEY", ...
    bool procTypeEncrypted = false;
    QByteArray body; // base64 without line breaks
};

bool readArmour(QByteArrayView text, Armour *armour)
{
    const QList<QByteArrayView> lines = splitLines(text.trimmed());
    const QByteArrayView first = lines.isEmpty() ? QByteArrayView() : lines.front().trimmed();
    if (!first.startsWith("-----BEGIN ") || !first.endsWith("-----"))
        return false;
    armour->label = first.sliced(11).chopped(5).toByteArray();
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArrayView line = lines.at(i).trimmed();
        if (line.startsWith("-----END "))
            return true;
        if (line.startsWith("Proc-Type:")) // PEM headers, in clear before the body
            armour->procTypeEncrypted = line.contains("ENCRYPTED");
        else if (!line.contains(':'))
            armour->body += line;
    }
    return false;
}

// PKCS#8 names the algorithm by its object identifier near the start of the DER structure.
QString pkcs8Type(QByteArrayView der)
{
    static const struct
    {
        QByteArrayView oid;
        const char *type;
    } kOids[] = {
        {"\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01", "RSA"}, // rsaEncryption
        {"\x06\x07\x2a\x86\x48\xce\x3d\x02\x01", "ECDSA"},       // id-ecPublicKey
        {"\x06\x07\x2a\x86\x48\xce\x38\x04\x01", "DSA"},         // id-dsa
        {"\x06\x03\x2b\x65\x70", "ED25519"},                     // id-Ed25519
    };
    const QByteArrayView head = der.first(qMin<qsizetype>(der.size(), 32));
    for (const auto &entry : kOids) {
        if (head.contains(entry.oid))
            return QString::fromLatin1(entry.type);
    }
    return {};
}

// openssh-key-v1: magic, cipher name, kdf name, kdf options, key count, then the public keys
// in clear; only the part after them is encrypted.
bool readOpenSshKey(QByteArrayView decoded, PrivateKeyFacts *facts)
{
    constexpr QByteArrayView magic("openssh-key-v1\0", 15);
    WireReader reader(decoded);
    QByteArrayView cipher, publicBlob, keyType;
    quint32 count = 0;
    if (!decoded.startsWith(magic) || !reader.skip(magic.size()) || !reader.readString(&cipher) ||
        !reader.skipString() || !reader.skipString() || !reader.readUint32(&count) || count < 1 ||
        !reader.readString(&publicBlob) || !WireReader(publicBlob).readString(&keyType))
        return false;
    facts->encrypted = cipher != "none";
    facts->type = shownType(keyType);
    if (facts->type.isEmpty())
        facts->type = QString::fromLatin1(keyType);
    return true;
}

void readPemKey(const Armour &armour, QByteArrayView decoded, PrivateKeyFacts *facts)
{
    facts->encrypted = armour.procTypeEncrypted || armour.label == "ENCRYPTED PRIVATE KEY";
    if (armour.label == "RSA PRIVATE KEY")
        facts->type = QStringLiteral("RSA");
    else if (armour.label == "EC PRIVATE KEY")
        facts->type = QStringLiteral("ECDSA");
    else if (armour.label == "DSA PRIVATE KEY")
        facts->type = QStringLiteral("DSA");
    else if (armour.label == "PRIVATE KEY")
        facts->type = pkcs8Type(decoded);
}

bool isPemLabel(const QByteArray &label)
{
    return label == "RSA PRIVATE KEY" || label == "EC PRIVATE KEY" || label == "DSA PRIVATE KEY" ||
           label == "PRIVATE KEY" || label == "ENCRYPTED PRIVATE KEY";
}

QString notAPrivateKey(const QString &path, QByteArrayView text)
{
    if (text.startsWith("PuTTY-User-Key-File"))
        return path +
               QCoreApplication::translate(
                   "KeyFiles", ": a PuTTY key: export it in the OpenSSH format with PuTTYgen");
    return path + QCoreApplication::translate("KeyFiles",
                                              ": not a private key in the OpenSSH or PEM format");
}

void inspectKeyText(const QString &path, QByteArrayView text, PrivateKeyFacts *facts)
{
    Armour armour;
    if (!readArmour(text, &armour) ||
        (armour.label != "OPENSSH PRIVATE KEY" && !isPemLabel(armour.label))) {
        facts->error = notAPrivateKey(path, text);
        return;
    }
    auto decoded =
        QByteArray::fromBase64Encoding(armour.body, QByteArray::AbortOnBase64DecodingErrors);
    facts->openSshFormat = armour.label == "OPENSSH PRIVATE KEY";
    if (!decoded || (facts->openSshFormat && !readOpenSshKey(*decoded, facts)))
        facts->error = path + QCoreApplication::translate("KeyFiles", ": the key file is damaged");
    else if (!facts->openSshFormat)
        readPemKey(armour, *decoded, facts);
    wipe(armour.body);
    wipe(decoded.decoded);
}

} // namespace

PrivateKeyFacts inspectPrivateKey(const QString &path)
{
    PrivateKeyFacts facts;
    struct stat info;
    if (::stat(nativePath(path).constData(), &info) != 0) {
        facts.error = systemError(path, errno);
        return facts;
    }
    facts.exists = true;
    facts.mode = int(info.st_mode & 07777);
    QFile file(path);
    QByteArray contents;
    if (!file.open(QIODevice::ReadOnly) || !readAtMost(&file, &contents)) {
        facts.error = path + QStringLiteral(": ") + file.errorString();
        return facts;
    }
    facts.readable = true;
    inspectKeyText(path, contents, &facts);
    wipe(contents);
    return facts;
}

} // namespace schedlab::remote
