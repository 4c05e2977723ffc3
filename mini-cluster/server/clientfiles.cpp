// The engine's side of the files a command names: requests to candidates, answers to ClientFile.
#include "filerequests.h"

#include <QDir>

namespace schedlab {

QString ClientFile::reason() const
{
    if (status == QLatin1String(protocol::fileStatus::Missing))
        return QStringLiteral("no such file or directory");
    if (status == QLatin1String(protocol::fileStatus::Folder))
        return QStringLiteral("is a directory");
    if (status == QLatin1String(protocol::fileStatus::Denied))
        return QStringLiteral("permission denied");
    if (status == QLatin1String(protocol::fileStatus::NotRegular))
        return QStringLiteral("not a regular file (SchedLab reads only regular files)");
    if (status == QLatin1String(protocol::fileStatus::TooBig))
        return QStringLiteral("file too large (SchedLab reads at most %1 MiB per file, %2 MiB "
                              "per command)")
            .arg(protocol::kMaxFileBytes >> 20)
            .arg(protocol::kMaxRequestBytes >> 20);
    if (status == QLatin1String(protocol::fileStatus::TooMany))
        return QStringLiteral("too many files (SchedLab reads at most %1 files of a folder)")
            .arg(protocol::kMaxFolderFiles);
    if (status == QLatin1String(protocol::fileStatus::Ok))
        return {};
    return data.isEmpty() ? status : QString::fromUtf8(data).toLower();
}

namespace {

std::vector<std::string> candidatesOf(const QString &cwd, const FileRequest &request)
{
    std::vector<std::string> out;
    const QStringList list = request.candidates.isEmpty()
                                 ? QStringList{QDir(cwd).absoluteFilePath(request.path)}
                                 : request.candidates;
    for (const QString &c : list)
        out.push_back(QFile::encodeName(c).toStdString());
    return out;
}

QString flagsOf(const FileRequest &request)
{
    QString flags;
    if (request.folder)
        flags += QLatin1Char(protocol::kFlagFolder);
    if (request.recursive)
        flags += QLatin1Char(protocol::kFlagRecursive);
    return flags;
}

} // namespace

// Entries as read (absolute candidate for the first, names below the folder for the others)
// to the names the user knows: the path as written, "dir/a.yaml" for a folder's files.
FileAnswer answerFromEntries(const FileRequest &request,
                             const std::vector<protocol::FileEntry> &entries)
{
    FileAnswer answer;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const protocol::FileEntry &e = entries[i];
        ClientFile file;
        const QString name = QFile::decodeName(QByteArray::fromStdString(e.name));
        if (i == 0)
            file.name = request.candidates.isEmpty() ? request.path : name;
        else // filepath.Join's names: "./a.yaml" is "a.yaml", as kubectl prints it
            file.name = QDir::cleanPath(request.path + QLatin1Char('/') + name);
        file.status = QString::fromStdString(e.status);
        file.data = QByteArray::fromStdString(e.data);
        answer << file;
    }
    if (answer.isEmpty())
        answer << ClientFile{request.path, QLatin1String(protocol::fileStatus::Missing), {}};
    return answer;
}

std::string needFileFrame(const QString &cwd, const FileRequest &request, int id)
{
    return protocol::frame(protocol::NeedFile,
                           protocol::needFilePayload(std::to_string(id),
                                                     flagsOf(request).toStdString(),
                                                     candidatesOf(cwd, request)));
}

QList<FileAnswer> readFilesHere(const QString &cwd, const QList<FileRequest> &requests)
{
    QList<FileAnswer> answers;
    std::size_t budget = protocol::kMaxRequestBytes;
    for (const FileRequest &request : requests) {
        const auto entries = protocol::readRequestedFile(candidatesOf(cwd, request),
                                                         flagsOf(request).toStdString(), budget);
        answers << answerFromEntries(request, entries);
    }
    return answers;
}

FileAnswer Invocation::file(const FileRequest &request) const
{
    if (const auto it = files.constFind(request.path); it != files.constEnd())
        return *it;
    if (filesFromClient) // asked for nothing of the kind: the engine does not look itself
        return {ClientFile{request.path, QLatin1String(protocol::fileStatus::Missing), {}}};
    return readFilesHere(cwd, {request}).value(0);
}

} // namespace schedlab
