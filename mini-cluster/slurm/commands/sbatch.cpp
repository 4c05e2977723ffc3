// sbatch: reads the script (file or standard input), parses it, submits.
#include "commandcontext.h"

#include "sbatchparser.h"

#include <QDir>
#include <QFileInfo>

namespace schedlab::slurm {

namespace {

// Where sbatch looks for the script, in order: -D's folder, the submission folder, then PATH
// (for a bare name). The client tries them (the engine never opens a path a client names);
// the last one stands for "not found" and gives the error.
QStringList scriptCandidates(const Invocation &inv, const SbatchCommandLine &cmd)
{
    const QString name = cmd.scriptPath;
    if (name.startsWith(QLatin1Char('/')))
        return {name};
    QStringList folders;
    if (!cmd.chdir.isEmpty())
        folders << QDir(inv.cwd).absoluteFilePath(cmd.chdir);
    folders << inv.cwd;
    if (!name.contains(QLatin1Char('/')))
        folders += inv.env(QStringLiteral("PATH")).split(QLatin1Char(':'), Qt::SkipEmptyParts);
    QStringList candidates;
    for (const QString &folder : std::as_const(folders))
        candidates << QDir(QDir(inv.cwd).absoluteFilePath(folder)).absoluteFilePath(name);
    candidates << QDir(inv.cwd).absoluteFilePath(name);
    return candidates;
}

FileRequest scriptRequest(const Invocation &inv, const SbatchCommandLine &cmd)
{
    FileRequest request;
    request.path = cmd.scriptPath;
    request.candidates = scriptCandidates(inv, cmd);
    return request;
}

// `scriptFile`: the script's full path as found (empty for standard input).
void submitParsed(const Invocation &inv, Controller &controller, CommandSession &session,
                  const SbatchCommandLine &cmd, const QByteArray &script, const QString &scriptName,
                  const QString &scriptFile = QString())
{
    SbatchInput input;
    input.commandLine = cmd;
    input.script = script;
    input.scriptName = scriptName;
    input.environment = inv.environment;
    input.submitEpoch = controller.now();
    input.cwd = inv.cwd;
    auto parsed = parseSbatch(input);
    if (auto *failure = std::get_if<ToolFailure>(&parsed)) {
        session.writeErr(failure->stderrText.toUtf8());
        session.writeOut(failure->stdoutText.toUtf8());
        session.finish(failure->exitCode);
        return;
    }
    const SbatchParse &p = std::get<SbatchParse>(parsed);
    if (!p.warnings.isEmpty())
        session.writeErr(p.warnings.toUtf8());
    Submission s;
    s.request = p.request;
    s.user = inv.user;
    s.workDir = inv.cwd;
    s.script = p.script;
    if (!scriptName.isEmpty())
        s.command = QDir::cleanPath(scriptFile);
    s.defaultName =
        !p.request.wrap.isEmpty() || cmd.hasWrap
            ? QStringLiteral("wrap")
            : (scriptName.isEmpty() ? QStringLiteral("sbatch") : QFileInfo(scriptName).fileName());
    for (auto it = inv.environment.constBegin(); it != inv.environment.constEnd(); ++it)
        s.environment << qMakePair(it.key(), it.value());
    const SubmitResult r = controller.submit(s);
    if (!r.ok) {
        session.writeErr(r.errorMessages.toUtf8());
        session.finish(1);
        return;
    }
    if (p.request.testOnly) {
        session.writeErr(r.testOnlyText.toUtf8());
        session.finish(0);
        return;
    }
    const QString cluster = controller.config().clusterName;
    if (p.request.parsable)
        session.writeOut(QByteArray::number(r.jobId) + '\n');
    else if (!p.request.quiet)
        session.writeOut(QStringLiteral("Submitted batch job %1\n").arg(r.jobId).toUtf8());
    Q_UNUSED(cluster);
    session.finish(0);
}

} // namespace

int runSbatch(CommandContext &ctx)
{
    auto first = parseSbatchCommandLine(ctx.invocation.args, ctx.invocation.environment);
    if (auto *failure = std::get_if<ToolFailure>(&first)) {
        ctx.err(failure->stderrText);
        ctx.out(failure->stdoutText);
        return ctx.finish(failure->exitCode);
    }
    const SbatchCommandLine cmd = std::get<SbatchCommandLine>(first);
    if (cmd.wantsHelp) {
        ctx.out(sbatchHelpText());
        return ctx.finish(0);
    }
    if (cmd.wantsUsage) {
        ctx.out(sbatchUsageText());
        return ctx.finish(0);
    }
    if (cmd.wantsVersion) {
        ctx.out(sbatchVersionText());
        return ctx.finish(0);
    }
    if (cmd.readsStdin()) {
        const Invocation inv = ctx.invocation;
        Controller *controller = &ctx.controller;
        CommandSessionPtr session = ctx.keepAlive;
        CommandSession *raw = &ctx.session;
        ctx.session.readStdin([inv, controller, session, raw, cmd](const QByteArray &data) {
            submitParsed(inv, *controller, *raw, cmd, data, QString());
        });
        return 0;
    }
    if (!cmd.hasScript) {
        submitParsed(ctx.invocation, ctx.controller, ctx.session, cmd, {}, cmd.scriptPath);
        return 0;
    }
    // The client read the script as its user before the command ran: regular files only, a
    // few MiB at most (clientfiles.h). A FIFO, a device or a folder cannot be opened.
    const ClientFile file = cmd.scriptPath.isEmpty()
                                ? ClientFile()
                                : ctx.invocation.file(scriptRequest(ctx.invocation, cmd)).value(0);
    if (!file.ok()) {
        ToolFailure failure = sbatchOpenFailure(cmd, cmd.scriptPath);
        // Ours, not sbatch's: why a file that is there was not read.
        if (file.status == QLatin1String("toobig"))
            failure.stderrText +=
                QStringLiteral("sbatch: error: %1: %2\n").arg(cmd.scriptPath, file.reason());
        ctx.err(failure.stderrText);
        return ctx.finish(failure.exitCode);
    }
    submitParsed(ctx.invocation, ctx.controller, ctx.session, cmd, file.data, cmd.scriptPath,
                 file.name);
    return 0;
}

QList<FileRequest> sbatchNamedFiles(const Invocation &invocation)
{
    const auto first = parseSbatchCommandLine(invocation.args, invocation.environment);
    const auto *cmd = std::get_if<SbatchCommandLine>(&first);
    if (!cmd || cmd->wantsHelp || cmd->wantsUsage || cmd->wantsVersion || cmd->readsStdin() ||
        !cmd->hasScript || cmd->scriptPath.isEmpty())
        return {};
    return {scriptRequest(invocation, *cmd)};
}

} // namespace schedlab::slurm
