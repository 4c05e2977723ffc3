// Rows follow the job history: a job appears the moment it is submitted and keeps its row
// after it ends, showing its final state as squeue would while the controller still held it.
#include "queuemodel.h"

#include "slurmtime.h"

#include <QBrush>
#include <QColor>
#include <QFont>

namespace schedlab::gui {

QueueModel::QueueModel(JobHistory *history, QObject *parent)
    : QAbstractTableModel(parent)
    , history_(history)
{
    connect(history_, &JobHistory::jobAdded, this, &QueueModel::addJob);
    connect(history_, &JobHistory::jobUpdated, this, &QueueModel::updateJob);
    connect(history_, &JobHistory::cleared, this, &QueueModel::reload);
    reload();
}

void QueueModel::reload()
{
    beginResetModel();
    ids_.clear();
    rows_.clear();
    for (const JobRecord *r : history_->records()) {
        rows_.insert(r->last.id, int(ids_.size()));
        ids_.append(r->last.id);
    }
    endResetModel();
}

void QueueModel::addJob(std::uint32_t id)
{
    const int row = int(ids_.size());
    beginInsertRows({}, row, row);
    ids_.append(id);
    rows_.insert(id, row);
    endInsertRows();
}

void QueueModel::updateJob(std::uint32_t id)
{
    const int row = rowOf(id);
    if (row >= 0)
        Q_EMIT dataChanged(index(row, 0), index(row, columnCount() - 1));
}

void QueueModel::setNow(qint64 now)
{
    now_ = now;
    if (!ids_.isEmpty())
        Q_EMIT dataChanged(index(0, Time), index(int(ids_.size()) - 1, Time), {Qt::DisplayRole});
}

int QueueModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(ids_.size());
}

int QueueModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : NodeListReason + 1;
}

QVariant QueueModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    // squeue's own headers: they are what the student reads in the terminal.
    static const char *const names[] = {"JOBID",      "PARTITION", "NAME",
                                        "USER",       "ST",        "TIME",
                                        "TIME_LIMIT", "NODES",     "NODELIST(REASON)"};
    return QString::fromLatin1(names[section]);
}

QString QueueModel::elapsedText(const JobSnapshot &job, qint64 now)
{
    if (job.pending() || job.startTime <= 0)
        return QStringLiteral("0:00");
    const qint64 end = (job.running() || job.endTime <= 0) ? now : job.endTime;
    return slurm::formatSqueueSecs(std::max<qint64>(0, end - job.startTime));
}

QString QueueModel::nodeListOrReason(const JobSnapshot &job)
{
    if (job.pending())
        return QLatin1Char('(') + job.reason + QLatin1Char(')');
    return job.nodeList;
}

QVariant QueueModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= ids_.size())
        return {};
    const JobRecord *record = history_->find(ids_.at(index.row()));
    if (!record)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        return display(*record, index.column());
    case Qt::ForegroundRole:
        return foreground(*record, index.column());
    case Qt::TextAlignmentRole:
        return index.column() == JobId || index.column() == Time || index.column() == TimeLimit ||
                       index.column() == Nodes
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case JobIdRole:
        return record->last.id;
    case StateGroupRole:
        return int(record->last.pending()                                  ? StateGroup::Pending
                   : (record->last.running() || record->last.completing()) ? StateGroup::Running
                                                                           : StateGroup::Finished);
    default:
        return {};
    }
}

QVariant QueueModel::display(const JobRecord &record, int column) const
{
    const JobSnapshot &job = record.last;
    switch (column) {
    case JobId:
        return QString::number(job.id);
    case Partition:
        return job.partition;
    case Name:
        return job.name;
    case User:
        return job.user;
    case State:
        return job.compactState;
    case Time:
        return elapsedText(job, now_);
    case TimeLimit:
        return job.timeLimitText;
    case Nodes:
        return QString::number(job.nodeCount);
    case NodeListReason:
        return nodeListOrReason(job);
    default:
        return {};
    }
}

QVariant QueueModel::foreground(const JobRecord &record, int column) const
{
    if (column != State)
        return {};
    const QString &st = record.last.compactState;
    if (st == QLatin1String("R"))
        return QBrush(QColor(0x1f, 0x6f, 0xd1));
    if (st == QLatin1String("CD"))
        return QBrush(QColor(0x2e, 0x8b, 0x3e));
    if (st == QLatin1String("TO"))
        return QBrush(QColor(0xd9, 0x7a, 0x00));
    if (st == QLatin1String("F") || st == QLatin1String("OOM") || st == QLatin1String("NF"))
        return QBrush(QColor(0xc6, 0x28, 0x28));
    return {};
}

void QueueFilter::setShow(Show show)
{
    show_ = show;
    invalidateFilter();
}

void QueueFilter::setUser(const QString &user)
{
    user_ = user.trimmed();
    invalidateFilter();
}

void QueueFilter::setText(const QString &text)
{
    text_ = text.trimmed();
    invalidateFilter();
}

bool QueueFilter::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QAbstractItemModel *m = sourceModel();
    const auto group = QueueModel::StateGroup(
        m->index(sourceRow, 0, sourceParent).data(QueueModel::StateGroupRole).toInt());
    switch (show_) {
    case Show::Waiting:
        if (group != QueueModel::StateGroup::Pending)
            return false;
        break;
    case Show::Running:
        if (group != QueueModel::StateGroup::Running)
            return false;
        break;
    case Show::Active:
        if (group == QueueModel::StateGroup::Finished)
            return false;
        break;
    case Show::Finished:
        if (group != QueueModel::StateGroup::Finished)
            return false;
        break;
    case Show::All:
        break;
    }
    if (!user_.isEmpty() &&
        m->index(sourceRow, QueueModel::User, sourceParent).data().toString() != user_)
        return false;
    if (text_.isEmpty())
        return true;
    return m->index(sourceRow, QueueModel::JobId, sourceParent).data().toString() == text_ ||
           m->index(sourceRow, QueueModel::Name, sourceParent)
               .data()
               .toString()
               .contains(text_, Qt::CaseInsensitive);
}

bool QueueFilter::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    if (left.column() == QueueModel::JobId || left.column() == QueueModel::Nodes)
        return left.data().toString().toUInt() < right.data().toString().toUInt();
    return QSortFilterProxyModel::lessThan(left, right);
}

} // namespace schedlab::gui
