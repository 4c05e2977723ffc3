// The terminal pane's widget: turns keys, mouse and resizes into bytes and window sizes for
// the program, and paints TerminalScreen's cells with the palette's colours.
#include "terminalwidget.h"

#include "pty.h"
#include "terminalscreen.h"

#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QFontDatabase>
#include <QFontMetricsF>
#include <QInputMethodEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QPainter>
#include <QScrollBar>
#include <QTimer>
#include <QtMath>

#include <algorithm>

namespace schedlab::gui {

namespace {

// A slice of output parsed between two looks at the clock, and the time one turn of the
// event loop may spend parsing (a frame or two).
constexpr qsizetype kFeedSlice = 1024;
constexpr int kFeedBudgetMs = 20;
// Wheel notches scroll this many lines, as in most terminals.
constexpr int kLinesPerNotch = 3;

VTermModifier modifiersOf(Qt::KeyboardModifiers modifiers)
{
    int m = VTERM_MOD_NONE;
    if (modifiers & Qt::ShiftModifier)
        m |= VTERM_MOD_SHIFT;
    if (modifiers & Qt::AltModifier)
        m |= VTERM_MOD_ALT;
    if (modifiers & Qt::ControlModifier)
        m |= VTERM_MOD_CTRL;
    return static_cast<VTermModifier>(m);
}

VTermKey vtermKey(int key)
{
    switch (key) {
    case Qt::Key_Return:
    case Qt::Key_Enter:
        return VTERM_KEY_ENTER;
    case Qt::Key_Tab:
    case Qt::Key_Backtab:
        return VTERM_KEY_TAB;
    case Qt::Key_Backspace:
        return VTERM_KEY_BACKSPACE;
    case Qt::Key_Escape:
        return VTERM_KEY_ESCAPE;
    case Qt::Key_Up:
        return VTERM_KEY_UP;
    case Qt::Key_Down:
        return VTERM_KEY_DOWN;
    case Qt::Key_Left:
        return VTERM_KEY_LEFT;
    case Qt::Key_Right:
        return VTERM_KEY_RIGHT;
    case Qt::Key_Insert:
        return VTERM_KEY_INS;
    case Qt::Key_Delete:
        return VTERM_KEY_DEL;
    case Qt::Key_Home:
        return VTERM_KEY_HOME;
    case Qt::Key_End:
        return VTERM_KEY_END;
    case Qt::Key_PageUp:
        return VTERM_KEY_PAGEUP;
    case Qt::Key_PageDown:
        return VTERM_KEY_PAGEDOWN;
    default:
        break;
    }
    if (key >= Qt::Key_F1 && key <= Qt::Key_F35)
        return static_cast<VTermKey>(VTERM_KEY_FUNCTION(key - Qt::Key_F1 + 1));
    return VTERM_KEY_NONE;
}

// The control character Ctrl plus this key types in a terminal; -1 when there is none.
int controlCharacter(int key)
{
    if (key >= Qt::Key_A && key <= Qt::Key_Z)
        return key - Qt::Key_A + 1;
    switch (key) {
    case Qt::Key_Space:
    case Qt::Key_At:
    case Qt::Key_2:
        return 0x00;
    case Qt::Key_BracketLeft:
    case Qt::Key_3:
        return 0x1b;
    case Qt::Key_Backslash:
    case Qt::Key_4:
        return 0x1c;
    case Qt::Key_BracketRight:
    case Qt::Key_5:
        return 0x1d;
    case Qt::Key_AsciiCircum:
    case Qt::Key_6:
        return 0x1e;
    case Qt::Key_Underscore:
    case Qt::Key_Minus:
    case Qt::Key_Slash:
    case Qt::Key_7:
        return 0x1f;
    case Qt::Key_Question:
    case Qt::Key_8:
        return 0x7f;
    case Qt::Key_Backspace: // ^H, as xterm sends (plain Backspace is DEL)
        return 0x08;
    default:
        return -1;
    }
}

// Word characters for double-click: enough to take a whole path, option or job id at once.
bool isWordCharacter(const QString &text)
{
    if (text.isEmpty())
        return false;
    const QChar c = text.front();
    return c.isLetterOrNumber() || QStringLiteral("-_./~:@+%=?&#").contains(c);
}

bool isPlainAscii(const QString &text)
{
    return text.isEmpty() ||
           (text.size() == 1 && text.front().unicode() >= 0x20 && text.front().unicode() < 0x7f);
}

QColor mixed(const QColor &a, const QColor &b)
{
    return QColor((a.red() + b.red()) / 2, (a.green() + b.green()) / 2, (a.blue() + b.blue()) / 2);
}

} // namespace

// One cell as painted: colours after reverse video and selection, the font variant.
struct TerminalWidget::PaintedCell
{
    QString text;
    QColor foreground;
    QColor background;
    int font = 0; // bit 0 bold, 1 italic, 2 underline, 3 strike-out
    bool continuation = false;
};

TerminalWidget::TerminalWidget(QWidget *parent)
    : QAbstractScrollArea(parent)
    , screen_(new TerminalScreen(24, 80, this))
{
    setFrameShape(QFrame::NoFrame);
    // Always there, so that the first scrollback line does not narrow the grid.
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_InputMethodEnabled);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    viewport()->setMouseTracking(true);
    viewport()->setCursor(Qt::IBeamCursor);
    QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (fixed.pointSizeF() > 0 && fixed.pointSizeF() < 10)
        fixed.setPointSizeF(10);
    setFont(fixed);
    updateMetrics();
    screen_->setDefaultColors(palette().color(QPalette::Text), palette().color(QPalette::Base));
    connect(screen_, &TerminalScreen::output, this, &TerminalWidget::writeToProgram);
    connect(screen_, &TerminalScreen::titleChanged, this, &TerminalWidget::titleChanged);
    connect(screen_, &TerminalScreen::bell, this, [] { QApplication::beep(); });
    syncScrollBar();
}

TerminalWidget::~TerminalWidget()
{
    if (pty_) {
        disconnect(pty_, nullptr, this, nullptr);
        delete pty_; // hangs up and reaps
        pty_ = nullptr;
    }
}

bool TerminalWidget::start(const QString &program, const QStringList &arguments,
                           const QProcessEnvironment &environment, const QString &workingDirectory,
                           QString *error)
{
    if (isRunning()) {
        if (error)
            *error = tr("A program is already running in this terminal.");
        return false;
    }
    const QSize grid = gridForViewport();
    screen_->resize(grid.height(), grid.width());
    auto *pty = new Pty(this);
    if (!pty->start(program, arguments, environment, workingDirectory, grid.height(), grid.width(),
                    error)) {
        delete pty;
        return false;
    }
    delete pty_; // the one that ran before, if any
    pty_ = pty;
    connect(pty_, &Pty::dataReceived, this, &TerminalWidget::onOutput);
    connect(pty_, &Pty::finished, this, &TerminalWidget::onFinished);
    syncScrollBar();
    viewport()->update();
    return true;
}

bool TerminalWidget::isRunning() const
{
    return pty_ && pty_->isRunning();
}

qint64 TerminalWidget::pid() const
{
    return pty_ ? pty_->pid() : 0;
}

void TerminalWidget::sendText(const QString &text)
{
    writeToProgram(text.toUtf8());
    scrollToBottom();
}

QString TerminalWidget::screenText() const
{
    QStringList lines;
    for (int row = 0; row < screen_->rows(); ++row)
        lines << screen_->lineText(row, 0, screen_->columns());
    return lines.join(QLatin1Char('\n'));
}

TerminalCell TerminalWidget::cellAt(int row, int column) const
{
    if (row < 0 || row >= screen_->rows() || column < 0 || column >= screen_->columns())
        return {};
    const VTermScreenCell c = screen_->cell(row, column);
    TerminalCell cell;
    cell.text = TerminalScreen::cellText(c);
    cell.foreground = screen_->color(c.fg);
    cell.background = screen_->color(c.bg);
    cell.bold = c.attrs.bold;
    cell.underline = c.attrs.underline != 0;
    cell.italic = c.attrs.italic;
    cell.reverse = c.attrs.reverse;
    return cell;
}

QSize TerminalWidget::gridSize() const
{
    return QSize(screen_->columns(), screen_->rows());
}

QString TerminalWidget::title() const
{
    return screen_->title();
}

int TerminalWidget::scrollbackLines() const
{
    return screen_->scrollbackCount();
}

QSize TerminalWidget::sizeHint() const
{
    const int frame = 2 * frameWidth();
    return QSize(qCeil(80 * cellWidth_) + 2 * margin_ + verticalScrollBar()->sizeHint().width() +
                     frame,
                 24 * cellHeight_ + 2 * margin_ + frame);
}

// ---- Output ----

void TerminalWidget::onOutput(const QByteArray &bytes)
{
    pending_ += bytes;
    if (!applyScheduled_)
        applyPending();
}

void TerminalWidget::applyPending()
{
    applyScheduled_ = false;
    const qint64 scrolledBefore = screen_->scrolledOut();
    feedPending();
    if (!pending_.isEmpty()) {
        applyScheduled_ = true;
        QTimer::singleShot(0, this, &TerminalWidget::applyPending);
    } else if (exitPending_) {
        showExit(exitCode_);
    }
    if (pty_)
        pty_->setReadingPaused(!pending_.isEmpty());
    syncScrollBar();
    repaintDamage(screen_->scrolledOut() != scrolledBefore);
    Q_EMIT screenChanged();
    if (exitPending_ && pending_.isEmpty()) {
        exitPending_ = false;
        Q_EMIT finished(exitCode_);
    }
}

void TerminalWidget::feedPending()
{
    // Parsing costs per line scrolled (libvterm moves the whole screen each time): feed small
    // slices for a bounded time, then let the event loop paint and take keys.
    QElapsedTimer elapsed;
    elapsed.start();
    qsizetype done = 0;
    while (done < pending_.size() && !elapsed.hasExpired(kFeedBudgetMs)) {
        const qsizetype slice = std::min(kFeedSlice, pending_.size() - done);
        screen_->feed(pending_.mid(done, slice));
        done += slice;
    }
    pending_.remove(0, done);
}

void TerminalWidget::onFinished(int exitCode)
{
    // Announced once everything the program printed is on the screen.
    exitCode_ = exitCode;
    exitPending_ = true;
    if (!applyScheduled_)
        applyPending();
}

void TerminalWidget::showExit(int exitCode)
{
    // A grey line, the way a terminal window says its shell is gone; the widget stays.
    const QColor grey = mixed(palette().color(QPalette::Text), palette().color(QPalette::Base));
    QByteArray line = screen_->cursor().col > 0 ? "\r\n" : "";
    line += QStringLiteral("\x1b[0;38;2;%1;%2;%3m")
                .arg(grey.red())
                .arg(grey.green())
                .arg(grey.blue())
                .toLatin1();
    line += tr("[process exited with code %1]").arg(exitCode).toUtf8();
    line += "\x1b[0m";
    screen_->feed(line);
    viewport()->update(); // the cursor goes away
}

void TerminalWidget::syncScrollBar()
{
    QScrollBar *bar = verticalScrollBar();
    // The alternate screen (less, vim) has no history of its own.
    const int history = screen_->altScreen() ? 0 : screen_->scrollbackCount();
    const bool atBottom = bar->value() == bar->maximum();
    // Lines dropped from the top of a full scrollback move what the reader looks at up.
    const int dropped = screen_->takeDropped();
    const int value = atBottom ? history : std::max(0, bar->value() - dropped);
    bar->setRange(0, history);
    bar->setPageStep(screen_->rows());
    bar->setSingleStep(1);
    bar->setValue(value);
}

void TerminalWidget::repaintDamage(bool scrolled)
{
    const TerminalScreen::Damage damage = screen_->takeDamage();
    if (scrolled || viewTop() != 0) {
        viewport()->update();
        return;
    }
    if (damage.isEmpty())
        return;
    const int top = damage.firstRow == 0 ? 0 : margin_ + damage.firstRow * cellHeight_;
    const int bottom = damage.lastRow >= screen_->rows() - 1
                           ? viewport()->height()
                           : margin_ + (damage.lastRow + 1) * cellHeight_;
    viewport()->update(QRect(0, top, viewport()->width(), bottom - top));
}

void TerminalWidget::writeToProgram(const QByteArray &bytes)
{
    if (pty_)
        pty_->write(bytes);
}

void TerminalWidget::scrollToBottom()
{
    verticalScrollBar()->setValue(verticalScrollBar()->maximum());
}

// ---- Geometry ----

void TerminalWidget::updateMetrics()
{
    const QFontMetricsF metrics(font(), viewport());
    cellWidth_ = metrics.horizontalAdvance(QLatin1Char('M'));
    cellHeight_ = qCeil(metrics.height());
    ascent_ = metrics.ascent();
    margin_ = std::max(1, qRound(cellWidth_ / 2));
    for (int i = 0; i < static_cast<int>(fonts_.size()); ++i) {
        QFont variant = font();
        variant.setBold(i & 1);
        variant.setItalic(i & 2);
        variant.setUnderline(i & 4);
        variant.setStrikeOut(i & 8);
        variant.setKerning(false);
        fonts_[i] = variant;
    }
}

QSize TerminalWidget::gridForViewport() const
{
    // A widget not shown yet has not laid its viewport out: estimate it.
    const QSize area =
        isVisible() ? viewport()->size()
                    : contentsRect().size() - QSize(verticalScrollBar()->sizeHint().width(), 0);
    const int columns = static_cast<int>((area.width() - 2 * margin_) / cellWidth_);
    const int rows = (area.height() - 2 * margin_) / cellHeight_;
    return QSize(std::max(columns, 2), std::max(rows, 1));
}

void TerminalWidget::updateGrid()
{
    const QSize grid = gridForViewport();
    if (grid == gridSize())
        return;
    screen_->resize(grid.height(), grid.width());
    if (pty_)
        pty_->resize(grid.height(), grid.width());
    syncScrollBar();
    screen_->takeDamage();
    viewport()->update();
}

void TerminalWidget::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    updateGrid();
}

void TerminalWidget::changeEvent(QEvent *event)
{
    QAbstractScrollArea::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        updateMetrics();
        updateGrid();
        viewport()->update();
    } else if (event->type() == QEvent::PaletteChange) {
        // Light and dark themes: default colours follow the palette's Text and Base.
        screen_->setDefaultColors(palette().color(QPalette::Text), palette().color(QPalette::Base));
        viewport()->update();
    }
}

void TerminalWidget::scrollContentsBy(int, int)
{
    viewport()->update();
}

int TerminalWidget::viewTop() const
{
    if (screen_->altScreen())
        return 0;
    return verticalScrollBar()->value() - screen_->scrollbackCount();
}

int TerminalWidget::lineAtViewRow(int viewRow) const
{
    return viewTop() + viewRow;
}

QRectF TerminalWidget::cellRect(int viewRow, int column, int width) const
{
    return QRectF(margin_ + column * cellWidth_, margin_ + viewRow * cellHeight_,
                  width * cellWidth_, cellHeight_);
}

QPoint TerminalWidget::cellAtPoint(const QPointF &point) const
{
    const int column = static_cast<int>(std::floor((point.x() - margin_) / cellWidth_));
    const int row = static_cast<int>(std::floor((point.y() - margin_) / cellHeight_));
    return QPoint(std::clamp(column, 0, screen_->columns() - 1),
                  std::clamp(row, 0, screen_->rows() - 1));
}

TerminalWidget::Boundary TerminalWidget::boundaryAt(const QPointF &point) const
{
    const int row = cellAtPoint(point).y();
    const int column = qRound((point.x() - margin_) / cellWidth_);
    return Boundary{screen_->scrolledOut() + lineAtViewRow(row),
                    std::clamp(column, 0, screen_->columns())};
}

// ---- Painting ----

QColor TerminalWidget::defaultBackground() const
{
    return palette().color(screen_->reverseVideo() ? QPalette::Text : QPalette::Base);
}

TerminalWidget::PaintedCell TerminalWidget::paintedCell(int line, int column) const
{
    const VTermScreenCell c = screen_->cell(line, column);
    PaintedCell cell;
    cell.continuation = c.chars[0] == static_cast<uint32_t>(-1);
    cell.text = TerminalScreen::cellText(c);
    cell.foreground = screen_->color(c.fg);
    cell.background = screen_->color(c.bg);
    if (bool(c.attrs.reverse) != screen_->reverseVideo())
        std::swap(cell.foreground, cell.background);
    if (isSelected(line, column)) {
        cell.foreground = palette().color(QPalette::HighlightedText);
        cell.background = palette().color(QPalette::Highlight);
    }
    cell.font = (c.attrs.bold ? 1 : 0) | (c.attrs.italic ? 2 : 0) | (c.attrs.underline ? 4 : 0) |
                (c.attrs.strike ? 8 : 0);
    return cell;
}

void TerminalWidget::paintEvent(QPaintEvent *event)
{
    QPainter painter(viewport());
    const QRect area = event->rect();
    painter.fillRect(area, defaultBackground());
    const int first = std::max(0, (area.top() - margin_) / cellHeight_);
    const int last = std::min(screen_->rows() - 1, (area.bottom() - margin_) / cellHeight_);
    for (int viewRow = first; viewRow <= last; ++viewRow)
        paintRow(painter, viewRow);
    paintCursor(painter);
}

void TerminalWidget::paintRow(QPainter &painter, int viewRow) const
{
    const int line = lineAtViewRow(viewRow);
    std::vector<PaintedCell> cells;
    cells.reserve(screen_->columns());
    for (int column = 0; column < screen_->columns(); ++column)
        cells.push_back(paintedCell(line, column));
    paintBackgrounds(painter, viewRow, cells);
    paintText(painter, viewRow, cells);
}

void TerminalWidget::paintBackgrounds(QPainter &painter, int viewRow,
                                      const std::vector<PaintedCell> &cells) const
{
    const QColor base = defaultBackground();
    const int count = static_cast<int>(cells.size());
    int start = 0;
    for (int column = 1; column <= count; ++column) {
        if (column < count && cells[column].background == cells[start].background)
            continue;
        if (cells[start].background != base) {
            // Whole pixels, so that neighbouring runs neither overlap nor leave a seam.
            const QRectF r = cellRect(viewRow, start, column - start);
            painter.fillRect(QRect(QPoint(qRound(r.left()), qRound(r.top())),
                                   QPoint(qRound(r.right()) - 1, qRound(r.bottom()) - 1)),
                             cells[start].background);
        }
        start = column;
    }
}

void TerminalWidget::paintText(QPainter &painter, int viewRow,
                               const std::vector<PaintedCell> &cells) const
{
    const int count = static_cast<int>(cells.size());
    const qreal baseline = cellRect(viewRow, 0).top() + ascent_;
    int column = 0;
    while (column < count) {
        const PaintedCell &cell = cells[column];
        if (cell.continuation) {
            ++column;
            continue;
        }
        QString run;
        int end = column;
        if (isPlainAscii(cell.text)) {
            // ASCII glyphs of a monospace font advance exactly one cell: draw runs at once.
            while (end < count && isPlainAscii(cells[end].text) &&
                   cells[end].foreground == cell.foreground && cells[end].font == cell.font) {
                run += cells[end].text.isEmpty() ? QStringLiteral(" ") : cells[end].text;
                ++end;
            }
        } else {
            run = cell.text; // anything else at its own cell: fallback fonts differ in width
            end = column + 1;
        }
        const bool decorated = cell.font & (4 | 8);
        if (decorated || !run.trimmed().isEmpty()) {
            painter.setFont(fonts_[cell.font]);
            painter.setPen(cell.foreground);
            painter.drawText(QPointF(cellRect(viewRow, column).left(), baseline), run);
        }
        column = end;
    }
}

void TerminalWidget::paintCursor(QPainter &painter) const
{
    if (!isRunning() || !screen_->cursorVisible())
        return;
    const VTermPos pos = screen_->cursor();
    const int viewRow = pos.row - viewTop();
    if (viewRow < 0 || viewRow >= screen_->rows())
        return;
    const VTermScreenCell c = screen_->cell(pos.row, pos.col);
    const PaintedCell cell = paintedCell(pos.row, pos.col);
    const QRectF rect = cellRect(viewRow, pos.col, c.width > 1 ? 2 : 1);
    const qreal thickness = std::max<qreal>(1.0, QFontMetricsF(font(), viewport()).lineWidth());
    if (!hasFocus()) {
        painter.setPen(QPen(cell.foreground, thickness));
        painter.setBrush(Qt::NoBrush);
        const qreal half = thickness / 2;
        painter.drawRect(rect.adjusted(half, half, -half, -half));
        return;
    }
    switch (screen_->cursorShape()) {
    case VTERM_PROP_CURSORSHAPE_UNDERLINE:
        painter.fillRect(
            QRectF(rect.left(), rect.bottom() - 2 * thickness, rect.width(), 2 * thickness),
            cell.foreground);
        return;
    case VTERM_PROP_CURSORSHAPE_BAR_LEFT:
        painter.fillRect(QRectF(rect.left(), rect.top(), 2 * thickness, rect.height()),
                         cell.foreground);
        return;
    default:
        painter.fillRect(rect, cell.foreground);
        painter.setFont(fonts_[cell.font]);
        painter.setPen(cell.background);
        painter.drawText(QPointF(rect.left(), rect.top() + ascent_), cell.text);
    }
}

// ---- Keyboard ----

bool TerminalWidget::event(QEvent *event)
{
    // Keys the program needs (Ctrl-C, Ctrl-R, Alt-B...) win over the window's shortcuts.
    if (event->type() == QEvent::ShortcutOverride &&
        claimsShortcut(static_cast<QKeyEvent *>(event))) {
        event->accept();
        return true;
    }
    return QAbstractScrollArea::event(event);
}

bool TerminalWidget::claimsShortcut(QKeyEvent *event) const
{
    if (!isRunning())
        return false; // nobody to type to: the window's shortcuts work as elsewhere
    const int key = event->key();
    // Function keys and Ctrl+Tab/PgUp/PgDn stay the application's (help, switching panes).
    if (key >= Qt::Key_F1 && key <= Qt::Key_F35)
        return false;
    const bool control = event->modifiers() & Qt::ControlModifier;
    return !(control && (key == Qt::Key_Tab || key == Qt::Key_Backtab || key == Qt::Key_PageUp ||
                         key == Qt::Key_PageDown));
}

bool TerminalWidget::focusNextPrevChild(bool)
{
    return false; // Tab completes in the shell; Ctrl+Tab leaves the terminal
}

bool TerminalWidget::handleShortcut(QKeyEvent *event)
{
    const auto modifiers =
        event->modifiers() & (Qt::ShiftModifier | Qt::ControlModifier | Qt::AltModifier);
    const int key = event->key();
    const bool controlShift = modifiers == (Qt::ControlModifier | Qt::ShiftModifier);
    if ((controlShift && key == Qt::Key_C) ||
        (modifiers == Qt::ControlModifier && key == Qt::Key_Insert)) {
        copy();
    } else if ((controlShift && key == Qt::Key_V) ||
               (modifiers == Qt::ShiftModifier && key == Qt::Key_Insert)) {
        paste();
    } else if (modifiers == Qt::ShiftModifier &&
               (key == Qt::Key_PageUp || key == Qt::Key_PageDown) && !screen_->altScreen()) {
        QScrollBar *bar = verticalScrollBar();
        bar->setValue(bar->value() + (key == Qt::Key_PageUp ? -1 : 1) * bar->pageStep());
    } else if ((modifiers & Qt::ControlModifier) &&
               (key == Qt::Key_Tab || key == Qt::Key_Backtab)) {
        QAbstractScrollArea::focusNextPrevChild(key == Qt::Key_Tab &&
                                                !(modifiers & Qt::ShiftModifier));
    } else {
        return false;
    }
    return true;
}

QByteArray TerminalWidget::controlBytes(QKeyEvent *event) const
{
    if (!(event->modifiers() & Qt::ControlModifier))
        return {};
    const int c = controlCharacter(event->key());
    if (c < 0)
        return {};
    QByteArray bytes(1, static_cast<char>(c));
    if (event->modifiers() & Qt::AltModifier)
        bytes.prepend('\x1b');
    return bytes;
}

bool TerminalWidget::sendSpecialKey(QKeyEvent *event)
{
    const VTermKey key = vtermKey(event->key());
    if (key == VTERM_KEY_NONE)
        return false;
    VTermModifier modifiers = modifiersOf(event->modifiers());
    // libvterm would encode Shift/Ctrl+Enter, Backspace or Escape as CSI u, which shells
    // print as garbage: send those keys as terminals usually do.
    if (key == VTERM_KEY_ENTER || key == VTERM_KEY_BACKSPACE || key == VTERM_KEY_ESCAPE)
        modifiers = static_cast<VTermModifier>(modifiers & VTERM_MOD_ALT);
    if (key == VTERM_KEY_TAB)
        modifiers =
            static_cast<VTermModifier>((modifiers & (VTERM_MOD_ALT | VTERM_MOD_SHIFT)) |
                                       (event->key() == Qt::Key_Backtab ? VTERM_MOD_SHIFT : 0));
    screen_->key(key, modifiers);
    return true;
}

void TerminalWidget::keyPressEvent(QKeyEvent *event)
{
    if (handleShortcut(event))
        return;
    if (!isRunning()) {
        event->ignore();
        return;
    }
    const QByteArray control = controlBytes(event);
    if (!control.isEmpty()) {
        writeToProgram(control);
    } else if (!sendSpecialKey(event)) {
        QByteArray text = event->text().toUtf8();
        if (text.isEmpty()) { // a modifier alone
            QAbstractScrollArea::keyPressEvent(event);
            return;
        }
        if (event->modifiers() & Qt::AltModifier)
            text.prepend('\x1b'); // Meta sends Escape, as readline's Alt-B, Alt-F expect
        writeToProgram(text);
    }
    scrollToBottom();
    event->accept();
}

void TerminalWidget::inputMethodEvent(QInputMethodEvent *event)
{
    if (!event->commitString().isEmpty() && isRunning()) {
        writeToProgram(event->commitString().toUtf8());
        scrollToBottom();
    }
    event->accept();
}

QVariant TerminalWidget::inputMethodQuery(Qt::InputMethodQuery query) const
{
    if (query == Qt::ImCursorRectangle) {
        const VTermPos pos = screen_->cursor();
        return cellRect(pos.row - viewTop(), pos.col).toRect();
    }
    if (query == Qt::ImFont)
        return font();
    return QAbstractScrollArea::inputMethodQuery(query);
}

void TerminalWidget::focusInEvent(QFocusEvent *event)
{
    QAbstractScrollArea::focusInEvent(event);
    screen_->focusIn();
    viewport()->update();
}

void TerminalWidget::focusOutEvent(QFocusEvent *event)
{
    QAbstractScrollArea::focusOutEvent(event);
    screen_->focusOut();
    viewport()->update();
}

// ---- Clipboard and selection ----

bool TerminalWidget::hasSelection() const
{
    return selectionStart_ < selectionEnd_;
}

bool TerminalWidget::isSelected(int line, int column) const
{
    const Boundary cell{screen_->scrolledOut() + line, column};
    return hasSelection() && selectionStart_ <= cell && cell < selectionEnd_;
}

QString TerminalWidget::selectedText() const
{
    if (!hasSelection())
        return {};
    QStringList lines;
    for (qint64 id = selectionStart_.line; id <= selectionEnd_.line; ++id) {
        const int from = id == selectionStart_.line ? selectionStart_.column : 0;
        const int to = id == selectionEnd_.line ? selectionEnd_.column : screen_->columns();
        lines << screen_->lineText(static_cast<int>(id - screen_->scrolledOut()), from, to);
    }
    QString text = lines.join(QLatin1Char('\n'));
    while (text.endsWith(QLatin1Char('\n')))
        text.chop(1);
    return text;
}

void TerminalWidget::copy()
{
    if (hasSelection())
        QGuiApplication::clipboard()->setText(selectedText());
}

void TerminalWidget::paste()
{
    pasteText(QGuiApplication::clipboard()->text(QClipboard::Clipboard));
}

void TerminalWidget::pasteText(QString text)
{
    if (!isRunning() || text.isEmpty())
        return;
    // Enter is \r; an Escape inside could end the bracketed paste early and run the rest.
    text.replace(QStringLiteral("\r\n"), QStringLiteral("\r"));
    text.replace(QLatin1Char('\n'), QLatin1Char('\r'));
    text.remove(QChar(0x1b));
    screen_->startPaste();
    writeToProgram(text.toUtf8());
    screen_->endPaste();
    scrollToBottom();
}

void TerminalWidget::selectAll()
{
    const int history = screen_->altScreen() ? 0 : screen_->scrollbackCount();
    selectionStart_ = Boundary{screen_->scrolledOut() - history, 0};
    selectionEnd_ = Boundary{screen_->scrolledOut() + screen_->rows() - 1, screen_->columns()};
    publishSelection();
    viewport()->update();
}

void TerminalWidget::publishSelection()
{
    QClipboard *clipboard = QGuiApplication::clipboard();
    if (hasSelection() && clipboard->supportsSelection())
        clipboard->setText(selectedText(), QClipboard::Selection);
}

void TerminalWidget::selectWordAt(const QPointF &point)
{
    const QPoint cell = cellAtPoint(point);
    const int line = lineAtViewRow(cell.y());
    auto wordAt = [&](int column) {
        return isWordCharacter(TerminalScreen::cellText(screen_->cell(line, column)));
    };
    int left = cell.x();
    int right = cell.x() + 1;
    if (wordAt(cell.x())) {
        while (left > 0 && wordAt(left - 1))
            --left;
        while (right < screen_->columns() && wordAt(right))
            ++right;
    }
    const qint64 id = screen_->scrolledOut() + line;
    selectionStart_ = Boundary{id, left};
    selectionEnd_ = Boundary{id, right};
    viewport()->update();
}

void TerminalWidget::selectLineAt(const QPointF &point)
{
    const qint64 id = screen_->scrolledOut() + lineAtViewRow(cellAtPoint(point).y());
    selectionStart_ = Boundary{id, 0};
    selectionEnd_ = Boundary{id, screen_->columns()};
    viewport()->update();
}

void TerminalWidget::autoScrollWhileSelecting(const QPointF &point)
{
    QScrollBar *bar = verticalScrollBar();
    if (point.y() < 0)
        bar->setValue(bar->value() - 1);
    else if (point.y() > viewport()->height())
        bar->setValue(bar->value() + 1);
}

// ---- Mouse ----

bool TerminalWidget::forwardsMouse(const QMouseEvent *event) const
{
    // Shift selects even when the program (htop, vim) has taken the mouse.
    return isRunning() && screen_->mouseMode() != VTERM_PROP_MOUSE_NONE &&
           !(event->modifiers() & Qt::ShiftModifier);
}

bool TerminalWidget::forwardMouse(QMouseEvent *event, bool pressed)
{
    const QPoint cell = cellAtPoint(event->position());
    const VTermModifier modifiers = modifiersOf(event->modifiers());
    screen_->mouseMove(lineAtViewRow(cell.y()), cell.x(), modifiers);
    int button = 0;
    if (event->button() == Qt::LeftButton)
        button = 1;
    else if (event->button() == Qt::MiddleButton)
        button = 2;
    else if (event->button() == Qt::RightButton)
        button = 3;
    if (button && event->type() != QEvent::MouseMove)
        screen_->mouseButton(button, pressed, modifiers);
    return true;
}

void TerminalWidget::mousePressEvent(QMouseEvent *event)
{
    if (forwardsMouse(event)) {
        forwardMouse(event, true);
        return;
    }
    if (event->button() == Qt::LeftButton) {
        if (sinceDoubleClick_.isValid() &&
            !sinceDoubleClick_.hasExpired(QApplication::doubleClickInterval())) {
            sinceDoubleClick_.invalidate();
            selectLineAt(event->position()); // a triple click
            publishSelection();
            return;
        }
        anchor_ = boundaryAt(event->position());
        selectionStart_ = selectionEnd_ = anchor_;
        selecting_ = true;
        viewport()->update();
        return;
    }
    if (event->button() == Qt::MiddleButton) {
        QClipboard *clipboard = QGuiApplication::clipboard();
        pasteText(clipboard->text(clipboard->supportsSelection() ? QClipboard::Selection
                                                                 : QClipboard::Clipboard));
        return;
    }
    QAbstractScrollArea::mousePressEvent(event);
}

void TerminalWidget::mouseMoveEvent(QMouseEvent *event)
{
    if (forwardsMouse(event)) {
        forwardMouse(event, false);
        return;
    }
    if (!selecting_ || !(event->buttons() & Qt::LeftButton))
        return;
    autoScrollWhileSelecting(event->position());
    const Boundary here = boundaryAt(event->position());
    selectionStart_ = std::min(anchor_, here);
    selectionEnd_ = std::max(anchor_, here);
    viewport()->update();
}

void TerminalWidget::mouseReleaseEvent(QMouseEvent *event)
{
    if (forwardsMouse(event)) {
        forwardMouse(event, false);
        return;
    }
    if (selecting_ && event->button() == Qt::LeftButton) {
        selecting_ = false;
        publishSelection();
    }
}

void TerminalWidget::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (forwardsMouse(event)) {
        forwardMouse(event, true);
        return;
    }
    if (event->button() != Qt::LeftButton)
        return;
    selecting_ = false;
    selectWordAt(event->position());
    sinceDoubleClick_.start();
    publishSelection();
}

void TerminalWidget::wheelEvent(QWheelEvent *event)
{
    wheelDelta_ += event->angleDelta().y();
    const int notches = wheelDelta_ / 120;
    wheelDelta_ %= 120;
    event->accept();
    if (notches == 0)
        return;
    if (isRunning() && screen_->mouseMode() != VTERM_PROP_MOUSE_NONE &&
        !(event->modifiers() & Qt::ShiftModifier)) {
        const QPoint cell = cellAtPoint(event->position());
        screen_->mouseMove(lineAtViewRow(cell.y()), cell.x(), modifiersOf(event->modifiers()));
        for (int i = 0; i < std::abs(notches); ++i)
            screen_->mouseButton(notches > 0 ? 4 : 5, true, modifiersOf(event->modifiers()));
    } else if (isRunning() && screen_->altScreen()) {
        // less and man have no scrollback here: the wheel moves them as arrows would.
        for (int i = 0; i < std::abs(notches) * kLinesPerNotch; ++i)
            screen_->key(notches > 0 ? VTERM_KEY_UP : VTERM_KEY_DOWN, VTERM_MOD_NONE);
    } else {
        QScrollBar *bar = verticalScrollBar();
        bar->setValue(bar->value() - notches * kLinesPerNotch);
    }
}

void TerminalWidget::contextMenuEvent(QContextMenuEvent *event)
{
    if (event->reason() == QContextMenuEvent::Mouse && isRunning() &&
        screen_->mouseMode() != VTERM_PROP_MOUSE_NONE && !(event->modifiers() & Qt::ShiftModifier))
        return; // the right button went to the program
    QMenu menu(this);
    QAction *copyAction = menu.addAction(tr("Copy"), this, &TerminalWidget::copy);
    copyAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    copyAction->setEnabled(hasSelection());
    QAction *pasteAction = menu.addAction(tr("Paste"), this, &TerminalWidget::paste);
    pasteAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V));
    pasteAction->setEnabled(isRunning() && !QGuiApplication::clipboard()->text().isEmpty());
    menu.addSeparator();
    menu.addAction(tr("Select All"), this, &TerminalWidget::selectAll);
    menu.exec(event->globalPos());
}

} // namespace schedlab::gui
