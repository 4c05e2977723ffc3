// Who does what, as a sentence says it. Some answers are about a pairing rather than a fact:
// which of a Deployment and a Slurm job carries the service, and which the conversion. The
// same words then make a right answer or a wrong one ("le Deployment porte le service" /
// "le Deployment porte la conversion"), so the pairing is read, not the words alone.
//
// A text is cut into clauses (sentences, lines, ";", ",", and the words that join two
// statements: "et", "mais", "car", "donc", "and", "but", "whereas"...). In a clause naming
// both a thing and a holder, they are paired ("le service va dans un Deployment", "Deployment
// → service", "pour le service, un Deployment"); a clause naming only one of them is paired
// with the next (or previous) clause of the same sentence naming only the other ("le
// Deployment, car le service tourne en continu"). A negator between the two names denies the
// pairing ("la conversion ne va pas dans un Deployment").
#pragma once

#include "answerstructure.h"
#include "textmatch.h"

#include <QList>
#include <QString>

namespace schedlab::grader {

struct Pairing
{
    int thing = -1;  // index in the `things` given
    int holder = -1; // index in the `holders` given
    bool denied = false;
    TextSpan where;     // the clause (or the two clauses) that state it
    bool aside = false; // the clause also names one of the `aside` concepts
};

// A clause that is a hypothesis ("si", "if", a conditional: "il la relancerait") states no
// pairing; one that names an `aside` concept (another point's subject: "le Deployment relance
// la conversion" is about the restart loop) has its pairings marked `aside`. A clause naming
// one of the `others` (the things of the other pairings: the service, when the conversion is
// read) and no thing is about that other one: its holder is never given to the next clause's
// thing ("le service va dans un Deployment ; la conversion, ..." ).
QList<Pairing> statedPairings(const QString &text, TextSpan within, const TextMatcher &matcher,
                              const QList<Concept> &things, const QList<Concept> &holders,
                              const QList<Concept> &aside = {}, const QList<Concept> &others = {});

} // namespace schedlab::grader
