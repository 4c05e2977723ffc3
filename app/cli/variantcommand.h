// schedlab-cli variant: a student's own version of exercise 2.
#pragma once

#include <QStringList>

// Returns the exit status: 0 written, 1 failure, 2 usage error.
int variantCommand(const QStringList &args, const QString &libexecDir);
