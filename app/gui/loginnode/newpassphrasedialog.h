// Asks a new key's passphrase twice, hidden, and says at once why it cannot be used (empty,
// the two differ). The fields are cleared as soon as the key was generated.
#pragma once

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace schedlab::gui {

class NewPassphraseDialog : public QDialog
{
    Q_OBJECT

public:
    explicit NewPassphraseDialog(const QString &keyPath, QWidget *parent = nullptr);
    ~NewPassphraseDialog() override;

    QLineEdit *first() const { return first_; }
    QLineEdit *second() const { return second_; }
    // The two entries as bytes; the caller wipes them after use.
    QByteArray firstBytes() const;
    QByteArray secondBytes() const;
    void wipe();

private:
    void check();

    QLineEdit *first_;
    QLineEdit *second_;
    QLabel *problem_;
    QDialogButtonBox *buttons_;
};

} // namespace schedlab::gui
