// The student's workspace: one folder holding their files for every exercise, in the layout
// the grader reads (grading-output.md): ex1/, ex2/, ... Every save is atomic.
#pragma once

#include "identity.h"

#include <QString>
#include <QStringList>

namespace schedlab::files {
class FolderLock;
}

namespace schedlab::grader {
struct Rubric;
}

namespace schedlab::gui {

class Workspace
{
public:
    explicit Workspace(QString root);
    const QString &root() const { return root_; }
    // The folder of one exercise ("<root>/ex1").
    QString exerciseDir(const QString &exercise) const;
    // Creates the exercise's folder and copies the starting files that are not there yet:
    // a student's file is never overwritten. An exercise with a scenario (exercise 2) gets
    // the student's own variant of it, once. False with a message when the disk refuses.
    bool prepare(const grader::Rubric &rubric, QString *error);
    // The text of one of the exercise's files (empty when absent).
    QString read(const QString &exercise, const QString &file) const;
    // Writes through a temporary file, fsync and a rename, so a crash, a power cut or a full
    // disk leaves the old text or the new one, never half of it. On failure `error` names the
    // file and gives the system's reason ("No space left on device").
    bool save(const QString &exercise, const QString &file, const QString &text, QString *error);

    // <root>/.schedlab: the app's own state (progress, exam record, terminal history,
    // login-node profile, the cluster's accounting), which only its owner may read.
    QString stateDir() const { return stateDirOf(root_); }
    static QString stateDirOf(const QString &root);
    // Creates the state folder 0700 and sets what it holds to 0600/0700, whatever the umask
    // was when it was written. False with a message naming the folder when it cannot.
    bool preparePrivateState(QString *error) const;

    // One SchedLab per workspace: takes <root>/.schedlab/workspace.lock for this process.
    // False with a sentence naming the holder (user, host, pid, since when) when another
    // window, here or in another process, has it. Released with `lock` (and by the kernel
    // if the process dies).
    bool lock(files::FolderLock *lock, QString *error) const;
    // Empty when no one holds `root`; else the sentence lock() would give.
    static QString inUseMessage(const QString &root);

    // The folder chosen at the first start (remembered), or the default in the documents.
    static QString rememberedRoot();
    static void rememberRoot(const QString &root);
    // Who works here, as the student gave it (File ▸ Student): kept in the workspace
    // (.schedlab/student.json), so that it travels with the folder. Empty until given.
    handin::StudentIdentity identity() const;
    bool saveIdentity(const handin::StudentIdentity &identity, QString *error);
    // The key exercise 2's variant is drawn from: the normalised student number once given;
    // before that, the account's name (and the student is told when it is redrawn).
    QString variantKey() const;
    // The key the variant in ex2/ was drawn from (recorded when it was drawn); empty when
    // the workspace has no variant yet or an older SchedLab drew it.
    QString variantDrawnFrom() const;
    // Draws the variant again when the one in the folder came from another key than
    // variantKey() (the login, before the number was given). The old scenario is kept as
    // exercice2.yaml.<key>.old. True when it was redrawn; false with `error` set on failure.
    bool redrawVariant(const grader::Rubric &rubric, bool *redrawn, QString *error);
    // A sentence for the status bar: "Camille Durand (21004567)", or a call to give it.
    QString identitySummary() const;
    // The student's id for places that need one string (the exam's record): the number
    // when given, else the account's name.
    QString studentKey() const;

    // The id before identities were kept in the workspace (the account's name, or one
    // remembered in the settings); the exam still reads it.
    static QString studentId();
    static void rememberStudentId(const QString &id);

private:
    bool prepareVariant(const grader::Rubric &rubric, QString *error);
    bool writeVariant(const grader::Rubric &rubric, QString *error);

    QString root_;
};

} // namespace schedlab::gui
