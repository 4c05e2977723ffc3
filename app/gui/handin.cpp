// The app's side of a hand-in: the exam session read into the library's terms.
#include "handin.h"

#include "examsession.h"
#include "rubric.h"
#include "safefiles.h"
#include "safezip.h"
#include "submission.h"

namespace schedlab::gui {

std::optional<handin::ExamHandIn> examForHandIn(const ExamHandIn &data)
{
    if (data.state == ExamState::NotStarted)
        return std::nullopt;
    handin::ExamHandIn exam;
    exam.paperName = data.fileName;
    if (data.state == ExamState::InProgress) {
        exam.state = handin::ExamStatus::InProgress;
        return exam;
    }
    exam.state = handin::ExamStatus::HandedIn;
    exam.paper = QString::fromUtf8(data.paperBytes);
    exam.report = data.report;
    exam.handedInAt = data.handedInAt;
    exam.kind = data.kind == HandInKind::TimeRanOut ? handin::ExamHandInKind::TimeRanOut
                                                    : handin::ExamHandInKind::ByStudent;
    exam.sha256 = data.sha256;
    return exam;
}

handin::HandInPlan planHandIn(const Workspace &workspace, const QList<grader::Rubric> &rubrics,
                              const handin::StudentIdentity &identity, const QString &variantKey,
                              const std::optional<ExamHandIn> &exam)
{
    handin::HandInInput input;
    input.workspaceRoot = workspace.root();
    input.rubrics = rubrics;
    input.identity = identity;
    input.variantKey = variantKey;
    QString error;
    if (exam)
        input.exam = examForHandIn(*exam);
    return handin::planHandIn(input);
}

HandIn writeHandIn(const Workspace &workspace, const QList<grader::Rubric> &rubrics,
                   const QString &studentId, const QString &zipPath)
{
    handin::StudentIdentity identity;
    identity.name = studentId;
    return writeHandIn(planHandIn(workspace, rubrics, identity, studentId, std::nullopt), zipPath);
}

} // namespace schedlab::gui
