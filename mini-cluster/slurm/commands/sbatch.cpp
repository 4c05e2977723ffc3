// sbatch: reads the script (file or standard input), parses it, submits.
#include "commandcontext.h"

#include "sbatchparser.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace schedlab::slurm {

namespace {

void submitParsed(const Invocation &inv, Controller &controller, CommandSession &session,
                  const SbatchCommandLine &cmd, const QByteArray &script, const QString &scriptName)
{
    SbatchInput input;
    input.commandLine = cmd;
    input.script = script;
    input.scriptName = scriptName;
    input.environment = inv.environment;
    input.submitEpoch = controller.now();
    auto parsed = parseSbatch(input);
    if (auto *failure = std::get_if<ToolFailure>(&parsed)) {
        session.writeErr(failure->stderrText.toUtf8());
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
        s.command = QDir::cleanPath(QDir(inv.cwd).absoluteFilePath(scriptName));
    s.defaultName = !p.request.wrap.isEmpty() || cmd.hasWrap
                        ? QStringLiteral("wrap")
                        : (scriptName.isEmpty() ? QStringLiteral("sbatch")
                                                : QFileInfo(scriptName).fileName());
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
    auto first = parseSbatchCommandLine(ctx.invocation.args);
    if (auto *failure = std::get_if<ToolFailure>(&first)) {
        ctx.err(failure->stderrText);
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
        ctx.out(slurmVersionLine());
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
    QByteArray script;
    if (!cmd.scriptPath.isEmpty()) {
        QFile file(QDir(ctx.invocation.cwd).absoluteFilePath(cmd.scriptPath));
        if (!file.open(QIODevice::ReadOnly) || QFileInfo(file).isDir()) {
            ctx.err(QStringLiteral("sbatch: error: Unable to open file %1\n").arg(cmd.scriptPath));
            return ctx.finish(1);
        }
        // A script is a few lines; refuse to read gigabytes into the controller.
        script = file.read(64 * 1024 * 1024);
    }
    submitParsed(ctx.invocation, ctx.controller, ctx.session, cmd, script, cmd.scriptPath);
    return 0;
}

} // namespace schedlab::slurm
