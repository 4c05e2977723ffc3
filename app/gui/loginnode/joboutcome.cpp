// The outcome of a job read from its record, the same way for the mini-cluster's prediction
// and for the real login node, so that the two columns compare like with like.
#include "joboutcome.h"

namespace schedlab::gui {

JobOutcome outcomeOf(const JobRecord &record, const QString &exitCode)
{
    JobOutcome o;
    o.known = true;
    const JobSnapshot &job = record.last;
    o.node = record.ranOn.isEmpty() ? job.nodeList : record.ranOn.join(u',');
    for (const JobTransition &t : record.transitions) {
        if (o.states.isEmpty() || o.states.last() != t.state)
            o.states.append(t.state);
    }
    if (job.submitTime > 0 && job.startTime > 0 && !job.pending())
        o.waitSeconds = std::max<qint64>(0, job.startTime - job.submitTime);
    if (job.startTime > 0 && job.endTime > 0 && job.finished)
        o.runSeconds = std::max<qint64>(0, job.endTime - job.startTime);
    o.finalState = record.finalState;
    o.exitCode = exitCode;
    return o;
}

} // namespace schedlab::gui
