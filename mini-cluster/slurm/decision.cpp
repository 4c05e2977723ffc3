// Sentences for the scheduler's decisions, in French and English.
#include "decision.h"

#include "hostlist.h"

#include <QDateTime>
#include <QTimeZone>

namespace schedlab::slurm {

namespace {

QString nodesFr(int n)
{
    return n == 1 ? QStringLiteral("1 nœud") : QStringLiteral("%1 nœuds").arg(n);
}

QString freeFr(int n)
{
    return n == 0   ? QStringLiteral("aucun n'est libre")
           : n == 1 ? QStringLiteral("1 seul est libre")
                    : QStringLiteral("%1 sont libres").arg(n);
}

// How many nodes could take the job; with none, what they lack ("cpu,gpu"): "aucun ne peut
// l'accueillir maintenant, faute de CPU libres et de GPU libres".
QString availabilityFr(int free, const QString &lacking)
{
    if (free > 0 || lacking.isEmpty())
        return freeFr(free);
    QStringList parts;
    for (const QString &what : lacking.split(u','))
        parts << (what == QLatin1String("cpu")   ? QStringLiteral("CPU libres")
                  : what == QLatin1String("mem") ? QStringLiteral("mémoire libre")
                                                 : QStringLiteral("GPU libres"));
    return QStringLiteral("aucun ne peut l'accueillir maintenant, faute de %1")
        .arg(parts.join(QStringLiteral(" et de ")));
}

QString freeEn(int n);

QString availabilityEn(int free, const QString &lacking)
{
    if (free > 0 || lacking.isEmpty())
        return freeEn(free);
    QStringList parts;
    for (const QString &what : lacking.split(u','))
        parts << (what == QLatin1String("cpu")   ? QStringLiteral("free CPUs")
                  : what == QLatin1String("mem") ? QStringLiteral("free memory")
                                                 : QStringLiteral("free GPUs"));
    return QStringLiteral("none can take it now, short of %1")
        .arg(parts.join(QStringLiteral(" and ")));
}

QString nodesEn(int n)
{
    return n == 1 ? QStringLiteral("1 node") : QStringLiteral("%1 nodes").arg(n);
}

QString freeEn(int n)
{
    return n == 0   ? QStringLiteral("none is free")
           : n == 1 ? QStringLiteral("1 is free")
                    : QStringLiteral("%1 are free").arg(n);
}

QString clock(qint64 epoch)
{
    return QDateTime::fromSecsSinceEpoch(epoch, QTimeZone::utc())
        .toString(QStringLiteral("HH:mm:ss"));
}

} // namespace

QString renderDecision(const Decision &d, const QString &language)
{
    const bool fr = language.startsWith(QLatin1String("fr"));
    const QString nodes = compressHostlistSorted(d.nodes);
    switch (d.kind) {
    case Decision::Kind::StartedMain:
        return fr ? QStringLiteral("%1 : le job %2 démarre sur %3 (ordonnanceur principal : "
                                   "les ressources étaient libres et aucun job plus prioritaire "
                                   "n'attendait).")
                        .arg(clock(d.time))
                        .arg(d.jobId)
                        .arg(nodes)
                  : QStringLiteral("%1: job %2 starts on %3 (main scheduler: the resources were "
                                   "free and no job of higher priority was waiting).")
                        .arg(clock(d.time))
                        .arg(d.jobId)
                        .arg(nodes);
    case Decision::Kind::StartedBackfill:
        return fr ? QStringLiteral("%1 : le job %2 démarre sur %3 par backfill : il se termine "
                                   "avant tout démarrage réservé à un job plus prioritaire, il ne "
                                   "retarde donc personne.")
                        .arg(clock(d.time))
                        .arg(d.jobId)
                        .arg(nodes)
                  : QStringLiteral("%1: job %2 is backfilled on %3: its limit ends before any "
                                   "start reserved for a job of higher priority, so it delays "
                                   "nobody.")
                        .arg(clock(d.time))
                        .arg(d.jobId)
                        .arg(nodes);
    case Decision::Kind::WaitsResources:
        if (d.blockingJobId)
            return fr ? QStringLiteral("%1 : le job %2 attend (Resources) : il demande %3, %4 ; "
                                       "le job %5 libère %6 au plus tard à %7, quand il atteint "
                                       "sa limite de temps.")
                            .arg(clock(d.time))
                            .arg(d.jobId)
                            .arg(nodesFr(d.nodesWanted), availabilityFr(d.nodesFree, d.detail))
                            .arg(d.blockingJobId)
                            .arg(nodes, clock(d.blockingUntil))
                      : QStringLiteral("%1: job %2 waits (Resources): it needs %3, %4; job %5 "
                                       "frees %6 at %7 at the latest, when it reaches its time "
                                       "limit.")
                            .arg(clock(d.time))
                            .arg(d.jobId)
                            .arg(nodesEn(d.nodesWanted), availabilityEn(d.nodesFree, d.detail))
                            .arg(d.blockingJobId)
                            .arg(nodes, clock(d.blockingUntil));
        return fr ? QStringLiteral("%1 : le job %2 attend (Resources) : il demande %3, %4.")
                        .arg(clock(d.time))
                        .arg(d.jobId)
                        .arg(nodesFr(d.nodesWanted), freeFr(d.nodesFree))
                  : QStringLiteral("%1: job %2 waits (Resources): it needs %3, %4.")
                        .arg(clock(d.time))
                        .arg(d.jobId)
                        .arg(nodesEn(d.nodesWanted), availabilityEn(d.nodesFree, d.detail));
    case Decision::Kind::WaitsPriority:
        return fr ? QStringLiteral("%1 : le job %2 attend (Priority) : le job %3, plus prioritaire "
                                   "dans la même partition, attend avant lui ; l'ordonnanceur "
                                   "principal ne le dépasse pas.")
                        .arg(clock(d.time))
                        .arg(d.jobId)
                        .arg(d.blockingJobId)
                  : QStringLiteral("%1: job %2 waits (Priority): job %3, of higher priority in the "
                                   "same partition, waits before it; the main scheduler does not "
                                   "pass it.")
                        .arg(clock(d.time))
                        .arg(d.jobId)
                        .arg(d.blockingJobId);
    case Decision::Kind::BackfillTooLong:
        return fr ? QStringLiteral("%1 : le backfill ne peut pas lancer le job %2 maintenant : il "
                                   "tournerait jusqu'à %3, au-delà du démarrage réservé au job %4 "
                                   "à %5. Démarrage prévu : %6 sur %7.")
                        .arg(clock(d.time))
                        .arg(d.jobId)
                        .arg(clock(d.wouldEnd))
                        .arg(d.blockingJobId)
                        .arg(clock(d.reservedStart), clock(d.expectedStart), nodes)
                  : QStringLiteral("%1: the backfill cannot start job %2 now: it would run until "
                                   "%3, past the start reserved for job %4 at %5. Expected start: "
                                   "%6 on %7.")
                        .arg(clock(d.time))
                        .arg(d.jobId)
                        .arg(clock(d.wouldEnd))
                        .arg(d.blockingJobId)
                        .arg(clock(d.reservedStart), clock(d.expectedStart), nodes);
    case Decision::Kind::Reserved:
        if (d.blockingJobId)
            return fr ? QStringLiteral("%1 : le backfill réserve %2 pour le job %3 à partir de %4, "
                                       "quand le job %5 atteint sa limite.")
                            .arg(clock(d.time), nodes)
                            .arg(d.jobId)
                            .arg(clock(d.expectedStart))
                            .arg(d.blockingJobId)
                      : QStringLiteral("%1: the backfill reserves %2 for job %3 from %4, when job "
                                       "%5 reaches its limit.")
                            .arg(clock(d.time), nodes)
                            .arg(d.jobId)
                            .arg(clock(d.expectedStart))
                            .arg(d.blockingJobId);
        return fr ? QStringLiteral("%1 : le backfill réserve %2 pour le job %3 à partir de %4.")
                        .arg(clock(d.time), nodes)
                        .arg(d.jobId)
                        .arg(clock(d.expectedStart))
                  : QStringLiteral("%1: the backfill reserves %2 for job %3 from %4.")
                        .arg(clock(d.time), nodes)
                        .arg(d.jobId)
                        .arg(clock(d.expectedStart));
    case Decision::Kind::WaitsTimeLimit:
        return fr ? QStringLiteral("Le job %1 attend (PartitionTimeLimit) : sa limite de temps "
                                   "dépasse le MaxTime de la partition ; il ne démarrera jamais "
                                   "tel quel.")
                        .arg(d.jobId)
                  : QStringLiteral("Job %1 waits (PartitionTimeLimit): its time limit exceeds the "
                                   "partition's MaxTime; it will never start as it is.")
                        .arg(d.jobId);
    case Decision::Kind::WaitsNodeLimit:
        return fr ? QStringLiteral("Le job %1 attend (PartitionNodeLimit) : il demande plus de "
                                   "nœuds que la partition n'en a.")
                        .arg(d.jobId)
                  : QStringLiteral("Job %1 waits (PartitionNodeLimit): it asks for more nodes than "
                                   "the partition has.")
                        .arg(d.jobId);
    case Decision::Kind::WaitsDependency:
        return fr ? QStringLiteral("Le job %1 attend une dépendance (%2).")
                        .arg(d.jobId)
                        .arg(d.detail)
                  : QStringLiteral("Job %1 waits for a dependency (%2).")
                        .arg(d.jobId)
                        .arg(d.detail);
    case Decision::Kind::DependencyNever:
        return fr ? QStringLiteral("La dépendance du job %1 ne sera jamais satisfaite (%2).")
                        .arg(d.jobId)
                        .arg(d.detail)
                  : QStringLiteral("Job %1's dependency can never be satisfied (%2).")
                        .arg(d.jobId)
                        .arg(d.detail);
    case Decision::Kind::WaitsBeginTime:
        return fr ? QStringLiteral("Le job %1 attend son heure de début (%2).")
                        .arg(d.jobId)
                        .arg(clock(d.expectedStart))
                  : QStringLiteral("Job %1 waits for its begin time (%2).")
                        .arg(d.jobId)
                        .arg(clock(d.expectedStart));
    case Decision::Kind::Held:
        return fr ? QStringLiteral("Le job %1 est suspendu (hold) : scontrol release %1 le libère.")
                        .arg(d.jobId)
                  : QStringLiteral("Job %1 is held: scontrol release %1 frees it.").arg(d.jobId);
    case Decision::Kind::WaitsArrayLimit:
        return fr ? QStringLiteral("Le job %1 attend : le tableau a déjà atteint son nombre "
                                   "maximal de tâches simultanées.")
                        .arg(d.jobId)
                  : QStringLiteral("Job %1 waits: its array already runs its maximum number of "
                                   "tasks.")
                        .arg(d.jobId);
    case Decision::Kind::Preempted:
        return fr ? QStringLiteral(
                        "%1 : le job %2 est préempté sur %3 : le job %4, d'une partition "
                        "de plus haute priorité (PriorityTier), a besoin de ses "
                        "ressources.")
                        .arg(clock(d.time))
                        .arg(d.jobId)
                        .arg(nodes)
                        .arg(d.blockingJobId)
                  : QStringLiteral("%1: job %2 is preempted on %3: job %4, from a partition of a "
                                   "higher PriorityTier, needs its resources.")
                        .arg(clock(d.time))
                        .arg(d.jobId)
                        .arg(nodes)
                        .arg(d.blockingJobId);
    case Decision::Kind::NotYetConsidered:
        return fr ? QStringLiteral("%1 : le job %2 vient d'être soumis ; l'ordonnanceur ne l'a pas "
                                   "encore examiné (raison None).")
                        .arg(clock(d.time))
                        .arg(d.jobId)
                  : QStringLiteral("%1: job %2 was just submitted; the scheduler has not looked at "
                                   "it yet (reason None).")
                        .arg(clock(d.time))
                        .arg(d.jobId);
    }
    return {};
}

} // namespace schedlab::slurm
