// libFuzzer target: slurm.conf and gres.conf text of any kind must parse to a result, never a
// crash; the text after the first NUL byte is the gres.conf.
#include "slurmconfig.h"

#include <QString>

#include <cstddef>
#include <cstdint>
#include <cstring>

using namespace schedlab::slurm;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const char *bytes = reinterpret_cast<const char *>(data);
    const void *nul = std::memchr(bytes, 0, size);
    const std::size_t confSize = nul ? std::size_t(static_cast<const char *>(nul) - bytes) : size;
    const QString conf = QString::fromUtf8(bytes, qsizetype(confSize));
    const QString gres =
        nul ? QString::fromUtf8(bytes + confSize + 1, qsizetype(size - confSize - 1)) : QString();
    const ConfigParseResult r = parseClusterConfig(conf, gres);
    for (const ConfigMessage &m : r.messages) {
        if (m.toString().isEmpty())
            __builtin_trap();
    }
    if (r.ok()) {
        // A configuration without errors is usable: nodes exist and partitions name them.
        if (r.config.nodes.isEmpty())
            __builtin_trap();
        for (const PartitionConfig &p : r.config.partitions) {
            for (const QString &n : p.nodes) {
                if (!r.config.node(n))
                    __builtin_trap();
            }
        }
    }
    return 0;
}
