// The queue as a table, column for column like squeue's default output (JOBID PARTITION
// NAME USER ST TIME TIME_LIMIT NODES NODELIST(REASON)), plus the jobs that ended since.
#pragma once

#include "jobhistory.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>

namespace schedlab::gui {

class QueueModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { JobId, Partition, Name, User, State, Time, TimeLimit, Nodes, NodeListReason };
    enum Role { JobIdRole = Qt::UserRole + 1, StateGroupRole };
    enum class StateGroup { Pending, Running, Finished };

    explicit QueueModel(JobHistory *history, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    // The virtual clock: TIME of running jobs counts up to it.
    void setNow(qint64 now);
    std::uint32_t jobAt(int row) const { return ids_.value(row); }
    int rowOf(std::uint32_t id) const { return rows_.value(id, -1); }

    // squeue's TIME: elapsed run time, "0:00" while pending.
    static QString elapsedText(const JobSnapshot &job, qint64 now);
    static QString nodeListOrReason(const JobSnapshot &job);

private:
    void addJob(std::uint32_t id);
    void updateJob(std::uint32_t id);
    void reload();
    QVariant display(const JobRecord &record, int column) const;
    QVariant foreground(const JobRecord &record, int column) const;

    JobHistory *history_;
    QList<std::uint32_t> ids_;
    QHash<std::uint32_t, int> rows_;
    qint64 now_ = 0;
};

// Filters the queue by state group, user and free text (id or name).
class QueueFilter : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    enum class Show { All, Waiting, Running, Active, Finished };
    void setShow(Show show);
    void setUser(const QString &user);
    void setText(const QString &text);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    Show show_ = Show::All;
    QString user_;
    QString text_;
};

} // namespace schedlab::gui
