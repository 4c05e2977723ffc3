// An editor for the course's files: Bash, YAML or Markdown colouring, line numbers, folding,
// and the mini-cluster's diagnostics shown under the lines they are about as you type.
#pragma once

#include <functional>

#include "diagnostics.h"

// QScintilla's headers use Qt's keyword macros, which the project turns off
// (QT_NO_KEYWORDS): defined for them only.
#define signals Q_SIGNALS
#define slots Q_SLOTS
#include <Qsci/qsciscintilla.h>
#undef signals
#undef slots

#include <QTimer>

class QLabel;

namespace schedlab::gui {

class EditorCompletion;

class CodeEditor : public QsciScintilla
{
    Q_OBJECT

public:
    explicit CodeEditor(const QString &fileName, QWidget *parent = nullptr);
    const QString &fileName() const { return fileName_; }
    const QList<Diagnostic> &diagnostics() const { return diagnostics_; }
    // The text of the annotation under a 1-based line (empty when none), as shown.
    QString annotationAt(int line) const;
    // Moves the cursor to a 1-based line and shows it.
    void goToLine(int line);
    // Checks the text now instead of after the typing pause.
    void diagnoseNow();
    // The French explanation of the option or field at a place (0-based line and column),
    // as shown when the mouse rests there; empty when there is none.
    QString helpAt(int line, int column) const;
    // Completion of #SBATCH options or Job fields; null for Markdown files.
    EditorCompletion *completion() const { return completion_; }
    // Says above the text that the file on disk is NOT this text, and why (the system's words:
    // "No space left on device"); the window's status bar says it too. An empty reason, once
    // the file is saved, takes the bar away.
    void setSaveProblem(const QString &reason);
    QString saveProblem() const { return saveProblem_; }
    // The bar shown above the text while the file is not saved.
    QLabel *saveBar() const { return saveBar_; }

    // How often a page tries a failed save again while the student does not type.
    static constexpr int kSaveRetryMs = 3000;
    // Saves the text with `write` when it was edited since the last save. A failure keeps the
    // text, says why above it and in the status bar (naming the file `shownName`), and
    // returns that message; empty once the file holds the text.
    QString saveWith(const QString &shownName,
                     const std::function<bool(const QString &text, QString *error)> &write);

Q_SIGNALS:
    void diagnosed();
    // The text of the save bar changed (empty: the file is saved again).
    void saveProblemChanged(const QString &reason);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void setUpLexer();
    void darken(QsciLexer *lexer) const;
    static QColor inverted(const QColor &colour);
    void showHelp(int position, int x, int y);
    void showDiagnostics();
    void placeSaveBar();
    void tellStatusBar(const QString &message) const;

    QString fileName_;
    QList<Diagnostic> diagnostics_;
    QTimer pause_;
    int errorIndicator_ = -1;
    int warningIndicator_ = -1;
    EditorCompletion *completion_ = nullptr; // null for Markdown
    QLabel *saveBar_ = nullptr;
    QString saveProblem_;
};

} // namespace schedlab::gui
