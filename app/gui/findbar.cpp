// The find bar over QScintilla's search.
#include "findbar.h"

#include "codeeditor.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace schedlab::gui {

FindBar::FindBar(QWidget *parent)
    : QWidget(parent)
    , find_(new QLineEdit(this))
    , replace_(new QLineEdit(this))
    , caseSensitive_(new QCheckBox(tr("Match case"), this))
    , replaceRow_(new QWidget(this))
{
    find_->setPlaceholderText(tr("Find"));
    replace_->setPlaceholderText(tr("Replace with"));
    auto *next = new QPushButton(tr("Next"), this);
    auto *replaceOne = new QPushButton(tr("Replace"), replaceRow_);
    auto *replaceEvery = new QPushButton(tr("Replace all"), replaceRow_);
    auto *findRow = new QHBoxLayout;
    findRow->addWidget(find_, 1);
    findRow->addWidget(caseSensitive_);
    findRow->addWidget(next);
    auto *replaceLayout = new QHBoxLayout(replaceRow_);
    replaceLayout->setContentsMargins(0, 0, 0, 0);
    replaceLayout->addWidget(replace_, 1);
    replaceLayout->addWidget(replaceOne);
    replaceLayout->addWidget(replaceEvery);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(findRow);
    layout->addWidget(replaceRow_);
    connect(find_, &QLineEdit::returnPressed, this, &FindBar::findNext);
    connect(next, &QPushButton::clicked, this, &FindBar::findNext);
    connect(replaceOne, &QPushButton::clicked, this, &FindBar::replaceCurrent);
    connect(replaceEvery, &QPushButton::clicked, this, &FindBar::replaceAll);
    hide();
}

void FindBar::open(bool withReplace)
{
    if (editor_ && editor_->hasSelectedText())
        find_->setText(editor_->selectedText());
    replaceRow_->setVisible(withReplace);
    show();
    find_->setFocus();
    find_->selectAll();
}

bool FindBar::findNext()
{
    if (!editor_ || find_->text().isEmpty())
        return false;
    return editor_->findFirst(find_->text(), false, caseSensitive_->isChecked(), false, true);
}

bool FindBar::replaceCurrent()
{
    if (!editor_)
        return false;
    if (editor_->hasSelectedText() &&
        editor_->selectedText().compare(find_->text(), caseSensitive_->isChecked()
                                                           ? Qt::CaseSensitive
                                                           : Qt::CaseInsensitive) == 0)
        editor_->replace(replace_->text());
    return findNext();
}

int FindBar::replaceAll()
{
    if (!editor_ || find_->text().isEmpty())
        return 0;
    int count = 0;
    editor_->beginUndoAction(); // one Ctrl+Z undoes them all
    editor_->setCursorPosition(0, 0);
    // Searching forward without wrapping from the start visits each match once, even when
    // the replacement contains the text searched.
    while (editor_->findFirst(find_->text(), false, caseSensitive_->isChecked(), false, false)) {
        editor_->replace(replace_->text());
        ++count;
    }
    editor_->endUndoAction();
    return count;
}

void FindBar::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape) {
        hide();
        if (editor_)
            editor_->setFocus();
        return;
    }
    QWidget::keyPressEvent(event);
}

} // namespace schedlab::gui
