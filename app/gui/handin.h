// "Rendre mon travail" in the app: the workspace and the exam session handed to the hand-in
// library (handin/handinwriter.h), which plans and writes the zip. No widgets.
#pragma once

#include "examsession.h"
#include "handinwriter.h"
#include "workspace.h"

#include <QList>
#include <QString>

#include <optional>

namespace schedlab::grader {
struct Rubric;
}

namespace schedlab::gui {

// What writing a hand-in gave: ok, or why nothing was written, and the files in it.
using HandIn = handin::HandInResult;
// Writes a plan as the zip the student chose, with one durable save; refused when the plan
// is (a link, a special or too large file, a private key: the key never leaves the laptop).
using handin::writeHandIn;

// The exam as the hand-in needs it: nullopt when it was never started; its paper and report
// once handed in.
std::optional<handin::ExamHandIn> examForHandIn(const ExamHandIn &exam);

// The summary of what would be handed in (each deliverable included, empty or missing, or
// the refusal), with the bytes it would write. `variantKey` is what exercise 2's variant was
// drawn from; `exam` is ExamSession::handInOf's (nullopt: no exam rubric).
handin::HandInPlan planHandIn(const Workspace &workspace, const QList<grader::Rubric> &rubrics,
                              const handin::StudentIdentity &identity, const QString &variantKey,
                              const std::optional<ExamHandIn> &exam);

// Plans and writes in one go, the student known only by an id (no exam): kept for callers
// that predate the identity.
HandIn writeHandIn(const Workspace &workspace, const QList<grader::Rubric> &rubrics,
                   const QString &studentId, const QString &zipPath);

} // namespace schedlab::gui
