// The checkers a rubric's criteria name, and what they share while one submission is graded.
#pragma once

#include "answerstructure.h"
#include "exercise2.h"
#include "rubric.h"
#include "submission.h"
#include "textmatch.h"

#include <QHash>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace schedlab::grader {

// What a checker decided about one criterion.
struct CheckOutcome
{
    bool passed = false;
    double confidence = 1.0;
    QString evidence; // quoted from the submission: the line or words that decided
    QString note;     // French detail added to the rubric's feedback ("-t 2 vaut bien ...")
};

// One submission being graded: its files, and what is parsed once for several criteria.
class CheckContext
{
public:
    // `variantOf`: the student whose variant of the rubric's scenario is graded against
    // (GradeOptions::variantOf); empty for the scenario itself.
    CheckContext(const Rubric &rubric, const ExerciseSubmission &submission,
                 bool onStudentMachine = false, QString variantOf = QString());
    // The student's own machine: files an answer names may be read there (see GradeOptions).
    bool onStudentMachine() const { return onStudentMachine_; }
    const Rubric &rubric() const { return rubric_; }
    const ExerciseSubmission &submission() const { return submission_; }
    const SubmittedFile &file(const QString &name) const { return submission_.file(name); }
    // The tokens of a file's text, matched against concepts (built once per file).
    const TextMatcher &matcher(const QString &name);
    // The same text with the exercise's starting file (Rubric::startingTexts) set aside
    // (blanked, offsets kept): the lines given to every student ("- Durée retenue pour
    // --time=00:00:30 :") are the question, not the student's answer. Where an answer is stated is
    // read in matcher().
    const TextMatcher &answerMatcher(const QString &name);
    // The situation of an exercise with a scenario (exercise 2), simulated once: the
    // rubric's scenario, or the variant of it the grader draws for `variantOf`. Never the
    // exercice2.yaml of the student's folder, which anyone can edit.
    const Exercise2Facts &scenarioFacts();
    // French, for the feedback: the folder's exercice2.yaml is not the scenario graded
    // against (it was read only to say so); empty when it is, or when there is none.
    QString scenarioNote();
    // Values the feedback may name ({cancelled}, {starts}, ...): the scenario's.
    QHash<QString, QString> parameters();

private:
    const Rubric &rubric_;
    const ExerciseSubmission &submission_;
    QHash<QString, std::shared_ptr<TextMatcher>> matchers_;
    QHash<QString, std::shared_ptr<TextMatcher>> answerMatchers_;
    bool onStudentMachine_ = false;
    QString variantOf_;
    std::optional<Exercise2Facts> facts_;
    std::optional<Scenario> scenario_; // the one graded against
    qint64 scenarioStart_ = 0;
    std::optional<QString> note_;
};

using Checker = std::function<CheckOutcome(const Criterion &, CheckContext &)>;

// The submitted files a checker's verdict rests on, when that is not only its criterion's
// `file` (several files, the whole hand-in).
using EvidenceRule = std::function<QStringList(const Criterion &, const Rubric &)>;

struct CheckerKind
{
    CheckerKind(Checker checker, EvidenceRule rule = {})
        : check(std::move(checker))
        , reads(std::move(rule))
    {}
    Checker check;
    EvidenceRule reads; // empty: the criterion's `file`, else the exercise's `files`
};

// The submitted files a criterion's verdict rests on: the rubric's `needs:`, else what its
// checker declares, else its `file:`, else every file of the exercise (a criterion about the
// whole hand-in, such as "no private key"). A criterion whose files were not all handed in
// never passes (see grader::gradeExercise).
QStringList evidenceFiles(const Criterion &c, const Rubric &rubric);

// Every file the grader reads for an exercise: its `files`, then each criterion's evidence.
QStringList exerciseFiles(const Rubric &rubric);

// Which of `names` were not handed in: absent, or nothing but white space in them.
struct NotHandedIn
{
    QStringList missing;
    QStringList empty;
    bool any() const { return !missing.isEmpty() || !empty.isEmpty(); }
    // French, for the feedback: « Non rendu : lignes.md n'a pas été rendu. »
    QString sentence() const;
};
NotHandedIn notHandedIn(const QStringList &names, const ExerciseSubmission &submission);

// The failed outcome for a file that is missing, empty or unreadable, saying which.
CheckOutcome unusableFile(const SubmittedFile &file, const QString &name);

// The part of a criterion's file its answer is read in: what follows the title its `section:`
// names (a heading, "Q2 :", "2)"); the whole file without `section:`, or, with `found` false,
// when the file has no such title.
struct AnswerRegion
{
    TextSpan span;
    bool found = true;
    bool unstructured = false; // not found because the file marks no question at all
    // How sure an answer found in this region is this question's: a file written as one
    // block is read as a whole, a little less surely; one whose questions are marked but not
    // this one (renamed, merged) is less sure still.
    double confidence() const { return found ? 1.0 : unstructured ? 0.85 : 0.7; }
};
AnswerRegion answerRegion(const Criterion &c, const QString &text);

// The words a criterion's answer is read in, for an instructor reviewing it: its answer region,
// narrowed to the paragraphs that name its question (`near:`) when the rubric names one and
// the file has them. Empty when its file was not handed in.
QString answerExcerpt(const Criterion &c, CheckContext &ctx);

// `text` with what it keeps of `starting` (the exercise's file as given) blanked: each of its
// lines that begins with a line of the starting file (trimmed, of 8 characters or more) has
// that beginning replaced by spaces. Same length and line breaks: offsets stay valid.
QString withoutStartingText(const QString &text, const QString &starting);

// How sure a checker is of a failure when it recognised nothing in `answer`: sure when next to
// nothing is written, not when a real answer uses words the grader does not know
// (bench/grading's figures).
double nothingRecognisedConfidence(const QString &answer);

// The checker registered under `name`, or nullptr.
const CheckerKind *findChecker(const QString &name);
// Every checker's name, for rubric validation and the instructor's documentation.
QStringList checkerNames();

// Each family of checkers adds its own to the table (checks_*.cpp). Called explicitly, not
// from static initialisers, which a static library would drop.
using CheckerTable = QHash<QString, CheckerKind>;
void addScriptCheckers(CheckerTable &table);
void addTextCheckers(CheckerTable &table);
void addLineCheckers(CheckerTable &table);
void addRelationCheckers(CheckerTable &table);
void addManifestCheckers(CheckerTable &table);
void addAccessCheckers(CheckerTable &table);
void addRunCheckers(CheckerTable &table);
void addExercise2Checkers(CheckerTable &table);

// A rubric's criteria name known checkers and concepts: "PATH:LINE: problem" otherwise.
QString validateRubric(const Rubric &rubric);

} // namespace schedlab::grader
