// The terminal pane driven as a student uses it (offscreen): a real bash on a pseudo-terminal,
// typed to with key events, checked on what the screen shows. No fixed sleeps: every wait is
// on the shell's own output.
#include "terminalwidget.h"

#include <QClipboard>
#include <QElapsedTimer>
#include <QFile>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <memory>

#include <cerrno>
#include <csignal>
#include <sys/wait.h>

using namespace schedlab::gui;

namespace {

constexpr int kTimeout = 10000;
// 100,000 lines drawn: seconds in the plain build, more under AddressSanitizer on a busy
// machine (the test is about the event loop turning, not about speed).
constexpr int kFloodTimeout = 60000;

QStringList screenLines(const TerminalWidget &terminal)
{
    return terminal.screenText().split(QLatin1Char('\n'));
}

bool hasLine(const TerminalWidget &terminal, const QString &line)
{
    return screenLines(terminal).contains(line);
}

QString lastNonEmptyLine(const TerminalWidget &terminal)
{
    QStringList lines = screenLines(terminal);
    while (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    return lines.isEmpty() ? QString() : lines.last();
}

bool atPrompt(const TerminalWidget &terminal)
{
    return lastNonEmptyLine(terminal) == QLatin1String("$");
}

// The pids of a process's children, from /proc (the kernel's own list).
QList<qint64> childrenOf(qint64 pid)
{
    QFile file(QStringLiteral("/proc/%1/task/%1/children").arg(pid));
    QList<qint64> children;
    if (!file.open(QIODevice::ReadOnly))
        return children;
    for (const QByteArray &token : file.readAll().split(' '))
        if (!token.trimmed().isEmpty())
            children << token.trimmed().toLongLong();
    return children;
}

QString commandOf(qint64 pid)
{
    QFile file(QStringLiteral("/proc/%1/comm").arg(pid));
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()).trimmed() : QString();
}

qint64 runningChild(qint64 pid, const QString &command)
{
    for (qint64 child : childrenOf(pid))
        if (commandOf(child) == command)
            return child;
    return 0;
}

// Gone, or a zombie waiting for a reaper that is not ours (PID 1 of a container may not reap).
bool isGone(qint64 pid)
{
    QFile file(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!file.open(QIODevice::ReadOnly))
        return true;
    const QByteArray stat = file.readAll();
    const qsizetype paren = stat.lastIndexOf(')');
    return paren > 0 && stat.mid(paren + 2, 1) == "Z";
}

bool hasCell(const TerminalWidget &terminal, const QString &text,
             const std::function<bool(const TerminalCell &)> &matches)
{
    const QSize grid = terminal.gridSize();
    for (int row = 0; row < grid.height(); ++row)
        for (int column = 0; column < grid.width(); ++column) {
            const TerminalCell cell = terminal.cellAt(row, column);
            if (cell.text == text && matches(cell))
                return true;
        }
    return false;
}

} // namespace

class TestTerminal : public QObject
{
    Q_OBJECT

    QTemporaryDir home_;

    QProcessEnvironment environment() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PS1"), QStringLiteral("$ "));
        env.insert(QStringLiteral("HOME"), home_.path());
        env.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
        env.insert(QStringLiteral("HISTFILE"), home_.filePath(QStringLiteral(".bash_history")));
        env.remove(QStringLiteral("PROMPT_COMMAND"));
        env.remove(QStringLiteral("LESS"));
        env.remove(QStringLiteral("LC_ALL"));
        return env;
    }

    // A shown terminal running an interactive bash, at its first prompt (null on failure).
    std::unique_ptr<TerminalWidget> startShell(QSize size = QSize(800, 480))
    {
        auto terminal = std::make_unique<TerminalWidget>();
        terminal->resize(size);
        terminal->show();
        QString error;
        if (!terminal->start(
                QStringLiteral("/bin/bash"),
                {QStringLiteral("--norc"), QStringLiteral("--noprofile"), QStringLiteral("-i")},
                environment(), home_.path(), &error)) {
            qWarning() << "cannot start bash:" << error;
            return nullptr;
        }
        terminal->setFocus();
        if (!QTest::qWaitFor([&] { return atPrompt(*terminal); }, kTimeout)) {
            qWarning() << "no prompt:" << terminal->screenText();
            return nullptr;
        }
        return terminal;
    }

    static void type(TerminalWidget *terminal, const QString &command)
    {
        QTest::keyClicks(terminal, command);
        QTest::keyClick(terminal, Qt::Key_Return);
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(home_.isValid()); }

    void startFailuresAreReported()
    {
        TerminalWidget terminal;
        QString error;
        QVERIFY(!terminal.start(QStringLiteral("no-such-program-here"), {}, environment(),
                                home_.path(), &error));
        QVERIFY(error.contains(QStringLiteral("no-such-program-here")));
        QVERIFY(!terminal.isRunning());
        error.clear();
        QVERIFY(!terminal.start(QStringLiteral("/bin/bash"), {}, environment(),
                                QStringLiteral("/no/such/folder"), &error));
        QVERIFY(error.contains(QStringLiteral("/no/such/folder")));
        // The widget is still usable.
        QVERIFY(terminal.start(QStringLiteral("/bin/sh"),
                               {QStringLiteral("-c"), QStringLiteral("echo started-$((3+4))")},
                               environment(), home_.path(), &error));
        QSignalSpy finished(&terminal, &TerminalWidget::finished);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kTimeout);
        QCOMPARE(finished.first().at(0).toInt(), 0);
        QVERIFY(hasLine(terminal, QStringLiteral("started-7")));
    }

    void arithmeticExpansionIsEchoed()
    {
        auto terminal = startShell();
        QVERIFY(terminal);
        QVERIFY(terminal->isRunning());
        QVERIFY(terminal->pid() > 0);
        type(terminal.get(), QStringLiteral("echo $((6*7))"));
        QTRY_VERIFY_WITH_TIMEOUT(hasLine(*terminal, QStringLiteral("42")), kTimeout);
        QVERIFY(hasLine(*terminal, QStringLiteral("$ echo $((6*7))")));
    }

    void upArrowRecallsTheLastCommand()
    {
        auto terminal = startShell();
        QVERIFY(terminal);
        type(terminal.get(), QStringLiteral("echo again-$((40+2))"));
        QTRY_VERIFY_WITH_TIMEOUT(hasLine(*terminal, QStringLiteral("again-42")), kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(atPrompt(*terminal), kTimeout);
        QTest::keyClick(terminal.get(), Qt::Key_Up);
        QTRY_COMPARE_WITH_TIMEOUT(lastNonEmptyLine(*terminal),
                                  QStringLiteral("$ echo again-$((40+2))"), kTimeout);
        QTest::keyClick(terminal.get(), Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(screenLines(*terminal).count(QStringLiteral("again-42")), 2,
                                  kTimeout);
    }

    void tabCompletesInsteadOfMovingFocus()
    {
        QFile file(home_.filePath(QStringLiteral("uniquely-named-file.txt")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("completed-content\n");
        file.close();
        auto terminal = startShell();
        QVERIFY(terminal);
        QTest::keyClicks(terminal.get(), QStringLiteral("cat uniquely-na"));
        QTest::keyClick(terminal.get(), Qt::Key_Tab);
        QTRY_COMPARE_WITH_TIMEOUT(lastNonEmptyLine(*terminal),
                                  QStringLiteral("$ cat uniquely-named-file.txt"), kTimeout);
        QTest::keyClick(terminal.get(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(hasLine(*terminal, QStringLiteral("completed-content")), kTimeout);
    }

    void controlCInterruptsSleep()
    {
        auto terminal = startShell();
        QVERIFY(terminal);
        type(terminal.get(), QStringLiteral("sleep 100"));
        // Ctrl-C must reach sleep, not the shell still reading the line.
        QTRY_VERIFY_WITH_TIMEOUT(runningChild(terminal->pid(), QStringLiteral("sleep")) != 0,
                                 kTimeout);
        // The echo of the command is on screen: the old prompt is no longer the last line.
        QTRY_COMPARE_WITH_TIMEOUT(lastNonEmptyLine(*terminal), QStringLiteral("$ sleep 100"),
                                  kTimeout);
        QElapsedTimer interrupted;
        interrupted.start();
        QTest::keyClick(terminal.get(), Qt::Key_C, Qt::ControlModifier);
        QTRY_VERIFY_WITH_TIMEOUT(atPrompt(*terminal), kTimeout);
        // How fast is measured by hand, not asserted: CI machines and sanitizers are slow.
        qInfo() << "prompt back" << interrupted.elapsed() << "ms after Ctrl-C";
        QTRY_COMPARE_WITH_TIMEOUT(runningChild(terminal->pid(), QStringLiteral("sleep")), 0,
                                  kTimeout);
        type(terminal.get(), QStringLiteral("echo after-$((1+1))"));
        QTRY_VERIFY_WITH_TIMEOUT(hasLine(*terminal, QStringLiteral("after-2")), kTimeout);
    }

    void coloursAndAttributes()
    {
        auto terminal = startShell();
        QVERIFY(terminal);
        type(terminal.get(), QStringLiteral("printf '\\e[31mX\\e[0m\\n'"));
        QTRY_VERIFY_WITH_TIMEOUT(hasCell(*terminal, QStringLiteral("X"),
                                         [](const TerminalCell &cell) {
                                             return cell.foreground.red() > 150 &&
                                                    cell.foreground.green() < 80 &&
                                                    cell.foreground.blue() < 80;
                                         }),
                                 kTimeout);
        // 256 colours with bold, true colour, reverse.
        type(terminal.get(), QStringLiteral("printf '\\e[1;38;5;196mB\\e[0m \\e[38;2;10;200;30mT"
                                            "\\e[0m \\e[7mR\\e[0m\\n'"));
        QTRY_VERIFY_WITH_TIMEOUT(hasCell(*terminal, QStringLiteral("B"),
                                         [](const TerminalCell &cell) {
                                             return cell.bold &&
                                                    cell.foreground == QColor(255, 0, 0);
                                         }),
                                 kTimeout);
        QVERIFY(hasCell(*terminal, QStringLiteral("T"), [](const TerminalCell &cell) {
            return cell.foreground == QColor(10, 200, 30);
        }));
        QVERIFY(hasCell(*terminal, QStringLiteral("R"),
                        [](const TerminalCell &cell) { return cell.reverse; }));
        // Default colours are the palette's, so the pane follows light and dark themes.
        const TerminalCell blank = terminal->cellAt(terminal->gridSize().height() - 1, 0);
        QCOMPARE(blank.background, terminal->palette().color(QPalette::Base));
    }

    void wideAndAccentedCharacters()
    {
        auto terminal = startShell();
        QVERIFY(terminal);
        terminal->sendText(QStringLiteral("echo caf\u00e9\r"));
        QTRY_VERIFY_WITH_TIMEOUT(hasLine(*terminal, QStringLiteral("caf\u00e9")), kTimeout);
        type(terminal.get(), QStringLiteral("printf 'W\\344\\270\\255W\\n'"));
        QTRY_VERIFY_WITH_TIMEOUT(hasLine(*terminal, QStringLiteral("W\u4e2dW")), kTimeout);
        const int row = screenLines(*terminal).indexOf(QStringLiteral("W\u4e2dW"));
        QCOMPARE(terminal->cellAt(row, 1).text, QStringLiteral("\u4e2d"));
        QCOMPARE(terminal->cellAt(row, 2).text, QString()); // its right half
        QCOMPARE(terminal->cellAt(row, 3).text, QStringLiteral("W"));
    }

    void titleFollowsOsc()
    {
        auto terminal = startShell();
        QVERIFY(terminal);
        QSignalSpy titles(terminal.get(), &TerminalWidget::titleChanged);
        type(terminal.get(), QStringLiteral("printf '\\e]0;job-watch\\a'"));
        QTRY_COMPARE_WITH_TIMEOUT(terminal->title(), QStringLiteral("job-watch"), kTimeout);
        QVERIFY(!titles.isEmpty());
        QCOMPARE(titles.last().at(0).toString(), QStringLiteral("job-watch"));
    }

    void clearEmptiesTheScreen()
    {
        auto terminal = startShell();
        QVERIFY(terminal);
        type(terminal.get(), QStringLiteral("echo before-clear"));
        QTRY_VERIFY_WITH_TIMEOUT(hasLine(*terminal, QStringLiteral("before-clear")), kTimeout);
        type(terminal.get(), QStringLiteral("clear"));
        QTRY_VERIFY_WITH_TIMEOUT(!terminal->screenText().contains(QStringLiteral("before-clear")),
                                 kTimeout);
        QTRY_COMPARE_WITH_TIMEOUT(terminal->screenText().trimmed(), QStringLiteral("$"), kTimeout);
    }

    void resizingChangesTputCols()
    {
        auto terminal = startShell(QSize(600, 400));
        QVERIFY(terminal);
        const int before = terminal->gridSize().width();
        type(terminal.get(), QStringLiteral("tput cols"));
        QTRY_VERIFY_WITH_TIMEOUT(hasLine(*terminal, QString::number(before)), kTimeout);
        terminal->resize(900, 500);
        const int after = terminal->gridSize().width();
        QVERIFY(after > before);
        QTRY_VERIFY_WITH_TIMEOUT(atPrompt(*terminal), kTimeout);
        type(terminal.get(), QStringLiteral("echo size=$(tput cols)x$(tput lines)"));
        const QString size =
            QStringLiteral("size=%1x%2").arg(after).arg(terminal->gridSize().height());
        QTRY_VERIFY_WITH_TIMEOUT(hasLine(*terminal, size), kTimeout);
    }

    void lessUsesTheAlternateScreen()
    {
        QFile file(home_.filePath(QStringLiteral("two-hundred.txt")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        for (int i = 1; i <= 200; ++i)
            file.write(QStringLiteral("entry %1\n").arg(i).toUtf8());
        file.close();
        auto terminal = startShell();
        QVERIFY(terminal);
        type(terminal.get(), QStringLiteral("echo marker-before-less"));
        QTRY_VERIFY_WITH_TIMEOUT(hasLine(*terminal, QStringLiteral("marker-before-less")),
                                 kTimeout);
        type(terminal.get(), QStringLiteral("less two-hundred.txt"));
        QTRY_COMPARE_WITH_TIMEOUT(screenLines(*terminal).first(), QStringLiteral("entry 1"),
                                  kTimeout);
        QVERIFY(!terminal->screenText().contains(QStringLiteral("marker-before-less")));
        QVERIFY(!hasLine(*terminal, QStringLiteral("entry 200")));
        QCOMPARE(terminal->verticalScrollBar()->maximum(), 0); // no scrollback in less
        QTest::keyClick(terminal.get(), Qt::Key_Q);
        QTRY_VERIFY_WITH_TIMEOUT(hasLine(*terminal, QStringLiteral("marker-before-less")),
                                 kTimeout);
        QVERIFY(!hasLine(*terminal, QStringLiteral("entry 1")));
        QTRY_VERIFY_WITH_TIMEOUT(atPrompt(*terminal), kTimeout);
    }

    void exitCodeIsReported()
    {
        auto terminal = startShell();
        QVERIFY(terminal);
        QSignalSpy finished(terminal.get(), &TerminalWidget::finished);
        type(terminal.get(), QStringLiteral("exit 3"));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kTimeout);
        QCOMPARE(finished.first().at(0).toInt(), 3);
        QVERIFY(!terminal->isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(
            terminal->screenText().contains(QStringLiteral("[process exited with code 3]")),
            kTimeout);
        QCOMPARE(finished.count(), 1);
        QTest::keyClicks(terminal.get(), QStringLiteral("ignored")); // nobody to type to
    }

    void outputScrollsIntoScrollback()
    {
        auto terminal = startShell();
        QVERIFY(terminal);
        type(terminal.get(), QStringLiteral("seq 1 300"));
        QTRY_VERIFY_WITH_TIMEOUT(hasLine(*terminal, QStringLiteral("300")), kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(atPrompt(*terminal), kTimeout);
        QVERIFY(terminal->scrollbackLines() >= 300 - terminal->gridSize().height());
        QVERIFY(!hasLine(*terminal, QStringLiteral("1")));

        QScrollBar *bar = terminal->verticalScrollBar();
        QCOMPARE(bar->value(), bar->maximum());
        QWheelEvent wheel(QPointF(50, 50), terminal->mapToGlobal(QPointF(50, 50)), QPoint(),
                          QPoint(0, 120 * 5), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase,
                          false);
        QApplication::sendEvent(terminal->viewport(), &wheel);
        QCOMPARE(bar->value(), bar->maximum() - 15);
        bar->setValue(0);
        QTest::keyClicks(terminal.get(), QStringLiteral("e")); // typing returns to the bottom
        QCOMPARE(bar->value(), bar->maximum());
    }

    void floodingStaysResponsive()
    {
        auto terminal = startShell();
        QVERIFY(terminal);
        // The event loop must keep turning while 100,000 lines arrive.
        QElapsedTimer sinceTick;
        qint64 longestGap = 0;
        QTimer ticker;
        connect(&ticker, &QTimer::timeout, this,
                [&] { longestGap = std::max(longestGap, sinceTick.restart()); });
        QElapsedTimer elapsed;
        elapsed.start();
        type(terminal.get(), QStringLiteral("yes | head -100000; echo flood-done"));
        sinceTick.start();
        ticker.start(10);
        QTRY_VERIFY_WITH_TIMEOUT(hasLine(*terminal, QStringLiteral("flood-done")), kFloodTimeout);
        ticker.stop();
        qInfo() << "100,000 lines in" << elapsed.elapsed() << "ms, longest stall" << longestGap
                << "ms";
        // The event loop kept turning (the ticker ran); the stall is reported, not asserted.
        QVERIFY(longestGap > 0);
        QVERIFY(terminal->scrollbackLines() >= 5000);
        // Endless output: Ctrl-C still gets through and the prompt comes back.
        QTRY_VERIFY_WITH_TIMEOUT(atPrompt(*terminal), kTimeout);
        type(terminal.get(), QStringLiteral("yes"));
        QTRY_COMPARE_WITH_TIMEOUT(lastNonEmptyLine(*terminal), QStringLiteral("y"), kTimeout);
        QTest::keyClick(terminal.get(), Qt::Key_C, Qt::ControlModifier);
        QTRY_VERIFY_WITH_TIMEOUT(atPrompt(*terminal), kTimeout);
    }

    void pasteAndSelection()
    {
        auto terminal = startShell();
        QVERIFY(terminal);
        QGuiApplication::clipboard()->setText(QStringLiteral("echo pasted-$((2*3))"));
        QTest::keyClick(terminal.get(), Qt::Key_V, Qt::ControlModifier | Qt::ShiftModifier);
        QTest::keyClick(terminal.get(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(hasLine(*terminal, QStringLiteral("pasted-6")), kTimeout);

        // Double-click on the word: where the font puts it.
        const QStringList lines = screenLines(*terminal);
        const int row = lines.indexOf(QStringLiteral("pasted-6"));
        const QFontMetricsF metrics(terminal->font(), terminal->viewport());
        const qreal width = metrics.horizontalAdvance(QLatin1Char('M'));
        const int height = qCeil(metrics.height());
        const int margin = std::max(1, qRound(width / 2));
        const QPoint word(qRound(margin + 2.5 * width), margin + row * height + height / 2);
        QTest::mouseDClick(terminal->viewport(), Qt::LeftButton, Qt::NoModifier, word);
        QCOMPARE(terminal->selectedText(), QStringLiteral("pasted-6"));
        QTest::keyClick(terminal.get(), Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("pasted-6"));

        terminal->selectAll();
        QVERIFY(terminal->selectedText().contains(QStringLiteral("$ echo pasted-$((2*3))")));
    }

    void twoTerminalsAreIndependent()
    {
        auto first = startShell();
        auto second = startShell();
        QVERIFY(first);
        QVERIFY(second);
        QVERIFY(first->pid() != second->pid());
        type(first.get(), QStringLiteral("NAME=first; echo in-$NAME"));
        type(second.get(), QStringLiteral("NAME=second; echo in-$NAME"));
        QTRY_VERIFY_WITH_TIMEOUT(hasLine(*first, QStringLiteral("in-first")), kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(hasLine(*second, QStringLiteral("in-second")), kTimeout);
        QVERIFY(!first->screenText().contains(QStringLiteral("second")));
        QVERIFY(!second->screenText().contains(QStringLiteral("first")));
        // One ends, the other goes on.
        QSignalSpy firstFinished(first.get(), &TerminalWidget::finished);
        type(first.get(), QStringLiteral("exit"));
        QTRY_COMPARE_WITH_TIMEOUT(firstFinished.count(), 1, kTimeout);
        QVERIFY(second->isRunning());
        type(second.get(), QStringLiteral("echo still-$NAME"));
        QTRY_VERIFY_WITH_TIMEOUT(hasLine(*second, QStringLiteral("still-second")), kTimeout);
    }

    void destroyingLeavesNoProcess()
    {
        auto terminal = startShell();
        QVERIFY(terminal);
        type(terminal.get(), QStringLiteral("sleep 1000"));
        const qint64 shell = terminal->pid();
        qint64 sleeper = 0;
        QTRY_VERIFY_WITH_TIMEOUT((sleeper = runningChild(shell, QStringLiteral("sleep"))) != 0,
                                 kTimeout);
        QElapsedTimer destroying;
        destroying.start();
        terminal.reset();
        qInfo() << "destroyed in" << destroying.elapsed() << "ms";
        // The shell is reaped by us: no zombie, no process.
        errno = 0;
        QCOMPARE(waitpid(static_cast<pid_t>(shell), nullptr, WNOHANG), -1);
        QCOMPARE(errno, ECHILD);
        QCOMPARE(kill(static_cast<pid_t>(shell), 0), -1);
        QCOMPARE(errno, ESRCH);
        // Its foreground job got the hang-up too.
        QTRY_VERIFY_WITH_TIMEOUT(isGone(sleeper), kTimeout);
    }

    void screenshot()
    {
        // Set SCHEDLAB_TERMINAL_SHOT=/tmp/term.png to look at the pane as a user would.
        const QString path = qEnvironmentVariable("SCHEDLAB_TERMINAL_SHOT");
        if (path.isEmpty())
            QSKIP("SCHEDLAB_TERMINAL_SHOT not set");
        auto terminal = startShell(QSize(900, 520));
        QVERIFY(terminal);
        type(terminal.get(), QStringLiteral("ls --color=always /; printf '\\e[1;32mbold green"
                                            "\\e[0m \\e[4munderlined\\e[0m \\e[3mitalic\\e[0m "
                                            "\\e[7mreverse\\e[0m caf\\303\\251 "
                                            "\\344\\270\\255\\346\\226\\207\\n'"));
        QTRY_VERIFY_WITH_TIMEOUT(terminal->screenText().contains(QStringLiteral("bold green")),
                                 kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(atPrompt(*terminal), kTimeout);
        QVERIFY(terminal->grab().save(path));
        // The same under a dark theme: the defaults come from the palette.
        QPalette dark = terminal->palette();
        dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
        dark.setColor(QPalette::Text, QColor(0xdd, 0xdd, 0xdd));
        terminal->setPalette(dark);
        type(terminal.get(), QStringLiteral("less /etc/services"));
        QTRY_VERIFY_WITH_TIMEOUT(terminal->verticalScrollBar()->maximum() == 0, kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(terminal->screenText().contains(QStringLiteral("tcpmux")),
                                 kTimeout);
        QVERIFY(terminal->grab().save(
            QString(path).replace(QStringLiteral(".png"), QStringLiteral("-dark.png"))));
        QTest::keyClick(terminal.get(), Qt::Key_Q);
    }
};

QTEST_MAIN(TestTerminal)
#include "tst_terminal.moc"
