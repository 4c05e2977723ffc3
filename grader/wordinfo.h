// Internal to the text matcher: a word's Snowball stems and classes, and a text's vocabulary.
#pragma once

#include <QString>
#include <QtGlobal>

#include <unordered_map>
#include <utility>
#include <vector>

namespace schedlab::grader::detail {

std::pair<QString, QString> stems(const QString &word);

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

quint32 wordClasses(const QString &word);

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

} // namespace schedlab::grader::detail
