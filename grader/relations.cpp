#include "relations.h"

#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <optional>

namespace schedlab::grader {

namespace {

struct Clause
{
    TextSpan span;
    int sentence = 0;
};

// Words that join two statements: what follows is a clause of its own. Arrows and colons are
// not among them: they join a thing to its holder ("service → Deployment").
const QRegularExpression &joiningWords()
{
    static const QRegularExpression re(
        QStringLiteral("[,;]|\\s(?:et|mais|car|donc|alors que|tandis que|parce que|puisque|"
                       "pcq|pck|and|but|whereas|while|because|so|since)\\s"),
        QRegularExpression::CaseInsensitiveOption);
    return re;
}

QList<Clause> clausesOf(const QString &text, TextSpan within)
{
    static const QRegularExpression sentenceEnd(QStringLiteral("\\n|[.!?](?=\\s|$)"));
    QList<Clause> out;
    int sentence = 0;
    qsizetype from = within.from;
    const auto addSentence = [&](qsizetype to) {
        qsizetype start = from;
        auto it = joiningWords().globalMatch(text.mid(from, to - from));
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            out << Clause{{start, from + m.capturedStart()}, sentence};
            start = from + m.capturedEnd();
        }
        out << Clause{{start, to}, sentence};
        ++sentence;
    };
    auto it = sentenceEnd.globalMatch(text.mid(within.from, within.to - within.from));
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        addSentence(within.from + m.capturedStart());
        from = within.from + m.capturedEnd();
    }
    addSentence(within.to);
    return out;
}

struct Mention
{
    int index = -1; // of the concept
    qsizetype start = 0;
};

// A name said to be what something is, or is not ("la conversion n'est pas un service", "is
// a service"): the predicate of another subject, not a thing the clause places.
bool isPredicate(const TextMatcher &m, qsizetype start)
{
    static const QSet<QString> articles{QStringLiteral("un"), QStringLiteral("une"),
                                        QStringLiteral("a"), QStringLiteral("an")};
    static const QSet<QString> copulas{QStringLiteral("est"),   QStringLiteral("pas"),
                                       QStringLiteral("is"),    QStringLiteral("not"),
                                       QStringLiteral("etait"), QStringLiteral("sera")};
    const QList<Token> &tokens = m.tokens();
    const auto at = std::find_if(tokens.begin(), tokens.end(),
                                 [&](const Token &t) { return t.start >= start; });
    const qsizetype i = at - tokens.begin();
    return i >= 2 && articles.contains(tokens[i - 1].word) && copulas.contains(tokens[i - 2].word);
}

// The concepts named in the clause, each once, in the order they appear. A holder may well
// be a predicate ("le service est un Deployment"); a thing that is one is left out.
QList<Mention> mentions(const TextMatcher &m, TextSpan clause, const QList<Concept> &concepts,
                        bool skipPredicates = false)
{
    QList<Mention> out;
    for (int i = 0; i < concepts.size(); ++i) {
        Concept named = concepts[i];
        named.anyPolarity = true; // "sans Deployment" names a Deployment all the same
        const ConceptMatch cm = m.matchIn(named, clause.from, clause.to);
        if (cm.found && !(skipPredicates && isPredicate(m, cm.wordsStart)))
            out << Mention{i, cm.wordsStart};
    }
    std::sort(out.begin(), out.end(),
              [](const Mention &a, const Mention &b) { return a.start < b.start; });
    return out;
}

// "les deux dans un Deployment", "both in a Deployment": a clause that names every thing at
// once, by a word that stands for them all. Where it stands, it names each thing.
std::optional<qsizetype> bothNamed(const TextMatcher &m, TextSpan clause)
{
    const QList<Token> &tokens = m.tokens();
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        const Token &t = tokens[i];
        if (t.start < clause.from || t.start >= clause.to)
            continue;
        if (t.word == QLatin1String("both"))
            return t.start;
        const bool all = t.word == QLatin1String("les") || t.word == QLatin1String("tous") ||
                         t.word == QLatin1String("toutes");
        if (all && i + 1 < tokens.size() && tokens[i + 1].start < clause.to &&
            (tokens[i + 1].word == QLatin1String("deux") ||
             tokens[i + 1].word == QLatin1String("2")))
            return t.start;
    }
    return std::nullopt;
}

bool negatorBetween(const TextMatcher &m, qsizetype from, qsizetype to)
{
    return std::any_of(m.tokens().begin(), m.tokens().end(), [&](const Token &t) {
        return t.negator && t.start >= from && t.start < to;
    });
}

// "si la conversion était dans un Deployment, il la relancerait": what would happen says
// nothing of the choice made.
bool hypothetical(const TextMatcher &m, TextSpan clause)
{
    const QList<Token> &tokens = m.tokens();
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        const Token &t = tokens[i];
        if (t.start < clause.from || t.start >= clause.to)
            continue;
        const QString &w = t.word;
        const bool conditional =
            (w.endsWith(QLatin1String("rait")) || w.endsWith(QLatin1String("raient"))) &&
            !w.endsWith(QLatin1String("trait"));
        const bool sIl = w == QLatin1String("s") && i + 1 < tokens.size() &&
                         tokens[i + 1].word.startsWith(QLatin1String("il"));
        if (conditional || sIl || w == QLatin1String("si") || w == QLatin1String("if") ||
            w == QLatin1String("would") || w == QLatin1String("sinon") ||
            w == QLatin1String("otherwise"))
            return true;
    }
    return false;
}

bool namesAny(const TextMatcher &m, TextSpan clause, const QList<Concept> &concepts)
{
    return std::any_of(concepts.begin(), concepts.end(), [&](Concept c) {
        c.anyPolarity = true;
        return m.matchIn(c, clause.from, clause.to).found;
    });
}

// Pairs things and holders named in one clause: each thing with the nearest holder.
void pairWithin(const TextMatcher &m, const Clause &c, const QList<Mention> &things,
                const QList<Mention> &holders, QList<Pairing> *out)
{
    for (const Mention &t : things) {
        const auto nearest = std::min_element(
            holders.begin(), holders.end(), [&](const Mention &a, const Mention &b) {
                return std::abs(a.start - t.start) < std::abs(b.start - t.start);
            });
        const qsizetype from = std::min(t.start, nearest->start);
        const qsizetype to = std::max(t.start, nearest->start);
        // "pas le Deployment pour la conversion": a negator just before the first name counts.
        qsizetype before = std::max(c.span.from, from - 8);
        // "La conversion n'est pas un service : elle va dans un job Slurm": a negator before a
        // colon denies what is said before it, not the holder after it.
        const qsizetype colon = m.text().lastIndexOf(u':', to);
        if (nearest->start > t.start && colon > before && colon < to &&
            colon + 1 < m.text().size() && m.text().at(colon + 1).isSpace())
            before = colon;
        out->append(Pairing{t.index, nearest->index, negatorBetween(m, before, to), c.span, false});
    }
}

} // namespace

QList<Pairing> statedPairings(const QString &text, TextSpan within, const TextMatcher &matcher,
                              const QList<Concept> &things, const QList<Concept> &holders,
                              const QList<Concept> &aside, const QList<Concept> &others)
{
    QList<Pairing> out;
    const QList<Clause> clauses = clausesOf(text, within);
    // A clause that names only one side waits for the next clause of its sentence naming
    // only the other.
    struct Orphan
    {
        Clause clause;
        QList<Mention> things, holders;
        QList<int> deniedHolders; // "ne va pas dans un job Slurm": not that one again
    };
    std::optional<Orphan> orphan;
    // After a clause about another thing ("Le service, qui ..., va dans un Deployment"), the
    // clauses that name only a holder are still about it, until a thing of ours is named.
    bool aboutOther = false;
    int sentence = -1;
    for (const Clause &c : clauses) {
        if (c.sentence != sentence)
            aboutOther = false;
        sentence = c.sentence;
        QList<Mention> t = mentions(matcher, c.span, things, true);
        const QList<Mention> h = mentions(matcher, c.span, holders);
        if (t.isEmpty() && !others.isEmpty())
            if (const auto both = bothNamed(matcher, c.span))
                t << Mention{0, *both};
        if (orphan && orphan->clause.sentence != c.sentence)
            orphan.reset();
        if (hypothetical(matcher, c.span)) {
            orphan.reset(); // what would happen, not what was chosen
            continue;
        }
        const bool aboutAside = namesAny(matcher, c.span, aside);
        if (!t.isEmpty() && !h.isEmpty()) {
            const qsizetype before = out.size();
            pairWithin(matcher, c, t, h, &out);
            for (auto p = out.begin() + before; p != out.end(); ++p)
                p->aside = aboutAside;
            // "ne va pas dans un job Slurm, mais dans un Deployment": the things denied one
            // holder may be given another in the next clause.
            const bool allDenied = std::all_of(out.begin() + before, out.end(),
                                               [](const Pairing &p) { return p.denied; });
            orphan.reset();
            if (allDenied) {
                QList<int> denied;
                for (auto p = out.begin() + before; p != out.end(); ++p)
                    denied << p->holder;
                orphan = Orphan{c, t, {}, denied};
            }
            continue;
        }
        if (t.isEmpty() && namesAny(matcher, c.span, others)) {
            orphan.reset(); // about another thing: neither its holder nor its half is ours
            aboutOther = true;
            continue;
        }
        if (t.isEmpty() && (h.isEmpty() || aboutOther))
            continue;
        aboutOther = false;
        if (orphan && orphan->things.isEmpty() != t.isEmpty()) {
            // Two halves of one statement: the holder's clause says yes or no.
            const Clause &holderClause = h.isEmpty() ? orphan->clause : c;
            const QList<Mention> &thingList = t.isEmpty() ? orphan->things : t;
            const QList<Mention> &holderList = h.isEmpty() ? orphan->holders : h;
            const auto holder =
                std::find_if(holderList.begin(), holderList.end(), [&](const Mention &m) {
                    return !orphan->deniedHolders.contains(m.index);
                });
            if (holder != holderList.end()) {
                const bool denied = negatorBetween(matcher, holderClause.span.from, holder->start);
                const TextSpan both{std::min(orphan->clause.span.from, c.span.from),
                                    std::max(orphan->clause.span.to, c.span.to)};
                for (const Mention &thing : thingList)
                    out << Pairing{thing.index, holder->index, denied, both, aboutAside};
            }
            orphan.reset();
            continue;
        }
        orphan = Orphan{c, t, h, {}};
    }
    return out;
}

} // namespace schedlab::grader
