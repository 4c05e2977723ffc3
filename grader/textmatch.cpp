// Matching students' short answers against concepts: folding, tokens, Snowball stems,
// phrase patterns (stems, prefixes, alternatives, gaps, literals, typos) and negation.
#include "textmatch.h"

#include <libstemmer.h>

#include <QHash>
#include <QRegularExpression>
#include <QVarLengthArray>

#include <algorithm>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

namespace schedlab::grader {

namespace detail {

// One distinct word of the text: patterns are compared with words once, not with every token.
struct VocabEntry
{
    QString word, stemFr, stemEn;
    // A French inversion ("reste-t-il", "est-ce") is one token; its head still matches. For a
    // plural verb ("changent"), the singular ("change").
    QString head, headFr, headEn;
    // An option and its value ("--time=00:02:00") form one token; literals match either side.
    QString key, value;
    bool letters = false; // only letters: stems and typos apply
};

struct TextIndex
{
    std::vector<int> wordIds;     // per token, into vocab
    std::vector<quint32> classes; // per token: its WordClass bits
    std::vector<VocabEntry> vocab;
};

} // namespace detail

namespace {

using detail::TextIndex;
using detail::VocabEntry;

// ---- Folding --------------------------------------------------------------------------------

// What one code point becomes once normalised: nothing (a combining accent), one character,
// or a ligature's two.
struct Folded
{
    char32_t c[3] = {0, 0, 0};
    int n = 0;
    void add(char32_t ch)
    {
        if (n < 3)
            c[n++] = ch;
    }
};

bool isCombiningMark(char32_t cp)
{
    return (cp >= 0x0300 && cp <= 0x036F) || (cp >= 0x1AB0 && cp <= 0x1AFF) ||
           (cp >= 0x1DC0 && cp <= 0x1DFF) || (cp >= 0x20D0 && cp <= 0x20FF) ||
           (cp >= 0xFE20 && cp <= 0xFE2F);
}

// Soft hyphens and joiners are pasted into words by word processors; they must not split them.
bool isInvisible(char32_t cp)
{
    return cp == 0x00AD || cp == 0x200C || cp == 0x200D || cp == 0x2060 || cp == 0xFEFF;
}

bool isLineBreak(char32_t cp)
{
    return cp == '\n' || cp == '\r' || cp == 0x0B || cp == 0x0C || cp == 0x85 || cp == 0x2028 ||
           cp == 0x2029;
}

// Typographic punctuation an editor substitutes for the ASCII a student meant.
char32_t asciiPunctuation(char32_t cp)
{
    static constexpr std::pair<char32_t, char32_t> table[] = {
        {0x2019, '\''}, {0x2018, '\''}, {0x201B, '\''}, {0x02BC, '\''}, {0x00B4, '\''},
        {0x2032, '\''}, {0x00AB, '"'},  {0x00BB, '"'},  {0x201C, '"'},  {0x201D, '"'},
        {0x201E, '"'},  {0x201F, '"'},  {0x2039, '"'},  {0x203A, '"'},  {0x2010, '-'},
        {0x2011, '-'},  {0x2012, '-'},  {0x2013, '-'},  {0x2014, '-'},  {0x2015, '-'},
        {0x2212, '-'},  {0xFE63, '-'},  {0xFF0D, '-'},
    };
    for (const auto &[from, to] : table)
        if (cp == from)
            return to;
    return 0;
}

// Letters NFD leaves whole but a student may type without their mark or as two letters.
const char *ligature(char32_t lower)
{
    static constexpr std::pair<char32_t, const char *> table[] = {
        {0x0153, "oe"}, {0x00E6, "ae"}, {0x00DF, "ss"}, {0x0133, "ij"}, {0xFB00, "ff"},
        {0xFB01, "fi"}, {0xFB02, "fl"}, {0xFB05, "st"}, {0xFB06, "st"}, {0x00F8, "o"},
        {0x0111, "d"},  {0x0142, "l"},  {0x0131, "i"},
    };
    for (const auto &[from, to] : table)
        if (lower == from)
            return to;
    return nullptr;
}

// Only Latin, Greek and Cyrillic letters carry accents worth folding; decomposing other
// scripts (Hangul) would only make their words unreadable.
constexpr char32_t kAccentedEnd = 0x2000;
bool hasFoldableAccents(char32_t cp)
{
    return cp < 0x0530 || (cp >= 0x1E00 && cp < kAccentedEnd);
}

Folded foldAccents(char32_t lower)
{
    Folded f;
    const QString nfd = QString::fromUcs4(&lower, 1).normalized(QString::NormalizationForm_D);
    for (qsizetype i = 0; i < nfd.size(); ++i)
        if (!isCombiningMark(nfd[i].unicode()))
            f.add(QChar::toLower(char32_t(nfd[i].unicode()))); // "İ" is "I" and a dot
    return f;
}

// NFD costs microseconds a call: each accented code point is decomposed once per thread.
Folded foldAccentsCached(char32_t lower)
{
    thread_local std::vector<Folded> cache(kAccentedEnd, Folded{{0, 0, 0}, -1});
    Folded &f = cache[lower];
    if (f.n < 0)
        f = foldAccents(lower);
    return f;
}

Folded fold(char32_t cp)
{
    Folded f;
    if (cp < 0x80) {
        f.add(cp >= 'A' && cp <= 'Z' ? cp + 32 : cp == '`' ? U'\'' : cp);
        return f;
    }
    if (isCombiningMark(cp) || isInvisible(cp))
        return f;
    if (cp == 0x200B || QChar::isSpace(cp)) {
        f.add(' ');
        return f;
    }
    if (const char32_t p = asciiPunctuation(cp)) {
        f.add(p);
        return f;
    }
    const char32_t lower = QChar::toLower(cp);
    if (const char *lig = ligature(lower)) {
        for (const char *c = lig; *c; ++c)
            f.add(char32_t(*c));
        return f;
    }
    if (hasFoldableAccents(lower))
        return foldAccentsCached(lower);
    f.add(lower);
    return f;
}

void appendCodePoint(QString &out, char32_t cp)
{
    if (QChar::requiresSurrogates(cp)) {
        out += QChar(QChar::highSurrogate(cp));
        out += QChar(QChar::lowSurrogate(cp));
    } else {
        out += QChar(char16_t(cp));
    }
}

// Calls f(codePoint, index, length) for each code point; a lone surrogate is one of its own.
template <typename F> void forEachCodePoint(const QString &text, F f)
{
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n;) {
        char32_t cp = text[i].unicode();
        qsizetype len = 1;
        if (QChar::isHighSurrogate(cp) && i + 1 < n && text[i + 1].isLowSurrogate()) {
            cp = QChar::surrogateToUcs4(text[i], text[i + 1]);
            len = 2;
        }
        f(cp, i, len);
        i += len;
    }
}

QString foldWord(const QString &word)
{
    QString out;
    out.reserve(word.size());
    forEachCodePoint(word, [&](char32_t cp, qsizetype, qsizetype) {
        const Folded f = fold(cp);
        for (int k = 0; k < f.n; ++k)
            appendCodePoint(out, f.c[k]);
    });
    return out;
}

bool isLetters(const QString &word)
{
    bool letters = !word.isEmpty();
    forEachCodePoint(
        word, [&](char32_t cp, qsizetype, qsizetype) { letters = letters && QChar::isLetter(cp); });
    return letters;
}

// ---- Stemming -------------------------------------------------------------------------------

// One Snowball stemmer; libstemmer's are not thread-safe, so each thread owns its own.
class Stemmer
{
public:
    explicit Stemmer(const char *language)
        : stemmer_(sb_stemmer_new(language, "UTF_8"))
    {}
    ~Stemmer()
    {
        if (stemmer_)
            sb_stemmer_delete(stemmer_);
    }
    Stemmer(const Stemmer &) = delete;
    Stemmer &operator=(const Stemmer &) = delete;

    QString stem(const QString &word)
    {
        const QByteArray utf8 = word.toUtf8();
        const sb_symbol *out =
            stemmer_ ? sb_stemmer_stem(stemmer_, reinterpret_cast<const sb_symbol *>(utf8.data()),
                                       int(utf8.size()))
                     : nullptr;
        if (!out)
            return word;
        return QString::fromUtf8(reinterpret_cast<const char *>(out), sb_stemmer_length(stemmer_));
    }

private:
    sb_stemmer *stemmer_;
};

Stemmer &frenchStemmer()
{
    thread_local Stemmer stemmer("french");
    return stemmer;
}

Stemmer &englishStemmer()
{
    thread_local Stemmer stemmer("english");
    return stemmer;
}

// Snowball's French rules read the accents of past participles: folded "ignoree" would stem
// to "ignore" while "ignore" (ignoré) stems to "ignor". Putting back the accent these endings
// nearly always have keeps one stem per verb whether or not the student typed accents.
QString restoreFrenchEnding(const QString &word)
{
    static const std::pair<QString, QString> endings[] = {
        {QStringLiteral("ieres"), QStringLiteral("ières")},
        {QStringLiteral("iere"), QStringLiteral("ière")},
        {QStringLiteral("ees"), QStringLiteral("ées")},
        {QStringLiteral("ee"), QStringLiteral("ée")},
        {QStringLiteral("ies"), QStringLiteral("iés")},
        {QStringLiteral("ie"), QStringLiteral("ié")},
        {QStringLiteral("yes"), QStringLiteral("yés")},
        {QStringLiteral("ye"), QStringLiteral("yé")},
    };
    if (word.size() < 4)
        return word;
    for (const auto &[plain, accented] : endings)
        if (word.endsWith(plain))
            return word.chopped(plain.size()) + accented;
    return word;
}

std::pair<QString, QString> stems(const QString &word)
{
    if (!isLetters(word))
        return {word, word}; // "00:02:00", "--time": nothing to stem
    return {foldWord(frenchStemmer().stem(restoreFrenchEnding(word))), englishStemmer().stem(word)};
}

// ---- Word classes ---------------------------------------------------------------------------

// What the clause and negation rules need to know of a word, looked up once per distinct word.
enum WordClass : quint32 {
    kNe = 1u << 0,          // "ne"
    kN = 1u << 1,           // "n": a negator only as "n'"
    kPas = 1u << 2,         // a negator, or the noun ("le pas de temps")
    kPlusOrQue = 1u << 3,   // negators only right after a "ne"
    kQue = 1u << 4,         // "que", "qu"
    kNegatorWord = 1u << 5, // always a negator
    kNonOrNot = 1u << 6,    // negators, but for "non seulement", "not only"
    kRestrictive = 1u << 7, // "seulement", "only"
    kParticle = 1u << 8,    // the second half of "ne ... pas"
    kClosing = 1u << 9,     // particles that close a verb's negation ("pas", "plus"...)
    kColloquial = 1u << 10, // negate the verb before them without "ne" ("démarre pas")
    kCoordinator = 1u << 11,
    kOpensClause = 1u << 12,
    kOpensBeforeQue = 1u << 13, // "parce", "alors", "tandis" + "que"
    kRelative = 1u << 14,
    kAuxiliary = 1u << 15,
    kAdverb = 1u << 16, // leaves a negation open: "pas encore lancé"
    kClitic = 1u << 17,
    kDeterminer = 1u << 18,     // makes "pas" a noun
    kExpletiveCue = 1u << 19,   // "avant que", "à moins que": a "ne" that negates nothing
    kBe = 1u << 20,             // "been"
    kEnglishNegator = 1u << 21, // "not", "never"
    kA = 1u << 22,              // "pas à pas"
    kInversion = 1u << 23,      // "-t-il", "-ce", "-on"
};

QHash<QString, quint32> wordClassTable()
{
    QHash<QString, quint32> table;
    const auto add = [&table](quint32 c, std::initializer_list<const char *> words) {
        for (const char *w : words)
            table[QString::fromLatin1(w)] |= c;
    };
    add(kNe, {"ne"});
    add(kN, {"n"});
    add(kPas, {"pas"});
    add(kPlusOrQue, {"plus", "que", "qu"});
    add(kQue, {"que", "qu"});
    add(kNegatorWord, {"jamais", "aucun", "aucune", "rien", "sans", "ni", "nullement", "no",
                       "never", "none", "without", "cannot", "nothing"});
    add(kNonOrNot, {"non", "not"});
    add(kRestrictive, {"seulement", "only"});
    add(kParticle, {"pas", "plus", "jamais", "rien", "aucun", "aucune", "personne", "guere",
                    "nullement", "que", "qu"});
    add(kClosing, {"pas", "plus", "jamais", "guere"});
    add(kColloquial, {"pas", "jamais"});
    add(kCoordinator, {"et", "ou", "and", "or", "puis", "then", "donc", "so", "ensuite", "alors"});
    add(kOpensClause, {"mais", "but", "car", "because", "whereas", "although", "cependant",
                       "pourtant", "however"});
    add(kOpensBeforeQue, {"parce", "alors", "tandis"});
    add(kRelative, {"qui", "que", "qu", "dont", "ou", "that", "which", "who"});
    add(kAuxiliary,
        {"est",     "sont", "etait", "etaient", "sera",  "seront",  "soit", "a",    "ont", "avait",
         "avaient", "aura", "peut",  "peuvent", "doit",  "doivent", "va",   "vont", "is",  "are",
         "was",     "were", "be",    "been",    "being", "does",    "do",   "did",  "has", "have",
         "had",     "can",  "could", "will",    "would", "should",  "may",  "must"});
    add(kAdverb, {"encore", "toujours", "vraiment", "du", "tout", "forcement", "jamais", "plus",
                  "immediatement", "correctement", "yet", "really", "always", "even", "actually",
                  "ever", "immediately"});
    add(kClitic, {"se", "s", "le", "la", "les", "l", "lui", "leur", "y", "en", "me", "m", "te", "t",
                  "on", "il", "elle", "ils", "elles"});
    add(kDeterminer, {"le", "un", "du", "au", "ce", "chaque", "des", "les", "aux", "son", "ses",
                      "mon", "ton", "premier", "dernier", "petit", "grand"});
    add(kExpletiveCue, {"avant", "moins", "peur", "crainte"});
    add(kBe, {"be", "been", "being"});
    add(kEnglishNegator, {"not", "never"});
    add(kA, {"a"});
    add(kInversion,
        {"t", "il", "elle", "ils", "elles", "on", "ce", "je", "tu", "nous", "vous", "ci", "la"});
    return table;
}

quint32 wordClasses(const QString &word)
{
    static const QHash<QString, quint32> table = wordClassTable();
    return table.value(word);
}

// What a token's word is, computed once per distinct word of a text.
struct WordInfo
{
    QString word, stemFr, stemEn;
    quint32 classes = 0;
};

// Qt's seeded string hash was a third of the time spent tokenising; words are short and the
// table is private, so FNV-1a does.
struct WordHash
{
    size_t operator()(const QString &word) const noexcept
    {
        quint64 h = 14695981039346656037ull;
        for (const QChar c : word)
            h = (h ^ c.unicode()) * 1099511628211ull;
        return size_t(h);
    }
};

// The distinct words of a text, in order of first appearance.
struct Vocabulary
{
    std::unordered_map<QString, int, WordHash> ids;
    std::vector<WordInfo> words;

    int idOf(const QString &word)
    {
        const auto [it, added] = ids.try_emplace(word, int(words.size()));
        if (added) {
            const auto [fr, en] = stems(word);
            words.push_back({word, fr, en, wordClasses(word)});
        }
        return it->second;
    }
};

// ---- Tokens ---------------------------------------------------------------------------------

// A normalised character with the span of the original text it came from.
struct Unit
{
    qsizetype start;
    char32_t c;
    quint32 length; // of its source, combining marks included
    qsizetype end() const { return start + length; }
};

std::vector<Unit> foldUnits(const QString &text)
{
    std::vector<Unit> units;
    units.reserve(size_t(text.size()));
    forEachCodePoint(text, [&](char32_t cp, qsizetype at, qsizetype len) {
        if (cp >= 0x20 && cp < 0x80 && cp != '`') { // most of any answer
            units.push_back({at, cp >= 'A' && cp <= 'Z' ? cp + 32 : cp, quint32(len)});
            return;
        }
        if (isLineBreak(cp)) {
            units.push_back({at, U'\n', quint32(len)});
            return;
        }
        const Folded f = fold(cp);
        if (f.n == 0 && !units.empty() && units.back().end() == at)
            units.back().length += quint32(len); // an accent typed as a combining mark stays
        for (int k = 0; k < f.n; ++k)
            units.push_back({at, f.c[k], quint32(len)});
    });
    return units;
}

bool isAlnum(char32_t c)
{
    return QChar::isLetterOrNumber(c);
}

bool isDigit(char32_t c)
{
    return c >= '0' && c <= '9';
}

bool isJoiner(char32_t c)
{
    return c == '-' || c == '_' || c == '.' || c == ':' || c == '/' || c == '%' || c == '@' ||
           c == '=';
}

// Splits folded units into tokens, remembering what the later passes need.
// Shorthand common in students' written French (SMS), and what it stands for. Only forms no
// answer to these exercises uses otherwise: "c" alone (not "c'"), never an option or a unit.
const QHash<QString, QStringList> &shorthandTable()
{
    static const QHash<QString, QStringList> table = [] {
        const std::pair<const char *, const char *> entries[] = {{"pk", "pourquoi"},
                                                                 {"pq", "pourquoi"},
                                                                 {"pcq", "parce que"},
                                                                 {"pck", "parce que"},
                                                                 {"c", "c est"},
                                                                 {"ya", "il y a"},
                                                                 {"ds", "dans"},
                                                                 {"qd", "quand"},
                                                                 {"kan", "quand"},
                                                                 {"bcp", "beaucoup"},
                                                                 {"tt", "tout"},
                                                                 {"ts", "tous"},
                                                                 {"pr", "pour"},
                                                                 {"ns", "nous"},
                                                                 {"tjs", "toujours"},
                                                                 {"tjrs", "toujours"},
                                                                 {"pb", "probleme"},
                                                                 {"dc", "donc"},
                                                                 {"ke", "que"},
                                                                 {"koi", "quoi"},
                                                                 {"jsp", "je ne sais pas"},
                                                                 {"jms", "jamais"},
                                                                 {"pdt", "pendant"},
                                                                 {"avc", "avec"},
                                                                 {"mtn", "maintenant"},
                                                                 {"qqch", "quelque chose"},
                                                                 {"svt", "souvent"},
                                                                 {"vrmt", "vraiment"},
                                                                 {"bsn", "besoin"},
                                                                 {"cad", "c est a dire"},
                                                                 {"nn", "non"},
                                                                 {"tps", "temps"},
                                                                 {"msg", "message"},
                                                                 {"lgtps", "longtemps"}};
        QHash<QString, QStringList> out;
        for (const auto &[shortForm, words] : entries)
            out.insert(QString::fromLatin1(shortForm),
                       QString::fromLatin1(words).split(u' ', Qt::SkipEmptyParts));
        return out;
    }();
    return table;
}

class Scanner
{
public:
    explicit Scanner(const std::vector<Unit> &units)
        : u_(units)
        , n_(qsizetype(units.size()))
    {
        tokens.reserve(n_ / 5); // French averages a word every five or six characters
    }

    void run()
    {
        qsizetype i = 0;
        while (i < n_) {
            if (isAlnum(u_[i].c)) {
                i = scanToken(i, i);
            } else if (const qsizetype p = prefixLength(i)) {
                i = scanToken(i, i + p);
            } else {
                pendingBreak_ = pendingBreak_ || endsClause(i);
                ++i;
            }
        }
    }

    QList<Token> tokens;
    std::vector<bool> breakBefore; // punctuation or a line break since the previous token
    std::vector<bool> elided;      // followed by an apostrophe and a word: "n'", "l'"

private:
    char32_t at(qsizetype i) const { return i < n_ ? u_[i].c : 0; }

    qsizetype prefixLength(qsizetype i) const
    {
        const char32_t c = u_[i].c;
        if (c == '-' && at(i + 1) == '-' && isAlnum(at(i + 2)))
            return 2;
        if ((c == '-' || c == '%' || c == '$' || c == '#') && isAlnum(at(i + 1)))
            return 1;
        return 0;
    }

    bool endsClause(qsizetype i) const
    {
        const char32_t c = u_[i].c;
        if (c == ',') // "1,5 Go" is a number, not two clauses
            return !(i > 0 && isDigit(u_[i - 1].c) && isDigit(at(i + 1)));
        return c == '.' || c == ';' || c == '!' || c == '?' || c == ':' || c == '\n' || c == 0x2026;
    }

    // The end of the word starting at i: alphanumeric runs glued by joiner characters.
    qsizetype wordEnd(qsizetype i) const
    {
        qsizetype j = i;
        for (;;) {
            while (j < n_ && isAlnum(u_[j].c))
                ++j;
            qsizetype k = j;
            while (k < n_ && isJoiner(u_[k].c))
                ++k;
            if (k == j || !isAlnum(at(k)))
                return j;
            j = k;
        }
    }

    // "isn't": the letters before "n't" make a word of their own.
    bool isNotContraction(qsizetype from, qsizetype apostrophe) const
    {
        if (apostrophe - from < 2 || u_[apostrophe - 1].c != 'n' || at(apostrophe + 1) != 't' ||
            isAlnum(at(apostrophe + 2)))
            return false;
        for (qsizetype k = from; k < apostrophe; ++k)
            if (!QChar::isLetter(u_[k].c))
                return false;
        return true;
    }

    qsizetype scanToken(qsizetype from, qsizetype alnum)
    {
        const qsizetype end = wordEnd(alnum);
        if (from == alnum && at(end) != '\'') {
            if (const QStringList *words = shorthand(from, end)) {
                for (const QString &w : *words)
                    emitWord(w, from, end);
                return end;
            }
        }
        if (at(end) == '\'' && isNotContraction(from, end)) {
            emitToken(from, end - 1, true);
            emitWord(QStringLiteral("not"), end - 1, end + 2);
            return end + 2;
        }
        emitToken(from, end, false);
        elided.back() = at(end) == '\'' && isAlnum(at(end + 1));
        return end;
    }

    // What a student's shorthand stands for ("pk" → "pourquoi", "c" → "c est"): the words are
    // read as if written out, all at the shorthand's place.
    const QStringList *shorthand(qsizetype from, qsizetype to) const
    {
        if (to - from > 4)
            return nullptr;
        QString word;
        for (qsizetype k = from; k < to; ++k)
            appendCodePoint(word, u_[k].c);
        const auto &table = shorthandTable();
        const auto it = table.find(word);
        return it == table.end() ? nullptr : &it.value();
    }

    void emitToken(qsizetype from, qsizetype to, bool beforeNot)
    {
        QString word;
        word.reserve(to - from);
        for (qsizetype k = from; k < to; ++k)
            appendCodePoint(word, u_[k].c);
        if (beforeNot) { // "can't", "won't": the word the student meant
            static const QHash<QString, QString> bases = {
                {QStringLiteral("ca"), QStringLiteral("can")},
                {QStringLiteral("wo"), QStringLiteral("will")},
                {QStringLiteral("sha"), QStringLiteral("shall")}};
            word = bases.value(word, word);
        }
        emitWord(word, from, to);
    }

    void emitWord(const QString &word, qsizetype from, qsizetype to)
    {
        Token t;
        t.word = word;
        t.start = u_[from].start;
        t.end = u_[to - 1].end();
        tokens.append(std::move(t));
        breakBefore.push_back(pendingBreak_);
        elided.push_back(false);
        pendingBreak_ = false;
    }

    const std::vector<Unit> &u_;
    const qsizetype n_;
    bool pendingBreak_ = false;
};

// The tokens with their word classes, as the clause and negation rules read them.
struct Sentence
{
    const QList<Token> &tokens;
    const std::vector<quint32> &classes;

    bool valid(qsizetype t) const { return t >= 0 && t < tokens.size(); }
    bool is(qsizetype t, quint32 c) const { return valid(t) && (classes[size_t(t)] & c); }
    bool sameClause(qsizetype a, qsizetype b) const
    {
        return valid(a) && valid(b) && tokens[a].clause == tokens[b].clause;
    }
    // A "ne" or "n'" that negates (not an expletive one).
    bool isNe(qsizetype t) const { return is(t, kNe | kN) && tokens[t].negator; }
};

void assignClauses(QList<Token> &tokens, const std::vector<quint32> &classes,
                   const std::vector<bool> &breakBefore)
{
    const Sentence s{tokens, classes};
    int clause = 0;
    for (qsizetype t = 0; t < tokens.size(); ++t) {
        const bool opens = s.is(t, kOpensClause) || (s.is(t, kOpensBeforeQue) && s.is(t + 1, kQue));
        if (t > 0 && (breakBefore[size_t(t)] || opens))
            ++clause;
        tokens[t].clause = clause;
    }
}

// "avant qu'il ne démarre": a "ne" that negates nothing (ne explétif) has no particle after it.
bool isExpletiveNe(const Sentence &s, qsizetype t)
{
    bool afterConjunction = false;
    for (qsizetype k = t - 1; k >= t - 3 && s.sameClause(k, t); --k)
        afterConjunction = afterConjunction || (s.is(k, kQue) && s.is(k - 1, kExpletiveCue));
    if (!afterConjunction)
        return false;
    for (qsizetype k = t + 1; k <= t + 5 && s.sameClause(k, t); ++k)
        if (s.is(k, kParticle) && !s.is(k, kQue))
            return false;
    return true;
}

// "le pas de temps", "pas à pas": the noun.
bool isNounPas(const Sentence &s, qsizetype t)
{
    if ((s.is(t + 1, kA) && s.is(t + 2, kPas)) || (s.is(t - 1, kA) && s.is(t - 2, kPas)))
        return true;
    return s.sameClause(t - 1, t) && s.is(t - 1, kDeterminer);
}

// "plus" and "que" negate only as the first particle after a "ne" a few words before.
bool closesNe(const Sentence &s, qsizetype t)
{
    for (qsizetype k = t - 1; k >= t - 4 && s.sameClause(k, t); --k) {
        if (s.isNe(k))
            return true;
        if (s.is(k, kCoordinator | kParticle))
            return false;
    }
    return false;
}

bool isNegator(const Sentence &s, qsizetype t, bool elided)
{
    if (s.is(t, kNe) || (s.is(t, kN) && elided))
        return !isExpletiveNe(s, t);
    if (s.is(t, kPas))
        return !isNounPas(s, t);
    if (s.is(t, kPlusOrQue))
        return closesNe(s, t);
    if (s.is(t, kNonOrNot)) // "non seulement", "not only"
        return !(s.sameClause(t, t + 1) && s.is(t + 1, kRestrictive));
    return s.is(t, kNegatorWord);
}

void markNegators(QList<Token> &tokens, const std::vector<quint32> &classes,
                  const std::vector<bool> &elided)
{
    const Sentence s{tokens, classes};
    for (qsizetype t = 0; t < tokens.size(); ++t)
        tokens[t].negator = isNegator(s, t, elided[size_t(t)]);
}

// Tokens, and each one's id in the vocabulary.
QList<Token> tokenizeInto(const QString &text, Vocabulary &vocabulary, std::vector<int> &ids)
{
    const std::vector<Unit> units = foldUnits(text);
    Scanner scanner(units);
    scanner.run();
    QList<Token> tokens = std::move(scanner.tokens);
    std::vector<quint32> classes;
    ids.reserve(size_t(tokens.size()));
    classes.reserve(size_t(tokens.size()));
    for (Token &t : tokens) {
        ids.push_back(vocabulary.idOf(t.word));
        const WordInfo &info = vocabulary.words[size_t(ids.back())];
        t.stemFr = info.stemFr;
        t.stemEn = info.stemEn;
        classes.push_back(info.classes);
    }
    assignClauses(tokens, classes, scanner.breakBefore);
    markNegators(tokens, classes, scanner.elided);
    return tokens;
}

// ---- Relative clauses -----------------------------------------------------------------------

// "Le job qui ne démarre pas reste en attente": a negation inside a relative clause covers its
// own verb (or an auxiliary's participle), not the main verb after it. Returns the last token
// it covers, or -1 when the negator at g is not of that shape.
qsizetype frenchRelativeEnd(const Sentence &s, qsizetype g)
{
    qsizetype ne = g;
    while (ne > g - 3 && s.sameClause(ne, g) && !s.isNe(ne))
        --ne;
    if (!s.sameClause(ne, g) || !s.isNe(ne))
        return -1;
    // The relative pronoun, or its subject between them: "qui ne", "qu'il ne", "que Slurm ne".
    const qsizetype rel = s.is(ne - 1, kRelative) ? ne - 1 : ne - 2;
    const qsizetype verb = s.is(ne + 1, kClitic) ? ne + 2 : ne + 1;
    const qsizetype particle = verb + 1;
    if (!s.sameClause(rel, particle) || !s.is(rel, kRelative) || !s.is(particle, kClosing) ||
        particle < g)
        return -1;
    const qsizetype next = particle + 1; // "pas immédiatement", "pas encore lancé": still open
    if (!s.sameClause(next, particle) || s.is(next, kAdverb))
        return -1;
    return s.is(verb, kAuxiliary) ? next : particle;
}

// "The job that does not start stays pending", "the directive that Slurm does not read".
qsizetype englishRelativeEnd(const Sentence &s, qsizetype g)
{
    if (!s.is(g, kEnglishNegator))
        return -1;
    const qsizetype subject = s.is(g - 1, kAuxiliary) ? g - 2 : g - 1;
    const qsizetype rel = s.is(subject, kRelative) ? subject : subject - 1;
    if (!s.sameClause(rel, g) || !s.is(rel, kRelative))
        return -1;
    qsizetype verb = g + 1;
    while (s.sameClause(verb, g) && s.is(verb, kBe))
        ++verb;
    return s.sameClause(verb, g) && !s.is(verb, kAdverb) ? verb : -1;
}

qsizetype relativeNegationEnd(const Sentence &s, qsizetype g)
{
    const qsizetype french = frenchRelativeEnd(s, g);
    return french >= 0 ? french : englishRelativeEnd(s, g);
}

// ---- The text's index -----------------------------------------------------------------------

// Pronouns of a French inversion: "reste-t-il", "est-ce", "peut-on".
bool isInversion(const QStringList &parts)
{
    for (qsizetype k = 1; k < parts.size(); ++k)
        if (!(wordClasses(parts[k]) & kInversion))
            return false;
    return parts.size() > 1 && isLetters(parts[0]);
}

VocabEntry vocabEntry(const WordInfo &w)
{
    VocabEntry e{w.word, w.stemFr, w.stemEn, {}, {}, {}, {}, {}, isLetters(w.word)};
    if (e.letters) {
        // Snowball's French stemmer leaves "-ent" verbs whole ("changent", "restent"), to spare
        // "dent" and "lent": the third person plural also matches as its singular.
        if (e.word.size() >= 7 && e.word.endsWith(QLatin1String("ent")) &&
            !e.word.endsWith(QLatin1String("ment"))) {
            e.head = e.word.chopped(2);
            std::tie(e.headFr, e.headEn) = stems(e.head);
        }
        return e;
    }
    const QStringList parts = w.word.split(u'-');
    if (isInversion(parts)) {
        e.head = parts[0];
        std::tie(e.headFr, e.headEn) = stems(e.head);
    }
    const qsizetype eq = w.word.indexOf(u'=');
    if (eq > 0) {
        e.key = w.word.left(eq);
        e.value = w.word.mid(eq + 1);
    }
    return e;
}

std::shared_ptr<const TextIndex> buildIndex(const Vocabulary &vocabulary, std::vector<int> ids)
{
    auto index = std::make_shared<TextIndex>();
    index->vocab.reserve(vocabulary.words.size());
    for (const WordInfo &w : vocabulary.words)
        index->vocab.push_back(vocabEntry(w));
    index->classes.reserve(ids.size());
    for (int id : ids)
        index->classes.push_back(vocabulary.words[size_t(id)].classes);
    index->wordIds = std::move(ids);
    return index;
}

// ---- Patterns -------------------------------------------------------------------------------

enum Quality : quint8 { kNoMatch = 0, kExact = 1, kShortPrefix = 2, kTypo = 3, kUnknown = 0xFF };

double confidenceOf(Quality q)
{
    switch (q) {
    case kExact:
        return 1.0;
    case kShortPrefix:
        return 0.8;
    case kTypo:
        return 0.7;
    default:
        return 0.0;
    }
}

struct Atom
{
    enum class Kind { Plain, Prefix, Literal } kind = Kind::Plain;
    QString text, stemFr, stemEn;
    int id = 0; // its row in the search's memo
};

struct Element
{
    bool gap = false;                // "...": up to kMaxGap tokens of any kind
    QList<QList<Atom>> alternatives; // "min|minute": each a run of atoms ("l'option" is two)
};

struct Pattern
{
    QList<Element> elements;
    bool negatedList = false; // from Concept::negatedPatterns
    bool anyPolarity = false; // from Concept::anyPolarity
};

constexpr int kMaxGap = 3;
constexpr int kNegatorsBefore = 4;
constexpr int kNegatorsAfter = 2;
constexpr int kMaxSkippedNegators = 3;
constexpr qsizetype kTypoMinLength = 6;
constexpr qsizetype kShortPrefixLength = 5;
constexpr qsizetype kTypoMinStem = 5;

QList<Atom> compileAlternative(QString text, int &nextId)
{
    // A quoted word is a literal even with letters only: "\"scancel\"".
    const bool quoted = text.size() > 2 && text.startsWith(u'"') && text.endsWith(u'"');
    if (quoted)
        text = text.mid(1, text.size() - 2);
    const bool prefix = !quoted && text.endsWith(u'*');
    while (text.endsWith(u'*'))
        text.chop(1);
    QList<Atom> atoms;
    for (const Token &t : tokenize(text)) {
        Atom a;
        a.kind = isLetters(t.word) && !quoted ? Atom::Kind::Plain : Atom::Kind::Literal;
        a.text = t.word;
        a.stemFr = t.stemFr;
        a.stemEn = t.stemEn;
        a.id = nextId++;
        atoms.append(a);
    }
    if (prefix && !atoms.isEmpty())
        atoms.last().kind = Atom::Kind::Prefix;
    return atoms;
}

// The pattern without its "ne" and "n'" ("n'y change rien" → "y change rien"); the pattern
// itself when it has none.
QString withoutNe(const QString &pattern)
{
    static const QRegularExpression ne(QStringLiteral("(?<![\\w'])(?:ne\\s+|n')"),
                                       QRegularExpression::CaseInsensitiveOption);
    QString out = normalizeText(pattern);
    if (!out.contains(ne))
        return pattern;
    out.replace(ne, QString());
    return out.simplified();
}

Pattern compilePattern(const QString &text, bool negatedList, int &nextId)
{
    Pattern p;
    p.negatedList = negatedList;
    for (const QString &chunk : normalizeText(text).split(u' ', Qt::SkipEmptyParts)) {
        Element e;
        e.gap = chunk == QStringView(u"...") || chunk == QStringView(u"\u2026");
        if (!e.gap)
            for (const QString &alt : chunk.split(u'|', Qt::SkipEmptyParts))
                if (QList<Atom> atoms = compileAlternative(alt, nextId); !atoms.isEmpty())
                    e.alternatives.append(atoms);
        if (e.gap || !e.alternatives.isEmpty())
            p.elements.append(e);
    }
    // A gap at either end would only widen the evidence.
    while (!p.elements.isEmpty() && p.elements.first().gap)
        p.elements.removeFirst();
    while (!p.elements.isEmpty() && p.elements.last().gap)
        p.elements.removeLast();
    return p;
}

// At most one insertion, deletion, substitution or swap of neighbours turns a into b.
bool withinOneEdit(QStringView a, QStringView b)
{
    if (a.size() > b.size())
        std::swap(a, b);
    if (b.size() - a.size() > 1)
        return false;
    qsizetype i = 0;
    while (i < a.size() && a[i] == b[i])
        ++i;
    if (i == a.size())
        return true;
    if (a.size() < b.size())
        return a.mid(i) == b.mid(i + 1);
    if (a.mid(i + 1) == b.mid(i + 1))
        return true;
    return i + 1 < a.size() && a[i] == b[i + 1] && a[i + 1] == b[i] && a.mid(i + 2) == b.mid(i + 2);
}

bool stemsMeet(const Atom &a, const QString &fr, const QString &en)
{
    if (fr.isEmpty())
        return false;
    return fr == a.stemFr || en == a.stemEn || fr == a.stemEn || en == a.stemFr;
}

// Stems that differ in their last letter are usually two words ("attend", "attent").
bool closeStems(const QString &x, const QString &y)
{
    return x.size() >= kTypoMinStem && y.size() >= kTypoMinStem && x.back() == y.back() &&
           withinOneEdit(x, y);
}

bool typoMeets(const Atom &a, const QString &word, const QString &fr, const QString &en)
{
    if (a.text.size() < kTypoMinLength || word.size() < kTypoMinLength)
        return false;
    return withinOneEdit(word, a.text) || closeStems(fr, a.stemFr) || closeStems(en, a.stemEn);
}

Quality quality(const Atom &a, const VocabEntry &e)
{
    switch (a.kind) {
    case Atom::Kind::Literal:
        return e.word == a.text || (!e.key.isEmpty() && (e.key == a.text || e.value == a.text))
                   ? kExact
                   : kNoMatch;
    case Atom::Kind::Prefix:
        if (a.text.isEmpty() ||
            !(e.word.startsWith(a.text) || (!e.head.isEmpty() && e.head.startsWith(a.text))))
            return kNoMatch;
        return a.text.size() < kShortPrefixLength ? kShortPrefix : kExact;
    case Atom::Kind::Plain:
        if (stemsMeet(a, e.stemFr, e.stemEn) || stemsMeet(a, e.headFr, e.headEn))
            return kExact;
        if ((e.letters && typoMeets(a, e.word, e.stemFr, e.stemEn)) ||
            (!e.head.isEmpty() && typoMeets(a, e.head, e.headFr, e.headEn)))
            return kTypo;
        return kNoMatch;
    }
    return kNoMatch;
}

// ---- Searching ------------------------------------------------------------------------------

// One place a pattern matched.
struct Found
{
    qsizetype first = 0, last = 0; // evidence tokens, negators included
    qsizetype matchFirst = 0;
    double confidence = 0;
    // Only literals (an option, a file name, a command): "sans --output" sets a condition on
    // it, it does not deny a statement.
    bool literalsOnly = false;
};

using TokenStack = QVarLengthArray<qsizetype, 16>;

// The best way a pattern matches from one start token.
struct Path
{
    bool found = false;
    double confidence = 0;
    TokenStack consumed; // tokens the pattern's words matched, in order
};

// "plus" right before a "que" ("n'est plus qu'un commentaire": it is nothing but one).
bool plusBeforeQue(const Sentence &s, qsizetype t)
{
    if (!s.is(t, kPlusOrQue) || s.is(t, kQue))
        return false;
    for (qsizetype k = t + 1; k <= t + 3 && s.sameClause(k, t); ++k)
        if (s.is(k, kQue))
            return true;
    return false;
}

// "ne ... que" restricts ("ne démarre qu'après 52": it does start), and so does "ne ... plus
// que": a "ne" whose particle is "que" (or "plus" then "que"), and those particles.
bool isRestrictive(const Sentence &s, qsizetype t)
{
    if (s.is(t, kQue) || plusBeforeQue(s, t))
        return true;
    if (!s.isNe(t))
        return false;
    for (qsizetype k = t + 1; k <= t + 5 && s.sameClause(k, t); ++k)
        if (s.is(k, kParticle) && s.tokens[k].negator)
            return s.is(k, kQue) || plusBeforeQue(s, k);
    return false;
}

// Whether the negators counted against a match negate it, or only restrict it.
struct Polarity
{
    bool negated = false;
    bool restrictiveOnly = true;
    void count(bool restrictive)
    {
        negated = true;
        restrictiveOnly = restrictiveOnly && restrictive;
    }
};

// Matches one concept's patterns over the tokens [lo, hi) of a text.
class Search
{
public:
    Search(const QString &text, const QList<Token> &tokens, const TextIndex &index, qsizetype lo,
           qsizetype hi)
        : text_(text)
        , tokens_(tokens)
        , index_(index)
        , sentence_{tokens, index.classes}
        , lo_(lo)
        , hi_(hi)
    {}

    void run(const Pattern &p, int atomCount)
    {
        memo_.resize(size_t(atomCount));
        for (qsizetype s = lo_; s < hi_; ++s) {
            best_ = Path{};
            walkElement(p, 0, s, 1.0);
            if (best_.found)
                record(p, best_);
        }
    }

    ConceptMatch result() const;

private:
    Quality qualityAt(const Atom &a, qsizetype t)
    {
        std::vector<quint8> &memo = memo_[size_t(a.id)];
        if (memo.empty())
            memo.assign(index_.vocab.size(), kUnknown);
        const int word = index_.wordIds[size_t(t)];
        quint8 &q = memo[size_t(word)];
        if (q == kUnknown)
            q = quality(a, index_.vocab[size_t(word)]);
        return Quality(q);
    }

    bool inScope(qsizetype t) const { return t >= lo_ && t < hi_ && tokens_[t].clause == clause_; }

    void walkElement(const Pattern &p, qsizetype e, qsizetype t, double confidence)
    {
        if (e == 0)
            clause_ = tokens_[t].clause;
        if (e == p.elements.size()) {
            offer(confidence);
            return;
        }
        const Element &el = p.elements[e];
        if (el.gap) {
            for (qsizetype g = 0; g <= kMaxGap && (g == 0 || inScope(t + g - 1)); ++g)
                walkElement(p, e + 1, t + g, confidence);
            return;
        }
        for (const QList<Atom> &alt : el.alternatives)
            walkAtoms(p, e, alt, 0, t, confidence);
    }

    // Negators between the words are stepped over: "ne reste pas en attente".
    void walkAtoms(const Pattern &p, qsizetype e, const QList<Atom> &alt, qsizetype a, qsizetype t,
                   double confidence)
    {
        if (a == alt.size()) {
            walkElement(p, e + 1, t, confidence);
            return;
        }
        const bool first = stack_.isEmpty();
        for (int skipped = 0; skipped <= kMaxSkippedNegators && inScope(t); ++skipped, ++t) {
            if (const Quality q = qualityAt(alt[a], t)) {
                stack_.append(t);
                walkAtoms(p, e, alt, a + 1, t + 1, std::min(confidence, confidenceOf(q)));
                stack_.removeLast();
            }
            if (first || !tokens_[t].negator)
                break;
        }
    }

    // Better means surer, then shorter.
    void offer(double confidence)
    {
        if (best_.found &&
            (confidence < best_.confidence ||
             (confidence == best_.confidence && stack_.last() >= best_.consumed.last())))
            return;
        best_.found = true;
        best_.confidence = confidence;
        best_.consumed = stack_;
    }

    bool negatorBeforeCounts(qsizetype t, qsizetype start) const
    {
        const qsizetype end = relativeNegationEnd(sentence_, t);
        return tokens_[t].negator && !(end >= 0 && end < start);
    }

    Polarity polarity(const Path &path, bool spelled, Found &f) const;
    void record(const Pattern &p, const Path &path);

    const QString &text_;
    const QList<Token> &tokens_;
    const TextIndex &index_;
    const Sentence sentence_;
    const qsizetype lo_, hi_;
    int clause_ = 0;
    std::vector<std::vector<quint8>> memo_; // per atom, per distinct word: its Quality
    TokenStack stack_;
    Path best_;
    std::vector<Found> wanted_, opposite_;
};

// A negator not matched by the pattern's own words counts within the match, in the few words
// before it (not across "et", "ou"...), or, for French, "pas" / "plus"... just after it
// ("ne compte plus", colloquial "démarre pas"). A pattern that spells a negator itself
// ("aucun effet") owns that negation, and the "ne" that goes with it. Widens f to the
// negators, which the evidence quotes.
Polarity Search::polarity(const Path &path, bool spelled, Found &f) const
{
    const qsizetype s = path.consumed.first(), e = path.consumed.last();
    const auto consumed = [&](qsizetype t) {
        return std::find(path.consumed.begin(), path.consumed.end(), t) != path.consumed.end();
    };
    Polarity p;
    for (qsizetype t = s; t <= e; ++t)
        if (tokens_[t].negator && !consumed(t))
            p.count(isRestrictive(sentence_, t));
    bool neBefore = false;
    for (qsizetype t = s - 1; t >= s - kNegatorsBefore && inScope(t); --t) {
        if (sentence_.is(t, kCoordinator))
            break;
        if (!negatorBeforeCounts(t, s))
            continue;
        f.first = t;
        neBefore = neBefore || sentence_.isNe(t);
        if (!(spelled && sentence_.isNe(t)))
            p.count(isRestrictive(sentence_, t));
    }
    for (qsizetype t = e + 1; t <= e + kNegatorsAfter && inScope(t); ++t) {
        if (sentence_.is(t, kCoordinator))
            break;
        if (!tokens_[t].negator || !sentence_.is(t, kParticle) ||
            !(neBefore || sentence_.is(t, kColloquial)))
            continue;
        f.last = t;
        if (!spelled || !neBefore)
            p.count(isRestrictive(sentence_, t));
    }
    return p;
}

bool literalsOnly(const Pattern &p)
{
    for (const Element &e : p.elements)
        for (const QList<Atom> &alternative : e.alternatives)
            for (const Atom &a : alternative)
                if (a.kind != Atom::Kind::Literal)
                    return false;
    return true;
}

void Search::record(const Pattern &p, const Path &path)
{
    bool spelled = false;
    for (qsizetype t : path.consumed)
        spelled = spelled || tokens_[t].negator;
    Found f{path.consumed.first(), path.consumed.last(), path.consumed.first(), path.confidence,
            literalsOnly(p)};
    const Polarity polarity = this->polarity(path, spelled, f);
    if (p.anyPolarity) {
        wanted_.push_back(f);
        return;
    }
    if (polarity.negated && polarity.restrictiveOnly) {
        // Affirmed, within limits: it states a plain pattern, and neither states nor denies a
        // negated one ("ne lit que le début" says little of what is not read).
        if (!p.negatedList)
            wanted_.push_back(f);
        return;
    }
    // A negated-list pattern that spells its negator asks for it as written, not doubled.
    const bool wantsNegated = p.negatedList && !spelled;
    (polarity.negated == wantsNegated ? wanted_ : opposite_).push_back(f);
}

bool overlaps(const Found &a, const Found &b)
{
    return a.first <= b.last && b.first <= a.last;
}

ConceptMatch Search::result() const
{
    const auto effective = [&](const Found &f) {
        for (const Found &o : opposite_)
            if (!overlaps(o, f) && !o.literalsOnly)
                return std::min(f.confidence, 0.5);
        return f.confidence;
    };
    const auto pick = [&](const std::vector<Found> &all, bool lowered) {
        const Found *best = nullptr;
        double bestConfidence = -1;
        for (const Found &f : all) {
            const double c = lowered ? effective(f) : f.confidence;
            if (c > bestConfidence ||
                (c == bestConfidence && tokens_[f.first].start < tokens_[best->first].start)) {
                best = &f;
                bestConfidence = c;
            }
        }
        return std::make_pair(best, bestConfidence);
    };
    ConceptMatch m;
    const bool found = !wanted_.empty();
    if (!found && opposite_.empty())
        return m;
    const auto [best, confidence] = found ? pick(wanted_, true) : pick(opposite_, false);
    qsizetype first = best->first;
    while (first > lo_ && tokens_[first - 1].end == tokens_[first].start)
        --first; // quote "isn't read", not "n't read"
    m.found = found;
    m.contradicted = !found;
    m.start = tokens_[first].start;
    m.wordsStart = tokens_[best->matchFirst].start;
    m.evidence = text_.mid(m.start, tokens_[best->last].end - m.start);
    m.clause = tokens_[best->matchFirst].clause;
    m.confidence = confidence;
    return m;
}

} // namespace

// ---- Public functions -----------------------------------------------------------------------

QString normalizeText(const QString &text)
{
    return foldWord(text).simplified();
}

QList<Token> tokenize(const QString &text)
{
    Vocabulary vocabulary;
    std::vector<int> ids;
    return tokenizeInto(text, vocabulary, ids);
}

TextMatcher::TextMatcher(const QString &text)
    : text_(text)
{
    Vocabulary vocabulary;
    std::vector<int> ids;
    tokens_ = tokenizeInto(text, vocabulary, ids);
    index_ = buildIndex(vocabulary, std::move(ids));
}

ConceptMatch TextMatcher::match(const Concept &wanted) const
{
    return matchIn(wanted, 0, text_.size());
}

ConceptMatch TextMatcher::matchIn(const Concept &wanted, qsizetype from, qsizetype to) const
{
    const auto byStart = [](const Token &t, qsizetype at) { return t.start < at; };
    const auto lowerBound = [&](qsizetype at) {
        return std::lower_bound(tokens_.begin(), tokens_.end(), at, byStart) - tokens_.begin();
    };
    const qsizetype lo = lowerBound(from);
    const qsizetype hi = std::max(lo, qsizetype(lowerBound(to)));
    int atoms = 0;
    QList<Pattern> patterns;
    const auto add = [&](const QString &p, bool negatedList) {
        patterns.append(compilePattern(p, negatedList, atoms));
        // Spoken and written French drop the "ne": "ça change rien" says "ne change rien".
        if (const QString colloquial = withoutNe(p); colloquial != p && !colloquial.isEmpty())
            patterns.append(compilePattern(colloquial, negatedList, atoms));
    };
    for (const QString &p : wanted.patterns)
        add(p, false);
    for (const QString &p : wanted.negatedPatterns)
        add(p, true);
    for (Pattern &p : patterns)
        p.anyPolarity = wanted.anyPolarity;
    Search search(text_, tokens_, *index_, lo, hi);
    for (const Pattern &p : patterns)
        if (!p.elements.isEmpty())
            search.run(p, atoms);
    return search.result();
}

} // namespace schedlab::grader
