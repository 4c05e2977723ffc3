// What a student handed in: class and student folders found as grading-output.md says, and
// one exercise's files read safely (no link followed, no special file, size, encoding,
// private keys masked).
#pragma once

#include "rubric.h"
#include "safefiles.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace schedlab::grader {

struct SubmittedFile
{
    QString name; // as the rubric names it ("lignes.md")
    QString path;
    bool present = false;
    files::ReadStatus status = files::ReadStatus::Missing; // Ok once its bytes were read
    QString error;       // French, for feedback: unreadable, empty, too big, not text
    QByteArray bytes;    // the raw bytes, for parsers that care (CRLF, NUL); never shown
    QString text;        // decoded, with private keys masked: the only form ever shown
    QList<int> keyLines; // where a private key was found (and masked)
    bool blank = false;  // read, and nothing but white space in it: not handed in
    bool usable() const { return present && error.isEmpty(); }
    // Something was handed in under this name (maybe unreadable: a link, a binary file).
    bool handedIn() const { return present && !blank; }
};

// How much of a file from a student's folder is ever read, per kind: the one place these
// caps are named. A larger file is reported, never read. No answer to these exercises, no
// hand-in report, result or scenario comes near them.
constexpr qint64 kMaxSubmittedFileBytes = 1 << 20; // an answer (examen.md, sommeil.sbatch...)
constexpr qint64 kMaxReportBytes = 1 << 20;        // examen-rapport.json (hashes and metadata)
constexpr qint64 kMaxResultBytes = 4 << 20;        // examen-resultat.json (quotes answers)
constexpr qint64 kMaxScenarioBytes = 1 << 20;      // ex2/exercice2.yaml

// `name` in `dir`, read with files::readBelow: `name` itself, and any folder in it, must not
// be a link. `dir` is trusted as given (a folder found by findStudents / exerciseDir).
SubmittedFile readSubmittedFile(const QString &dir, const QString &name);

// `relativeDir/name` below `root` (the folder the user chose): no component below the root
// is followed when it is a link.
SubmittedFile readSubmittedFile(const QString &root, const QString &relativeDir,
                                const QString &name);

// Why a file of the student's folder was not read, in French, naming the file and never
// showing what a link points to (« sommeil.sbatch est un lien symbolique : il n'a pas été
// lu. »); empty when it was read.
QString notReadReason(const QString &name, const files::ReadResult &read);

struct ExerciseSubmission
{
    QString student;
    QString exercise;
    QString dir; // where the exercise's files are; empty when the student has none
    // The same folder as `relativeDir` below `root`, the folder the user chose: everything
    // below the root is read without following links.
    QString root;
    QString relativeDir;
    QHash<QString, SubmittedFile> files;
    // Private keys found in any file of the folder, expected or not ("file:line").
    QStringList keysFound;
    const SubmittedFile &file(const QString &name) const;
};

// The exercise's files in `dir`, a folder the user chose or the student's own workspace.
ExerciseSubmission readExercise(const QString &student, const Rubric &rubric, const QString &dir);

// The exercise's files in `relativeDir` below `root` ("" for the root itself; an empty root:
// the student has no files for it).
ExerciseSubmission readExercise(const QString &student, const Rubric &rubric, const QString &root,
                                const QString &relativeDir);

struct StudentFolder
{
    QString id; // the folder's name
    QString dir;
    // The folder the user named (trusted as given) and the student's folder below it ("" when
    // the user named the student's folder itself).
    QString root;
    QString relative;
    // Set when the folder is not graded: a symbolic link (maybe to the instructor's own
    // files) or something that is not a folder. English, names the folder.
    QString problem;
    // What exercise 2's variant is drawn from when the rubric gives each student their own:
    // the student number of a hand-in's manifest; the folder's name (id) when empty.
    QString variantKey = {};
};

// Whether `relative` below `root` is one student's folder: it holds a file some exercise
// expects, or an exercise's sub-folder.
bool isStudentFolder(const QString &root, const QString &relative, const QList<Rubric> &rubrics);

// Student folders under each path: a path is a student folder when it holds a file some
// exercise expects or an exercise sub-folder; otherwise each of its sub-folders is one. A
// sub-folder that is a link to a folder is listed with `problem` set and must not be graded;
// hidden entries, files and other links are not students.
QList<StudentFolder> findStudents(const QStringList &paths, const QList<Rubric> &rubrics);

// Where a student's files for `exercise` are: its sub-folder, or the folder itself when the
// files sit at the top level; empty when there is neither, or when the sub-folder is a link.
QString exerciseDir(const StudentFolder &student, const Rubric &rubric);

// The same folder, relative to student.root ("" for the root itself); nullopt when there is
// none.
std::optional<QString> exerciseRelativeDir(const StudentFolder &student, const Rubric &rubric);

// readExercise on the student's folder for `rubric`, below the folder the user chose.
ExerciseSubmission readStudentExercise(const StudentFolder &student, const Rubric &rubric);

// The exercises to grade in a folder for "--exercise all": every one when the folder has
// exercise sub-folders; at the top level, those with a file no other exercise expects, or
// with all their files present.
QList<const Rubric *> exercisesIn(const StudentFolder &student, const QList<Rubric> &rubrics);

} // namespace schedlab::grader
