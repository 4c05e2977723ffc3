// The class summary as rows and columns, and its sorting and filtering.
#include "classoverviewmodel.h"

#include <QBrush>
#include <QColor>
#include <QLocale>

#include <cmath>

namespace schedlab::gui {

namespace {

const QColor kReview(0xff, 0xef, 0xc4);
const QColor kFlagged(0xfb, 0xe3, 0xe3);
const QColor kMissing(0x80, 0x80, 0x80);

// Lower case without accents: "Élodie" is found by "elo".
QString folded(const QString &text)
{
    QString out;
    for (const QChar c : text.normalized(QString::NormalizationForm_D))
        if (c.category() != QChar::Mark_NonSpacing)
            out += c.toCaseFolded();
    return out;
}

} // namespace

QString scoreText(double value)
{
    return QLocale().toString(std::round(value * 100) / 100, 'g', 6);
}

ClassOverviewModel::ClassOverviewModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void ClassOverviewModel::reset(const handin::ClassSummary &summary,
                               const QHash<QString, QString> &titles)
{
    beginResetModel();
    summary_ = summary;
    titles_ = titles;
    endResetModel();
}

int ClassOverviewModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(summary_.rows.size());
}

int ClassOverviewModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : flagsColumn() + 1;
}

QString ClassOverviewModel::exerciseAt(int column) const
{
    const int i = column - FirstScoreColumn;
    return column >= FirstScoreColumn && i < summary_.exercises.size() ? summary_.exercises[i]
                                                                       : QString();
}

int ClassOverviewModel::rowOf(const QString &key) const
{
    for (int r = 0; r < summary_.rows.size(); ++r)
        if (summary_.rows[r].identity.key == key)
            return r;
    return -1;
}

QVariant ClassOverviewModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= summary_.rows.size())
        return {};
    const handin::SummaryRow &row = summary_.rows[index.row()];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return text(row, column);
    case SortRole:
        return sortKey(row, column);
    case KeyRole:
        return row.identity.key;
    case ExerciseRole:
        return exerciseAt(column);
    case Qt::ToolTipRole:
        return toolTip(row, column);
    case Qt::BackgroundRole:
        return background(row, column);
    case Qt::ForegroundRole:
        return row.handedIn() ? QVariant() : QBrush(kMissing);
    case Qt::TextAlignmentRole:
        return column >= FirstScoreColumn && column < flagsColumn()
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant ClassOverviewModel::text(const handin::SummaryRow &row, int column) const
{
    if (column == NumberColumn)
        return row.identity.number;
    if (column == NameColumn)
        return row.identity.name;
    if (column == LmsColumn)
        return row.identity.lmsParticipantId;
    if (column == totalColumn())
        return scoreText(row.total20);
    if (column == reviewColumn())
        return row.toReview > 0 ? QString::number(row.toReview) : QString();
    if (column == flagsColumn())
        return row.flags.join(QStringLiteral(" · "));
    const std::optional<double> score = row.scores.value(column - FirstScoreColumn);
    return score ? scoreText(*score) : QStringLiteral("—");
}

// Numbers sort as numbers; a deliverable not handed in sorts below a zero.
QVariant ClassOverviewModel::sortKey(const handin::SummaryRow &row, int column) const
{
    if (column == totalColumn())
        return row.total20;
    if (column == reviewColumn())
        return row.toReview;
    if (column >= FirstScoreColumn && column < totalColumn())
        return row.scores.value(column - FirstScoreColumn).value_or(-1.0);
    return folded(text(row, column).toString());
}

QVariant ClassOverviewModel::toolTip(const handin::SummaryRow &row, int column) const
{
    if (column == flagsColumn() || column == NameColumn) {
        QStringList lines;
        if (!row.identity.lmsFullName.isEmpty() && row.identity.lmsFullName != row.identity.name)
            lines << tr("Name in the LMS: %1").arg(row.identity.lmsFullName);
        lines << row.flags;
        return lines.join(u'\n');
    }
    const QString exercise = exerciseAt(column);
    if (exercise.isEmpty())
        return {};
    const std::optional<double> score = row.scores.value(column - FirstScoreColumn);
    const double max = summary_.maxima.value(column - FirstScoreColumn);
    return score ? tr("%1: %2 / %3 — double-click to open the detail")
                       .arg(exercise, scoreText(*score), scoreText(max))
                 : tr("%1: not handed in").arg(exercise);
}

QVariant ClassOverviewModel::background(const handin::SummaryRow &row, int column) const
{
    if (column == reviewColumn() && row.toReview > 0)
        return QBrush(kReview);
    if (column == flagsColumn() && !row.flags.isEmpty() && row.handedIn())
        return QBrush(kFlagged);
    return {};
}

QVariant ClassOverviewModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    const QString exercise = exerciseAt(section);
    if (role == Qt::ToolTipRole) {
        if (!exercise.isEmpty())
            return titles_.value(exercise, exercise);
        if (section == totalColumn())
            return tr("Out of 20: every deliverable counts, one not handed in as 0");
        if (section == reviewColumn())
            return tr("Criteria the grader was unsure of: decide them before exporting");
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    if (!exercise.isEmpty())
        return tr("%1\n/%2").arg(exercise,
                                 scoreText(summary_.maxima.value(section - FirstScoreColumn)));
    if (section == NumberColumn)
        return tr("Number");
    if (section == NameColumn)
        return tr("Name");
    if (section == LmsColumn)
        return tr("LMS id");
    if (section == totalColumn())
        return tr("Total\n/20");
    if (section == reviewColumn())
        return tr("To\nreview");
    if (section == flagsColumn())
        return tr("Flags");
    return {};
}

ClassOverviewFilter::ClassOverviewFilter(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(ClassOverviewModel::SortRole);
}

void ClassOverviewFilter::setSearch(const QString &text)
{
    search_ = folded(text.trimmed());
    invalidateFilter();
}

void ClassOverviewFilter::setReviewOnly(bool only)
{
    reviewOnly_ = only;
    invalidateFilter();
}

bool ClassOverviewFilter::filterAcceptsRow(int sourceRow, const QModelIndex &) const
{
    const auto *model = qobject_cast<const ClassOverviewModel *>(sourceModel());
    if (!model || sourceRow >= model->rowCount())
        return false;
    const handin::SummaryRow &row = model->row(sourceRow);
    if (reviewOnly_ && row.toReview == 0)
        return false;
    if (search_.isEmpty())
        return true;
    for (const QString &field :
         {row.identity.number, row.identity.name, row.identity.lmsParticipantId,
          row.identity.lmsFullName, row.identity.key})
        if (folded(field).contains(search_))
            return true;
    return false;
}

} // namespace schedlab::gui
