// An editor for the course's files: Bash, YAML or Markdown colouring, line numbers, folding,
// the mini-cluster's diagnostics shown under the lines they are about as you type, and its
// file followed on the disk (changed by the terminal or another program).
#pragma once

#include <functional>
#include <optional>

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
class QPushButton;

namespace schedlab::gui {

class EditorCompletion;

// The editor's file on the disk: the bytes the editor and the disk last agreed on (loaded or
// saved), and a watcher saying when someone else may have changed them. The signal is only a
// hint (it may come late, or for another file of the folder): what counts is the comparison
// of the disk's bytes with the agreed ones.
class FileOnDisk : public QObject
{
    Q_OBJECT

public:
    // What the disk holds: `bytes` is empty (nullopt) when there is no such file; `readable`
    // is false when there is one that cannot be read (a link, too big, an I/O error), and then
    // nothing can be decided about it.
    struct Look
    {
        bool readable = true;
        std::optional<QByteArray> bytes;
        QString error;
    };

    explicit FileOnDisk(QObject *parent = nullptr);
    ~FileOnDisk() override;
    // Starts following `path` (and its folder, so that a file deleted then made again is seen).
    void follow(const QString &path);
    const QString &path() const { return path_; }
    Look look() const;
    const std::optional<QByteArray> &agreed() const { return agreed_; }
    void agreeOn(const std::optional<QByteArray> &bytes) { agreed_ = bytes; }
    // After a save, which replaces the file by a rename: the watch stayed with the old file.
    void watchAgain();

    // Files larger than this are not opened in an editor.
    static constexpr qint64 kMaxBytes = 8 * 1024 * 1024;

Q_SIGNALS:
    // Something happened to the file or its folder; emitted once the burst of events settles.
    void mayHaveChanged();

private:
    QString path_;
    std::optional<QByteArray> agreed_;
    QTimer settle_;
};

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
    // returns that message; empty once the file holds the text. When the editor follows a
    // file (openFile), the disk is looked at first: a file changed outside SchedLab is never
    // written over (see DiskState::Conflict), and the message says so.
    QString saveWith(const QString &shownName,
                     const std::function<bool(const QString &text, QString *error)> &write);

    // Loads `path` into the editor (empty when there is no such file yet) and follows it: a
    // change made outside SchedLab is loaded at once when the editor holds no unsaved text
    // (cursor line and scroll kept); with unsaved text the student chooses in a bar above the
    // text, and the version not chosen is kept as a copy beside the file (copyPath). False
    // with a message naming the file when it exists but cannot be read.
    bool openFile(const QString &path, QString *error = nullptr);
    QString path() const { return disk_.path(); }

    enum class DiskState {
        Same,     // the disk holds what the editor loaded or saved last
        Deleted,  // deleted outside: the text is kept here, the next save makes the file again
        Conflict, // changed outside while the editor held unsaved text: no save until a choice
    };
    DiskState diskState() const { return diskState_; }
    // Compares the disk with what the editor last loaded or saved, and acts (reload, bar).
    void checkDisk();
    // The student's two choices in a conflict; each keeps the other version as a copy.
    void keepFileVersion();
    void keepMyVersion();
    // The bar above the text about the file on disk (deleted, changed, where a copy went).
    QWidget *diskBar() const { return diskBar_; }
    QString diskMessage() const;
    QPushButton *keepFileButton() const { return keepFile_; }
    QPushButton *keepMineButton() const { return keepMine_; }
    QPushButton *saveAgainButton() const { return saveAgain_; }
    QPushButton *dismissButton() const { return dismiss_; }
    // The copy of the version not chosen in the last conflict (empty when none).
    QString keptCopy() const { return keptCopy_; }
    // Where a conflict keeps a version beside `path`: "<path>.~<tag>~", or ".~<tag>.2~",
    // ".~<tag>.3~"... when taken, so an earlier copy is never overwritten.
    static QString copyPath(const QString &path, const QString &tag);

Q_SIGNALS:
    void diagnosed();
    // The text of the save bar changed (empty: the file is saved again).
    void saveProblemChanged(const QString &reason);
    // The student asked for the editor's text to be written now ("Keep my version", "Save it
    // again"): the page saves it with its own writer (saveWith).
    void saveRequested();
    void diskStateChanged(DiskState state);

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
    void buildDiskBar();
    void showDiskBar(const QString &message, QPushButton *first = nullptr,
                     QPushButton *second = nullptr);
    void setDiskState(DiskState state);
    void reload(const QByteArray &bytes);
    QString conflictMessage() const;

    QString fileName_;
    QList<Diagnostic> diagnostics_;
    QTimer pause_;
    int errorIndicator_ = -1;
    int warningIndicator_ = -1;
    EditorCompletion *completion_ = nullptr; // null for Markdown
    QLabel *saveBar_ = nullptr;
    QString saveProblem_;
    FileOnDisk disk_;
    DiskState diskState_ = DiskState::Same;
    QWidget *diskBar_ = nullptr;
    QLabel *diskText_ = nullptr;
    QPushButton *keepFile_ = nullptr;
    QPushButton *keepMine_ = nullptr;
    QPushButton *saveAgain_ = nullptr;
    QPushButton *dismiss_ = nullptr;
    QString keptCopy_;
    bool mustWrite_ = false; // written at the next save even when unmodified (a choice made)
};

} // namespace schedlab::gui
