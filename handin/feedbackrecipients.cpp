// File names made unique, groups read from the manifests.
#include "feedbackrecipients.h"

#include <QSet>

namespace schedlab::handin {

namespace {

QString stemOf(const SummaryIdentity &who, QSet<QString> *taken)
{
    QString stem = StudentIdentity{who.name, who.number, {}, {}}.fileStem();
    if (stem.isEmpty())
        stem = fileNameSafe(who.key);
    if (stem.isEmpty())
        stem = QStringLiteral("etudiant");
    const QString base = stem;
    for (int n = 2; taken->contains(stem.toLower()); ++n)
        stem = base + u'-' + QString::number(n);
    taken->insert(stem.toLower());
    return stem;
}

QString groupOf(const ClassIntake &intake, const QString &key)
{
    for (const ClassHandIn &h : intake.handIns())
        if (h.key == key && h.manifest)
            return h.manifest->student.group;
    return {};
}

} // namespace

QList<FeedbackRecipient> feedbackRecipients(const ClassSummary &summary,
                                            const QList<grader::ExerciseResult> &results,
                                            const ClassIntake &intake)
{
    QList<FeedbackRecipient> recipients;
    QSet<QString> stems;
    for (const SummaryRow &row : summary.rows) {
        if (!row.handedIn())
            continue;
        const SummaryIdentity &who = row.identity;
        FeedbackRecipient r{who,
                            stemOf(who, &stems),
                            FeedbackHeader{who.name, who.number, groupOf(intake, who.key)},
                            {}};
        for (const grader::ExerciseResult &result : results)
            if (result.student == who.key)
                r.results << result;
        recipients << r;
    }
    return recipients;
}

} // namespace schedlab::handin
