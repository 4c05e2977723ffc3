// Finds private keys in a submission (between markers, PuTTY files, bare bodies) and masks them.
#include "secrets.h"

#include <QRegularExpression>

#include <algorithm>

namespace schedlab::grader {

namespace {

struct Range
{
    qsizetype from = 0;
    qsizetype to = 0; // one past the last character
};

struct Line
{
    qsizetype start = 0;
    qsizetype content = 0; // after indentation and Markdown quote markers ("> > ")
    qsizetype end = 0;     // after the last character that is not a space
};

class Text
{
public:
    explicit Text(const QString &text)
        : text_(text)
    {
        qsizetype start = 0;
        while (start <= text.size()) {
            qsizetype newline = text.indexOf(u'\n', start);
            if (newline < 0)
                newline = text.size();
            Line line{start, start, newline};
            while (line.content < newline &&
                   (text[line.content].isSpace() || text[line.content] == u'>'))
                ++line.content;
            while (line.end > line.content && text[line.end - 1].isSpace())
                --line.end;
            lines_.append(line);
            start = newline + 1;
        }
    }

    const QString &string() const { return text_; }
    const QList<Line> &lines() const { return lines_; }
    qsizetype lineCount() const { return lines_.size(); }
    QStringView content(qsizetype i) const
    {
        return QStringView(text_).mid(lines_[i].content, lines_[i].end - lines_[i].content);
    }
    // The index of the line holding position `pos`.
    qsizetype lineAt(qsizetype pos) const
    {
        auto after = std::upper_bound(lines_.begin(), lines_.end(), pos,
                                      [](qsizetype p, const Line &l) { return p < l.start; });
        return std::max<qsizetype>(0, (after - lines_.begin()) - 1);
    }

private:
    const QString &text_;
    QList<Line> lines_;
};

const QRegularExpression &beginMarker()
{
    static const QRegularExpression re(
        QStringLiteral("-{2,}[ \\t]*BEGIN[ \\t]+(?:[A-Z0-9]+[ \\t]+)*PRIVATE[ \\t]+KEY"
                       "(?:[ \\t]+BLOCK)?[ \\t]*-{2,}"),
        QRegularExpression::CaseInsensitiveOption);
    return re;
}

const QRegularExpression &endMarker()
{
    static const QRegularExpression re(
        QStringLiteral("-{2,}[ \\t]*END[ \\t]+(?:[A-Z0-9]+[ \\t]+)*PRIVATE[ \\t]+KEY"
                       "(?:[ \\t]+BLOCK)?[ \\t]*-{2,}"),
        QRegularExpression::CaseInsensitiveOption);
    return re;
}

// With the key's algorithm after it, as in the file: the header named in a sentence is not
// a key.
const QRegularExpression &puttyHeader()
{
    static const QRegularExpression re(
        QStringLiteral("PuTTY-User-Key-File-[1-9]:[ \\t]*(?:ssh-|ecdsa-|sk-)"));
    return re;
}

const QRegularExpression &puttyMac()
{
    static const QRegularExpression re(QStringLiteral("Private-MAC:"));
    return re;
}

bool isBase64Char(QChar c)
{
    const char16_t u = c.unicode();
    return (u >= u'A' && u <= u'Z') || (u >= u'a' && u <= u'z') || (u >= u'0' && u <= u'9') ||
           u == u'+' || u == u'/' || u == u'=';
}

bool isBase64(QStringView s)
{
    return !s.isEmpty() && std::all_of(s.begin(), s.end(), isBase64Char);
}

// A line of a PEM body, as the contract defines it. Requiring both cases and a digit keeps
// a Markdown underline ("=====") or a long word from counting: 60 random base64 characters
// lack one of them about once in fifty thousand keys.
bool isPemLine(QStringView s)
{
    if (s.size() < 60 || s.size() > 76 || !isBase64(s))
        return false;
    const bool lower = std::any_of(s.begin(), s.end(), [](QChar c) { return c.isLower(); });
    const bool upper = std::any_of(s.begin(), s.end(), [](QChar c) { return c.isUpper(); });
    const bool digit = std::any_of(s.begin(), s.end(), [](QChar c) { return c.isDigit(); });
    return lower && upper && digit;
}

// The short last line of a body. A word right after a key ("Merci", "OK") is pure base64
// too, so a short line must also look random: a digit, a symbol, or an upper-case letter
// after a lower-case one.
bool isBodyTail(QStringView s)
{
    if (s.size() < 2 || s.size() > 100 || !isBase64(s))
        return false;
    if (s.size() >= 16)
        return true;
    for (qsizetype i = 0; i < s.size(); ++i) {
        const QChar c = s[i];
        if (c.isDigit() || c == u'+' || c == u'/' || c == u'=')
            return true;
        if (i > 0 && c.isUpper() && s[i - 1].isLower())
            return true;
    }
    return false;
}

// What may follow a BEGIN marker in a real key: base64, a PEM header or the END marker. A
// marker quoted in a sentence ("never paste the -----BEGIN ... KEY----- file") has none,
// and masking from there to the end of the text would hide the student's whole answer.
bool startsKeyMaterial(QStringView s)
{
    static const QRegularExpression header(
        QStringLiteral("^(?:Proc-Type|DEK-Info|Comment|Subject|x-[\\w-]+):"),
        QRegularExpression::CaseInsensitiveOption);
    if (s.size() >= 16 && isBase64(s.first(16)))
        return true;
    // QString, not QStringView: match(QStringView) is deprecated after Qt 6.4 and
    // matchView() came after it.
    const QString text = s.toString();
    return header.match(text).hasMatch() ||
           endMarker()
               .match(text, 0, QRegularExpression::NormalMatch,
                      QRegularExpression::AnchorAtOffsetMatchOption)
               .hasMatch();
}

bool hasKeyMaterialAfter(const Text &text, qsizetype pos)
{
    const qsizetype li = text.lineAt(pos);
    const Line &line = text.lines()[li];
    // Quotes and backquotes around a marker are the sentence's, not the key's.
    QStringView rest = QStringView(text.string()).mid(pos, std::max<qsizetype>(0, line.end - pos));
    while (!rest.isEmpty() && (rest.front().isSpace() || rest.front() == u'`' ||
                               rest.front() == u'"' || rest.front() == u'\''))
        rest = rest.sliced(1);
    if (!rest.isEmpty())
        return startsKeyMaterial(rest);
    for (qsizetype i = li + 1; i < text.lineCount(); ++i)
        if (!text.content(i).isEmpty())
            return startsKeyMaterial(text.content(i));
    return false;
}

QList<Range> rangesOf(const QRegularExpression &re, const QString &text)
{
    QList<Range> ranges;
    for (auto it = re.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        ranges.append({m.capturedStart(), m.capturedEnd()});
    }
    return ranges;
}

// The first of `ranges` (in order) that starts at or after `from`; null if none.
const Range *firstFrom(const QList<Range> &ranges, qsizetype from)
{
    auto it = std::lower_bound(ranges.begin(), ranges.end(), from,
                               [](const Range &s, qsizetype p) { return s.from < p; });
    return it == ranges.end() ? nullptr : &*it;
}

// The markers of a text, found once so that a text of many keys is read in one pass.
struct Markers
{
    explicit Markers(const Text &text)
        : puttyStarts(rangesOf(puttyHeader(), text.string()))
        , ends(rangesOf(endMarker(), text.string()))
        , macs(rangesOf(puttyMac(), text.string()))
    {
        for (const Range &begin : rangesOf(beginMarker(), text.string()))
            if (hasKeyMaterialAfter(text, begin.to))
                beginStarts.append(begin);
        starts = beginStarts + puttyStarts;
        std::sort(starts.begin(), starts.end(),
                  [](const Range &a, const Range &b) { return a.from < b.from; });
    }

    QList<Range> beginStarts; // BEGIN markers followed by key material
    QList<Range> puttyStarts; // PuTTY headers
    QList<Range> starts;      // both, in order
    QList<Range> ends;        // END markers
    QList<Range> macs;        // PuTTY's "Private-MAC:"
};

// The end of the key whose first marker ends at `from`. A block cut short ends with the
// text, or where the next key starts, so that each key keeps its own mask.
qsizetype blockEnd(const Text &text, const Markers &markers, qsizetype from, bool putty)
{
    const Range *close = firstFrom(putty ? markers.macs : markers.ends, from);
    const Range *next = firstFrom(markers.starts, from);
    if (close && (!next || close->from < next->from))
        return putty ? text.lines()[text.lineAt(close->from)].end : close->to;
    const qsizetype startLine = text.lineAt(from);
    if (next && text.lineAt(next->from) == startLine)
        return next->from;
    // Up to the last line with something on it before the next key: the blank lines and
    // the next key's own quote markers stay.
    qsizetype i = next ? text.lineAt(next->from) - 1 : text.lineCount() - 1;
    while (i > startLine && text.content(i).isEmpty())
        --i;
    return std::max(from, text.lines()[i].end);
}

QList<Range> markedKeys(const Text &text)
{
    const Markers markers(text);
    QList<Range> ranges;
    for (const Range &begin : markers.beginStarts)
        ranges.append({begin.from, blockEnd(text, markers, begin.to, false)});
    for (const Range &header : markers.puttyStarts)
        ranges.append({header.from, blockEnd(text, markers, header.to, true)});
    return ranges;
}

// A body that starts with the "openssh-key-v1" magic, then the lines it was wrapped onto.
QList<Range> opensshBodies(const Text &text)
{
    static const QRegularExpression magic(
        QStringLiteral("(?<![A-Za-z0-9+/])b3BlbnNzaC1rZXktdjE[A-Za-z0-9+/=]*"));
    QList<Range> ranges;
    auto it = magic.globalMatch(text.string());
    while (it.hasNext()) {
        const auto m = it.next();
        Range r{m.capturedStart(), m.capturedEnd()};
        qsizetype i = text.lineAt(r.from);
        qsizetype width = m.capturedLength();
        // Only a line that was wrapped (not a whole body on one line) goes on below.
        while (r.to == text.lines()[i].end && width >= 40 && width <= 100 &&
               i + 1 < text.lineCount() && isBodyTail(text.content(i + 1))) {
            ++i;
            r.to = text.lines()[i].end;
            width = text.content(i).size();
        }
        ranges.append(r);
    }
    return ranges;
}

// Lines that hold a public key or certificate: an armoured block that is not private
// ("---- BEGIN SSH2 PUBLIC KEY ----"), or the base64 of an OpenSSH public key wrapped by
// an editor after its "ssh-rsa AAAA..." first line. Their bodies look like a PEM key's.
QList<bool> publicLines(const Text &text)
{
    static const QRegularExpression armour(QStringLiteral("-{2,}[ \\t]*BEGIN[ \\t][^\\n]*?-{2,}"));
    static const QRegularExpression armourEnd(QStringLiteral("-{2,}[ \\t]*END[ \\t]"));
    static const QRegularExpression wrappedKey(
        QStringLiteral("(?:ssh-(?:rsa|dss|ed25519)|ecdsa-sha2-nistp\\d+|sk-\\S+)[ \\t]+"
                       "AAAA[A-Za-z0-9+/]*$"));
    QList<bool> flags(text.lineCount(), false);
    for (qsizetype i = 0; i < text.lineCount(); ++i) {
        const QString line = text.content(i).toString();
        const auto begin = armour.match(line);
        if (begin.hasMatch() && !begin.capturedView().contains(u"PRIVATE", Qt::CaseInsensitive)) {
            for (++i; i < text.lineCount() && !text.content(i).isEmpty(); ++i) {
                flags[i] = true;
                if (armourEnd.match(text.content(i).toString()).hasMatch())
                    break;
            }
        } else if (wrappedKey.match(line).hasMatch()) {
            for (++i; i < text.lineCount() && isBase64(text.content(i)); ++i)
                flags[i] = true;
            --i;
        }
    }
    return flags;
}

// Three or more PEM lines in a row, or two and a short last line (an EC key's body is two
// full lines and a short one): the body of a key pasted without its markers.
QList<Range> pemBodies(const Text &text)
{
    const QList<bool> isPublic = publicLines(text);
    auto pem = [&](qsizetype i) { return !isPublic[i] && isPemLine(text.content(i)); };
    QList<Range> ranges;
    for (qsizetype i = 0; i < text.lineCount(); ++i) {
        if (!pem(i))
            continue;
        qsizetype j = i;
        while (j < text.lineCount() && pem(j))
            ++j;
        const bool tail = j < text.lineCount() && !isPublic[j] && isBodyTail(text.content(j));
        if (j - i >= 3 || (j - i == 2 && tail))
            ranges.append({text.lines()[i].content, text.lines()[tail ? j : j - 1].end});
        i = j;
    }
    return ranges;
}

// A Kubernetes config's "client-key-data:" holds a PEM private key in base64: "-----BEGIN"
// encodes as "LS0tLS1CRUdJTi".
QList<Range> encodedPemKeys(const Text &text)
{
    static const QRegularExpression encoded(
        QStringLiteral("(?<![A-Za-z0-9+/])LS0tLS1CRUdJTi[A-Za-z0-9+/=]*"));
    QList<Range> ranges;
    auto it = encoded.globalMatch(text.string());
    while (it.hasNext()) {
        const auto m = it.next();
        const QByteArray decoded = QByteArray::fromBase64(m.captured().toLatin1());
        if (decoded.contains("PRIVATE KEY"))
            ranges.append({m.capturedStart(), m.capturedEnd()});
    }
    return ranges;
}

QList<Range> merged(QList<Range> ranges)
{
    std::sort(ranges.begin(), ranges.end(),
              [](const Range &a, const Range &b) { return a.from < b.from; });
    QList<Range> out;
    for (const Range &r : ranges) {
        if (!out.isEmpty() && r.from <= out.last().to)
            out.last().to = std::max(out.last().to, r.to);
        else
            out.append(r);
    }
    return out;
}

} // namespace

SecretScan scanForPrivateKeys(const QString &text)
{
    const Text lines(text);
    QList<Range> found = markedKeys(lines);
    found += opensshBodies(lines);
    found += pemBodies(lines);
    found += encodedPemKeys(lines);

    SecretScan scan;
    qsizetype copied = 0;
    for (const Range &r : merged(found)) {
        scan.masked += QStringView(text).mid(copied, r.from - copied);
        scan.masked += kMaskedKey;
        scan.lines.append(static_cast<int>(lines.lineAt(r.from)) + 1);
        copied = r.to;
    }
    scan.masked += QStringView(text).mid(copied);
    return scan;
}

} // namespace schedlab::grader
