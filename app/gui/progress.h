// The student's progress through the course: each check of an exercise, kept in a SQLite
// file of the workspace (.schedlab/progress.db), for the navigation and the course view.
#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QHash>
#include <QString>

namespace schedlab::gui {

struct Attempt
{
    double score = 0;
    double max = 0;
    QDateTime at;
};

class Progress
{
    Q_DECLARE_TR_FUNCTIONS(Progress)

public:
    // Opens the record and checks it. A damaged one is never dropped silently: it is kept
    // beside (progress.db.damaged-<date>-<time>), a new one is started, and problem() says so.
    explicit Progress(const QString &workspaceRoot);
    ~Progress();
    Progress(const Progress &) = delete;
    Progress &operator=(const Progress &) = delete;
    bool isOpen() const { return open_; }
    // What the student should be told (a damaged record set aside, a failed write); empty
    // when all is well.
    const QString &problem() const { return problem_; }
    // Where a damaged record was kept (empty when none was).
    const QString &keptAs() const { return keptAs_; }
    const QString &path() const { return path_; }
    // Records a check of an exercise; false when the store cannot be written (problem()
    // then says why).
    bool record(const QString &exercise, double score, double max, const QDateTime &at);
    // The latest check of each exercise checked at least once.
    QHash<QString, Attempt> latest() const;

private:
    bool openDatabase(QString *error);
    bool setDamagedAside(QString *error);

    QString connection_;
    QString path_;
    bool open_ = false;
    QString problem_;
    QString keptAs_;
};

} // namespace schedlab::gui
