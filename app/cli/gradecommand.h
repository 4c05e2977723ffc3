// schedlab-cli grade: arguments in, grades on standard output (grading-output.md).
#pragma once

#include <QStringList>

// Returns the exit status: 0 all graded, 1 some could not be read, 2 usage error.
int gradeCommand(const QStringList &args);

// schedlab-cli override: an instructor's decision on one criterion, kept in the gradebook.
int overrideCommand(const QStringList &args);
