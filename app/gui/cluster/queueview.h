// The queue page: a live squeue-like table with filters, and for the selected job its full
// record (scontrol show job) and the scheduler's explanation of its last decision.
#pragma once

#include "backend.h"
#include "jobhistory.h"
#include "queuemodel.h"

#include <QWidget>

class QComboBox;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTableView;
class QTextBrowser;

namespace schedlab::gui {

class QueueView : public QWidget
{
    Q_OBJECT

public:
    QueueView(Backend *backend, JobHistory *history, QWidget *parent = nullptr);

    QTableView *table() const { return table_; }
    QueueModel *model() const { return model_; }
    QueueFilter *filter() const { return filter_; }
    QComboBox *showFilter() const { return show_; }
    QPlainTextEdit *record() const { return record_; }
    QTextBrowser *explanation() const { return explanation_; }
    std::uint32_t selectedJob() const { return selected_; }
    void selectJob(std::uint32_t id);
    // The Cancel button runs scancel at once: right for the mini-cluster, while a page for a
    // real cluster hides it and asks for confirmation itself.
    void setCancelShown(bool shown);

Q_SIGNALS:
    void jobSelected(std::uint32_t id);

private:
    QWidget *buildFilterBar();
    QWidget *buildDetails();
    void onSelectionChanged();
    void refreshDetails();
    void cancelSelected();

    Backend *backend_;
    JobHistory *history_;
    QueueModel *model_;
    QueueFilter *filter_;
    QTableView *table_ = nullptr;
    QComboBox *show_ = nullptr;
    QLineEdit *user_ = nullptr;
    QLineEdit *search_ = nullptr;
    QPlainTextEdit *record_ = nullptr;
    QTextBrowser *explanation_ = nullptr;
    QPushButton *cancel_ = nullptr;
    std::uint32_t selected_ = 0;
    int detailsRequest_ = 0; // answers to an older selection are dropped
};

} // namespace schedlab::gui
