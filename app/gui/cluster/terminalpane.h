// The terminals at the bottom of the window: real bash shells in the workspace, one per tab,
// with the mini-cluster's commands first on PATH, unless "No cluster" is on (the lesson on a
// laptop where `sinfo` is not found).
#pragma once

#include <QWidget>

class QCheckBox;
class QTabWidget;
class QToolButton;

namespace schedlab::gui {

class LocalBackend;
class TerminalWidget;

class TerminalPane : public QWidget
{
    Q_OBJECT

public:
    explicit TerminalPane(LocalBackend *backend, QWidget *parent = nullptr);

    // Opens a new terminal tab (with or without the cluster, as the switch says).
    TerminalWidget *openTerminal();
    TerminalWidget *current() const;
    TerminalWidget *terminal(int index) const;
    int count() const;
    QCheckBox *noClusterSwitch() const { return noCluster_; }
    // Types a command line into the current terminal (opening one if none) and runs it.
    void runCommand(const QString &line);

private:
    void closeTab(int index);
    QString prompt(bool withCluster) const;

    LocalBackend *backend_;
    QTabWidget *tabs_;
    QCheckBox *noCluster_;
    int opened_ = 0;
};

} // namespace schedlab::gui
