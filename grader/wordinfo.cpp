// Snowball stemming (French and English) and the word classes of the clause and negation rules.
#include "wordinfo.h"

#include "textfold.h"

#include <libstemmer.h>

#include <QByteArray>
#include <QHash>

#include <initializer_list>

namespace schedlab::grader::detail {

// ---- Stemming -------------------------------------------------------------------------------

namespace {

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

} // namespace

std::pair<QString, QString> stems(const QString &word)
{
    if (!isLetters(word))
        return {word, word}; // "00:02:00", "--time": nothing to stem
    return {foldWord(frenchStemmer().stem(restoreFrenchEnding(word))), englishStemmer().stem(word)};
}

// ---- Word classes ---------------------------------------------------------------------------

namespace {

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

} // namespace

quint32 wordClasses(const QString &word)
{
    static const QHash<QString, quint32> table = wordClassTable();
    return table.value(word);
}

} // namespace schedlab::grader::detail
