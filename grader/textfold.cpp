// Folding: lower case, accents and ligatures, typographic punctuation and spaces to ASCII.
#include "textfold.h"

#include <utility>
#include <vector>

namespace schedlab::grader::detail {

// ---- Folding --------------------------------------------------------------------------------

namespace {

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

} // namespace

bool isLineBreak(char32_t cp)
{
    return cp == '\n' || cp == '\r' || cp == 0x0B || cp == 0x0C || cp == 0x85 || cp == 0x2028 ||
           cp == 0x2029;
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

} // namespace schedlab::grader::detail
