// Short written answers (French, or English) matched against concepts: normalised text,
// Snowball stems, phrase patterns with synonyms, small typos, and negation.
#pragma once

#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

#include <memory>

namespace schedlab::grader {

namespace detail {
struct TextIndex; // the text's vocabulary and per-token flags, built once by TextMatcher
}

// Lower case; accents folded (é→e, ç→c); ligatures expanded (œ→oe, æ→ae, ß→ss); typographic
// apostrophes (’ ‘ ʼ ´ `) → ', quotes (« » “ ” „) → ", dashes (– —) → -, no-break and thin
// spaces → space; runs of white space collapsed to one space; trimmed.
QString normalizeText(const QString &text);

// One word of an answer.
struct Token
{
    QString word;         // normalised ("ignoree", "00:02:00", "sommeil-%j.out", "--time", "51")
    QString stemFr;       // French Snowball stem of `word` ("ignor")
    QString stemEn;       // English Snowball stem of `word`
    qsizetype start = 0;  // position in the original (not normalised) text
    qsizetype end = 0;    // one past the last character, in the original text
    int clause = 0;       // index of its clause: a new one after . ; ! ? : and line breaks, a
                          // comma, "mais", "but", "car", "because", "parce que", "alors que"
    bool negator = false; // "ne", "n'", "pas", "jamais", "aucun(e)", "rien", "sans", "ni",
                          // "nullement", "not", "no", "never", "none", "without", "cannot",
                          // "n't" (don't, isn't); "plus" and "que" only after "ne"/"n'" in
                          // the same clause ("ne compte plus" yes, "plus haute" no)
};

// At most one insertion, deletion, substitution or swap of neighbours turns a into b.
bool withinOneEdit(QStringView a, QStringView b);

// Splits text into tokens. A token is a run of letters and digits, joined by an inner
// character among - _ . : / % @ = when both sides are letters or digits ("00:02:00",
// "sommeil-%j.out", "id_ed25519_romeo.pub"), with a leading "--", "-", "%", "$" or "#"
// kept ("--time", "%j", "$HOME", "#SBATCH"). Elided articles and pronouns split at the
// apostrophe: "l'option" → "l", "option"; "n'est" → "n", "est"; English "n't" becomes a
// token "not" ("isn't" → "is", "not").
QList<Token> tokenize(const QString &text);

// A concept an answer must state, e.g. "the late directive is ignored". A pattern is a
// phrase of words separated by spaces, each word being:
//   - a plain word, matched on its French or English stem ("ignorée" matches "ignoré",
//     "ignorer", "ignored"), or with one typo (one edit, for words of 6 letters or more);
//   - a word ending in '*', matched as a prefix of the normalised word ("ignor*");
//   - alternatives joined by '|' ("min|minute|minutes");
//   - "..." : up to 3 words of any kind;
//   - a literal with digits or symbols ("00:00:30", "%j", "scancel"), matched exactly
//     after normalisation. A word of letters only is a literal when quoted ("\"scancel\"");
//     unquoted, it is a plain word. A literal also matches either side of an option's '='
//     ("--time" and "00:02:00" in "--time=00:02:00").
// Negators between the words of a phrase are skipped (and make the match negated), so
// "reste en attente" is found, negated, in "ne reste pas en attente".
struct Concept
{
    QString name;
    QStringList patterns;        // matches when found and NOT negated
    QStringList negatedPatterns; // matches when found AND negated ("compte" in "ne compte
                                 // plus" means ignored)
    // A thing named rather than a statement ("Kueue", "sbatch"): found whatever the sentence
    // affirms or denies about it ("sans Kueue", "on n'installe pas Kueue").
    bool anyPolarity = false;
};

struct ConceptMatch
{
    bool found = false;        // a pattern matched with the polarity it asks for
    bool contradicted = false; // only an opposite-polarity match was found: the answer says
                               // the contrary ("n'est pas ignorée")
    QString evidence;          // the words that carried the match (or the contradiction),
                               // quoted from the original text, from the first to the last
                               // matched token, negators included
    qsizetype start = -1;      // where the evidence starts in the original text
    qsizetype wordsStart = -1; // where the pattern's own first word is (after any negator)
    int clause = -1;
    // 1.0 for an exact or stem match; 0.8 with a prefix match only on short words (< 5
    // letters); 0.7 when a typo was needed; a contradiction also found elsewhere in the text
    // lowers it to 0.5; said in a clause the student doubts ("je sais pas si", "pas sûr")
    // at most 0.6. 0 when nothing matched.
    double confidence = 0;
};

// Matches concepts in one text. Construction tokenises once; match() is cheap.
class TextMatcher
{
public:
    explicit TextMatcher(const QString &text);
    const QList<Token> &tokens() const { return tokens_; }
    // The best match of `wanted` anywhere in the text (highest confidence, then earliest).
    ConceptMatch match(const Concept &wanted) const;
    // The same, restricted to tokens whose start lies in [from, to) of the original text.
    ConceptMatch matchIn(const Concept &wanted, qsizetype from, qsizetype to) const;

    // The text matched (for an answer matcher, with the starting file blanked).
    const QString &text() const { return text_; }

private:
    QString text_;
    QList<Token> tokens_;
    std::shared_ptr<const detail::TextIndex> index_; // shared: matchers are copied cheaply
    QSet<int> doubtful_;                             // clauses said with doubt
};

} // namespace schedlab::grader
