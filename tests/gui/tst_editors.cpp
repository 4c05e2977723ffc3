// The editors' helpers as a student meets them: the form view of a script's options that
// follows the script and rewrites it, and the completion of #SBATCH options and Job fields.
#include "codeeditor.h"
#include "editorcompletion.h"
#include "scriptform.h"

#include <QLineEdit>
#include <QtTest>

using namespace schedlab::gui;

class TestEditors : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void optionsAreReadAsSbatchReadsThem()
    {
        const auto values = ScriptOptions::read(QStringLiteral("#!/bin/bash\n"
                                                               "#SBATCH -J premier\n"
                                                               "#SBATCH --time=00:02:00\n"
                                                               "#SBATCH --job-name=sommeil\n"
                                                               "#SBATCH -c 2\n"
                                                               "hostname\n"
                                                               "#SBATCH --mem=1G\n"));
        QCOMPARE(values.value("job-name"), QStringLiteral("sommeil")); // the last one wins
        QCOMPARE(values.value("time"), QStringLiteral("00:02:00"));
        QCOMPARE(values.value("cpus-per-task"), QStringLiteral("2"));
        QVERIFY(!values.contains("mem")); // after the first command: sbatch ignores it
    }

    void writingRewritesInsertsAndRemoves()
    {
        const QString script = QStringLiteral("#!/bin/bash\n#SBATCH -t 5\nhostname\n");
        QCOMPARE(ScriptOptions::write(script, "time", "00:02:00"),
                 QStringLiteral("#!/bin/bash\n#SBATCH --time=00:02:00\nhostname\n"));
        QCOMPARE(
            ScriptOptions::write(script, "job-name", "sommeil"),
            QStringLiteral("#!/bin/bash\n#SBATCH -t 5\n#SBATCH --job-name=sommeil\nhostname\n"));
        QCOMPARE(ScriptOptions::write(script, "time", ""),
                 QStringLiteral("#!/bin/bash\nhostname\n"));
        QCOMPARE(ScriptOptions::write(QStringLiteral("#!/bin/bash\nhostname\n"), "job-name", "a b"),
                 QStringLiteral("#!/bin/bash\n#SBATCH --job-name=\"a b\"\nhostname\n"));
        QCOMPARE(ScriptOptions::write(QString(), "mem", "1G"),
                 QStringLiteral("#SBATCH --mem=1G\n"));
    }

    void formFollowsTheScriptAndEditsIt()
    {
        CodeEditor editor(QStringLiteral("sommeil.sbatch"));
        ScriptForm form;
        connect(&editor, &QsciScintilla::textChanged, &form,
                [&] { form.showScript(editor.text()); });
        connect(&form, &ScriptForm::scriptEdited, &editor,
                [&](const QString &s) { editor.setText(s); });
        editor.setText(QStringLiteral("#!/bin/bash\n#SBATCH --output=sommeil-%j.out\nsleep 30\n"));
        QCOMPARE(form.field("output")->text(), QStringLiteral("sommeil-%j.out"));
        QTest::keyClicks(form.field("time"), QStringLiteral("2"));
        QCOMPARE(editor.text(), QStringLiteral("#!/bin/bash\n#SBATCH --output=sommeil-%j.out\n"
                                               "#SBATCH --time=2\nsleep 30\n"));
    }

    void sbatchOptionsAreCompleted()
    {
        CodeEditor editor(QStringLiteral("sommeil.sbatch"));
        EditorCompletion *completion = editor.completion();
        QVERIFY(completion);
        QStringList list = completion->candidates(QStringLiteral("#SBATCH --cpu"));
        QVERIFY(list.contains(QStringLiteral("--cpus-per-task=")));
        QVERIFY(!list.contains(QStringLiteral("--time=")));
        list = completion->candidates(QStringLiteral("#SBATCH --"));
        QVERIFY(list.contains(QStringLiteral("--exclusive"))); // takes no value: no "="
        QVERIFY(completion->candidates(QStringLiteral("hostname --")).isEmpty());
        editor.setText(QStringLiteral("#!/bin/bash\n#SBATCH --ti"));
        editor.setCursorPosition(1, 12);
        completion->accept(QStringLiteral("--time="));
        QCOMPARE(editor.text(), QStringLiteral("#!/bin/bash\n#SBATCH --time="));
    }

    void jobFieldsAreCompleted()
    {
        CodeEditor editor(QStringLiteral("sommeil-job.yaml"));
        EditorCompletion *completion = editor.completion();
        QVERIFY(completion);
        QVERIFY(completion->candidates(QStringLiteral("  backo"))
                    .contains(QStringLiteral("backoffLimit")));
        QVERIFY(completion->candidates(QStringLiteral("      restart"))
                    .contains(QStringLiteral("restartPolicy")));
        QVERIFY(completion->candidates(QStringLiteral("  image: bus")).isEmpty()); // a value
        editor.setText(QStringLiteral("spec:\n  backo"));
        editor.setCursorPosition(1, 7);
        completion->accept(QStringLiteral("backoffLimit"));
        QCOMPARE(editor.text(), QStringLiteral("spec:\n  backoffLimit: "));
        QVERIFY(!CodeEditor(QStringLiteral("notes.md")).completion());
    }
};

QTEST_MAIN(TestEditors)
#include "tst_editors.moc"
