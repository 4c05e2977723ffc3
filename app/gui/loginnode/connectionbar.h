// Connecting to the login node: Connect and Disconnect, the state, the error in clear words,
// the host key question (an explicit yes, No by default), the passphrase (asked again after a
// wrong one), and the transcript of what was sent and answered. Every dialog is opened
// without a nested event loop: the session's thread waits, never the interface.
#pragma once

#include "loginnodesession.h"

#include <QInputDialog>
#include <QMessageBox>
#include <QPointer>
#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace schedlab::gui {

class ProfileStore;

class ConnectionBar : public QWidget
{
    Q_OBJECT

public:
    ConnectionBar(remote::LoginNodeSession *session, ProfileStore *store,
                  QWidget *parent = nullptr);

    // Connects with the stored profile; false (and why, in the error line) when the profile
    // is not usable yet.
    bool connectToNode();
    void disconnectFromNode();

    QPushButton *connectButton() const { return connect_; }
    QPushButton *disconnectButton() const { return disconnect_; }
    QString stateText() const;
    QString errorText() const;
    QPlainTextEdit *transcript() const { return transcript_; }
    // The questions, while they are open.
    QMessageBox *hostKeyDialog() const { return hostKeyDialog_; }
    QInputDialog *passphraseDialog() const { return passphraseDialog_; }

private:
    void showStage(remote::LoginNodeSession::Stage stage);
    void askHostKey(const QString &message);
    void askPassphrase(const QString &keyFile, bool again);
    void showError(const QString &message);

    remote::LoginNodeSession *session_;
    ProfileStore *store_;
    QPushButton *connect_;
    QPushButton *disconnect_;
    QLabel *state_;
    QLabel *error_;
    QPlainTextEdit *transcript_;
    QPointer<QMessageBox> hostKeyDialog_;
    QPointer<QInputDialog> passphraseDialog_;
};

} // namespace schedlab::gui
