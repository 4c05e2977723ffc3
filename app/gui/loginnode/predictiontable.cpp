// The comparison table. A column without a result says what it waits for.
#include "predictiontable.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace schedlab::gui {

PredictionTable::PredictionTable(QWidget *parent)
    : QWidget(parent)
    , title_(new QLabel)
    , table_(new QTableWidget(RowCount, 2))
    , notes_(new QLabel)
{
    table_->setHorizontalHeaderLabels({tr("Mini-cluster (predicted)"), tr("Login node (real)")});
    table_->setVerticalHeaderLabels(
        {tr("Node"), tr("States"), tr("Wait"), tr("Run time"), tr("Final state"), tr("Exit code")});
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    table_->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionMode(QAbstractItemView::NoSelection);
    table_->setFocusPolicy(Qt::NoFocus);
    table_->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    table_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    notes_->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(title_);
    layout->addWidget(table_);
    layout->addWidget(notes_);
    layout->addStretch(1);
    clear();
}

QString PredictionTable::duration(qint64 seconds)
{
    if (seconds < 0)
        return QStringLiteral("—");
    if (seconds < 60)
        return tr("%1 s").arg(seconds);
    return tr("%1 min %2 s").arg(seconds / 60).arg(seconds % 60, 2, 10, QLatin1Char('0'));
}

void PredictionTable::clear()
{
    job_ = 0;
    title_->setText(tr("Submit a script: once the job ends on the login node, what the "
                       "mini-cluster predicted and what really happened appear side by side."));
    title_->setWordWrap(true);
    for (int row = 0; row < RowCount; ++row)
        for (int column = 0; column < 2; ++column)
            table_->setItem(row, column, new QTableWidgetItem(QString()));
    notes_->clear();
}

void PredictionTable::fill(Column column, const JobOutcome &outcome, const QString &waiting)
{
    const auto set = [this, column](Row row, const QString &text) {
        table_->setItem(row, column, new QTableWidgetItem(text));
    };
    if (!outcome.known) {
        set(Node, waiting);
        for (Row row : {States, Wait, RunTime, FinalState, ExitCode})
            set(row, QString());
        return;
    }
    set(Node, outcome.node.isEmpty() ? QStringLiteral("—") : outcome.node);
    set(States, outcome.states.join(QStringLiteral(" → ")));
    set(Wait, duration(outcome.waitSeconds));
    set(RunTime, duration(outcome.runSeconds));
    set(FinalState, outcome.finalState.isEmpty() ? QStringLiteral("—") : outcome.finalState);
    set(ExitCode, outcome.exitCode.isEmpty() ? QStringLiteral("—") : outcome.exitCode);
}

void PredictionTable::showJob(std::uint32_t id, const JobOutcome &predicted, const JobOutcome &real)
{
    job_ = id;
    title_->setText(tr("Job %1: prediction and reality").arg(id));
    fill(Predicted, predicted,
         predicted.note.isEmpty() ? tr("(being computed…)") : tr("(no prediction)"));
    fill(Real, real, tr("(the job has not ended yet)"));
    QStringList notes;
    if (!predicted.note.isEmpty())
        notes.append(tr("Mini-cluster: %1").arg(predicted.note));
    if (!real.note.isEmpty())
        notes.append(tr("Login node: %1").arg(real.note));
    notes.append(tr("Node names differ by nature: the mini-cluster has its own nodes. The "
                    "states, the times and the end are what should agree."));
    notes_->setText(notes.join(u'\n'));
}

QString PredictionTable::text(Row row, Column column) const
{
    const QTableWidgetItem *item = table_->item(row, column);
    return item ? item->text() : QString();
}

} // namespace schedlab::gui
