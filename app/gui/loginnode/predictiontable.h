// Prediction against reality for one job: what the mini-cluster predicted when the script was
// submitted, beside what the login node did (node, states, wait, run time, end, exit code).
#pragma once

#include "joboutcome.h"

#include <QWidget>

class QLabel;
class QTableWidget;

namespace schedlab::gui {

class PredictionTable : public QWidget
{
    Q_OBJECT

public:
    enum Row { Node, States, Wait, RunTime, FinalState, ExitCode, RowCount };
    enum Column { Predicted, Real };

    explicit PredictionTable(QWidget *parent = nullptr);

    void showJob(std::uint32_t id, const JobOutcome &predicted, const JobOutcome &real);
    void clear();
    std::uint32_t job() const { return job_; }
    QString text(Row row, Column column) const;
    QTableWidget *table() const { return table_; }

    static QString duration(qint64 seconds);

private:
    void fill(Column column, const JobOutcome &outcome, const QString &waiting);

    QLabel *title_;
    QTableWidget *table_;
    QLabel *notes_;
    std::uint32_t job_ = 0;
};

} // namespace schedlab::gui
