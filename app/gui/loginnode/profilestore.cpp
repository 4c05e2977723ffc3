// Profile persistence: one JSON file per workspace, saved through remote::saveProfile.
#include "profilestore.h"

#include <QDir>
#include <QFileInfo>

namespace schedlab::gui {

namespace {

bool sameProfile(const remote::LoginProfile &a, const remote::LoginProfile &b)
{
    return a.host == b.host && a.port == b.port && a.user == b.user && a.keyFile == b.keyFile &&
           a.useAgent == b.useAgent && a.configAlias == b.configAlias &&
           a.partition == b.partition && a.account == b.account &&
           a.remoteFolder == b.remoteFolder && a.accountDate == b.accountDate &&
           a.fingerprintNoted == b.fingerprintNoted;
}

} // namespace

ProfileStore::ProfileStore(const QString &workspaceRoot, QObject *parent)
    : QObject(parent)
    , path_(pathIn(workspaceRoot))
{
    profile_ = remote::loadProfile(path_, &error_);
}

QString ProfileStore::pathIn(const QString &workspaceRoot)
{
    return QDir(workspaceRoot).filePath(QStringLiteral(".schedlab/login-node.json"));
}

void ProfileStore::update(const std::function<void(remote::LoginProfile &)> &change)
{
    remote::LoginProfile next = profile_;
    change(next);
    if (sameProfile(next, profile_))
        return;
    profile_ = next;
    QDir().mkpath(QFileInfo(path_).path());
    if (remote::saveProfile(profile_, path_, &error_)) {
        error_.clear();
    } else {
        Q_EMIT saveFailed(error_);
    }
    Q_EMIT changed();
}

} // namespace schedlab::gui
