// The exam lock of the machine (per user account): while an exam runs, no SchedLab on this
// account opens the lessons, the cluster or the exercises, whatever workspace it is given.
//
// Two locks, held with flock() by the process that runs the exam (files::FolderLock, so the
// kernel drops them when it dies, even by kill -9):
// - <workspace>/.schedlab/exam.lock, beside the exam's record: schedlab-cli refuses to grade
//   or serve that workspace while it is held;
// - <data>/exam.lock in the user's data folder (QStandardPaths::AppLocalDataLocation), with
//   <data>/exam-running.json naming the workspace, the record and the start: every SchedLab
//   reads it at start-up.
// The JSON marker outlives a crash on purpose: a marker that no process holds, whose record
// is still in progress, makes the next SchedLab reopen that exam; a marker whose exam was
// handed in, or whose workspace is gone, is removed.
#pragma once

#include "folderlock.h"

#include <QDateTime>
#include <QString>

#include <optional>

namespace schedlab::gui {

// An exam that runs (or ran until a crash) on this machine, as its marker says.
struct RunningExam
{
    QString workspace; // absolute
    QString store;     // the record, relative to the workspace's .schedlab ("exam.db")
    QString paperId;
    QString paperTitle;
    QDateTime startedAt; // UTC
    // The process running it; empty when none does (it stopped without handing in).
    std::optional<files::LockHolder> holder;
    bool live() const { return holder.has_value(); }
};

class ExamLock
{
public:
    // The user's data folder, where the marker lives.
    static QString dataDir();
    // <root>/.schedlab/exam.lock.
    static QString workspaceLockFile(const QString &workspaceRoot);

    // Takes both locks and writes the marker. False with a sentence when another process
    // holds them (an exam runs elsewhere).
    bool acquire(const RunningExam &exam, QString *error);
    bool isHeld() const { return machine_.isHeld(); }
    // The exam was handed in: both locks go, and the marker with them.
    void finish();

    // The exam that runs on this machine, checked now: a live one; a stopped one whose record
    // is still in progress (to reopen); nothing otherwise, after removing a marker whose exam
    // was handed in or whose workspace is gone.
    static std::optional<RunningExam> running();
    // "An exam is in progress in the workspace W since T (SchedLab, user ..., pid ...)".
    static QString describe(const RunningExam &exam);

private:
    static QString markerFile();
    static void removeMarker();

    files::FolderLock machine_;
    files::FolderLock workspace_;
};

} // namespace schedlab::gui
