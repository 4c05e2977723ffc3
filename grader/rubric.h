// A rubric: an exercise's criteria (id, points, checker and its parameters, feedback), read
// from the YAML an instructor edits under exercises/<id>/rubric.yaml.
#pragma once

#include "textmatch.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <optional>

namespace schedlab::grader {

struct Criterion
{
    QString id;    // stable: exports and regrades depend on it ("ex1.script.shebang")
    QString title; // a few words for tables
    double points = 0;
    QString check; // the checker's name ("script.shebang", "text.concepts", ...)
    QString file;  // the submitted file it reads, relative to the exercise folder
    // The submitted files its verdict rests on, when the rubric says so (needs:); otherwise
    // its checker decides (grader::evidenceFiles).
    QStringList needs;
    QVariantMap params;
    QString passText; // feedback in French when it passes
    QString failText; // ... and when it fails: what was expected, and why
    int line = 0;     // where it starts in the rubric file
};

struct Rubric
{
    QString exercise; // "ex1"
    int version = 1;
    QString title;
    QStringList files; // what the student hands in for this exercise
    QList<Criterion> criteria;
    QHash<QString, Concept> concepts; // shared by name between criteria
    QString path;                     // the file it was read from
    // The exercise's files as given to every student, found beside the rubric (by name): their
    // lines are the questions, not answers (CheckContext::answerMatcher). Read once, here.
    QHash<QString, QString> startingTexts;
    QString scenario; // the exercise's scenario, relative to the rubric (exercise 2)
    // Each student is graded against their own variant of the scenario, drawn from their
    // id (student_variants: true, or `schedlab-cli grade --variants`); otherwise everyone
    // against the scenario itself. Never the scenario a student's folder holds.
    bool studentVariants = false;
    // Low-confidence results go to review below this (set from bench/grading's figures).
    double reviewBelow = 0.75;
    // An exam's time allowed, in minutes (exam_duration_minutes); 0 when the rubric does not
    // say, and the app then gives an hour.
    int examMinutes = 0;

    QString tag() const { return exercise + u'@' + QString::number(version); }
    double maxPoints() const;
    const Criterion *criterion(const QString &id) const;
};

struct RubricLoad
{
    std::optional<Rubric> rubric;
    QString error; // "PATH:LINE: problem", as a compiler would say it
};

RubricLoad parseRubric(const QByteArray &yaml, const QString &path);
RubricLoad loadRubric(const QString &path);

// A concept given inline in a criterion's parameters ({name, patterns, negated}) or by the
// name of one of the rubric's shared concepts. Empty name and patterns when unknown.
Concept conceptFrom(const QVariant &spec, const Rubric &rubric);
// A criterion parameter naming one concept or a list of them (`all:`, `thing:`, `rivals:`...);
// empty when the parameter is absent.
QList<Concept> conceptsFrom(const QVariant &spec, const Rubric &rubric);

} // namespace schedlab::grader
