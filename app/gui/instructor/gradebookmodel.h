// The gradebook as a table for one exercise: a row per student (id, total), a column per
// criterion of the rubric, each cell its points with the grader's decision; and the proxy
// that filters it (students with a failed criterion, with one to review) and sorts it.
#pragma once

#include "gradingresult.h"
#include "rubric.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>

#include <optional>

namespace schedlab::gui {

struct GradebookRow
{
    QString student;
    std::optional<grader::ExerciseResult> result; // none: not graded for this exercise
    QString problem; // why the student has nothing graded, when the grader said
};

enum class CellStatus { None, Passed, Failed, Review, Overridden };

class GradebookModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Role { SortRole = Qt::UserRole + 1, StatusRole, StudentRole, CriterionRole };
    enum Column { StudentColumn = 0, TotalColumn = 1, FirstCriterionColumn = 2 };

    explicit GradebookModel(QObject *parent = nullptr);

    // Columns from `rubric` (kept by value: the rubric set may be replaced meanwhile).
    void reset(const grader::Rubric &rubric, const QList<GradebookRow> &rows);
    // One student's row again (after an override), without resetting the view.
    void updateRow(const GradebookRow &row);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    const grader::Rubric &rubric() const { return rubric_; }
    const GradebookRow &row(int r) const { return rows_[r]; }
    int rowOf(const QString &student) const;
    int problemColumn() const { return FirstCriterionColumn + int(rubric_.criteria.size()); }
    // The criterion a column shows, or empty for the student, total and remark columns.
    QString criterionAt(int column) const;
    int columnOf(const QString &criterion) const;
    const grader::CriterionResult *criterion(int row, int column) const;
    CellStatus status(int row, int column) const;
    bool hasFailed(int row) const;
    bool hasReview(int row) const;

private:
    QVariant cellText(int row, int column) const;
    QVariant cellSortKey(int row, int column) const;
    QVariant cellToolTip(int row, int column) const;
    QString remark(int row) const;

    grader::Rubric rubric_;
    QList<GradebookRow> rows_;
};

class GradebookFilter : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    enum Mode { All, Failed, ToReview };
    explicit GradebookFilter(QObject *parent = nullptr);
    void setMode(Mode mode);
    Mode mode() const { return mode_; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    Mode mode_ = All;
};

// "1.5" in the interface's locale: marks read as the instructor writes them.
QString markText(double points);

} // namespace schedlab::gui
