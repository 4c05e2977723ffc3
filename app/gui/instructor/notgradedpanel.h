// What the instructor must know was not graded, or graded with a doubt: every item the
// intake could not grade (with its reason), every hand-in the grader found no exercise in, and
// the hand-ins' flags (name differs from the LMS, files changed, group hand-ins differ). A
// header line with the counts folds the list away; with nothing to say, it is hidden.
#pragma once

#include <QList>
#include <QString>
#include <QWidget>

class QToolButton;
class QTreeWidget;

namespace schedlab::gui {

class ClassGrading;

struct NotGradedItem
{
    enum Kind { NotGraded, Note };
    Kind kind = NotGraded;
    QString source; // the file or folder, as the instructor opened it
    QString reason; // English, one sentence
};

// Everything `grading` has to report, not graded first.
QList<NotGradedItem> notGradedItems(const ClassGrading &grading);

class NotGradedPanel : public QWidget
{
    Q_OBJECT

public:
    explicit NotGradedPanel(QWidget *parent = nullptr);

    void setItems(const QList<NotGradedItem> &items);
    const QList<NotGradedItem> &items() const { return items_; }

    QToolButton *header() const { return header_; }
    QTreeWidget *list() const { return list_; }

private:
    QList<NotGradedItem> items_;
    QToolButton *header_;
    QTreeWidget *list_;
};

} // namespace schedlab::gui
