// The class overview: its filters above the table, and the column widths that keep a whole
// row readable on a laptop's screen.
#include "classoverview.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QVBoxLayout>

namespace schedlab::gui {

ClassOverview::ClassOverview(QWidget *parent)
    : QWidget(parent)
    , model_(new ClassOverviewModel(this))
    , filter_(new ClassOverviewFilter(this))
    , search_(new QLineEdit(this))
    , reviewOnly_(new QCheckBox(tr("To review only"), this))
    , count_(new QLabel(this))
    , table_(new QTableView(this))
{
    filter_->setSourceModel(model_);
    table_->setModel(filter_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(ClassOverviewModel::NameColumn, Qt::AscendingOrder);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setWordWrap(true); // several flags read whole on two lines
    table_->setAlternatingRowColors(true);
    table_->verticalHeader()->setVisible(false);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->horizontalHeader()->setDefaultAlignment(Qt::AlignCenter);
    table_->horizontalHeader()->setHighlightSections(false);

    search_->setPlaceholderText(tr("Find a student (number, name, LMS id)"));
    search_->setClearButtonEnabled(true);
    search_->setMaximumWidth(280);
    reviewOnly_->setToolTip(tr("Only the students with criteria the grader was unsure of"));

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(search_, 1);
    bar->addSpacing(12);
    bar->addWidget(reviewOnly_);
    bar->addStretch();
    bar->addWidget(count_);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(table_, 1);

    connect(search_, &QLineEdit::textChanged, this, [this](const QString &text) {
        filter_->setSearch(text);
        refreshCount();
    });
    connect(reviewOnly_, &QCheckBox::toggled, this, [this](bool only) {
        filter_->setReviewOnly(only);
        refreshCount();
    });
    // The flags column follows the window's width: its wrapped lines, the rows' heights.
    connect(table_->horizontalHeader(), &QHeaderView::sectionResized, this, [this](int section) {
        if (section == model_->flagsColumn())
            table_->resizeRowsToContents();
    });
    connect(table_, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        Q_EMIT studentActivated(index.data(ClassOverviewModel::KeyRole).toString(),
                                index.data(ClassOverviewModel::ExerciseRole).toString());
    });
    refreshCount();
}

void ClassOverview::setSummary(const handin::ClassSummary &summary,
                               const QHash<QString, QString> &titles)
{
    model_->reset(summary, titles);
    fitColumns();
    table_->resizeRowsToContents();
    refreshCount();
}

QStringList ClassOverview::visibleKeys() const
{
    QStringList keys;
    for (int r = 0; r < filter_->rowCount(); ++r)
        keys << filter_->index(r, 0).data(ClassOverviewModel::KeyRole).toString();
    return keys;
}

// Identity columns fit their content (a long name is cut, its tooltip has it whole), the
// scores all have one narrow width, and the flags take what is left.
void ClassOverview::fitColumns()
{
    const QFontMetrics cells(table_->font());
    const QFontMetrics header(table_->horizontalHeader()->font());
    const int scoreWidth = qMax(cells.horizontalAdvance(QStringLiteral("00.00")),
                                header.horizontalAdvance(QStringLiteral("examen"))) +
                           14;
    for (int c = 0; c < model_->flagsColumn(); ++c) {
        if (c < ClassOverviewModel::FirstScoreColumn) {
            table_->resizeColumnToContents(c);
            const int cap = c == ClassOverviewModel::NameColumn ? 240 : 120;
            table_->setColumnWidth(c, qMin(table_->columnWidth(c) + 8, cap));
        } else {
            table_->setColumnWidth(c, scoreWidth);
        }
    }
}

void ClassOverview::refreshCount()
{
    int review = 0, missing = 0;
    for (const handin::SummaryRow &row : model_->summary().rows) {
        review += row.toReview > 0 ? 1 : 0;
        missing += row.handedIn() ? 0 : 1;
    }
    QString text = tr("%n student(s)", nullptr, model_->rowCount());
    if (filter_->rowCount() != model_->rowCount())
        text = tr("%1 of %2").arg(filter_->rowCount()).arg(text);
    text += tr(" · %n to review", nullptr, review);
    if (missing > 0)
        text += tr(" · %n with nothing graded", nullptr, missing);
    count_->setText(text);
}

} // namespace schedlab::gui
