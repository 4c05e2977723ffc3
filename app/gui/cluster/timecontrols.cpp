// Time controls. The clock shows UTC, as `date` and squeue do inside the mini-cluster, so
// the times on screen and in the terminal are the same numbers.
#include "timecontrols.h"

#include "localbackend.h"

#include <QAction>
#include <QActionGroup>
#include <QDateTime>
#include <QFontDatabase>
#include <QLabel>
#include <QMessageBox>
#include <QTimeZone>

namespace schedlab::gui {

TimeControls::TimeControls(LocalBackend *backend, QWidget *parent)
    : QToolBar(tr("Time"), parent)
    , backend_(backend)
    , clock_(new QLabel)
{
    setObjectName(QStringLiteral("timeControls"));
    clock_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    clock_->setToolTip(tr("The mini-cluster's clock (virtual time, UTC)"));
    clock_->setContentsMargins(8, 0, 8, 0);
    addWidget(clock_);

    pause_ = addAction(tr("Pause"));
    pause_->setCheckable(true);
    pause_->setShortcut(QKeySequence(Qt::Key_F6));
    pause_->setToolTip(tr("Stop the cluster's clock (F6)"));
    connect(pause_, &QAction::toggled, backend_, &LocalBackend::setPaused);

    auto *group = new QActionGroup(this);
    addSpeed(group, 1, QKeySequence(Qt::CTRL | Qt::Key_1))->setChecked(true);
    addSpeed(group, 10, QKeySequence(Qt::CTRL | Qt::Key_2));
    addSpeed(group, 60, QKeySequence(Qt::CTRL | Qt::Key_3));

    next_ = addAction(tr("Next event"));
    next_->setShortcut(QKeySequence(Qt::Key_F7));
    next_->setToolTip(tr("Jump to the next moment something happens in the cluster (F7)"));
    connect(next_, &QAction::triggered, backend_, &LocalBackend::jumpToNextEvent);

    addSeparator();
    reset_ = addAction(tr("Reset cluster"));
    reset_->setToolTip(tr("Kill every job and pod and empty the queue; job numbers go on"));
    connect(reset_, &QAction::triggered, this, &TimeControls::confirmReset);

    connect(backend_, &Backend::clockChanged, this, &TimeControls::showClock);
    showClock(backend_->now());
}

QAction *TimeControls::addSpeed(QActionGroup *group, int factor, const QKeySequence &shortcut)
{
    QAction *action = addAction(QStringLiteral("×%1").arg(factor));
    action->setCheckable(true);
    action->setShortcut(shortcut);
    action->setToolTip(tr("Virtual time runs %1 times as fast as real time (%2)")
                           .arg(factor)
                           .arg(shortcut.toString(QKeySequence::NativeText)));
    action->setData(factor);
    group->addAction(action);
    connect(action, &QAction::triggered, this, [this, factor] { backend_->setSpeed(factor); });
    speeds_.append(action);
    return action;
}

QAction *TimeControls::speedAction(int factor) const
{
    for (QAction *a : speeds_)
        if (a->data().toInt() == factor)
            return a;
    return nullptr;
}

QString TimeControls::clockText(qint64 epoch)
{
    return QDateTime::fromSecsSinceEpoch(epoch, QTimeZone::utc())
        .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss 'UTC'"));
}

void TimeControls::showClock(qint64 now)
{
    clock_->setText(clockText(now));
}

void TimeControls::confirmReset()
{
    const auto answer = QMessageBox::question(
        this, tr("Reset the cluster"),
        tr("Every job and pod is stopped and the queue is emptied. Output files stay, and the "
           "next job gets the next number. Reset now?"));
    if (answer == QMessageBox::Yes)
        backend_->resetCluster();
}

} // namespace schedlab::gui
