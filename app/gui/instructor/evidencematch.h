// Where a criterion's evidence lies in the student's file: the grader quotes the deciding
// words ("« 1 minute » (ligne 15)", "ligne 3 : #SBATCH --output=...", joined by " ; "), and
// the instructor's page highlights them in the file. No widgets.
#pragma once

#include <QList>
#include <QString>

namespace schedlab::gui {

struct EvidenceRange
{
    qsizetype start = 0;
    qsizetype length = 0;
    // false when only some of the quoted words, or only the line named, were found
    bool exact = true;
};

// The ranges of `text` the evidence quotes, in order. Each quote is searched from the line
// it names (the same words may appear earlier), whatever the spacing; when the whole quote
// is not there, its words; failing that, the line it names.
QList<EvidenceRange> locateEvidence(const QString &text, const QString &evidence);

} // namespace schedlab::gui
