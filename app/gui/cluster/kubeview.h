// The Kubernetes page: pods, Jobs, Deployments and events as `kubectl get` prints them, and
// the logs of the selected pod. The tables are kubectl's own output cut into columns, so the
// page and the terminal never disagree.
#pragma once

#include "backend.h"
#include "podhistory.h"

#include <QTimer>
#include <QWidget>

class QPlainTextEdit;
class QTableWidget;
class QTabWidget;

namespace schedlab::gui {

// kubectl's aligned table (header words separated by two spaces or more) as rows of cells.
struct KubeTable
{
    QStringList header;
    QList<QStringList> rows;
    static KubeTable parse(const QString &text);
};

class KubeView : public QWidget
{
    Q_OBJECT

public:
    explicit KubeView(Backend *backend, QWidget *parent = nullptr);

    QTableWidget *pods() const { return pods_; }
    QTableWidget *jobs() const { return jobs_; }
    QTableWidget *deployments() const { return deployments_; }
    QTableWidget *events() const { return events_; }
    QPlainTextEdit *logs() const { return logs_; }
    QString selectedPod() const { return selectedPod_; }
    // Every pod seen so far with its statuses over time (for the timeline and the diagram).
    const PodHistory &podHistory() const { return podHistory_; }
    void forgetPods();
    // Asks kubectl again now (the page also refreshes by itself when the cluster changes).
    void refresh();

Q_SIGNALS:
    void podSelected(const QString &name);
    void refreshed();

private:
    QTableWidget *addTable(QTabWidget *tabs, const QString &title);
    void fill(QTableWidget *table, const KubeTable &parsed);
    void showLogs();

    Backend *backend_;
    QTableWidget *pods_;
    QTableWidget *jobs_;
    QTableWidget *deployments_;
    QTableWidget *events_;
    QPlainTextEdit *logs_;
    QString selectedPod_;
    PodHistory podHistory_;
    QTimer throttle_;
    int pendingAnswers_ = 0;
};

} // namespace schedlab::gui
