// The NeedFile / FileData frames in Qt terms, for the socket session (clientfiles.cpp).
#pragma once

#include "clientfiles.h"
#include "invocation.h"

#include <string>
#include <vector>

namespace schedlab {

// The NeedFile frame asking for `request`, candidates made absolute against `cwd`.
std::string needFileFrame(const QString &cwd, const FileRequest &request, int id);
// The entries of a FileData answer (or of a local read) under the names the user knows.
FileAnswer answerFromEntries(const FileRequest &request,
                             const std::vector<protocol::FileEntry> &entries);

} // namespace schedlab
