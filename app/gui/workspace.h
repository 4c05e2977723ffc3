// The student's workspace: one folder holding their files for every exercise, in the layout
// the grader reads (grading-output.md): ex1/, ex2/, ... Every save is atomic.
#pragma once

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
    // The student's id: it seeds their variant of exercise 2 (remembered; the account's name
    // until they give another).
    static QString studentId();
    static void rememberStudentId(const QString &id);

private:
    bool prepareVariant(const grader::Rubric &rubric, QString *error);

    QString root_;
};

} // namespace schedlab::gui
