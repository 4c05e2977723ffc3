// sbatch: reads the script (file or standard input), parses it, submits.
#include "commandcontext.h"

#include "sbatchparser.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace schedlab::slurm {

namespace {

QString locateScript(const Invocation &inv, const SbatchCommandLine &cmd)
{
    const QString name = cmd.scriptPath;
    if (name.isEmpty())
        return {};
    if (name.startsWith(QLatin1Char('/')))
        return name;
    QStringList folders;
    if (!cmd.chdir.isEmpty())
        folders << QDir(inv.cwd).absoluteFilePath(cmd.chdir);
    folders << inv.cwd;
    if (!name.contains(QLatin1Char('/')))
        folders += inv.env(QStringLiteral("PATH")).split(QLatin1Char(':'), Qt::SkipEmptyParts);
    for (const QString &folder : folders) {
        const QString candidate = QDir(folder).absoluteFilePath(name);
        if (QFileInfo(candidate).isFile())
            return candidate;
    }
    return QDir(inv.cwd).absoluteFilePath(name);
}

void submitParsed(const Invocation &inv, Controller &controller, CommandSession &session,
                  const SbatchCommandLine &cmd, const QByteArray &script, const QString &scriptName)
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
        s.command = QDir::cleanPath(locateScript(inv, cmd));
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
    QByteArray script;
    if (cmd.hasScript) {
        // sbatch looks for the script in -D's folder, then the submission folder, then PATH.
        const QString path = locateScript(ctx.invocation, cmd);
        QFile file(path);
        if (path.isEmpty() || !file.open(QIODevice::ReadOnly) || QFileInfo(file).isDir()) {
            const ToolFailure failure = sbatchOpenFailure(cmd, cmd.scriptPath);
            ctx.err(failure.stderrText);
            return ctx.finish(failure.exitCode);
        }
        // A script is a few lines; refuse to read gigabytes into the controller.
        script = file.read(64 * 1024 * 1024);
    }
    submitParsed(ctx.invocation, ctx.controller, ctx.session, cmd, script, cmd.scriptPath);
    return 0;
}

} // namespace schedlab::slurm
