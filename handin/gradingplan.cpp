// Planning the grading: groups found from the manifests.
#include "gradingplan.h"

#include "safefiles.h"
#include "submission.h"

#include <QCryptographicHash>

namespace schedlab::handin {

namespace {

// The group a hand-in's manifest names: its name when given, else its sorted member numbers.
QString groupKey(const ClassHandIn &h)
{
    if (!h.manifest)
        return QString();
    const StudentIdentity &s = h.manifest->student;
    if (!s.group.trimmed().isEmpty())
        return QStringLiteral("group:") + fileNameSafe(s.group);
    if (s.members.isEmpty())
        return QString();
    QStringList numbers{s.normalisedNumber()};
    for (const GroupMember &m : s.members)
        numbers << normaliseStudentNumber(m.number);
    numbers.sort();
    return QStringLiteral("members:") + numbers.join(u',');
}

// What the group handed in, to see whether two members' hand-ins differ.
QByteArray projectHash(const ClassHandIn &h, const grader::Rubric &rubric)
{
    const grader::ExerciseSubmission s = grader::readStudentExercise(h.folder, rubric);
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QString &name : rubric.files) {
        hash.addData(name.toUtf8());
        hash.addData(QByteArray(1, '\0'));
        hash.addData(s.file(name).bytes);
        hash.addData(QByteArray(1, '\0'));
    }
    return hash.result();
}

QStringList memberKeys(const QList<int> &handIns, const ClassIntake &intake)
{
    QStringList keys;
    for (int i : handIns) {
        const ClassHandIn &h = intake.handIns()[i];
        keys << h.key;
        if (h.manifest)
            for (const GroupMember &m : h.manifest->student.members)
                keys << normaliseStudentNumber(m.number);
    }
    keys.removeAll(QString());
    keys.removeDuplicates();
    return keys;
}

} // namespace

GradingPlan planGrading(const ClassIntake &intake, const grader::RubricSet &rubrics,
                        const QString &exercise)
{
    GradingPlan plan;
    const grader::Rubric *group = rubrics.find(QLatin1String(kGroupExercise));
    QHash<QString, QList<int>> groups; // group key -> hand-ins holding the project
    QStringList groupOrder;
    for (int i = 0; i < intake.handIns().size(); ++i) {
        const ClassHandIn &h = intake.handIns()[i];
        const QList<const grader::Rubric *> chosen =
            exercise == QLatin1String("all")
                ? grader::exercisesIn(h.folder, rubrics.rubrics)
                : QList<const grader::Rubric *>{rubrics.find(exercise)};
        for (const grader::Rubric *rubric : chosen) {
            const QString key = rubric == group ? groupKey(h) : QString();
            if (key.isEmpty()) {
                plan.tasks << GradingTask{i, rubric};
                continue;
            }
            if (!groups.contains(key))
                groupOrder << key;
            groups[key] << i;
        }
    }
    for (const QString &key : std::as_const(groupOrder)) {
        const QList<int> members = groups.value(key);
        const int graded = members.first();
        plan.tasks << GradingTask{graded, group};
        GroupShare share{intake.handIns()[graded].manifest->student.group,
                         int(plan.tasks.size()) - 1, memberKeys(members, intake)};
        share.memberKeys.removeAll(intake.handIns()[graded].key);
        plan.shares << share;
        const QByteArray reference = projectHash(intake.handIns()[graded], *group);
        for (int other : members.mid(1))
            if (projectHash(intake.handIns()[other], *group) != reference)
                for (int i : members)
                    plan.flags[i] << QStringLiteral("the group's hand-ins of the project differ: "
                                                    "graded from %1's")
                                         .arg(intake.handIns()[graded].source);
    }
    for (auto it = plan.flags.begin(); it != plan.flags.end(); ++it)
        it->removeDuplicates();
    return plan;
}

QList<grader::ExerciseResult> withGroupShares(const GradingPlan &plan,
                                              const QList<grader::ExerciseResult> &results)
{
    QList<grader::ExerciseResult> all = results;
    for (const GroupShare &share : plan.shares) {
        if (share.gradedTask >= results.size())
            continue;
        for (const QString &member : share.memberKeys) {
            grader::ExerciseResult copy = results[share.gradedTask];
            copy.student = member;
            all << copy;
        }
    }
    return all;
}

} // namespace schedlab::handin
