#include "comparisonsides.h"

#include <QSet>

#include <algorithm>

namespace schedlab::grader {

namespace {

// A comparison's statements, cut finer than clauses: "et", "and", "puis", "tandis", "whereas",
// "while", "vs" also start one ("Slurm s'arrête à --time et le Job à activeDeadlineSeconds"),
// and so does a slash or a bar between two words ("sommeil-%j.out / kubectl logs du pod").
struct Statement
{
    Span span;
    int clause = 0;
    bool opensClause = false;
    int words = 0;
    bool lettersOnly = true; // no option, number or file name: can be a frame ("côté Slurm")
};

QList<Statement> statementsIn(const TextMatcher &m, Span block)
{
    static const QSet<QString> joins{QStringLiteral("et"),      QStringLiteral("and"),
                                     QStringLiteral("puis"),    QStringLiteral("tandis"),
                                     QStringLiteral("whereas"), QStringLiteral("while"),
                                     QStringLiteral("vs"),      QStringLiteral("versus")};
    QList<Statement> out;
    for (const Token &t : m.tokens()) {
        if (t.start < block.from || t.start >= block.to)
            continue;
        const bool newClause = out.isEmpty() || out.last().clause != t.clause;
        const auto gap = out.isEmpty() ? QStringView()
                                       : QStringView(m.text()).mid(out.last().span.to,
                                                                   t.start - out.last().span.to);
        const bool divider = gap.contains(u'/') || gap.contains(u'|');
        if (newClause || divider || joins.contains(t.word))
            out << Statement{Span{t.start, t.end}, t.clause, newClause, 0};
        out.last().span.to = t.end;
        ++out.last().words;
        out.last().lettersOnly = out.last().lettersOnly &&
                                 std::all_of(t.word.begin(), t.word.end(),
                                             [](QChar ch) { return ch.isLetter() || ch == u'\''; });
    }
    return out;
}

// The side a statement is about: the one it names, or the one named by a short frame just
// before it ("côté Slurm, ...", "Pour Kubernetes : ..."). -1 when none or both.
int sideOf(const TextMatcher &m, const QList<Concept> &sides, const QList<Statement> &st, int i)
{
    const auto named = [&](const Statement &s) {
        int side = -1;
        for (int k = 0; k < sides.size(); ++k)
            if (m.matchIn(sides[k], s.span.from, s.span.to).found) {
                if (side >= 0)
                    return -2; // both sides: a statement about the two
                side = k;
            }
        return side;
    };
    const int own = named(st[i]);
    if (own != -1)
        return std::max(own, -1);
    constexpr int kFrameWords = 4;
    const auto isFrame = [&](int k) {
        return k >= 0 && st[k].opensClause && st[k].words <= kFrameWords && st[k].lettersOnly;
    };
    if (i == 0 || !st[i].opensClause || !isFrame(i - 1))
        return -1;
    int side = named(st[i - 1]);
    // "le Job Kubernetes attend, lui, son tour de ...": an aside of a word or two names no
    // side; the frame before it does.
    if (side == -1 && st[i - 1].words <= 2 && isFrame(i - 2))
        side = named(st[i - 2]);
    return std::max(side, -1);
}

} // namespace

// A comparison's facts each belong to one side (`sides: {cote-slurm: [option-time], cote-k8s:
// [option-deadline]}`): the first fact stated of the other side and never of its own, as in
// "côté Slurm, activeDeadlineSeconds ; côté Kubernetes, --time", is the right words with the
// roles swapped. Returns where it is said.
std::optional<Span> swappedSide(const Criterion &c, CheckContext &ctx, Span block)
{
    const QVariantMap spec = c.params.value(QStringLiteral("sides")).toMap();
    if (spec.isEmpty())
        return std::nullopt;
    QList<Concept> sides;
    for (auto it = spec.constBegin(); it != spec.constEnd(); ++it) {
        sides << conceptFrom(it.key(), ctx.rubric());
        sides.last().anyPolarity = true;
    }
    const TextMatcher &m = ctx.answerMatcher(c.file);
    const QList<Statement> statements = statementsIn(m, block);
    int side = 0;
    for (auto it = spec.constBegin(); it != spec.constEnd(); ++it, ++side)
        for (const Concept &fact : conceptsFrom(it.value(), ctx.rubric())) {
            std::optional<Span> elsewhere;
            bool onOwnSide = false;
            for (int i = 0; i < statements.size(); ++i) {
                const Span s = statements[i].span;
                if (!m.matchIn(fact, s.from, s.to).found)
                    continue;
                const int about = sideOf(m, sides, statements, i);
                onOwnSide = onOwnSide || about == side;
                if (about >= 0 && about != side && !elsewhere) {
                    // Quoted with its frame when the side was named there.
                    const bool framed = !m.matchIn(sides[about], s.from, s.to).found;
                    elsewhere = framed ? Span{statements[i - 1].span.from, s.to} : s;
                }
            }
            if (elsewhere && !onOwnSide)
                return elsewhere;
        }
    return std::nullopt;
}

double confidenceOnItsSide(const Criterion &c, CheckContext &ctx, Span block, const Concept &fact,
                           const ConceptMatch &match)
{
    if (!c.params.contains(QStringLiteral("sides")) || !match.found || match.confidence >= 1.0)
        return match.confidence;
    const TextMatcher &m = ctx.answerMatcher(c.file);
    for (const Span &s : sentences(m.text())) {
        if (match.start < s.from || match.start >= s.to || s.from < block.from || s.to > block.to)
            continue;
        const ConceptMatch own = m.matchIn(fact, s.from, s.to);
        return own.found ? std::max(own.confidence, match.confidence) : match.confidence;
    }
    return match.confidence;
}

} // namespace schedlab::grader
