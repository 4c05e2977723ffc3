// The terminal pane: a program on a pseudo-terminal (Pty), its output parsed by libvterm
// (TerminalScreen), drawn cell by cell here, with the keyboard, selection and scrollback.
#pragma once

#include <QAbstractScrollArea>
#include <QColor>
#include <QElapsedTimer>
#include <QFont>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <array>
#include <compare>
#include <vector>

namespace schedlab::gui {

class Pty;
class TerminalScreen;

// One character cell of the visible screen. Colours are those the program set (the
// palette's Text and Base when it set none), before `reverse` swaps them. `text` is empty
// for a blank cell and for the right half of a wide character.
struct TerminalCell
{
    QString text;
    QColor foreground;
    QColor background;
    bool bold = false, underline = false, italic = false, reverse = false;
};

class TerminalWidget : public QAbstractScrollArea
{
    Q_OBJECT

public:
    explicit TerminalWidget(QWidget *parent = nullptr);
    // Hangs up the child (SIGHUP) and reaps it; never blocks long.
    ~TerminalWidget() override;

    // Starts `program` on a new pseudo-terminal sized to the widget. An empty environment
    // means the application's; TERM and COLORTERM are set either way. False with *error set.
    bool start(const QString &program, const QStringList &arguments,
               const QProcessEnvironment &environment, const QString &workingDirectory,
               QString *error);
    bool isRunning() const;
    // The child's process id (kept after it exits); 0 before start().
    qint64 pid() const;
    // Bytes to the terminal as if typed, unchanged ("\r" is Enter; "\n" works for shells).
    void sendText(const QString &text);
    // The visible screen, lines joined by '\n', trailing spaces trimmed.
    QString screenText() const;
    TerminalCell cellAt(int row, int column) const; // visible screen
    QSize gridSize() const;                         // columns x rows
    QString title() const;
    int scrollbackLines() const;

    bool hasSelection() const;
    QString selectedText() const;
    QSize sizeHint() const override;

public Q_SLOTS:
    void copy();
    // Bracketed when the program asked for it, so a pasted script is not run line by line.
    void paste();
    void selectAll();

Q_SIGNALS:
    void finished(int exitCode);
    void titleChanged(const QString &title);
    void screenChanged(); // after a batch of output has been applied

protected:
    bool event(QEvent *event) override;
    bool focusNextPrevChild(bool next) override;
    void keyPressEvent(QKeyEvent *event) override;
    void inputMethodEvent(QInputMethodEvent *event) override;
    QVariant inputMethodQuery(Qt::InputMethodQuery query) const override;
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    // A position between cells: stable line number (TerminalScreen::scrolledOut() based)
    // and a column boundary, so that a selection stays on its text while output scrolls.
    struct Boundary
    {
        qint64 line = 0;
        int column = 0;
        auto operator<=>(const Boundary &) const = default;
    };

    void onOutput(const QByteArray &bytes);
    void onFinished(int exitCode);
    void applyPending();
    void feedPending();
    void showExit(int exitCode);
    void syncScrollBar();
    void repaintDamage(bool scrolled);
    void updateMetrics();
    void updateGrid();
    QSize gridForViewport() const;
    void writeToProgram(const QByteArray &bytes);
    void pasteText(QString text);
    void scrollToBottom();

    bool handleShortcut(QKeyEvent *event);
    bool claimsShortcut(QKeyEvent *event) const;
    QByteArray controlBytes(QKeyEvent *event) const;
    bool sendSpecialKey(QKeyEvent *event);

    int viewTop() const;
    int lineAtViewRow(int viewRow) const;
    QPoint cellAtPoint(const QPointF &point) const;
    Boundary boundaryAt(const QPointF &point) const;
    bool isSelected(int line, int column) const;
    void selectWordAt(const QPointF &point);
    void selectLineAt(const QPointF &point);
    void publishSelection();
    bool forwardsMouse(const QMouseEvent *event) const;
    bool forwardMouse(QMouseEvent *event, bool pressed);
    void autoScrollWhileSelecting(const QPointF &point);

    struct PaintedCell;
    PaintedCell paintedCell(int line, int column) const;
    void paintRow(QPainter &painter, int viewRow) const;
    void paintBackgrounds(QPainter &painter, int viewRow,
                          const std::vector<PaintedCell> &cells) const;
    void paintText(QPainter &painter, int viewRow, const std::vector<PaintedCell> &cells) const;
    void paintCursor(QPainter &painter) const;
    QRectF cellRect(int viewRow, int column, int width = 1) const;
    QColor defaultBackground() const;

    TerminalScreen *screen_;
    Pty *pty_ = nullptr;
    // Output read but not parsed yet: parsing is paced so that painting and input go on.
    QByteArray pending_;
    bool applyScheduled_ = false;
    int exitCode_ = -1;
    bool exitPending_ = false;
    qreal cellWidth_ = 8;
    int cellHeight_ = 16;
    qreal ascent_ = 12;
    int margin_ = 4;
    std::array<QFont, 16> fonts_;
    bool selecting_ = false;
    Boundary anchor_;
    Boundary selectionStart_;
    Boundary selectionEnd_;
    QElapsedTimer sinceDoubleClick_;
    int wheelDelta_ = 0;
};

} // namespace schedlab::gui
