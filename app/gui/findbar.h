// Find and replace in the current editor (Ctrl+F, Ctrl+H; Escape closes).
#pragma once

#include <QWidget>

class QLineEdit;
class QCheckBox;

namespace schedlab::gui {

class CodeEditor;

class FindBar : public QWidget
{
    Q_OBJECT

public:
    explicit FindBar(QWidget *parent = nullptr);
    void setEditor(CodeEditor *editor) { editor_ = editor; }
    // Shows the bar with the editor's selection as the text to find.
    void open(bool withReplace);
    // Selects the next match (wrapping); false when there is none.
    bool findNext();
    // Replaces the selected match and moves to the next one.
    bool replaceCurrent();
    // Replaces every match; returns how many.
    int replaceAll();
    QLineEdit *findField() const { return find_; }
    QLineEdit *replaceField() const { return replace_; }

protected:
    void keyPressEvent(QKeyEvent *event) override;

private:
    CodeEditor *editor_ = nullptr;
    QLineEdit *find_;
    QLineEdit *replace_;
    QCheckBox *caseSensitive_;
    QWidget *replaceRow_;
};

} // namespace schedlab::gui
