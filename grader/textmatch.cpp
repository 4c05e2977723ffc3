// Matching students' short answers against concepts: folding, tokens, Snowball stems,
// phrase patterns (stems, prefixes, alternatives, gaps, literals, typos) and negation.
#include "textmatch.h"

#include "textfold.h"
#include "texttokens.h"
#include "wordinfo.h"

#include <QHash>
#include <QRegularExpression>
#include <QVarLengthArray>

#include <algorithm>
#include <memory>
#include <tuple>
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

using detail::doubtfulClauses;
using detail::foldWord;
using detail::isLetters;
using detail::relativeNegationEnd;
using detail::Sentence;
using detail::stems;
using detail::TextIndex;
using detail::tokenizeInto;
using detail::VocabEntry;
using detail::Vocabulary;
using detail::wordClasses;
using detail::WordInfo;
using enum detail::WordClass;

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

// A concept found in a clause the student doubts: below every rubric's review threshold.
constexpr double kDoubtedConfidence = 0.6;

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
    if (a.text.size() < kTypoMinLength)
        return false;
    // A letter left out of a long enough word ("minte" for "minute").
    if (word.size() == kTypoMinLength - 1)
        return a.text.size() == kTypoMinLength && withinOneEdit(word, a.text);
    if (word.size() < kTypoMinLength)
        return false;
    return withinOneEdit(word, a.text) || closeStems(fr, a.stemFr) || closeStems(en, a.stemEn);
}

// A long prefix ("augment*") met with one typo at its start ("augmante", "augmnte").
bool prefixTypoMeets(const QString &prefix, const QString &word)
{
    const qsizetype n = prefix.size();
    if (n < kTypoMinLength || word.size() < n - 1)
        return false;
    return withinOneEdit(QStringView(word).left(n - 1), prefix) ||
           withinOneEdit(QStringView(word).left(n), prefix) ||
           withinOneEdit(QStringView(word).left(n + 1), prefix);
}

Quality quality(const Atom &a, const VocabEntry &e)
{
    switch (a.kind) {
    case Atom::Kind::Literal:
        return e.word == a.text || (!e.key.isEmpty() && (e.key == a.text || e.value == a.text))
                   ? kExact
                   : kNoMatch;
    case Atom::Kind::Prefix:
        if (a.text.isEmpty())
            return kNoMatch;
        if (e.word.startsWith(a.text) || (!e.head.isEmpty() && e.head.startsWith(a.text)))
            return a.text.size() < kShortPrefixLength ? kShortPrefix : kExact;
        return e.letters && prefixTypoMeets(a.text, e.word) ? kTypo : kNoMatch;
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

// A particle that denies only how far or how often ("ne relance pas indéfiniment": it does
// relaunch, a limited number of times). Not "pas tout de suite": a stop put off may be a
// stop denied. Not when the adverb is
// what was matched ("ne tourne pas indéfiniment" denies the loop): `matched` is the match.
bool deniesOnlyExtent(const Sentence &s, qsizetype k, std::pair<qsizetype, qsizetype> matched)
{
    static const QSet<QString> adverbs{
        QStringLiteral("indefiniment"),  QStringLiteral("infiniment"),
        QStringLiteral("toujours"),      QStringLiteral("forcement"),
        QStringLiteral("eternellement"), QStringLiteral("systematiquement"),
        QStringLiteral("seulement"),     QStringLiteral("uniquement"),
        QStringLiteral("forever"),       QStringLiteral("indefinitely"),
        QStringLiteral("always")};
    static const QList<QStringList> phrases{
        {QStringLiteral("a"), QStringLiteral("l"), QStringLiteral("infini")},
        {QStringLiteral("sans"), QStringLiteral("fin")},
        {QStringLiteral("en"), QStringLiteral("boucle")},
        {QStringLiteral("plusieurs"), QStringLiteral("fois")}};
    if (k + 1 >= matched.first && k + 1 <= matched.second)
        return false;
    const auto wordAt = [&](qsizetype i) {
        return i < s.tokens.size() && s.sameClause(i, k) ? s.tokens[i].word : QString();
    };
    if (adverbs.contains(wordAt(k + 1)))
        return true;
    return std::any_of(phrases.begin(), phrases.end(), [&](const QStringList &words) {
        for (qsizetype i = 0; i < words.size(); ++i)
            if (wordAt(k + 1 + i) != words[i])
                return false;
        return true;
    });
}

// "ne ... que" restricts ("ne démarre qu'après 52": it does start), and so does "ne ... plus
// que": a "ne" whose particle is "que" (or "plus" then "que"), and those particles; and a
// particle that denies only an extent ("ne relance pas indéfiniment").
bool isRestrictive(const Sentence &s, qsizetype t, std::pair<qsizetype, qsizetype> matched)
{
    if (s.is(t, kQue) || plusBeforeQue(s, t))
        return true;
    if (s.is(t, kParticle) && s.tokens[t].negator && deniesOnlyExtent(s, t, matched))
        return true;
    if (!s.isNe(t))
        return false;
    for (qsizetype k = t + 1; k <= t + 5 && s.sameClause(k, t); ++k)
        if (s.is(k, kParticle) && s.tokens[k].negator)
            return s.is(k, kQue) || plusBeforeQue(s, k) || deniesOnlyExtent(s, k, matched);
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
    // A pattern that spells its negator ("sert a rien") owns the "plus" or "jamais" that French
    // joins to it: "ne sert plus à rien" is one negation, not two.
    const auto joinsSpelled = [&](qsizetype t) {
        return spelled && (tokens_[t].word == QLatin1String("plus") ||
                           tokens_[t].word == QLatin1String("jamais"));
    };
    Polarity p;
    for (qsizetype t = s; t <= e; ++t)
        if (tokens_[t].negator && !consumed(t) && !joinsSpelled(t))
            p.count(isRestrictive(sentence_, t, {s, e}));
    bool neBefore = false;
    for (qsizetype t = s - 1; t >= s - kNegatorsBefore && inScope(t); --t) {
        if (sentence_.is(t, kCoordinator))
            break;
        if (!negatorBeforeCounts(t, s))
            continue;
        f.first = t;
        neBefore = neBefore || sentence_.isNe(t);
        if (!(spelled && sentence_.isNe(t)) && !joinsSpelled(t))
            p.count(isRestrictive(sentence_, t, {s, e}));
    }
    for (qsizetype t = e + 1; t <= e + kNegatorsAfter && inScope(t); ++t) {
        if (sentence_.is(t, kCoordinator))
            break;
        // "scancel 17 (pas -u)": a negator right before an option or a name denies that one.
        if (tokens_[t].negator && t + 1 < tokens_.size() && inScope(t + 1) &&
            !isLetters(tokens_[t + 1].word))
            break;
        // Without "ne", only the particles that deny alone ("démarre pas", "compte plus du tout").
        const bool alone = sentence_.is(t, kColloquial) || tokens_[t].word == QLatin1String("plus");
        if (!tokens_[t].negator || !sentence_.is(t, kParticle) || !(neBefore || alone))
            continue;
        f.last = t;
        if ((!spelled || !neBefore) && !joinsSpelled(t))
            p.count(isRestrictive(sentence_, t, {s, e}));
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
    const QList<int> doubtful = doubtfulClauses(text, tokens_);
    doubtful_ = QSet<int>(doubtful.begin(), doubtful.end());
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
    ConceptMatch m = search.result();
    // Stated with doubt, it is no statement to grade alone: a person reads it.
    if (m.found && !wanted.anyPolarity && doubtful_.contains(m.clause))
        m.confidence = std::min(m.confidence, kDoubtedConfidence);
    return m;
}

} // namespace schedlab::grader
