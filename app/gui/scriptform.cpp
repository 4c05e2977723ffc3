// The form view. Options are read with the mini-cluster's own directive scanner, so the form
// never shows a line sbatch would ignore (one after the first command) as if it counted.
#include "scriptform.h"

#include "sbatchparser.h"

#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>

namespace schedlab::gui {

namespace {

const QHash<QString, QString> &shortForms()
{
    static const QHash<QString, QString> forms{
        {QStringLiteral("J"), QStringLiteral("job-name")},
        {QStringLiteral("o"), QStringLiteral("output")},
        {QStringLiteral("e"), QStringLiteral("error")},
        {QStringLiteral("t"), QStringLiteral("time")},
        {QStringLiteral("p"), QStringLiteral("partition")},
        {QStringLiteral("N"), QStringLiteral("nodes")},
        {QStringLiteral("n"), QStringLiteral("ntasks")},
        {QStringLiteral("c"), QStringLiteral("cpus-per-task")},
        {QStringLiteral("A"), QStringLiteral("account")}};
    return forms;
}

// "--time=2" → ("time", "2"); "-t" "2" → ("time", "2").
QPair<QString, QString> optionOf(const QStringList &words)
{
    if (words.isEmpty())
        return {};
    const QString first = words.first();
    if (first.startsWith(QLatin1String("--"))) {
        const int eq = int(first.indexOf(u'='));
        if (eq > 0)
            return {first.mid(2, eq - 2), first.mid(eq + 1)};
        return {first.mid(2), words.value(1)};
    }
    if (first.startsWith(u'-') && first.size() >= 2) {
        const QString name = shortForms().value(first.mid(1, 1));
        const QString value = first.size() > 2 ? first.mid(2) : words.value(1);
        return {name, value};
    }
    return {};
}

} // namespace

namespace ScriptOptions {

const QStringList &editable()
{
    static const QStringList options{
        QStringLiteral("job-name"), QStringLiteral("output"),        QStringLiteral("error"),
        QStringLiteral("time"),     QStringLiteral("partition"),     QStringLiteral("nodes"),
        QStringLiteral("ntasks"),   QStringLiteral("cpus-per-task"), QStringLiteral("mem"),
        QStringLiteral("gres"),     QStringLiteral("account")};
    return options;
}

QHash<QString, QString> read(const QString &script)
{
    QHash<QString, QString> values;
    const slurm::DirectiveScan scan = slurm::scanDirectives(script.toUtf8());
    for (const auto &directive : scan.directives) {
        const auto [name, value] = optionOf(directive.words);
        if (!name.isEmpty())
            values.insert(name, value);
    }
    return values;
}

QString write(const QString &script, const QString &option, const QString &value)
{
    QStringList lines = script.split(u'\n');
    const slurm::DirectiveScan scan = slurm::scanDirectives(script.toUtf8());
    // sbatch splits directive words on blanks: a value with one is quoted.
    const bool blank = value.contains(QRegularExpression(QStringLiteral("\\s")));
    const QString newLine =
        QStringLiteral("#SBATCH --%1=%2").arg(option, blank ? u'"' + value + u'"' : value);
    int lastDirective = -1;
    QList<int> matching; // 0-based lines of directives setting this option
    for (const auto &directive : scan.directives) {
        lastDirective = std::max(lastDirective, directive.line - 1);
        if (optionOf(directive.words).first == option)
            matching.append(directive.line - 1);
    }
    if (value.isEmpty()) {
        for (int i = int(matching.size()) - 1; i >= 0; --i)
            lines.removeAt(matching[i]);
        return lines.join(u'\n');
    }
    if (!matching.isEmpty()) {
        // The last one is the one sbatch keeps; earlier duplicates would only confuse.
        lines[matching.last()] = newLine;
        for (int i = int(matching.size()) - 2; i >= 0; --i)
            lines.removeAt(matching[i]);
        return lines.join(u'\n');
    }
    int at = lastDirective + 1;
    if (lastDirective < 0)
        at = !lines.isEmpty() && lines.first().startsWith(QLatin1String("#!")) ? 1 : 0;
    lines.insert(at, newLine);
    return lines.join(u'\n');
}

} // namespace ScriptOptions

ScriptForm::ScriptForm(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QFormLayout(this);
    const QHash<QString, QString> labels{{QStringLiteral("job-name"), tr("Job name")},
                                         {QStringLiteral("output"), tr("Output file")},
                                         {QStringLiteral("error"), tr("Error file")},
                                         {QStringLiteral("time"), tr("Time limit")},
                                         {QStringLiteral("partition"), tr("Partition")},
                                         {QStringLiteral("nodes"), tr("Nodes")},
                                         {QStringLiteral("ntasks"), tr("Tasks")},
                                         {QStringLiteral("cpus-per-task"), tr("CPUs per task")},
                                         {QStringLiteral("mem"), tr("Memory per node")},
                                         {QStringLiteral("gres"), tr("Generic resources")},
                                         {QStringLiteral("account"), tr("Slurm account")}};
    auto *intro = new QLabel(tr("The script's #SBATCH options. Editing a field rewrites its "
                                "line in the script; an empty field removes it."));
    intro->setWordWrap(true);
    layout->addRow(intro);
    for (const QString &option : ScriptOptions::editable()) {
        auto *edit = new QLineEdit;
        edit->setPlaceholderText(QStringLiteral("--") + option);
        edit->setClearButtonEnabled(true);
        connect(edit, &QLineEdit::textEdited, this, [this, option] { onFieldEdited(option); });
        fields_.insert(option, edit);
        layout->addRow(labels.value(option), edit);
    }
}

void ScriptForm::showScript(const QString &script)
{
    script_ = script;
    const QHash<QString, QString> values = ScriptOptions::read(script);
    for (auto it = fields_.cbegin(); it != fields_.cend(); ++it) {
        const QString value = values.value(it.key());
        if (it.value()->text() != value && !it.value()->hasFocus())
            it.value()->setText(value);
    }
}

void ScriptForm::onFieldEdited(const QString &option)
{
    script_ = ScriptOptions::write(script_, option, fields_.value(option)->text().trimmed());
    // A copy, not script_ itself: a receiver that writes the script into its editor makes the
    // editor report the change back here (showScript), which replaces script_ while the
    // receiver still reads it. QScintilla 2.14's setText clears the editor first, and the
    // text would be lost.
    const QString edited = script_;
    Q_EMIT scriptEdited(edited);
}

} // namespace schedlab::gui
