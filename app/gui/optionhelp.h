// The explanation of an sbatch option or a Job field, in French, for the editors' hover help.
#pragma once

#include <QString>

namespace schedlab::gui {

// "--time=00:02:00", "-t", "#SBATCH --mem=1G" (the word under the mouse) in a script; empty
// when the word is no option the course explains.
QString sbatchOptionHelp(const QString &word);
// "backoffLimit" (the key of a YAML line) in a manifest.
QString manifestFieldHelp(const QString &key);

} // namespace schedlab::gui
