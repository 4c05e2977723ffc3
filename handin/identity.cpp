// Normalising numbers and names.
#include "identity.h"

#include <QJsonArray>
#include <QRegularExpression>

namespace schedlab::handin {

QString normaliseStudentNumber(const QString &number)
{
    QString n = number.normalized(QString::NormalizationForm_KC).toUpper();
    n.remove(QRegularExpression(QStringLiteral("[\\s._\\-]")));
    return n;
}

QString fileNameSafe(const QString &text)
{
    QString decomposed = text.normalized(QString::NormalizationForm_KD).toLower();
    QString out;
    for (const QChar c : decomposed) {
        if (c.category() == QChar::Mark_NonSpacing)
            continue; // the accent of a decomposed letter
        if ((c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9'))
            out += c;
        else if (!out.isEmpty() && !out.endsWith(u'-'))
            out += u'-';
    }
    while (out.endsWith(u'-'))
        out.chop(1);
    return out.left(80);
}

QString StudentIdentity::normalisedNumber() const
{
    return normaliseStudentNumber(number);
}

QString StudentIdentity::fileStem() const
{
    const QString n = fileNameSafe(normalisedNumber());
    const QString who = fileNameSafe(name);
    if (n.isEmpty())
        return who;
    return who.isEmpty() ? n : n + u'-' + who;
}

QJsonObject StudentIdentity::toJson() const
{
    QJsonArray list;
    for (const GroupMember &m : members)
        list.append(
            QJsonObject{{QStringLiteral("number"), m.number}, {QStringLiteral("name"), m.name}});
    QJsonObject o{{QStringLiteral("name"), name}, {QStringLiteral("number"), number}};
    if (!group.isEmpty())
        o.insert(QStringLiteral("group"), group);
    if (!list.isEmpty())
        o.insert(QStringLiteral("members"), list);
    return o;
}

StudentIdentity StudentIdentity::fromJson(const QJsonObject &object)
{
    // Capped: the object may come from a student's hand-in.
    constexpr int kMaxField = 200;
    constexpr int kMaxMembers = 20;
    StudentIdentity id;
    id.name = object.value(QStringLiteral("name")).toString().left(kMaxField);
    id.number = object.value(QStringLiteral("number")).toString().left(kMaxField);
    id.group = object.value(QStringLiteral("group")).toString().left(kMaxField);
    for (const QJsonValue &v : object.value(QStringLiteral("members")).toArray()) {
        if (id.members.size() >= kMaxMembers)
            break;
        const QJsonObject m = v.toObject();
        id.members << GroupMember{m.value(QStringLiteral("number")).toString().left(kMaxField),
                                  m.value(QStringLiteral("name")).toString().left(kMaxField)};
    }
    return id;
}

} // namespace schedlab::handin
