// Reads Kubernetes manifests: one or several YAML (or JSON) documents, as kubectl's YAML
// reader (go-yaml v2, YAML 1.1) would take them, with its error messages.
#pragma once

#include "value.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace schedlab::kube {

struct YamlDocument
{
    Value root;         // a map for a manifest; Null for an empty document
    int firstLine = 1;  // where the document starts in the file (1-based)
    qsizetype size = 0; // bytes of the document's text
};

struct YamlReadResult
{
    QList<YamlDocument> documents;
    // go-yaml's wording after kubectl's prefix, e.g.
    // "yaml: line 3: mapping values are not allowed in this context"; empty when ok.
    QString error;
    bool ok() const { return error.isEmpty(); }
};

// Every document of `bytes`, or the first error. Empty documents (only comments, or
// nothing between two `---`) are dropped as kubectl drops them.
YamlReadResult readYamlDocuments(const QByteArray &bytes);

} // namespace schedlab::kube
