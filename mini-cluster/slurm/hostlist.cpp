// Slurm hostlists: the range list of src/common/hostlist.c re-created from its documented
// behaviour, so that expansion, merging, padding and ordering match scontrol byte for byte.
#include "hostlist.h"

#include <QByteArray>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace schedlab::slurm {

namespace {

// Slurm's own limits (hostlist.c / hostlist.h).
constexpr std::uint64_t kMaxRange = 64 * 1024;       // hosts in one "lo-hi"
constexpr std::size_t kMaxRanges = 256 * 1024;       // ranges between one pair of brackets
constexpr std::uint64_t kMaxPrefixCount = 64 * 1024; // values of one prefix bracket group
// Ours: Slurm would try to allocate whatever is asked; the engine must not.
constexpr std::uint64_t kMaxHosts = 256 * 1024;
constexpr std::uint64_t kMaxBytes = 64 * 1024 * 1024;
constexpr std::uint64_t kMaxSteps = 1024 * 1024;

bool cIsSpace(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

bool cIsDigit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

// A C string view: reading past the end gives the terminating NUL, as the C code sees it.
char at(const std::string &s, std::size_t i)
{
    return i < s.size() ? s[i] : '\0';
}

struct HostRange
{
    std::string prefix;
    std::uint64_t lo = 0;
    std::uint64_t hi = 0;
    int width = 0;
    bool single = false; // no numeric suffix: the prefix is the whole name
};

std::uint64_t rangeCount(const HostRange &r)
{
    return r.single ? 1 : r.hi - r.lo + 1;
}

std::string formatNumber(std::uint64_t value, int width)
{
    std::string digits = std::to_string(value);
    if (int(digits.size()) < width)
        digits.insert(0, std::size_t(width) - digits.size(), '0');
    return digits;
}

// strtoul(s, &end, 10) on a NUL-free string: leading space, a sign, saturation at the top.
struct ULong
{
    std::uint64_t value = 0;
    std::size_t end = 0; // index after the number; 0 when nothing was converted
    bool converted = false;
};

ULong strToUl(const std::string &s)
{
    ULong r;
    std::size_t i = 0;
    while (i < s.size() && cIsSpace(static_cast<unsigned char>(s[i])))
        ++i;
    bool negative = false;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
        negative = s[i] == '-';
        ++i;
    }
    const std::size_t digitsStart = i;
    bool overflow = false;
    std::uint64_t v = 0;
    while (i < s.size() && cIsDigit(static_cast<unsigned char>(s[i]))) {
        const std::uint64_t d = std::uint64_t(s[i] - '0');
        if (!overflow) {
            if (v > (UINT64_MAX - d) / 10)
                overflow = true;
            else
                v = v * 10 + d;
        }
        ++i;
    }
    if (i == digitsStart)
        return r;
    r.converted = true;
    r.end = i;
    r.value = overflow ? UINT64_MAX : (negative ? std::uint64_t(0) - v : v);
    return r;
}

// strnatcmp() from Slurm's strnatcmp.c: runs of digits compare as numbers, whitespace is
// skipped, chars compare as signed chars.
int compareRight(const std::string &a, std::size_t ai, const std::string &b, std::size_t bi)
{
    int bias = 0;
    for (;; ++ai, ++bi) {
        const char ca = at(a, ai);
        const char cb = at(b, bi);
        const bool da = cIsDigit(static_cast<unsigned char>(ca));
        const bool db = cIsDigit(static_cast<unsigned char>(cb));
        if (!da && !db)
            return bias;
        if (!da)
            return -1;
        if (!db)
            return +1;
        if (ca < cb) {
            if (!bias)
                bias = -1;
        } else if (ca > cb) {
            if (!bias)
                bias = +1;
        }
    }
}

int compareLeft(const std::string &a, std::size_t ai, const std::string &b, std::size_t bi)
{
    for (;; ++ai, ++bi) {
        const char ca = at(a, ai);
        const char cb = at(b, bi);
        const bool da = cIsDigit(static_cast<unsigned char>(ca));
        const bool db = cIsDigit(static_cast<unsigned char>(cb));
        if (!da && !db)
            return 0;
        if (!da)
            return -1;
        if (!db)
            return +1;
        if (ca < cb)
            return -1;
        if (ca > cb)
            return +1;
    }
}

int strnatcmp(const std::string &a, const std::string &b)
{
    std::size_t ai = 0;
    std::size_t bi = 0;
    while (true) {
        char ca = at(a, ai);
        char cb = at(b, bi);
        while (cIsSpace(static_cast<unsigned char>(ca)))
            ca = at(a, ++ai);
        while (cIsSpace(static_cast<unsigned char>(cb)))
            cb = at(b, ++bi);
        if (cIsDigit(static_cast<unsigned char>(ca)) && cIsDigit(static_cast<unsigned char>(cb))) {
            const bool fractional = ca == '0' || cb == '0';
            const int result = fractional ? compareLeft(a, ai, b, bi) : compareRight(a, ai, b, bi);
            if (result != 0)
                return result;
        }
        if (!ca && !cb)
            return 0;
        if (ca < cb)
            return -1;
        if (ca > cb)
            return +1;
        ++ai;
        ++bi;
    }
}

// Number of zeros needed to pad num to width.
int zeroPadded(std::uint64_t num, int width)
{
    int n = 1;
    while (num /= 10)
        ++n;
    return width > n ? width - n : 0;
}

// _width_equiv(): two widths are compatible when either one leaves both numbers' padding
// unchanged; the one that differs is then adjusted — a side effect Slurm relies on.
bool widthEquiv(std::uint64_t n, int &wn, std::uint64_t m, int &wm)
{
    if (wn == wm)
        return true;
    const int npad = zeroPadded(n, wn);
    const int nmpad = zeroPadded(n, wm);
    const int mpad = zeroPadded(m, wm);
    const int mnpad = zeroPadded(m, wn);
    if (npad != nmpad && mpad != mnpad)
        return false;
    if (npad != nmpad)
        wm = wn;
    else
        wn = wm;
    return true;
}

bool widthCombine(HostRange &h0, HostRange &h1)
{
    return widthEquiv(h0.lo, h0.width, h1.lo, h1.width);
}

int prefixCmp(const HostRange &h1, const HostRange &h2)
{
    const int r = strnatcmp(h1.prefix, h2.prefix);
    return r == 0 ? int(h2.single) - int(h1.single) : r;
}

bool withinRange(const HostRange &h1, const HostRange &h2)
{
    if (prefixCmp(h1, h2) == 0)
        return !(h1.single || h2.single);
    return false;
}

int hostRangeCmp(HostRange &h1, HostRange &h2)
{
    int r = prefixCmp(h1, h2);
    if (r == 0) {
        // Slurm returns the unsigned difference as an int: only the low 32 bits count.
        r = widthCombine(h1, h2) ? int(std::uint32_t(h1.lo - h2.lo)) : h1.width - h2.width;
    }
    return r;
}

struct Budget
{
    std::uint64_t maxHosts = kMaxHosts;
    std::uint64_t hosts = 0;
    std::uint64_t bytes = 0;
    std::uint64_t steps = 0;
    bool exceeded = false;

    bool take(std::uint64_t count, std::uint64_t bytesEach)
    {
        hosts += count;
        bytes += count * bytesEach;
        if (hosts > maxHosts || bytes > kMaxBytes || count > maxHosts)
            exceeded = true;
        return !exceeded;
    }
};

class HostList
{
public:
    std::vector<HostRange> ranges;

    // hostlist_push_range(): a range that continues the last one is merged into it.
    void pushRange(HostRange r)
    {
        if (!ranges.empty()) {
            HostRange &tail = ranges.back();
            if (tail.hi == r.lo - 1 && prefixCmp(tail, r) == 0 && widthCombine(tail, r)) {
                tail.hi = r.hi;
                return;
            }
        }
        ranges.push_back(std::move(r));
    }

    // hostlist_push_host(): trailing digits are the number, the rest the prefix.
    void pushHost(const std::string &name)
    {
        std::size_t end = name.size();
        while (end > 0 && cIsDigit(static_cast<unsigned char>(name[end - 1])))
            --end;
        HostRange r;
        if (end == name.size()) {
            r.prefix = name;
            r.single = true;
        } else {
            const std::string suffix = name.substr(end);
            r.prefix = name.substr(0, end);
            r.lo = r.hi = strToUl(suffix).value;
            r.width = int(suffix.size());
        }
        pushRange(std::move(r));
    }
};

bool parseSingleRange(const std::string &str, HostRange &range)
{
    if (str.find('x') != std::string::npos) // boxes are for multi-dimensional systems only
        return false;
    const std::size_t dash = str.find('-');
    const std::string loText = dash == std::string::npos ? str : str.substr(0, dash);
    std::string hiText;
    if (dash != std::string::npos) {
        hiText = str.substr(dash + 1);
        if (!hiText.empty() && hiText[0] == '-') // no negative numbers
            return false;
    }
    range.width = int(loText.size());
    const ULong lo = strToUl(loText);
    if (!lo.converted)
        return false;
    range.lo = lo.value;
    if (dash != std::string::npos && !hiText.empty()) {
        // Only the upper bound is checked for trailing characters once there is one:
        // "1a-3" is accepted, as in Slurm.
        const ULong hi = strToUl(hiText);
        if (!hi.converted || hi.end != hiText.size())
            return false;
        range.hi = hi.value;
    } else {
        if (dash == std::string::npos && lo.end != loText.size())
            return false;
        if (dash != std::string::npos && lo.end != loText.size())
            return false;
        range.hi = range.lo;
    }
    if (range.lo > range.hi)
        return false;
    if (range.hi - range.lo >= kMaxRange)
        return false;
    return true;
}

bool parseRangeList(const std::string &str, std::vector<HostRange> &out)
{
    out.clear();
    std::size_t pos = 0;
    while (true) {
        if (out.size() >= kMaxRanges)
            return false;
        const std::size_t comma = str.find(',', pos);
        const std::string item =
            str.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
        HostRange r;
        if (!parseSingleRange(item, r))
            return false;
        out.push_back(std::move(r));
        if (comma == std::string::npos)
            return true;
        pos = comma + 1;
    }
}

bool pushHr(HostList &hl, const std::string &prefix, const HostRange &r, Budget &budget)
{
    if (!budget.take(r.hi - r.lo + 1, prefix.size() + std::uint64_t(std::max(r.width, 20)) + 1))
        return false;
    HostRange copy;
    copy.prefix = prefix;
    copy.lo = r.lo;
    copy.hi = r.hi;
    copy.width = r.width;
    hl.pushRange(std::move(copy));
    return true;
}

// _push_range_list(): bracket groups inside the prefix are expanded from the rightmost one,
// recursing for the ones on its left. Like Slurm, a bad group met while recursing only drops
// its names (Slurm keeps the highest return code, 0).
int pushRangeList(HostList &hl, const std::string &prefix, const std::vector<HostRange> &ranges,
                  Budget &budget)
{
    const std::size_t p = prefix.rfind('[');
    if (p != std::string::npos) {
        const std::size_t q = prefix.rfind(']');
        if (q != std::string::npos && q > p) {
            const std::string before = prefix.substr(0, p);
            const std::string inside = prefix.substr(p + 1, q - p - 1);
            const std::string after = prefix.substr(q + 1);
            const bool recurse = before.find('[') != std::string::npos;
            std::vector<HostRange> prefixRanges;
            if (!parseRangeList(inside, prefixRanges))
                return -1;
            std::uint64_t count = 0;
            int rc = 0;
            for (const HostRange &pr : prefixRanges) {
                count += pr.hi - pr.lo + 1;
                if (count > kMaxPrefixCount)
                    return -1;
                for (std::uint64_t j = pr.lo;; ++j) {
                    if (++budget.steps > kMaxSteps) {
                        budget.exceeded = true;
                        return -1;
                    }
                    const std::string newPrefix = before + formatNumber(j, pr.width) + after;
                    if (recurse) {
                        const int rc1 = pushRangeList(hl, newPrefix, ranges, budget);
                        if (budget.exceeded)
                            return -1;
                        rc = std::max(rc, rc1);
                    } else {
                        for (const HostRange &r : ranges) {
                            if (!pushHr(hl, newPrefix, r, budget))
                                return -1;
                        }
                    }
                    if (j == pr.hi)
                        break;
                }
            }
            return rc;
        }
    }
    for (const HostRange &r : ranges) {
        if (!pushHr(hl, prefix, r, budget))
            return -1;
    }
    return 0;
}

bool isSeparator(char c)
{
    return c == '\t' || c == ',' || c == ' ';
}

// _next_tok(): a token ends at a separator that is not inside brackets.
bool nextToken(const std::string &s, std::size_t &pos, std::string &token)
{
    while (pos < s.size() && isSeparator(s[pos]))
        ++pos;
    if (pos >= s.size())
        return false;
    const std::size_t tok = pos;
    std::size_t parse = tok;
    std::size_t str = pos;
    while (true) {
        while (str < s.size() && !isSeparator(s[str]))
            ++str;
        bool again = false;
        while (true) {
            const std::size_t open = s.find('[', parse);
            if (open == std::string::npos || open > str)
                break;
            const std::size_t close = s.find(']', parse);
            if (close == std::string::npos || close < open)
                break;
            if (close < str) {
                parse = close + 1;
                continue;
            }
            str = close;
            again = true;
            break;
        }
        if (!again)
            break;
    }
    token = s.substr(tok, str - tok);
    pos = str;
    while (pos < s.size() && isSeparator(s[pos]))
        ++pos;
    return true;
}

std::string toCString(const QString &text)
{
    QByteArray bytes = text.toUtf8();
    const qsizetype nul = bytes.indexOf('\0');
    if (nul >= 0)
        bytes.truncate(nul);
    return bytes.toStdString();
}

std::optional<HostList> createHostList(const std::string &expression, std::uint64_t maxHosts)
{
    HostList hl;
    Budget budget;
    budget.maxHosts = std::min(maxHosts, kMaxHosts);
    std::size_t pos = 0;
    std::string token;
    std::vector<HostRange> ranges;
    while (nextToken(expression, pos, token)) {
        const std::size_t p = token.rfind('[');
        if (p == std::string::npos) {
            if (!budget.take(1, token.size() + 1))
                return std::nullopt;
            hl.pushHost(token);
            continue;
        }
        const std::string prefix = token.substr(0, p);
        const std::string rest = token.substr(p + 1);
        const std::size_t q = rest.find(']');
        if (q == std::string::npos)
            return std::nullopt; // Slurm would push the name with a ']' tacked on
        if (q + 1 < rest.size() && rest[q + 1] != ',')
            return std::nullopt; // nothing may follow the last bracket group
        if (!parseRangeList(rest.substr(0, q), ranges))
            return std::nullopt;
        if (pushRangeList(hl, prefix, ranges, budget) < 0 || budget.exceeded)
            return std::nullopt;
    }
    return hl;
}

std::string numberString(const HostRange &r)
{
    if (r.single)
        return {};
    std::string s = formatNumber(r.lo, r.width);
    if (r.lo < r.hi)
        s += '-' + formatNumber(r.hi, r.width);
    return s;
}

// hostlist_ranged_string(): consecutive ranges of one prefix share a bracket group.
QString rangedString(const std::vector<HostRange> &ranges)
{
    std::string out;
    const std::size_t n = ranges.size();
    std::size_t i = 0;
    while (i < n) {
        if (i)
            out += ',';
        const bool bracket =
            rangeCount(ranges[i]) > 1 || (i + 1 < n && withinRange(ranges[i], ranges[i + 1]));
        out += ranges[i].prefix;
        if (bracket)
            out += '[';
        const std::size_t start = i;
        do {
            if (i > start)
                out += ',';
            out += numberString(ranges[i]);
        } while (++i < n && withinRange(ranges[i], ranges[i - 1]));
        if (bracket)
            out += ']';
    }
    return QString::fromStdString(out);
}

using RangePtrs = std::vector<std::unique_ptr<HostRange>>;

// glibc's qsort is a top-down merge sort; its comparisons run in this order, which matters
// because hostrange_cmp adjusts widths as it compares.
void mergeSort(RangePtrs &v, std::size_t begin, std::size_t n, RangePtrs &tmp)
{
    if (n <= 1)
        return;
    const std::size_t n1 = n / 2;
    const std::size_t n2 = n - n1;
    mergeSort(v, begin, n1, tmp);
    mergeSort(v, begin + n1, n2, tmp);
    std::size_t a = begin;
    std::size_t b = begin + n1;
    const std::size_t aEnd = begin + n1;
    const std::size_t bEnd = begin + n;
    std::size_t out = 0;
    while (a < aEnd && b < bEnd) {
        if (hostRangeCmp(*v[a], *v[b]) <= 0)
            tmp[out++] = std::move(v[a++]);
        else
            tmp[out++] = std::move(v[b++]);
    }
    while (a < aEnd)
        tmp[out++] = std::move(v[a++]);
    while (b < bEnd)
        tmp[out++] = std::move(v[b++]);
    for (std::size_t i = 0; i < n; ++i)
        v[begin + i] = std::move(tmp[i]);
}

// hostlist_coalesce() then hostlist_collapse(): overlapping ranges are split into single
// hosts so that duplicates survive, then touching ranges are joined.
void coalesce(RangePtrs &v)
{
    // Each overlap found starts the scan again, as in Slurm; numbers whose difference does
    // not fit an int sort out of order there and could keep it busy for hours, so the work is
    // bounded and the list is left as it stands when the bound is met.
    std::uint64_t budget = 16 * std::uint64_t(v.size()) + 65536;
    for (long i = long(v.size()) - 1; i > 0; --i) {
        if (budget-- == 0)
            break;
        HostRange *hprev = v[std::size_t(i) - 1].get();
        HostRange *hnext = v[std::size_t(i)].get();
        if (hprev->single || hnext->single)
            continue;
        if (!(hprev->hi > hnext->lo && prefixCmp(*hprev, *hnext) == 0 &&
              widthCombine(*hprev, *hnext)))
            continue;
        HostRange inter = *hprev;
        inter.lo = hnext->lo;
        inter.hi = std::min(hnext->hi, hprev->hi);
        std::size_t j = std::size_t(i);
        if (inter.hi < hprev->hi)
            hnext->hi = hprev->hi;
        hprev->hi = inter.lo;
        hnext->lo = inter.hi;
        if (hprev->hi < hprev->lo) {
            // Only reachable when the sort order is not transitive; Slurm then frees the
            // wrong range. Drop the emptied one and start over.
            v.erase(v.begin() + (i - 1));
            i = long(v.size());
            continue;
        }
        // The single hosts go in at j, in order; gathered first and inserted at once, since
        // one insertion per host made this quadratic (found by fuzz_hostlist).
        RangePtrs singles;
        for (std::uint64_t lo = inter.lo;; ++lo) {
            if (budget == 0)
                break;
            --budget;
            auto single = std::make_unique<HostRange>(inter);
            single->lo = single->hi = lo;
            if (lo > hprev->hi)
                singles.push_back(std::make_unique<HostRange>(*single));
            if (lo < hnext->lo)
                singles.push_back(std::move(single));
            if (lo == inter.hi)
                break;
        }
        v.insert(v.begin() + long(j), std::make_move_iterator(singles.begin()),
                 std::make_move_iterator(singles.end()));
        i = long(v.size());
    }
    // Touching ranges are joined in one pass: erasing them one by one was quadratic (found
    // by fuzz_hostlist on a list of many overlapping ranges).
    RangePtrs joined;
    joined.reserve(v.size());
    for (auto &range : v) {
        if (!joined.empty()) {
            HostRange &prev = *joined.back();
            if (prev.hi == range->lo - 1 && prefixCmp(prev, *range) == 0 &&
                widthCombine(prev, *range)) {
                prev.hi = range->hi;
                continue;
            }
        }
        joined.push_back(std::move(range));
    }
    v = std::move(joined);
}

HostList fromNames(const QStringList &names)
{
    HostList hl;
    for (const QString &name : names) {
        const std::string n = toCString(name);
        if (!n.empty())
            hl.pushHost(n);
    }
    return hl;
}

} // namespace

std::optional<QStringList> expandHostlist(const QString &expression, int maxNames)
{
    const std::optional<HostList> hl =
        createHostList(toCString(expression), std::uint64_t(std::max(0, maxNames)));
    if (!hl)
        return std::nullopt;
    QStringList names;
    for (const HostRange &r : hl->ranges) {
        if (r.single) {
            names << QString::fromStdString(r.prefix);
            continue;
        }
        for (std::uint64_t i = r.lo;; ++i) {
            names << QString::fromStdString(r.prefix + formatNumber(i, r.width));
            if (i == r.hi)
                break;
        }
    }
    return names;
}

QString compressHostlist(const QStringList &names)
{
    return rangedString(fromNames(names).ranges);
}

QString compressHostlistSorted(const QStringList &names)
{
    HostList hl = fromNames(names);
    if (hl.ranges.size() <= 1)
        return rangedString(hl.ranges);
    RangePtrs v;
    v.reserve(hl.ranges.size());
    for (HostRange &r : hl.ranges)
        v.push_back(std::make_unique<HostRange>(std::move(r)));
    RangePtrs tmp(v.size());
    mergeSort(v, 0, v.size(), tmp);
    coalesce(v);
    std::vector<HostRange> sorted;
    sorted.reserve(v.size());
    for (auto &p : v)
        sorted.push_back(std::move(*p));
    return rangedString(sorted);
}

} // namespace schedlab::slurm
