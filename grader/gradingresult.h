// The outcome of grading: per criterion, and per student and exercise.
#pragma once

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace schedlab::grader {

struct Override
{
    QString by;
    QDateTime at;
    QString why;
    double was = 0; // the points before the override
};

struct CriterionResult
{
    QString id;
    QString title;
    bool passed = false; // the grader's decision (its best guess while under review)
    double points = 0;   // earned: 0 while under review
    double max = 0;
    double confidence = 0; // 0 to 1
    bool review = false;   // an instructor should look
    QString feedback;      // French
    QString evidence;      // the words or line that decided it; never a secret
    std::optional<Override> overridden;
    bool voidsExercise = false; // failed, and the rubric says the whole exercise fails then
    // Awaiting an instructor's decision: its points are neither earned nor lost yet.
    bool pending() const { return review && !overridden; }
};

struct ExerciseResult
{
    QString student;
    QString exercise;
    QString rubricTag; // "ex1@3"
    double score = 0;
    double max = 0;
    QList<CriterionResult> criteria;
    QString error; // set when the submission could not be read at all
    // The exercise's files that were not handed in: absent, or nothing but white space. Every
    // criterion resting on one of them failed ("Non rendu").
    QStringList missingFiles;
    QStringList emptyFiles;
    // The sum of the criteria's points, or 0 when one of them voids the exercise.
    void recomputeScore()
    {
        score = 0;
        bool voided = false;
        for (const CriterionResult &c : criteria) {
            score += c.points;
            voided = voided || c.voidsExercise;
        }
        if (voided)
            score = 0;
    }
    // The points awaiting an instructor's decision (under review, not overridden): `score`
    // counts none of them, so the exercise's mark lies between score and score + pending.
    double pending() const
    {
        double sum = 0;
        for (const CriterionResult &c : criteria)
            if (c.pending())
                sum += c.max;
        return sum;
    }
    bool toReview() const
    {
        for (const CriterionResult &c : criteria)
            if (c.review)
                return true;
        return false;
    }
};

} // namespace schedlab::grader
