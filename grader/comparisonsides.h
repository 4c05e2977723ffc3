// A comparison of two sides (Slurm and Kubernetes) reads which side each fact is said of:
// the right words with the roles swapped ("côté Slurm, activeDeadlineSeconds") are a wrong
// answer. Used by text.concepts through the criterion's `sides:` key.
#pragma once

#include "checkers.h"
#include "textspans.h"

#include <optional>

namespace schedlab::grader {

// Where, in `block`, a fact is stated of the other side and never of its own; nullopt when
// none is, or when the criterion has no `sides:`.
std::optional<Span> swappedSide(const Criterion &c, CheckContext &ctx, Span block);

// A comparison states a fact of one side and denies it of the other ("Slurm peut le faire
// attendre. Côté Kubernetes, rien ne fait attendre."): no contradiction. The confidence of
// `match` read within its own sentence; its own confidence when the criterion has no `sides:`.
double confidenceOnItsSide(const Criterion &c, CheckContext &ctx, Span block, const Concept &fact,
                           const ConceptMatch &match);

} // namespace schedlab::grader
