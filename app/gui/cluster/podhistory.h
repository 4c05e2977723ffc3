// Every pod seen since the app started, with its statuses over time, pieced together from
// successive `kubectl get pods -o wide` tables (any backend can give those).
#pragma once

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace schedlab::gui {

struct KubeTable;

struct PodStatusChange
{
    qint64 time = 0;
    QString status; // kubectl's STATUS column: "Pending", "Running", "Completed", "Error", ...
    int restarts = 0;
};

struct PodRecord
{
    QString name;
    QString node;
    QString owner; // what made it: the Job or Deployment name, guessed from the pod's name
    QList<PodStatusChange> changes;
    int restarts = 0;
    bool gone = false; // no longer listed (deleted)
    qint64 goneAt = 0;
    QString status() const { return changes.isEmpty() ? QString() : changes.last().status; }
};

class PodHistory
{
public:
    // A `kubectl get pods -o wide` table read at `now`.
    void observe(const KubeTable &pods, qint64 now);
    void clear();
    const PodRecord *find(const QString &name) const;
    QList<const PodRecord *> records() const;

    // Diagram states: kubectl's STATUS mapped to the pod lifecycle ("Completed" → "Succeeded").
    static QString phaseOf(const QString &status);
    // A pod "sommeil-6d8f7b-x2k4q" belongs to "sommeil"; a Job's pod "sommeil-job-abcde" to
    // "sommeil-job".
    static QString ownerOf(const QString &podName);

private:
    QHash<QString, PodRecord> records_;
    QStringList order_;
};

} // namespace schedlab::gui
