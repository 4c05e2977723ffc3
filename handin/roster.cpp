// Building the roster from the intake, the plan and the worksheet.
#include "roster.h"

#include "moodleworksheet.h"

#include <QSet>

namespace schedlab::handin {

namespace {

SummaryIdentity identityOf(const ClassHandIn &h, const QStringList &planFlags)
{
    SummaryIdentity id;
    id.key = h.key;
    id.number = h.number();
    id.name = h.name().isEmpty() ? h.key : h.name();
    if (h.lms) {
        id.lmsParticipantId = h.lms->participantId;
        id.lmsFullName = h.lms->fullName;
    }
    if (h.nameDiffers)
        id.flags << nameMismatchFlag();
    if (!h.manifest)
        id.flags << QStringLiteral("sans manifeste");
    if (!h.changedFiles.isEmpty())
        id.flags << QStringLiteral("fichiers modifiés après le rendu : %1")
                        .arg(h.changedFiles.join(QStringLiteral(", ")));
    if (!planFlags.isEmpty())
        id.flags << QStringLiteral("rendus du groupe différents");
    return id;
}

// The name a teammate's manifest gives a member who did not hand in themselves.
QString memberName(const ClassIntake &intake, const QString &key)
{
    for (const ClassHandIn &h : intake.handIns())
        if (h.manifest)
            for (const GroupMember &m : h.manifest->student.members)
                if (normaliseStudentNumber(m.number) == key && !m.name.isEmpty())
                    return m.name;
    return key;
}

} // namespace

QList<SummaryIdentity> classRoster(const ClassIntake &intake, const GradingPlan &plan,
                                   const MoodleWorksheet *worksheet)
{
    QList<SummaryIdentity> roster;
    QSet<QString> keys, participants;
    for (int i = 0; i < intake.handIns().size(); ++i) {
        const ClassHandIn &h = intake.handIns()[i];
        roster << identityOf(h, plan.flags.value(i));
        keys.insert(h.key);
        if (h.lms)
            participants.insert(h.lms->participantId);
    }
    for (const GroupShare &share : plan.shares)
        for (const QString &member : share.memberKeys)
            if (!keys.contains(member)) {
                keys.insert(member);
                roster << SummaryIdentity{
                    member, member, memberName(intake, member),
                    {},     {},     {QStringLiteral("projet de groupe rendu par un membre")}};
            }
    if (worksheet)
        for (const WorksheetRow &row : worksheet->rows)
            if (!participants.contains(row.participantId)) {
                const QString key = QStringLiteral("participant-") + row.participantId;
                if (keys.contains(key))
                    continue;
                keys.insert(key);
                roster << SummaryIdentity{key,          {}, row.fullName, row.participantId,
                                          row.fullName, {}};
            }
    return roster;
}

} // namespace schedlab::handin
