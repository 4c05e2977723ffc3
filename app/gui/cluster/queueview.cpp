// The queue page. The record and the explanation are asked of the backend with the same
// command lines a student would type (scontrol show job, schedlab-explain), so the page shows
// exactly what the terminal would.
#include "queueview.h"

#include "language.h"

#include <QComboBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace schedlab::gui {

QueueView::QueueView(Backend *backend, JobHistory *history, QWidget *parent)
    : QWidget(parent)
    , backend_(backend)
    , history_(history)
    , model_(new QueueModel(history, this))
    , filter_(new QueueFilter(this))
{
    filter_->setSourceModel(model_);
    filter_->setDynamicSortFilter(true);

    table_ = new QTableView;
    table_->setModel(filter_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(QueueModel::JobId, Qt::AscendingOrder);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    table_->setAlternatingRowColors(true);
    connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &QueueView::onSelectionChanged);

    auto *splitter = new QSplitter(Qt::Vertical);
    auto *top = new QWidget;
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(buildFilterBar());
    topLayout->addWidget(table_);
    splitter->addWidget(top);
    splitter->addWidget(buildDetails());
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    model_->setNow(backend_->now());
    connect(backend_, &Backend::clockChanged, model_, &QueueModel::setNow);
    connect(history_, &JobHistory::jobUpdated, this, [this](std::uint32_t id) {
        if (id == selected_)
            refreshDetails();
    });
}

QWidget *QueueView::buildFilterBar()
{
    auto *bar = new QWidget;
    auto *layout = new QHBoxLayout(bar);
    layout->setContentsMargins(4, 4, 4, 0);
    show_ = new QComboBox;
    show_->addItem(tr("All jobs"), int(QueueFilter::Show::All));
    show_->addItem(tr("Waiting (PD)"), int(QueueFilter::Show::Waiting));
    show_->addItem(tr("Running (R, CG)"), int(QueueFilter::Show::Running));
    show_->addItem(tr("In the queue (PD, R, CG)"), int(QueueFilter::Show::Active));
    show_->addItem(tr("Ended"), int(QueueFilter::Show::Finished));
    connect(show_, &QComboBox::currentIndexChanged, this,
            [this] { filter_->setShow(QueueFilter::Show(show_->currentData().toInt())); });
    user_ = new QLineEdit;
    user_->setPlaceholderText(tr("User"));
    user_->setClearButtonEnabled(true);
    connect(user_, &QLineEdit::textChanged, filter_, &QueueFilter::setUser);
    search_ = new QLineEdit;
    search_->setPlaceholderText(tr("Job id or name"));
    search_->setClearButtonEnabled(true);
    connect(search_, &QLineEdit::textChanged, filter_, &QueueFilter::setText);
    cancel_ = new QPushButton(tr("Cancel job"));
    cancel_->setToolTip(tr("Runs scancel on the selected job"));
    cancel_->setEnabled(false);
    connect(cancel_, &QPushButton::clicked, this, &QueueView::cancelSelected);
    layout->addWidget(new QLabel(tr("Show:")));
    layout->addWidget(show_);
    layout->addWidget(user_);
    layout->addWidget(search_, 1);
    layout->addWidget(cancel_);
    return bar;
}

QWidget *QueueView::buildDetails()
{
    auto *split = new QSplitter(Qt::Horizontal);
    explanation_ = new QTextBrowser;
    explanation_->setPlaceholderText(tr("Select a job to see why the scheduler left it where "
                                        "it is, or why it started it."));
    record_ = new QPlainTextEdit;
    record_->setReadOnly(true);
    record_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    record_->setLineWrapMode(QPlainTextEdit::NoWrap);
    record_->setPlaceholderText(tr("scontrol show job"));
    split->addWidget(explanation_);
    split->addWidget(record_);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    return split;
}

void QueueView::selectJob(std::uint32_t id)
{
    const int sourceRow = model_->rowOf(id);
    if (sourceRow < 0)
        return;
    const QModelIndex index = filter_->mapFromSource(model_->index(sourceRow, 0));
    if (!index.isValid())
        return;
    table_->selectRow(index.row());
    table_->scrollTo(index);
}

void QueueView::onSelectionChanged()
{
    const QModelIndexList rows = table_->selectionModel()->selectedRows();
    selected_ = rows.isEmpty() ? 0 : rows.first().data(QueueModel::JobIdRole).toUInt();
    refreshDetails();
    if (selected_)
        Q_EMIT jobSelected(selected_);
}

void QueueView::refreshDetails()
{
    const int request = ++detailsRequest_;
    const JobRecord *record = history_->find(selected_);
    cancel_->setEnabled(record && record->active());
    if (!selected_) {
        record_->clear();
        explanation_->clear();
        return;
    }
    const QString id = QString::number(selected_);
    backend_->run({QStringLiteral("scontrol"), QStringLiteral("show"), QStringLiteral("job"), id},
                  {}, [this, request](const CommandOutput &o) {
                      if (request == detailsRequest_)
                          record_->setPlainText(QString::fromUtf8(o.out + o.err));
                  });
    backend_->run(
        {QStringLiteral("schedlab-explain"), QStringLiteral("--lang=") + currentLanguage(), id}, {},
        [this, request](const CommandOutput &o) {
            if (request == detailsRequest_)
                explanation_->setPlainText(QString::fromUtf8(o.out + o.err).trimmed());
        });
}

void QueueView::setCancelShown(bool shown)
{
    cancel_->setVisible(shown);
}

void QueueView::cancelSelected()
{
    if (!selected_)
        return;
    const QString id = QString::number(selected_);
    backend_->run({QStringLiteral("scancel"), id}, {}, [this, id](const CommandOutput &o) {
        if (o.exitCode != 0)
            QMessageBox::warning(this, tr("scancel %1").arg(id),
                                 QString::fromUtf8(o.err).trimmed());
    });
}

} // namespace schedlab::gui
