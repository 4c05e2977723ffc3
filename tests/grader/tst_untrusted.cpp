// A class folder is untrusted: links, FIFOs, devices, huge files and hostile names left by a
// student never make `schedlab-cli grade` or `release` read, quote or overwrite the
// instructor's files, hang, or blow up; spreadsheets and terminals get inert text.
#include "grader.h"
#include "report.h"
#include "submission.h"

#include "../common/testfiles.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

using Run = schedlab::testing::CliRun;
using schedlab::testing::writeFile;

namespace {

// A hang shows as finished == false after 30 s, never as a test stuck for ever.
Run cli(const QStringList &args)
{
    return schedlab::testing::runCli(args, 30000);
}

QByteArray onDisk(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("(missing)");
}

void link(const QString &target, const QString &path)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile::remove(path); // the student replaces a file handed in by a link
    if (::symlink(QFile::encodeName(target).constData(), QFile::encodeName(path).constData()) != 0)
        qFatal("cannot link %s", qPrintable(path));
}

const QByteArray kScript =
    "#!/bin/bash\n#SBATCH --job-name=sommeil\n#SBATCH --output=sommeil-%j.out\n"
    "#SBATCH --time=00:02:00\n#SBATCH --cpus-per-task=1\n#SBATCH --mem=1G\n"
    "hostname\nsleep 30\n";

// What the instructor's own files hold: it must never appear in any output.
const QByteArray kSecret = "#!/bin/bash\n#SBATCH --job-name=INSTRUCTOR-SECRET-7f3a\nhostname\n";

const QByteArray kPrivateKey =
    "-----BEGIN OPENSSH PRIVATE KEY-----\n"
    "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n"
    "QyNTUxOQAAACD1p4YfEb8Y+L6i1xeYs4FwZQB3AXC6LIaJbmJ0ZG7NzgAAAJDmIYxi5iGM\n"
    "-----END OPENSSH PRIVATE KEY-----\n";

// The exam paper of tests/gui/tst_exam.cpp, which the exam rubric grades in full with no
// criterion under review: `release` goes as far as writing the result.
const QByteArray kPaper =
    "# Examen\n\n## Question 1\n\n"
    "Le job attend à cause de la priorité : son fairshare est très bas, donc sa priorité est "
    "faible, et les autres jobs en attente, plus prioritaires, passent devant lui.\n\n"
    "Quand l'usage récent diminue, le fairshare remonte : la priorité du job augmente, il "
    "gagne des places dans la file et peut partir plus tôt.\n\n"
    "Les nœuds libres et la limite de temps inférieure à celle de la partition ne suffisent "
    "pas à le faire partir : ce n'est pas la raison de l'attente.\n\n## Question 2\n\n"
    "Le Deployment porte le service, qui répond en continu sur un port. Le job Slurm porte la "
    "conversion, qui s'exécute une fois puis s'arrête.\n\n"
    "Si la conversion sortait avec le code 0, le Deployment relancerait le conteneur "
    "(restartPolicy Always) : la conversion tournerait en boucle.\n\n## Question 3\n\n"
    "Le fichier s'appelle sommeil-17.out, dans le répertoire d'où sbatch a été lancé. Il peut "
    "déjà contenir la ligne écrite par hostname : le nom du nœud.\n\n"
    "La commande scancel 17 arrête ce job, et lui seul.\n\n"
    "Le code 0 de sbatch dit seulement que le contrôleur a accepté le script et l'a mis en "
    "file ; il ne dit rien de la fin du travail.\n";

QJsonObject criterion(const QByteArray &json, const QString &id)
{
    for (const QJsonValue &r : QJsonDocument::fromJson(json).array())
        for (const QJsonValue &c : r.toObject().value(QLatin1String("criteria")).toArray())
            if (c.toObject().value(QLatin1String("id")).toString() == id)
                return c.toObject();
    return {};
}

} // namespace

class TestUntrusted : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        dir_ = std::make_unique<QTemporaryDir>();
        classDir_ = dir_->filePath(QStringLiteral("classe"));
        home_ = dir_->filePath(QStringLiteral("instructeur"));
        writeFile(home_ + QStringLiteral("/notes.txt"), "the instructor's notes\n");
        writeFile(home_ + QStringLiteral("/secret.sbatch"), kSecret);
        writeFile(classDir_ + QStringLiteral("/s01-amelie/ex1/sommeil.sbatch"), kScript);
        writeFile(classDir_ + QStringLiteral("/s01-amelie/ex1/lignes.md"),
                  "Une directive après hostname est ignorée.\n");
    }

    // --- writing through a student's link -------------------------------------------------

    void releaseNeverWritesThroughALink()
    {
        writeFile(classDir_ + QStringLiteral("/s02-bruno/examen/examen.md"), kPaper);
        link(home_ + QStringLiteral("/notes.txt"),
             classDir_ + QStringLiteral("/s02-bruno/examen/examen-resultat.json"));
        writeFile(classDir_ + QStringLiteral("/s03-chloe/examen/examen.md"), kPaper);
        // The papers answer the real exam: graded with the instructor's rubric.
        const QString rubrics = QStringLiteral(SCHEDLAB_SOURCE_DIR "/instructor");
        const Run r =
            cli({QStringLiteral("release"), QStringLiteral("--rubrics"), rubrics, classDir_});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(onDisk(home_ + QStringLiteral("/notes.txt")),
                 QByteArray("the instructor's notes\n"));
        QVERIFY2(r.err.contains("s02-bruno/examen/examen-resultat.json") &&
                     r.err.contains("symbolic link"),
                 r.err.constData());
        // The other paper is released as usual.
        QVERIFY2(QJsonDocument::fromJson(
                     onDisk(classDir_ + QStringLiteral("/s03-chloe/examen/examen-resultat.json")))
                     .isObject(),
                 r.err.constData());

        // With --out: a link where the student's result folder goes is not followed either.
        const QString out = dir_->filePath(QStringLiteral("rendus"));
        link(home_, out + QStringLiteral("/s03-chloe"));
        const Run o = cli({QStringLiteral("release"), QStringLiteral("--rubrics"), rubrics,
                           QStringLiteral("--out"), out, classDir_});
        QCOMPARE(o.exitCode, 1);
        QVERIFY(!QFile::exists(home_ + QStringLiteral("/examen-resultat.json")));
        QVERIFY2(o.err.contains("s03-chloe is a symbolic link"), o.err.constData());
    }

    void gradeOutNeverWritesThroughALink()
    {
        // --out is the class folder itself: each sheet lands in the student's folder.
        link(home_ + QStringLiteral("/notes.txt"),
             classDir_ + QStringLiteral("/s01-amelie/ex1.md"));
        const Run r = cli({QStringLiteral("grade"), QStringLiteral("--exercise"),
                           QStringLiteral("ex1"), QStringLiteral("--out"), classDir_, classDir_});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(onDisk(home_ + QStringLiteral("/notes.txt")),
                 QByteArray("the instructor's notes\n"));
        QVERIFY2(r.err.contains("s01-amelie/ex1.md") && r.err.contains("symbolic link"),
                 r.err.constData());
    }

    // --- reading through a student's link -------------------------------------------------

    void aLinkedFileIsNamedNeverQuoted()
    {
        link(home_ + QStringLiteral("/secret.sbatch"),
             classDir_ + QStringLiteral("/s02-bruno/ex1/sommeil.sbatch"));
        writeFile(classDir_ + QStringLiteral("/s02-bruno/ex1/lignes.md"), "Je ne sais pas.\n");
        const QString db = dir_->filePath(QStringLiteral("notes.sqlite"));
        for (const char *format : {"json", "csv", "md"}) {
            const Run r =
                cli({QStringLiteral("grade"), QStringLiteral("--exercise"), QStringLiteral("ex1"),
                     QStringLiteral("--format"), QLatin1String(format), QStringLiteral("--db"), db,
                     QStringLiteral("--save"), classDir_});
            QVERIFY(r.finished);
            QCOMPARE(r.exitCode, 0);
            QVERIFY2(!r.out.contains("INSTRUCTOR-SECRET") && !r.err.contains("INSTRUCTOR-SECRET"),
                     r.out.constData());
        }
        QVERIFY(!onDisk(db).contains("INSTRUCTOR-SECRET"));
        const Run json = cli({QStringLiteral("grade"), QStringLiteral("--exercise"),
                              QStringLiteral("ex1"), classDir_ + QStringLiteral("/s02-bruno")});
        const QString feedback = criterion(json.out, QStringLiteral("ex1.script.shebang"))
                                     .value(QLatin1String("feedback"))
                                     .toString();
        QVERIFY2(feedback.contains(
                     QStringLiteral("sommeil.sbatch est un lien symbolique : il n'a pas été lu.")),
                 qPrintable(feedback));
    }

    void aLinkedExerciseFolderIsNotRead()
    {
        link(home_, classDir_ + QStringLiteral("/s02-bruno/ex1"));
        QFile::copy(home_ + QStringLiteral("/secret.sbatch"),
                    home_ + QStringLiteral("/sommeil.sbatch"));
        const Run r = cli({QStringLiteral("grade"), QStringLiteral("--exercise"),
                           QStringLiteral("ex1"), QStringLiteral("--format"), QStringLiteral("md"),
                           classDir_ + QStringLiteral("/s02-bruno")});
        QVERIFY(r.finished);
        QVERIFY2(!r.out.contains("INSTRUCTOR-SECRET"), r.out.constData());
        QVERIFY2(r.out.contains("ex1 est un lien symbolique"), r.out.constData());
    }

    void aStudentFolderThatIsALinkIsReportedNotGraded()
    {
        writeFile(home_ + QStringLiteral("/corrige/ex1/sommeil.sbatch"), kSecret);
        writeFile(home_ + QStringLiteral("/corrige/ex1/lignes.md"), "INSTRUCTOR-SECRET answer\n");
        link(home_ + QStringLiteral("/corrige"), classDir_ + QStringLiteral("/s09-zoe"));
        const Run r = cli({QStringLiteral("grade"), QStringLiteral("--exercise"),
                           QStringLiteral("ex1"), classDir_});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 1);
        QVERIFY(!r.out.contains("INSTRUCTOR-SECRET"));
        QVERIFY2(r.err.contains("s09-zoe: a symbolic link: it was not graded"), r.err.constData());
        const QJsonArray all = QJsonDocument::fromJson(r.out).array();
        QCOMPARE(all.size(), 1); // s01 only
        QCOMPARE(all[0].toObject().value(QLatin1String("student")).toString(),
                 QStringLiteral("s01-amelie"));
    }

    // What the instructor's window uses: the same finder and reader, no CLI in between.
    void theLibraryReportsLinksByName()
    {
        using namespace schedlab::grader;
        link(home_, classDir_ + QStringLiteral("/s09-zoe"));
        link(home_ + QStringLiteral("/secret.sbatch"),
             classDir_ + QStringLiteral("/s02-bruno/ex1/sommeil.sbatch"));
        writeFile(home_ + QStringLiteral("/ex1/sommeil.sbatch"), kSecret);
        const RubricSet set = loadRubrics(defaultExercisesDir());
        QVERIFY2(set.error.isEmpty(), qPrintable(set.error));
        const QList<StudentFolder> students = findStudents({classDir_}, set.rubrics);
        QCOMPARE(students.size(), 3);
        QCOMPARE(students[2].id, QStringLiteral("s09-zoe"));
        QVERIFY(students[2].problem.contains(QStringLiteral("symbolic link")));
        QVERIFY(exercisesIn(students[2], set.rubrics).isEmpty());
        QVERIFY(exerciseDir(students[2], *set.find(QStringLiteral("ex1"))).isEmpty());
        QByteArray hash;
        const ExerciseResult zoe =
            gradeStudentExercise(students[2], *set.find(QStringLiteral("ex1")), &hash);
        QVERIFY(!zoe.error.isEmpty() && zoe.criteria.isEmpty());

        // The evidence pane reads a file the same way: named, not shown.
        const SubmittedFile f = readSubmittedFile(classDir_ + QStringLiteral("/s02-bruno/ex1"),
                                                  QStringLiteral("sommeil.sbatch"));
        QVERIFY(f.present);
        QVERIFY(f.text.isEmpty() && f.bytes.isEmpty());
        QCOMPARE(f.error,
                 QStringLiteral("sommeil.sbatch est un lien symbolique : il n'a pas été lu."));
    }

    void terminalSafeAndCsvCells()
    {
        using namespace schedlab::grader;
        QCOMPARE(terminalSafe(QStringLiteral("a\tb\nc")), QStringLiteral("a\tb\nc"));
        QCOMPARE(terminalSafe(QStringLiteral("x\x1b[31my\r\u202e\u2066\u200b\u0085")),
                 QStringLiteral("x\\u{1b}[31my\\u{d}\\u{202e}\\u{2066}\\u{200b}\\u{85}"));
        QCOMPARE(terminalSafe(QString::fromUcs4(U"tag\U000E0041")),
                 QStringLiteral("tag\\u{e0041}"));
        QCOMPARE(csvCell(QStringLiteral("s01")), QStringLiteral("s01"));
        QCOMPARE(csvCell(QStringLiteral("=1+2")), QStringLiteral("'=1+2"));
        QCOMPARE(csvCell(QStringLiteral("a,b")), QStringLiteral("\"a,b\""));
    }

    // --- special and huge files ----------------------------------------------------------

    void aFifoNeverHangs()
    {
        const QString fifo = classDir_ + QStringLiteral("/s02-bruno/ex1/sommeil.sbatch");
        QDir().mkpath(QFileInfo(fifo).absolutePath());
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0644), 0);
        QCOMPARE(
            ::mkfifo(
                QFile::encodeName(classDir_ + QStringLiteral("/s02-bruno/ex1/autre")).constData(),
                0644),
            0); // not expected: the key scan passes it by
        const Run r = cli({QStringLiteral("grade"), QStringLiteral("--exercise"),
                           QStringLiteral("ex1"), classDir_ + QStringLiteral("/s02-bruno")});
        QVERIFY2(r.finished, "schedlab-cli grade hangs on a FIFO");
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(criterion(r.out, QStringLiteral("ex1.script.shebang"))
                     .value(QLatin1String("feedback"))
                     .toString()
                     .contains(QStringLiteral("sommeil.sbatch n'est pas un fichier ordinaire")),
                 r.out.constData());

        // The exam's hand-in report as a FIFO: the paper is not released, nothing hangs.
        writeFile(classDir_ + QStringLiteral("/s03-chloe/examen/examen.md"), kPaper);
        QCOMPARE(::mkfifo(QFile::encodeName(classDir_ +
                                            QStringLiteral("/s03-chloe/examen/examen-rapport.json"))
                              .constData(),
                          0644),
                 0);
        const Run rel = cli({QStringLiteral("release"), classDir_ + QStringLiteral("/s03-chloe")});
        QVERIFY2(rel.finished, "schedlab-cli release hangs on a FIFO");
        QCOMPARE(rel.exitCode, 1);
        QVERIFY2(rel.err.contains("examen-rapport.json: not a regular file"), rel.err.constData());
    }

    void aLinkToDevZeroIsNotRead()
    {
        link(QStringLiteral("/dev/zero"), classDir_ + QStringLiteral("/s01-amelie/ex1/lignes.md"));
        link(QStringLiteral("/dev/zero"), classDir_ + QStringLiteral("/s01-amelie/ex1/zero"));
        const Run r = cli({QStringLiteral("grade"), QStringLiteral("--exercise"),
                           QStringLiteral("ex1"), classDir_});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("lignes.md est un lien symbolique"), r.out.constData());

        writeFile(classDir_ + QStringLiteral("/s02-bruno/examen/examen.md"), kPaper);
        link(QStringLiteral("/dev/zero"),
             classDir_ + QStringLiteral("/s02-bruno/examen/examen-rapport.json"));
        const Run rel = cli({QStringLiteral("release"), classDir_ + QStringLiteral("/s02-bruno")});
        QVERIFY(rel.finished);
        QCOMPARE(rel.exitCode, 1);
        QVERIFY2(rel.err.contains("examen-rapport.json: is a symbolic link"), rel.err.constData());
    }

    void aHugeSparseFileIsNotRead()
    {
        const qint64 twoGiB = qint64(2) << 30;
        for (const char *path : {"/s01-amelie/ex1/lignes.md", "/s01-amelie/ex1/journal.log",
                                 "/s02-bruno/examen/examen-rapport.json"}) {
            const QString file = classDir_ + QLatin1String(path);
            QDir().mkpath(QFileInfo(file).absolutePath());
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QVERIFY(f.resize(twoGiB)); // sparse: no disk used
        }
        writeFile(classDir_ + QStringLiteral("/s02-bruno/examen/examen.md"), kPaper);
        const Run r = cli({QStringLiteral("grade"), QStringLiteral("--exercise"),
                           QStringLiteral("ex1"), classDir_ + QStringLiteral("/s01-amelie")});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("lignes.md est trop gros (2147483648 octets)"), r.out.constData());
        const Run rel = cli({QStringLiteral("release"), classDir_ + QStringLiteral("/s02-bruno")});
        QVERIFY(rel.finished);
        QCOMPARE(rel.exitCode, 1);
        QVERIFY2(rel.err.contains("examen-rapport.json: too large"), rel.err.constData());
        // The largest of the CLI children: reading either file whole would take gigabytes.
        // The bound leaves room for AddressSanitizer's shadow memory and quarantine (about
        // 200 MiB under the sanitize build, 20 MiB without it).
        rusage usage{};
        QCOMPARE(::getrusage(RUSAGE_CHILDREN, &usage), 0);
        const long peakMiB = usage.ru_maxrss / 1024;
        qInfo("peak RSS of the schedlab-cli children: %ld MiB", peakMiB);
        QVERIFY2(peakMiB < 512, qPrintable(QString::number(peakMiB)));
    }

    // --- private keys --------------------------------------------------------------------

    void theKeyScanDoesNotFollowALink()
    {
        // A real private key of the instructor's, and a student's link to it.
        writeFile(home_ + QStringLiteral("/.ssh/id_ed25519"), kPrivateKey);
        writeFile(classDir_ + QStringLiteral("/s02-bruno/ex4/acces.md"),
                  "Demande faite le 2025-05-02.\nClé : ~/.ssh/id_ed25519.pub\n");
        link(home_ + QStringLiteral("/.ssh/id_ed25519"),
             classDir_ + QStringLiteral("/s02-bruno/ex4/cle"));
        link(home_ + QStringLiteral("/.ssh/id_ed25519"),
             classDir_ + QStringLiteral("/s02-bruno/ex4/id_ed25519.pub"));
        const Run r = cli({QStringLiteral("grade"), QStringLiteral("--exercise"),
                           QStringLiteral("ex4"), classDir_ + QStringLiteral("/s02-bruno")});
        QVERIFY(r.finished);
        QVERIFY(!r.out.contains("b3BlbnNzaC1rZXktdjE"));
        // The link is not the student's key: the criterion passes, naming no file.
        const QJsonObject noKey = criterion(r.out, QStringLiteral("ex4.no-private-key"));
        QVERIFY2(noKey.value(QLatin1String("passed")).toBool(), r.out.constData());
    }

    // --- hostile names and text ----------------------------------------------------------

    void csvCellsAreNeverFormulas_data()
    {
        QTest::addColumn<QString>("student");
        QTest::addColumn<QByteArray>("cell");
        QTest::newRow("=") << QStringLiteral("=1+2") << QByteArray("'=1+2,");
        QTest::newRow("+") << QStringLiteral("+cmd") << QByteArray("'+cmd,");
        QTest::newRow("-") << QStringLiteral("-2+3") << QByteArray("'-2+3,");
        QTest::newRow("@") << QStringLiteral("@SUM(A1)") << QByteArray("'@SUM(A1),");
        QTest::newRow("tab") << QStringLiteral("\t=1") << QByteArray("'\t=1,");
        QTest::newRow("cr") << QStringLiteral("\r=1") << QByteArray("'\\u{d}=1,");
        QTest::newRow("comma") << QStringLiteral("=HYPERLINK(\"x\",\"y\")")
                               << QByteArray("\"'=HYPERLINK(\"\"x\"\",\"\"y\"\")\",");
    }

    void csvCellsAreNeverFormulas()
    {
        QFETCH(QString, student);
        QFETCH(QByteArray, cell);
        writeFile(classDir_ + u'/' + student + QStringLiteral("/ex1/sommeil.sbatch"), kScript);
        const Run r =
            cli({QStringLiteral("grade"), QStringLiteral("--exercise"), QStringLiteral("ex1"),
                 QStringLiteral("--format"), QStringLiteral("csv"), classDir_});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("\n" + cell + "ex1,"), r.out.constData());
        for (const QByteArray &line : r.out.split('\n'))
            QVERIFY2(line.isEmpty() || !QByteArray("=+-@\t\r").contains(line.at(0)),
                     line.constData());
    }

    void controlCharactersNeverReachTheTerminal()
    {
        // ESC sequences (retitle the terminal, clear it) and a right-to-left override in the
        // line the grader quotes, and in the student's folder name.
        const QString student = QStringLiteral("s0\x1b[2J9-eve");
        writeFile(classDir_ + u'/' + student + QStringLiteral("/ex1/sommeil.sbatch"),
                  "#!/bin/bash \x1b]0;pwned\x07 \xe2\x80\xae"
                  "exe.txt\xc2\x9b\n" +
                      kScript.mid(12));
        const QString one = classDir_ + u'/' + student;
        const Run md =
            cli({QStringLiteral("grade"), QStringLiteral("--exercise"), QStringLiteral("ex1"),
                 QStringLiteral("--format"), QStringLiteral("md"), one});
        QCOMPARE(md.exitCode, 0);
        for (const QByteArray &bad : {QByteArray("\x1b"), QByteArray("\x07"),
                                      QByteArray("\xe2\x80\xae"), QByteArray("\xc2\x9b")})
            QVERIFY2(!md.out.contains(bad), md.out.constData());
        QVERIFY2(md.out.contains("\\u{1b}]0;pwned\\u{7}") && md.out.contains("\\u{202e}exe.txt") &&
                     md.out.contains("# ex1 — s0\\u{1b}[2J9-eve"),
                 md.out.constData());

        const Run json = cli(
            {QStringLiteral("grade"), QStringLiteral("--exercise"), QStringLiteral("ex1"), one});
        QCOMPARE(json.exitCode, 0);
        for (const QByteArray &bad : {QByteArray("\x1b"), QByteArray("\x07"),
                                      QByteArray("\xe2\x80\xae"), QByteArray("\xc2\x9b")})
            QVERIFY2(!json.out.contains(bad), json.out.constData());
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(json.out, &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        // Escaped, not lost: a script reading the JSON gets the student's text back.
        const QJsonObject first = doc.array()[0].toObject();
        QCOMPARE(first.value(QLatin1String("student")).toString(), student);
        QVERIFY(criterion(json.out, QStringLiteral("ex1.script.shebang"))
                    .value(QLatin1String("evidence"))
                    .toString()
                    .contains(QStringLiteral("\x1b]0;pwned\x07 \u202e")));
    }

private:
    std::unique_ptr<QTemporaryDir> dir_;
    QString classDir_, home_;
};

QTEST_GUILESS_MAIN(TestUntrusted)
#include "tst_untrusted.moc"
