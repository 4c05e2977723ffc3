// The student's progress through the course: each check of an exercise, kept in a SQLite
// file of the workspace (.schedlab/progress.db), for the navigation and the course view.
#pragma once

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
public:
    explicit Progress(const QString &workspaceRoot);
    ~Progress();
    Progress(const Progress &) = delete;
    Progress &operator=(const Progress &) = delete;
    bool isOpen() const { return open_; }
    // Records a check of an exercise; false when the store cannot be written.
    bool record(const QString &exercise, double score, double max, const QDateTime &at);
    // The latest check of each exercise checked at least once.
    QHash<QString, Attempt> latest() const;

private:
    QString connection_;
    bool open_ = false;
};

} // namespace schedlab::gui
