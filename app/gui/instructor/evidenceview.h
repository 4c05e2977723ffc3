// The student's files beside the criterion an instructor looks at: read-only, with line
// numbers, the words that decided the criterion highlighted, and any private key masked by
// the grader before it reaches the screen.
#pragma once

#include "evidencematch.h"

#include <QStringList>
#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QTabBar;

namespace schedlab::gui {

class EvidenceView : public QWidget
{
    Q_OBJECT

public:
    explicit EvidenceView(QWidget *parent = nullptr);

    // Shows the files `files` of the folder `dir` (a student's exercise), `current` first,
    // with `evidence` highlighted in it.
    void showFiles(const QString &dir, const QStringList &files, const QString &current,
                   const QString &evidence);
    void clear(const QString &message);

    QPlainTextEdit *text() const { return text_; }
    QTabBar *fileTabs() const { return tabs_; }
    QLabel *note() const { return note_; }
    QString currentFile() const;
    // What is highlighted in the file shown.
    const QList<EvidenceRange> &highlighted() const { return ranges_; }

    // The background of the evidence (exact quote), of a partial match and of a masked key.
    static QColor evidenceColor();
    static QColor partialColor();
    static QColor maskedColor();

private:
    void showFile(int tab);
    void highlight();

    QTabBar *tabs_;
    QLabel *note_;
    QPlainTextEdit *text_;
    QString dir_, evidence_;
    QList<EvidenceRange> ranges_;
};

} // namespace schedlab::gui
