// What a student handed in: class and student folders found as grading-output.md says, and
// one exercise's files read safely (size, encoding, private keys masked).
#pragma once

#include "rubric.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace schedlab::grader {

struct SubmittedFile
{
    QString name; // as the rubric names it ("lignes.md")
    QString path;
    bool present = false;
    QString error;       // French, for feedback: unreadable, empty, too big, not text
    QByteArray bytes;    // the raw bytes, for parsers that care (CRLF, NUL); never shown
    QString text;        // decoded, with private keys masked: the only form ever shown
    QList<int> keyLines; // where a private key was found (and masked)
    bool usable() const { return present && error.isEmpty(); }
};

// Files larger than this are not read: no answer to these exercises comes near it.
constexpr qint64 kMaxSubmittedFileBytes = 1 << 20;

SubmittedFile readSubmittedFile(const QString &dir, const QString &name);

struct ExerciseSubmission
{
    QString student;
    QString exercise;
    QString dir; // where the exercise's files are; empty when the student has none
    QHash<QString, SubmittedFile> files;
    // Private keys found in any file of the folder, expected or not ("file:line").
    QStringList keysFound;
    const SubmittedFile &file(const QString &name) const;
};

ExerciseSubmission readExercise(const QString &student, const Rubric &rubric, const QString &dir);

struct StudentFolder
{
    QString id; // the folder's name
    QString dir;
};

// Student folders under each path: a path is a student folder when it holds a file some
// exercise expects or an exercise sub-folder; otherwise each of its sub-folders is one.
QList<StudentFolder> findStudents(const QStringList &paths, const QList<Rubric> &rubrics);

// Where a student's files for `exercise` are: its sub-folder, or the folder itself when the
// files sit at the top level; empty when there is neither.
QString exerciseDir(const StudentFolder &student, const Rubric &rubric);

// The exercises to grade in a folder for "--exercise all": every one when the folder has
// exercise sub-folders; at the top level, those with a file no other exercise expects, or
// with all their files present.
QList<const Rubric *> exercisesIn(const StudentFolder &student, const QList<Rubric> &rubrics);

} // namespace schedlab::grader
