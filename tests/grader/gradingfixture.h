// Shared by the grading tests: a student's files written to a fresh folder and graded with
// a shipped rubric, a criterion looked up in the result, exercise 2's shipped scenario.
#pragma once

#include "grader.h"
#include "scenario.h"

#include <QFile>
#include <QTemporaryDir>

namespace schedlab::test {

using FileList = QList<QPair<QString, QByteArray>>;

inline grader::ExerciseResult gradeFiles(const grader::RubricSet &rubrics, const char *exercise,
                                         const FileList &files, bool onStudentMachine = false,
                                         const QString &variantOf = QString())
{
    QTemporaryDir dir;
    for (const auto &[name, bytes] : files) {
        QFile f(dir.filePath(name));
        if (!f.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(name));
        f.write(bytes);
    }
    const grader::Rubric *rubric = rubrics.find(QLatin1String(exercise));
    if (!rubric)
        qFatal("no rubric %s", exercise);
    return grader::gradeExercise(*rubric,
                                 grader::readExercise(QStringLiteral("s01"), *rubric, dir.path()),
                                 grader::GradeOptions{onStudentMachine, variantOf});
}

// Exercise 2's scenario as shipped: what every student is graded against by default.
inline Scenario exercise2BaseScenario()
{
    QFile f(QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises/ex2/scenario.yaml"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read the exercise 2 scenario");
    QString error;
    const auto s = readScenario(f.readAll(), f.fileName(), &error);
    if (!s)
        qFatal("%s", qPrintable(error));
    return *s;
}

inline const grader::CriterionResult *findCriterion(const grader::ExerciseResult &r,
                                                    const QString &id)
{
    for (const grader::CriterionResult &c : r.criteria)
        if (c.id == id)
            return &c;
    return nullptr;
}

} // namespace schedlab::test
