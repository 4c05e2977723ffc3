// Slurm's time arithmetic: --time specifications, and the ways commands print durations and dates.
#pragma once

#include <QString>
#include <QStringView>

#include <cstdint>
#include <optional>

namespace schedlab::slurm {

// Time limits are minutes held in a uint32, as in slurmctld; these two values are special.
constexpr std::uint32_t kInfiniteMinutes = 0xFFFFFFFFu; // INFINITE / UNLIMITED
constexpr std::uint32_t kNoValMinutes = 0xFFFFFFFEu;    // NO_VAL: not set

// Parses a --time value as sbatch does (time_str2mins plus arg_set_time_limit): "min",
// "min:sec", "h:m:s", "d-h", "d-h:m", "d-h:m:s", "-1"/"INFINITE"/"UNLIMITED"; seconds round
// up to the minute; 0 means INFINITE; negative day counts wrap as uint32 like Slurm's
// (--time=-5 gives 2982611-04:17:00). nullopt: "Invalid --time specification".
std::optional<std::uint32_t> parseTimeLimit(QStringView text);

// Parses a duration in seconds as Slurm does (time_str2secs); nullopt when invalid.
// "-1"/"INFINITE"/"UNLIMITED" give -1 (Slurm's INFINITE read as an int); other results keep
// Slurm's 32-bit int arithmetic, so "-5" gives -432000.
std::optional<qint64> parseDurationSeconds(QStringView text);

// time_str2mins without sbatch's "0 means INFINITE" rule, as slurm.conf's MaxTime,
// DefaultTime, PriorityMaxAge... read it: the int Slurm computes (-1 for INFINITE, negative
// day counts stay negative); nullopt for NO_VAL (invalid text).
std::optional<std::int32_t> parseMinutes(QStringView text);

// squeue's %M / %l form: "0:00", "5:07", "1:02:03", "1-00:00:00"; "INVALID" when negative or
// over a year.
QString formatSqueueSecs(qint64 seconds);
// squeue's %l: formatSqueueSecs(minutes*60 computed in 32 bits, as squeue does),
// "UNLIMITED", "NOT_SET".
QString formatSqueueLimit(std::uint32_t minutes);
// scontrol / sacct form: "00:02:00", "1-00:00:00" (days unpadded).
QString formatHms(qint64 seconds);
// scontrol TimeLimit=: formatHms(minutes*60), "UNLIMITED", "Partition_Limit" (NO_VAL).
QString formatScontrolLimit(std::uint32_t minutes);
// sinfo TIMELIMIT: "infinite" or the squeue form without its INVALID cut-off (sinfo has none).
QString formatSinfoLimit(std::uint32_t minutes);
// slurm_make_time_str: "%FT%T" in UTC, or SLURM_TIME_FORMAT's strftime form when given
// ("standard" and "relative" are understood too); epoch 0 prints `zeroText`, INFINITE
// (4294967295) "Unknown" and NO_VAL (4294967294) "None" as Slurm does. "relative" compares
// with `nowEpochSeconds` (the virtual clock; 0: the timestamp's own day). A result that does
// not fit Slurm's 32-byte buffer prints 31 '#', as Slurm does.
QString formatTimestamp(qint64 epochSeconds, const QString &slurmTimeFormat = {},
                        const QString &zeroText = QStringLiteral("Unknown"),
                        qint64 nowEpochSeconds = 0);

// False when Slurm rejects a SLURM_TIME_FORMAT (no '%', or 32 bytes or more) and falls back
// to "%FT%T" after printing "<cmd>: error: invalid SLURM_TIME_FORMAT = '<value>'"; the
// commands print that line, formatTimestamp only falls back.
bool isValidSlurmTimeFormat(const QString &slurmTimeFormat);

// strftime(3) in the C locale on a UTC time, with glibc's flags (_ - 0 ^ #) and widths; the
// engine's own replacement for the C library call, so the output never depends on the host's
// locale or time zone.
QString formatUtcStrftime(qint64 epochSeconds, QStringView format);

// The UTC calendar, for any 64-bit epoch (proleptic Gregorian, no overflow).
struct UtcTime
{
    qint64 year = 1970;
    int month = 0; // 0-11
    int mday = 1;  // 1-31
    int hour = 0;
    int minute = 0;
    int second = 0;
    int wday = 4; // 0 = Sunday
    int yday = 0; // 0-365
};
UtcTime utcTime(qint64 epoch);
// Days since 1970-01-01 of a date (month 1-12); days past the month's end carry over.
qint64 daysFromCivil(qint64 year, int month, int day);

} // namespace schedlab::slurm
