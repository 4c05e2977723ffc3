// Where each question's answer sits in a student's Markdown file. Students mark their answers
// in many ways: a Markdown heading ("## Question 2"), a label at the start of a line ("Q2 :",
// "Q 2)", "Question 2 -", "**Question 2**", "**2.**"), a bare number ("2)", "2.", "2 -") or a
// letter ("b)" for question 2, after a numbered list of the script's lines).
// Each is read as a question's title, and the answer is what follows it — the rest of the
// label's own line included ("Q2 : scancel 51") — up to the next question.
#pragma once

#include <QList>
#include <QRegularExpression>
#include <QString>

#include <algorithm>
#include <optional>

namespace schedlab::grader {

struct TextSpan
{
    qsizetype from = 0; // first character of the answer in the file
    qsizetype to = 0;   // one past its last
};

class AnswerStructure
{
public:
    explicit AnswerStructure(const QString &text);

    // The answer whose title matches `title` (a rubric's `section:`, matched against
    // "Question N" for a label or a bare number, against the heading's own words for a
    // Markdown heading). Nullopt when no title matches.
    std::optional<TextSpan> section(const QRegularExpression &title) const;
    // The answer to question `number`; nullopt when the file marks no such question.
    std::optional<TextSpan> question(int number) const;
    // The file names its questions ("Question 2", "Q2 :", a heading with a number), rather
    // than only numbering lines, which may be a list inside an answer.
    bool namesQuestions() const { return named_; }
    // Some question is marked at all (a heading, a label or a bare number): false for an
    // answer written as one block, which is then read as a whole.
    bool marksQuestions() const
    {
        return std::any_of(titles_.begin(), titles_.end(),
                           [](const Title &t) { return t.number > 0; });
    }

private:
    // One title found at the start of a line.
    struct Title
    {
        QString words;  // what a rubric's pattern is matched against
        int number = 0; // the question's number (0: a heading naming no question)
        int level = 0;  // Markdown heading level; labels sit below every heading
        qsizetype lineStart = 0;
        qsizetype contentStart = 0; // after the label (same line), or the next line
    };
    std::optional<TextSpan> answerUnder(int index) const;

    QString text_;
    QList<Title> titles_;
    bool named_ = false;
};

} // namespace schedlab::grader
