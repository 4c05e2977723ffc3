// Exercise 2's situation, worked out by the mini-cluster's own controller: which jobs wait
// and why, which one the cancel frees, and the per-student variants of the scenario.
#pragma once

#include "scenario.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>

#include <cstdint>
#include <optional>

namespace schedlab::grader {

struct JobFact
{
    std::uint32_t id = 0;
    QString name;
    QString user;
    QString state;  // squeue's ST: "PD", "R", "CG"
    QString reason; // for PD, squeue's reason ("Resources", "Priority"); for R, the nodes
};

struct Snapshot
{
    qint64 at = 0; // seconds after the scenario's start
    QList<JobFact> jobs;
    const JobFact *find(std::uint32_t id) const;
};

// What the scenario's steps would show: one snapshot per `squeue` step, and the `scancel`.
struct Exercise2Facts
{
    QList<Snapshot> snapshots;
    std::uint32_t cancelled = 0;
    QString canceller;
    QString error; // the scenario could not be simulated

    // The shape the exercise is built on: at the first squeue, one job waits for Resources
    // and two for Priority; the cancel is of the Resources one; at the next squeue exactly
    // one of the two has started.
    bool structureKept() const;
    // {resources}, {priority1}, {priority2} (in id order), {cancelled}, {canceller},
    // {starts}, {stays}, {running} (ids of jobs running at the first squeue, comma separated),
    // {first_time} (HH:MM of the first squeue), for statements and feedback.
    QHash<QString, QString> parameters(qint64 startEpoch) const;
};

// Runs the modeled jobs and the `squeue` / `scancel N` steps of a scenario on a controller,
// without processes: milliseconds per scenario.
Exercise2Facts simulateExercise2(const Scenario &scenario);

// SHA-256 of the student's normalised id (lower case, accents, spaces, dots, dashes and
// underscores removed: "21 004 567" and "21004567" are one student): the seed of their variant.
QByteArray variantSeed(const QString &studentId);

// A variant of `base` drawn from `seed`: other job ids, time limits and priorities, the
// cancel aimed at the variant's job. Only variants whose simulation keeps the exercise's
// structure are returned; nullopt if none was found in a bounded number of draws.
std::optional<Scenario> exercise2Variant(const Scenario &base, const QByteArray &seed);

// The scenario as YAML in the format of specs/scenario.md (what ex2/exercice2.yaml holds).
QByteArray scenarioToYaml(const Scenario &scenario);

// Exercise 2's statement for this scenario: {jobs_table} (the jobs in submission order, as
// a Markdown table), {squeue} (the listing of the scenario's first step, as the engine whose
// commands are in `libexecDir` prints it) and the parameters of its simulation.
QString renderExercise2Statement(const QString &templateText, const Scenario &scenario,
                                 const QString &libexecDir);

// Replaces each {name} of `text` with its parameter.
QString fillParameters(QString text, const QHash<QString, QString> &parameters);

} // namespace schedlab::grader
