// The time controls shown on every page: the virtual clock, pause, x1 / x10 / x60, jump to
// the next event and reset the cluster.
#pragma once

#include <QToolBar>

class QAction;
class QActionGroup;
class QLabel;

namespace schedlab::gui {

class LocalBackend;

class TimeControls : public QToolBar
{
    Q_OBJECT

public:
    explicit TimeControls(LocalBackend *backend, QWidget *parent = nullptr);

    QAction *pauseAction() const { return pause_; }
    QAction *speedAction(int factor) const;
    QAction *nextEventAction() const { return next_; }
    QAction *resetAction() const { return reset_; }
    QLabel *clock() const { return clock_; }
    // Virtual epoch seconds as the clock shows them (UTC, as the cluster's commands print).
    static QString clockText(qint64 epoch);

private:
    QAction *addSpeed(QActionGroup *group, int factor, const QKeySequence &shortcut);
    void showClock(qint64 now);
    void confirmReset();

    LocalBackend *backend_;
    QLabel *clock_;
    QAction *pause_;
    QAction *next_;
    QAction *reset_;
    QList<QAction *> speeds_;
};

} // namespace schedlab::gui
