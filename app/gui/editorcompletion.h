// Completion for the editors, as a small decorator attached to one editor: after
// "#SBATCH --" it offers sbatch's own long options, and at the start of a YAML key the
// fields of a Job or a Deployment. Ctrl+Space asks for it anywhere.
#pragma once

#include <QObject>
#include <QStringList>

class QsciScintilla;

namespace schedlab::gui {

class EditorCompletion : public QObject
{
    Q_OBJECT

public:
    enum class Kind { Script, Manifest };
    EditorCompletion(QsciScintilla *editor, Kind kind);

    // What would be offered with the cursor at the end of `lineBeforeCursor`, and how many
    // characters before the cursor the choice replaces.
    QStringList candidates(const QString &lineBeforeCursor, int *prefixLength = nullptr) const;
    // Shows the list at the cursor, if there is anything to offer; true when shown.
    bool complete();
    // Inserts a choice as the user list would (for tests and keyboard users).
    void accept(const QString &choice);

private:
    QString lineBeforeCursor() const;
    void onCharAdded(int ch);

    QsciScintilla *editor_;
    Kind kind_;
};

} // namespace schedlab::gui
