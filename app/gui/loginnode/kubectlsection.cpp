// The Kubernetes section. The Job's name comes from its manifest, read with the
// mini-cluster's YAML reader, so logs and delete name the Job that apply created.
#include "kubectlsection.h"

#include "yamlreader.h"

#include <QComboBox>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace schedlab::gui {

using State = RealKubectl::State;

KubectlSection::KubectlSection(const QString &workspaceRoot, RealKubectl *kubectl, QWidget *parent)
    : QWidget(parent)
    , root_(workspaceRoot)
    , kubectl_(kubectl)
    , status_(new QLabel)
    , manifests_(new QComboBox)
    , apply_(new QPushButton(tr("&Apply the Job…")))
    , logs_(new QPushButton(tr("Read its &logs…")))
    , delete_(new QPushButton(tr("&Delete the Job…")))
    , output_(new QPlainTextEdit)
{
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    output_->setReadOnly(true);
    output_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    output_->setPlaceholderText(tr("What kubectl answers appears here."));
    auto *check = new QPushButton(tr("Check again"));
    auto *reload = new QPushButton(tr("Reload"));
    reload->setToolTip(tr("Look for Job manifests in the workspace again"));

    auto *top = new QHBoxLayout;
    top->addWidget(status_, 1);
    top->addWidget(check);
    auto *row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Manifest:")));
    row->addWidget(manifests_, 1);
    row->addWidget(reload);
    row->addWidget(apply_);
    row->addWidget(logs_);
    row->addWidget(delete_);
    auto *intro = new QLabel(tr("If this computer has a kubectl that reaches a real Kubernetes "
                                "cluster, the exercise's Job can run there too, beside the "
                                "mini-cluster."));
    intro->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(top);
    layout->addLayout(row);
    layout->addWidget(output_, 1);

    connect(check, &QPushButton::clicked, kubectl_, &RealKubectl::detect);
    connect(reload, &QPushButton::clicked, this, &KubectlSection::refreshManifests);
    connect(apply_, &QPushButton::clicked, this, &KubectlSection::requestApply);
    connect(logs_, &QPushButton::clicked, this, &KubectlSection::requestLogs);
    connect(delete_, &QPushButton::clicked, this, &KubectlSection::requestDelete);
    connect(manifests_, &QComboBox::currentIndexChanged, this, &KubectlSection::showState);
    connect(kubectl_, &RealKubectl::stateChanged, this, &KubectlSection::showState);
    connect(kubectl_, &RealKubectl::finished, this,
            [this](const QString &command, int code, const QString &said) {
                output_->appendPlainText(QStringLiteral("$ ") + command);
                if (!said.isEmpty())
                    output_->appendPlainText(said.trimmed());
                if (code != 0)
                    output_->appendPlainText(tr("[exit %1]").arg(code));
                showState();
            });
    refreshManifests();
    showState();
}

QStringList KubectlSection::jobManifests(const QString &workspaceRoot)
{
    QStringList found;
    const QDir root(workspaceRoot);
    for (const QString &dir : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        const QDir folder(root.filePath(dir));
        for (const QString &file : folder.entryList(
                 {QStringLiteral("*.yaml"), QStringLiteral("*.yml")}, QDir::Files, QDir::Name)) {
            if (!jobNameOf(folder.filePath(file)).isEmpty())
                found.append(dir + QLatin1Char('/') + file);
        }
    }
    return found;
}

QString KubectlSection::jobNameOf(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const kube::YamlReadResult read = kube::readYamlDocuments(file.read(1024 * 1024));
    if (!read.ok())
        return {};
    for (const kube::YamlDocument &doc : read.documents) {
        if (!doc.root.isMap())
            continue;
        const kube::Value *kind = doc.root.find(QStringLiteral("kind"));
        const kube::Value *meta = doc.root.find(QStringLiteral("metadata"));
        if (!kind || !kind->isString() || kind->toString() != QLatin1String("Job") || !meta ||
            !meta->isMap())
            continue;
        const kube::Value *name = meta->find(QStringLiteral("name"));
        if (name && name->isString() && !name->toString().isEmpty())
            return name->toString();
    }
    return {};
}

void KubectlSection::refreshManifests()
{
    const QString current = manifests_->currentText();
    const QSignalBlocker quiet(manifests_);
    manifests_->clear();
    manifests_->addItems(jobManifests(root_));
    const int again = manifests_->findText(current);
    manifests_->setCurrentIndex(again >= 0 ? again : 0);
    showState();
}

bool KubectlSection::selectManifest(const QString &relativePath)
{
    const int index = manifests_->findText(relativePath);
    if (index >= 0)
        manifests_->setCurrentIndex(index);
    return index >= 0;
}

QString KubectlSection::currentFile() const
{
    return manifests_->currentText().isEmpty() ? QString()
                                               : QDir(root_).filePath(manifests_->currentText());
}

QString KubectlSection::statusText() const
{
    return status_->text();
}

void KubectlSection::showState()
{
    const State state = kubectl_->state();
    switch (state) {
    case State::Unknown:
    case State::Checking:
        status_->setText(tr("Looking for a real Kubernetes cluster (kubectl get nodes)…"));
        break;
    case State::NotFound:
        status_->setText(tr("No reachable Kubernetes cluster was found: there is no kubectl on "
                            "this machine besides SchedLab's own. This is not a failure: the "
                            "course does not require a real Kubernetes cluster, the "
                            "mini-cluster is enough."));
        break;
    case State::Unreachable:
        status_->setText(
            tr("No reachable Kubernetes cluster was found: %1 get nodes did not answer (%2). "
               "This is not a failure: the course does not require a real Kubernetes cluster, "
               "the mini-cluster is enough.")
                .arg(kubectl_->program(), kubectl_->detail().isEmpty()
                                              ? tr("no message")
                                              : kubectl_->detail().section(u'\n', 0, 0)));
        break;
    case State::Reachable:
        status_->setText(tr("A real Kubernetes cluster answers through %1. Each action below "
                            "asks you first and shows the exact command.")
                             .arg(kubectl_->program()));
        break;
    }
    const bool ready = state == State::Reachable && !kubectl_->busy() && !confirmation_;
    const bool haveJob = !currentFile().isEmpty();
    apply_->setEnabled(ready && haveJob);
    logs_->setEnabled(ready && haveJob);
    delete_->setEnabled(ready && haveJob);
    manifests_->setEnabled(state == State::Reachable);
}

void KubectlSection::requestApply()
{
    if (!currentFile().isEmpty())
        confirmAndRun(kubectl_->applyArguments(currentFile()));
}

void KubectlSection::requestLogs()
{
    const QString name = jobNameOf(currentFile());
    if (!name.isEmpty())
        confirmAndRun(kubectl_->logsArguments(name));
}

void KubectlSection::requestDelete()
{
    const QString name = jobNameOf(currentFile());
    if (!name.isEmpty())
        confirmAndRun(kubectl_->deleteArguments(name));
}

void KubectlSection::confirmAndRun(const QStringList &arguments)
{
    if (confirmation_ || kubectl_->state() != State::Reachable)
        return;
    const QString command = kubectl_->commandLine(arguments);
    auto *box = new QMessageBox(QMessageBox::Question, tr("Run kubectl on a real cluster"),
                                tr("SchedLab will run, on the real cluster kubectl reaches:\n\n"
                                   "%1\n\nGo ahead?")
                                    .arg(command),
                                QMessageBox::Yes | QMessageBox::No, this);
    box->setDefaultButton(QMessageBox::No);
    box->setEscapeButton(QMessageBox::No);
    box->setTextInteractionFlags(Qt::TextSelectableByMouse);
    box->setAttribute(Qt::WA_DeleteOnClose);
    confirmation_ = box;
    connect(box, &QMessageBox::finished, this, [this, box, arguments] {
        const bool yes = box->clickedButton() == box->button(QMessageBox::Yes);
        confirmation_ = nullptr;
        if (yes)
            kubectl_->start(arguments);
        showState();
    });
    showState();
    box->open();
}

} // namespace schedlab::gui
