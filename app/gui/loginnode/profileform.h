// Where and how to reach the login node: host and port as the organisers give them (no
// default host, ever), the access account, the key or the ssh-agent, the optional Slurm
// partition and account, the remote working folder. A Host block of ~/.ssh/config can fill
// it. Every edit is saved at once; what is still missing is said below the form.
#pragma once

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace schedlab::gui {

class ProfileStore;

class ProfileForm : public QWidget
{
    Q_OBJECT

public:
    explicit ProfileForm(ProfileStore *store, QWidget *parent = nullptr);

    // Reads ~/.ssh/config again for the aliases it names.
    void reloadSshConfig();
    // Fills host, port, user and key from a ~/.ssh/config Host; false when nothing matches.
    bool fillFromAlias(const QString &alias);
    // Shows the stored profile in the fields (after a change made elsewhere).
    void reload();

    QComboBox *aliases() const { return aliases_; }
    QLineEdit *host() const { return host_; }
    QSpinBox *port() const { return port_; }
    QLineEdit *user() const { return user_; }
    QLineEdit *keyFile() const { return keyFile_; }
    QCheckBox *useAgent() const { return useAgent_; }
    QLineEdit *partition() const { return partition_; }
    QLineEdit *account() const { return account_; }
    QLineEdit *remoteFolder() const { return remoteFolder_; }
    QLabel *problems() const { return problems_; }

private:
    void store();
    void showProblems();
    void browseKey();

    ProfileStore *store_;
    QComboBox *aliases_;
    QLineEdit *host_;
    QSpinBox *port_;
    QLineEdit *user_;
    QLineEdit *keyFile_;
    QCheckBox *useAgent_;
    QLineEdit *partition_;
    QLineEdit *account_;
    QLineEdit *remoteFolder_;
    QLabel *problems_;
    QLabel *configErrors_;
    bool loading_ = false;
};

} // namespace schedlab::gui
