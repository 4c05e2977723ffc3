// Reads exercise 4's facts from free text: dates, key paths, fingerprints, a required sentence.
#include "accessfacts.h"

#include "textmatch.h"

#include <QCryptographicHash>
#include <QRegularExpression>

#include <algorithm>

namespace schedlab::grader {

namespace {

// Line numbers of positions asked in increasing order, counted in one pass: a long text
// with many matches is not read again from its start for each.
class LineCounter
{
public:
    explicit LineCounter(const QString &text)
        : text_(text)
    {}
    int lineAt(qsizetype pos)
    {
        line_ += static_cast<int>(QStringView(text_).sliced(pos_, pos - pos_).count(u'\n'));
        pos_ = pos;
        return line_;
    }

private:
    const QString &text_;
    qsizetype pos_ = 0;
    int line_ = 1;
};

// ---- Dates -------------------------------------------------------------------------------

struct MonthName
{
    const char *name; // as normalizeText() gives it, without the abbreviation's dot
    int month;
    bool english;      // may come before the day ("November 2")
    bool abbreviation; // a dot after it is part of it ("nov."), not the sentence's end
};

constexpr MonthName kMonths[] = {
    {"janvier", 1, false, false}, {"janv", 1, false, true},       {"jan", 1, true, true},
    {"january", 1, true, false},  {"fevrier", 2, false, false},   {"fevr", 2, false, true},
    {"fev", 2, false, true},      {"feb", 2, true, true},         {"february", 2, true, false},
    {"mars", 3, false, false},    {"mar", 3, true, true},         {"march", 3, true, false},
    {"avril", 4, false, false},   {"avr", 4, false, true},        {"apr", 4, true, true},
    {"april", 4, true, false},    {"mai", 5, false, false},       {"may", 5, true, false},
    {"juin", 6, false, false},    {"jun", 6, true, true},         {"june", 6, true, false},
    {"juillet", 7, false, false}, {"juil", 7, false, true},       {"jul", 7, true, true},
    {"july", 7, true, false},     {"aout", 8, false, false},      {"aug", 8, true, true},
    {"august", 8, true, false},   {"septembre", 9, false, false}, {"sept", 9, true, true},
    {"sep", 9, true, true},       {"september", 9, true, false},  {"octobre", 10, false, false},
    {"oct", 10, true, true},      {"october", 10, true, false},   {"novembre", 11, false, false},
    {"nov", 11, true, true},      {"november", 11, true, false},  {"decembre", 12, false, false},
    {"dec", 12, true, true},      {"december", 12, true, false},
};

// The month a word names; null if none. `englishOrder` asks for a name that may precede
// the day.
const MonthName *monthNamed(QStringView word, bool englishOrder)
{
    const QString f = normalizeText(word.toString());
    for (const MonthName &m : kMonths)
        if (f == QLatin1String(m.name) && (m.english || !englishOrder))
            return &m;
    // A full name with one slip ("ocotbre", "novmbre"): short names and abbreviations are
    // too close to other words to be guessed.
    constexpr qsizetype kTypoMinLetters = 6;
    if (f.size() < kTypoMinLetters)
        return nullptr;
    for (const MonthName &m : kMonths)
        if (!m.abbreviation && qstrlen(m.name) >= kTypoMinLetters && (m.english || !englishOrder) &&
            withinOneEdit(f, QString::fromLatin1(m.name)))
            return &m;
    return nullptr;
}

bool isWeekday(QStringView word)
{
    static const QStringList days = {
        QStringLiteral("lundi"),    QStringLiteral("mardi"),     QStringLiteral("mercredi"),
        QStringLiteral("jeudi"),    QStringLiteral("vendredi"),  QStringLiteral("samedi"),
        QStringLiteral("dimanche"), QStringLiteral("lun"),       QStringLiteral("mar"),
        QStringLiteral("mer"),      QStringLiteral("jeu"),       QStringLiteral("ven"),
        QStringLiteral("sam"),      QStringLiteral("dim"),       QStringLiteral("monday"),
        QStringLiteral("tuesday"),  QStringLiteral("wednesday"), QStringLiteral("thursday"),
        QStringLiteral("friday"),   QStringLiteral("saturday"),  QStringLiteral("sunday"),
        QStringLiteral("mon"),      QStringLiteral("tue"),       QStringLiteral("tues"),
        QStringLiteral("wed"),      QStringLiteral("thu"),       QStringLiteral("thur"),
        QStringLiteral("thurs"),    QStringLiteral("fri"),       QStringLiteral("sat"),
        QStringLiteral("sun"),
    };
    return days.contains(normalizeText(word.toString()));
}

struct DateMatch
{
    DateFound found;
    qsizetype start = 0;
    qsizetype end = 0;
};

// Years outside this range are identifiers or version numbers, not the date of an account.
bool plausible(const QDate &d)
{
    return d.isValid() && d.year() >= 1900 && d.year() <= 2099;
}

void addDate(QList<DateMatch> *out, const QString &text, qsizetype start, qsizetype end, int year,
             int month, int day)
{
    const QDate date(year, month, day);
    if (!plausible(date))
        return;
    DateMatch m;
    m.found.date = date;
    m.found.text = text.mid(start, end - start);
    m.start = start;
    m.end = end;
    out->append(m);
}

int fullYear(QStringView digits)
{
    const int y = digits.toInt();
    return digits.size() == 2 ? 2000 + y : y;
}

// 2026-11-02, 2026/11/02; a time may follow ("2026-11-02T10:00").
void isoDates(const QString &text, QList<DateMatch> *out)
{
    static const QRegularExpression re(
        QStringLiteral("(?<![0-9A-Za-z+/.:-])([0-9]{4})([-/.])([0-9]{1,2})\\2([0-9]{1,2})"
                       "(?:(?=T[0-9])|(?![0-9A-Za-z+/]|[.-][0-9]))"));
    for (auto it = re.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        addDate(out, text, m.capturedStart(), m.capturedEnd(), m.captured(1).toInt(),
                m.captured(3).toInt(), m.captured(4).toInt());
    }
}

// 02/11/2026, 2/11/26, 02.11.2026, 02-11-2026: day first, as in France.
void dayFirstDates(const QString &text, QList<DateMatch> *out)
{
    static const QRegularExpression re(
        QStringLiteral("(?<![0-9A-Za-z+/.:-])([0-9]{1,2})([-/.])([0-9]{1,2})\\2([0-9]{4}|[0-9]{2})"
                       "(?:(?=T[0-9])|(?![0-9A-Za-z+/]|[.-][0-9]))"));
    for (auto it = re.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        // "2.11.26" is a version number far more often than a date.
        if (m.capturedLength(4) == 2 && m.captured(2) != QLatin1String("/"))
            continue;
        addDate(out, text, m.capturedStart(), m.capturedEnd(), fullYear(m.capturedView(4)),
                m.captured(3).toInt(), m.captured(1).toInt());
    }
}

// "le 2/11", "lundi 2/11": a day and month alone are a date only after a word that
// announces one; "3/4 des nœuds" is a fraction.
void dayMonthDates(const QString &text, int yearOfUndated, QList<DateMatch> *out)
{
    static const QRegularExpression re(
        QStringLiteral("(?<!\\w)(\\w+)\\.?[^\\S\\n]+([0-9]{1,2})/([0-9]{1,2})"
                       "(?![0-9A-Za-z+/]|[/.-][0-9])"),
        QRegularExpression::UseUnicodePropertiesOption);
    static const QStringList announcing = {QStringLiteral("le"), QStringLiteral("du"),
                                           QStringLiteral("au"), QStringLiteral("on")};
    for (auto it = re.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        const QString word = normalizeText(m.captured(1));
        const bool weekday = isWeekday(word);
        if (!weekday && !announcing.contains(word))
            continue;
        addDate(out, text, weekday ? m.capturedStart() : m.capturedStart(2), m.capturedEnd(),
                yearOfUndated, m.captured(3).toInt(), m.captured(2).toInt());
    }
}

// Where a date written with a month's name ends: after "nov." but before the full stop of
// "le 29 octobre."
qsizetype endAfterMonth(const QRegularExpressionMatch &m, int monthGroup, const MonthName &month,
                        int dotGroup, int yearGroup)
{
    if (m.hasCaptured(yearGroup) || !m.hasCaptured(dotGroup) || month.abbreviation)
        return m.capturedEnd();
    return m.capturedEnd(monthGroup);
}

// "2 novembre 2026", "lundi 2 novembre", "2 nov. 2026", "1er novembre", "2nd November 2026",
// "3rd of November".
void dayMonthNameDates(const QString &text, int yearOfUndated, QList<DateMatch> *out)
{
    static const QRegularExpression re(
        QStringLiteral("(?<!\\w)(?:([^\\W\\d_]+)\\.?,?[^\\S\\n]+)?([0-9]{1,2})"
                       "(?:er|re|ère|e|ème|eme|st|nd|rd|th)?(?:[^\\S\\n]+of)?[^\\S\\n]+"
                       "([^\\W\\d_]+)(\\.)?(?:,?[^\\S\\n]+([0-9]{4}))?(?![0-9])"),
        QRegularExpression::UseUnicodePropertiesOption | QRegularExpression::CaseInsensitiveOption);
    for (auto it = re.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        const MonthName *month = monthNamed(m.capturedView(3), false);
        if (!month)
            continue;
        const bool weekday = m.hasCaptured(1) && isWeekday(m.capturedView(1));
        const int year = m.hasCaptured(5) ? m.captured(5).toInt() : yearOfUndated;
        addDate(out, text, weekday ? m.capturedStart() : m.capturedStart(2),
                endAfterMonth(m, 3, *month, 4, 5), year, month->month, m.captured(2).toInt());
    }
}

// "November 2, 2026", "Monday, Nov. 2nd 2026", "November 2".
void monthNameDayDates(const QString &text, int yearOfUndated, QList<DateMatch> *out)
{
    static const QRegularExpression re(
        QStringLiteral("(?<!\\w)(?:([^\\W\\d_]+)\\.?,?[^\\S\\n]+)?([^\\W\\d_]+)\\.?[^\\S\\n]+"
                       "([0-9]{1,2})(?:st|nd|rd|th)?(?![0-9])(?:,?[^\\S\\n]+([0-9]{4}))?"
                       "(?![0-9])"),
        QRegularExpression::UseUnicodePropertiesOption | QRegularExpression::CaseInsensitiveOption);
    for (auto it = re.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        const MonthName *month = monthNamed(m.capturedView(2), true);
        if (!month)
            continue;
        const bool weekday = m.hasCaptured(1) && isWeekday(m.capturedView(1));
        const int year = m.hasCaptured(4) ? m.captured(4).toInt() : yearOfUndated;
        addDate(out, text, weekday ? m.capturedStart() : m.capturedStart(2), m.capturedEnd(), year,
                month->month, m.captured(3).toInt());
    }
}

// ---- Fingerprints ------------------------------------------------------------------------

// The size ssh-keygen prints before a fingerprint ("256 SHA256:..."); 0 if none. Only the
// few characters before it are read: a long line of many fingerprints stays linear.
int bitsBefore(const QString &text, qsizetype pos)
{
    static const QRegularExpression bits(
        QStringLiteral("(?<![\\w.])([0-9]{2,5})[^\\S\\n]+[`'\"]?$"));
    const qsizetype from = std::max<qsizetype>(0, pos - 24);
    QString before = text.mid(from, pos - from);
    before.remove(0, before.lastIndexOf(u'\n') + 1);
    const auto m = bits.match(before);
    return m.hasMatch() ? m.captured(1).toInt() : 0;
}

// The comment and type after a fingerprint, read up to the end of its line in `rest`.
void readTypeAndComment(FingerprintFound *f, QStringView rest)
{
    // The last type in parentheses: a comment may hold some of its own ("ma clé (perso)").
    static const QRegularExpression typeAfter(
        QStringLiteral("^(.*)\\(((?:ED25519|RSA|ECDSA|DSA)(?:-SK)?(?:-CERT)?)\\)"),
        QRegularExpression::CaseInsensitiveOption);
    const qsizetype newline = rest.indexOf(u'\n');
    const QString line = (newline < 0 ? rest : rest.first(newline)).toString();
    const auto type = typeAfter.match(line);
    if (type.hasMatch()) {
        f->type = type.captured(2).toUpper();
        f->comment = type.captured(1).trimmed();
    } else if (f->bits > 0) {
        // "256 SHA256:... seance-novembre" with the type forgotten: the rest is the
        // comment, up to a closing backquote.
        f->comment = line.section(u'`', 0, 0).trimmed();
    }
}

// ---- Public keys -------------------------------------------------------------------------

// Reads the SSH wire format (RFC 4251): big-endian lengths before strings and mpints.
class BlobReader
{
public:
    explicit BlobReader(const QByteArray &blob)
        : blob_(blob)
    {}

    bool read(QByteArray *out)
    {
        if (blob_.size() - pos_ < 4)
            return false;
        const auto *p = reinterpret_cast<const uchar *>(blob_.constData() + pos_);
        const quint32 n =
            (quint32(p[0]) << 24) | (quint32(p[1]) << 16) | (quint32(p[2]) << 8) | quint32(p[3]);
        if (n > quint32(blob_.size() - pos_ - 4))
            return false;
        *out = blob_.mid(pos_ + 4, n);
        pos_ += 4 + n;
        return true;
    }

private:
    const QByteArray &blob_;
    qsizetype pos_ = 0;
};

// The size in bits of a non-negative mpint (its leading zero bytes do not count).
int bitLength(const QByteArray &mpint)
{
    qsizetype i = 0;
    while (i < mpint.size() && mpint[i] == 0)
        ++i;
    if (i == mpint.size())
        return 0;
    int bits = static_cast<int>(mpint.size() - i - 1) * 8;
    for (auto top = uchar(mpint[i]); top != 0; top >>= 1)
        ++bits;
    return bits;
}

struct KeyKind
{
    const char *name;    // as the key line and the blob's first string spell it
    const char *display; // as `ssh-keygen -l` prints it
};

constexpr KeyKind kKinds[] = {
    {"ssh-ed25519", "ED25519"},
    {"ssh-rsa", "RSA"},
    {"ssh-dss", "DSA"},
    {"ecdsa-sha2-nistp256", "ECDSA"},
    {"ecdsa-sha2-nistp384", "ECDSA"},
    {"ecdsa-sha2-nistp521", "ECDSA"},
    {"sk-ssh-ed25519@openssh.com", "ED25519-SK"},
    {"sk-ecdsa-sha2-nistp256@openssh.com", "ECDSA-SK"},
};

// The key's size as `ssh-keygen -l` prints it, read from the blob after its type; 0 if the
// blob is cut short.
int keyBits(const QByteArray &type, BlobReader &reader)
{
    if (type.contains("ed25519"))
        return 256;
    if (type.contains("ecdsa")) {
        QByteArray curve;
        if (!reader.read(&curve) || !type.contains(curve))
            return 0;
        return curve.mid(5).toInt(); // "nistp256" → 256
    }
    QByteArray first;
    if (!reader.read(&first))
        return 0;
    if (type == "ssh-dss") // p, q, g, y: the size is p's
        return bitLength(first);
    QByteArray modulus; // ssh-rsa: e, then n
    return reader.read(&modulus) ? bitLength(modulus) : 0;
}

PublicKeyInfo failed(const QString &error)
{
    PublicKeyInfo info;
    info.error = error;
    return info;
}

// The type, size and fingerprint of a decoded key blob, checked against the type its line
// gives.
PublicKeyInfo readBlob(const QByteArray &blob, const KeyKind &kind)
{
    BlobReader reader(blob);
    QByteArray blobType;
    if (!reader.read(&blobType) || blobType != kind.name)
        return failed(QStringLiteral("La clé est abîmée : son contenu ne correspond pas à son "
                                     "type %1.")
                          .arg(QLatin1String(kind.name)));
    PublicKeyInfo info;
    info.bits = keyBits(blobType, reader);
    if (info.bits == 0)
        return failed(QStringLiteral("La clé est incomplète (coupée lors du copier-coller ?)."));
    info.ok = true;
    info.type = QLatin1String(kind.display);
    info.fingerprint =
        QStringLiteral("SHA256:") +
        QString::fromLatin1(QCryptographicHash::hash(blob, QCryptographicHash::Sha256)
                                .toBase64(QByteArray::OmitTrailingEquals));
    return info;
}

// ---- Sentences ---------------------------------------------------------------------------

// The form two writings of one sentence share: normalised as short answers are (case,
// accents, œ, apostrophes, spaces), without quotes, Markdown emphasis or quote markers.
QString sentenceForm(const QString &text)
{
    static const QRegularExpression quoteMarkers(QStringLiteral("^[ \\t]*(?:>[ \\t]?)+"),
                                                 QRegularExpression::MultilineOption);
    QString s = text;
    s.remove(quoteMarkers);
    QString plain;
    plain.reserve(s.size());
    for (qsizetype i = 0; i < s.size(); ++i) {
        const QChar c = s[i];
        const bool betweenLetters =
            i > 0 && i + 1 < s.size() && s[i - 1].isLetter() && s[i + 1].isLetter();
        if (c == u'`' && betweenLetters) // "l`organisateur": a typed apostrophe
            plain += u'\'';
        else if (c != u'*' && c != u'_' && c != u'`' && c != u'\\')
            plain += c;
    }
    // Quotes around or inside a copied sentence say nothing.
    return normalizeText(plain).replace(u'"', u' ').simplified();
}

bool isWordChar(const QString &s, qsizetype i)
{
    return i >= 0 && i < s.size() && s[i].isLetterOrNumber();
}

} // namespace

QList<DateFound> findDates(const QString &text, int yearOfUndated)
{
    QList<DateMatch> all;
    isoDates(text, &all);
    dayFirstDates(text, &all);
    dayMonthDates(text, yearOfUndated, &all);
    dayMonthNameDates(text, yearOfUndated, &all);
    monthNameDayDates(text, yearOfUndated, &all);
    // Two readings of the same words ("2 novembre 15 h" is not also "novembre 15"): the one
    // that starts first wins, then the longer.
    std::sort(all.begin(), all.end(), [](const DateMatch &a, const DateMatch &b) {
        return a.start != b.start ? a.start < b.start : a.end > b.end;
    });
    QList<DateFound> dates;
    LineCounter lines(text);
    qsizetype taken = 0;
    for (DateMatch &m : all) {
        if (m.start < taken)
            continue;
        m.found.line = lines.lineAt(m.start);
        dates.append(m.found);
        taken = m.end;
    }
    return dates;
}

QList<PathFound> findPublicKeyPaths(const QString &text)
{
    static const QRegularExpression re(
        QStringLiteral("(?<![\\w.~/\\\\$%{}-])((?:~|\\$HOME|\\$\\{HOME\\}|%USERPROFILE%|"
                       "[A-Za-z]:)?[\\w.~/\\\\-]*\\.pub)(?![\\w-]|\\.\\w)"),
        QRegularExpression::UseUnicodePropertiesOption);
    QList<PathFound> paths;
    LineCounter lines(text);
    for (auto it = re.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        const QString path = m.captured(1);
        if (path.startsWith(QLatin1String("//")))
            continue; // a URL's "//host/...": not a file of the student's
        const QChar beforeExtension = path.size() > 4 ? path[path.size() - 5] : QChar(u'/');
        if (beforeExtension == u'/' || beforeExtension == u'\\' || beforeExtension == u'~')
            continue; // ".pub" alone names the extension, not a file
        paths.append({path, lines.lineAt(m.capturedStart())});
    }
    return paths;
}

QList<FingerprintFound> findFingerprints(const QString &text)
{
    static const QRegularExpression re(
        QStringLiteral("(?:(?<![0-9A-Za-z+/])SHA256:([A-Za-z0-9+/]{43})=?(?![A-Za-z0-9+/=])"
                       "|(?<![0-9A-Za-z:])(?:MD5:)?([0-9a-f]{2}(?::[0-9a-f]{2}){15})"
                       "(?![0-9A-Za-z:]))"),
        QRegularExpression::CaseInsensitiveOption);
    QList<QRegularExpressionMatch> matches;
    for (auto it = re.globalMatch(text); it.hasNext();)
        matches.append(it.next());
    QList<FingerprintFound> found;
    LineCounter lines(text);
    for (qsizetype k = 0; k < matches.size(); ++k) {
        const auto &m = matches[k];
        FingerprintFound f;
        f.fingerprint = m.hasCaptured(1) ? QStringLiteral("SHA256:") + m.captured(1)
                                         : QStringLiteral("MD5:") + m.captured(2).toLower();
        f.line = lines.lineAt(m.capturedStart());
        f.bits = bitsBefore(text, m.capturedStart());
        // The next fingerprint on the same line has its own type.
        const qsizetype limit =
            k + 1 < matches.size() ? matches[k + 1].capturedStart() : text.size();
        readTypeAndComment(&f, QStringView(text).sliced(m.capturedEnd(), limit - m.capturedEnd()));
        found.append(f);
    }
    return found;
}

PublicKeyInfo readPublicKey(const QString &line)
{
    static const QRegularExpression shape(QStringLiteral("^(\\S+)\\s+(\\S+)(?:\\s+(.*))?$"),
                                          QRegularExpression::DotMatchesEverythingOption);
    QString t = line.trimmed();
    if (t.size() >= 2 && t.startsWith(u'`') && t.endsWith(u'`'))
        t = t.mid(1, t.size() - 2).trimmed();
    if (t.isEmpty())
        return failed(QStringLiteral("La ligne est vide."));
    if (t.contains(QStringLiteral("PRIVATE KEY")) || t.startsWith(QStringLiteral("PuTTY-")))
        return failed(QStringLiteral("C'est une clé privée, pas une clé publique."));
    const auto parts = shape.match(t);
    const QByteArray type = parts.captured(1).toLatin1();
    const auto kind = std::find_if(std::begin(kKinds), std::end(kKinds),
                                   [&](const KeyKind &k) { return type == k.name; });
    if (!parts.hasMatch() || kind == std::end(kKinds))
        return failed(QStringLiteral("Ce n'est pas une clé publique OpenSSH (« type base64 "
                                     "commentaire », par exemple « ssh-ed25519 AAAA… »)."));
    const auto decoded = QByteArray::fromBase64Encoding(parts.captured(2).toLatin1(),
                                                        QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return failed(QStringLiteral("La partie base64 de la clé est invalide."));
    PublicKeyInfo info = readBlob(*decoded, *kind);
    if (info.ok)
        info.comment = parts.captured(3).trimmed();
    return info;
}

int sentenceSlips(const QString &text, const QString &sentence)
{
    QString wanted = sentenceForm(sentence);
    while (wanted.endsWith(u'.') || wanted.endsWith(u' '))
        wanted.chop(1);
    if (wanted.isEmpty())
        return -1;
    if (containsSentence(text, sentence))
        return 0;
    // Word by word: the same words in the same order, a few with one slip each ("indiquer",
    // "organisateur"). A word added, left out or replaced is another sentence.
    constexpr int kMaxSlips = 2;
    constexpr qsizetype kSlipMinLetters = 4;
    const auto words = [](const QString &s) {
        QStringList out;
        for (QString w : s.split(u' ', Qt::SkipEmptyParts)) {
            while (!w.isEmpty() && !w.back().isLetterOrNumber())
                w.chop(1);
            if (!w.isEmpty())
                out << w;
        }
        return out;
    };
    const QStringList want = words(wanted);
    const QStringList have = words(sentenceForm(text));
    int best = -1;
    for (qsizetype at = 0; at + want.size() <= have.size(); ++at) {
        int slips = 0;
        for (qsizetype k = 0; k < want.size() && slips <= kMaxSlips; ++k) {
            const QString &w = want[k];
            const QString &h = have[at + k];
            if (w == h)
                continue;
            const bool slip = w.size() >= kSlipMinLetters && withinOneEdit(w, h);
            slips += slip ? 1 : kMaxSlips + 1;
        }
        if (slips <= kMaxSlips && (best < 0 || slips < best))
            best = slips;
    }
    return best;
}

bool containsSentence(const QString &text, const QString &sentence)
{
    QString wanted = sentenceForm(sentence);
    while (wanted.endsWith(u'.') || wanted.endsWith(u' '))
        wanted.chop(1);
    // An empty sentence would be found in every answer: a rubric mistake must not pass all.
    if (wanted.isEmpty())
        return false;
    const QString haystack = sentenceForm(text);
    for (qsizetype at = haystack.indexOf(wanted); at >= 0; at = haystack.indexOf(wanted, at + 1))
        if (!isWordChar(haystack, at - 1) && !isWordChar(haystack, at + wanted.size()))
            return true;
    return false;
}

} // namespace schedlab::grader
