// Showing a student's file with the evidence highlighted. The text comes from the grader's
// reader, which masks private keys (secrets.h): the key never reaches the widget.
#include "evidenceview.h"

#include "secrets.h"
#include "submission.h"

#include <QFontDatabase>
#include <QLabel>
#include <QPaintEvent>
#include <QPainter>
#include <QPlainTextEdit>
#include <QResizeEvent>
#include <QTabBar>
#include <QTextBlock>
#include <QVBoxLayout>

namespace schedlab::gui {

namespace {

// A read-only text with the line numbers the grader's evidence refers to ("ligne 15").
class NumberedText : public QPlainTextEdit
{
public:
    explicit NumberedText(QWidget *parent)
        : QPlainTextEdit(parent)
        , gutter_(new Gutter(this))
    {
        setReadOnly(true);
        setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        setLineWrapMode(QPlainTextEdit::WidgetWidth);
        connect(this, &QPlainTextEdit::blockCountChanged, this, [this] { fitGutter(); });
        connect(this, &QPlainTextEdit::updateRequest, this, [this](const QRect &rect, int dy) {
            if (dy)
                gutter_->scroll(0, dy);
            else
                gutter_->update(0, rect.y(), gutter_->width(), rect.height());
        });
        fitGutter();
    }

protected:
    void resizeEvent(QResizeEvent *event) override
    {
        QPlainTextEdit::resizeEvent(event);
        const QRect r = contentsRect();
        gutter_->setGeometry(r.left(), r.top(), gutterWidth(), r.height());
    }

private:
    class Gutter : public QWidget
    {
    public:
        explicit Gutter(NumberedText *text)
            : QWidget(text)
            , text_(text)
        {}

    protected:
        void paintEvent(QPaintEvent *event) override { text_->paintGutter(event->rect()); }

    private:
        NumberedText *text_;
    };

    int gutterWidth() const
    {
        const int digits = int(QString::number(qMax(1, blockCount())).size());
        return 12 + fontMetrics().horizontalAdvance(u'9') * qMax(2, digits);
    }

    void fitGutter() { setViewportMargins(gutterWidth(), 0, 0, 0); }

    void paintGutter(const QRect &rect)
    {
        QPainter painter(gutter_);
        painter.fillRect(rect, palette().color(QPalette::AlternateBase));
        painter.setPen(palette().color(QPalette::PlaceholderText));
        QTextBlock block = firstVisibleBlock();
        int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
        while (block.isValid() && top <= rect.bottom()) {
            const int height = qRound(blockBoundingRect(block).height());
            if (block.isVisible() && top + height >= rect.top())
                painter.drawText(0, top, gutter_->width() - 6, fontMetrics().height(),
                                 Qt::AlignRight, QString::number(block.blockNumber() + 1));
            block = block.next();
            top += height;
        }
    }

    Gutter *gutter_;
};

QTextEdit::ExtraSelection selection(QPlainTextEdit *text, qsizetype start, qsizetype length,
                                    const QColor &background)
{
    QTextEdit::ExtraSelection s;
    s.cursor = QTextCursor(text->document());
    s.cursor.setPosition(int(start));
    s.cursor.setPosition(int(start + length), QTextCursor::KeepAnchor);
    s.format.setBackground(background);
    return s;
}

} // namespace

EvidenceView::EvidenceView(QWidget *parent)
    : QWidget(parent)
    , tabs_(new QTabBar(this))
    , note_(new QLabel(this))
    , text_(new NumberedText(this))
{
    tabs_->setDocumentMode(true);
    tabs_->setExpanding(false);
    note_->setWordWrap(true);
    note_->setVisible(false);
    note_->setStyleSheet(QStringLiteral("QLabel { background: #fff4d6; border: 1px solid #e8cf8a;"
                                        " border-radius: 3px; padding: 4px 6px; }"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(tabs_);
    layout->addWidget(note_);
    layout->addWidget(text_, 1);
    connect(tabs_, &QTabBar::currentChanged, this, &EvidenceView::showFile);
    clear(tr("Select a cell of the table to read the student's answer."));
}

QColor EvidenceView::evidenceColor()
{
    return QColor(0xff, 0xd5, 0x4f);
}

QColor EvidenceView::partialColor()
{
    return QColor(0xff, 0xee, 0xb0);
}

QColor EvidenceView::maskedColor()
{
    return QColor(0xdd, 0xdd, 0xdd);
}

void EvidenceView::showFiles(const QString &dir, const QStringList &files, const QString &current,
                             const QString &evidence)
{
    dir_ = dir;
    evidence_ = evidence;
    const QSignalBlocker block(tabs_);
    while (tabs_->count() > 0)
        tabs_->removeTab(0);
    for (const QString &f : files)
        tabs_->addTab(f);
    const int index = int(files.indexOf(current));
    tabs_->setCurrentIndex(index < 0 ? 0 : index);
    showFile(tabs_->currentIndex());
}

void EvidenceView::clear(const QString &message)
{
    const QSignalBlocker block(tabs_);
    while (tabs_->count() > 0)
        tabs_->removeTab(0);
    dir_.clear();
    evidence_.clear();
    ranges_.clear();
    text_->setExtraSelections({});
    text_->clear();
    text_->setPlaceholderText(message);
    note_->setVisible(false);
}

QString EvidenceView::currentFile() const
{
    return tabs_->currentIndex() < 0 ? QString() : tabs_->tabText(tabs_->currentIndex());
}

void EvidenceView::showFile(int tab)
{
    ranges_.clear();
    text_->setExtraSelections({});
    text_->clear();
    if (tab < 0)
        return;
    const QString name = tabs_->tabText(tab);
    // The grader's reader: size and encoding checked, private keys already masked.
    const grader::SubmittedFile file = grader::readSubmittedFile(dir_, name);
    QString note;
    if (!file.present)
        note = tr("%1 was not handed in.").arg(name);
    else if (!file.error.isEmpty())
        note = file.error;
    else if (!file.keyLines.isEmpty())
        note = tr("A private key was pasted in this file (line %1): it is masked here, as in "
                  "every report.")
                   .arg(file.keyLines.first());
    note_->setText(note);
    note_->setVisible(!note.isEmpty());
    text_->setPlaceholderText(file.present ? tr("(empty)") : tr("(no file)"));
    text_->setPlainText(file.text);
    highlight();
}

void EvidenceView::highlight()
{
    const QString text = text_->toPlainText();
    ranges_ = locateEvidence(text, evidence_);
    QList<QTextEdit::ExtraSelection> selections;
    for (qsizetype at = text.indexOf(grader::kMaskedKey); at >= 0;
         at = text.indexOf(grader::kMaskedKey, at + 1))
        selections << selection(text_, at, grader::kMaskedKey.size(), maskedColor());
    for (const EvidenceRange &r : ranges_)
        selections << selection(text_, r.start, r.length,
                                r.exact ? evidenceColor() : partialColor());
    text_->setExtraSelections(selections);
    if (ranges_.isEmpty())
        return;
    QTextCursor cursor(text_->document());
    cursor.setPosition(int(ranges_.first().start));
    text_->setTextCursor(cursor);
    text_->centerCursor();
}

} // namespace schedlab::gui
