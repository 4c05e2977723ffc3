// What an instructor opens: class folders, hand-in zips, Moodle's downloads (both layouts,
// as a folder or as the class zip), online text, duplicates, hostile zips, and groups.
#include "classintake.h"
#include "gradingplan.h"
#include "manifest.h"
#include "zipwriter.h"

#include "../common/testfiles.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QTemporaryDir>
#include <QtTest>

using namespace schedlab;
using namespace schedlab::handin;
using schedlab::testing::writeFile;

namespace {

const QByteArray kScript = "#!/bin/bash\n#SBATCH --job-name=sommeil\n#SBATCH "
                           "--output=sommeil-%j.out\n#SBATCH --time=00:01:00\nhostname\nsleep "
                           "30\n";
const QByteArray kLines = "#!/bin/bash : le shebang.\n";

grader::RubricSet rubrics()
{
    return grader::loadRubrics(QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises"));
}

QByteArray manifestFor(const QString &number, const QString &name, const QList<ZipEntry> &files,
                       const QString &group = QString(), const QList<GroupMember> &members = {})
{
    Manifest m;
    m.student.number = number;
    m.student.name = name;
    m.student.group = group;
    m.student.members = members;
    for (const ZipEntry &e : files)
        m.files << ManifestFile{
            e.path, e.bytes.size(),
            QString::fromLatin1(
                QCryptographicHash::hash(e.bytes, QCryptographicHash::Sha256).toHex())};
    return m.toJson();
}

// A SchedLab hand-in: ex1's two files (and the group project when asked) and a manifest.
QByteArray handInZip(const QString &number, const QString &name, const QString &group = QString(),
                     const QList<GroupMember> &members = {}, const QByteArray &project = kScript)
{
    QList<ZipEntry> files{{QStringLiteral("ex1/sommeil.sbatch"), kScript},
                          {QStringLiteral("ex1/lignes.md"), kLines}};
    if (!group.isEmpty())
        files << ZipEntry{QStringLiteral("groupe/sommeil.sbatch"), project};
    QList<ZipEntry> all = files;
    all << ZipEntry{QStringLiteral("manifest.json"),
                    manifestFor(number, name, files, group, members)};
    QString error;
    const auto bytes = zipInMemory(all, &error);
    if (!bytes)
        qFatal("zip: %s", qPrintable(error));
    return *bytes;
}

QByteArray zipOf(const QList<ZipEntry> &entries)
{
    QString error;
    const auto bytes = zipInMemory(entries, &error);
    if (!bytes)
        qFatal("zip: %s", qPrintable(error));
    return *bytes;
}

QStringList keys(const ClassIntake &intake)
{
    QStringList out;
    for (const ClassHandIn &h : intake.handIns())
        out << h.key;
    out.sort();
    return out;
}

QString reasons(const ClassIntake &intake)
{
    QStringList out;
    for (const NotGraded &n : intake.notGraded())
        out << n.source + QStringLiteral(": ") + n.reason;
    return out.join(u'\n');
}

const ClassHandIn *find(const ClassIntake &intake, const QString &key)
{
    for (const ClassHandIn &h : intake.handIns())
        if (h.key == key)
            return &h;
    return nullptr;
}

} // namespace

class TestClassIntake : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void plainClassFolder()
    {
        QTemporaryDir dir;
        writeFile(dir.filePath("s01-amelie/ex1/sommeil.sbatch"), kScript);
        writeFile(dir.filePath("s02-bruno/sommeil.sbatch"), kScript);
        const ClassIntake intake = ClassIntake::open({dir.path()}, rubrics().rubrics);
        QCOMPARE(keys(intake), (QStringList{"s01-amelie", "s02-bruno"}));
        QVERIFY2(intake.notGraded().isEmpty(), qPrintable(reasons(intake)));
        QVERIFY(intake.extractedRoot().isEmpty()); // nothing to extract
    }

    void folderOfHandInZips()
    {
        QTemporaryDir dir;
        writeFile(dir.filePath("21004567-camille-durand.zip"),
                  handInZip("21 004 567", "Camille Durand"));
        writeFile(dir.filePath("s02-bruno/ex1/sommeil.sbatch"), kScript);
        const ClassIntake intake = ClassIntake::open({dir.path()}, rubrics().rubrics);
        QCOMPARE(keys(intake), (QStringList{"21004567", "s02-bruno"}));
        const ClassHandIn *camille = find(intake, "21004567");
        QVERIFY(camille && camille->manifest);
        QCOMPARE(camille->name(), QStringLiteral("Camille Durand"));
        QCOMPARE(camille->folder.variantKey, QStringLiteral("21004567"));
        QVERIFY2(camille->flags.isEmpty(), qPrintable(camille->flags.join(u'\n')));
        QVERIFY(camille->folder.dir.startsWith(intake.extractedRoot()));
        QVERIFY(QFileInfo::exists(camille->folder.dir + "/ex1/sommeil.sbatch"));
    }

    void oneZipByName()
    {
        QTemporaryDir dir;
        writeFile(dir.filePath("rendu.zip"), handInZip("42", "Zoé Roux"));
        const ClassIntake intake =
            ClassIntake::open({dir.filePath("rendu.zip")}, rubrics().rubrics);
        QCOMPARE(keys(intake), QStringList{"42"});
    }

    void moodleFolderLayout()
    {
        QTemporaryDir dir;
        writeFile(dir.filePath("Camille Durand_1234567_assignsubmission_file_/"
                               "21004567-camille-durand.zip"),
                  handInZip("21004567", "Camille Durand"));
        // The LMS says one name, the manifest another: graded, and flagged.
        writeFile(dir.filePath("Alex Martin_7654321_assignsubmission_file_/alex.zip"),
                  handInZip("21009999", "Alexandre Martin"));
        // Files uploaded one by one, no zip, no manifest.
        writeFile(dir.filePath("Léa Petit_1111111_assignsubmission_file_/sommeil.sbatch"), kScript);
        writeFile(dir.filePath("Léa Petit_1111111_assignsubmission_file_/lignes.md"), kLines);
        writeFile(dir.filePath("Zoé Roux_2222222_assignsubmission_onlinetext_/onlinetext.html"),
                  "<p>mon travail</p>");
        const ClassIntake intake = ClassIntake::open({dir.path()}, rubrics().rubrics);
        QCOMPARE(keys(intake), (QStringList{"21004567", "21009999", "participant-1111111"}));
        const ClassHandIn *camille = find(intake, "21004567");
        QCOMPARE(camille->lms->participantId, QStringLiteral("1234567"));
        QCOMPARE(camille->lms->fullName, QStringLiteral("Camille Durand"));
        QVERIFY2(camille->flags.isEmpty(), qPrintable(camille->flags.join(u'\n')));
        const ClassHandIn *alex = find(intake, "21009999");
        QVERIFY(alex->flags.join(u' ').contains("the manifest names Alexandre Martin"));
        const ClassHandIn *lea = find(intake, "participant-1111111");
        QCOMPARE(lea->name(), QStringLiteral("Léa Petit"));
        QVERIFY(lea->flags.join(u' ').contains("no manifest"));
        QCOMPARE(intake.notGraded().size(), 1);
        QVERIFY(intake.notGraded().first().reason.contains("online-text"));
        QVERIFY(intake.notGraded().first().source.contains("Zoé Roux"));
    }

    void moodleFlatLayout()
    {
        QTemporaryDir dir;
        writeFile(dir.filePath("Camille Durand_1234567_assignsubmission_file_21004567.zip"),
                  handInZip("21004567", "Camille Durand"));
        writeFile(dir.filePath("Léa Petit_1111111_assignsubmission_file_sommeil.sbatch"), kScript);
        writeFile(dir.filePath("Léa Petit_1111111_assignsubmission_file_lignes.md"), kLines);
        const ClassIntake intake = ClassIntake::open({dir.path()}, rubrics().rubrics);
        QCOMPARE(keys(intake), (QStringList{"21004567", "participant-1111111"}));
        const ClassHandIn *lea = find(intake, "participant-1111111");
        QVERIFY(QFileInfo::exists(lea->folder.dir + "/sommeil.sbatch"));
        QVERIFY(QFileInfo::exists(lea->folder.dir + "/lignes.md"));
        QVERIFY2(intake.notGraded().isEmpty(), qPrintable(reasons(intake)));
    }

    void classZipOfFoldersOfZips()
    {
        QTemporaryDir dir;
        const QByteArray classZip =
            zipOf({{QStringLiteral("Camille Durand_1234567_assignsubmission_file_/camille.zip"),
                    handInZip("21004567", "Camille Durand")},
                   {QStringLiteral("Alex Martin_7654321_assignsubmission_file_/alex.zip"),
                    handInZip("21009999", "Alex Martin")}});
        writeFile(dir.filePath("L3-devoir.zip"), classZip);
        QString root;
        {
            const ClassIntake intake =
                ClassIntake::open({dir.filePath("L3-devoir.zip")}, rubrics().rubrics);
            QCOMPARE(keys(intake), (QStringList{"21004567", "21009999"}));
            QVERIFY2(intake.notGraded().isEmpty(), qPrintable(reasons(intake)));
            root = intake.extractedRoot();
            QVERIFY(QFileInfo(root).isDir());
            QCOMPARE(QFileInfo(root).permissions() & (QFile::ReadOther | QFile::ReadGroup),
                     QFileDevice::Permissions());
        }
        QVERIFY2(!QFileInfo::exists(root), "the private folder is removed with the intake");
    }

    void handInUnderOneTopFolder()
    {
        QTemporaryDir dir;
        writeFile(dir.filePath("rendu.zip"),
                  zipOf({{QStringLiteral("MonRendu/ex1/sommeil.sbatch"), kScript},
                         {QStringLiteral("MonRendu/ex1/lignes.md"), kLines}}));
        const ClassIntake intake =
            ClassIntake::open({dir.filePath("rendu.zip")}, rubrics().rubrics);
        QCOMPARE(keys(intake), QStringList{"rendu"});
        QVERIFY(intake.handIns().first().folder.dir.endsWith("/MonRendu"));
    }

    void duplicateNumbersAreReported()
    {
        QTemporaryDir dir;
        writeFile(dir.filePath("a.zip"), handInZip("21004567", "Camille Durand"));
        writeFile(dir.filePath("b.zip"), handInZip("21 004 567", "Camille Durand"));
        writeFile(dir.filePath("c.zip"), handInZip("21000001", "Bruno Blanc"));
        const ClassIntake intake = ClassIntake::open({dir.path()}, rubrics().rubrics);
        QCOMPARE(keys(intake), QStringList{"21000001"});
        QCOMPARE(intake.notGraded().size(), 2);
        QVERIFY(reasons(intake).contains("a.zip"));
        QVERIFY(reasons(intake).contains("b.zip"));
    }

    void hostileZipsAreReportedAndOthersGraded()
    {
        QTemporaryDir dir;
        writeFile(dir.filePath("class/evil.zip"),
                  zipOf({{QStringLiteral("../evil"), "pwned"},
                         {QStringLiteral("ex1/sommeil.sbatch"), kScript}}));
        writeFile(dir.filePath("class/corrupt.zip"), "PK\x03\x04 this is not a zip at all");
        writeFile(dir.filePath("class/good.zip"), handInZip("21000001", "Bruno Blanc"));
        const ClassIntake intake = ClassIntake::open({dir.filePath("class")}, rubrics().rubrics);
        QCOMPARE(keys(intake), QStringList{"21000001"});
        QCOMPARE(intake.notGraded().size(), 2);
        QVERIFY(reasons(intake).contains("evil.zip"));
        QVERIFY(reasons(intake).contains("corrupt.zip"));
        QVERIFY(!QFileInfo::exists(dir.filePath("evil")));
        QVERIFY(!QFileInfo::exists(QFileInfo(intake.extractedRoot()).absolutePath() + "/evil"));
    }

    void groupProjectGradedOnceAndShared()
    {
        QTemporaryDir dir;
        const QList<GroupMember> pair{{"21000002", "Bruno Blanc"}};
        writeFile(dir.filePath("a.zip"), handInZip("21000001", "Ana Noir", "G7", pair));
        writeFile(dir.filePath("b.zip"),
                  handInZip("21000002", "Bruno Blanc", "G7", {{"21000001", "Ana Noir"}}));
        const grader::RubricSet set = rubrics();
        const ClassIntake intake = ClassIntake::open({dir.path()}, set.rubrics);
        const GradingPlan plan = planGrading(intake, set, QStringLiteral("all"));
        int groupTasks = 0;
        for (const GradingTask &t : plan.tasks)
            groupTasks += t.rubric->exercise == QLatin1String(kGroupExercise);
        QCOMPARE(groupTasks, 1);
        QCOMPARE(plan.shares.size(), 1);
        QCOMPARE(plan.shares.first().memberKeys.size(), 1);
        QVERIFY(plan.flags.isEmpty());
        QList<grader::ExerciseResult> results;
        for (const GradingTask &t : plan.tasks) {
            QByteArray hash;
            results << grader::gradeStudentExercise(intake.handIns()[t.handIn].folder, *t.rubric,
                                                    &hash);
        }
        const QList<grader::ExerciseResult> all = withGroupShares(plan, results);
        QStringList groupStudents;
        for (const grader::ExerciseResult &r : all)
            if (r.exercise == QLatin1String(kGroupExercise))
                groupStudents << r.student;
        groupStudents.sort();
        QCOMPARE(groupStudents, (QStringList{"21000001", "21000002"}));
    }

    void divergingGroupHandInsAreFlagged()
    {
        QTemporaryDir dir;
        writeFile(dir.filePath("a.zip"), handInZip("21000001", "Ana Noir", "G7"));
        writeFile(dir.filePath("b.zip"),
                  handInZip("21000002", "Bruno Blanc", "G7", {}, kScript + "# autre\n"));
        const grader::RubricSet set = rubrics();
        const ClassIntake intake = ClassIntake::open({dir.path()}, set.rubrics);
        const GradingPlan plan = planGrading(intake, set, QStringLiteral("all"));
        QCOMPARE(plan.flags.size(), 2);
        QVERIFY(plan.flags.value(0).join(u' ').contains("differ"));
    }
};

QTEST_GUILESS_MAIN(TestClassIntake)
#include "tst_classintake.moc"
