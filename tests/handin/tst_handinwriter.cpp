// "Rendre mon travail": the summary the student reads, the zip written, then read back as the
// instructor's grader reads it (SafeZip, the manifest, every SHA-256).
#include "../common/testfiles.h"
#include "exercise2.h"
#include "grader.h"
#include "handinwriter.h"
#include "safezip.h"
#include "scenario.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <sys/stat.h>

using namespace schedlab;
using namespace schedlab::handin;
using schedlab::testing::writeFile;

namespace {

const QByteArray kScript = "#!/bin/bash\n#SBATCH --job-name=sommeil\n#SBATCH --time=00:01:00\n"
                           "sleep 30\n";
const QByteArray kKey = "-----BEGIN OPENSSH PRIVATE KEY-----\n"
                        "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n"
                        "-----END OPENSSH PRIVATE KEY-----\n";

StudentIdentity camille()
{
    StudentIdentity id;
    id.name = QStringLiteral("Camille Durand");
    id.number = QStringLiteral("21 004 567");
    id.group = QStringLiteral("G2");
    id.members << GroupMember{QStringLiteral("21004568"), QStringLiteral("Léa Martin")};
    return id;
}

ExamHandIn handedInExam()
{
    ExamHandIn exam;
    exam.state = ExamStatus::HandedIn;
    exam.paper = QStringLiteral("# Examen\n\n## Question 1\n\nLe job attend : Resources.\n");
    exam.report = "{\n    \"handed_in_by\": \"time-ran-out\"\n}\n";
    exam.handedInAt = QDateTime(QDate(2025, 1, 20), QTime(10, 30), QTimeZone::utc());
    exam.kind = ExamHandInKind::TimeRanOut;
    exam.sha256 = QString::fromLatin1(
        QCryptographicHash::hash(exam.paper.toUtf8(), QCryptographicHash::Sha256).toHex());
    return exam;
}

QByteArray onDisk(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestHandInWriter : public QObject
{
    Q_OBJECT

    grader::RubricSet rubrics_;
    std::unique_ptr<QTemporaryDir> workspace_;
    QTemporaryDir out_;

    QString ws(const QString &relative) const { return workspace_->filePath(relative); }

    HandInInput input() const
    {
        HandInInput in;
        in.workspaceRoot = workspace_->path();
        in.rubrics = rubrics_.rubrics;
        in.identity = camille();
        return in;
    }

private Q_SLOTS:
    void initTestCase()
    {
        rubrics_ = grader::loadRubrics(QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises"));
        QVERIFY2(rubrics_.error.isEmpty(), qPrintable(rubrics_.error));
        QVERIFY(rubrics_.find(QStringLiteral("examen")));
    }

    // A workspace as a student leaves it: ex1 done, ex2 left blank, ex3 and solo never opened,
    // ex4 and groupe done, an editor's leftover and an old folder in ex1.
    void init()
    {
        workspace_ = std::make_unique<QTemporaryDir>();
        writeFile(ws(QStringLiteral("ex1/sommeil.sbatch")), kScript);
        writeFile(ws(QStringLiteral("ex1/lignes.md")), "1. `#!/bin/bash` : l'interpréteur\n");
        writeFile(ws(QStringLiteral("ex1/.lignes.md.swp")), "junk");
        writeFile(ws(QStringLiteral("ex1/ancien/lignes.md")), "old");
        writeFile(ws(QStringLiteral("ex2/decision.md")), "  \n\n\t\n");
        writeFile(ws(QStringLiteral("ex2/exercice2.yaml")),
                  onDisk(QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises/ex2/scenario.yaml")));
        writeFile(ws(QStringLiteral("ex4/acces.md")), "Clé créée le 3 janvier.\n");
        writeFile(ws(QStringLiteral("groupe/comparaison.md")),
                  "Slurm attend, Kubernetes réessaie.\n");
        writeFile(ws(QStringLiteral("groupe/sommeil.sbatch")), kScript);
        // A paper exported earlier: the exam's deliverable comes from the exam, never from here.
        writeFile(ws(QStringLiteral("examen/examen.md")), "# Examen\n\nancienne copie\n");
    }

    void summaryListsEachDeliverable()
    {
        HandInInput in = input();
        in.exam = handedInExam();
        const HandInPlan plan = planHandIn(in);
        QVERIFY2(plan.ok(), qPrintable(plan.refusal));
        QCOMPARE(plan.defaultFileName, QStringLiteral("21004567-camille-durand.zip"));
        const auto status = [&plan](const char *exercise) {
            const Deliverable *d = plan.deliverable(QLatin1String(exercise));
            return d ? d->status : DeliverableStatus(-1);
        };
        QCOMPARE(status("ex1"), DeliverableStatus::Included);
        QCOMPARE(status("ex2"), DeliverableStatus::Empty);
        QCOMPARE(status("ex3"), DeliverableStatus::Missing);
        QCOMPARE(status("ex4"), DeliverableStatus::Included);
        QCOMPARE(status("solo"), DeliverableStatus::Missing);
        QCOMPARE(status("groupe"), DeliverableStatus::Included);
        QCOMPARE(status("examen"), DeliverableStatus::Included);
        const Deliverable *ex1 = plan.deliverable(QStringLiteral("ex1"));
        QCOMPARE(ex1->files, (QStringList{QStringLiteral("ex1/lignes.md"),
                                          QStringLiteral("ex1/sommeil.sbatch")}));
        QCOMPARE(ex1->skipped,
                 (QStringList{QStringLiteral("ex1/.lignes.md.swp"), QStringLiteral("ex1/ancien")}));
        QCOMPARE(plan.deliverable(QStringLiteral("ex2"))->emptyFiles,
                 QStringList{QStringLiteral("ex2/decision.md")});
        QCOMPARE(
            plan.deliverable(QStringLiteral("ex3"))->missingFiles,
            (QStringList{QStringLiteral("ex3/refus.md"), QStringLiteral("ex3/sommeil-job.yaml")}));
        // What the student reads before confirming.
        const QString summary = plan.summaryText();
        QVERIFY2(summary.startsWith(QStringLiteral("Hand-in of Camille Durand (21 004 567)\n")),
                 qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("\nex1: included (lignes.md, sommeil.sbatch)\n")),
                 qPrintable(summary));
        QVERIFY(summary.contains(QStringLiteral("\nex2: empty (decision.md, exercice2.yaml)\n")));
        QVERIFY(summary.contains(QStringLiteral("\nex3: missing\n")));
        QVERIFY(summary.contains(
            QStringLiteral("\nexamen: included (examen.md, examen-rapport.json)")));
        QVERIFY(plan.warnings.isEmpty());
    }

    void writtenZipReadsBackWithEveryHash()
    {
        HandInInput in = input();
        in.exam = handedInExam();
        const QDateTime now(QDate(2025, 1, 20), QTime(11, 0), QTimeZone::utc());
        const HandInPlan plan = planHandIn(in, now);
        const HandInResult written = writeHandIn(plan, out_.filePath(plan.defaultFileName));
        QVERIFY2(written.ok, qPrintable(written.error));
        QCOMPARE(written.files, 9);

        ZipProblem problem;
        auto zip = SafeZip::open(out_.path(), plan.defaultFileName, ZipLimits::handIn(), &problem);
        QVERIFY2(zip, qPrintable(problem.text()));
        QVERIFY(zip->clean());
        QCOMPARE(zip->commonTopFolder(), QString()); // the layout the grader reads, at the top
        QMap<QString, QByteArray> files;
        for (const QString &name : zip->names()) {
            const auto bytes = zip->read(name, &problem);
            QVERIFY2(bytes, qPrintable(problem.text()));
            files.insert(name, *bytes);
        }
        QCOMPARE(files.keys(),
                 (QStringList{
                     QStringLiteral("ex1/lignes.md"), QStringLiteral("ex1/sommeil.sbatch"),
                     QStringLiteral("ex2/decision.md"), QStringLiteral("ex2/exercice2.yaml"),
                     QStringLiteral("ex4/acces.md"), QStringLiteral("examen/examen-rapport.json"),
                     QStringLiteral("examen/examen.md"), QStringLiteral("groupe/comparaison.md"),
                     QStringLiteral("groupe/sommeil.sbatch"), QStringLiteral("manifest.json")}));
        QCOMPARE(files.value(QStringLiteral("ex1/sommeil.sbatch")), kScript);
        QCOMPARE(files.value(QStringLiteral("examen/examen.md")), in.exam->paper.toUtf8());
        QCOMPARE(files.value(QStringLiteral("examen/examen-rapport.json")), in.exam->report);

        QString error;
        const auto manifest =
            Manifest::fromJson(files.value(QStringLiteral("manifest.json")), &error);
        QVERIFY2(manifest, qPrintable(error));
        QCOMPARE(manifest->formatVersion, Manifest::kFormatVersion);
        QCOMPARE(manifest->student, camille());
        QCOMPARE(manifest->created, now);
        QVERIFY(!manifest->appVersion.isEmpty());
        QCOMPARE(manifest->rubrics.value(QStringLiteral("ex1")), QStringLiteral("ex1@6"));
        QCOMPARE(manifest->rubrics.size(), rubrics_.rubrics.size());
        QVERIFY(manifest->exercise2);
        QCOMPARE(manifest->exercise2->path, QStringLiteral("ex2/exercice2.yaml"));
        QString scenarioError;
        const auto scenario = readScenario(files.value(QStringLiteral("ex2/exercice2.yaml")),
                                           QStringLiteral("exercice2.yaml"), &scenarioError);
        QVERIFY(scenario);
        QCOMPARE(manifest->exercise2->seed, scenario->seed);
        QCOMPARE(manifest->exercise2->variantOf,
                 QString::fromLatin1(grader::variantSeed(QStringLiteral("21004567")).toHex()));
        QCOMPARE(manifest->exam.status, ExamStatus::HandedIn);
        QCOMPARE(manifest->exam.kind, ExamHandInKind::TimeRanOut);
        QCOMPARE(manifest->exam.handedInAt, in.exam->handedInAt);
        QCOMPARE(manifest->exam.paperSha256, in.exam->sha256);
        QCOMPARE(manifest->exam.paperPath, QStringLiteral("examen/examen.md"));
        QCOMPARE(manifest->file(QStringLiteral("ex1/sommeil.sbatch"))->size, kScript.size());

        // Every file as its SHA-256 says; a changed, a removed and an added file are named.
        const ManifestCheck check = manifest->verify(files);
        QVERIFY(check.ok());
        QMap<QString, QByteArray> tampered = files;
        tampered[QStringLiteral("ex1/lignes.md")] += "ajout";
        tampered.remove(QStringLiteral("ex4/acces.md"));
        tampered.insert(QStringLiteral("ex3/refus.md"), "copié");
        const ManifestCheck bad = manifest->verify(tampered);
        QCOMPARE(bad.differing, QStringList{QStringLiteral("ex1/lignes.md")});
        QCOMPARE(bad.missing, QStringList{QStringLiteral("ex4/acces.md")});
        QCOMPARE(bad.extra, QStringList{QStringLiteral("ex3/refus.md")});
    }

    void examIsHandedInOnlyOnceHandedIn()
    {
        HandInInput in = input();
        const HandInPlan none = planHandIn(in);
        QCOMPARE(none.deliverable(QStringLiteral("examen"))->status, DeliverableStatus::Missing);
        QVERIFY(none.summaryText().contains(
            QStringLiteral("examen: missing — The exam has not been started.")));
        QCOMPARE(none.manifest.exam.status, ExamStatus::Absent);

        ExamHandIn running = handedInExam();
        running.state = ExamStatus::InProgress;
        in.exam = running;
        const HandInPlan plan = planHandIn(in);
        QVERIFY(plan.ok());
        for (const ZipEntry &e : plan.entries)
            QVERIFY2(!e.path.startsWith(QLatin1String("examen/")), qPrintable(e.path));
        const Deliverable *exam = plan.deliverable(QStringLiteral("examen"));
        QCOMPARE(exam->status, DeliverableStatus::Missing);
        QVERIFY(exam->files.isEmpty());
        QVERIFY2(plan.summaryText().contains(QStringLiteral(
                     "examen: missing — The exam is in progress: nothing of it is handed in")),
                 qPrintable(plan.summaryText()));
        QCOMPARE(plan.manifest.exam.status, ExamStatus::InProgress);
        QVERIFY(plan.manifest.exam.paperSha256.isEmpty());
        QVERIFY(writeHandIn(plan, out_.filePath(QStringLiteral("running.zip"))).ok);
        ZipProblem problem;
        auto zip = SafeZip::open(out_.path(), QStringLiteral("running.zip"), ZipLimits::handIn(),
                                 &problem);
        QVERIFY(zip);
        QVERIFY(!zip->contains(QStringLiteral("examen/examen.md")));

        // A paper with headings only is handed in, and said to be empty.
        ExamHandIn blank = handedInExam();
        blank.paper = QStringLiteral("# Examen\n\n## Question 1\n\n## Question 2\n");
        in.exam = blank;
        QCOMPARE(planHandIn(in).deliverable(QStringLiteral("examen"))->status,
                 DeliverableStatus::Empty);
    }

    void privateKeyStopsTheHandIn()
    {
        writeFile(ws(QStringLiteral("ex4/id_ed25519")), kKey);
        const HandInPlan plan = planHandIn(input());
        QVERIFY(!plan.ok());
        QCOMPARE(plan.refusal,
                 QStringLiteral("ex4/id_ed25519 holds a private key: remove it before "
                                "handing in. A private key never leaves your "
                                "laptop."));
        QVERIFY(plan.entries.isEmpty());
        QVERIFY(plan.summaryText().endsWith(QStringLiteral("Nothing can be handed in: ") +
                                            plan.refusal));
        const QString zip = out_.filePath(QStringLiteral("key.zip"));
        const HandInResult written = writeHandIn(plan, zip);
        QVERIFY(!written.ok);
        QCOMPARE(written.error, plan.refusal);
        QVERIFY(!QFile::exists(zip));

        // Pasted into the exam's paper, too.
        QFile::remove(ws(QStringLiteral("ex4/id_ed25519")));
        HandInInput in = input();
        in.exam = handedInExam();
        in.exam->paper += QString::fromLatin1(kKey);
        QVERIFY(planHandIn(in).refusal.startsWith(
            QStringLiteral("examen/examen.md holds a private key")));
    }

    void linksAndSpecialFilesStopTheHandIn()
    {
        QVERIFY(QFile::link(QStringLiteral("/etc/passwd"), ws(QStringLiteral("ex1/lien.md"))));
        HandInPlan plan = planHandIn(input());
        QCOMPARE(plan.refusal, QStringLiteral("ex1/lien.md is a symbolic link: put the file itself "
                                              "in the folder before handing in."));
        QVERIFY(!writeHandIn(plan, out_.filePath(QStringLiteral("link.zip"))).ok);
        QVERIFY(!QFile::exists(out_.filePath(QStringLiteral("link.zip"))));
        QFile::remove(ws(QStringLiteral("ex1/lien.md")));

        // An exercise folder that is a link to somewhere else.
        QTemporaryDir elsewhere;
        writeFile(elsewhere.filePath(QStringLiteral("refus.md")), "ailleurs\n");
        QVERIFY(QFile::link(elsewhere.path(), ws(QStringLiteral("ex3"))));
        plan = planHandIn(input());
        QVERIFY2(plan.refusal.startsWith(QStringLiteral("The folder ex3 is a symbolic link")),
                 qPrintable(plan.refusal));
        QFile::remove(ws(QStringLiteral("ex3")));

        QCOMPARE(::mkfifo(QFile::encodeName(ws(QStringLiteral("ex4/tube"))).constData(), 0600), 0);
        plan = planHandIn(input());
        QCOMPARE(plan.refusal, QStringLiteral("ex4/tube is not a regular file: move it out of the "
                                              "exercise folder before handing in."));
        QFile::remove(ws(QStringLiteral("ex4/tube")));

        writeFile(ws(QStringLiteral("ex4/trace.log")), QByteArray((1 << 20) + 1, 'x'));
        plan = planHandIn(input());
        QVERIFY2(plan.refusal.startsWith(QStringLiteral("ex4/trace.log is too large (1048577 "
                                                        "bytes)")),
                 qPrintable(plan.refusal));
        QFile::remove(ws(QStringLiteral("ex4/trace.log")));
        QVERIFY(planHandIn(input()).ok());
    }

    void incompleteIdentityIsWrittenWithAWarning()
    {
        HandInInput in = input();
        in.identity = StudentIdentity{};
        in.identity.name = QStringLiteral("etudiant");
        const HandInPlan plan = planHandIn(in);
        QVERIFY(plan.ok());
        QCOMPARE(plan.defaultFileName, QStringLiteral("etudiant.zip"));
        QCOMPARE(plan.warnings.size(), 1);
        QVERIFY(plan.summaryText().contains(QStringLiteral("(no student number)")));
    }

    void manifestFromAHandInIsCheckedField_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("error");
        QTest::newRow("not json") << QByteArray("{\"format\": 1,")
                                  << "manifest.json is not valid JSON";
        QTest::newRow("array") << QByteArray("[1]") << "manifest.json is not a JSON object";
        QTest::newRow("format")
            << QByteArray("{\"format\": \"1\"}")
            << "manifest.json: the field \"format\" must be a whole number, 0 or more";
        QTest::newRow("student") << QByteArray(
                                        "{\"format\": 1, \"student\": {\"number\": 21004567}}")
                                 << "manifest.json: the field \"student.number\" must be a string";
        QTest::newRow("files") << QByteArray("{\"format\": 1, \"files\": {}}")
                               << "manifest.json: the field \"files\" must be a list";
        QTest::newRow("sha256")
            << QByteArray("{\"format\": 1, \"files\": [{\"path\": \"ex1/a\", \"size\": 1, "
                          "\"sha256\": \"zz\"}]}")
            << "manifest.json: the field \"files[0].sha256\" must be 64 lower-case hexadecimal "
               "digits";
        QTest::newRow("size")
            << QByteArray("{\"format\": 1, \"files\": [{\"path\": \"a\", \"size\": "
                          "-3}]}")
            << "manifest.json: the field \"files[0].size\" must be a whole number, 0 or more";
        QTest::newRow("exam") << QByteArray("{\"format\": 1, \"exam\": {\"state\": \"done\"}}")
                              << "manifest.json: the field \"exam.state\" must be \"absent\", "
                                 "\"in-progress\" or \"handed-in\"";
        QTest::newRow("date") << QByteArray("{\"format\": 1, \"created\": \"yesterday\"}")
                              << "manifest.json: the field \"created\" is not a date (ISO 8601)";
        QTest::newRow("huge") << QByteArray("{\"x\": \"") + QByteArray(Manifest::kMaxBytes, 'a') +
                                     "\"}"
                              << "manifest.json is larger";
    }

    void manifestFromAHandInIsCheckedField()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, error);
        QString got;
        QVERIFY(!Manifest::fromJson(json, &got));
        QVERIFY2(got.startsWith(error), qPrintable(got));
    }

    void manifestIgnoresUnknownKeysAndReadsTheOldFormat()
    {
        QString error;
        const auto future = Manifest::fromJson(
            "{\"format\": 2, \"student\": {\"name\": \"Ana\", \"number\": \"7\", \"eyes\": 2}, "
            "\"hologram\": [1, 2]}",
            &error);
        QVERIFY2(future, qPrintable(error));
        QCOMPARE(future->formatVersion, 2);
        QCOMPARE(future->student.number, QStringLiteral("7"));
        const auto old = Manifest::fromJson(
            "{\"student\": \"s01\", \"created\": \"2024-05-01T10:00:00Z\", \"files\": []}", &error);
        QVERIFY2(old, qPrintable(error));
        QCOMPARE(old->formatVersion, 0);
        QCOMPARE(old->student.name, QStringLiteral("s01"));
        QCOMPARE(old->exam.status, ExamStatus::Absent);
    }
};

QTEST_GUILESS_MAIN(TestHandInWriter)
#include "tst_handinwriter.moc"
