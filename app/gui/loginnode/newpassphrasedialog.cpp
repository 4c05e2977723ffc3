// The new passphrase dialog: OK only when remote::checkPassphrase has nothing against it.
#include "newpassphrasedialog.h"

#include "keyfiles.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace schedlab::gui {

NewPassphraseDialog::NewPassphraseDialog(const QString &keyPath, QWidget *parent)
    : QDialog(parent)
    , first_(new QLineEdit)
    , second_(new QLineEdit)
    , problem_(new QLabel)
    , buttons_(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel))
{
    setWindowTitle(tr("Passphrase of the new key"));
    for (QLineEdit *edit : {first_, second_}) {
        edit->setEchoMode(QLineEdit::Password);
        connect(edit, &QLineEdit::textChanged, this, &NewPassphraseDialog::check);
    }
    auto *intro = new QLabel(
        tr("The passphrase protects %1: whoever copies the file still needs it. It is asked "
           "when you connect and is never saved by SchedLab.")
            .arg(keyPath));
    intro->setWordWrap(true);
    problem_->setWordWrap(true);
    auto *form = new QFormLayout;
    form->addRow(tr("Passphrase:"), first_);
    form->addRow(tr("Again:"), second_);
    connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(problem_);
    layout->addWidget(buttons_);
    check();
}

NewPassphraseDialog::~NewPassphraseDialog()
{
    wipe();
}

QByteArray NewPassphraseDialog::firstBytes() const
{
    return first_->text().toUtf8();
}

QByteArray NewPassphraseDialog::secondBytes() const
{
    return second_->text().toUtf8();
}

void NewPassphraseDialog::wipe()
{
    first_->clear();
    second_->clear();
}

void NewPassphraseDialog::check()
{
    QByteArray a = firstBytes();
    QByteArray b = secondBytes();
    const remote::PassphraseProblem problem = remote::checkPassphrase(a, b);
    a.fill('\0');
    b.fill('\0');
    switch (problem) {
    case remote::PassphraseProblem::Empty:
        problem_->setText(tr("The passphrase may not be empty."));
        break;
    case remote::PassphraseProblem::Mismatch:
        problem_->setText(tr("The two entries differ."));
        break;
    case remote::PassphraseProblem::None:
        problem_->clear();
        break;
    }
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(problem == remote::PassphraseProblem::None);
}

} // namespace schedlab::gui
