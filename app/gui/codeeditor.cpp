// QScintilla set up for the course's files, diagnostics drawn as squiggles and notes, and the
// file followed on the disk so that a change made outside is never saved over.
#include "codeeditor.h"

#include "colourscheme.h"
#include "editorcompletion.h"

#include "optionhelp.h"
#include "safefiles.h"

#define signals Q_SIGNALS
#define slots Q_SLOTS
#include <Qsci/qscilexerbash.h>
#include <Qsci/qscilexermarkdown.h>
#include <Qsci/qscilexeryaml.h>
#undef signals
#undef slots

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHash>
#include <QLabel>
#include <QMainWindow>
#include <QPointer>
#include <QPushButton>
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

// How long the events of one change (tee writes, then closes) are let settle before the
// file is read.
constexpr int kSettleMs = 100;

// One watcher for every editor: each QFileSystemWatcher holds an inotify instance, of which
// a user gets few (128 on Debian). Files and folders are counted, as several editors follow
// one folder.
class SharedWatcher
{
public:
    static SharedWatcher &instance()
    {
        static SharedWatcher shared;
        if (!shared.watcher_ && QCoreApplication::instance()) {
            // Owned by the application, so that it goes before the event loop's end.
            shared.watcher_ = new QFileSystemWatcher(QCoreApplication::instance());
            QObject::connect(shared.watcher_, &QFileSystemWatcher::fileChanged,
                             [](const QString &path) { instance().watchAgain(path); });
            QObject::connect(shared.watcher_, &QFileSystemWatcher::directoryChanged,
                             [](const QString &folder) { instance().watchFilesOf(folder); });
        }
        return shared;
    }
    QFileSystemWatcher *watcher() const { return watcher_; }

    void watch(const QString &file)
    {
        for (const QString &path : {file, QFileInfo(file).path()})
            if (count_[path]++ == 0 && watcher_ && QFileInfo::exists(path))
                watcher_->addPath(path);
    }

    void unwatch(const QString &file)
    {
        for (const QString &path : {file, QFileInfo(file).path()})
            if (--count_[path] <= 0) {
                count_.remove(path);
                if (watcher_)
                    watcher_->removePath(path);
            }
    }

    // A file replaced by a rename (every save) is no longer watched, the watch stayed with
    // the old file: it is taken again on the path.
    void watchAgain(const QString &file)
    {
        if (!watcher_ || !count_.contains(file))
            return;
        watcher_->removePath(file);
        if (QFileInfo::exists(file))
            watcher_->addPath(file);
    }

private:
    // A file made again in the folder (deleted then written, moved in) is watched anew.
    void watchFilesOf(const QString &folder)
    {
        const QStringList watched = watcher_->files();
        for (auto it = count_.cbegin(); it != count_.cend(); ++it)
            if (QFileInfo(it.key()).path() == folder && !watched.contains(it.key()) &&
                QFileInfo(it.key()).isFile())
                watcher_->addPath(it.key());
    }

    QPointer<QFileSystemWatcher> watcher_;
    QHash<QString, int> count_;
};

QString withoutLineEnd(QString line)
{
    while (line.endsWith(u'\n') || line.endsWith(u'\r'))
        line.chop(1);
    return line;
}

} // namespace

FileOnDisk::FileOnDisk(QObject *parent)
    : QObject(parent)
{
    settle_.setSingleShot(true);
    settle_.setInterval(kSettleMs);
    connect(&settle_, &QTimer::timeout, this, &FileOnDisk::mayHaveChanged);
    QFileSystemWatcher *watcher = SharedWatcher::instance().watcher();
    connect(watcher, &QFileSystemWatcher::fileChanged, this, [this](const QString &changed) {
        if (!path_.isEmpty() && changed == path_)
            settle_.start();
    });
    connect(watcher, &QFileSystemWatcher::directoryChanged, this, [this](const QString &folder) {
        if (!path_.isEmpty() && folder == QFileInfo(path_).path())
            settle_.start();
    });
}

FileOnDisk::~FileOnDisk()
{
    if (!path_.isEmpty())
        SharedWatcher::instance().unwatch(path_);
}

void FileOnDisk::follow(const QString &path)
{
    SharedWatcher &shared = SharedWatcher::instance();
    if (!path_.isEmpty())
        shared.unwatch(path_);
    path_ = QFileInfo(path).absoluteFilePath();
    shared.watch(path_);
}

void FileOnDisk::watchAgain()
{
    if (!path_.isEmpty())
        SharedWatcher::instance().watchAgain(path_);
}

FileOnDisk::Look FileOnDisk::look() const
{
    const files::ReadResult read = files::readFile(path_, kMaxBytes);
    if (read.ok())
        return {true, read.bytes, {}};
    if (read.status == files::ReadStatus::Missing)
        return {true, std::nullopt, {}};
    return {false, std::nullopt, read.error};
}

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
    buildDiskBar();
    connect(&disk_, &FileOnDisk::mayHaveChanged, this, &CodeEditor::checkDisk);
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

// Read from Scintilla itself: QScintilla 2.14's annotation() getter returns garbage.
QString CodeEditor::annotationAt(int line) const
{
    const unsigned long index = static_cast<unsigned long>(std::max(0, line - 1));
    const long length = SendScintilla(SCI_ANNOTATIONGETTEXT, index, static_cast<long>(0));
    if (length <= 0)
        return {};
    QByteArray text(length + 1, '\0');
    SendScintilla(SCI_ANNOTATIONGETTEXT, index, static_cast<void *>(text.data()));
    text.truncate(length);
    return QString::fromUtf8(text);
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
    checkDisk(); // the watcher's signal may come after the keystroke that brought us here
    if (diskState_ == DiskState::Conflict)
        return conflictMessage();
    QString error;
    // Unmodified: unchanged, or undone to the disk's text.
    const bool edited = isModified() || mustWrite_;
    if (!edited || write(text(), &error)) {
        if (edited) {
            disk_.agreeOn(text().toUtf8());
            disk_.watchAgain();
            mustWrite_ = false;
            if (diskState_ == DiskState::Deleted)
                setDiskState(DiskState::Same);
        }
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

bool CodeEditor::openFile(const QString &path, QString *error)
{
    disk_.follow(path);
    const FileOnDisk::Look now = disk_.look();
    setText(now.bytes ? QString::fromUtf8(*now.bytes) : QString());
    setModified(false);
    // Unreadable: nothing is known of the disk, and the saves go on as they always did.
    disk_.agreeOn(now.bytes);
    setDiskState(DiskState::Same);
    diagnoseNow();
    if (!now.readable && error)
        *error = now.error;
    return now.readable;
}

void CodeEditor::checkDisk()
{
    if (disk_.path().isEmpty())
        return;
    const FileOnDisk::Look now = disk_.look();
    if (!now.readable)
        return;
    if (now.bytes == disk_.agreed()) {
        if (diskState_ == DiskState::Conflict) // changed back outside: nothing to choose
            setDiskState(DiskState::Same);
        return;
    }
    if (!now.bytes) {
        // Nothing on the disk to lose: the next save makes the file again from this text.
        disk_.agreeOn(std::nullopt);
        setDiskState(DiskState::Deleted);
        const QString message = tr("%1 was deleted outside SchedLab. Its text is kept here: "
                                   "typing in it, or \"Save it again\", makes the file again.")
                                    .arg(fileName_);
        showDiskBar(message, saveAgain_);
        tellStatusBar(message);
        return;
    }
    if (!isModified() && !mustWrite_ && diskState_ != DiskState::Conflict) {
        reload(*now.bytes);
        setDiskState(DiskState::Same);
        tellStatusBar(tr("%1 was changed outside SchedLab: its new text is shown.").arg(fileName_));
        return;
    }
    setDiskState(DiskState::Conflict);
    showDiskBar(conflictMessage(), keepFile_, keepMine_);
    tellStatusBar(conflictMessage());
}

QString CodeEditor::conflictMessage() const
{
    return tr("%1 was changed outside SchedLab while you were editing it. Nothing is saved over "
              "it until you choose which version to keep; the other one is kept as a copy "
              "beside the file.")
        .arg(fileName_);
}

// The cursor stays on its line and the view where it was, as far as the new text allows.
void CodeEditor::reload(const QByteArray &bytes)
{
    int line = 0, index = 0;
    getCursorPosition(&line, &index);
    const int top = firstVisibleLine();
    setText(QString::fromUtf8(bytes));
    setModified(false);
    mustWrite_ = false;
    disk_.agreeOn(bytes);
    line = std::clamp(line, 0, std::max(0, lines() - 1));
    setCursorPosition(line, std::min(index, int(withoutLineEnd(text(line)).size())));
    setFirstVisibleLine(std::min(top, std::max(0, lines() - 1)));
    diagnoseNow();
}

void CodeEditor::keepFileVersion()
{
    const FileOnDisk::Look now = disk_.look();
    if (!now.readable || !now.bytes) {
        checkDisk(); // unreadable: the bar stays; gone meanwhile: the text stays here
        return;
    }
    const QString copy = copyPath(disk_.path(), QStringLiteral("mine"));
    const files::WriteResult kept = files::saveFile(copy, text().toUtf8());
    if (!kept.ok) {
        showDiskBar(tr("Your text could not be kept as a copy (%1), so the file's version was "
                       "not loaded. Choose again once the disk allows.")
                        .arg(kept.error),
                    keepFile_, keepMine_);
        return;
    }
    keptCopy_ = copy;
    reload(*now.bytes);
    setDiskState(DiskState::Same);
    const QString message = tr("You kept the file's version of %1. Your text is kept in %2, "
                               "beside it.")
                                .arg(fileName_, QFileInfo(copy).fileName());
    showDiskBar(message, dismiss_);
    tellStatusBar(message);
}

void CodeEditor::keepMyVersion()
{
    const FileOnDisk::Look now = disk_.look();
    if (!now.readable) {
        showDiskBar(tr("%1 cannot be read (%2): nothing was changed.").arg(fileName_, now.error),
                    keepFile_, keepMine_);
        return;
    }
    QString message = tr("You kept your version of %1.").arg(fileName_);
    if (now.bytes) {
        const QString copy = copyPath(disk_.path(), QStringLiteral("file"));
        const files::WriteResult kept = files::saveFile(copy, *now.bytes);
        if (!kept.ok) {
            showDiskBar(tr("The file's version could not be kept as a copy (%1), so your text "
                           "was not saved over it. Choose again once the disk allows.")
                            .arg(kept.error),
                        keepFile_, keepMine_);
            return;
        }
        keptCopy_ = copy;
        message = tr("You kept your version of %1. The file's version is kept in %2, beside it.")
                      .arg(fileName_, QFileInfo(copy).fileName());
    }
    // What the disk holds now is safe in its copy: the next save may write over it.
    disk_.agreeOn(now.bytes);
    mustWrite_ = true;
    setDiskState(DiskState::Same);
    showDiskBar(message, dismiss_);
    tellStatusBar(message);
    Q_EMIT saveRequested();
}

QString CodeEditor::copyPath(const QString &path, const QString &tag)
{
    const QFileInfo file(path);
    const auto taken = [&file](const QString &name) {
        return files::kindBelow(file.path(), name).exists; // a link counts: never written through
    };
    QString name = QStringLiteral("%1.~%2~").arg(file.fileName(), tag);
    for (int n = 2; taken(name); ++n)
        name = QStringLiteral("%1.~%2.%3~").arg(file.fileName(), tag).arg(n);
    return file.dir().filePath(name);
}

QString CodeEditor::diskMessage() const
{
    return diskBar_->isHidden() ? QString() : diskText_->text();
}

void CodeEditor::setDiskState(DiskState state)
{
    if (state == diskState_)
        return;
    diskState_ = state;
    diskBar_->hide(); // each state shows its own words, if any
    placeSaveBar();
    Q_EMIT diskStateChanged(state);
}

void CodeEditor::buildDiskBar()
{
    diskBar_ = new QWidget(this);
    diskBar_->setObjectName(QStringLiteral("diskBar"));
    diskBar_->setAttribute(Qt::WA_StyledBackground);
    diskText_ = new QLabel(diskBar_);
    diskText_->setWordWrap(true);
    diskText_->setTextFormat(Qt::PlainText);
    keepFile_ = new QPushButton(tr("Keep the file's version"), diskBar_);
    keepFile_->setToolTip(tr("Show the file as it is on the disk; your text is kept as a copy "
                             "beside it"));
    keepMine_ = new QPushButton(tr("Keep my version"), diskBar_);
    keepMine_->setToolTip(tr("Save your text over the file; the file's version is kept as a "
                             "copy beside it"));
    saveAgain_ = new QPushButton(tr("Save it again"), diskBar_);
    dismiss_ = new QPushButton(tr("OK"), diskBar_);
    auto *layout = new QHBoxLayout(diskBar_);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->addWidget(diskText_, 1);
    for (QPushButton *button : {keepFile_, keepMine_, saveAgain_, dismiss_})
        layout->addWidget(button);
    connect(keepFile_, &QPushButton::clicked, this, &CodeEditor::keepFileVersion);
    connect(keepMine_, &QPushButton::clicked, this, &CodeEditor::keepMyVersion);
    connect(saveAgain_, &QPushButton::clicked, this, [this] {
        mustWrite_ = true;
        Q_EMIT saveRequested();
    });
    connect(dismiss_, &QPushButton::clicked, this, [this] {
        diskBar_->hide();
        placeSaveBar();
    });
    diskBar_->hide();
}

// A choice to make is amber, a report of what was done blue; both sit above the text.
void CodeEditor::showDiskBar(const QString &message, QPushButton *first, QPushButton *second)
{
    for (QPushButton *button : {keepFile_, keepMine_, saveAgain_, dismiss_})
        button->setVisible(button == first || button == second);
    const bool report = first == dismiss_;
    diskBar_->setStyleSheet(report ? QStringLiteral("#diskBar { background: #d6e6f8; } "
                                                    "QLabel { color: #10304f; }")
                                   : QStringLiteral("#diskBar { background: #ffe08a; } "
                                                    "QLabel { color: #3b2a00; }"));
    diskText_->setText(message);
    diskBar_->show();
    placeSaveBar();
}

void CodeEditor::resizeEvent(QResizeEvent *event)
{
    QsciScintilla::resizeEvent(event);
    placeSaveBar();
}

// The save bar, then the disk's bar, stacked in a margin above the text: they hide none of it.
void CodeEditor::placeSaveBar()
{
    const QRect area = contentsRect();
    int top = area.top();
    for (QWidget *bar : {static_cast<QWidget *>(saveBar_), diskBar_}) {
        // isHidden, not isVisible: a bar must take its room in a tab that is not shown yet.
        if (!bar || bar->isHidden())
            continue;
        int height = bar->heightForWidth(area.width());
        if (height < 0)
            height = bar->sizeHint().height();
        bar->setGeometry(area.left(), top, area.width(), height);
        top += height;
    }
    setViewportMargins(0, top - area.top(), 0, 0);
}

// The window's status bar says it too, whichever page the editor sits in.
void CodeEditor::tellStatusBar(const QString &message) const
{
    if (auto *main = qobject_cast<QMainWindow *>(window()))
        main->statusBar()->showMessage(message);
}

} // namespace schedlab::gui
