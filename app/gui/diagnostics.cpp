// Editor diagnostics from the mini-cluster's parsers.
#include "diagnostics.h"

#include "kinds.h"
#include "kubecluster.h"
#include "sbatchparser.h"
#include "yamlreader.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace schedlab::gui {

namespace {

using slurm::ScriptDiagnostic;
using Severity = Diagnostic::Severity;

Diagnostic fromParser(const ScriptDiagnostic &d, int firstCommandLine)
{
    switch (d.kind) {
    case ScriptDiagnostic::Kind::DirectiveAfterCommand:
        return {d.line, Severity::Warning,
                QCoreApplication::translate(
                    "Diagnostics",
                    "This directive comes after the first command (line %1): Slurm no longer "
                    "reads it.")
                    .arg(firstCommandLine)};
    case ScriptDiagnostic::Kind::IndentedDirective:
        return {d.line, Severity::Warning,
                QCoreApplication::translate(
                    "Diagnostics",
                    "An indented #SBATCH is a plain comment for Slurm: start the line with it.")};
    case ScriptDiagnostic::Kind::LowercaseDirective:
        return {d.line, Severity::Warning,
                QCoreApplication::translate(
                    "Diagnostics", "Slurm only reads \"#SBATCH\", in capitals and with no space.")};
    case ScriptDiagnostic::Kind::ShellVariable:
        return {d.line, Severity::Warning,
                QCoreApplication::translate(
                    "Diagnostics",
                    "%1 stays as it is: Slurm does not expand shell variables in a directive.")
                    .arg(d.option)};
    case ScriptDiagnostic::Kind::TimeRounded:
        return {d.line, Severity::Info,
                QCoreApplication::translate("Diagnostics",
                                            "Slurm rounds --time up to the next minute.")};
    case ScriptDiagnostic::Kind::SlurmPrefix:
        return {d.line, Severity::Warning, d.message};
    case ScriptDiagnostic::Kind::Rejected:
        return {d.line, Severity::Error, d.message};
    }
    return {d.line, Severity::Warning, d.message};
}

// The line where `key:` is written, for an API error naming the field ("spec.template.spec.
// restartPolicy"): the last key of the path, searched as written. 1 when not found.
int lineOfField(const QByteArray &yaml, const QString &path)
{
    const QString key = path.section(u'.', -1).section(u'[', 0, 0);
    const QRegularExpression written(
        QStringLiteral("^\\s*-?\\s*%1\\s*:").arg(QRegularExpression::escape(key)));
    const QList<QByteArray> lines = yaml.split('\n');
    for (int i = 0; i < lines.size(); ++i)
        if (written.match(QString::fromUtf8(lines[i])).hasMatch())
            return i + 1;
    return 1;
}

} // namespace

QList<Diagnostic> diagnoseScript(const QByteArray &script)
{
    QList<Diagnostic> out;
    if (script.trimmed().isEmpty())
        return out;
    if (!script.startsWith("#!"))
        out << Diagnostic{1, Severity::Error,
                          QCoreApplication::translate(
                              "Diagnostics",
                              "sbatch refuses a script whose first line is not a \"#!\" line such "
                              "as #!/bin/bash.")};
    if (script.contains("\r\n"))
        out << Diagnostic{1, Severity::Error,
                          QCoreApplication::translate(
                              "Diagnostics",
                              "Windows line ends (CRLF): sbatch refuses the script. Save it with "
                              "Unix line ends.")};
    QByteArray lf = script;
    lf.replace("\r\n", "\n");
    const slurm::DirectiveScan scan = slurm::scanDirectives(lf);
    for (const ScriptDiagnostic &d : scan.diagnostics)
        out << fromParser(d, scan.firstCommandLine);
    return out;
}

QList<Diagnostic> diagnoseManifest(const QByteArray &yaml, const QString &fileName)
{
    QList<Diagnostic> out;
    if (yaml.trimmed().isEmpty())
        return out;
    const kube::YamlReadResult read = kube::readYamlDocuments(yaml);
    if (!read.ok()) {
        static const QRegularExpression lineOf(QStringLiteral("line (\\d+)"));
        const QRegularExpressionMatch m = lineOf.match(read.error);
        out << Diagnostic{m.hasMatch() ? m.captured(1).toInt() : 1, Severity::Error, read.error};
        return out;
    }
    for (const kube::YamlDocument &doc : read.documents) {
        if (!doc.root.isMap())
            continue;
        const QString apiVersion = doc.root[QStringLiteral("apiVersion")].toString();
        const QString kindName = doc.root[QStringLiteral("kind")].toString();
        const kube::KindInfo *kind = kube::kindFor(apiVersion, kindName);
        const int kindLine = lineOfField(yaml, QStringLiteral("kind"));
        if (!kind) {
            out << Diagnostic{
                kindLine, Severity::Error,
                QCoreApplication::translate("Diagnostics", "Unknown kind \"%1\" in version \"%2\".")
                    .arg(kindName, apiVersion)};
            continue;
        }
        if (kind->kind == QLatin1String("Deployment"))
            out << Diagnostic{kindLine, Severity::Warning,
                              QCoreApplication::translate(
                                  "Diagnostics",
                                  "A Deployment restarts its container every time it ends, even "
                                  "with exit code 0: for work that must finish, write a Job.")};
        kube::KubeCluster empty{kube::KubeOptions{}};
        const kube::KubeCluster::Answer answer = empty.apply(*kind, doc.root, true, fileName);
        if (!answer.ok) {
            static const QRegularExpression field(QStringLiteral("(spec|metadata)[\\w.\\[\\]]*"));
            const QRegularExpressionMatch m = field.match(answer.error);
            out << Diagnostic{m.hasMatch() ? lineOfField(yaml, m.captured(0)) : kindLine,
                              Severity::Error, answer.error};
        }
    }
    return out;
}

} // namespace schedlab::gui
