// Slurm hostlists: "node[01-04,07]" expanded to names and names compressed back.
#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace schedlab::slurm {

// Expands a hostlist expression as `scontrol show hostnames` does: items separated by
// commas, spaces or tabs, each with any number of bracket groups ("rack[1-2]-n[01-03]"),
// keeping zero padding and order (duplicates kept). nullopt for a malformed expression: a '['
// without ']' (where Slurm would invent a name ending in ']'), text after the last ']', a bad
// or reversed range, a range above 64k hosts, or more than 262,144 names in all (a bound of
// ours, so that a typo cannot exhaust memory). "" gives an empty list.
// `maxNames` lowers that bound for callers that know how many names make sense.
std::optional<QStringList> expandHostlist(const QString &expression, int maxNames = 262144);

// Compresses names as `scontrol show hostlist` does (hostlist_push_host for each name, then
// hostlist_ranged_string, no sorting): "n1,n2,n3,n5" -> "n[1-3,5]", "n2,n1" -> "n[2,1]",
// keeping each name's zero padding; empty names are skipped.
QString compressHostlist(const QStringList &names);

// As `scontrol show hostlistsorted`, and as slurmctld prints a job's or a partition's node
// list (bitmap2node_name sorts): hostlist_sort (natural order of prefixes, then numbers;
// duplicates kept) before compressing. "n2,n1,n10" -> "n[1-2,10]".
QString compressHostlistSorted(const QStringList &names);

} // namespace schedlab::slurm
