// "Rendre mon travail": the workspace as one zip for the instructor, with a manifest saying
// who, which exercise 2 variant, and the SHA-256 of every file. No widgets.
#pragma once

#include "workspace.h"

#include <QList>
#include <QString>

namespace schedlab::grader {
struct Rubric;
}

namespace schedlab::gui {

struct HandIn
{
    bool ok = false;
    QString error; // why nothing was written
    int files = 0; // files in the archive (manifest excluded)
};

// Writes `zipPath` (atomically: libzip writes a temporary file and renames it) holding
// <exercise>/<file> for every file of the workspace's exercises, and manifest.json. A file
// holding a private key stops the hand-in: the key must never leave the laptop.
HandIn writeHandIn(const Workspace &workspace, const QList<grader::Rubric> &rubrics,
                   const QString &studentId, const QString &zipPath);

} // namespace schedlab::gui
