// schedlab-cli grade, override and variant as an instructor runs them: real processes,
// real files, a real SQLite gradebook; and the command's own usage, as anyone first meets it.
#include "../common/testfiles.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using Run = schedlab::testing::CliRun;
using schedlab::testing::writeFile;

namespace {

Run cli(const QStringList &args)
{
    return schedlab::testing::runCli(args);
}

const QByteArray kScript =
    "#!/bin/bash\n#SBATCH --job-name=sommeil\n#SBATCH --output=sommeil-%j.out\n"
    "#SBATCH --time=00:02:00\n#SBATCH --cpus-per-task=1\n#SBATCH --mem=1G\n"
    "hostname\nsleep 30\n";

bool copyTree(const QString &from, const QString &to)
{
    QDir().mkpath(to);
    for (const QFileInfo &info :
         QDir(from).entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot)) {
        const QString target = to + u'/' + info.fileName();
        if (info.isDir() ? !copyTree(info.filePath(), target)
                         : !QFile::copy(info.filePath(), target))
            return false;
    }
    return true;
}

} // namespace

class TestGradeCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        dir_ = std::make_unique<QTemporaryDir>();
        classDir_ = dir_->filePath(QStringLiteral("classe"));
        writeFile(classDir_ + QStringLiteral("/s01-amelie/ex1/sommeil.sbatch"), kScript);
        writeFile(classDir_ + QStringLiteral("/s01-amelie/ex1/lignes.md"),
                  "Une directive après hostname est ignorée.\n");
        writeFile(classDir_ + QStringLiteral("/s02-bruno/sommeil.sbatch"), "#!/bin/sh\nhostname\n");
        writeFile(classDir_ + QStringLiteral("/s02-bruno/lignes.md"), "Je ne sais pas.\n");
    }

    void jsonForAClass()
    {
        const Run r = cli({QStringLiteral("grade"), QStringLiteral("--exercise"),
                           QStringLiteral("ex1"), classDir_});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray all = QJsonDocument::fromJson(r.out).array();
        QCOMPARE(all.size(), 2);
        const QJsonObject first = all[0].toObject();
        QCOMPARE(first[QStringLiteral("student")].toString(), QStringLiteral("s01-amelie"));
        QCOMPARE(first[QStringLiteral("exercise")].toString(), QStringLiteral("ex1"));
        QCOMPARE(first[QStringLiteral("rubric")].toString(), QStringLiteral("ex1@6"));
        QCOMPARE(first[QStringLiteral("max")].toDouble(), 15.0);
        const QJsonObject shebang = first[QStringLiteral("criteria")].toArray()[0].toObject();
        for (const char *key :
             {"id", "passed", "points", "max", "confidence", "review", "feedback", "evidence"})
            QVERIFY2(shebang.contains(QLatin1String(key)), key);
        QCOMPARE(shebang[QStringLiteral("evidence")].toString(),
                 QStringLiteral("ligne 1 : #!/bin/bash"));
        // The second student's files sit at the top level of their folder.
        QCOMPARE(all[1].toObject()[QStringLiteral("student")].toString(),
                 QStringLiteral("s02-bruno"));
        QVERIFY(all[1].toObject()[QStringLiteral("score")].toDouble() < 2);
    }

    void csvAndMarkdown()
    {
        const Run csv =
            cli({QStringLiteral("grade"), QStringLiteral("--exercise"), QStringLiteral("ex1"),
                 QStringLiteral("--format"), QStringLiteral("csv"), classDir_});
        QCOMPARE(csv.exitCode, 0);
        const QList<QByteArray> lines = csv.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines[0], QByteArray("student,exercise,ex1.script.shebang,ex1.script.directives,"
                                      "ex1.script.commands,ex1.script.no-late-directive,"
                                      "ex1.script.no-variable,ex1.script.only-given,"
                                      "ex1.lines.one-per-line,ex1.answer.late-directive,"
                                      "ex1.answer.time-rounding,ex1.answer.output-file,score,max,"
                                      "sur20,to_review"));
        QVERIFY2(lines[1].startsWith("s01-amelie,ex1,1,3,2,1,1,1,0,1,"), lines[1].constData());

        const QString out = dir_->filePath(QStringLiteral("notes"));
        const Run md = cli({QStringLiteral("grade"), QStringLiteral("--exercise"),
                            QStringLiteral("ex1"), QStringLiteral("--out"), out, classDir_});
        QCOMPARE(md.exitCode, 0);
        QFile sheet(out + QStringLiteral("/s01-amelie/ex1.md"));
        QVERIFY(sheet.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(sheet.readAll());
        QVERIFY(text.startsWith(QStringLiteral("# ex1 — s01-amelie\n\n**Note : 10 / 15**")));
        QVERIFY(text.contains(QStringLiteral("## ex1.script.shebang — réussi (1 / 1)")));
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("no folder") << QStringList{QStringLiteral("grade")} << "no folder to grade";
        QTest::newRow("unknown option")
            << QStringList{QStringLiteral("grade"), QStringLiteral("--bogus"), QStringLiteral(".")}
            << "unknown option --bogus";
        QTest::newRow("unknown exercise")
            << QStringList{QStringLiteral("grade"), QStringLiteral("--exercise"),
                           QStringLiteral("ex9"), QStringLiteral(".")}
            << "unknown exercise ex9";
        QTest::newRow("bad format")
            << QStringList{QStringLiteral("grade"), QStringLiteral("--format"),
                           QStringLiteral("xml"), QStringLiteral(".")}
            << "unknown format xml";
        QTest::newRow("missing folder")
            << QStringList{QStringLiteral("grade"), QStringLiteral("/nonexistent")}
            << "/nonexistent: no such file or folder";
    }

    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = cli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }

    void helpIsAnAnswerNotAnError_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected");
        QTest::newRow("--help") << QStringList{QStringLiteral("--help")} << "Usage: schedlab-cli";
        QTest::newRow("-h") << QStringList{QStringLiteral("-h")} << "shell [DIR]";
        QTest::newRow("sim --help") << QStringList{QStringLiteral("sim"), QStringLiteral("--help")}
                                    << "Usage: schedlab-cli sim FILE";
        QTest::newRow("shell --help")
            << QStringList{QStringLiteral("shell"), QStringLiteral("--help")} << "--cluster FILE";
        QTest::newRow("--version") << QStringList{QStringLiteral("--version")} << "schedlab-cli 0.";
    }

    void helpIsAnAnswerNotAnError()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        const Run r = cli(args);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(QString::fromUtf8(r.out).contains(expected), r.out.constData());
        QVERIFY(r.err.isEmpty());
    }

    void noCommandIsAUsageError()
    {
        const Run r = cli({});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.startsWith("Usage: schedlab-cli COMMAND"));
        QVERIFY(r.out.isEmpty());
    }

    // The README's own example names a folder the student may not have made yet: the shell
    // must say so at once instead of waiting on a bash that never started.
    void shellInAMissingFolderSaysSo_data()
    {
        QTest::addColumn<QString>("command");
        QTest::newRow("shell") << QStringLiteral("shell");
        QTest::newRow("serve") << QStringLiteral("serve");
    }

    void shellInAMissingFolderSaysSo()
    {
        QFETCH(QString, command);
        const QString missing = dir_->filePath(QStringLiteral("cours"));
        const Run r = cli(
            {command, missing, QStringLiteral("--state"), dir_->filePath(QStringLiteral("state"))});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(QString::fromUtf8(r.err),
                 QStringLiteral("schedlab-cli: %1: %2: no such folder\n").arg(command, missing));
        QVERIFY(!QFileInfo::exists(missing));
    }

    void brokenRubricNamesFileAndLine()
    {
        const QString rubrics = dir_->filePath(QStringLiteral("rubrics"));
        QVERIFY(copyTree(QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises"), rubrics));
        QFile f(rubrics + QStringLiteral("/ex1/rubric.yaml"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray text = f.readAll();
        f.close();
        text.replace("check: script.commands", "check: script.comands");
        writeFile(rubrics + QStringLiteral("/ex1/rubric.yaml"), text);
        const Run r =
            cli({QStringLiteral("grade"), QStringLiteral("--rubrics"), rubrics, classDir_});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(QRegularExpression(
                     QStringLiteral("ex1/rubric.yaml:\\d+: criterion ex1.script.commands: unknown "
                                    "check \"script.comands\""))),
                 r.err.constData());
    }

    void gradebookOverridesAndRegrades()
    {
        const QString db = dir_->filePath(QStringLiteral("notes.db"));
        const QStringList grade{QStringLiteral("grade"),
                                QStringLiteral("--exercise"),
                                QStringLiteral("ex1"),
                                QStringLiteral("--db"),
                                db,
                                classDir_};
        QCOMPARE(cli(grade).exitCode, 0);
        // An instructor decides on a criterion the grader failed.
        const Run o = cli({QStringLiteral("override"), QStringLiteral("--db"), db,
                           QStringLiteral("--student"), QStringLiteral("s01-amelie"),
                           QStringLiteral("--exercise"), QStringLiteral("ex1"),
                           QStringLiteral("--criterion"), QStringLiteral("ex1.lines.one-per-line"),
                           QStringLiteral("--points"), QStringLiteral("2"), QStringLiteral("--why"),
                           QStringLiteral("Explications données oralement"), QStringLiteral("--by"),
                           QStringLiteral("prof")});
        QVERIFY2(o.exitCode == 0, o.err.constData());
        const Run after = cli(grade);
        QCOMPARE(after.exitCode, 0);
        const QJsonObject s01 = QJsonDocument::fromJson(after.out).array()[0].toObject();
        QCOMPARE(s01[QStringLiteral("score")].toDouble(), 12.0);
        const QJsonObject lines = s01[QStringLiteral("criteria")].toArray()[6].toObject();
        QCOMPARE(lines[QStringLiteral("points")].toDouble(), 2.0);
        const QJsonObject by = lines[QStringLiteral("overridden")].toObject();
        QCOMPARE(by[QStringLiteral("by")].toString(), QStringLiteral("prof"));
        QCOMPARE(by[QStringLiteral("why")].toString(),
                 QStringLiteral("Explications données oralement"));
        QCOMPARE(by[QStringLiteral("was")].toDouble(), 0.0);

        // A new rubric version: the changes are shown, and nothing is saved without --save.
        const QString rubrics = dir_->filePath(QStringLiteral("rubrics2"));
        QVERIFY(copyTree(QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises"), rubrics));
        QFile f(rubrics + QStringLiteral("/ex1/rubric.yaml"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray text = f.readAll();
        f.close();
        text.replace("version: 6", "version: 7")
            .replace("    points: 3\n    check: script.directives",
                     "    points: 4\n    check: script.directives");
        writeFile(rubrics + QStringLiteral("/ex1/rubric.yaml"), text);
        QStringList regrade = grade;
        regrade << QStringLiteral("--rubrics") << rubrics;
        const Run dry = cli(regrade);
        QCOMPARE(dry.exitCode, 0);
        QVERIFY2(dry.err.contains("grade(s) would change; nothing was saved"), dry.err.constData());
        QVERIFY2(dry.err.contains(
                     "s01-amelie ex1: 10 -> 11 (ex1@6 -> ex1@7): ex1.script.directives : 3 → 4"),
                 dry.err.constData());
        QVERIFY(cli(regrade).err.contains("would change")); // still nothing saved
        QCOMPARE(cli(regrade << QStringLiteral("--save")).exitCode, 0);
        QVERIFY(!cli(regrade).err.contains("would change"));
    }

    void variantThenGrade()
    {
        const QString student = dir_->filePath(QStringLiteral("s07-chloe"));
        const Run v = cli({QStringLiteral("variant"), QStringLiteral("s07-chloe"),
                           QStringLiteral("--out"), student});
        QVERIFY2(v.exitCode == 0, v.err.constData());
        QFile statement(student + QStringLiteral("/ex2/enonce.md"));
        QVERIFY(statement.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(statement.readAll());
        QVERIFY(!text.contains(u'{'));
        QVERIFY(text.contains(QStringLiteral("JOBID PARTITION")));
        // Printing it without --out gives the same scenario as the one written.
        QFile yaml(student + QStringLiteral("/ex2/exercice2.yaml"));
        QVERIFY(yaml.open(QIODevice::ReadOnly));
        QCOMPARE(cli({QStringLiteral("variant"), QStringLiteral("s07-chloe")}).out, yaml.readAll());
    }

    void privateKeyNeverLeaves()
    {
        const QByteArray key =
            "-----BEGIN OPENSSH PRIVATE KEY-----\n"
            "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n"
            "QyNTUxOQAAACD1p4YfEb8Y+L6i1xeYs4FwZQB3AXC6LIaJbmJ0ZG7NzgAAAJDmIYxi5iGM\n"
            "-----END OPENSSH PRIVATE KEY-----\n";
        writeFile(classDir_ + QStringLiteral("/s01-amelie/ex4/acces.md"), "Ma clé :\n" + key);
        for (const char *format : {"json", "csv", "md"}) {
            const Run r = cli({QStringLiteral("grade"), QStringLiteral("--format"),
                               QLatin1String(format), classDir_});
            QCOMPARE(r.exitCode, 0);
            QVERIFY(!r.out.contains("b3BlbnNzaC1rZXktdjE"));
            QVERIFY(!r.err.contains("b3BlbnNzaC1rZXktdjE"));
        }
        const Run json = cli({QStringLiteral("grade"), QStringLiteral("--exercise"),
                              QStringLiteral("ex4"), classDir_ + QStringLiteral("/s01-amelie")});
        const QJsonObject ex4 = QJsonDocument::fromJson(json.out).array()[0].toObject();
        QCOMPARE(ex4[QStringLiteral("score")].toDouble(), 0.0);
    }

    void feedbackFilesForEveryStudentAndMoodle()
    {
        // A submission from Moodle's download beside the plain student folders.
        const QString lea = classDir_ + QStringLiteral("/Léa Petit_1111111_assignsubmission_file_");
        writeFile(lea + QStringLiteral("/sommeil.sbatch"), kScript);
        writeFile(lea + QStringLiteral("/lignes.md"), "[lien](http://example.org) <b>gras</b>\n");
        const QString out = dir_->filePath(QStringLiteral("retours"));
        const Run r = cli({QStringLiteral("grade"), QStringLiteral("--exercise"),
                           QStringLiteral("ex1"), QStringLiteral("--feedback"), out, classDir_});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.contains("3 feedback file(s) and feedback-moodle.zip written"),
                 r.err.constData());
        for (const char *name : {"s01-amelie.md", "s02-bruno.md", "lea-petit.md"})
            QVERIFY2(QFileInfo::exists(out + u'/' + QLatin1String(name)), name);
        QFile md(out + QStringLiteral("/lea-petit.md"));
        QVERIFY(md.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(md.readAll());
        QVERIFY2(text.contains(QStringLiteral("Léa Petit")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("Exercice 1")));
        QVERIFY(!text.contains(QStringLiteral("<b>"))); // the student's text stays text
        QVERIFY(!text.contains(u'{'));                  // no raw JSON

        // Only the LMS's participant is in Moodle's zip, under the name its importer reads.
        QFile zip(out + QStringLiteral("/feedback-moodle.zip"));
        QVERIFY(zip.open(QIODevice::ReadOnly));
        const QByteArray bytes = zip.readAll();
        QVERIFY(bytes.startsWith("PK\x03\x04"));
        QVERIFY(bytes.contains(
            QStringLiteral("Léa Petit_1111111_assignfeedback_file_lea-petit.md").toUtf8()));
        QVERIFY(!bytes.contains("s01-amelie"));

        const Run usage = cli({QStringLiteral("grade"), QStringLiteral("--feedback")});
        QCOMPARE(usage.exitCode, 2);
        QVERIFY(usage.err.contains("--feedback needs a value"));
    }

private:
    std::unique_ptr<QTemporaryDir> dir_;
    QString classDir_;
};

QTEST_GUILESS_MAIN(TestGradeCli)
#include "tst_gradecli.moc"
