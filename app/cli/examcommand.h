// schedlab-cli exam: the instructor packs the real exam paper to hand out (exam pack), and the
// exam lock as the command line sees it (grade, serve and shell refuse a workspace whose exam
// runs).
#pragma once

#include <QString>
#include <QStringList>

namespace schedlab::grader {
struct Rubric;
}

// Returns the exit status: 0 done, 1 the paper could not be made, 2 usage error.
int examCommand(const QStringList &args);

// Empty when no exam runs in any of `paths` (a workspace, a folder inside one, or a class
// folder holding one); else a sentence naming the workspace and who runs the exam since when.
QString examRunningIn(const QStringList &paths);

// The paper id an exam rubric grades (its `paper_id:`, which the rubric parser ignores);
// empty when it names none.
QString paperIdOf(const schedlab::grader::Rubric &rubric);
