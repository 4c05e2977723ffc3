// The instructor's first view after grading: the class at a glance, one row per student,
// sortable by any column, filtered by a search and "to review only"; a double-click asks for
// that student's detail.
#pragma once

#include "classoverviewmodel.h"

#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QTableView;

namespace schedlab::gui {

class ClassOverview : public QWidget
{
    Q_OBJECT

public:
    explicit ClassOverview(QWidget *parent = nullptr);

    void setSummary(const handin::ClassSummary &summary, const QHash<QString, QString> &titles);

    QTableView *table() const { return table_; }
    ClassOverviewModel *model() const { return model_; }
    ClassOverviewFilter *filter() const { return filter_; }
    QLineEdit *searchField() const { return search_; }
    QCheckBox *reviewOnlyBox() const { return reviewOnly_; }
    QLabel *countLabel() const { return count_; }
    // The student keys in the order shown.
    QStringList visibleKeys() const;

Q_SIGNALS:
    // A row was double-clicked: its student, and the deliverable of the cell (or empty).
    void studentActivated(const QString &key, const QString &exercise);

private:
    void fitColumns();
    void refreshCount();

    ClassOverviewModel *model_;
    ClassOverviewFilter *filter_;
    QLineEdit *search_;
    QCheckBox *reviewOnly_;
    QLabel *count_;
    QTableView *table_;
};

} // namespace schedlab::gui
