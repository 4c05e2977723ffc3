// The instructor's table: what each cell says, how it is coloured and sorted, and which
// students each filter keeps.
#include "gradebookmodel.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QLocale>

namespace schedlab::gui {

namespace {

// Light backgrounds with dark text: readable, and told apart by their symbol as well as
// their colour.
QColor background(CellStatus s)
{
    switch (s) {
    case CellStatus::Passed:
        return QColor(0xdc, 0xf1, 0xdc);
    case CellStatus::Failed:
        return QColor(0xf7, 0xd9, 0xd9);
    case CellStatus::Review:
        return QColor(0xff, 0xef, 0xc4);
    case CellStatus::Overridden:
        return QColor(0xdb, 0xe7, 0xfa);
    case CellStatus::None:
        break;
    }
    return {};
}

QString symbol(CellStatus s)
{
    switch (s) {
    case CellStatus::Passed:
        return QStringLiteral("✓");
    case CellStatus::Failed:
        return QStringLiteral("✗");
    case CellStatus::Review:
        return QStringLiteral("?");
    case CellStatus::Overridden:
        return QStringLiteral("✎");
    case CellStatus::None:
        break;
    }
    return {};
}

QString statusName(CellStatus s)
{
    switch (s) {
    case CellStatus::Passed:
        return GradebookModel::tr("passed");
    case CellStatus::Failed:
        return GradebookModel::tr("failed");
    case CellStatus::Review:
        return GradebookModel::tr("to review");
    case CellStatus::Overridden:
        return GradebookModel::tr("overridden");
    case CellStatus::None:
        break;
    }
    return {};
}

// A criterion's title on short lines, so that eight criteria fit beside the details.
QString wrapped(const QString &title)
{
    constexpr qsizetype width = 11;
    QStringList lines;
    for (const QString &word : title.split(u' ', Qt::SkipEmptyParts)) {
        if (!lines.isEmpty() && lines.last().size() + 1 + word.size() <= width)
            lines.last() += u' ' + word;
        else
            lines << word;
    }
    return lines.join(u'\n');
}

} // namespace

QString markText(double points)
{
    return QLocale().toString(points, 'g', 6);
}

GradebookModel::GradebookModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void GradebookModel::reset(const grader::Rubric &rubric, const QList<GradebookRow> &rows)
{
    beginResetModel();
    rubric_ = rubric;
    rows_ = rows;
    endResetModel();
}

void GradebookModel::updateRow(const GradebookRow &row)
{
    const int r = rowOf(row.student);
    if (r < 0)
        return;
    rows_[r] = row;
    Q_EMIT dataChanged(index(r, 0), index(r, columnCount() - 1));
}

int GradebookModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(rows_.size());
}

int GradebookModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : problemColumn() + 1;
}

int GradebookModel::rowOf(const QString &student) const
{
    for (int r = 0; r < rows_.size(); ++r)
        if (rows_[r].student == student)
            return r;
    return -1;
}

QString GradebookModel::criterionAt(int column) const
{
    const int i = column - FirstCriterionColumn;
    return i >= 0 && i < rubric_.criteria.size() ? rubric_.criteria[i].id : QString();
}

int GradebookModel::columnOf(const QString &criterion) const
{
    for (int i = 0; i < rubric_.criteria.size(); ++i)
        if (rubric_.criteria[i].id == criterion)
            return FirstCriterionColumn + i;
    return -1;
}

const grader::CriterionResult *GradebookModel::criterion(int row, int column) const
{
    const QString id = criterionAt(column);
    if (id.isEmpty() || row < 0 || row >= rows_.size() || !rows_[row].result)
        return nullptr;
    for (const grader::CriterionResult &c : rows_[row].result->criteria)
        if (c.id == id)
            return &c;
    return nullptr;
}

CellStatus GradebookModel::status(int row, int column) const
{
    const grader::CriterionResult *c = criterion(row, column);
    if (!c)
        return CellStatus::None;
    if (c->overridden)
        return CellStatus::Overridden;
    if (c->review)
        return CellStatus::Review;
    return c->passed ? CellStatus::Passed : CellStatus::Failed;
}

bool GradebookModel::hasFailed(int row) const
{
    const std::optional<grader::ExerciseResult> &r = rows_[row].result;
    if (!r)
        return false;
    if (!r->error.isEmpty())
        return true; // nothing could be read: the instructor must look at it too
    for (const grader::CriterionResult &c : r->criteria)
        if (!c.passed && !c.review)
            return true;
    return false;
}

bool GradebookModel::hasReview(int row) const
{
    return rows_[row].result && rows_[row].result->toReview();
}

QString GradebookModel::remark(int row) const
{
    const GradebookRow &r = rows_[row];
    if (r.result && !r.result->error.isEmpty())
        return r.result->error;
    if (!r.problem.isEmpty())
        return r.problem;
    if (!r.result)
        return tr("Not graded");
    const int toReview = int(std::count_if(r.result->criteria.begin(), r.result->criteria.end(),
                                           [](const auto &c) { return c.review; }));
    return toReview ? tr("%n to review", nullptr, toReview) : QString();
}

QVariant GradebookModel::cellText(int row, int column) const
{
    const GradebookRow &r = rows_[row];
    if (column == StudentColumn)
        return r.student;
    if (column == problemColumn())
        return remark(row);
    if (!r.result || !r.result->error.isEmpty())
        return QStringLiteral("—");
    if (column == TotalColumn) {
        // Points awaiting review are neither earned nor lost: the mark is a range until then.
        if (const double pending = r.result->pending(); pending > 0)
            return tr("%1–%2 / %3")
                .arg(markText(r.result->score), markText(r.result->score + pending),
                     markText(r.result->max));
        return tr("%1 / %2").arg(markText(r.result->score), markText(r.result->max));
    }
    const grader::CriterionResult *c = criterion(row, column);
    if (!c)
        return QStringLiteral("—");
    const CellStatus s = status(row, column);
    if (s == CellStatus::Review)
        return tr("%1 –/%2").arg(symbol(s), markText(c->max)); // no points until decided
    return tr("%1 %2/%3").arg(symbol(s), markText(c->points), markText(c->max));
}

QVariant GradebookModel::cellSortKey(int row, int column) const
{
    const GradebookRow &r = rows_[row];
    if (column == StudentColumn)
        return r.student;
    if (column == problemColumn())
        return remark(row);
    if (!r.result || !r.result->error.isEmpty())
        return -2.0; // below every mark
    if (column == TotalColumn)
        return r.result->score;
    const grader::CriterionResult *c = criterion(row, column);
    if (!c)
        return -2.0;
    return c->review ? -1.0 : c->points; // to review: under the failed ones
}

QVariant GradebookModel::cellToolTip(int row, int column) const
{
    const GradebookRow &r = rows_[row];
    if (column == StudentColumn || column == TotalColumn || column == problemColumn()) {
        if (!r.result)
            return remark(row);
        return tr("%1 — %2 (rubric %3)").arg(r.student, r.result->exercise, r.result->rubricTag);
    }
    const grader::CriterionResult *c = criterion(row, column);
    if (!c)
        return {};
    return tr("%1: %2\n%3").arg(c->title, statusName(status(row, column)), c->feedback);
}

QVariant GradebookModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rows_.size())
        return {};
    const int row = index.row(), column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return cellText(row, column);
    case SortRole:
        return cellSortKey(row, column);
    case Qt::ToolTipRole:
        return cellToolTip(row, column);
    case StatusRole:
        return int(status(row, column));
    case StudentRole:
        return rows_[row].student;
    case CriterionRole:
        return criterionAt(column);
    case Qt::BackgroundRole:
        if (const QColor c = background(status(row, column)); c.isValid())
            return QBrush(c);
        return {};
    case Qt::ForegroundRole:
        // Dark text on the light status colours; elsewhere the palette's own (dark themes).
        if (column == problemColumn() && rows_[row].result && !rows_[row].result->error.isEmpty())
            return QBrush(QColor(0xa3, 0x1d, 0x1d));
        if (status(row, column) != CellStatus::None)
            return QBrush(QColor(0x20, 0x20, 0x20));
        return {};
    case Qt::TextAlignmentRole:
        if (column == StudentColumn || column == problemColumn())
            return int(Qt::AlignLeft | Qt::AlignVCenter);
        return int(Qt::AlignCenter);
    case Qt::FontRole:
        if (column == TotalColumn) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    default:
        return {};
    }
}

QVariant GradebookModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    const int i = section - FirstCriterionColumn;
    const bool isCriterion = i >= 0 && i < rubric_.criteria.size();
    if (role == Qt::DisplayRole) {
        if (section == StudentColumn)
            return tr("Student");
        if (section == TotalColumn)
            return tr("Total");
        if (section == problemColumn())
            return tr("Remark");
        if (isCriterion)
            return wrapped(rubric_.criteria[i].title.isEmpty() ? rubric_.criteria[i].id
                                                               : rubric_.criteria[i].title);
    }
    if (role == Qt::ToolTipRole && isCriterion)
        return tr("%1 (%2 points)")
            .arg(rubric_.criteria[i].id, markText(rubric_.criteria[i].points));
    return {};
}

GradebookFilter::GradebookFilter(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(GradebookModel::SortRole);
    setFilterKeyColumn(GradebookModel::StudentColumn);
    setFilterCaseSensitivity(Qt::CaseInsensitive);
}

void GradebookFilter::setMode(Mode mode)
{
    if (mode == mode_)
        return;
    mode_ = mode;
    invalidateFilter();
}

bool GradebookFilter::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const auto *model = qobject_cast<const GradebookModel *>(sourceModel());
    if (!model || !QSortFilterProxyModel::filterAcceptsRow(sourceRow, sourceParent))
        return false;
    switch (mode_) {
    case All:
        return true;
    case Failed:
        return model->hasFailed(sourceRow);
    case ToReview:
        return model->hasReview(sourceRow);
    }
    return true;
}

} // namespace schedlab::gui
