// The login-node page: preparing the session (key, checklist), reaching the real login node
// (profile, connection), submitting the exercise's script there and comparing with the
// mini-cluster's prediction, and Kubernetes for real when a cluster is reachable.
#pragma once

#include <QWidget>

class QTabWidget;

namespace schedlab::remote {
class LoginNodeSession;
}

namespace schedlab::gui {

class ChecklistSection;
class ConnectionBar;
class JobHistory;
class KeySection;
class KubectlSection;
class ProfileForm;
class ProfileStore;
class RealKubectl;
class RemoteBackend;
class RemoteJobsView;

class LoginNodePage : public QWidget
{
    Q_OBJECT

public:
    explicit LoginNodePage(const QString &workspaceRoot, QWidget *parent = nullptr);
    ~LoginNodePage() override;

    enum Tab { KeyTab, ConnectionTab, JobsTab, KubernetesTab };
    void showTab(Tab tab);
    QTabWidget *tabs() const { return tabs_; }

    ProfileStore *store() const { return store_; }
    remote::LoginNodeSession *session() const { return session_; }
    RemoteBackend *backend() const { return backend_; }
    JobHistory *history() const { return history_; }
    KeySection *keys() const { return keys_; }
    ChecklistSection *checklist() const { return checklist_; }
    ProfileForm *profileForm() const { return profileForm_; }
    ConnectionBar *connection() const { return connection_; }
    RemoteJobsView *jobs() const { return jobs_; }
    RealKubectl *kubectl() const { return kubectl_; }
    KubectlSection *kubernetes() const { return kubernetes_; }

    // While the exam runs the page is closed: disconnected and disabled.
    void setLocked(bool locked);

protected:
    void showEvent(QShowEvent *event) override;

private:
    QWidget *buildKeyTab();
    QWidget *buildConnectionTab();
    void keyChanged(const QString &path);

    QString root_;
    ProfileStore *store_;
    remote::LoginNodeSession *session_;
    RemoteBackend *backend_;
    JobHistory *history_;
    RealKubectl *kubectl_;
    QTabWidget *tabs_;
    KeySection *keys_ = nullptr;
    ChecklistSection *checklist_ = nullptr;
    ProfileForm *profileForm_ = nullptr;
    ConnectionBar *connection_ = nullptr;
    RemoteJobsView *jobs_ = nullptr;
    KubectlSection *kubernetes_ = nullptr;
};

} // namespace schedlab::gui
