// Where things sit in a student's text: paragraphs, sentences, headings, line numbers, and
// how a match is quoted back to the student.
#pragma once

#include "textmatch.h"

#include <QList>
#include <QString>

namespace schedlab::grader {

struct Span
{
    qsizetype from = 0;
    qsizetype to = 0;
};

int wordCount(const QString &text);
// Paragraphs, list items and table rows within `within`: where one answer usually sits.
QList<Span> paragraphs(const QString &text, Span within);
// Sentences (and lines): the unit of "one sentence per script line". In prose wrapped by
// the editor, a line break inside a sentence is only a space.
QList<Span> sentences(const QString &text);
// The level of a Markdown heading line ("## Arrêt" → 2), 0 for any other line.
int headingLevel(const QString &line);
// The line number (from 1) of a position.
int lineAt(const QString &text, qsizetype pos);
// « evidence » (ligne N), as the student is shown a match.
QString quoteMatch(const QString &text, const ConceptMatch &m);

} // namespace schedlab::grader
