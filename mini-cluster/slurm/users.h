// Users and the association tree (accounts with shares), as sacctmgr would hold them.
#pragma once

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace schedlab::slurm {

struct AccountDef
{
    QString name;
    QString parent = QStringLiteral("root");
    double shares = 1;
    QStringList users;
};

class UserDirectory
{
public:
    UserDirectory();
    // Replaces the tree. Accounts not given keep the default `cours` for unknown users.
    void setAccounts(const QList<AccountDef> &accounts);
    // Declares a user (uid 1001, 1002, ... in order of first appearance; root is 0).
    void addUser(const QString &user);
    bool knows(const QString &user) const { return uids_.contains(user); }
    int uid(const QString &user);
    int gid(const QString &user) { return uid(user); }
    QString userForUid(int uid) const;
    QString defaultAccount(const QString &user);
    bool isMember(const QString &user, const QString &account) const;
    bool isOperator(const QString &user) const { return user == QLatin1String("root"); }
    const QList<AccountDef> &accounts() const { return accounts_; }
    QStringList users() const { return order_; }

private:
    QHash<QString, int> uids_;
    QStringList order_;
    int nextUid_ = 1001;
    QList<AccountDef> accounts_;
    bool explicitTree_ = false;
};

} // namespace schedlab::slurm
