// Internal to the text matcher: tokenising with clauses and negators, and relative clauses.
#pragma once

#include "textmatch.h"
#include "wordinfo.h"

#include <QList>
#include <QString>

#include <vector>

namespace schedlab::grader::detail {

// The tokens with their word classes, as the clause and negation rules read them.
struct Sentence
{
    const QList<Token> &tokens;
    const std::vector<quint32> &classes;

    bool valid(qsizetype t) const { return t >= 0 && t < tokens.size(); }
    bool is(qsizetype t, quint32 c) const { return valid(t) && (classes[size_t(t)] & c); }
    bool sameClause(qsizetype a, qsizetype b) const
    {
        return valid(a) && valid(b) && tokens[a].clause == tokens[b].clause;
    }
    // A "ne" or "n'" that negates (not an expletive one).
    bool isNe(qsizetype t) const { return is(t, kNe | kN) && tokens[t].negator; }
};

QList<Token> tokenizeInto(const QString &text, Vocabulary &vocabulary, std::vector<int> &ids);

qsizetype relativeNegationEnd(const Sentence &s, qsizetype g);

// The clauses a student says they do not know: every clause of a sentence that says so ("je
// sais pas si c'est le même nom", "c'est 1 minute, je ne suis pas sûr", "I'm not sure",
// "aucune idée").
QList<int> doubtfulClauses(const QString &text, const QList<Token> &tokens);

} // namespace schedlab::grader::detail
