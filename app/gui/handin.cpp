// The app's side of a hand-in: the exam session read into the library's terms.
#include "handin.h"

#include "examsession.h"
#include "rubric.h"
#include "safefiles.h"
#include "safezip.h"
#include "submission.h"

namespace schedlab::gui {

std::optional<handin::ExamHandIn> examForHandIn(const ExamSession *session, QString *error)
{
    if (!session || session->state() == ExamState::NotStarted)
        return std::nullopt;
    handin::ExamHandIn exam;
    exam.paperName = session->sheet().fileName;
    if (session->state() == ExamState::InProgress) {
        exam.state = handin::ExamStatus::InProgress;
        return exam;
    }
    // The report exactly as the exam exports it, read back from a folder only we can enter.
    handin::PrivateTempDir dir(QStringLiteral("schedlab-exam"));
    if (!dir.isValid() || !session->exportPaper(dir.path(), error)) {
        if (!dir.isValid())
            *error = dir.errorString();
        return std::nullopt;
    }
    const files::ReadResult report = files::readBelow(
        dir.path(), QLatin1String(ExamSession::kReportName), grader::kMaxReportBytes);
    if (!report.ok()) {
        *error = report.error;
        return std::nullopt;
    }
    exam.state = handin::ExamStatus::HandedIn;
    exam.paper = session->paper();
    exam.report = report.bytes;
    exam.handedInAt = session->handedInAt();
    exam.kind = session->handInKind() == HandInKind::TimeRanOut ? handin::ExamHandInKind::TimeRanOut
                                                                : handin::ExamHandInKind::ByStudent;
    exam.sha256 = session->paperHash();
    return exam;
}

handin::HandInPlan planHandIn(const Workspace &workspace, const QList<grader::Rubric> &rubrics,
                              const handin::StudentIdentity &identity, const QString &variantKey,
                              const ExamSession *exam)
{
    handin::HandInInput input;
    input.workspaceRoot = workspace.root();
    input.rubrics = rubrics;
    input.identity = identity;
    input.variantKey = variantKey;
    QString error;
    input.exam = examForHandIn(exam, &error);
    if (!error.isEmpty()) {
        handin::HandInPlan refused;
        refused.refusal = QObject::tr("The exam's paper cannot be read back: %1").arg(error);
        return refused;
    }
    return handin::planHandIn(input);
}

HandIn writeHandIn(const Workspace &workspace, const QList<grader::Rubric> &rubrics,
                   const QString &studentId, const QString &zipPath)
{
    handin::StudentIdentity identity;
    identity.name = studentId;
    return writeHandIn(planHandIn(workspace, rubrics, identity, studentId, nullptr), zipPath);
}

} // namespace schedlab::gui
