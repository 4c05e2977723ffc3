// The list of changed marks: one line per student and exercise, its reasons (per criterion,
// in French as the gradebook words them) underneath.
#include "changespanel.h"

#include "gradebookmodel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace schedlab::gui {

ChangesPanel::ChangesPanel(QWidget *parent)
    : QFrame(parent)
    , headline_(new QLabel(this))
    , list_(new QTreeWidget(this))
    , save_(new QPushButton(tr("Save these grades"), this))
    , discard_(new QPushButton(tr("Keep the stored grades"), this))
{
    setObjectName(QStringLiteral("changesPanel"));
    setStyleSheet(QStringLiteral("#changesPanel { background: #fff7e0; border: 1px solid #e8cf8a;"
                                 " border-radius: 4px; }"));
    headline_->setWordWrap(true);
    list_->setHeaderLabels({tr("Student"), tr("Exercise"), tr("Score"), tr("Rubric")});
    list_->setRootIsDecorated(true);
    list_->setUniformRowHeights(true);
    list_->header()->setStretchLastSection(true);
    save_->setDefault(true);
    connect(save_, &QPushButton::clicked, this, &ChangesPanel::saveRequested);
    connect(discard_, &QPushButton::clicked, this, &ChangesPanel::discardRequested);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(headline_, 1);
    buttons->addWidget(discard_);
    buttons->addWidget(save_);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 8);
    layout->addLayout(buttons);
    layout->addWidget(list_);
    setVisible(false);
}

void ChangesPanel::setChanges(const QList<grader::GradeChange> &changes)
{
    list_->clear();
    for (const grader::GradeChange &c : changes) {
        auto *item = new QTreeWidgetItem(
            list_,
            {c.student, c.exercise, tr("%1 → %2").arg(markText(c.oldScore), markText(c.newScore)),
             c.oldRubric == c.newRubric ? c.newRubric
                                        : tr("%1 → %2").arg(c.oldRubric, c.newRubric)});
        item->setData(0, Qt::UserRole, c.student);
        for (const QString &reason : c.reasons) {
            auto *child = new QTreeWidgetItem(item, {reason});
            child->setFirstColumnSpanned(true);
        }
    }
    list_->expandAll();
    // The reasons span the row: only the students' names size the first column.
    int width = list_->fontMetrics().horizontalAdvance(tr("Student"));
    for (int i = 0; i < list_->topLevelItemCount(); ++i)
        width =
            qMax(width, list_->fontMetrics().horizontalAdvance(list_->topLevelItem(i)->text(0)));
    list_->setColumnWidth(0, width + 48);
    // As tall as its lines, up to a few: the table below stays in view.
    int lines = 0;
    for (const grader::GradeChange &c : changes)
        lines += 1 + int(c.reasons.size());
    const int row = qMax(list_->sizeHintForRow(0), list_->fontMetrics().height());
    list_->setFixedHeight(qMin(170, list_->header()->sizeHint().height() + 6 + lines * row));
    list_->resizeColumnToContents(1);
    list_->resizeColumnToContents(2);
    headline_->setText(tr("%n mark(s) would change compared with the gradebook. Nothing is saved "
                          "until you confirm.",
                          nullptr, int(changes.size())));
    setVisible(!changes.isEmpty());
}

} // namespace schedlab::gui
