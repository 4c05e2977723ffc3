// QScintilla set up for the course's files, and diagnostics drawn as squiggles and notes.
#include "codeeditor.h"

#include "colourscheme.h"
#include "editorcompletion.h"

#include "optionhelp.h"

#define signals Q_SIGNALS
#define slots Q_SLOTS
#include <Qsci/qscilexerbash.h>
#include <Qsci/qscilexermarkdown.h>
#include <Qsci/qscilexeryaml.h>
#undef signals
#undef slots

#include <QFontDatabase>
#include <QLabel>
#include <QMainWindow>
#include <QRegularExpression>
#include <QStatusBar>
#include <QToolTip>

namespace schedlab::gui {

namespace {

// Annotation styles: Scintilla's style numbers above the lexers' own.
constexpr int kErrorStyle = 120;
constexpr int kWarningStyle = 121;
constexpr int kInfoStyle = 122;
// How long the student's typing pauses before the text is checked.
constexpr int kTypingPauseMs = 300;
// How long the mouse rests on a word before its explanation shows.
constexpr int kHoverMs = 500;

bool isScript(const QString &name)
{
    return name.endsWith(QLatin1String(".sbatch")) || name.endsWith(QLatin1String(".sh"));
}

bool isYaml(const QString &name)
{
    return name.endsWith(QLatin1String(".yaml")) || name.endsWith(QLatin1String(".yml"));
}

} // namespace

CodeEditor::CodeEditor(const QString &fileName, QWidget *parent)
    : QsciScintilla(parent)
    , fileName_(fileName)
{
    setUtf8(true);
    setUpLexer();
    setMarginType(0, QsciScintilla::NumberMargin);
    setMarginWidth(0, QStringLiteral("0000"));
    setFolding(QsciScintilla::BoxedTreeFoldStyle);
    setAutoIndent(true);
    setIndentationsUseTabs(false);
    setIndentationWidth(2);
    setEolMode(QsciScintilla::EolUnix);
    setWrapMode(QsciScintilla::WrapWord);
    SendScintilla(SCI_SETSCROLLWIDTHTRACKING, 1);
    setAnnotationDisplay(QsciScintilla::AnnotationBoxed);
    errorIndicator_ = indicatorDefine(QsciScintilla::SquiggleIndicator);
    setIndicatorForegroundColor(QColor(0xd0, 0x20, 0x20), errorIndicator_);
    warningIndicator_ = indicatorDefine(QsciScintilla::SquiggleIndicator);
    setIndicatorForegroundColor(QColor(0xc0, 0x80, 0x00), warningIndicator_);
    const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    const bool dark = isDark(palette());
    for (auto [style, fore, back] :
         {std::tuple(kErrorStyle, QColor(0x90, 0x10, 0x10), QColor(0xfd, 0xe8, 0xe8)),
          std::tuple(kWarningStyle, QColor(0x70, 0x50, 0x00), QColor(0xfd, 0xf4, 0xdc)),
          std::tuple(kInfoStyle, QColor(0x20, 0x40, 0x70), QColor(0xe8, 0xf0, 0xfa))}) {
        if (dark) {
            fore = inverted(fore);
            back = inverted(back);
        }
        SendScintilla(SCI_STYLESETFORE, style, fore);
        SendScintilla(SCI_STYLESETBACK, style, back);
        SendScintilla(SCI_STYLESETFONT, style, fixed.family().toUtf8().constData());
        SendScintilla(SCI_STYLESETSIZE, style, fixed.pointSize() > 0 ? fixed.pointSize() : 10);
    }
    SendScintilla(SCI_SETMOUSEDWELLTIME, kHoverMs);
    connect(this, &QsciScintillaBase::SCN_DWELLSTART, this, &CodeEditor::showHelp);
    pause_.setSingleShot(true);
    pause_.setInterval(kTypingPauseMs);
    connect(&pause_, &QTimer::timeout, this, &CodeEditor::diagnoseNow);
    connect(this, &QsciScintilla::textChanged, &pause_, qOverload<>(&QTimer::start));
    if (isScript(fileName_))
        completion_ = new EditorCompletion(this, EditorCompletion::Kind::Script);
    else if (isYaml(fileName_))
        completion_ = new EditorCompletion(this, EditorCompletion::Kind::Manifest);
}

void CodeEditor::setUpLexer()
{
    QsciLexer *lexer = nullptr;
    if (isScript(fileName_))
        lexer = new QsciLexerBash(this);
    else if (isYaml(fileName_))
        lexer = new QsciLexerYAML(this);
    else if (fileName_.endsWith(QLatin1String(".md")))
        lexer = new QsciLexerMarkdown(this);
    // Some lexer styles default to a serif font: one readable font for every style.
    const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (lexer) {
        lexer->setDefaultFont(fixed);
        lexer->setFont(fixed, -1);
        if (isDark(palette()))
            darken(lexer);
        setLexer(lexer);
    } else {
        setFont(fixed);
    }
    if (isDark(palette())) {
        setPaper(palette().color(QPalette::Base));
        setColor(palette().color(QPalette::Text));
        setCaretForegroundColor(palette().color(QPalette::Text));
        setMarginsBackgroundColor(palette().color(QPalette::Window));
        setMarginsForegroundColor(palette().color(QPalette::PlaceholderText));
        setFoldMarginColors(palette().color(QPalette::Window), palette().color(QPalette::Window));
    }
}

// The lexers' colours are chosen for white paper: on a dark one, each keeps its hue and
// takes the opposite lightness, so keywords stay blue and comments green, but readable.
void CodeEditor::darken(QsciLexer *lexer) const
{
    const QColor paper = palette().color(QPalette::Base);
    lexer->setDefaultPaper(paper);
    lexer->setDefaultColor(palette().color(QPalette::Text));
    for (int style = 0; style < 128; ++style) {
        if (lexer->description(style).isEmpty())
            continue;
        lexer->setPaper(paper, style);
        lexer->setColor(inverted(lexer->color(style)), style);
    }
}

QColor CodeEditor::inverted(const QColor &colour)
{
    const QColor hsl = colour.toHsl();
    return QColor::fromHsl(hsl.hslHue(), hsl.hslSaturation(), 255 - hsl.lightness());
}

void CodeEditor::diagnoseNow()
{
    pause_.stop();
    const QByteArray bytes = text().toUtf8();
    if (isScript(fileName_))
        diagnostics_ = diagnoseScript(bytes);
    else if (isYaml(fileName_))
        diagnostics_ = diagnoseManifest(bytes, fileName_);
    else
        diagnostics_.clear();
    showDiagnostics();
    Q_EMIT diagnosed();
}

void CodeEditor::showDiagnostics()
{
    clearAnnotations();
    for (int indicator : {errorIndicator_, warningIndicator_})
        clearIndicatorRange(0, 0, lines(), 0, indicator);
    QHash<int, QStringList> notes;
    QHash<int, int> worst;
    for (const Diagnostic &d : diagnostics_) {
        const int line = std::clamp(d.line, 1, std::max(1, lines())) - 1;
        notes[line] << d.message;
        const int style = d.severity == Diagnostic::Severity::Error     ? kErrorStyle
                          : d.severity == Diagnostic::Severity::Warning ? kWarningStyle
                                                                        : kInfoStyle;
        worst[line] = worst.contains(line) ? std::min(worst[line], style) : style;
        if (d.severity != Diagnostic::Severity::Info)
            fillIndicatorRange(line, 0, line, lineLength(line),
                               d.severity == Diagnostic::Severity::Error ? errorIndicator_
                                                                         : warningIndicator_);
    }
    for (auto it = notes.constBegin(); it != notes.constEnd(); ++it)
        annotate(it.key(), it.value().join(u'\n'), worst[it.key()]);
}

QString CodeEditor::helpAt(int line, int column) const
{
    const QString text = this->text(line);
    if (isScript(fileName_)) {
        int from = column, to = column;
        while (from > 0 && !text[from - 1].isSpace())
            --from;
        while (to < text.size() && !text[to].isSpace())
            ++to;
        return text.trimmed().startsWith(QLatin1String("#SBATCH"))
                   ? sbatchOptionHelp(text.mid(from, to - from))
                   : QString();
    }
    if (isYaml(fileName_)) {
        static const QRegularExpression key(QStringLiteral("^\\s*-?\\s*(\\w+)\\s*:"));
        const QRegularExpressionMatch m = key.match(text);
        if (m.hasMatch() && column >= m.capturedStart(1) && column <= m.capturedEnd(1))
            return manifestFieldHelp(m.captured(1));
    }
    return QString();
}

void CodeEditor::showHelp(int position, int x, int y)
{
    if (position < 0)
        return;
    int line = 0, column = 0;
    lineIndexFromPosition(position, &line, &column);
    const QString help = helpAt(line, column);
    if (!help.isEmpty())
        QToolTip::showText(mapToGlobal(QPoint(x, y)), help, this);
}

QString CodeEditor::annotationAt(int line) const
{
    return annotation(line - 1);
}

void CodeEditor::goToLine(int line)
{
    setCursorPosition(std::max(0, line - 1), 0);
    ensureLineVisible(std::max(0, line - 1));
    setFocus();
}

// The save bar sits in a margin above the text, so it hides none of it.
void CodeEditor::setSaveProblem(const QString &reason)
{
    if (reason == saveProblem_)
        return;
    const bool wasFailing = !saveProblem_.isEmpty();
    saveProblem_ = reason;
    if (!saveBar_) {
        saveBar_ = new QLabel(this);
        saveBar_->setObjectName(QStringLiteral("saveBar"));
        saveBar_->setWordWrap(true);
        saveBar_->setTextFormat(Qt::PlainText);
        saveBar_->setMargin(6);
        saveBar_->setStyleSheet(
            QStringLiteral("QLabel { background: #b71c1c; color: white; font-weight: bold; }"));
        saveBar_->hide();
    }
    saveBar_->setText(reason);
    saveBar_->setVisible(!reason.isEmpty());
    placeSaveBar();
    if (!reason.isEmpty())
        tellStatusBar(reason);
    else if (wasFailing)
        tellStatusBar(tr("%1 is saved.").arg(fileName_));
    Q_EMIT saveProblemChanged(reason);
}

QString CodeEditor::saveWith(const QString &shownName,
                             const std::function<bool(const QString &text, QString *error)> &write)
{
    QString error;
    if (!isModified() || write(text(), &error)) { // unmodified: unchanged, or undone to the disk's
        setModified(false);
        setSaveProblem({});
        return {};
    }
    const QString message = tr("%1 was NOT saved (%2). Your text is kept in the editor; SchedLab "
                               "saves it again as soon as the disk allows.")
                                .arg(shownName, error);
    setSaveProblem(message);
    return message;
}

void CodeEditor::resizeEvent(QResizeEvent *event)
{
    QsciScintilla::resizeEvent(event);
    placeSaveBar();
}

void CodeEditor::placeSaveBar()
{
    if (!saveBar_)
        return;
    const QRect area = contentsRect();
    // isHidden, not isVisible: the bar must take its room in a tab that is not shown yet.
    const int height = saveBar_->isHidden() ? 0 : saveBar_->heightForWidth(area.width());
    setViewportMargins(0, std::max(0, height), 0, 0);
    if (height > 0)
        saveBar_->setGeometry(area.left(), area.top(), area.width(), height);
}

// The window's status bar says it too, whichever page the editor sits in.
void CodeEditor::tellStatusBar(const QString &message) const
{
    if (auto *main = qobject_cast<QMainWindow *>(window()))
        main->statusBar()->showMessage(message);
}

} // namespace schedlab::gui
