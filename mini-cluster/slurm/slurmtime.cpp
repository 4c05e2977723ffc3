// Slurm's time arithmetic: --time parsing (time_str2secs/mins) and the duration and date forms
// squeue, sinfo, scontrol and sacct print, reproduced with Slurm's integer quirks.
#include "slurmtime.h"

#include <QByteArray>

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>

namespace schedlab::slurm {

namespace {

// Slurm computes in C ints and compares them with its uint32 sentinels, so INFINITE reads as
// -1 and NO_VAL as -2 in these paths.
constexpr std::int32_t kInfiniteInt = -1;
constexpr std::int32_t kNoValInt = -2;
constexpr qint64 kYearSeconds = 365LL * 24 * 3600;
// A time_t equal to Slurm's uint32 INFINITE / NO_VAL.
constexpr qint64 kInfiniteEpoch = 0xFFFFFFFFLL;
constexpr qint64 kNoValEpoch = 0xFFFFFFFELL;

bool isDigit(QChar c)
{
    return c.unicode() >= '0' && c.unicode() <= '9';
}

// C's wrapping int arithmetic, which Slurm relies on without meaning to.
std::int32_t wrap(std::int64_t v)
{
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(static_cast<std::uint64_t>(v)));
}

// _is_valid_timespec(): digits, at most one '-' before any ':', at most two ':', and enough
// digit runs for the separators.
bool isValidTimespec(QStringView s)
{
    int digit = 0;
    int dash = 0;
    int colon = 0;
    bool alreadyDigit = false;
    for (QChar c : s) {
        if (isDigit(c)) {
            if (!alreadyDigit) {
                ++digit;
                alreadyDigit = true;
            }
        } else if (c == QLatin1Char('-')) {
            alreadyDigit = false;
            ++dash;
            if (colon)
                return false;
        } else if (c == QLatin1Char(':')) {
            alreadyDigit = false;
            ++colon;
        } else {
            return false;
        }
    }
    if (!digit)
        return false;
    if (dash > 1 || colon > 2)
        return false;
    if (dash) {
        if (colon == 1 && digit < 3)
            return false;
        if (colon == 2 && digit < 4)
            return false;
    } else {
        if (colon == 1 && digit < 2)
            return false;
        if (colon == 2 && digit < 3)
            return false;
    }
    return true;
}

// One sscanf "%d": glibc converts with strtol (a saturating 64-bit long) and stores the low
// 32 bits, so huge day counts wrap instead of failing.
bool scanInt(QStringView s, qsizetype &pos, std::int32_t &out)
{
    qsizetype i = pos;
    bool negative = false;
    if (i < s.size() && (s[i] == QLatin1Char('-') || s[i] == QLatin1Char('+'))) {
        negative = s[i] == QLatin1Char('-');
        ++i;
    }
    const qsizetype start = i;
    const std::uint64_t limit =
        negative ? (std::uint64_t(1) << 63) : ((std::uint64_t(1) << 63) - 1);
    std::uint64_t magnitude = 0;
    bool saturated = false;
    while (i < s.size() && isDigit(s[i])) {
        const std::uint64_t d = s[i].unicode() - '0';
        if (!saturated) {
            if (magnitude > (limit - d) / 10) {
                saturated = true;
                magnitude = limit;
            } else {
                magnitude = magnitude * 10 + d;
            }
        }
        ++i;
    }
    if (i == start)
        return false;
    const std::uint64_t asLong = negative ? (~magnitude + 1) : magnitude;
    out = static_cast<std::int32_t>(static_cast<std::uint32_t>(asLong));
    pos = i;
    return true;
}

bool matchLiteral(QStringView s, qsizetype &pos, char c)
{
    if (pos < s.size() && s[pos] == QLatin1Char(c)) {
        ++pos;
        return true;
    }
    return false;
}

// time_str2secs(): the int Slurm returns, kNoValInt for invalid text.
std::int32_t timeStrToSecs(QStringView text)
{
    if (text.isEmpty())
        return kNoValInt;
    if (text == u"-1" || text.compare(u"INFINITE", Qt::CaseInsensitive) == 0 ||
        text.compare(u"UNLIMITED", Qt::CaseInsensitive) == 0)
        return kInfiniteInt;
    if (!isValidTimespec(text))
        return kNoValInt;

    std::int32_t d = 0, h = 0, m = 0, s = 0;
    qsizetype pos = 0;
    if (text.contains(QLatin1Char('-'))) {
        // sscanf("%d-%d:%d:%d"): stops at the first field that does not match.
        if (scanInt(text, pos, d) && matchLiteral(text, pos, '-') && scanInt(text, pos, h) &&
            matchLiteral(text, pos, ':') && scanInt(text, pos, m) && matchLiteral(text, pos, ':')) {
            scanInt(text, pos, s);
        }
        d = wrap(std::int64_t(d) * 86400);
        h = wrap(std::int64_t(h) * 3600);
        m = wrap(std::int64_t(m) * 60);
    } else {
        int fields = 0;
        if (scanInt(text, pos, h)) {
            ++fields;
            if (matchLiteral(text, pos, ':') && scanInt(text, pos, m)) {
                ++fields;
                if (matchLiteral(text, pos, ':') && scanInt(text, pos, s))
                    ++fields;
            }
        }
        if (fields == 3) {
            h = wrap(std::int64_t(h) * 3600);
            m = wrap(std::int64_t(m) * 60);
        } else {
            // minutes[:seconds]: sscanf filled h with the minutes and m with the seconds.
            s = m;
            m = wrap(std::int64_t(h) * 60);
            h = 0;
        }
    }
    return wrap(std::int64_t(d) + h + m + s);
}

// time_str2mins(): seconds rounded up to the minute with C's truncating division.
std::int32_t timeStrToMins(QStringView text)
{
    std::int32_t i = timeStrToSecs(text);
    if (i != kInfiniteInt && i != kNoValInt)
        i = wrap(std::int64_t(i) + 59) / 60;
    return i;
}

QString twoDigits(qint64 v)
{
    return QString::number(v).rightJustified(2, QLatin1Char('0'));
}

// The _print_secs() of squeue and sinfo, without squeue's range check.
QString printSecs(qint64 time)
{
    const qint64 seconds = time % 60;
    const qint64 minutes = (time / 60) % 60;
    const qint64 hours = (time / 3600) % 24;
    const qint64 days = time / 86400;
    if (days)
        return QStringLiteral("%1-%2:%3:%4")
            .arg(days)
            .arg(twoDigits(hours), twoDigits(minutes), twoDigits(seconds));
    if (hours)
        return QStringLiteral("%1:%2:%3").arg(hours).arg(twoDigits(minutes), twoDigits(seconds));
    return QStringLiteral("%1:%2").arg(minutes).arg(twoDigits(seconds));
}

// ---- calendar ------------------------------------------------------------------------------

using BrokenDown = UtcTime;

qint64 floorDiv(qint64 a, qint64 b)
{
    qint64 q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        --q;
    return q;
}

bool isLeap(qint64 y)
{
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

// Howard Hinnant's days_from_civil / civil_from_days, valid far beyond any 64-bit epoch.
qint64 civilDays(qint64 y, int m, int d)
{
    y -= m <= 2;
    const qint64 era = floorDiv(y, 400);
    const qint64 yoe = y - era * 400;
    const qint64 doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const qint64 doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

BrokenDown breakDown(qint64 epoch)
{
    BrokenDown tm;
    // Keep the arithmetic inside 64 bits for any input.
    // No product: days * 86400 overflows for epochs near the 64-bit limits.
    qint64 secs = epoch % 86400;
    qint64 days = epoch / 86400;
    if (secs < 0) {
        secs += 86400;
        days -= 1;
    }
    tm.hour = int(secs / 3600);
    tm.minute = int((secs / 60) % 60);
    tm.second = int(secs % 60);

    const qint64 z = days + 719468;
    const qint64 era = floorDiv(z, 146097);
    const qint64 doe = z - era * 146097;
    const qint64 yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const qint64 doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const qint64 mp = (5 * doy + 2) / 153;
    const int d = int(doy - (153 * mp + 2) / 5 + 1);
    const int m = int(mp < 10 ? mp + 3 : mp - 9);
    const qint64 y = yoe + era * 400 + (m <= 2);
    tm.year = y;
    tm.month = m - 1;
    tm.mday = d;
    tm.wday = int(((days % 7) + 7 + 4) % 7);
    tm.yday = int(days - civilDays(y, 1, 1));
    return tm;
}

// glibc's iso_week_days(): days since the start of the ISO week-numbering year.
int isoWeekDays(int yday, int wday)
{
    const int bigEnoughMultipleOf7 = (366 / 7 + 2) * 7;
    return yday - (yday - wday + 4 + bigEnoughMultipleOf7) % 7 + 4 - 1;
}

const std::array<const char *, 7> kDayAbbrev = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
const std::array<const char *, 7> kDayName = {"Sunday",   "Monday", "Tuesday", "Wednesday",
                                              "Thursday", "Friday", "Saturday"};
const std::array<const char *, 12> kMonthAbbrev = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                   "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
const std::array<const char *, 12> kMonthName = {"January",   "February", "March",    "April",
                                                 "May",       "June",     "July",     "August",
                                                 "September", "October",  "November", "December"};

// Wide enough for any sensible use, small enough that a fuzzed "%99999999d" stays cheap; Slurm
// prints '#' for anything over its 32-byte buffer anyway.
constexpr int kMaxWidth = 1024;

struct Directive
{
    QChar pad; // null, '_', '-' or '0'
    bool upper = false;
    bool swapCase = false;
    int width = -1;
};

// glibc's add(): text padded on the left up to the width, with zeros for the '0' flag and
// spaces otherwise ('-' does not stop it for text).
QString padded(const QString &text, const Directive &d)
{
    const int w = d.width < 0 ? 0 : d.width;
    if (text.size() >= w)
        return text;
    const QChar fill = d.pad == QLatin1Char('0') ? QLatin1Char('0') : QLatin1Char(' ');
    return QString(w - text.size(), fill) + text;
}

// glibc 2.36's do_number_sign_and_padding: the width raises the digit count; '_' pads with
// spaces, the default and '0' with zeros after the sign, '-' not at all (then the width pads
// with spaces, as for text).
QString number(qint64 value, int digits, Directive d, bool spacePad = false)
{
    if (spacePad && d.pad != QLatin1Char('0') && d.pad != QLatin1Char('-'))
        d.pad = QLatin1Char('_');
    const bool negative = value < 0;
    const quint64 magnitude = negative ? quint64(0) - quint64(value) : quint64(value);
    const QString body = QString::number(magnitude);
    const QString sign = negative ? QStringLiteral("-") : QString();
    digits = std::max(digits, d.width);
    if (d.pad == QLatin1Char('-'))
        return padded(sign + body, d);
    const int padding = digits - int(body.size()) - int(sign.size());
    if (padding <= 0)
        return sign + body;
    if (d.pad == QLatin1Char('_'))
        return QString(padding, QLatin1Char(' ')) + sign + body;
    return sign + QString(padding, QLatin1Char('0')) + body;
}

QString strftimeUtc(const BrokenDown &tm, qint64 epoch, QStringView format, int depth);

QString applyCase(QString s, bool upper, bool lower)
{
    if (upper)
        return s.toUpper();
    if (lower)
        return s.toLower();
    return s;
}

QString strftimeUtc(const BrokenDown &tm, qint64 epoch, QStringView format, int depth)
{
    QString out;
    const qsizetype n = format.size();
    for (qsizetype i = 0; i < n; ++i) {
        const QChar c = format[i];
        if (c != QLatin1Char('%')) {
            out += c;
            continue;
        }
        const qsizetype start = i;
        Directive d;
        ++i;
        // Flags.
        for (; i < n; ++i) {
            const char16_t f = format[i].unicode();
            if (f == '_' || f == '-' || f == '0')
                d.pad = format[i];
            else if (f == '^')
                d.upper = true;
            else if (f == '#')
                d.swapCase = true;
            else
                break;
        }
        // Width.
        if (i < n && isDigit(format[i])) {
            int w = 0;
            while (i < n && isDigit(format[i])) {
                w = std::min(kMaxWidth, w * 10 + (format[i].unicode() - '0'));
                ++i;
            }
            d.width = w;
        }
        // E and O modifiers change nothing in the C locale.
        QChar modifier;
        if (i < n && (format[i] == QLatin1Char('E') || format[i] == QLatin1Char('O'))) {
            modifier = format[i];
            ++i;
        }
        if (i >= n) {
            // glibc copies a trailing, unfinished directive as it is.
            out += format.mid(start);
            break;
        }
        const char16_t conv = format[i].unicode();
        auto bad = [&]() { out += format.mid(start, i - start + 1); };
        auto allowE = [&](bool ok) { return modifier.isNull() || ok; };
        bool upper = d.upper;
        bool lower = false;
        auto sub = [&](const char *fmt) {
            if (depth > 2)
                return QString();
            QString s = strftimeUtc(tm, epoch, QString::fromLatin1(fmt), depth + 1);
            return padded(applyCase(s, upper, false), d);
        };
        switch (conv) {
        case '%':
            if (!modifier.isNull())
                bad();
            else
                out += padded(QStringLiteral("%"), d);
            break;
        case 'n':
            out += padded(QStringLiteral("\n"), d);
            break;
        case 't':
            out += padded(QStringLiteral("\t"), d);
            break;
        case 'a':
        case 'A':
        case 'b':
        case 'h':
        case 'B': {
            if (!modifier.isNull()) {
                bad();
                break;
            }
            if (d.swapCase)
                upper = true;
            const char *text = conv == 'a'   ? kDayAbbrev[tm.wday]
                               : conv == 'A' ? kDayName[tm.wday]
                               : conv == 'B' ? kMonthName[tm.month]
                                             : kMonthAbbrev[tm.month];
            out += padded(applyCase(QString::fromLatin1(text), upper, false), d);
            break;
        }
        case 'p':
        case 'P': {
            if (!modifier.isNull()) {
                bad();
                break;
            }
            if (conv == 'P' || d.swapCase) {
                upper = false;
                lower = true;
            }
            const QString text = tm.hour < 12 ? QStringLiteral("AM") : QStringLiteral("PM");
            out += padded(applyCase(text, upper, lower), d);
            break;
        }
        case 'Z': {
            if (d.swapCase) {
                upper = false;
                lower = true;
            }
            out += padded(applyCase(QStringLiteral("UTC"), upper, lower), d);
            break;
        }
        case 'c':
            if (!allowE(modifier == QLatin1Char('E')))
                bad();
            else
                out += sub("%a %b %e %H:%M:%S %Y");
            break;
        case 'D':
            if (!modifier.isNull())
                bad();
            else
                out += sub("%m/%d/%y");
            break;
        case 'x':
            if (!allowE(modifier == QLatin1Char('E')))
                bad();
            else
                out += sub("%m/%d/%y");
            break;
        case 'X':
            if (!allowE(modifier == QLatin1Char('E')))
                bad();
            else
                out += sub("%H:%M:%S");
            break;
        case 'T':
            if (!modifier.isNull())
                bad();
            else
                out += sub("%H:%M:%S");
            break;
        case 'R':
            if (!modifier.isNull())
                bad();
            else
                out += sub("%H:%M");
            break;
        case 'r':
            if (!modifier.isNull())
                bad();
            else
                out += sub("%I:%M:%S %p");
            break;
        case 'F':
            if (!modifier.isNull())
                bad();
            else
                out += sub("%Y-%m-%d");
            break;
        case 'C':
            if (!allowE(modifier == QLatin1Char('E')))
                bad();
            else
                out += number(floorDiv(tm.year, 100), 1, d);
            break;
        case 'd':
            if (!allowE(modifier == QLatin1Char('O')))
                bad();
            else
                out += number(tm.mday, 2, d);
            break;
        case 'e':
            if (!allowE(modifier == QLatin1Char('O')))
                bad();
            else
                out += number(tm.mday, 2, d, true);
            break;
        case 'H':
            if (!allowE(modifier == QLatin1Char('O')))
                bad();
            else
                out += number(tm.hour, 2, d);
            break;
        case 'I':
            if (!allowE(modifier == QLatin1Char('O')))
                bad();
            else
                out += number(tm.hour % 12 == 0 ? 12 : tm.hour % 12, 2, d);
            break;
        case 'k':
            if (!modifier.isNull())
                bad();
            else
                out += number(tm.hour, 2, d, true);
            break;
        case 'l':
            if (!modifier.isNull())
                bad();
            else
                out += number(tm.hour % 12 == 0 ? 12 : tm.hour % 12, 2, d, true);
            break;
        case 'j':
            if (!modifier.isNull())
                bad();
            else
                out += number(tm.yday + 1, 3, d);
            break;
        case 'm':
            if (!allowE(modifier == QLatin1Char('O')))
                bad();
            else
                out += number(tm.month + 1, 2, d);
            break;
        case 'M':
            if (!allowE(modifier == QLatin1Char('O')))
                bad();
            else
                out += number(tm.minute, 2, d);
            break;
        case 'S':
            if (!allowE(modifier == QLatin1Char('O')))
                bad();
            else
                out += number(tm.second, 2, d);
            break;
        case 's':
            if (!modifier.isNull())
                bad();
            else
                out += number(epoch, 1, d, true); // glibc pads %s with spaces
            break;
        case 'u':
            if (!allowE(modifier == QLatin1Char('O')))
                bad();
            else
                out += number((tm.wday + 6) % 7 + 1, 1, d);
            break;
        case 'w':
            if (!allowE(modifier == QLatin1Char('O')))
                bad();
            else
                out += number(tm.wday, 1, d);
            break;
        case 'U':
            if (!allowE(modifier == QLatin1Char('O')))
                bad();
            else
                out += number((tm.yday - tm.wday + 7) / 7, 2, d);
            break;
        case 'W':
            if (!allowE(modifier == QLatin1Char('O')))
                bad();
            else
                out += number((tm.yday - (tm.wday - 1 + 7) % 7 + 7) / 7, 2, d);
            break;
        case 'V':
        case 'g':
        case 'G': {
            if (!allowE(conv == 'V' && modifier == QLatin1Char('O'))) {
                bad();
                break;
            }
            qint64 year = tm.year;
            int days = isoWeekDays(tm.yday, tm.wday);
            if (days < 0) {
                --year;
                days = isoWeekDays(tm.yday + (365 + isLeap(year)), tm.wday);
            } else {
                const int next = isoWeekDays(tm.yday - (365 + isLeap(year)), tm.wday);
                if (next >= 0) {
                    ++year;
                    days = next;
                }
            }
            if (conv == 'V')
                out += number(days / 7 + 1, 2, d);
            else if (conv == 'g')
                out += number(((year % 100) + 100) % 100, 2, d);
            else
                out += number(year, 1, d);
            break;
        }
        case 'y':
            out += number(((tm.year % 100) + 100) % 100, 2, d);
            break;
        case 'Y':
            if (!allowE(modifier == QLatin1Char('E')))
                bad();
            else
                out += number(tm.year, 1, d);
            break;
        case 'z':
            if (!modifier.isNull())
                bad();
            else
                out += padded(QStringLiteral("+"), d) + number(0, 4, d);
            break;
        default:
            bad();
            break;
        }
    }
    return out;
}

// _relative_date_fmt(): Slurm compares 1000*year+yday numbers, so the year boundary counts as
// "far" — kept as is.
QString relativeFormat(const BrokenDown &when, qint64 nowEpoch)
{
    const BrokenDown today = breakDown(nowEpoch);
    const qint64 distance = (1000 * when.year + when.yday) - (1000 * today.year + today.yday);
    if (distance == -1)
        return QStringLiteral("Ystday %H:%M");
    if (distance == 0)
        return QStringLiteral("%H:%M:%S");
    if (distance == 1)
        return QStringLiteral("Tomorr %H:%M");
    if (distance < -365 || distance > 365)
        return QStringLiteral("%-d %b %Y");
    if (distance < -1 || distance > 6)
        return QStringLiteral("%-d %b %H:%M");
    return QStringLiteral("%a %H:%M");
}

} // namespace

std::optional<std::uint32_t> parseTimeLimit(QStringView text)
{
    const std::int32_t minutes = timeStrToMins(text);
    if (minutes == kNoValInt)
        return std::nullopt;
    // arg_set_time_limit(): "A time limit of zero requests that no time limit be imposed".
    if (minutes == 0)
        return kInfiniteMinutes;
    return static_cast<std::uint32_t>(minutes);
}

std::optional<qint64> parseDurationSeconds(QStringView text)
{
    const std::int32_t seconds = timeStrToSecs(text);
    if (seconds == kNoValInt)
        return std::nullopt;
    return qint64(seconds);
}

std::optional<std::int32_t> parseMinutes(QStringView text)
{
    const std::int32_t minutes = timeStrToMins(text);
    if (minutes == kNoValInt)
        return std::nullopt;
    return minutes;
}

QString formatSqueueSecs(qint64 seconds)
{
    if (seconds < 0 || seconds > kYearSeconds)
        return QStringLiteral("INVALID");
    return printSecs(seconds);
}

QString formatSqueueLimit(std::uint32_t minutes)
{
    if (minutes == kInfiniteMinutes)
        return QStringLiteral("UNLIMITED");
    if (minutes == kNoValMinutes)
        return QStringLiteral("NOT_SET");
    // squeue multiplies the uint32 limit by 60 in 32 bits: huge limits wrap, then read INVALID.
    return formatSqueueSecs(qint64(std::uint32_t(minutes * 60u)));
}

QString formatHms(qint64 seconds)
{
    // secs2time_str() compares its time_t with the uint32 INFINITE.
    if (seconds == kInfiniteEpoch)
        return QStringLiteral("UNLIMITED");
    if (seconds < 0)
        return QStringLiteral("INVALID");
    const qint64 days = seconds / 86400;
    const QString hms = QStringLiteral("%1:%2:%3")
                            .arg(twoDigits((seconds / 3600) % 24), twoDigits((seconds / 60) % 60),
                                 twoDigits(seconds % 60));
    if (days)
        return QStringLiteral("%1-%2").arg(days).arg(hms);
    return hms;
}

QString formatScontrolLimit(std::uint32_t minutes)
{
    if (minutes == kInfiniteMinutes)
        return QStringLiteral("UNLIMITED");
    if (minutes == kNoValMinutes)
        return QStringLiteral("Partition_Limit");
    return formatHms(qint64(minutes) * 60);
}

QString formatSinfoLimit(std::uint32_t minutes)
{
    if (minutes == kInfiniteMinutes)
        return QStringLiteral("infinite");
    return printSecs(qint64(minutes) * 60);
}

bool isValidSlurmTimeFormat(const QString &slurmTimeFormat)
{
    if (slurmTimeFormat.isEmpty() || slurmTimeFormat == u"standard" ||
        slurmTimeFormat == u"relative")
        return true;
    return slurmTimeFormat.contains(QLatin1Char('%')) && slurmTimeFormat.toUtf8().size() < 32;
}

QString formatUtcStrftime(qint64 epochSeconds, QStringView format)
{
    return strftimeUtc(breakDown(epochSeconds), epochSeconds, format, 0);
}

QString formatTimestamp(qint64 epochSeconds, const QString &slurmTimeFormat,
                        const QString &zeroText, qint64 nowEpochSeconds)
{
    if (epochSeconds == 0)
        return zeroText;
    if (epochSeconds == kInfiniteEpoch)
        return QStringLiteral("Unknown");
    if (epochSeconds == kNoValEpoch)
        return QStringLiteral("None");

    const BrokenDown tm = breakDown(epochSeconds);
    QString format;
    if (slurmTimeFormat.isEmpty() || slurmTimeFormat == u"standard" ||
        !isValidSlurmTimeFormat(slurmTimeFormat)) {
        // The common case, without the general formatter.
        return QStringLiteral("%1-%2-%3T%4:%5:%6")
            .arg(number(tm.year, 1, Directive{}), twoDigits(tm.month + 1), twoDigits(tm.mday),
                 twoDigits(tm.hour), twoDigits(tm.minute), twoDigits(tm.second));
    }
    if (slurmTimeFormat == u"relative")
        format = relativeFormat(tm, nowEpochSeconds ? nowEpochSeconds : epochSeconds);
    else
        format = slurmTimeFormat;

    const QString out = strftimeUtc(tm, epochSeconds, format, 0);
    // strftime() into Slurm's 32-byte buffer fails on a longer (or empty) result and Slurm
    // then fills the buffer with '#'.
    const qsizetype bytes = out.toUtf8().size();
    if (bytes == 0 || bytes >= 32)
        return QString(31, QLatin1Char('#'));
    return out;
}

UtcTime utcTime(qint64 epoch)
{
    return breakDown(epoch);
}

qint64 daysFromCivil(qint64 year, int month, int day)
{
    return civilDays(year, month, day);
}

} // namespace schedlab::slurm
