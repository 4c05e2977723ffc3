// The timeline view on a small Slurm-like scenario (offscreen): bars are where clicks find them,
// overlapping jobs get their own rows, zoom and follow-the-clock behave, exports are valid
// files, tooltips explain the waits.
//
// SCHEDLAB_TIMELINE_PNG=/tmp/timeline.png also writes the export and the widget (light and
// dark) there, to look at.
#include "timelinewidget.h"

#include <QFile>
#include <QImage>
#include <QImageReader>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QToolTip>
#include <QtTest>

using namespace schedlab::gui;

namespace {

const qint64 T = QDateTime(QDate(2024, 5, 2), QTime(12, 0)).toSecsSinceEpoch();

TimelinePhase phase(qint64 start, qint64 end, const char *state)
{
    return {T + start, end < 0 ? 0 : T + end, QString::fromLatin1(state)};
}

TimelineTransition transition(qint64 at, const char *state, const char *reason = "")
{
    return {T + at, QString::fromLatin1(state), QString::fromLatin1(reason)};
}

TimelineItem job(const char *id, const char *name, const char *user)
{
    TimelineItem item;
    item.id = QString::fromLatin1(id);
    item.label = item.id + QLatin1Char(' ') + QString::fromLatin1(name);
    item.group = QString::fromLatin1(user);
    return item;
}

// Two nodes; 10 ran and completed, 11 waited for resources then hit its time limit, 12 waited
// then was started by backfill (with the reservation it had), 13 waited and was cancelled.
TimelineData scenario()
{
    TimelineData data;
    data.title = QStringLiteral("Slurm");
    data.lanes = {QStringLiteral("node1"), QStringLiteral("node2")};
    data.origin = T;
    data.now = T + 1500;

    TimelineItem j10 = job("10", "sommeil", "alice");
    j10.lanes = {QStringLiteral("node1")};
    j10.phases = {phase(0, 290, "R"), phase(290, 300, "CG")};
    j10.transitions = {transition(0, "R"), transition(290, "CG"), transition(300, "COMPLETED")};
    j10.finalState = QStringLiteral("COMPLETED");
    j10.limitEnd = T + 600;

    TimelineItem j11 = job("11", "calcul", "bob");
    j11.lanes = {QStringLiteral("node1"), QStringLiteral("node2")};
    j11.phases = {phase(0, 300, "PD"), phase(300, 900, "R"), phase(900, 930, "CG")};
    j11.transitions = {transition(0, "PD", "Resources"), transition(300, "R"),
                       transition(900, "TIMEOUT")};
    j11.finalState = QStringLiteral("TIMEOUT");
    j11.limitEnd = T + 900;

    TimelineItem j12 = job("12", "court", "carol");
    j12.lanes = {QStringLiteral("node2")};
    j12.phases = {phase(60, 400, "PD"), phase(400, 1300, "R"), phase(1300, -1, "CG")};
    j12.transitions = {transition(60, "PD", "Priority"), transition(400, "R", "backfill")};
    j12.backfilled = true;
    j12.limitEnd = T + 1800;
    j12.reservedStart = T + 1100;
    j12.reservedEnd = T + 1700;
    j12.reservedLanes = {QStringLiteral("node1")};

    TimelineItem j13 = job("13", "inutile", "alice");
    j13.phases = {phase(120, 600, "PD")};
    j13.transitions = {transition(120, "PD", "Dependency"), transition(600, "CANCELLED")};
    j13.finalState = QStringLiteral("CANCELLED");

    data.items = {j10, j11, j12, j13};
    return data;
}

QPoint centre(const QRect &r)
{
    return r.center();
}

} // namespace

class TestTimeline : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TimelineWidget> shown(const TimelineData &data)
    {
        auto w = std::make_unique<TimelineWidget>();
        w->resize(900, 400);
        w->setData(data);
        w->show();
        if (!QTest::qWaitForWindowExposed(w.get()))
            qWarning("window not exposed");
        return w;
    }

private Q_SLOTS:
    void barsAreWhereItemAtFindsThem()
    {
        auto w = shown(scenario());
        for (const char *id : {"10", "11", "12", "13"}) {
            const QList<QRect> rects = w->itemRects(QString::fromLatin1(id));
            QVERIFY2(!rects.isEmpty(), id);
            for (const QRect &r : rects)
                QCOMPARE(w->itemAt(centre(r)), QString::fromLatin1(id));
        }
        // 11 ran on both nodes and waited: three bars; 13 never ran: only its wait.
        QCOMPARE(w->itemRects(QStringLiteral("11")).size(), 3);
        QCOMPARE(w->itemRects(QStringLiteral("13")).size(), 1);
        QCOMPARE(w->itemRects(QStringLiteral("10")).size(), 1);
        // The wait is drawn above the nodes.
        QVERIFY(w->itemRects(QStringLiteral("13")).first().bottom() <
                w->itemRects(QStringLiteral("10")).first().top());
        // Empty space and the names column hold nothing.
        QVERIFY(
            w->itemAt(QPoint(5, centre(w->itemRects(QStringLiteral("10")).first()).y())).isEmpty());
        QVERIFY(w->itemAt(QPoint(w->xForTime(T + 1450), 5)).isEmpty());
    }

    void reservationIsFoundOnItsLane()
    {
        auto w = shown(scenario());
        const QRect bar10 = w->itemRects(QStringLiteral("10")).first();
        // node1 is free from 930 on; 12's reservation covers 1100-1700 there.
        QCOMPARE(w->itemAt(QPoint(w->xForTime(T + 1400), bar10.center().y())),
                 QStringLiteral("12"));
        QVERIFY(w->itemAt(QPoint(w->xForTime(T + 1000), bar10.center().y())).isEmpty());
    }

    void clickSelectsAndEmits()
    {
        auto w = shown(scenario());
        QSignalSpy spy(w.get(), &TimelineWidget::itemSelected);
        const QRect bar = w->itemRects(QStringLiteral("11")).last();
        QTest::mouseClick(w->viewport(), Qt::LeftButton, {}, centre(bar));
        QCOMPARE(spy.size(), 1);
        QCOMPARE(spy.first().first().toString(), QStringLiteral("11"));
        QCOMPARE(w->selected(), QStringLiteral("11"));
        // Selection survives new data.
        TimelineData later = scenario();
        later.now += 60;
        w->setData(later);
        QCOMPARE(w->selected(), QStringLiteral("11"));
        // A click on empty space clears it.
        QTest::mouseClick(w->viewport(), Qt::LeftButton, {},
                          QPoint(w->xForTime(T + 1450), bar.center().y()));
        QCOMPARE(spy.size(), 2);
        QVERIFY(spy.last().first().toString().isEmpty());
        QVERIFY(w->selected().isEmpty());
    }

    void overlappingJobsGetTheirOwnRows()
    {
        TimelineData data = scenario();
        TimelineItem a = job("20", "a", "dan");
        a.lanes = {QStringLiteral("node1")};
        a.phases = {phase(1000, 1400, "R")};
        TimelineItem b = job("21", "b", "dan");
        b.lanes = {QStringLiteral("node1")};
        b.phases = {phase(1100, 1450, "R")};
        data.items << a << b;
        auto w = shown(data);
        const QRect ra = w->itemRects(QStringLiteral("20")).first();
        const QRect rb = w->itemRects(QStringLiteral("21")).first();
        QVERIFY(!ra.intersects(rb));
        QVERIFY(ra.top() != rb.top());
        const int x = w->xForTime(T + 1200); // both run then
        QCOMPARE(w->itemAt(QPoint(x, ra.center().y())), QStringLiteral("20"));
        QCOMPARE(w->itemAt(QPoint(x, rb.center().y())), QStringLiteral("21"));
    }

    void zoom()
    {
        auto w = shown(scenario());
        const double fit = w->secondsPerPixel();
        QVERIFY(w->visibleFrom() <= T);
        QVERIFY(w->visibleTo() >= T + 1500);
        w->zoomIn();
        QVERIFY(qAbs(w->secondsPerPixel() / fit - 0.5) < 0.01);
        w->zoomOut();
        QVERIFY(qAbs(w->secondsPerPixel() / fit - 1) < 0.01);
        w->zoomIn();
        QSignalSpy range(w.get(), &TimelineWidget::visibleRangeChanged);
        QTest::keyClick(w.get(), Qt::Key_F);
        QVERIFY(qAbs(w->secondsPerPixel() / fit - 1) < 0.01);
        QCOMPARE(range.size(), 1);
        QTest::keyClick(w.get(), Qt::Key_Plus);
        QVERIFY(qAbs(w->secondsPerPixel() / fit - 0.5) < 0.01);
        // Ctrl+wheel zooms too.
        const double before = w->secondsPerPixel();
        const QPoint at(w->xForTime(T + 300), 100);
        QWheelEvent wheel(at, w->viewport()->mapToGlobal(at), {}, QPoint(0, 120), Qt::NoButton,
                          Qt::ControlModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(w->viewport(), &wheel);
        QVERIFY(w->secondsPerPixel() < before);
        QVERIFY(qAbs(w->xForTime(T + 300) - at.x()) <= 1); // around the cursor
    }

    void setVisibleRangeSharesAnAxis()
    {
        auto a = shown(scenario());
        auto b = shown(scenario());
        connect(a.get(), &TimelineWidget::visibleRangeChanged, b.get(),
                &TimelineWidget::setVisibleRange);
        connect(b.get(), &TimelineWidget::visibleRangeChanged, a.get(),
                &TimelineWidget::setVisibleRange);
        a->setVisibleRange(T + 100, T + 700);
        QCOMPARE(b->visibleFrom(), T + 100);
        QCOMPARE(b->visibleTo(), T + 700);
        b->zoomIn();
        QCOMPARE(a->visibleFrom(), b->visibleFrom());
        QCOMPARE(a->visibleTo(), b->visibleTo());
    }

    void followClockKeepsNowVisible()
    {
        auto w = shown(scenario());
        w->setVisibleRange(T, T + 600);
        w->setFollowClock(true);
        TimelineData later = scenario();
        for (qint64 now : {T + 2000, T + 5000, T + 9000}) {
            later.now = now;
            w->setData(later);
            QVERIFY2(w->visibleFrom() < now && now < w->visibleTo(),
                     qPrintable(QString::number(now)));
            QVERIFY(qAbs((w->visibleTo() - w->visibleFrom()) - 600) < 5); // zoom kept
        }
        // Dragging by hand stops following.
        const QPoint from(500, 200);
        QTest::mousePress(w->viewport(), Qt::LeftButton, {}, from);
        QTest::mouseMove(w->viewport(), from + QPoint(150, 0));
        QTest::mouseRelease(w->viewport(), Qt::LeftButton, {}, from + QPoint(150, 0));
        QVERIFY(!w->followsClock());
        const qint64 left = w->visibleFrom();
        later.now = T + 12000;
        w->setData(later);
        QCOMPARE(w->visibleFrom(), left);
    }

    void toolTipsExplain()
    {
        auto w = shown(scenario());
        const QString tip11 = w->toolTipFor(QStringLiteral("11"));
        QVERIFY(tip11.contains(QStringLiteral("11 calcul")));
        QVERIFY(tip11.contains(QStringLiteral("TIMEOUT")));
        QVERIFY(tip11.contains(QStringLiteral("PD (Resources)")));
        QVERIFY(tip11.contains(
            QDateTime::fromSecsSinceEpoch(T + 300).toString(QStringLiteral("HH:mm:ss")) +
            QStringLiteral(" R")));
        QVERIFY(w->toolTipFor(QStringLiteral("12")).contains(QStringLiteral("Priority")));
        QVERIFY(w->toolTipFor(QStringLiteral("13")).contains(QStringLiteral("Dependency")));
        QVERIFY(w->toolTipFor(QStringLiteral("13")).contains(QStringLiteral("CANCELLED")));
        QVERIFY(w->toolTipFor(QStringLiteral("nope")).isEmpty());
    }

    void toolTipShowsOverABar()
    {
        auto w = shown(scenario());
        const QRect wait = w->itemRects(QStringLiteral("11")).first();
        QHelpEvent help(QEvent::ToolTip, wait.center(), w->viewport()->mapToGlobal(wait.center()));
        QApplication::sendEvent(w->viewport(), &help);
        QTRY_VERIFY(QToolTip::isVisible());
        QVERIFY(QToolTip::text().contains(QStringLiteral("Resources")));
    }

    void exportsPng()
    {
        auto w = shown(scenario());
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("t.png"));
        QString error;
        QVERIFY2(w->exportPng(path, &error), qPrintable(error));
        QImageReader reader(path);
        QCOMPARE(reader.format(), QByteArray("png"));
        const QImage image = reader.read();
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), w->exportSize() * 2);
        QVERIFY(w->exportSize().width() > w->exportSize().height()); // a wide chart
        // Light background, like paper, whatever the widget's theme.
        QCOMPARE(image.pixelColor(image.width() - 3, image.height() / 2).lightness() > 200, true);
        QVERIFY(!w->exportPng(dir.filePath(QStringLiteral("missing/t.png")), &error));
        QVERIFY(!error.isEmpty());
        if (const QByteArray out = qgetenv("SCHEDLAB_TIMELINE_PNG"); !out.isEmpty())
            QVERIFY(w->exportPng(QString::fromLocal8Bit(out), &error));
    }

    void exportsSvg()
    {
        auto w = shown(scenario());
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("t.svg"));
        QString error;
        QVERIFY2(w->exportSvg(path, &error), qPrintable(error));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray svg = file.readAll();
        QVERIFY(svg.startsWith("<?xml"));
        QVERIFY(svg.contains("<svg"));
        for (const char *label : {"10 sommeil", "11 calcul", "12 court", "13 inutile", "node1"})
            QVERIFY2(svg.contains(label), label);
        if (const QByteArray out = qgetenv("SCHEDLAB_TIMELINE_PNG"); !out.isEmpty()) {
            QFile copy(
                QString::fromLocal8Bit(out).replace(QLatin1String(".png"), QLatin1String(".svg")));
            QVERIFY(copy.open(QIODevice::WriteOnly));
            copy.write(svg);
        }
    }

    // Not an assertion: the widget as shown, light and dark, for a human to look at.
    void screenshots()
    {
        const QByteArray out = qgetenv("SCHEDLAB_TIMELINE_PNG");
        if (out.isEmpty())
            QSKIP("SCHEDLAB_TIMELINE_PNG not set");
        auto w = shown(scenario());
        w->resize(1000, 420);
        w->setSelected(QStringLiteral("11"));
        const QString base = QString::fromLocal8Bit(out);
        QVERIFY(w->grab().save(
            QString(base).replace(QLatin1String(".png"), QLatin1String("-widget.png"))));
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x2b2b2b));
        dark.setColor(QPalette::Base, QColor(0x1e1e1e));
        dark.setColor(QPalette::Text, QColor(0xe6e6e6));
        dark.setColor(QPalette::WindowText, QColor(0xe6e6e6));
        dark.setColor(QPalette::Button, QColor(0x353535));
        dark.setColor(QPalette::Mid, QColor(0x5a5a5a));
        w->setPalette(dark);
        QVERIFY(w->grab().save(
            QString(base).replace(QLatin1String(".png"), QLatin1String("-dark.png"))));
    }
};

QTEST_MAIN(TestTimeline)
#include "tst_timeline.moc"
