// The login-node page's assembly: one profile store, one session, one backend and history for
// the views, and the sections that share them.
#include "loginnodepage.h"

#include "checklistsection.h"
#include "connectionbar.h"
#include "jobhistory.h"
#include "keyfiles.h"
#include "keysection.h"
#include "kubectlsection.h"
#include "loginnodesession.h"
#include "profileform.h"
#include "profilestore.h"
#include "realkubectl.h"
#include "remotebackend.h"
#include "remotejobsview.h"

#include <QFileInfo>
#include <QGroupBox>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace schedlab::gui {

namespace {

QLabel *intro(const QString &text)
{
    auto *label = new QLabel(text);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    return label;
}

QGroupBox *group(const QString &title, QWidget *content)
{
    auto *box = new QGroupBox(title);
    auto *layout = new QVBoxLayout(box);
    layout->addWidget(content);
    return box;
}

} // namespace

LoginNodePage::LoginNodePage(const QString &workspaceRoot, QWidget *parent)
    : QWidget(parent)
    , root_(workspaceRoot)
    , store_(new ProfileStore(workspaceRoot, this))
    , session_(new remote::LoginNodeSession(this))
    , backend_(new RemoteBackend(session_, this))
    , history_(new JobHistory(this))
    , kubectl_(new RealKubectl(this))
    , tabs_(new QTabWidget)
{
    connect(backend_, &Backend::jobChanged, history_, &JobHistory::record);
    // A key already at the course's place is the one to connect with, unless told otherwise.
    const remote::LoginProfile &profile = store_->profile();
    if (profile.keyFile.isEmpty() && !profile.useAgent &&
        QFileInfo::exists(remote::defaultKeyPath()))
        store_->update([](remote::LoginProfile &p) { p.keyFile = remote::defaultKeyPath(); });

    jobs_ = new RemoteJobsView(root_, session_, backend_, history_);
    kubernetes_ = new KubectlSection(root_, kubectl_);
    tabs_->addTab(buildKeyTab(), tr("&Key and checklist"));
    tabs_->addTab(buildConnectionTab(), tr("C&onnection"));
    tabs_->addTab(jobs_, tr("&Jobs"));
    tabs_->addTab(kubernetes_, tr("K&ubernetes"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(tabs_);
}

LoginNodePage::~LoginNodePage() = default;

QWidget *LoginNodePage::buildKeyTab()
{
    const QString keyFile = store_->profile().keyFile;
    keys_ = new KeySection(keyFile.isEmpty() ? remote::defaultKeyPath() : keyFile);
    checklist_ = new ChecklistSection(store_, keys_->keyPath());
    connect(keys_, &KeySection::keyChanged, this, &LoginNodePage::keyChanged);

    auto *content = new QWidget;
    auto *layout = new QVBoxLayout(content);
    layout->addWidget(intro(
        tr("On session day you connect to the supercomputer's login node with an SSH key: an "
           "ED25519 pair, protected by a passphrase. The private file stays on this computer; "
           "the public line is what you send to the organisers. Its fingerprint lets you "
           "recognise it later.")));
    layout->addWidget(group(tr("Your SSH key"), keys_));
    layout->addWidget(group(tr("Checklist for the session"), checklist_));
    layout->addStretch(1);
    auto *scroll = new QScrollArea;
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    return scroll;
}

QWidget *LoginNodePage::buildConnectionTab()
{
    profileForm_ = new ProfileForm(store_);
    connection_ = new ConnectionBar(session_, store_);

    auto *left = new QWidget;
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->addWidget(
        intro(tr("Use only the host name and port the organisers give: SchedLab never guesses "
                 "them. The first time, the server shows its key's fingerprint: compare it before "
                 "you say yes. Your passphrase is kept in memory until you disconnect, never on "
                 "disk.")));
    leftLayout->addWidget(group(tr("Profile"), profileForm_));
    leftLayout->addStretch(1);
    auto *scroll = new QScrollArea;
    scroll->setWidget(left);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);

    auto *split = new QSplitter(Qt::Horizontal);
    split->addWidget(scroll);
    split->addWidget(group(tr("Connection"), connection_));
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    return split;
}

void LoginNodePage::keyChanged(const QString &path)
{
    checklist_->setKeyPath(path);
    const remote::LoginProfile &profile = store_->profile();
    if (profile.keyFile.isEmpty() && !profile.useAgent && QFileInfo::exists(path)) {
        store_->update([path](remote::LoginProfile &p) { p.keyFile = path; });
        profileForm_->reload();
    }
}

void LoginNodePage::showTab(Tab tab)
{
    tabs_->setCurrentIndex(int(tab));
}

void LoginNodePage::setLocked(bool locked)
{
    if (locked && session_->stage() != remote::LoginNodeSession::Stage::Disconnected)
        connection_->disconnectFromNode();
    setEnabled(!locked);
}

void LoginNodePage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    // What the student changed outside the app since: new folders, a new key, the config.
    jobs_->refreshExercises();
    kubernetes_->refreshManifests();
    profileForm_->reloadSshConfig();
    keys_->refresh();
    checklist_->refresh();
    if (kubectl_->state() == RealKubectl::State::Unknown)
        kubectl_->detect();
}

} // namespace schedlab::gui
