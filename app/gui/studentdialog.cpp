// The identity form.
#include "studentdialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace schedlab::gui {

StudentDialog::StudentDialog(const handin::StudentIdentity &identity, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Student"));
    auto *intro = new QLabel(
        tr("Your name and student number go into your hand-in and your exam paper, so that "
           "your instructor's grades reach you. Exercise 2's scenario is drawn from your "
           "number."),
        this);
    intro->setWordWrap(true);
    name_ = new QLineEdit(identity.name, this);
    name_->setObjectName(QStringLiteral("studentName"));
    name_->setPlaceholderText(tr("First name and last name"));
    number_ = new QLineEdit(identity.number, this);
    number_->setObjectName(QStringLiteral("studentNumber"));
    number_->setPlaceholderText(tr("As on your student card"));
    group_ = new QLineEdit(identity.group, this);
    group_->setObjectName(QStringLiteral("studentGroup"));
    group_->setPlaceholderText(tr("Optional"));
    members_ = new QPlainTextEdit(membersText(identity.members), this);
    members_->setObjectName(QStringLiteral("groupMembers"));
    members_->setPlaceholderText(tr("For the group project, one member per line:\n"
                                    "number name"));
    members_->setTabChangesFocus(true);
    members_->setMaximumHeight(members_->fontMetrics().lineSpacing() * 5);
    fileName_ = new QLabel(this);
    fileName_->setObjectName(QStringLiteral("handInName"));
    fileName_->setWordWrap(true);

    auto *form = new QFormLayout;
    form->addRow(tr("&Name:"), name_);
    form->addRow(tr("Student &number:"), number_);
    form->addRow(tr("&Group:"), group_);
    form->addRow(tr("Group &members:"), members_);
    buttons_ = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(fileName_);
    layout->addWidget(buttons_);
    for (QLineEdit *edit : {name_, number_})
        connect(edit, &QLineEdit::textChanged, this, &StudentDialog::updateState);
    updateState();
    setMinimumWidth(fontMetrics().averageCharWidth() * 60);
}

handin::StudentIdentity StudentDialog::identity() const
{
    handin::StudentIdentity id;
    id.name = name_->text().simplified();
    id.number = number_->text().simplified();
    id.group = group_->text().simplified();
    id.members = parseMembers(members_->toPlainText());
    return id;
}

void StudentDialog::updateState()
{
    const handin::StudentIdentity id = identity();
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(id.isComplete());
    fileName_->setText(id.isComplete() ? tr("Your hand-in will be named %1.zip.").arg(id.fileStem())
                                       : tr("Give your name and your number."));
}

QList<handin::GroupMember> StudentDialog::parseMembers(const QString &text)
{
    QList<handin::GroupMember> members;
    for (const QString &line : text.split(u'\n')) {
        const QString simple = line.simplified();
        if (simple.isEmpty())
            continue;
        const qsizetype space = simple.indexOf(u' ');
        members << (space < 0 ? handin::GroupMember{simple, QString()}
                              : handin::GroupMember{simple.left(space), simple.mid(space + 1)});
    }
    return members;
}

QString StudentDialog::membersText(const QList<handin::GroupMember> &members)
{
    QStringList lines;
    for (const handin::GroupMember &m : members)
        lines << (m.number + u' ' + m.name).trimmed();
    return lines.join(u'\n');
}

} // namespace schedlab::gui
