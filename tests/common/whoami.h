// Who and where the tests run, as a lock file should name them (computed here, not by the
// code under test).
#pragma once

#include <QString>

#include <pwd.h>
#include <unistd.h>

namespace schedlab::testing {

inline QString me()
{
    const struct passwd *pw = getpwuid(geteuid());
    return pw ? QString::fromLocal8Bit(pw->pw_name) : QString::number(geteuid());
}

inline QString host()
{
    char name[256] = {};
    gethostname(name, sizeof name - 1);
    return QString::fromLocal8Bit(name);
}

} // namespace schedlab::testing
