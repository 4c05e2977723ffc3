// Finding and running a real kubectl. SchedLab's own client (libexec/schedlab/bin/kubectl)
// answers for the mini-cluster; it must never be mistaken for a real cluster.
#include "realkubectl.h"

#include "installpaths.h"
#include "slurmcommands.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>

namespace schedlab::gui {

namespace {

bool isOurs(const QString &folder)
{
    const QString canonical = QFileInfo(folder).canonicalFilePath();
    const QString libexec = QFileInfo(libexecDir()).canonicalFilePath();
    if (!libexec.isEmpty() && !canonical.isEmpty() &&
        (canonical == libexec || canonical.startsWith(libexec + QLatin1Char('/'))))
        return true;
    return QDir::cleanPath(folder).contains(QLatin1String("/libexec/schedlab"));
}

} // namespace

RealKubectl::RealKubectl(QObject *parent)
    : QObject(parent)
{}

RealKubectl::~RealKubectl()
{
    // The processes are children: QProcess stops them as it goes; their signals must not
    // reach a half-destroyed object first.
    for (QProcess *p : {probe_.data(), process_.data()})
        if (p)
            p->disconnect(this);
}

QString RealKubectl::findOnPath()
{
    const QStringList folders =
        qEnvironmentVariable("PATH").split(QLatin1Char(':'), Qt::SkipEmptyParts);
    for (const QString &folder : folders) {
        if (isOurs(folder))
            continue;
        const QString found = QStandardPaths::findExecutable(QStringLiteral("kubectl"), {folder});
        if (!found.isEmpty())
            return found;
    }
    return {};
}

void RealKubectl::setProgram(const QString &path)
{
    program_ = path;
    programSet_ = true;
    detect();
}

void RealKubectl::setState(State state, const QString &detail)
{
    state_ = state;
    detail_ = detail;
    Q_EMIT stateChanged(state);
}

void RealKubectl::detect()
{
    if (probe_) {
        probe_->disconnect(this);
        probe_->kill();
        probe_->deleteLater();
    }
    if (!programSet_)
        program_ = findOnPath();
    if (program_.isEmpty()) {
        setState(State::NotFound);
        return;
    }
    auto *probe = new QProcess(this);
    probe_ = probe;
    probe->setProcessChannelMode(QProcess::MergedChannels);
    connect(probe, &QProcess::finished, this, [this, probe](int code, QProcess::ExitStatus status) {
        const QString said = QString::fromLocal8Bit(probe->readAll()).trimmed();
        probe_ = nullptr;
        probe->deleteLater();
        setState(status == QProcess::NormalExit && code == 0 ? State::Reachable
                                                             : State::Unreachable,
                 said);
    });
    connect(probe, &QProcess::errorOccurred, this, [this, probe](QProcess::ProcessError error) {
        if (error != QProcess::FailedToStart)
            return;
        probe_ = nullptr;
        probe->deleteLater();
        setState(State::Unreachable, probe->errorString());
    });
    setState(State::Checking);
    probe->start(program_, {QStringLiteral("get"), QStringLiteral("nodes"),
                            QStringLiteral("--request-timeout=5s")});
}

QStringList RealKubectl::applyArguments(const QString &file) const
{
    return {QStringLiteral("apply"), QStringLiteral("-f"), file};
}

QStringList RealKubectl::logsArguments(const QString &job) const
{
    return {QStringLiteral("logs"), QStringLiteral("job/") + job};
}

QStringList RealKubectl::deleteArguments(const QString &job) const
{
    return {QStringLiteral("delete"), QStringLiteral("job"), job};
}

QString RealKubectl::commandLine(const QStringList &arguments) const
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_./=:@%+-]+$"));
    QStringList words{QStringLiteral("kubectl")};
    for (const QString &a : arguments)
        words.append(plain.match(a).hasMatch() ? a : remote::shellQuote(a));
    return words.join(u' ');
}

bool RealKubectl::start(const QStringList &arguments)
{
    if (process_ || state_ != State::Reachable)
        return false;
    auto *process = new QProcess(this);
    process_ = process;
    process->setProcessChannelMode(QProcess::MergedChannels);
    const QString command = commandLine(arguments);
    connect(process, &QProcess::finished, this,
            [this, process, command](int code, QProcess::ExitStatus status) {
                const QString said = QString::fromLocal8Bit(process->readAll());
                process_ = nullptr;
                process->deleteLater();
                Q_EMIT finished(command, status == QProcess::NormalExit ? code : -1, said);
            });
    connect(process, &QProcess::errorOccurred, this,
            [this, process, command](QProcess::ProcessError error) {
                if (error != QProcess::FailedToStart)
                    return;
                process_ = nullptr;
                process->deleteLater();
                Q_EMIT finished(command, -1, process->errorString());
            });
    process->start(program_, arguments);
    return true;
}

} // namespace schedlab::gui
