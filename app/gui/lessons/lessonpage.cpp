// The lesson reader. Markdown is shown by Qt's own Markdown support; each interactive block
// is a small framed panel whose button does what the lesson says, so "try it yourself"
// leaves the student's terminal and files as the lesson describes.
#include "lessonpage.h"

#include "codeeditor.h"
#include "safefiles.h"

#include <QDir>
#include <QFile>
#include <QFontDatabase>
#include <QFrame>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

#include <memory>

namespace schedlab::gui {

namespace {

// Saves the edited lesson files, durably; an editor whose file could not be saved keeps its
// text and says why above it. Returns the failures' messages.
QStringList saveEditors(const QHash<QString, CodeEditor *> &editors, const QString &workDir)
{
    QStringList failures;
    for (auto it = editors.cbegin(); it != editors.cend(); ++it) {
        const QString path = QDir(workDir).filePath(it.key());
        const QString failure =
            it.value()->saveWith(it.key(), [&path](const QString &text, QString *error) {
                const files::WriteResult w = files::saveFile(path, text.toUtf8());
                *error = w.error;
                return w.ok;
            });
        if (!failure.isEmpty())
            failures << failure;
    }
    return failures;
}

} // namespace

LessonPage::LessonPage(QList<Lesson> lessons, QString workDir, QWidget *parent)
    : QWidget(parent)
    , lessons_(std::move(lessons))
    , workDir_(std::move(workDir))
    , scroll_(new QScrollArea)
    , files_(new QTabWidget)
{
    scroll_->setWidgetResizable(true);
    scroll_->setFrameShape(QFrame::NoFrame);
    files_->setDocumentMode(true);
    auto *split = new QSplitter(Qt::Horizontal);
    split->addWidget(scroll_);
    split->addWidget(files_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);
    files_->hide(); // until a lesson opens a file
    savePause_.setSingleShot(true);
    savePause_.setInterval(500); // saved after each pause in typing, as exercises are
    saveRetry_.setInterval(CodeEditor::kSaveRetryMs);
    connect(&savePause_, &QTimer::timeout, this, &LessonPage::autosave);
    connect(&saveRetry_, &QTimer::timeout, this, &LessonPage::autosave);
    connect(scroll_->verticalScrollBar(), &QScrollBar::valueChanged, this, [this](int value) {
        if (!current_.isEmpty() && value >= scroll_->verticalScrollBar()->maximum())
            Q_EMIT lessonRead(current_);
    });
}

bool LessonPage::showLesson(const QString &id)
{
    const Lesson *lesson = nullptr;
    for (const Lesson &l : lessons_)
        if (l.id == id)
            lesson = &l;
    if (!lesson)
        return false;
    clearBlocks();
    current_ = id;
    content_ = new QWidget;
    blocks_ = new QVBoxLayout(content_);
    blocks_->setContentsMargins(24, 16, 24, 24);
    blocks_->setSpacing(12);
    // The title, unless the text opens with its own heading.
    const bool headed = !lesson->blocks.isEmpty() &&
                        lesson->blocks.first().kind == LessonBlock::Kind::Markdown &&
                        lesson->blocks.first().markdown.trimmed().startsWith(QLatin1String("# "));
    if (!headed) {
        auto *title = new QLabel(lesson->title);
        QFont big = title->font();
        big.setPointSizeF(big.pointSizeF() * 1.6);
        big.setBold(true);
        title->setFont(big);
        title->setWordWrap(true);
        blocks_->addWidget(title);
    }
    if (lesson->part == QLatin1String("plus-loin")) {
        auto *further = new QLabel(tr("Going further: beyond the module's programme."));
        further->setStyleSheet(QStringLiteral("font-style: italic;"));
        blocks_->addWidget(further);
    }
    for (int i = 0; i < lesson->blocks.size(); ++i)
        blocks_->addWidget(blockWidget(lesson->blocks[i], i));
    blocks_->addStretch(1);
    scroll_->setWidget(content_);
    // A short lesson has nothing to scroll: reaching it is reading it.
    if (scroll_->verticalScrollBar()->maximum() == 0)
        Q_EMIT lessonRead(id);
    return true;
}

// Saves made while typing never open a dialog: the editor and the status bar say it, and a
// failed one is tried again until it succeeds.
void LessonPage::autosave()
{
    savePause_.stop();
    if (saveEditors(editors_, workDir_).isEmpty())
        saveRetry_.stop();
    else if (!saveRetry_.isActive())
        saveRetry_.start();
}

void LessonPage::clearBlocks()
{
    buttons_.clear();
    delete scroll_->takeWidget();
    content_ = nullptr;
}

QPushButton *LessonPage::addButton(const QString &text)
{
    auto *button = new QPushButton(text);
    button->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed);
    buttons_.append(button);
    return button;
}

QWidget *LessonPage::blockWidget(const LessonBlock &block, int index)
{
    if (block.kind == LessonBlock::Kind::Markdown) {
        auto *text = new QLabel;
        text->setTextFormat(Qt::MarkdownText);
        text->setText(block.markdown);
        text->setWordWrap(true);
        text->setOpenExternalLinks(true);
        text->setTextInteractionFlags(Qt::TextBrowserInteraction);
        return text;
    }
    if (block.kind == LessonBlock::Kind::Run)
        return runWidget(block);
    if (block.kind == LessonBlock::Kind::Check)
        return checkWidget(block, index);
    auto *frame = new QFrame;
    frame->setFrameShape(QFrame::StyledPanel);
    auto *layout = new QHBoxLayout(frame);
    QPushButton *button = addButton(block.label);
    layout->addWidget(button);
    layout->addStretch(1);
    if (block.kind == LessonBlock::Kind::Scenario) {
        const QString lessonsDir = QFileInfo(lessons_.first().path).path();
        const QString file = QDir(lessonsDir).filePath(QStringLiteral("scenarios/") + block.file);
        connect(button, &QPushButton::clicked, this, [this, file] { Q_EMIT playScenario(file); });
    } else {
        connect(button, &QPushButton::clicked, this,
                [this, block] { openFile(block.file, block.content); });
    }
    return frame;
}

QWidget *LessonPage::runWidget(const LessonBlock &block)
{
    auto *frame = new QFrame;
    frame->setFrameShape(QFrame::StyledPanel);
    auto *layout = new QVBoxLayout(frame);
    auto *code = new QLabel(block.commands.join(u'\n'));
    code->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    code->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(code);
    QPushButton *button = addButton(block.label);
    button->setToolTip(tr("Types these lines into the terminal below"));
    connect(button, &QPushButton::clicked, this,
            [this, commands = block.commands] { Q_EMIT runCommands(commands, workDir_); });
    layout->addWidget(button);
    return frame;
}

QWidget *LessonPage::checkWidget(const LessonBlock &block, int index)
{
    auto *frame = new QFrame;
    frame->setFrameShape(QFrame::StyledPanel);
    auto *layout = new QVBoxLayout(frame);
    auto *question = new QLabel(tr("Check yourself: %1").arg(block.question));
    question->setWordWrap(true);
    auto *answer = new QLineEdit;
    answer->setPlaceholderText(tr("Your answer, in a sentence"));
    auto *verdict = new QLabel;
    verdict->setWordWrap(true);
    QPushButton *button = addButton(block.label);
    auto check = [this, block, index, answer, verdict] {
        const CheckVerdict v = checkAnswer(block, answer->text());
        verdict->setText(v.right ? QStringLiteral("✓ ") + block.right
                                 : QStringLiteral("✗ ") + block.wrong);
        verdict->setStyleSheet(v.right ? QStringLiteral("color: #2e8b3e;")
                                       : QStringLiteral("color: #c62828;"));
        if (v.right)
            Q_EMIT checkPassed(current_, index);
    };
    connect(button, &QPushButton::clicked, this, check);
    connect(answer, &QLineEdit::returnPressed, this, check);
    layout->addWidget(question);
    layout->addWidget(answer);
    layout->addWidget(button);
    layout->addWidget(verdict);
    return frame;
}

CodeEditor *LessonPage::openFile(const QString &file, const QString &content)
{
    const QString path = QDir(workDir_).filePath(file);
    if (!QFile::exists(path)) {
        // The student's own version is never overwritten: the lesson only starts it.
        QDir().mkpath(QFileInfo(path).path());
        const files::WriteResult w = files::saveFile(path, content.toUtf8());
        if (!w.ok) {
            Q_EMIT problem(tr("Cannot write %1").arg(w.error));
            return nullptr;
        }
    }
    if (CodeEditor *open = editors_.value(file)) {
        files_->setCurrentWidget(open);
        return open;
    }
    // Followed on the disk: what the lesson's commands write into it is shown, never saved over.
    auto editor = std::make_unique<CodeEditor>(file);
    QString error;
    if (!editor->openFile(path, &error)) {
        Q_EMIT problem(tr("Cannot read %1").arg(error));
        return nullptr;
    }
    connect(editor.get(), &QsciScintilla::textChanged, &savePause_, qOverload<>(&QTimer::start));
    connect(editor.get(), &CodeEditor::saveRequested, this, &LessonPage::autosave);
    CodeEditor *shown = editor.release();
    editors_.insert(file, shown);
    files_->addTab(shown, file);
    files_->setCurrentWidget(shown);
    files_->show();
    return shown;
}

bool LessonPage::saveAll()
{
    savePause_.stop();
    const QStringList failures = saveEditors(editors_, workDir_);
    if (failures.isEmpty())
        return true;
    saveRetry_.start();
    Q_EMIT problem(failures.join(u'\n'));
    return false;
}

} // namespace schedlab::gui
