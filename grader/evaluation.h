// The grader measured against a teacher: labelled answers (bench/grading/*.yaml) graded with
// the rubrics, and the agreement of the automatic decisions.
#pragma once

#include "grader.h"

#include <QList>
#include <QString>

namespace schedlab::grader {

struct LabelledCase
{
    QString exercise, criterion, file, label, kind, text;
    bool teacherPasses() const { return label == QLatin1String("pass"); }
};

// Every case of every *.yaml of `dir`; `error` names the file that could not be read.
QList<LabelledCase> readLabelledCases(const QString &dir, QString *error);

struct JudgedCase
{
    LabelledCase labelled;
    bool passed = false;
    double confidence = 0;
    QString evidence, feedback;
};

// The rubrics the labelled answers were written for: the shipped exercises, with the real
// exam's rubric (instructor/examen, kept off students' machines) in place of the practice
// paper's.
RubricSet evaluationRubrics(const QString &sourceDir);

// The case's text alone in its file, graded with the exercise's rubric; nullopt when the
// rubric has no such criterion.
std::optional<JudgedCase> judgeCase(const RubricSet &rubrics, const LabelledCase &c);

// Agreement with the teacher, for the decisions taken without review at `threshold`.
struct Agreement
{
    int cases = 0, teacherPasses = 0, autoPass = 0, autoPassRight = 0, autoFail = 0,
        autoFailRight = 0, review = 0;
    void add(const JudgedCase &j, double threshold);
    double precision() const; // of automatic passes
    double recall() const;    // automatic passes among the answers the teacher passes
    double accuracy() const;  // of all automatic decisions
    double reviewRate() const;
};

} // namespace schedlab::grader
