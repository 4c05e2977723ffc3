// The class at a glance as a table: one row per student of the class summary (number, name,
// LMS id, each deliverable's score, total out of 20, criteria to review, flags), and the proxy
// that sorts it numerically and filters it (a search, "to review only").
#pragma once

#include "classsummary.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QSortFilterProxyModel>

namespace schedlab::gui {

class ClassOverviewModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Role { SortRole = Qt::UserRole + 1, KeyRole, ExerciseRole };
    enum Column { NumberColumn = 0, NameColumn, LmsColumn, FirstScoreColumn };

    explicit ClassOverviewModel(QObject *parent = nullptr);

    // `titles`: each deliverable's title, for its header's tooltip.
    void reset(const handin::ClassSummary &summary, const QHash<QString, QString> &titles = {});
    const handin::ClassSummary &summary() const { return summary_; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    int totalColumn() const { return FirstScoreColumn + int(summary_.exercises.size()); }
    int reviewColumn() const { return totalColumn() + 1; }
    int flagsColumn() const { return totalColumn() + 2; }
    // The deliverable a column shows, or empty.
    QString exerciseAt(int column) const;
    int rowOf(const QString &key) const;
    const handin::SummaryRow &row(int r) const { return summary_.rows[r]; }

private:
    QVariant text(const handin::SummaryRow &row, int column) const;
    QVariant sortKey(const handin::SummaryRow &row, int column) const;
    QVariant toolTip(const handin::SummaryRow &row, int column) const;
    QVariant background(const handin::SummaryRow &row, int column) const;

    handin::ClassSummary summary_;
    QHash<QString, QString> titles_;
};

class ClassOverviewFilter : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit ClassOverviewFilter(QObject *parent = nullptr);
    // Students whose number, name or LMS id contains `text` (case and accents aside).
    void setSearch(const QString &text);
    void setReviewOnly(bool only);
    bool reviewOnly() const { return reviewOnly_; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString search_;
    bool reviewOnly_ = false;
};

// A score as the table shows it: "12.5", in the interface's locale, without trailing zeros.
QString scoreText(double value);

} // namespace schedlab::gui
