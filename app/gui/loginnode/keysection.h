// The session key: where it goes, its comment, generating it with a passphrase asked twice
// (never over an existing file), its fingerprint exactly as `ssh-keygen -lf` prints it, and
// the public key (never the private one) to the clipboard or a file.
#pragma once

#include "newpassphrasedialog.h"

#include <QPointer>
#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;

namespace schedlab::gui {

class KeySection : public QWidget
{
    Q_OBJECT

public:
    explicit KeySection(const QString &initialPath, QWidget *parent = nullptr);

    QString keyPath() const;
    void setKeyPath(const QString &path);
    QString comment() const;
    QLineEdit *pathEdit() const { return path_; }
    QLineEdit *commentEdit() const { return comment_; }
    QPushButton *generateButton() const { return generate_; }

    // Generates the pair at keyPath() with the passphrase typed twice; false with the reason
    // shown (and in `status()`): empty, different, or the file exists (it is kept).
    bool generate(const QByteArray &first, const QByteArray &second);
    // The dialog the Generate button opened, while it is open.
    NewPassphraseDialog *passphraseDialog() const { return dialog_; }

    // "256 SHA256:... comment (ED25519)", or empty when there is no public key.
    QString fingerprintLine() const;
    QString status() const;
    // Puts the public key line on the clipboard; false when there is none.
    bool copyPublicKey();
    // Writes the public key line to `path`; refuses the private key's own path and anything
    // that is not a public key.
    bool savePublicKeyTo(const QString &path, QString *error);
    // Reads the key files again (after a change outside the app).
    void refresh();

Q_SIGNALS:
    void keyChanged(const QString &privatePath);

private:
    void askPassphrase();
    void browse();
    void savePublicKey();
    void showStatus(const QString &text, bool problem);

    QLineEdit *path_;
    QLineEdit *comment_;
    QPushButton *generate_;
    QLabel *status_;
    QLineEdit *fingerprint_;
    QPushButton *copy_;
    QPushButton *save_;
    QPointer<NewPassphraseDialog> dialog_;
};

} // namespace schedlab::gui
