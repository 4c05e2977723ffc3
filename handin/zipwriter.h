// Writing a zip archive in memory (libzip), so that it reaches the disk through one durable
// save (files::saveFile): a hand-in, a bundle of feedback files.
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace schedlab::handin {

struct ZipEntry
{
    QString path; // inside the archive, '/'-separated, UTF-8
    QByteArray bytes;
};

// The archive's bytes, entries in the order given (deflated); nullopt with libzip's reason.
std::optional<QByteArray> zipInMemory(const QList<ZipEntry> &entries, QString *error);

} // namespace schedlab::handin
