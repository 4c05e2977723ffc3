// What a terminal shows: libvterm's screen (parsing escape sequences, keeping the cells) plus
// the scrollback above it, the damage since the last repaint, the title and the colours.
#pragma once

#include <QByteArray>
#include <QColor>
#include <QObject>
#include <QString>

#include <deque>
#include <vector>

#include <vterm.h>

namespace schedlab::gui {

class TerminalScreen : public QObject
{
    Q_OBJECT

public:
    // The rows changed since takeDamage(); firstRow > lastRow when nothing changed.
    struct Damage
    {
        int firstRow = 0;
        int lastRow = -1;
        bool isEmpty() const { return firstRow > lastRow; }
    };

    TerminalScreen(int rows, int columns, QObject *parent = nullptr);
    ~TerminalScreen() override;
    TerminalScreen(const TerminalScreen &) = delete;
    TerminalScreen &operator=(const TerminalScreen &) = delete;

    // Applies what the program printed.
    void feed(const QByteArray &bytes);
    // Lines that no longer fit go to the scrollback; growing takes them back.
    void resize(int rows, int columns);
    int rows() const { return rows_; }
    int columns() const { return columns_; }

    // Lines 0..rows()-1 are the screen; -1 is the newest scrollback line and
    // -scrollbackCount() the oldest. Outside the stored text: a blank cell.
    VTermScreenCell cell(int line, int column) const;
    // The text of columns [from, to) of a line, trailing blanks trimmed.
    QString lineText(int line, int from, int to) const;
    static QString cellText(const VTermScreenCell &cell);
    int scrollbackCount() const { return static_cast<int>(scrollback_.size()); }
    // Lines that ever scrolled off the top: line L has the stable number scrolledOut() + L,
    // which a selection keeps while output scrolls.
    qint64 scrolledOut() const { return scrolledOut_; }
    // Scrollback lines discarded from the top (beyond the limit) since the last call.
    int takeDropped();
    Damage takeDamage();

    VTermPos cursor() const { return cursor_; }
    bool cursorVisible() const { return cursorVisible_; }
    int cursorShape() const { return cursorShape_; }
    bool altScreen() const { return altScreen_; }
    bool reverseVideo() const { return reverseVideo_; }
    int mouseMode() const { return mouseMode_; }
    QString title() const { return title_; }

    // Default colours (the palette's Text and Base); the 16 ANSI colours stay ours.
    void setDefaultColors(const QColor &foreground, const QColor &background);
    QColor color(const VTermColor &color) const;

    // Input, encoded by libvterm for the modes the program asked for; bytes leave by output().
    void key(VTermKey key, VTermModifier modifiers);
    void character(uint32_t c, VTermModifier modifiers);
    void startPaste();
    void endPaste();
    void mouseMove(int row, int column, VTermModifier modifiers);
    void mouseButton(int button, bool pressed, VTermModifier modifiers);
    void focusIn();
    void focusOut();

Q_SIGNALS:
    void output(const QByteArray &bytes);
    void titleChanged(const QString &title);
    void bell();

private:
    // A scrollback cell: two code points cover a base and one combining mark.
    struct StoredCell
    {
        uint32_t chars[2];
        VTermColor fg;
        VTermColor bg;
        VTermScreenCellAttrs attrs;
        qint8 width;
    };
    using StoredLine = std::vector<StoredCell>;

    static int onDamage(VTermRect rect, void *user);
    static int onMoveCursor(VTermPos pos, VTermPos oldPos, int visible, void *user);
    static int onSetTermProp(VTermProp prop, VTermValue *value, void *user);
    static int onBell(void *user);
    static int onResize(int rows, int columns, void *user);
    static int onPushLine(int columns, const VTermScreenCell *cells, void *user);
    static int onPopLine(int columns, VTermScreenCell *cells, void *user);
    static void onOutput(const char *bytes, size_t length, void *user);

    void applyProperty(VTermProp prop, const VTermValue &value);
    void takeTitle(const VTermValue &value);
    void damageRows(int first, int last);
    VTermScreenCell blankCell() const;
    bool isBlank(const VTermScreenCell &cell) const;
    void installPalette();

    VTerm *vt_;
    VTermScreen *screen_;
    int rows_;
    int columns_;
    std::deque<StoredLine> scrollback_;
    qint64 scrolledOut_ = 0;
    int dropped_ = 0;
    Damage damage_;
    VTermPos cursor_{0, 0};
    bool cursorVisible_ = true;
    int cursorShape_ = VTERM_PROP_CURSORSHAPE_BLOCK;
    bool altScreen_ = false;
    bool reverseVideo_ = false;
    int mouseMode_ = VTERM_PROP_MOUSE_NONE;
    QString title_;
    QByteArray pendingTitle_; // a title arriving in fragments (libvterm >= 0.2)
    QColor foreground_;
    QColor background_;
};

} // namespace schedlab::gui
