// Runs a scenario of tests/integration/data/ with the real client and supervisor and
// returns its transcript (or the error that stopped it), for the integration tests.
#pragma once

#include "scenario.h"

#include <QBuffer>
#include <QFile>

namespace schedlab::test {

inline QString runScenarioFile(const QString &relativePath)
{
    QFile f(QStringLiteral(SCHEDLAB_TEST_DATA "/") + relativePath);
    if (!f.open(QIODevice::ReadOnly))
        return QStringLiteral("cannot open ") + relativePath;
    QString error;
    auto scenario = readScenario(f.readAll(), relativePath, &error);
    if (!scenario)
        return error;
    QBuffer out;
    out.open(QIODevice::WriteOnly);
    const SimResult r = runScenario(*scenario, QStringLiteral(SCHEDLAB_LIBEXEC), &out);
    return QString::fromUtf8(out.data()) + r.error;
}

} // namespace schedlab::test
