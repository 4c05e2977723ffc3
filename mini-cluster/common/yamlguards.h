// The limits every YAML reader of SchedLab applies (the manifest reader, kube/yamlreader.cpp,
// and the guarded loader for rubrics, scenarios and lessons, yamlload.cpp): one place, so the
// two cannot drift apart.
#pragma once

#include <QtGlobal>

namespace schedlab::yamlguards {

// The API server refuses a request body above 3 MiB; parsing such a document is wasted work.
inline constexpr qsizetype kMaxDocumentBytes = 3 * 1024 * 1024;

// yaml-cpp 0.7 has its own hard limit (DepthGuard<500> in SingleDocParser::HandleNode); ours
// must trigger first so that the message is ours, and it also bounds the depth of trees
// built through aliases, which the text alone does not.
inline constexpr int kMaxDepth = 400;

// go-yaml v2's allowance for nodes reached through aliases, given how many nodes were
// decoded: nearly anything for small documents, a tenth for large ones.
inline double allowedAliasRatio(qint64 decodeCount)
{
    constexpr qint64 low = 400000;
    constexpr qint64 high = 4000000;
    if (decodeCount <= low)
        return 0.99;
    if (decodeCount >= high)
        return 0.10;
    return 0.99 - 0.89 * (double(decodeCount - low) / double(high - low));
}

// go-yaml fails a document once more than 100 aliased nodes among more than 1000 decoded
// ones exceed that allowance ("document contains excessive aliasing").
inline bool excessiveAliasing(qint64 aliasCount, qint64 decodeCount)
{
    return aliasCount > 100 && decodeCount > 1000 &&
           double(aliasCount) / double(decodeCount) > allowedAliasRatio(decodeCount);
}

} // namespace schedlab::yamlguards
