// The Kubernetes page. Refreshing asks kubectl at most every few hundred milliseconds:
// a Deployment's restart loop changes pods constantly, and the tables need not follow faster
// than a person reads.
#include "kubeview.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace schedlab::gui {

KubeTable KubeTable::parse(const QString &text)
{
    KubeTable table;
    QStringList lines = text.split(u'\n', Qt::SkipEmptyParts);
    if (lines.isEmpty() || lines.first().startsWith(QLatin1String("No resources found")))
        return table;
    const QString header = lines.takeFirst();
    QList<int> starts;
    static const QRegularExpression column(QStringLiteral("(?:^|\\s{2,})(\\S(?:\\S| (?! ))*)"));
    for (auto it = column.globalMatch(header); it.hasNext();) {
        const auto m = it.next();
        starts.append(int(m.capturedStart(1)));
        table.header.append(m.captured(1));
    }
    for (const QString &line : std::as_const(lines)) {
        QStringList cells;
        for (int i = 0; i < starts.size(); ++i) {
            const int from = starts[i];
            const int to = i + 1 < starts.size() ? starts[i + 1] : int(line.size());
            cells.append(from < line.size() ? line.mid(from, to - from).trimmed() : QString());
        }
        table.rows.append(cells);
    }
    return table;
}

KubeView::KubeView(Backend *backend, QWidget *parent)
    : QWidget(parent)
    , backend_(backend)
{
    auto *tabs = new QTabWidget;
    pods_ = addTable(tabs, tr("Pods"));
    jobs_ = addTable(tabs, tr("Jobs"));
    deployments_ = addTable(tabs, tr("Deployments"));
    events_ = addTable(tabs, tr("Events"));
    connect(pods_, &QTableWidget::itemSelectionChanged, this, [this] {
        const auto items = pods_->selectedItems();
        selectedPod_ = items.isEmpty() ? QString() : pods_->item(items.first()->row(), 0)->text();
        showLogs();
        if (!selectedPod_.isEmpty())
            Q_EMIT podSelected(selectedPod_);
    });

    logs_ = new QPlainTextEdit;
    logs_->setReadOnly(true);
    logs_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    logs_->setPlaceholderText(tr("Select a pod to read its logs (kubectl logs)."));

    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(tabs);
    split->addWidget(logs_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);

    throttle_.setSingleShot(true);
    throttle_.setInterval(300);
    connect(&throttle_, &QTimer::timeout, this, &KubeView::refresh);
    connect(backend_, &Backend::changed, this, [this] {
        if (!throttle_.isActive())
            throttle_.start();
    });
    refresh();
}

QTableWidget *KubeView::addTable(QTabWidget *tabs, const QString &title)
{
    auto *table = new QTableWidget;
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    table->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    tabs->addTab(table, title);
    return table;
}

void KubeView::refresh()
{
    struct Query
    {
        QTableWidget *table;
        QStringList argv;
    };
    const QList<Query> queries{
        {pods_,
         {QStringLiteral("kubectl"), QStringLiteral("get"), QStringLiteral("pods"),
          QStringLiteral("-o"), QStringLiteral("wide")}},
        {jobs_, {QStringLiteral("kubectl"), QStringLiteral("get"), QStringLiteral("jobs")}},
        {deployments_,
         {QStringLiteral("kubectl"), QStringLiteral("get"), QStringLiteral("deployments")}},
        {events_, {QStringLiteral("kubectl"), QStringLiteral("get"), QStringLiteral("events")}},
    };
    pendingAnswers_ = int(queries.size());
    for (const Query &q : queries) {
        backend_->run(q.argv, {}, [this, table = q.table](const CommandOutput &o) {
            const KubeTable parsed = KubeTable::parse(QString::fromUtf8(o.out));
            if (table == pods_)
                podHistory_.observe(parsed, backend_->now());
            fill(table, parsed);
            if (--pendingAnswers_ == 0)
                Q_EMIT refreshed();
        });
    }
    showLogs();
}

void KubeView::forgetPods()
{
    podHistory_.clear();
    refresh();
}

void KubeView::fill(QTableWidget *table, const KubeTable &parsed)
{
    const QString keep = table->selectedItems().isEmpty()
                             ? QString()
                             : table->item(table->selectedItems().first()->row(), 0)->text();
    const QSignalBlocker block(table);
    table->setColumnCount(int(parsed.header.size()));
    table->setHorizontalHeaderLabels(parsed.header);
    table->setRowCount(int(parsed.rows.size()));
    for (int r = 0; r < parsed.rows.size(); ++r) {
        for (int c = 0; c < parsed.rows[r].size(); ++c)
            table->setItem(r, c, new QTableWidgetItem(parsed.rows[r][c]));
        if (!keep.isEmpty() && parsed.rows[r].value(0) == keep)
            table->selectRow(r);
    }
    table->resizeColumnsToContents();
}

void KubeView::showLogs()
{
    if (selectedPod_.isEmpty()) {
        logs_->clear();
        return;
    }
    const QString pod = selectedPod_;
    backend_->run({QStringLiteral("kubectl"), QStringLiteral("logs"), pod}, {},
                  [this, pod](const CommandOutput &o) {
                      if (pod != selectedPod_)
                          return;
                      const QString text = QString::fromUtf8(o.out + o.err);
                      if (logs_->toPlainText() != text)
                          logs_->setPlainText(text);
                  });
}

} // namespace schedlab::gui
