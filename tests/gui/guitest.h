// What every window test does first: settings and standard paths kept apart from the user's
// (QStandardPaths' test mode), and the course's rubrics read from the source tree.
#pragma once

#include "grader.h"

#include <QCoreApplication>
#include <QStandardPaths>

namespace schedlab::testing {

// The rubrics of exercises/; `error` of the set says why when they cannot be read.
inline grader::RubricSet startWindowTest()
{
    QCoreApplication::setOrganizationName(QStringLiteral("SchedLabTests"));
    QStandardPaths::setTestModeEnabled(true);
    return grader::loadRubrics(QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises"));
}

} // namespace schedlab::testing
