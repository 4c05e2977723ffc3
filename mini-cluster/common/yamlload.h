// The one way SchedLab turns YAML it did not write (rubrics, scenarios, lesson blocks,
// evaluation files, a student's exercice2.yaml) into yaml-cpp nodes: size, depth and alias
// guards first, every yaml-cpp exception turned into "PATH:LINE: problem".
#pragma once

#include "yamlguards.h"

#include <QByteArray>
#include <QString>

#include <yaml-cpp/yaml.h>

namespace schedlab {

// The manifest reader's limits (yamlguards.h), and a cap on the whole tree.
struct YamlLimits
{
    qsizetype maxBytes = yamlguards::kMaxDocumentBytes;
    int maxDepth = yamlguards::kMaxDepth;
    // Nodes once every alias is expanded: what a reader that converts the tree walks.
    qint64 maxNodes = 1000000;
};

struct YamlLoad
{
    YAML::Node root; // the first document (Null for an empty text); undefined on error
    QString error;   // "PATH:LINE: problem" ("PATH: problem" for the whole file)
    int line = 0;    // where the problem is (1-based, in the file), 0 for the whole file
    QString problem; // the same without the path and line, for readers that place it
    bool ok() const { return error.isEmpty(); }
};

// The first document of `text`, read from `path`. `firstLine` is the file line where the
// text starts (a lesson block's body), so that lines in messages are the file's. The tree
// has no cycle, is at most maxDepth deep and at most maxNodes large with aliases expanded:
// a reader may convert it recursively.
YamlLoad loadYaml(const QByteArray &text, const QString &path, int firstLine = 1,
                  const YamlLimits &limits = {});

// The file at `path` (read with schedlab::files::readFile, capped at limits.maxBytes), then
// loadYaml. An unreadable file gives "PATH: why".
YamlLoad loadYamlFile(const QString &path, const YamlLimits &limits = {});

// A yaml-cpp exception raised while a reader converts a loaded node (a bad conversion, a
// missing key), as "PATH:LINE: problem".
QString yamlErrorMessage(const YAML::Exception &e, const QString &path, int firstLine = 1);

} // namespace schedlab
