// libFuzzer target: the scenario reader must never crash or hang, whatever the bytes.
#include "scenario.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    QString error;
    const auto scenario =
        schedlab::readScenario(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)),
                               QStringLiteral("fuzz.yaml"), &error);
    if (scenario)
        for (const schedlab::ScenarioStep &step : scenario->steps)
            schedlab::parseScenarioTime(step.run.left(20));
    return 0;
}
