// The login profile on disk: a JSON object whose keys are the field names, written atomically,
// and the checks that say in plain words what keeps it from being used.
#include "profile.h"

#include "safefiles.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <algorithm>
#include <array>
#include <utility>

namespace schedlab::remote {

namespace {

// The JSON keys are the field names; there is deliberately no place for a passphrase.
const std::array<std::pair<const char *, QString LoginProfile::*>, 8> kTextFields = {{
    {"host", &LoginProfile::host},
    {"user", &LoginProfile::user},
    {"keyFile", &LoginProfile::keyFile},
    {"configAlias", &LoginProfile::configAlias},
    {"partition", &LoginProfile::partition},
    {"account", &LoginProfile::account},
    {"remoteFolder", &LoginProfile::remoteFolder},
    {"accountDate", &LoginProfile::accountDate},
}};

const std::array<std::pair<const char *, bool LoginProfile::*>, 2> kFlagFields = {{
    {"useAgent", &LoginProfile::useAgent},
    {"fingerprintNoted", &LoginProfile::fingerprintNoted},
}};

const char *const kPortField = "port";

bool isControl(QChar c)
{
    return c.category() == QChar::Other_Control;
}

// Why `folder` cannot be the remote folder, or an empty string when it can.
QString remoteFolderProblem(const QString &folder)
{
    if (folder.trimmed().isEmpty())
        return QCoreApplication::translate(
            "LoginProfile", "the remote folder is empty: give a folder inside your home, such "
                            "as schedlab");
    if (std::any_of(folder.cbegin(), folder.cend(), isControl))
        return QCoreApplication::translate("LoginProfile",
                                           "the remote folder may not contain control characters");
    if (folder.startsWith(QLatin1Char('~')))
        return QCoreApplication::translate(
            "LoginProfile", "the remote folder is already relative to your home: write it "
                            "without the leading '~'");
    if (folder.startsWith(QLatin1Char('/')))
        return QCoreApplication::translate(
            "LoginProfile", "the remote folder must be relative to your home: write it "
                            "without the leading '/'");
    const QStringList parts = folder.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    if (parts.contains(QLatin1String("..")))
        return QCoreApplication::translate(
            "LoginProfile", "the remote folder may not contain '..': it must stay inside "
                            "your home");
    if (parts.contains(QLatin1String(".")))
        return QCoreApplication::translate(
            "LoginProfile", "the remote folder may not contain '.' as a folder name");
    return {};
}

QString hostProblem(const QString &host)
{
    if (host.trimmed().isEmpty())
        return QCoreApplication::translate(
            "LoginProfile", "the host is empty: use the exact name the organisers gave "
                            "(there is no default)");
    // What is pasted from a command line ("ssh etu@romeo") is not a host name.
    if (std::any_of(host.cbegin(), host.cend(),
                    [](QChar c) { return c.isSpace() || isControl(c); }) ||
        host.contains(QLatin1Char('@')))
        return QCoreApplication::translate(
                   "LoginProfile", "the host '%1' must be the machine name alone, exactly as the "
                                   "organisers gave it (no 'ssh', no 'user@')")
            .arg(host);
    return {};
}

QJsonObject toJson(const LoginProfile &profile)
{
    QJsonObject object;
    for (const auto &[key, field] : kTextFields)
        object.insert(QLatin1String(key), profile.*field);
    for (const auto &[key, field] : kFlagFields)
        object.insert(QLatin1String(key), profile.*field);
    object.insert(QLatin1String(kPortField), profile.port);
    return object;
}

QString wrongType(const char *key, const char *expected)
{
    return QStringLiteral("\"%1\" should be %2").arg(QLatin1String(key), QLatin1String(expected));
}

// Fills `profile` from the keys present (missing ones keep their defaults, unknown ones are
// left for newer versions); returns what is wrong with a key of the wrong type.
QString fromJson(const QJsonObject &object, LoginProfile *profile)
{
    for (const auto &[key, field] : kTextFields) {
        const QJsonValue value = object.value(QLatin1String(key));
        if (!value.isUndefined() && !value.isString())
            return wrongType(key, "a string");
        profile->*field = value.toString(profile->*field);
    }
    for (const auto &[key, field] : kFlagFields) {
        const QJsonValue value = object.value(QLatin1String(key));
        if (!value.isUndefined() && !value.isBool())
            return wrongType(key, "true or false");
        profile->*field = value.toBool(profile->*field);
    }
    const QJsonValue port = object.value(QLatin1String(kPortField));
    if (port.isUndefined())
        return {};
    const double number = port.toDouble(-1);
    if (!port.isDouble() || number != double(int(number)))
        return wrongType(kPortField, "a whole number");
    profile->port = int(number);
    return {};
}

// QJsonParseError gives a byte offset; people read lines and columns (counted in characters).
QString lineAndColumn(const QByteArray &text, int offset)
{
    const QByteArray before = text.left(offset);
    const qsizetype lineStart = before.lastIndexOf('\n') + 1;
    const qsizetype line = before.count('\n') + 1;
    const qsizetype column = QString::fromUtf8(before.mid(lineStart)).size() + 1;
    return QStringLiteral("line %1, column %2").arg(line).arg(column);
}

} // namespace

QStringList LoginProfile::problems() const
{
    QStringList found;
    const QString hostIssue = hostProblem(host);
    if (!hostIssue.isEmpty())
        found.append(hostIssue);
    if (port < 1 || port > 65535)
        found.append(QCoreApplication::translate(
                         "LoginProfile", "port %1 is out of range: it must be between 1 and 65535")
                         .arg(port));
    if (user.trimmed().isEmpty())
        found.append(QCoreApplication::translate(
            "LoginProfile", "the user is empty: use the access account the organisers gave"));
    if (keyFile.trimmed().isEmpty() && !useAgent)
        found.append(QCoreApplication::translate(
            "LoginProfile", "no key file is chosen: choose your private key, or use "
                            "the ssh-agent"));
    const QString folderIssue = remoteFolderProblem(remoteFolder);
    if (!folderIssue.isEmpty())
        found.append(folderIssue);
    return found;
}

QString normalisedRemoteFolder(const QString &folder)
{
    if (!remoteFolderProblem(folder).isEmpty())
        return {};
    return folder.split(QLatin1Char('/'), Qt::SkipEmptyParts).join(QLatin1Char('/'));
}

LoginProfile loadProfile(const QString &path, QString *error)
{
    QString ignored;
    QString &message = error ? *error : ignored;
    message.clear();
    QFile file(path);
    if (!file.exists())
        return {};
    if (!file.open(QIODevice::ReadOnly)) {
        message = path + QStringLiteral(": ") + file.errorString();
        return {};
    }
    const QByteArray text = file.readAll();
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(text, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        message = path + QStringLiteral(": ") + lineAndColumn(text, parseError.offset) +
                  QStringLiteral(": ") + parseError.errorString();
        return {};
    }
    if (!document.isObject()) {
        message =
            path + QCoreApplication::translate(
                       "LoginProfile", ": not a connection profile (a JSON object is expected)");
        return {};
    }
    LoginProfile profile;
    const QString problem = fromJson(document.object(), &profile);
    if (!problem.isEmpty()) {
        message = path + QStringLiteral(": ") + problem;
        return {};
    }
    return profile;
}

bool saveProfile(const LoginProfile &profile, const QString &path, QString *error)
{
    // Durable: on a full disk the previous profile stays whole, never an empty file.
    const files::WriteResult w =
        files::saveFile(path, QJsonDocument(toJson(profile)).toJson(QJsonDocument::Indented));
    if (!w.ok && error)
        *error = w.error;
    return w.ok;
}

} // namespace schedlab::remote
