// What the editors point at as the student types: the mini-cluster's own sbatch parser and
// API validation, turned into line-by-line remarks in the interface's language. No widgets.
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace schedlab::gui {

struct Diagnostic
{
    enum class Severity { Error, Warning, Info };
    int line = 1; // 1-based
    Severity severity = Severity::Warning;
    QString message;
};

// An sbatch script: shebang, CRLF, directives after the first command, indented or
// lower-case directives, shell variables, rounded time limits, options sbatch refuses.
QList<Diagnostic> diagnoseScript(const QByteArray &script);

// A Kubernetes manifest: YAML errors with their line, what the API server refuses (with the
// line of the field it names when it can be found), and a Deployment used for finite work.
QList<Diagnostic> diagnoseManifest(const QByteArray &yaml, const QString &fileName);

} // namespace schedlab::gui
