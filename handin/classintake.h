// What an instructor opens, turned into the hand-ins to grade: a class folder of student
// folders, SchedLab hand-in zips, an LMS download (Moodle's "Download all submissions", as
// its folder or as the class zip itself), or one zip. Zips are read with SafeZip and
// extracted into one private temporary folder, removed with the intake. Every item that
// cannot be graded is listed with its reason: nothing is skipped silently.
#pragma once

#include "manifest.h"
#include "submission.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace schedlab::handin {

class PrivateTempDir;

// The LMS's participant: authoritative for the round trip back to it.
struct LmsIdentity
{
    QString participantId; // Moodle's participant number ("1234567")
    QString fullName;
};

struct ClassHandIn
{
    // What results are filed under: the manifest's student number, else "participant-<id>"
    // for an LMS submission, else the zip's or folder's name.
    QString key;
    QString source; // what it came from, relative to what the instructor opened
    std::optional<LmsIdentity> lms;
    std::optional<Manifest> manifest;
    // Things the instructor should know, in English: the manifest's name differs from the
    // LMS's, files differ from the manifest, no manifest...
    QStringList flags;
    bool nameDiffers = false;     // the manifest's name is not the LMS's
    QStringList changedFiles;     // listed in the manifest with another SHA-256, or missing
    grader::StudentFolder folder; // what the grader reads

    // The number and name to show: the manifest's, else the LMS's name.
    QString number() const;
    QString name() const;
};

struct NotGraded
{
    QString source; // the file or folder, as the instructor named it
    QString reason; // English, one sentence
};

class ClassIntake
{
public:
    ClassIntake();
    ~ClassIntake();
    ClassIntake(ClassIntake &&) noexcept;
    ClassIntake &operator=(ClassIntake &&) noexcept;

    // Reads every path (a folder or a zip). A path that does not exist is a NotGraded item.
    static ClassIntake open(const QStringList &paths, const QList<grader::Rubric> &rubrics);

    const QList<ClassHandIn> &handIns() const { return handIns_; }
    const QList<NotGraded> &notGraded() const { return notGraded_; }
    // The private folder the zips were extracted to (empty when none was needed).
    QString extractedRoot() const;

private:
    friend class IntakeBuilder;
    QList<ClassHandIn> handIns_;
    QList<NotGraded> notGraded_;
    std::unique_ptr<PrivateTempDir> temp_;
};

} // namespace schedlab::handin
