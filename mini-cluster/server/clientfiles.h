// Reading the files a command line names, as its user and never blocking: the client does it
// for the engine (plain C++ and POSIX with no Qt, the client includes it too).
//
// The engine never opens what a client names: a FIFO would block it, /dev/zero would fill its
// memory, and it may not even run with the user's rights. It sends a NeedFile frame instead;
// the client reads the file here and answers with a FileData frame. Only regular files are
// read, and no more than kMaxFileBytes each and kMaxRequestBytes for a whole command.
#pragma once

#include "protocol.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace schedlab::protocol {

// A script or a manifest is a few kilobytes; the API server itself refuses 3 MiB.
inline constexpr std::size_t kMaxFileBytes = 8u * 1024u * 1024u;
// Everything one command may read (kubectl apply -f DIR): well below kMaxFrame.
inline constexpr std::size_t kMaxRequestBytes = 32u * 1024u * 1024u;
// Files a folder given to kubectl -f may hold (a folder of 100,000 files is a mistake).
inline constexpr std::size_t kMaxFolderFiles = 10000;

// What became of one file. The names travel in FileData frames.
namespace fileStatus {
inline constexpr const char *Ok = "ok";
inline constexpr const char *Missing = "missing";       // ENOENT / ENOTDIR
inline constexpr const char *Folder = "folder";         // a folder where a file was wanted
inline constexpr const char *Denied = "denied";         // EACCES / EPERM
inline constexpr const char *NotRegular = "notregular"; // FIFO, socket, device
inline constexpr const char *TooBig = "toobig";         // over kMaxFileBytes or the budget
inline constexpr const char *TooMany = "toomany";       // a folder with too many files
inline constexpr const char *Error = "error";           // another errno; data: strerror
} // namespace fileStatus

// NeedFile flags: the path may be a folder to list (kubectl -f DIR), recursively (-R).
inline constexpr char kFlagFolder = 'd';
inline constexpr char kFlagRecursive = 'R';

struct FileEntry
{
    std::string name;   // the candidate read, or for a folder's file its path below the folder
    std::string status; // one of fileStatus
    std::string data;   // the content when ok, strerror text for Error
};

namespace detail {

inline std::string statusOfErrno(int err)
{
    if (err == ENOENT || err == ENOTDIR)
        return fileStatus::Missing;
    if (err == EACCES || err == EPERM)
        return fileStatus::Denied;
    return fileStatus::Error;
}

inline FileEntry failed(const std::string &name, int err)
{
    FileEntry e{name, statusOfErrno(err), {}};
    if (e.status == fileStatus::Error)
        e.data = std::strerror(err);
    return e;
}

// One regular file, at most min(kMaxFileBytes, budget) bytes; the budget shrinks by its size.
inline FileEntry readRegular(const std::string &path, const std::string &name, std::size_t &budget)
{
    struct stat st = {};
    if (::stat(path.c_str(), &st) != 0)
        return failed(name, errno);
    if (S_ISDIR(st.st_mode))
        return {name, fileStatus::Folder, {}};
    if (!S_ISREG(st.st_mode))
        return {name, fileStatus::NotRegular, {}};
    const std::size_t cap = std::min(kMaxFileBytes, budget);
    if (std::size_t(st.st_size) > cap)
        return {name, fileStatus::TooBig, {}};
    // O_NONBLOCK: should the path become a FIFO after the stat, opening it does not wait.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return failed(name, errno);
    FileEntry entry{name, fileStatus::Ok, {}};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return {name, fileStatus::NotRegular, {}};
    }
    char buffer[64 * 1024];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            const int err = errno;
            ::close(fd);
            return failed(name, err);
        }
        if (n == 0)
            break;
        entry.data.append(buffer, std::size_t(n));
        if (entry.data.size() > cap) { // it grew while we read it
            ::close(fd);
            return {name, fileStatus::TooBig, {}};
        }
    }
    ::close(fd);
    budget -= entry.data.size();
    return entry;
}

inline bool manifestName(const std::string &name)
{
    for (const char *ext : {".json", ".yaml", ".yml"}) {
        const std::size_t n = std::strlen(ext);
        if (name.size() >= n && name.compare(name.size() - n, n, ext) == 0)
            return true;
    }
    return false;
}

// kubectl's walk of a -f folder: the .json/.yaml/.yml files in name order, subfolders only
// with -R, links to folders never followed (filepath.Walk looks at entries with lstat).
inline void listFolder(const std::string &path, const std::string &prefix, bool recursive,
                       std::size_t &budget, std::vector<FileEntry> &out)
{
    DIR *dir = ::opendir(path.c_str());
    if (!dir) {
        out.push_back(failed(prefix.empty() ? std::string(".") : prefix, errno));
        return;
    }
    std::vector<std::string> names;
    while (const dirent *d = ::readdir(dir)) {
        const std::string name = d->d_name;
        if (name != "." && name != "..")
            names.push_back(name);
    }
    ::closedir(dir);
    std::sort(names.begin(), names.end());
    for (const std::string &name : names) {
        if (out.size() > kMaxFolderFiles) {
            out.push_back({prefix + name, fileStatus::TooMany, {}});
            return;
        }
        const std::string full = path + "/" + name;
        struct stat st = {};
        if (::lstat(full.c_str(), &st) != 0)
            continue; // gone meanwhile
        if (S_ISDIR(st.st_mode)) {
            if (recursive)
                listFolder(full, prefix + name + "/", recursive, budget, out);
            continue;
        }
        if (manifestName(name))
            out.push_back(readRegular(full, prefix + name, budget));
    }
}

} // namespace detail

// Answers one NeedFile request: `candidates` are absolute paths; the first that is a regular
// file is read (sbatch looks in several folders), else the last one decides. With
// kFlagFolder a folder is listed: its own entry (status Folder) comes first, then its files.
inline std::vector<FileEntry> readRequestedFile(const std::vector<std::string> &candidates,
                                                const std::string &flags, std::size_t &budget)
{
    std::vector<FileEntry> out;
    if (candidates.empty())
        return out;
    std::string chosen = candidates.back();
    for (std::size_t i = 0; i + 1 < candidates.size(); ++i) {
        struct stat st = {};
        if (::stat(candidates[i].c_str(), &st) == 0 && S_ISREG(st.st_mode)) {
            chosen = candidates[i];
            break;
        }
    }
    FileEntry first = detail::readRegular(chosen, chosen, budget);
    const bool folder = first.status == fileStatus::Folder;
    out.push_back(std::move(first));
    if (folder && flags.find(kFlagFolder) != std::string::npos)
        detail::listFolder(chosen, {}, flags.find(kFlagRecursive) != std::string::npos, budget,
                           out);
    return out;
}

// NeedFile payload: strings id, flags, candidate...
inline std::string needFilePayload(const std::string &id, const std::string &flags,
                                   const std::vector<std::string> &candidates)
{
    std::string payload;
    appendString(payload, id);
    appendString(payload, flags);
    for (const std::string &c : candidates)
        appendString(payload, c);
    return payload;
}

// FileData payload: strings id, then name, status, data for each entry.
inline std::string fileDataPayload(const std::string &id, const std::vector<FileEntry> &entries)
{
    std::string payload;
    appendString(payload, id);
    for (const FileEntry &e : entries) {
        appendString(payload, e.name);
        appendString(payload, e.status);
        appendString(payload, e.data);
    }
    return payload;
}

} // namespace schedlab::protocol
