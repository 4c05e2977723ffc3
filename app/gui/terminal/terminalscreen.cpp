// libvterm's screen wired to Qt: callbacks collect damage, scrollback and properties; the
// colours of the 16 ANSI entries are chosen to read on both light and dark backgrounds.
#include "terminalscreen.h"

#include <algorithm>
#include <utility>

namespace schedlab::gui {

namespace {

// At least the 5,000 lines a course exercise may print, bounded so memory stays small.
constexpr int kScrollbackLimit = 10000;

// Tango: every entry but white stays legible on a white base and on a dark one.
constexpr QRgb kAnsiColors[16] = {
    0x2e3436, 0xcc0000, 0x4e9a06, 0xc4a000, 0x3465a4, 0x75507b, 0x06989a, 0xd3d7cf,
    0x555753, 0xef2929, 0x8ae234, 0xfce94f, 0x729fcf, 0xad7fa8, 0x34e2e2, 0xeeeeec,
};

VTermColor rgbColor(const QColor &c)
{
    VTermColor color;
    vterm_color_rgb(&color, static_cast<uint8_t>(c.red()), static_cast<uint8_t>(c.green()),
                    static_cast<uint8_t>(c.blue()));
    return color;
}

} // namespace

TerminalScreen::TerminalScreen(int rows, int columns, QObject *parent)
    : QObject(parent)
    , vt_(vterm_new(rows, columns))
    , screen_(vterm_obtain_screen(vt_))
    , rows_(rows)
    , columns_(columns)
{
    // Every field named: libvterm 0.3 added sb_clear at the end. No moverect (a moved
    // rectangle is damage too) and no sb_clear (the scrollback is the widget's, cleared by
    // its own action).
    static const VTermScreenCallbacks callbacks = {
        .damage = &TerminalScreen::onDamage,
        .moverect = nullptr,
        .movecursor = &TerminalScreen::onMoveCursor,
        .settermprop = &TerminalScreen::onSetTermProp,
        .bell = &TerminalScreen::onBell,
        .resize = &TerminalScreen::onResize,
        .sb_pushline = &TerminalScreen::onPushLine,
        .sb_popline = &TerminalScreen::onPopLine,
#if VTERM_VERSION_MAJOR > 0 || VTERM_VERSION_MINOR >= 3
        .sb_clear = nullptr,
#endif
    };
    vterm_set_utf8(vt_, 1);
    vterm_output_set_callback(vt_, &TerminalScreen::onOutput, this);
    vterm_screen_set_callbacks(screen_, &callbacks, this);
    // Damage is merged until feed() ends, and scrolls are not reported cell by cell.
    vterm_screen_set_damage_merge(screen_, VTERM_DAMAGE_SCROLL);
    vterm_screen_enable_altscreen(screen_, 1);
    installPalette();
    vterm_screen_reset(screen_, 1);
}

TerminalScreen::~TerminalScreen()
{
    vterm_free(vt_);
}

void TerminalScreen::installPalette()
{
    VTermState *state = vterm_obtain_state(vt_);
    for (int i = 0; i < 16; ++i) {
        VTermColor color = rgbColor(QColor::fromRgb(kAnsiColors[i]));
        vterm_state_set_palette_color(state, i, &color);
    }
}

void TerminalScreen::setDefaultColors(const QColor &foreground, const QColor &background)
{
    foreground_ = foreground;
    background_ = background;
    const VTermColor fg = rgbColor(foreground);
    const VTermColor bg = rgbColor(background);
    vterm_state_set_default_colors(vterm_obtain_state(vt_), &fg, &bg);
}

QColor TerminalScreen::color(const VTermColor &color) const
{
    if (VTERM_COLOR_IS_DEFAULT_FG(&color))
        return foreground_;
    if (VTERM_COLOR_IS_DEFAULT_BG(&color))
        return background_;
    VTermColor rgb = color;
    vterm_screen_convert_color_to_rgb(screen_, &rgb);
    return QColor(rgb.rgb.red, rgb.rgb.green, rgb.rgb.blue);
}

void TerminalScreen::feed(const QByteArray &bytes)
{
    vterm_input_write(vt_, bytes.constData(), static_cast<size_t>(bytes.size()));
    vterm_screen_flush_damage(screen_);
}

void TerminalScreen::resize(int rows, int columns)
{
    if (rows == rows_ && columns == columns_)
        return;
    vterm_set_size(vt_, rows, columns);
    vterm_screen_flush_damage(screen_);
    damageRows(0, rows_ - 1);
}

int TerminalScreen::takeDropped()
{
    return std::exchange(dropped_, 0);
}

TerminalScreen::Damage TerminalScreen::takeDamage()
{
    return std::exchange(damage_, Damage());
}

void TerminalScreen::damageRows(int first, int last)
{
    if (damage_.isEmpty()) {
        damage_ = {first, last};
        return;
    }
    damage_.firstRow = std::min(damage_.firstRow, first);
    damage_.lastRow = std::max(damage_.lastRow, last);
}

VTermScreenCell TerminalScreen::blankCell() const
{
    VTermScreenCell cell = {};
    cell.width = 1;
    vterm_state_get_default_colors(vterm_obtain_state(vt_), &cell.fg, &cell.bg);
    return cell;
}

bool TerminalScreen::isBlank(const VTermScreenCell &cell) const
{
    return (cell.chars[0] == 0 || cell.chars[0] == ' ') && VTERM_COLOR_IS_DEFAULT_BG(&cell.bg) &&
           !cell.attrs.reverse && !cell.attrs.underline;
}

VTermScreenCell TerminalScreen::cell(int line, int column) const
{
    if (line >= 0) {
        VTermScreenCell cell = {};
        if (!vterm_screen_get_cell(screen_, VTermPos{line, column}, &cell))
            return blankCell();
        return cell;
    }
    const int index = scrollbackCount() + line;
    if (index < 0 || column < 0 || column >= static_cast<int>(scrollback_[index].size()))
        return blankCell();
    const StoredCell &stored = scrollback_[index][column];
    VTermScreenCell cell = {};
    cell.chars[0] = stored.chars[0];
    cell.chars[1] = stored.chars[1];
    cell.width = stored.width;
    cell.attrs = stored.attrs;
    cell.fg = stored.fg;
    cell.bg = stored.bg;
    return cell;
}

QString TerminalScreen::cellText(const VTermScreenCell &cell)
{
    QString text;
    for (int i = 0; i < VTERM_MAX_CHARS_PER_CELL && cell.chars[i]; ++i) {
        if (cell.chars[i] == static_cast<uint32_t>(-1)) // right half of a wide character
            break;
        const char32_t c = cell.chars[i];
        text += QString::fromUcs4(&c, 1);
    }
    return text;
}

QString TerminalScreen::lineText(int line, int from, int to) const
{
    QString text;
    for (int column = std::max(from, 0); column < std::min(to, columns_); ++column) {
        const VTermScreenCell c = cell(line, column);
        if (c.chars[0] == static_cast<uint32_t>(-1))
            continue;
        const QString s = cellText(c);
        text += s.isEmpty() ? QStringLiteral(" ") : s;
    }
    while (text.endsWith(QLatin1Char(' ')))
        text.chop(1);
    return text;
}

void TerminalScreen::key(VTermKey key, VTermModifier modifiers)
{
    vterm_keyboard_key(vt_, key, modifiers);
}

void TerminalScreen::character(uint32_t c, VTermModifier modifiers)
{
    vterm_keyboard_unichar(vt_, c, modifiers);
}

void TerminalScreen::startPaste()
{
    vterm_keyboard_start_paste(vt_);
}

void TerminalScreen::endPaste()
{
    vterm_keyboard_end_paste(vt_);
}

void TerminalScreen::mouseMove(int row, int column, VTermModifier modifiers)
{
    vterm_mouse_move(vt_, row, column, modifiers);
}

void TerminalScreen::mouseButton(int button, bool pressed, VTermModifier modifiers)
{
    vterm_mouse_button(vt_, button, pressed, modifiers);
}

void TerminalScreen::focusIn()
{
    vterm_state_focus_in(vterm_obtain_state(vt_));
}

void TerminalScreen::focusOut()
{
    vterm_state_focus_out(vterm_obtain_state(vt_));
}

void TerminalScreen::applyProperty(VTermProp prop, const VTermValue &value)
{
    switch (prop) {
    case VTERM_PROP_CURSORVISIBLE:
        cursorVisible_ = value.boolean;
        damageRows(cursor_.row, cursor_.row);
        break;
    case VTERM_PROP_CURSORSHAPE:
        cursorShape_ = value.number;
        damageRows(cursor_.row, cursor_.row);
        break;
    case VTERM_PROP_ALTSCREEN:
        altScreen_ = value.boolean;
        damageRows(0, rows_ - 1);
        break;
    case VTERM_PROP_REVERSE:
        reverseVideo_ = value.boolean;
        damageRows(0, rows_ - 1);
        break;
    case VTERM_PROP_MOUSE:
        mouseMode_ = value.number;
        break;
    case VTERM_PROP_TITLE:
        takeTitle(value);
        break;
    default:
        break;
    }
}

// libvterm 0.1 hands the title over whole; from 0.2 on it comes in fragments (one per
// chunk of output the escape sequence was split across), the first marked initial and the
// last final.
void TerminalScreen::takeTitle(const VTermValue &value)
{
#if VTERM_VERSION_MAJOR > 0 || VTERM_VERSION_MINOR >= 2
    const VTermStringFragment &fragment = value.string;
    if (fragment.initial)
        pendingTitle_.clear();
    if (fragment.str)
        pendingTitle_.append(fragment.str, static_cast<qsizetype>(fragment.len));
    if (!fragment.final)
        return;
    title_ = QString::fromUtf8(pendingTitle_);
    pendingTitle_.clear();
#else
    title_ = QString::fromUtf8(value.string ? value.string : "");
#endif
    Q_EMIT titleChanged(title_);
}

int TerminalScreen::onDamage(VTermRect rect, void *user)
{
    static_cast<TerminalScreen *>(user)->damageRows(rect.start_row, rect.end_row - 1);
    return 1;
}

int TerminalScreen::onMoveCursor(VTermPos pos, VTermPos oldPos, int visible, void *user)
{
    auto *self = static_cast<TerminalScreen *>(user);
    self->cursor_ = pos;
    self->cursorVisible_ = visible;
    self->damageRows(oldPos.row, oldPos.row);
    self->damageRows(pos.row, pos.row);
    return 1;
}

int TerminalScreen::onSetTermProp(VTermProp prop, VTermValue *value, void *user)
{
    static_cast<TerminalScreen *>(user)->applyProperty(prop, *value);
    return 1; // 0 would make libvterm refuse the mode (no alternate screen, no title)
}

int TerminalScreen::onBell(void *user)
{
    Q_EMIT static_cast<TerminalScreen *>(user)->bell();
    return 1;
}

int TerminalScreen::onResize(int rows, int columns, void *user)
{
    auto *self = static_cast<TerminalScreen *>(user);
    self->rows_ = rows;
    self->columns_ = columns;
    return 1;
}

int TerminalScreen::onPushLine(int columns, const VTermScreenCell *cells, void *user)
{
    auto *self = static_cast<TerminalScreen *>(user);
    int used = columns;
    while (used > 0 && self->isBlank(cells[used - 1]))
        --used;
    StoredLine line(static_cast<size_t>(used));
    for (int i = 0; i < used; ++i) {
        const VTermScreenCell &c = cells[i];
        line[i] = StoredCell{{c.chars[0], c.chars[0] ? c.chars[1] : 0},
                             c.fg,
                             c.bg,
                             c.attrs,
                             static_cast<qint8>(c.width)};
    }
    self->scrollback_.push_back(std::move(line));
    ++self->scrolledOut_;
    if (self->scrollbackCount() > kScrollbackLimit) {
        self->scrollback_.pop_front();
        ++self->dropped_;
    }
    return 1;
}

int TerminalScreen::onPopLine(int columns, VTermScreenCell *cells, void *user)
{
    auto *self = static_cast<TerminalScreen *>(user);
    if (self->scrollback_.empty())
        return 0;
    const VTermScreenCell blank = self->blankCell();
    const int line = -1;
    for (int i = 0; i < columns; ++i)
        cells[i] =
            i < static_cast<int>(self->scrollback_.back().size()) ? self->cell(line, i) : blank;
    self->scrollback_.pop_back();
    --self->scrolledOut_;
    return 1;
}

void TerminalScreen::onOutput(const char *bytes, size_t length, void *user)
{
    Q_EMIT static_cast<TerminalScreen *>(user)->output(
        QByteArray(bytes, static_cast<qsizetype>(length)));
}

} // namespace schedlab::gui
