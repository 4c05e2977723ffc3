// libFuzzer target: --time parsing and the time formatters must take any input without crashing.
#include "slurmtime.h"

#include <QByteArray>
#include <QString>

#include <cstddef>
#include <cstdint>
#include <cstring>

using namespace schedlab::slurm;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));

    if (const auto minutes = parseTimeLimit(text)) {
        // Whatever parses must print in every form.
        (void)formatSqueueLimit(*minutes);
        (void)formatScontrolLimit(*minutes);
        (void)formatSinfoLimit(*minutes);
        if (*minutes == 0)
            __builtin_trap(); // 0 is INFINITE after arg_set_time_limit
    }
    (void)parseDurationSeconds(text);
    (void)parseMinutes(text);

    // The first 8 bytes (when present) as an epoch and a duration, the rest as a format.
    qint64 number = 0;
    if (size >= 8)
        std::memcpy(&number, data, 8);
    const QString format =
        size >= 8 ? QString::fromUtf8(reinterpret_cast<const char *>(data + 8), qsizetype(size - 8))
                  : text;
    (void)formatSqueueSecs(number);
    (void)formatHms(number);
    (void)isValidSlurmTimeFormat(format);
    const QString stamp = formatTimestamp(number, format, QStringLiteral("N/A"), number / 2);
    if (stamp.isEmpty())
        __builtin_trap();
    (void)formatUtcStrftime(number, format);
    return 0;
}
