// The key section. Passphrases pass through QByteArrays that are wiped right after use; the
// public key is always read from the ".pub" file by readPublicKeyFile, so nothing of the
// private file can reach the clipboard or a saved file.
#include "keysection.h"

#include "keyfiles.h"
#include "newpassphrasedialog.h"
#include "safefiles.h"

#include <QApplication>
#include <QClipboard>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace schedlab::gui {

KeySection::KeySection(const QString &initialPath, QWidget *parent)
    : QWidget(parent)
    , path_(new QLineEdit(initialPath))
    , comment_(new QLineEdit(QStringLiteral("seance-novembre")))
    , generate_(new QPushButton(tr("&Generate the key…")))
    , status_(new QLabel)
    , fingerprint_(new QLineEdit)
    , copy_(new QPushButton(tr("&Copy the public key")))
    , save_(new QPushButton(tr("Save the public key &as…")))
{
    auto *browse = new QPushButton(tr("Browse…"));
    connect(browse, &QPushButton::clicked, this, &KeySection::browse);
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(path_, 1);
    pathRow->addWidget(browse);
    fingerprint_->setReadOnly(true);
    fingerprint_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    fingerprint_->setPlaceholderText(tr("no public key yet"));
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    comment_->setToolTip(tr("Written at the end of the public key: it tells your keys apart."));

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(generate_);
    buttons->addStretch(1);
    buttons->addWidget(copy_);
    buttons->addWidget(save_);

    auto *form = new QFormLayout(this);
    form->addRow(tr("Private key file:"), pathRow);
    form->addRow(tr("Comment:"), comment_);
    form->addRow(buttons);
    form->addRow(tr("Fingerprint:"), fingerprint_);
    form->addRow(status_);

    connect(generate_, &QPushButton::clicked, this, &KeySection::askPassphrase);
    connect(copy_, &QPushButton::clicked, this, &KeySection::copyPublicKey);
    connect(save_, &QPushButton::clicked, this, &KeySection::savePublicKey);
    connect(path_, &QLineEdit::editingFinished, this, [this] {
        refresh();
        Q_EMIT keyChanged(keyPath());
    });
    refresh();
}

QString KeySection::keyPath() const
{
    return path_->text().trimmed();
}

void KeySection::setKeyPath(const QString &path)
{
    path_->setText(path);
    refresh();
    Q_EMIT keyChanged(keyPath());
}

QString KeySection::comment() const
{
    return comment_->text().trimmed();
}

QString KeySection::fingerprintLine() const
{
    return fingerprint_->text();
}

QString KeySection::status() const
{
    return status_->text();
}

void KeySection::showStatus(const QString &text, bool problem)
{
    status_->setText(text);
    status_->setStyleSheet(problem ? QStringLiteral("color: #c62828;") : QString());
}

void KeySection::refresh()
{
    const remote::PublicKeyFacts facts =
        remote::readPublicKeyFile(keyPath() + QStringLiteral(".pub"));
    fingerprint_->setText(facts.ok ? facts.fingerprintLine() : QString());
    fingerprint_->setCursorPosition(0);
    copy_->setEnabled(facts.ok);
    save_->setEnabled(facts.ok);
}

void KeySection::askPassphrase()
{
    if (dialog_)
        return;
    if (keyPath().isEmpty()) {
        showStatus(tr("Choose where the private key goes first."), true);
        return;
    }
    dialog_ = new NewPassphraseDialog(keyPath(), this);
    dialog_->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog_, &QDialog::accepted, this, [this] {
        QByteArray first = dialog_->firstBytes();
        QByteArray second = dialog_->secondBytes();
        dialog_->wipe();
        generate(first, second);
        first.fill('\0');
        second.fill('\0');
    });
    connect(dialog_, &QDialog::rejected, this, [this] { dialog_->wipe(); });
    dialog_->open();
}

bool KeySection::generate(const QByteArray &first, const QByteArray &second)
{
    switch (remote::checkPassphrase(first, second)) {
    case remote::PassphraseProblem::Empty:
        showStatus(tr("The passphrase may not be empty: the key was not generated."), true);
        return false;
    case remote::PassphraseProblem::Mismatch:
        showStatus(tr("The two passphrases differ: the key was not generated."), true);
        return false;
    case remote::PassphraseProblem::None:
        break;
    }
    remote::KeyGenerationRequest request;
    request.privatePath = keyPath();
    request.passphrase = first;
    request.comment = comment();
    const remote::KeyGenerationResult result = remote::generateEd25519Key(request);
    request.passphrase.fill('\0');
    if (!result.ok) {
        showStatus(result.error, true);
        return false;
    }
    refresh();
    showStatus(tr("Key generated: %1 (private, keep it) and %2 (public, the one you send).")
                   .arg(result.privatePath, result.publicPath),
               false);
    Q_EMIT keyChanged(keyPath());
    return true;
}

bool KeySection::copyPublicKey()
{
    const remote::PublicKeyFacts facts =
        remote::readPublicKeyFile(keyPath() + QStringLiteral(".pub"));
    if (!facts.ok) {
        showStatus(facts.error, true);
        return false;
    }
    QApplication::clipboard()->setText(facts.publicLine);
    showStatus(tr("The public key is on the clipboard."), false);
    return true;
}

bool KeySection::savePublicKeyTo(const QString &path, QString *error)
{
    const QString privatePath = QFileInfo(keyPath()).absoluteFilePath();
    if (QFileInfo(path).absoluteFilePath() == privatePath ||
        QFileInfo(path).canonicalFilePath() == QFileInfo(privatePath).canonicalFilePath()) {
        *error = tr("%1 is the private key: it is never written from here.").arg(path);
        return false;
    }
    const remote::PublicKeyFacts facts =
        remote::readPublicKeyFile(keyPath() + QStringLiteral(".pub"));
    if (!facts.ok) {
        *error = facts.error;
        return false;
    }
    if (facts.publicLine.contains(QLatin1String("PRIVATE KEY"))) {
        *error = tr("%1.pub does not hold a public key.").arg(keyPath());
        return false;
    }
    const files::WriteResult w = files::saveFile(path, (facts.publicLine + u'\n').toUtf8());
    if (!w.ok)
        *error = w.error;
    return w.ok;
}

void KeySection::savePublicKey()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save the public key"),
                                                      keyPath() + QStringLiteral(".pub"),
                                                      tr("Public keys (*.pub);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (savePublicKeyTo(path, &error))
        showStatus(tr("Public key saved to %1.").arg(path), false);
    else
        showStatus(error, true);
}

void KeySection::browse()
{
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Where the private key goes"), keyPath(), QString(),
                                     nullptr, QFileDialog::DontConfirmOverwrite);
    if (!path.isEmpty())
        setKeyPath(path);
}

} // namespace schedlab::gui
