// "Rendre mon travail": the student's workspace planned as one hand-in (every deliverable
// included, empty or missing, shown before anything is written), then written as one zip in
// the layout the grader reads, with its manifest.
#pragma once

#include "identity.h"
#include "manifest.h"
#include "zipwriter.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace schedlab::grader {
struct Rubric;
}

namespace schedlab::handin {

// The exercise id of the timed exam: its deliverable comes from the exam record, never from
// a folder of the workspace.
inline const QString kExamExercise = QStringLiteral("examen");
inline const QString kExamReportName = QStringLiteral("examen-rapport.json");

// The exam as its session knows it (the caller reads it; this library has no exam store).
struct ExamHandIn
{
    ExamStatus state = ExamStatus::InProgress; // InProgress or HandedIn
    QString paperName = QStringLiteral("examen.md");
    QString paper;     // the paper as handed in, the text its SHA-256 locks
    QByteArray report; // examen-rapport.json as the exam writes it
    QDateTime handedInAt;
    ExamHandInKind kind = ExamHandInKind::ByStudent;
    QString sha256;
};

struct HandInInput
{
    QString workspaceRoot; // trusted as given; nothing below it is followed when a link
    QList<grader::Rubric> rubrics;
    StudentIdentity identity;
    // What exercise 2's variant was drawn from; empty: the identity's normalised number.
    QString variantKey;
    std::optional<ExamHandIn> exam; // nullopt: no exam was started
};

enum class DeliverableStatus { Included, Empty, Missing };

struct Deliverable
{
    QString exercise; // "ex1", ..., "examen"
    QString title;    // the rubric's title (French)
    DeliverableStatus status = DeliverableStatus::Missing;
    QStringList files;        // archive paths included ("ex1/lignes.md")
    QStringList missingFiles; // what the rubric expects and the folder lacks
    QStringList emptyFiles;   // expected, present, but empty or only whitespace
    QStringList skipped;      // sub-folders and hidden files, not handed in
    QString note;             // English, e.g. why the exam is not in it
};

struct HandInPlan
{
    QList<Deliverable> deliverables;
    // Why nothing may be written (a link, a special or too large file, a private key), in
    // English naming the file; empty when the hand-in can be written.
    QString refusal;
    QStringList warnings;    // written anyway (an identity without a number...)
    QString defaultFileName; // "<identity.fileStem()>.zip"
    QList<ZipEntry> entries; // the archive's files, manifest.json excepted
    Manifest manifest;

    bool ok() const { return refusal.isEmpty(); }
    const Deliverable *deliverable(const QString &exercise) const;
    // What the student reads before confirming: one line per deliverable, then warnings
    // and the refusal (English, in tr()).
    QString summaryText() const;
};

// Reads the workspace as the grader would (files::readBelow: no link followed, regular
// files of at most grader::kMaxSubmittedFileBytes) and plans the archive: <exercise>/<file>
// for the files at the top of each rubric's folder, examen/<paper> and examen/
// examen-rapport.json once the exam is handed in (nothing of it before), manifest.json.
// `now` dates the manifest.
HandInPlan planHandIn(const HandInInput &input,
                      const QDateTime &now = QDateTime::currentDateTimeUtc());

struct HandInResult
{
    bool ok = false;
    QString error; // why nothing was written (English, naming the file)
    int files = 0; // files in the archive, manifest.json excepted
};

// Writes the planned archive as `zipPath` with one durable save (files::saveFile): a failed
// write leaves an earlier hand-in whole. Refused when the plan is.
HandInResult writeHandIn(const HandInPlan &plan, const QString &zipPath);

} // namespace schedlab::handin
