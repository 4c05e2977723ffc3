// The checker of answers about who does what (text.relation): the thing must be given to its
// holder, not to one of the rivals.
//
//   check: text.relation
//   thing: service          # the concept naming what is given
//   holder: deployment      # the concept naming what must carry it
//   rivals: [job-slurm]     # what it must not be given to
//   aside: [relance]        # clauses naming these are about another point
//   section: "question\\s*2\\b"
#include "checkers.h"
#include "relations.h"

namespace schedlab::grader {

namespace {

// With no question titles, the pairing is read in the whole file: still a pairing, less sure
// of being this question's.
constexpr double kWholeFilePenalty = 0.85;

QList<Concept> concepts(const Criterion &c, const char *key, const Rubric &rubric)
{
    return conceptsFrom(c.params.value(QLatin1String(key)), rubric);
}

QString quoted(const QString &text, TextSpan s)
{
    const int line = int(text.left(s.from).count(u'\n')) + 1;
    return QStringLiteral("« %1 » (ligne %2)")
        .arg(text.mid(s.from, s.to - s.from).simplified())
        .arg(line);
}

// The pairings stated for the thing, sorted by what they say of the expected holder.
struct Statements
{
    std::optional<Pairing> given, givenToRival, deniedToHolder, deniedToRival;
};

Statements sort(const QList<Pairing> &pairings)
{
    Statements s;
    for (const Pairing &p : pairings) {
        // A sentence about another point ("le Deployment relance la conversion") may confirm
        // the right holder, never stand for giving the thing to a rival.
        if (p.thing != 0 || (p.aside && p.holder != 0))
            continue;
        const bool expected = p.holder == 0;
        std::optional<Pairing> &slot = expected ? (p.denied ? s.deniedToHolder : s.given)
                                                : (p.denied ? s.deniedToRival : s.givenToRival);
        if (!slot)
            slot = p;
    }
    return s;
}

CheckOutcome nothingPaired(const QString &text, TextSpan region, bool thingNamed, double penalty)
{
    CheckOutcome out;
    if (thingNamed) {
        // Named, but given to nothing the grader recognises: a person reads it.
        out.confidence = 0.6 * penalty;
        out.note = QStringLiteral("La réponse n'associe clairement cet élément à rien.");
        return out;
    }
    out.confidence =
        nothingRecognisedConfidence(text.mid(region.from, region.to - region.from)) * penalty;
    return out;
}

CheckOutcome checkRelation(const Criterion &c, CheckContext &ctx)
{
    const SubmittedFile &f = ctx.file(c.file);
    if (!f.usable())
        return unusableFile(f, c.file);
    const Rubric &rubric = ctx.rubric();
    const QList<Concept> things = concepts(c, "thing", rubric);
    QList<Concept> holders = concepts(c, "holder", rubric) + concepts(c, "rivals", rubric);
    const AnswerRegion answer = answerRegion(c, f.text);
    const TextSpan region = answer.span;
    const double penalty = answer.found ? 1.0 : kWholeFilePenalty;
    const TextMatcher &m = ctx.answerMatcher(c.file);
    const Statements s =
        sort(statedPairings(f.text, region, m, things, holders, concepts(c, "aside", rubric),
                            concepts(c, "others", rubric)));
    CheckOutcome out;
    if (s.given && s.givenToRival) {
        // Both holders given the same thing: an instructor reads which one the student means.
        out.passed = true;
        out.confidence = 0.5;
        out.evidence = quoted(f.text, s.given->where);
        out.note =
            QStringLiteral("La réponse dit aussi : %1.").arg(quoted(f.text, s.givenToRival->where));
    } else if (s.given) {
        out.passed = true;
        out.confidence = penalty;
        out.evidence = quoted(f.text, s.given->where);
    } else if (s.givenToRival) {
        out.confidence = 0.95 * penalty;
        out.evidence = quoted(f.text, s.givenToRival->where);
        out.note = QStringLiteral("Les rôles sont inversés : %1.").arg(out.evidence);
    } else if (s.deniedToHolder) {
        out.confidence = 0.9 * penalty;
        out.evidence = quoted(f.text, s.deniedToHolder->where);
        out.note = QStringLiteral("La réponse dit le contraire : %1.").arg(out.evidence);
    } else if (s.deniedToRival) {
        // Of two holders, not the other one: the right one, said by elimination.
        out.passed = true;
        out.confidence = 0.8 * penalty;
        out.evidence = quoted(f.text, s.deniedToRival->where);
    } else {
        Concept thing = things.value(0);
        thing.anyPolarity = true;
        out =
            nothingPaired(f.text, region, m.matchIn(thing, region.from, region.to).found, penalty);
    }
    return out;
}

} // namespace

void addRelationCheckers(CheckerTable &table)
{
    table.insert(QStringLiteral("text.relation"), {checkRelation});
}

} // namespace schedlab::grader
