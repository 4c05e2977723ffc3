// The connection bar. The session reports every step by signal; the bar only shows them and
// asks the two questions the session may put.
#include "connectionbar.h"

#include "profilestore.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace schedlab::gui {

using Stage = remote::LoginNodeSession::Stage;

ConnectionBar::ConnectionBar(remote::LoginNodeSession *session, ProfileStore *store,
                             QWidget *parent)
    : QWidget(parent)
    , session_(session)
    , store_(store)
    , connect_(new QPushButton(tr("&Connect")))
    , disconnect_(new QPushButton(tr("&Disconnect")))
    , state_(new QLabel)
    , error_(new QLabel)
    , transcript_(new QPlainTextEdit)
{
    error_->setWordWrap(true);
    error_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    error_->setStyleSheet(QStringLiteral("color: #c62828;"));
    error_->hide();
    transcript_->setReadOnly(true);
    transcript_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    transcript_->setLineWrapMode(QPlainTextEdit::NoWrap);
    transcript_->setMaximumBlockCount(5000);
    transcript_->setPlaceholderText(tr("What SchedLab sends to the login node and what it "
                                       "answers appears here."));

    auto *row = new QHBoxLayout;
    row->addWidget(connect_);
    row->addWidget(disconnect_);
    row->addWidget(state_, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
    layout->addWidget(error_);
    layout->addWidget(transcript_, 1);

    connect(connect_, &QPushButton::clicked, this, &ConnectionBar::connectToNode);
    connect(disconnect_, &QPushButton::clicked, this, &ConnectionBar::disconnectFromNode);
    connect(session_, &remote::LoginNodeSession::stageChanged, this, &ConnectionBar::showStage);
    connect(session_, &remote::LoginNodeSession::hostKeyQuestion, this, &ConnectionBar::askHostKey);
    connect(session_, &remote::LoginNodeSession::passphraseNeeded, this,
            &ConnectionBar::askPassphrase);
    connect(session_, &remote::LoginNodeSession::failed, this,
            [this](const QString &message, int) { showError(message); });
    connect(session_, &remote::LoginNodeSession::connected, this, [this] { error_->hide(); });
    connect(session_, &remote::LoginNodeSession::activity, transcript_,
            &QPlainTextEdit::appendPlainText);
    showStage(session_->stage());
}

QString ConnectionBar::stateText() const
{
    return state_->text();
}

QString ConnectionBar::errorText() const
{
    return error_->isHidden() ? QString() : error_->text();
}

void ConnectionBar::showError(const QString &message)
{
    error_->setText(message);
    error_->setVisible(!message.isEmpty());
}

bool ConnectionBar::connectToNode()
{
    const remote::LoginProfile profile = store_->profile();
    const QStringList problems = profile.problems();
    if (!problems.isEmpty()) {
        showError(tr("The profile is not complete: %1").arg(problems.join(QStringLiteral("; "))));
        return false;
    }
    showError({});
    session_->connectToNode(profile);
    return true;
}

void ConnectionBar::disconnectFromNode()
{
    if (hostKeyDialog_)
        hostKeyDialog_->close();
    if (passphraseDialog_)
        passphraseDialog_->close();
    session_->disconnectFromNode();
}

void ConnectionBar::showStage(Stage stage)
{
    const remote::LoginProfile profile = session_->profile();
    const QString where =
        QStringLiteral("%1@%2:%3").arg(profile.user, profile.host).arg(profile.port);
    switch (stage) {
    case Stage::Disconnected:
        state_->setText(tr("Not connected."));
        break;
    case Stage::Connecting:
        state_->setText(tr("Connecting to %1…").arg(where));
        break;
    case Stage::AwaitingHostKey:
        state_->setText(tr("Waiting for your answer about the server's key."));
        break;
    case Stage::AwaitingPassphrase:
        state_->setText(tr("Waiting for the key's passphrase."));
        break;
    case Stage::Connected:
        state_->setText(session_->hasSlurm()
                            ? tr("Connected to %1.").arg(where)
                            : tr("Connected to %1, but sbatch is not found there.").arg(where));
        break;
    }
    connect_->setEnabled(stage == Stage::Disconnected);
    disconnect_->setEnabled(stage != Stage::Disconnected);
}

void ConnectionBar::askHostKey(const QString &message)
{
    if (hostKeyDialog_)
        hostKeyDialog_->close();
    auto *box = new QMessageBox(QMessageBox::Question, tr("Unknown server key"),
                                message + QStringLiteral("\n\n") +
                                    tr("Compare this fingerprint with the one the organisers "
                                       "published. Trust this server and remember its key?"),
                                QMessageBox::Yes | QMessageBox::No, this);
    box->setDefaultButton(QMessageBox::No);
    box->setEscapeButton(QMessageBox::No);
    box->setTextInteractionFlags(Qt::TextSelectableByMouse);
    box->setAttribute(Qt::WA_DeleteOnClose);
    hostKeyDialog_ = box;
    // Whatever closes the box without a yes (No, Escape, the window's close button) is a no.
    connect(box, &QMessageBox::finished, this, [this, box] {
        const bool yes = box->clickedButton() == box->button(QMessageBox::Yes);
        session_->answerHostKey(yes);
    });
    box->open();
}

void ConnectionBar::askPassphrase(const QString &keyFile, bool again)
{
    if (passphraseDialog_)
        passphraseDialog_->close();
    auto *dialog = new QInputDialog(this);
    dialog->setWindowTitle(tr("Key passphrase"));
    dialog->setInputMode(QInputDialog::TextInput);
    dialog->setTextEchoMode(QLineEdit::Password);
    dialog->setLabelText(again ? tr("Wrong passphrase, try again.\nPassphrase of %1:").arg(keyFile)
                               : tr("Passphrase of %1:").arg(keyFile));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    passphraseDialog_ = dialog;
    connect(dialog, &QInputDialog::finished, this, [this, dialog](int result) {
        if (result == QDialog::Accepted) {
            QByteArray passphrase = dialog->textValue().toUtf8();
            dialog->setTextValue(QString());
            session_->givePassphrase(passphrase);
            passphrase.fill('\0');
        } else {
            session_->disconnectFromNode();
        }
    });
    dialog->open();
}

} // namespace schedlab::gui
