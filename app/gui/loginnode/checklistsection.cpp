// The checklist's facts come from the files themselves (inspectPrivateKey, readPublicKeyFile):
// nothing is decrypted and no passphrase is asked.
#include "checklistsection.h"

#include "keyfiles.h"
#include "profilestore.h"

#include <QCheckBox>
#include <QDate>
#include <QDateEdit>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>

namespace schedlab::gui {

ChecklistSection::ChecklistSection(ProfileStore *store, const QString &keyPath, QWidget *parent)
    : QWidget(parent)
    , store_(store)
    , keyPath_(keyPath)
    , accountBox_(new QCheckBox(tr("My access account is requested or verified, on")))
    , accountDate_(new QDateEdit(QDate::currentDate()))
    , fingerprintBox_(new QCheckBox(tr("I noted the fingerprint of my public key")))
{
    accountDate_->setCalendarPopup(true);
    accountDate_->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    auto *grid = new QGridLayout(this);
    grid->setColumnStretch(1, 1);
    for (int i = 0; i < 4; ++i) {
        lines_[i].mark = new QLabel;
        lines_[i].mark->setMinimumWidth(24);
        lines_[i].mark->setAlignment(Qt::AlignTop | Qt::AlignHCenter);
        lines_[i].text = new QLabel;
        lines_[i].text->setWordWrap(true);
        lines_[i].text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    auto *accountRow = new QHBoxLayout;
    accountRow->addWidget(accountBox_);
    accountRow->addWidget(accountDate_);
    accountRow->addStretch(1);
    int row = 0;
    grid->addWidget(lines_[Account].mark, row, 0, 2, 1);
    grid->addLayout(accountRow, row++, 1);
    grid->addWidget(lines_[Account].text, row++, 1);
    grid->addWidget(lines_[KeyType].mark, row, 0);
    grid->addWidget(lines_[KeyType].text, row++, 1);
    grid->addWidget(lines_[Passphrase].mark, row, 0);
    grid->addWidget(lines_[Passphrase].text, row++, 1);
    grid->addWidget(lines_[Fingerprint].mark, row, 0, 2, 1);
    grid->addWidget(fingerprintBox_, row++, 1);
    grid->addWidget(lines_[Fingerprint].text, row++, 1);

    connect(accountBox_, &QCheckBox::toggled, this, &ChecklistSection::storeAccount);
    connect(accountDate_, &QDateEdit::dateChanged, this, &ChecklistSection::storeAccount);
    connect(fingerprintBox_, &QCheckBox::toggled, this, [this](bool noted) {
        store_->update([noted](remote::LoginProfile &p) { p.fingerprintNoted = noted; });
    });
    connect(store_, &ProfileStore::changed, this, &ChecklistSection::refresh);
    refresh();
}

void ChecklistSection::setKeyPath(const QString &path)
{
    keyPath_ = path;
    refresh();
}

void ChecklistSection::storeAccount()
{
    const QString date =
        accountBox_->isChecked() ? accountDate_->date().toString(Qt::ISODate) : QString();
    store_->update([date](remote::LoginProfile &p) { p.accountDate = date; });
}

bool ChecklistSection::passed(Item item) const
{
    return lines_[item].ok;
}

QString ChecklistSection::explanation(Item item) const
{
    return lines_[item].text->text();
}

void ChecklistSection::show(Item item, bool ok, const QString &text)
{
    Line &line = lines_[item];
    line.ok = ok;
    line.mark->setText(ok ? QStringLiteral("✓") : QStringLiteral("✗"));
    line.mark->setStyleSheet(ok ? QStringLiteral("color: #2e8b3e; font-weight: bold;")
                                : QStringLiteral("color: #c62828; font-weight: bold;"));
    line.text->setText(text);
}

void ChecklistSection::refresh()
{
    const remote::LoginProfile &profile = store_->profile();

    // The widgets follow the profile without writing it back.
    const QDate date = QDate::fromString(profile.accountDate, Qt::ISODate);
    {
        const QSignalBlocker quiet1(accountBox_);
        const QSignalBlocker quiet2(accountDate_);
        const QSignalBlocker quiet3(fingerprintBox_);
        accountBox_->setChecked(date.isValid());
        if (date.isValid())
            accountDate_->setDate(date);
        fingerprintBox_->setChecked(profile.fingerprintNoted);
    }
    accountDate_->setEnabled(accountBox_->isChecked());
    if (date.isValid())
        show(Account, true,
             tr("Access account requested or verified on %1.").arg(date.toString(Qt::ISODate)));
    else
        show(Account, false,
             tr("Ask the organisers for your access account (or check it works), then tick "
                "the box with the date."));

    const QString pubPath = keyPath_ + QStringLiteral(".pub");
    const remote::PrivateKeyFacts key = remote::inspectPrivateKey(keyPath_);
    const remote::PublicKeyFacts pub = remote::readPublicKeyFile(pubPath);
    if (!key.exists)
        show(KeyType, false, tr("No private key at %1: generate it above.").arg(keyPath_));
    else if (!key.error.isEmpty() && key.type.isEmpty())
        show(KeyType, false, key.error);
    else if (key.type != QLatin1String("ED25519"))
        show(KeyType, false,
             tr("%1 is a %2 key; the session asks for ED25519: generate a new one.")
                 .arg(keyPath_, key.type.isEmpty() ? tr("unknown") : key.type));
    else if (!pub.ok)
        show(KeyType, false,
             tr("The public half is missing or unreadable (%1): it is the one you send.")
                 .arg(pub.error));
    else if (pub.type != QLatin1String("ED25519"))
        show(KeyType, false,
             tr("%1 holds a %2 key, not the ED25519 one of %3.").arg(pubPath, pub.type, keyPath_));
    else
        show(KeyType, true, tr("ED25519 key present: %1 and %2.").arg(keyPath_, pubPath));

    const bool othersRead = (key.mode & 0077) != 0; // what ssh itself refuses
    if (!key.exists)
        show(Passphrase, false, tr("No key, so no passphrase yet."));
    else if (!key.encrypted)
        show(Passphrase, false,
             tr("The private key has no passphrase: whoever copies the file can use it. "
                "Generate a new key with a passphrase."));
    else if (othersRead)
        show(Passphrase, false,
             tr("The key has a passphrase, but its file is open to other users (mode %1): "
                "ssh refuses such a key. Run: chmod 600 %2")
                 .arg(QString::number(key.mode & 0777, 8).rightJustified(4, u'0'), keyPath_));
    else
        show(Passphrase, true,
             tr("Protected by a passphrase, and readable by you only (mode %1).")
                 .arg(QString::number(key.mode & 0777, 8).rightJustified(4, u'0')));

    fingerprintBox_->setEnabled(pub.ok);
    if (!pub.ok)
        show(Fingerprint, false, tr("No public key, so no fingerprint to note yet."));
    else if (!profile.fingerprintNoted)
        show(Fingerprint, false,
             tr("Write this line down (exercise 4 asks for it): %1").arg(pub.fingerprintLine()));
    else
        show(Fingerprint, true, tr("Noted: %1").arg(pub.fingerprintLine()));
}

} // namespace schedlab::gui
