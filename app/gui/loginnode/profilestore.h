// The login-node profile the panel edits, kept in <workspace>/.schedlab/login-node.json and
// written atomically after every change. It never holds a passphrase (profile.h).
#pragma once

#include "profile.h"

#include <QObject>

#include <functional>

namespace schedlab::gui {

class ProfileStore : public QObject
{
    Q_OBJECT

public:
    // Reads the profile under `workspaceRoot`; a missing file gives the default profile.
    explicit ProfileStore(const QString &workspaceRoot, QObject *parent = nullptr);

    static QString pathIn(const QString &workspaceRoot);
    QString path() const { return path_; }
    const remote::LoginProfile &profile() const { return profile_; }
    // The last read or write problem, empty when none.
    QString error() const { return error_; }

    // Changes the profile and saves it at once; `changed` follows when something changed.
    void update(const std::function<void(remote::LoginProfile &)> &change);

Q_SIGNALS:
    void changed();
    void saveFailed(const QString &message);

private:
    QString path_;
    remote::LoginProfile profile_;
    QString error_;
};

} // namespace schedlab::gui
