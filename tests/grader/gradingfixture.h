// Shared by the grading tests: a student's files written to a fresh folder and graded with
// a shipped rubric, and a criterion looked up in the result.
#pragma once

#include "grader.h"

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

inline const grader::CriterionResult *findCriterion(const grader::ExerciseResult &r,
                                                    const QString &id)
{
    for (const grader::CriterionResult &c : r.criteria)
        if (c.id == id)
            return &c;
    return nullptr;
}

} // namespace schedlab::test
