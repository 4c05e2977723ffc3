// Files that are one person's own (progress, exam answers, history, accounting): a folder
// 0700 and files 0600, whatever the umask.
#pragma once

#include <QString>

namespace schedlab::files {

// Creates `folder` (and its parents, as mkpath does) and sets the folder itself to 0700,
// also when it already existed. False with the system's reason when it cannot.
bool makePrivateFolder(const QString &folder, QString *error);

// Creates `path` empty with mode 0600 when it is absent, or sets an existing regular file of
// ours to 0600; a link is never followed. Call it before SQLite opens a database: its
// journals then take the same mode.
bool makePrivateFile(const QString &path, QString *error);

// Sets every regular file and folder below `folder` (links are not followed) to 0600/0700:
// files written by code that does not choose its mode (bash's history, another store).
void tightenBelow(const QString &folder);

} // namespace schedlab::files
