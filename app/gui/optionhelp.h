// The explanation of an sbatch option or a Job field, in French, for the editors' hover help.
#pragma once

#include <QByteArray>
#include <QString>

namespace schedlab::gui {

// "--time=00:02:00", "-t", "#SBATCH --mem=1G" (the word under the mouse) in a script; empty
// when the word is no option the course explains.
QString sbatchOptionHelp(const QString &word);
// "backoffLimit" (the key of a YAML line) in a manifest.
QString manifestFieldHelp(const QString &key);
// What is wrong with a help file's YAML ("NAME:LINE: problem"), empty when it reads: how
// the help is read, for tests.
QString optionHelpProblem(const QByteArray &yaml, const QString &name);

} // namespace schedlab::gui
