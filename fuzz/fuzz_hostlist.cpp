// libFuzzer target: hostlist expansion and compression must take any input without crashing,
// and compressing then expanding plain names must give them back.
#include "hostlist.h"

#include <QString>
#include <QStringList>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>

using namespace schedlab::slurm;

namespace {

// Names a cluster would use: Slurm's hostlist syntax cannot quote anything else, and a
// number too long for an unsigned long saturates in Slurm as in the engine.
bool isPlainName(const QString &name)
{
    if (name.isEmpty())
        return false;
    qsizetype trailingDigits = 0;
    while (trailingDigits < name.size() && name[name.size() - 1 - trailingDigits].isDigit())
        ++trailingDigits;
    if (trailingDigits > 18)
        return false;
    for (QChar c : name) {
        const char16_t u = c.unicode();
        const bool ok = (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') ||
                        (u >= '0' && u <= '9') || u == '-' || u == '_' || u == '.';
        if (!ok)
            return false;
    }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    // Up to 4096 names, so that the fuzzer keeps its pace under the sanitizers; the full
    // bound is checked by the tests.
    const std::optional<QStringList> names = expandHostlist(text, 4096);
    if (names) {
        const QString compressed = compressHostlist(*names);
        (void)compressHostlistSorted(*names);
        if (std::all_of(names->cbegin(), names->cend(), isPlainName)) {
            const std::optional<QStringList> again = expandHostlist(compressed);
            if (!again || *again != *names)
                __builtin_trap();
        }
    }
    // The input as a list of names, too.
    const QStringList raw = text.split(QLatin1Char('\n'));
    (void)compressHostlist(raw);
    (void)compressHostlistSorted(raw);
    return 0;
}
