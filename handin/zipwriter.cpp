// The archive built in a libzip memory source.
#include "zipwriter.h"

#include <zip.h>

#include <cstdlib>
#include <cstring>

namespace schedlab::handin {

namespace {

bool addBuffer(zip_t *zip, const QString &path, const QByteArray &bytes)
{
    // libzip reads the buffer when the archive is closed: it gets its own copy.
    void *copy = std::malloc(size_t(std::max<qsizetype>(bytes.size(), 1)));
    if (!copy)
        return false;
    std::memcpy(copy, bytes.constData(), size_t(bytes.size()));
    zip_source_t *source = zip_source_buffer(zip, copy, zip_uint64_t(bytes.size()), 1);
    if (!source) {
        std::free(copy);
        return false;
    }
    if (zip_file_add(zip, path.toUtf8().constData(), source, ZIP_FL_ENC_UTF_8 | ZIP_FL_OVERWRITE) <
        0) {
        zip_source_free(source);
        return false;
    }
    return true;
}

QByteArray readAll(zip_source_t *buffer)
{
    QByteArray bytes;
    if (zip_source_open(buffer) != 0)
        return bytes;
    char chunk[65536];
    zip_int64_t n = 0;
    while ((n = zip_source_read(buffer, chunk, sizeof chunk)) > 0)
        bytes.append(chunk, qsizetype(n));
    zip_source_close(buffer);
    return bytes;
}

} // namespace

std::optional<QByteArray> zipInMemory(const QList<ZipEntry> &entries, QString *error)
{
    zip_error_t failure;
    zip_error_init(&failure);
    zip_source_t *buffer = zip_source_buffer_create(nullptr, 0, 0, &failure);
    zip_t *zip = buffer ? zip_open_from_source(buffer, ZIP_TRUNCATE, &failure) : nullptr;
    if (!zip) {
        *error = QString::fromUtf8(zip_error_strerror(&failure));
        zip_error_fini(&failure);
        if (buffer)
            zip_source_free(buffer);
        return std::nullopt;
    }
    zip_error_fini(&failure);
    zip_source_keep(buffer); // the bytes are read back after the archive is closed
    bool ok = true;
    for (const ZipEntry &e : entries)
        ok = ok && addBuffer(zip, e.path, e.bytes);
    if (!ok || zip_close(zip) < 0) {
        *error = QString::fromUtf8(zip_strerror(zip));
        zip_discard(zip);
        zip_source_free(buffer);
        return std::nullopt;
    }
    const QByteArray bytes = readAll(buffer);
    zip_source_free(buffer);
    if (bytes.isEmpty()) {
        *error = QStringLiteral("the archive could not be built");
        return std::nullopt;
    }
    return bytes;
}

} // namespace schedlab::handin
