// Kubernetes for real, when the machine has it: apply the exercise's Job, read its logs,
// delete it, each after a confirmation that shows the exact command. Without a reachable
// cluster it says so plainly: the course does not require one.
#pragma once

#include "realkubectl.h"

#include <QMessageBox>
#include <QPointer>
#include <QWidget>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace schedlab::gui {

class KubectlSection : public QWidget
{
    Q_OBJECT

public:
    KubectlSection(const QString &workspaceRoot, RealKubectl *kubectl, QWidget *parent = nullptr);

    // "ex3/sommeil-job.yaml", ...: the workspace's YAML files that hold a Job.
    static QStringList jobManifests(const QString &workspaceRoot);
    // metadata.name of the first Job in `path`; empty when there is none.
    static QString jobNameOf(const QString &path);

    void refreshManifests();
    bool selectManifest(const QString &relativePath);
    // Each asks first (the exact command in the question), then runs on a yes.
    void requestApply();
    void requestLogs();
    void requestDelete();

    QString statusText() const;
    QComboBox *manifests() const { return manifests_; }
    QPushButton *applyButton() const { return apply_; }
    QPushButton *logsButton() const { return logs_; }
    QPushButton *deleteButton() const { return delete_; }
    QPlainTextEdit *output() const { return output_; }
    QMessageBox *confirmation() const { return confirmation_; }

private:
    void showState();
    void confirmAndRun(const QStringList &arguments);
    QString currentFile() const;

    QString root_;
    RealKubectl *kubectl_;
    QLabel *status_;
    QComboBox *manifests_;
    QPushButton *apply_;
    QPushButton *logs_;
    QPushButton *delete_;
    QPlainTextEdit *output_;
    QPointer<QMessageBox> confirmation_;
};

} // namespace schedlab::gui
