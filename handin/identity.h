// Who handed in: the student's name, number and group as they gave them in the app, and
// the names derived from them (the hand-in's file name, the key exercise 2's variant is
// drawn from).
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

namespace schedlab::handin {

struct GroupMember
{
    QString number;
    QString name;
    bool operator==(const GroupMember &) const = default;
};

struct StudentIdentity
{
    QString name;   // "Camille Durand", as typed
    QString number; // the student number, as typed ("21 004 567")
    QString group;  // optional: the group's name or number
    // The group project's members other than the student (optional).
    QList<GroupMember> members;

    bool isComplete() const { return !name.trimmed().isEmpty() && !normalisedNumber().isEmpty(); }
    // The number without spaces, dots, dashes or underscores, in upper case ("21004567"):
    // the form compared between a manifest and a worksheet, and that seeds the variant.
    QString normalisedNumber() const;
    // "<number>-<name>", safe as a file name on every system ("21004567-camille-durand").
    QString fileStem() const;

    QJsonObject toJson() const;
    static StudentIdentity fromJson(const QJsonObject &object);
    bool operator==(const StudentIdentity &) const = default;
};

// `number` as StudentIdentity::normalisedNumber gives it.
QString normaliseStudentNumber(const QString &number);

// `text` reduced to lower-case ASCII letters, digits and single dashes ("Élodie N'Diaye" ->
// "elodie-n-diaye"); empty when nothing is left.
QString fileNameSafe(const QString &text);

} // namespace schedlab::handin
