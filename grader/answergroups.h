// Review in bulk: the answers an instructor must check for one criterion, grouped so that one
// decision covers identical and near-identical answers. With 200 students, the same few
// answers come back again and again; this is where an instructor's hour goes.
//
// Two answers are near-identical when they say the same thing in the same words: case,
// accents, punctuation, Markdown, the question's label and a few small words aside, with
// typos tolerated. They are never grouped when they differ by a negation ("ne … pas",
// "sans", "not"), a number, an option or any other literal (a job id, "--time", "%j"): one
// such word is enough to change the verdict.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace schedlab::grader {

struct Criterion;
struct Rubric;
struct ExerciseSubmission;

// One answer to review: who wrote it, and the part of their file the criterion reads.
struct ReviewAnswer
{
    QString student;
    QString answer;
};

struct AnswerGroup
{
    QString answer;       // the first student's answer, as written
    QStringList students; // in the order given
    QStringList answers;  // each student's answer as written, in the same order
    // Every answer of the group is the same text once case, accents, punctuation and white
    // space are set aside; false when some only come near it.
    bool identical = true;
};

// The text a criterion reads in a student's submission: its file, and in it the answer to its
// question (`section:`, the paragraphs naming it with `near:`), trimmed. Empty when the file
// was not handed in.
QString criterionAnswer(const Rubric &rubric, const Criterion &criterion,
                        const ExerciseSubmission &submission);

// The answer's words for comparison: normalised, stemmed, without the question's label and
// Markdown. Two answers are identical when these are.
QStringList comparableWords(const QString &answer);

// How alike two answers are, 0 to 1 (1: identical words); 0 when they differ by a negation,
// a number or a literal.
double answerSimilarity(const QString &a, const QString &b);

// Groups the answers: each joins the first group whose first answer is near-identical to it
// (similarity at least `threshold`), or starts a new one. Groups come largest first (ties in
// the order of their first student); empty answers form a group of their own.
constexpr double kNearIdenticalAnswers = 0.8;
QList<AnswerGroup> groupAnswers(const QList<ReviewAnswer> &answers,
                                double threshold = kNearIdenticalAnswers);

} // namespace schedlab::grader
