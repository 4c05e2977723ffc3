// The not-graded list: gathered from the class grading, shown under a foldable header.
#include "notgradedpanel.h"

#include "classgrading.h"

#include <QHeaderView>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace schedlab::gui {

namespace {

// "/home/me/L3.zip ▸ Zoé_12_assignsubmission_file_/rendu.zip" -> "L3.zip ▸ Zoé_12_...": what
// the instructor opened is in the page's title already.
QString shortSource(const QString &source, const QString &opened)
{
    if (opened.isEmpty() || !source.startsWith(opened))
        return source;
    const QString name = opened.section(u'/', -1);
    const QString rest = source.mid(opened.size());
    return rest.startsWith(u'/') ? rest.mid(1) : name + rest;
}

} // namespace

QList<NotGradedItem> notGradedItems(const ClassGrading &grading)
{
    QList<NotGradedItem> items, notes;
    const QString opened = grading.folder();
    for (const handin::NotGraded &n : grading.notGraded())
        items << NotGradedItem{NotGradedItem::NotGraded, shortSource(n.source, opened), n.reason};
    for (const handin::ClassHandIn &h : grading.handIns()) {
        const QString source = shortSource(h.source, opened);
        if (!h.folder.problem.isEmpty())
            items << NotGradedItem{NotGradedItem::NotGraded, source, h.folder.problem};
        else if (const QString why = grading.problem(h.key); !why.isEmpty())
            items << NotGradedItem{NotGradedItem::NotGraded, source, why};
        for (const QString &flag : grading.flags(h.key))
            notes << NotGradedItem{NotGradedItem::Note, source, flag};
    }
    return items + notes;
}

NotGradedPanel::NotGradedPanel(QWidget *parent)
    : QWidget(parent)
    , header_(new QToolButton(this))
    , list_(new QTreeWidget(this))
{
    header_->setCheckable(true);
    header_->setChecked(true);
    header_->setArrowType(Qt::DownArrow);
    header_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    header_->setAutoRaise(true);
    header_->setToolTip(tr("Show or hide the list"));
    list_->setColumnCount(3);
    list_->setHeaderLabels({tr("What"), tr("Source"), tr("Reason")});
    list_->setRootIsDecorated(false);
    list_->setUniformRowHeights(true);
    list_->setWordWrap(false);
    list_->header()->setStretchLastSection(true);
    list_->setTextElideMode(Qt::ElideMiddle); // the zip's and the submission's names both show
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(header_, 0, Qt::AlignLeft);
    layout->addWidget(list_);
    connect(header_, &QToolButton::toggled, this, [this](bool open) {
        list_->setVisible(open);
        header_->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
    });
    setVisible(false);
}

void NotGradedPanel::setItems(const QList<NotGradedItem> &items)
{
    items_ = items;
    list_->clear();
    int notGraded = 0;
    for (const NotGradedItem &item : items) {
        const bool skipped = item.kind == NotGradedItem::NotGraded;
        notGraded += skipped ? 1 : 0;
        auto *row = new QTreeWidgetItem(
            list_, {skipped ? tr("Not graded") : tr("Note"), item.source, item.reason});
        for (int c = 0; c < 3; ++c)
            row->setToolTip(c, item.source + QStringLiteral(": ") + item.reason);
        if (skipped)
            row->setForeground(0, QBrush(QColor(0xa3, 0x1d, 0x1d)));
    }
    list_->resizeColumnToContents(0);
    list_->resizeColumnToContents(1);
    list_->setColumnWidth(1, qMin(list_->columnWidth(1), 600));
    // As tall as its rows, up to five: the class's table keeps the room on a laptop's screen.
    const int rowHeight = qMax(list_->sizeHintForRow(0), list_->fontMetrics().height() + 2);
    list_->setFixedHeight(list_->header()->sizeHint().height() +
                          rowHeight * qBound(1, int(items.size()), 5) + 2 * list_->frameWidth() +
                          2);
    const int notes = int(items.size()) - notGraded;
    QStringList parts;
    if (notGraded > 0)
        parts << tr("%n item(s) not graded", nullptr, notGraded);
    if (notes > 0)
        parts << tr("%n note(s) on hand-ins", nullptr, notes);
    header_->setText(parts.join(QStringLiteral(" · ")));
    setVisible(!items.isEmpty());
}

} // namespace schedlab::gui
