// schedlab-cli release: the instructor grades the exam papers handed in with the app and
// writes, for each, the result file the student imports (examen-resultat.json).
#pragma once

#include <QStringList>

// Returns the exit status: 0 every paper released, 1 some could not be, 2 usage error.
int releaseCommand(const QStringList &args);
