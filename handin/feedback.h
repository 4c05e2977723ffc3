// What goes back to each student: one feedback document (Markdown, or HTML for a PDF) with
// their grades criterion by criterion, everything they wrote shown as plain text, and the
// class's feedback files bundled as one zip for the LMS.
#pragma once

#include "gradingresult.h"
#include "rubric.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace schedlab::handin {

// Who the document is for, as the instructor's grading knows them (the LMS's identity, or
// the hand-in's manifest). Shown as text: never interpreted.
struct FeedbackHeader
{
    QString name;
    QString number;
    QString group; // optional
};

// One Markdown document in French: the student's name and number, the total, then each
// deliverable of `rubrics` in their order (the course's, as grader::loadRubrics gives them),
// then any other result, with its score and every criterion: title, points, réussi / non
// réussi / « à vérifier » (pending an instructor's decision, not counted as lost), the
// feedback and the evidence quoted. A deliverable without a result is « non rendu ». Every
// text that comes from a student, a rubric or a manifest is escaped (see markdownText).
QString studentFeedbackMarkdown(const FeedbackHeader &student,
                                const QList<grader::ExerciseResult> &results,
                                const QList<grader::Rubric> &rubrics);

// The same content as an HTML document for QTextDocument (a PDF from instructor mode):
// every text HTML-escaped, no link, no image, no external resource.
QString studentFeedbackHtml(const FeedbackHeader &student,
                            const QList<grader::ExerciseResult> &results,
                            const QList<grader::Rubric> &rubrics);

// `text` as Markdown that renders as exactly that text: control and bidi characters made
// visible (grader::terminalSafe), Markdown and HTML specials backslash-escaped, and nothing
// left that a renderer would turn into a link (a raw URL, an e-mail address, www.).
QString markdownText(const QString &text);

// `text` as HTML text: visible control characters, HTML-escaped, lines kept.
QString htmlText(const QString &text);

struct FeedbackFile
{
    QString pathInZip; // '/'-separated, as the LMS wants it
    QByteArray bytes;
};

// The zip of the class's feedback files, in the order given. Refused (nullopt, `error` naming
// the entry) when a path is empty, absolute, has a ".." component, a backslash or a control
// character, or appears twice (letter case aside, as Windows would extract it).
std::optional<QByteArray> feedbackBundle(const QList<FeedbackFile> &files, QString *error);

} // namespace schedlab::handin
