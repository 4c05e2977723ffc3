// The form view of an sbatch script's options: each field shows what the script's #SBATCH
// lines say (as sbatch reads them), and editing a field rewrites the matching line.
#pragma once

#include <QHash>
#include <QWidget>

class QLineEdit;

namespace schedlab::gui {

// Reading and writing options in a script's text, without widgets.
namespace ScriptOptions {
// The long options the form edits, in display order ("job-name", "output", ...).
const QStringList &editable();
// What the script's directives set, by long option name; the last directive wins, as in
// sbatch. Only directives sbatch reads (before the first command) count.
QHash<QString, QString> read(const QString &script);
// The script with `option` set to `value` (an empty value removes its lines): an existing
// directive is rewritten in place, a new one goes after the last directive, or after the
// shebang when there is none.
QString write(const QString &script, const QString &option, const QString &value);
} // namespace ScriptOptions

class ScriptForm : public QWidget
{
    Q_OBJECT

public:
    explicit ScriptForm(QWidget *parent = nullptr);

    // Shows the options of `script` (without sending scriptEdited).
    void showScript(const QString &script);
    QLineEdit *field(const QString &option) const { return fields_.value(option); }

Q_SIGNALS:
    // A field was edited: the new text of the whole script.
    void scriptEdited(const QString &script);

private:
    void onFieldEdited(const QString &option);

    QHash<QString, QLineEdit *> fields_;
    QString script_;
};

} // namespace schedlab::gui
