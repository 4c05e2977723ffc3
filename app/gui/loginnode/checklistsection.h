// The checklist for session day, the facts exercise 4 asks for: access account requested or
// verified (and when), key present and of type ED25519, protected by a passphrase, its
// fingerprint noted. Each line says ✓ or ✗ and why; what the student ticks is kept in the
// profile.
#pragma once

#include <QWidget>

class QCheckBox;
class QDateEdit;
class QLabel;

namespace schedlab::gui {

class ProfileStore;

class ChecklistSection : public QWidget
{
    Q_OBJECT

public:
    enum Item { Account, KeyType, Passphrase, Fingerprint };

    ChecklistSection(ProfileStore *store, const QString &keyPath, QWidget *parent = nullptr);

    void setKeyPath(const QString &path);
    // Reads the key files and the profile again.
    void refresh();
    bool passed(Item item) const;
    QString explanation(Item item) const;
    QCheckBox *accountBox() const { return accountBox_; }
    QDateEdit *accountDate() const { return accountDate_; }
    QCheckBox *fingerprintBox() const { return fingerprintBox_; }

private:
    struct Line
    {
        QLabel *mark = nullptr;
        QLabel *text = nullptr;
        bool ok = false;
    };
    void show(Item item, bool ok, const QString &text);
    void storeAccount();

    ProfileStore *store_;
    QString keyPath_;
    QCheckBox *accountBox_;
    QDateEdit *accountDate_;
    QCheckBox *fingerprintBox_;
    Line lines_[4];
};

} // namespace schedlab::gui
