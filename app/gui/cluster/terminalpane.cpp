// Terminal tabs. Each shell keeps its history in the workspace, so Up-arrow still finds
// yesterday's sbatch line after a restart.
#include "terminalpane.h"

#include "localbackend.h"
#include "terminalwidget.h"

#include <QCheckBox>
#include <QDir>
#include <QHBoxLayout>
#include <QLabel>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace schedlab::gui {

TerminalPane::TerminalPane(LocalBackend *backend, QWidget *parent)
    : QWidget(parent)
    , backend_(backend)
    , tabs_(new QTabWidget)
    , noCluster_(new QCheckBox(tr("No cluster")))
{
    tabs_->setTabsClosable(true);
    tabs_->setDocumentMode(true);
    connect(tabs_, &QTabWidget::tabCloseRequested, this, &TerminalPane::closeTab);

    auto *add = new QToolButton;
    add->setText(QStringLiteral("+"));
    add->setToolTip(tr("New terminal (Ctrl+Shift+T)"));
    add->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T));
    connect(add, &QToolButton::clicked, this, &TerminalPane::openTerminal);
    noCluster_->setToolTip(tr("New terminals start without the mini-cluster's commands on "
                              "PATH, as on a laptop with no cluster"));
    connect(noCluster_, &QCheckBox::toggled, this, [this] { openTerminal(); });

    auto *corner = new QWidget;
    auto *cornerLayout = new QHBoxLayout(corner);
    cornerLayout->setContentsMargins(0, 0, 4, 0);
    cornerLayout->addWidget(noCluster_);
    cornerLayout->addWidget(add);
    tabs_->setCornerWidget(corner, Qt::TopRightCorner);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(tabs_);
}

QString TerminalPane::prompt(bool withCluster) const
{
    return withCluster ? QStringLiteral("[mini-cluster] \\u@login:\\w\\$ ")
                       : QStringLiteral("\\u@laptop:\\w\\$ ");
}

TerminalWidget *TerminalPane::openTerminal()
{
    const bool withCluster = !noCluster_->isChecked() && backend_->started();
    QProcessEnvironment env = backend_->terminalEnvironment(withCluster);
    env.insert(QStringLiteral("PS1"), prompt(withCluster));
    const QString stateDir = QDir(backend_->workDir()).filePath(QStringLiteral(".schedlab"));
    QDir().mkpath(stateDir);
    env.insert(QStringLiteral("HISTFILE"), QDir(stateDir).filePath(QStringLiteral("bash_history")));
    auto *terminal = new TerminalWidget;
    QString error;
    if (!terminal->start(
            QStringLiteral("/bin/bash"),
            {QStringLiteral("--noprofile"), QStringLiteral("--norc"), QStringLiteral("-i")}, env,
            backend_->workDir(), &error)) {
        delete terminal;
        auto *label = new QLabel(tr("The terminal could not start: %1").arg(error));
        label->setWordWrap(true);
        tabs_->addTab(label, tr("Error"));
        return nullptr;
    }
    ++opened_;
    const QString title =
        withCluster ? tr("bash %1").arg(opened_) : tr("bash %1 (no cluster)").arg(opened_);
    const int index = tabs_->addTab(terminal, title);
    tabs_->setCurrentIndex(index);
    connect(terminal, &TerminalWidget::finished, this, [this, terminal](int code) {
        const int i = tabs_->indexOf(terminal);
        if (i >= 0)
            tabs_->setTabText(i, tabs_->tabText(i) + tr(" — ended (%1)").arg(code));
    });
    terminal->setFocus();
    return terminal;
}

TerminalWidget *TerminalPane::current() const
{
    return qobject_cast<TerminalWidget *>(tabs_->currentWidget());
}

TerminalWidget *TerminalPane::terminal(int index) const
{
    return qobject_cast<TerminalWidget *>(tabs_->widget(index));
}

int TerminalPane::count() const
{
    return tabs_->count();
}

void TerminalPane::runCommand(const QString &line)
{
    TerminalWidget *terminal = current();
    if (!terminal || !terminal->isRunning())
        terminal = openTerminal();
    if (terminal)
        terminal->sendText(line + QLatin1Char('\r'));
}

void TerminalPane::closeTab(int index)
{
    QWidget *w = tabs_->widget(index);
    tabs_->removeTab(index);
    delete w; // hangs up the shell
}

} // namespace schedlab::gui
