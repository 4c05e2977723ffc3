// The marks a new grading would change (after a rubric edit, or new files), listed for the
// instructor before anything is written to the gradebook: save them, or keep the old ones.
#pragma once

#include "gradebook.h"

#include <QFrame>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace schedlab::gui {

class ChangesPanel : public QFrame
{
    Q_OBJECT

public:
    explicit ChangesPanel(QWidget *parent = nullptr);
    // Hidden when there is no change.
    void setChanges(const QList<grader::GradeChange> &changes);

    QTreeWidget *list() const { return list_; }
    QPushButton *saveButton() const { return save_; }
    QPushButton *discardButton() const { return discard_; }

Q_SIGNALS:
    void saveRequested();
    void discardRequested();

private:
    QLabel *headline_;
    QTreeWidget *list_;
    QPushButton *save_, *discard_;
};

} // namespace schedlab::gui
