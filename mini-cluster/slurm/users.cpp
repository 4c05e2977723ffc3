// The user directory of the mini-cluster: uids in order of appearance, default account `cours`.
#include "users.h"

namespace schedlab::slurm {

UserDirectory::UserDirectory()
{
    uids_.insert(QStringLiteral("root"), 0);
    order_ << QStringLiteral("root");
    AccountDef root;
    root.name = QStringLiteral("root");
    root.parent.clear();
    root.users << QStringLiteral("root");
    AccountDef cours;
    cours.name = QStringLiteral("cours");
    accounts_ = {root, cours};
}

void UserDirectory::setAccounts(const QList<AccountDef> &accounts)
{
    AccountDef root = accounts_.first();
    accounts_ = {root};
    accounts_ += accounts;
    explicitTree_ = true;
    for (const AccountDef &a : accounts)
        for (const QString &u : a.users)
            addUser(u);
}

void UserDirectory::addUser(const QString &user)
{
    if (user.isEmpty() || uids_.contains(user))
        return;
    uids_.insert(user, nextUid_++);
    order_ << user;
    if (!explicitTree_ || defaultAccount(user).isEmpty()) {
        for (AccountDef &a : accounts_) {
            if (a.name == QLatin1String("cours")) {
                a.users << user;
                return;
            }
        }
        AccountDef cours;
        cours.name = QStringLiteral("cours");
        cours.users << user;
        accounts_ << cours;
    }
}

int UserDirectory::uid(const QString &user)
{
    addUser(user);
    return uids_.value(user);
}

QString UserDirectory::userForUid(int uid) const
{
    for (auto it = uids_.constBegin(); it != uids_.constEnd(); ++it)
        if (it.value() == uid)
            return it.key();
    return QString::number(uid);
}

QString UserDirectory::defaultAccount(const QString &user)
{
    for (const AccountDef &a : accounts_)
        if (a.users.contains(user))
            return a.name;
    return {};
}

bool UserDirectory::isMember(const QString &user, const QString &account) const
{
    for (const AccountDef &a : accounts_)
        if (a.name == account)
            return a.users.contains(user);
    return false;
}

} // namespace schedlab::slurm
