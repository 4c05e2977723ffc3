// The cells of a pod's row in `kubectl get pods` (printPod): READY, STATUS and RESTARTS.
// The API server computes table cells; the mini-cluster does it when the kubelet writes a
// pod's status, so that listing ten thousand pods only renders the times.
#pragma once

#include "value.h"

#include <QString>

namespace schedlab::kube {

struct PodCells
{
    QString ready;               // "1/1"
    QString status;              // Running, Completed, CrashLoopBackOff, Terminating, ...
    qint64 restarts = 0;         // sum of the containers' restartCount
    qint64 lastTermination = -1; // latest lastState.terminated.finishedAt, epoch
};

PodCells podCells(const Value &pod);
// "0", "3 (12s ago)".
QString restartsText(const PodCells &cells, qint64 now);

} // namespace schedlab::kube
