// Completion lists. Options come from the mini-cluster's sbatch parser, so the editor offers
// exactly what sbatch accepts; a choice that takes a value is inserted with its "=".
#include "editorcompletion.h"

#include "sbatchparser.h"

#include "codeeditor.h" // QScintilla, included the way QT_NO_KEYWORDS needs
#include <QRegularExpression>
#include <QShortcut>

namespace schedlab::gui {

namespace {

constexpr int kListId = 7;

// The fields a student writes in a Job or a Deployment, scalar ones taking ": ".
const QStringList &manifestFields()
{
    static const QStringList fields{QStringLiteral("activeDeadlineSeconds"),
                                    QStringLiteral("apiVersion"),
                                    QStringLiteral("args"),
                                    QStringLiteral("backoffLimit"),
                                    QStringLiteral("command"),
                                    QStringLiteral("completions"),
                                    QStringLiteral("containers"),
                                    QStringLiteral("cpu"),
                                    QStringLiteral("env"),
                                    QStringLiteral("image"),
                                    QStringLiteral("imagePullPolicy"),
                                    QStringLiteral("kind"),
                                    QStringLiteral("labels"),
                                    QStringLiteral("limits"),
                                    QStringLiteral("matchLabels"),
                                    QStringLiteral("memory"),
                                    QStringLiteral("metadata"),
                                    QStringLiteral("name"),
                                    QStringLiteral("namespace"),
                                    QStringLiteral("parallelism"),
                                    QStringLiteral("replicas"),
                                    QStringLiteral("requests"),
                                    QStringLiteral("resources"),
                                    QStringLiteral("restartPolicy"),
                                    QStringLiteral("selector"),
                                    QStringLiteral("spec"),
                                    QStringLiteral("suspend"),
                                    QStringLiteral("template"),
                                    QStringLiteral("ttlSecondsAfterFinished"),
                                    QStringLiteral("value")};
    return fields;
}

const QStringList &sbatchChoices()
{
    static const QStringList choices = [] {
        QStringList list;
        for (const slurm::SbatchOptionName &o : slurm::sbatchOptionNames())
            list.append(QStringLiteral("--") + o.name + (o.takesValue ? QStringLiteral("=") : ""));
        return list;
    }();
    return choices;
}

} // namespace

EditorCompletion::EditorCompletion(QsciScintilla *editor, Kind kind)
    : QObject(editor)
    , editor_(editor)
    , kind_(kind)
{
    connect(editor_, &QsciScintillaBase::SCN_CHARADDED, this, &EditorCompletion::onCharAdded);
    connect(editor_, &QsciScintilla::userListActivated, this, [this](int id, const QString &text) {
        if (id == kListId)
            accept(text);
    });
    auto *shortcut = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Space), editor_);
    shortcut->setContext(Qt::WidgetShortcut);
    connect(shortcut, &QShortcut::activated, this, &EditorCompletion::complete);
}

QStringList EditorCompletion::candidates(const QString &line, int *prefixLength) const
{
    QStringList out;
    QString prefix;
    if (kind_ == Kind::Script) {
        static const QRegularExpression option(QStringLiteral("^#SBATCH\\s+.*?(--?[\\w-]*)$"));
        const auto m = option.match(line);
        if (!m.hasMatch())
            return out;
        prefix = m.captured(1);
        for (const QString &c : sbatchChoices())
            if (c.startsWith(prefix.startsWith(QLatin1String("--")) ? prefix
                                                                    : QStringLiteral("--")))
                out.append(c);
    } else {
        static const QRegularExpression key(QStringLiteral("^\\s*(?:- )?([A-Za-z]*)$"));
        const auto m = key.match(line);
        if (!m.hasMatch())
            return out;
        prefix = m.captured(1);
        for (const QString &f : manifestFields())
            if (f.startsWith(prefix, Qt::CaseInsensitive) && f != prefix)
                out.append(f);
    }
    if (prefixLength)
        *prefixLength = int(prefix.size());
    return out;
}

QString EditorCompletion::lineBeforeCursor() const
{
    int line = 0, index = 0;
    editor_->getCursorPosition(&line, &index);
    // `index` counts bytes in UTF-8 mode; the text before it is what matters.
    const QByteArray bytes = editor_->text(line).toUtf8().left(index);
    return QString::fromUtf8(bytes);
}

bool EditorCompletion::complete()
{
    const QStringList list = candidates(lineBeforeCursor());
    if (list.isEmpty())
        return false;
    editor_->showUserList(kListId, list);
    return true;
}

void EditorCompletion::accept(const QString &choice)
{
    int prefixLength = 0;
    candidates(lineBeforeCursor(), &prefixLength);
    int line = 0, index = 0;
    editor_->getCursorPosition(&line, &index);
    const QString before = lineBeforeCursor();
    const int startIndex = int(before.left(before.size() - prefixLength).toUtf8().size());
    QString insert = choice;
    if (kind_ == Kind::Manifest)
        insert += QStringLiteral(": ");
    editor_->setSelection(line, startIndex, line, index);
    editor_->replaceSelectedText(insert);
}

void EditorCompletion::onCharAdded(int ch)
{
    // Only at the moments a list helps: after a dash of an #SBATCH option, or while typing
    // a YAML key's first letters.
    if (kind_ == Kind::Script && ch != '-')
        return;
    if (kind_ == Kind::Manifest && !QChar(ch).isLetter())
        return;
    const QString before = lineBeforeCursor();
    if (kind_ == Kind::Script && !before.endsWith(QLatin1String("--")))
        return;
    complete();
}

} // namespace schedlab::gui
