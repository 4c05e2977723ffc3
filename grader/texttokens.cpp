// Tokens: folded units, the Scanner, shorthand, clauses, negators and relative clauses.
#include "texttokens.h"

#include "textfold.h"

#include <QHash>
#include <QSet>
#include <QStringList>

#include <algorithm>
#include <utility>

namespace schedlab::grader::detail {

// ---- Tokens ---------------------------------------------------------------------------------

namespace {

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
                                                                 {"lgtps", "longtemps"},
                                                                 {"prio", "priorite"},
                                                                 {"g", "j ai"},
                                                                 {"qqn", "quelqu un"},
                                                                 {"dispo", "disponible"},
                                                                 {"dispos", "disponibles"},
                                                                 {"ac", "avec"}};
        QHash<QString, QStringList> out;
        for (const auto &[shortForm, words] : entries)
            out.insert(QString::fromLatin1(shortForm),
                       QString::fromLatin1(words).split(u' ', Qt::SkipEmptyParts));
        return out;
    }();
    return table;
}

// Splits folded units into tokens, remembering what the later passes need.
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
        // An arrow ("non nul → un nouveau pod", "->", "=>") and a table's cell border also
        // end one: what is on each side is its own statement.
        if (c == '>' && i > 0 && (u_[i - 1].c == '-' || u_[i - 1].c == '='))
            return true;
        return c == '.' || c == ';' || c == '!' || c == '?' || c == ':' || c == '\n' ||
               c == 0x2026 || c == '|' || c == 0x2192 || c == 0x21D2 || c == 0x27F6;
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

// "elle compte plus du tout": spoken French drops the "ne", and "plus du tout" can only deny.
bool plusDuTout(const Sentence &s, qsizetype t)
{
    return s.tokens[t].word == QLatin1String("plus") && s.sameClause(t, t + 2) &&
           s.tokens[t + 1].word == QLatin1String("du") &&
           s.tokens[t + 2].word == QLatin1String("tout");
}

bool isNegator(const Sentence &s, qsizetype t, bool elided)
{
    if (s.is(t, kNe) || (s.is(t, kN) && elided))
        return !isExpletiveNe(s, t);
    if (s.is(t, kPas))
        return !isNounPas(s, t);
    if (s.is(t, kPlusOrQue))
        return closesNe(s, t) || plusDuTout(s, t);
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

} // namespace

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

namespace {

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

} // namespace

qsizetype relativeNegationEnd(const Sentence &s, qsizetype g)
{
    const qsizetype french = frenchRelativeEnd(s, g);
    return french >= 0 ? french : englishRelativeEnd(s, g);
}

// ---- Doubt ----------------------------------------------------------------------------------

namespace {

// Whether a doubt marker starts at token t: a student saying they do not know ("je sais pas
// si", "pas sûr", "not sure", "aucune idée", "no idea", "dunno").
bool doubtAt(const QList<Token> &tokens, qsizetype t)
{
    // "peut-être", "maybe", "je suppose" are left out: "il contient peut-être déjà la ligne"
    // is the right answer to "peut-il déjà contenir ...?".
    static const QSet<QString> single{QStringLiteral("unsure"), QStringLiteral("dunno")};
    const QString &w = tokens[t].word;
    if (single.contains(w))
        return true;
    const auto next = [&](qsizetype k) {
        return t + k < tokens.size() && tokens[t + k].clause == tokens[t].clause
                   ? tokens[t + k].word
                   : QString();
    };
    const auto oneOf = [](const QString &word, std::initializer_list<const char *> words) {
        return std::any_of(words.begin(), words.end(),
                           [&](const char *x) { return word == QLatin1String(x); });
    };
    // "je (ne) sais pas", "je suis pas (trop) sûr", "not sure", "aucune idée", "no idea".
    if (w == QLatin1String("sais") && next(1) == QLatin1String("pas"))
        return true;
    // Folded, "sûr" is "sur": "pas sur node01" is a place. "pas sûr" doubts after "suis" or
    // at the clause's start ("pas sûr que ...").
    const bool frenchDoubt =
        w == QLatin1String("pas") && (t == 0 || tokens[t - 1].clause != tokens[t].clause ||
                                      oneOf(tokens[t - 1].word, {"suis", "es", "sommes", "etes"}));
    if ((frenchDoubt || w == QLatin1String("not")) &&
        (oneOf(next(1), {"sur", "sure", "certain", "certaine"}) ||
         (oneOf(next(1), {"trop", "tres", "vraiment", "really", "quite"}) &&
          oneOf(next(2), {"sur", "sure", "certain", "certaine"}))))
        return true;
    if ((w == QLatin1String("aucune") || w == QLatin1String("no")) &&
        next(1) == QLatin1String("idee"))
        return true;
    if (w == QLatin1String("no") && next(1) == QLatin1String("idea"))
        return true;
    return false;
}

} // namespace

QList<int> doubtfulClauses(const QString &text, const QList<Token> &tokens)
{
    // The sentence of each token: a new one after . ! ? or a line break between two tokens.
    QList<int> sentence(tokens.size(), 0);
    for (qsizetype t = 1; t < tokens.size(); ++t) {
        const QStringView gap =
            QStringView(text).mid(tokens[t - 1].end, tokens[t].start - tokens[t - 1].end);
        const bool ends = std::any_of(gap.begin(), gap.end(), [](QChar c) {
            return c == u'.' || c == u'!' || c == u'?' || c == u'\n';
        });
        sentence[t] = sentence[t - 1] + (ends ? 1 : 0);
    }
    // Linear in the tokens: a hostile file full of "je sais pas" costs no more than any other.
    QSet<int> doubtedSentences;
    for (qsizetype t = 0; t < tokens.size(); ++t)
        if (doubtAt(tokens, t))
            doubtedSentences.insert(sentence[t]);
    QList<int> out;
    for (qsizetype k = 0; k < tokens.size(); ++k)
        if (doubtedSentences.contains(sentence[k]) &&
            (out.isEmpty() || out.last() != tokens[k].clause))
            out << tokens[k].clause;
    return out;
}

} // namespace schedlab::grader::detail
