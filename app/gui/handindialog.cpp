// The hand-in summary.
#include "handindialog.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace schedlab::gui {

HandInDialog::HandInDialog(const handin::HandInPlan &plan, const QString &defaultPath,
                           QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Hand in my work"));
    auto *intro = new QLabel(tr("This is what your hand-in holds. Check it before you give the "
                                "zip to your instructor."),
                             this);
    intro->setWordWrap(true);
    list_ = new QTreeWidget(this);
    list_->setObjectName(QStringLiteral("deliverables"));
    list_->setColumnCount(3);
    list_->setHeaderLabels({tr("Deliverable"), tr("Status"), tr("Files")});
    list_->setRootIsDecorated(false);
    list_->setWordWrap(true);
    list_->setUniformRowHeights(false);
    list_->header()->setSectionResizeMode(2, QHeaderView::Stretch);
    fillList(plan);

    QStringList notes = plan.warnings;
    if (!plan.ok())
        notes.prepend(tr("Nothing can be handed in yet: %1").arg(plan.refusal));
    auto *warnings = new QLabel(notes.join(QStringLiteral("\n")), this);
    warnings->setObjectName(QStringLiteral("handInWarnings"));
    warnings->setWordWrap(true);
    warnings->setVisible(!notes.isEmpty());
    if (!plan.ok())
        warnings->setStyleSheet(QStringLiteral("color: #b00020;"));

    path_ = new QLineEdit(defaultPath, this);
    path_->setObjectName(QStringLiteral("handInPath"));
    auto *browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, &HandInDialog::chooseFile);
    auto *where = new QHBoxLayout;
    where->addWidget(new QLabel(tr("Save as:"), this));
    where->addWidget(path_, 1);
    where->addWidget(browse);

    buttons_ = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    QPushButton *handIn = buttons_->addButton(tr("Hand in"), QDialogButtonBox::AcceptRole);
    handIn->setObjectName(QStringLiteral("handInButton"));
    handIn->setEnabled(plan.ok());
    connect(path_, &QLineEdit::textChanged, handIn, [handIn, ok = plan.ok()](const QString &text) {
        handIn->setEnabled(ok && !text.trimmed().isEmpty());
    });
    connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(list_, 1);
    layout->addWidget(warnings);
    layout->addLayout(where);
    layout->addWidget(buttons_);
    // Wide enough for the files of a deliverable on one or two lines, within a 1366×768 screen.
    resize(qMax(fontMetrics().averageCharWidth() * 130, 820), fontMetrics().lineSpacing() * 22);
}

QString HandInDialog::statusText(handin::DeliverableStatus status)
{
    switch (status) {
    case handin::DeliverableStatus::Included:
        return tr("Included");
    case handin::DeliverableStatus::Empty:
        return tr("Empty");
    case handin::DeliverableStatus::Missing:
        return tr("Missing");
    }
    return {};
}

void HandInDialog::fillList(const handin::HandInPlan &plan)
{
    for (const handin::Deliverable &d : plan.deliverables) {
        QStringList files = d.files;
        for (const QString &f : d.emptyFiles)
            files << tr("%1 (empty)").arg(f);
        for (const QString &f : d.missingFiles)
            files << tr("%1 (missing)").arg(f);
        if (!d.note.isEmpty())
            files << d.note;
        auto *item = new QTreeWidgetItem(
            list_, {d.title.isEmpty() ? d.exercise : d.exercise + QStringLiteral(" — ") + d.title,
                    statusText(d.status), files.join(QStringLiteral(", "))});
        item->setData(0, Qt::UserRole, d.exercise);
        item->setToolTip(2, files.join(u'\n'));
        const QColor colour = d.status == handin::DeliverableStatus::Included ? QColor(0x1b5e20)
                              : d.status == handin::DeliverableStatus::Empty  ? QColor(0xe65100)
                                                                              : QColor(0xb00020);
        item->setForeground(1, colour);
    }
    list_->resizeColumnToContents(0);
    list_->resizeColumnToContents(1);
}

void HandInDialog::chooseFile()
{
    const QString chosen = QFileDialog::getSaveFileName(this, tr("Hand in my work"), zipPath(),
                                                        tr("Zip archives (*.zip)"));
    if (!chosen.isEmpty())
        path_->setText(chosen);
}

QString HandInDialog::zipPath() const
{
    QString path = path_->text().trimmed();
    if (!path.isEmpty() && !path.endsWith(QStringLiteral(".zip"), Qt::CaseInsensitive))
        path += QStringLiteral(".zip");
    return path;
}

} // namespace schedlab::gui
