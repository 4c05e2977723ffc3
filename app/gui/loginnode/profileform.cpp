// The profile form. Fields write the profile as they change; the profile is read back into
// the fields only on demand, so that typing is never disturbed.
#include "profileform.h"

#include "profilestore.h"
#include "sshconfig.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace schedlab::gui {

namespace {

void setTextIfDifferent(QLineEdit *edit, const QString &text)
{
    if (edit->text() != text)
        edit->setText(text);
}

} // namespace

ProfileForm::ProfileForm(ProfileStore *store, QWidget *parent)
    : QWidget(parent)
    , store_(store)
    , aliases_(new QComboBox)
    , host_(new QLineEdit)
    , port_(new QSpinBox)
    , user_(new QLineEdit)
    , keyFile_(new QLineEdit)
    , useAgent_(new QCheckBox(tr("Use the keys of a running ssh-agent instead")))
    , partition_(new QLineEdit)
    , account_(new QLineEdit)
    , remoteFolder_(new QLineEdit)
    , problems_(new QLabel)
    , configErrors_(new QLabel)
{
    host_->setPlaceholderText(tr("as given by the organisers"));
    host_->setToolTip(tr("The login node's name exactly as the organisers gave it: SchedLab "
                         "never guesses it."));
    port_->setRange(1, 65535);
    user_->setPlaceholderText(tr("your access account"));
    keyFile_->setPlaceholderText(tr("private key file"));
    partition_->setPlaceholderText(tr("optional: passed to sbatch only when filled"));
    account_->setPlaceholderText(tr("optional: passed to sbatch only when filled"));
    remoteFolder_->setToolTip(tr("Relative to your home on the login node; nothing is written "
                                 "outside it."));
    problems_->setWordWrap(true);
    problems_->setStyleSheet(QStringLiteral("color: #c62828;"));
    configErrors_->setWordWrap(true);
    configErrors_->hide();

    auto *browse = new QPushButton(tr("Browse…"));
    connect(browse, &QPushButton::clicked, this, &ProfileForm::browseKey);
    auto *keyRow = new QHBoxLayout;
    keyRow->addWidget(keyFile_, 1);
    keyRow->addWidget(browse);

    auto *form = new QFormLayout(this);
    form->addRow(tr("From ~/.ssh/config:"), aliases_);
    form->addRow(configErrors_);
    form->addRow(tr("Host:"), host_);
    form->addRow(tr("Port:"), port_);
    form->addRow(tr("User:"), user_);
    form->addRow(tr("Key file:"), keyRow);
    form->addRow(QString(), useAgent_);
    form->addRow(tr("Slurm partition:"), partition_);
    form->addRow(tr("Slurm account:"), account_);
    form->addRow(tr("Remote folder:"), remoteFolder_);
    form->addRow(problems_);

    reloadSshConfig();
    reload();
    for (QLineEdit *edit : {host_, user_, keyFile_, partition_, account_, remoteFolder_})
        connect(edit, &QLineEdit::textChanged, this, &ProfileForm::store);
    connect(port_, &QSpinBox::valueChanged, this, &ProfileForm::store);
    connect(useAgent_, &QCheckBox::toggled, this, &ProfileForm::store);
    connect(aliases_, &QComboBox::activated, this, [this](int index) {
        if (index > 0)
            fillFromAlias(aliases_->itemText(index));
    });
    connect(store_, &ProfileStore::changed, this, &ProfileForm::showProblems);
}

void ProfileForm::reloadSshConfig()
{
    QList<remote::SshConfigError> errors;
    const remote::SshConfig config =
        remote::SshConfig::load(remote::SshConfig::defaultPath(), &errors);
    const QString current = aliases_->currentText();
    const QSignalBlocker quiet(aliases_);
    aliases_->clear();
    const QStringList names = config.aliases();
    aliases_->addItem(names.isEmpty() ? tr("(no Host in ~/.ssh/config)") : tr("(choose a Host)"));
    aliases_->addItems(names);
    aliases_->setEnabled(!names.isEmpty());
    const int again = aliases_->findText(current);
    aliases_->setCurrentIndex(again > 0 ? again : 0);
    QStringList lines;
    for (const remote::SshConfigError &e : errors)
        lines.append(QStringLiteral("%1:%2: %3").arg(e.file).arg(e.line).arg(e.message));
    configErrors_->setText(lines.join(u'\n'));
    configErrors_->setVisible(!lines.isEmpty());
}

bool ProfileForm::fillFromAlias(const QString &alias)
{
    const remote::SshConfig config = remote::SshConfig::load(remote::SshConfig::defaultPath());
    const auto settings = config.resolve(alias);
    if (!settings)
        return false;
    store_->update([&](remote::LoginProfile &p) {
        p.configAlias = alias;
        p.host = settings->hostName;
        p.port = settings->port;
        if (!settings->user.isEmpty())
            p.user = settings->user;
        if (!settings->identityFiles.isEmpty()) {
            p.keyFile = settings->identityFiles.first();
            p.useAgent = false;
        }
    });
    reload();
    const QSignalBlocker quiet(aliases_);
    aliases_->setCurrentIndex(std::max(0, aliases_->findText(alias)));
    return true;
}

void ProfileForm::reload()
{
    const remote::LoginProfile &p = store_->profile();
    loading_ = true;
    setTextIfDifferent(host_, p.host);
    port_->setValue(p.port);
    setTextIfDifferent(user_, p.user);
    setTextIfDifferent(keyFile_, p.keyFile);
    useAgent_->setChecked(p.useAgent);
    setTextIfDifferent(partition_, p.partition);
    setTextIfDifferent(account_, p.account);
    setTextIfDifferent(remoteFolder_, p.remoteFolder);
    keyFile_->setEnabled(!p.useAgent);
    loading_ = false;
    showProblems();
}

void ProfileForm::store()
{
    if (loading_)
        return;
    keyFile_->setEnabled(!useAgent_->isChecked());
    store_->update([this](remote::LoginProfile &p) {
        if (p.host != host_->text().trimmed())
            p.configAlias.clear(); // no longer what the config said
        p.host = host_->text().trimmed();
        p.port = port_->value();
        p.user = user_->text().trimmed();
        p.keyFile = keyFile_->text().trimmed();
        p.useAgent = useAgent_->isChecked();
        p.partition = partition_->text().trimmed();
        p.account = account_->text().trimmed();
        p.remoteFolder = remoteFolder_->text().trimmed();
    });
}

void ProfileForm::showProblems()
{
    QStringList problems = store_->profile().problems();
    if (!store_->error().isEmpty())
        problems.append(store_->error());
    problems_->setText(problems.join(u'\n'));
    problems_->setVisible(!problems.isEmpty());
}

void ProfileForm::browseKey()
{
    const QString start = keyFile_->text().isEmpty() ? QDir::home().filePath(QStringLiteral(".ssh"))
                                                     : keyFile_->text();
    const QString path = QFileDialog::getOpenFileName(this, tr("Private key file"), start);
    if (!path.isEmpty())
        keyFile_->setText(path);
}

} // namespace schedlab::gui
