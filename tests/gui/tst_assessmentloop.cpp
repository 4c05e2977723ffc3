// The assessment loop end to end (issue 16): two students work in the real app (identity,
// exercise 1 in its editors, the practice exam handed in, "Rendre mon travail"), their zips
// are laid out as Moodle's "Download all submissions" beside a third student's plain folder,
// and the class is graded from the CLI (summary, Moodle worksheet) and in instructor mode
// (the folder and the class zip); then the same class with hostile zips beside it.
#include "classgrading.h"
#include "classsummary.h"
#include "codeeditor.h"
#include "exampage.h"
#include "examsession.h"
#include "exercisepage.h"
#include "grader.h"
#include "handindialog.h"
#include "instructorpage.h"
#include "mainwindow.h"
#include "studentdialog.h"
#include "workspace.h"
#include "zipwriter.h"

#include "../common/testfiles.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeWidget>
#include <QtEndian>
#include <QtTest>

#include <cmath>
#include <memory>

using namespace schedlab;
using namespace schedlab::gui;
using schedlab::testing::writeFile;

namespace {

const QString kClassData = QStringLiteral(SCHEDLAB_TEST_DATA "/instructor/classe");
const QString kExercises = QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises");

// Answers to the practice paper an instructor would accept (as in tst_exam).
const char kPractice1[] =
    "Slurm compte --time en minutes : il arrondit les 30 secondes à la minute supérieure, le "
    "job a donc une minute. À l'échéance, le script reçoit SIGTERM, puis SIGKILL s'il tourne "
    "encore. sacct affichera l'état TIMEOUT.";
const char kPractice2[] =
    "Oui : le backfill le lance tout de suite sur le nœud libre, car ses 10 minutes finissent "
    "avant le départ réservé du job 31, dans 15 minutes.\n\nAvec une limite de 30 minutes, il "
    "resterait en attente, car il déborderait sur le départ réservé du job 31.";
const char kPractice3[] =
    "squeue affiche calcul.sbatch, le nom du fichier : la ligne --job-name est sous hostname, "
    "et elle n'est plus lue, car la lecture des directives s'arrête à la première commande.\n\n"
    "La colonne TIME montre le temps écoulé depuis le départ du job, pas la limite.";

// One student of the class, as the LMS and the app know them.
struct Student
{
    QString name;
    QString number; // as typed in the app
    QString participantId;
    QString ex1From;         // the class data folder whose ex1 files they type
    QStringList examAnswers; // empty: no exam
    // What results are filed under: the number, else the LMS participant (no manifest).
    QString key() const
    {
        return number.isEmpty() ? QStringLiteral("participant-") + participantId
                                : handin::normaliseStudentNumber(number);
    }
    QString moodleFolder() const
    {
        return name + u'_' + participantId + QStringLiteral("_assignsubmission_file_");
    }
};

const Student kCamille{
    QStringLiteral("Camille Durand"),
    QStringLiteral("21004567"),
    QStringLiteral("501"),
    QStringLiteral("s01-amelie"),
    {QString::fromUtf8(kPractice1), QString::fromUtf8(kPractice2), QString::fromUtf8(kPractice3)}};
const Student kElodie{
    QStringLiteral("Élodie N'Diaye"),
    QStringLiteral("21 004 568"),
    QStringLiteral("502"),
    QStringLiteral("s02-bruno"),
    {QString::fromUtf8(kPractice1), QStringLiteral("Je ne sais pas."), QString()}};
// Handed in a plain folder through Moodle (no app, no manifest): the untouched starting files.
const Student kJean{QStringLiteral("Jean Pierre Martin"),
                    QString(),
                    QStringLiteral("503"),
                    QStringLiteral("s04-david"),
                    {}};
// In the worksheet, handed in nothing.
const Student kZoe{QStringLiteral("Zoé Lefèvre"), QString(), QStringLiteral("504"), QString(), {}};

QByteArray onDisk(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

struct Run
{
    bool finished = false;
    int exitCode = -1;
    QByteArray out;
    QString err;
};

// The real schedlab-cli, its temporary files in `tmpDir` when given.
Run cli(const QStringList &args, const QString &tmpDir = QString())
{
    QProcess p;
    if (!tmpDir.isEmpty()) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("TMPDIR"), tmpDir);
        p.setProcessEnvironment(env);
    }
    p.start(QStringLiteral(SCHEDLAB_CLI), args);
    Run r;
    r.finished = p.waitForFinished(180000);
    if (!r.finished) {
        p.kill();
        p.waitForFinished(5000);
    }
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

// The worksheet as Moodle's "Download grading worksheet" writes it (OpenSpout: UTF-8 with a
// BOM, ',', LF, a field quoted when it holds a space), with the given Grade cells.
QByteArray worksheet(const QStringList &grades)
{
    const QString text =
        QStringLiteral(
            "\uFEFF"
            "Identifier,\"Full name\",\"Email address\",Status,Grade,\"Maximum Grade\",\"Grade "
            "can be changed\",\"Last modified (submission)\",\"Online text\",\"Last modified "
            "(grade)\",\"Feedback comments\"\n"
            "\"Participant 501\",\"Camille Durand\",camille.durand@etu.example.org,\"Submitted "
            "for grading\",%1,100.00,Yes,\"Tuesday, 1 December 2026, 10:12 AM\",,-,\n"
            "\"Participant 502\",\"Élodie N'Diaye\",elodie.ndiaye@etu.example.org,\"Submitted for "
            "grading\",%2,100.00,Yes,\"Tuesday, 1 December 2026, 11:40 AM\",,-,\n"
            "\"Participant 503\",\"Jean Pierre Martin\",jp.martin@etu.example.org,\"Submitted for "
            "grading\",%3,100.00,Yes,\"Monday, 30 November 2026, 9:05 PM\",,-,\n"
            "\"Participant 504\",\"Zoé Lefèvre\",zoe.lefevre@etu.example.org,\"No "
            "submission\",%4,100.00,Yes,-,,-,\n")
            .arg(grades.value(0), grades.value(1), grades.value(2), grades.value(3));
    return text.toUtf8();
}

// Moodle's rule for a grade: 2 decimals, trailing zeros dropped.
QString twoDecimals(double value, QChar decimal = u'.')
{
    QString text = QString::number(std::round(value * 100.0) / 100.0, 'f', 2);
    while (text.endsWith(u'0'))
        text.chop(1);
    if (text.endsWith(u'.'))
        text.chop(1);
    return text.replace(u'.', decimal);
}

// One CSV line split at `separator` (fields quoted with '"', no line breaks inside).
QStringList splitCsvLine(const QString &line, QChar separator)
{
    QStringList fields{QString()};
    bool quoted = false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (c == u'"' && quoted && i + 1 < line.size() && line[i + 1] == u'"') {
            fields.last() += c;
            ++i;
        } else if (c == u'"') {
            quoted = !quoted;
        } else if (c == separator && !quoted) {
            fields << QString();
        } else {
            fields.last() += c;
        }
    }
    return fields;
}

// The French summary: its header, and one row per student by their Moodle id.
struct Summary
{
    QStringList header;
    QHash<QString, QStringList> byLmsId;
    QList<QStringList> rows;
    QString cell(const QString &lmsId, const QString &column) const
    {
        return byLmsId.value(lmsId).value(header.indexOf(column));
    }
};

Summary parseFrenchSummary(const QByteArray &bytes)
{
    Summary s;
    QString text = QString::fromUtf8(bytes.mid(3));
    const QStringList lines = text.remove(u'\r').split(u'\n', Qt::SkipEmptyParts);
    if (lines.isEmpty())
        return s;
    s.header = splitCsvLine(lines.first(), u';');
    for (const QString &line : lines.mid(1)) {
        const QStringList row = splitCsvLine(line, u';');
        s.rows << row;
        s.byLmsId.insert(row.value(s.header.indexOf(QStringLiteral("id Moodle"))), row);
    }
    return s;
}

// Every file below `dir` (relative paths), links not followed.
QStringList filesBelow(const QString &dir)
{
    QStringList out;
    QDirIterator it(dir, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        out << QDir(dir).relativeFilePath(it.next());
    out.sort();
    return out;
}

bool anyNamed(const QString &dir, const QString &name)
{
    for (const QString &f : filesBelow(dir))
        if (f.section(u'/', -1) == name)
            return true;
    return false;
}

bool copyTree(const QString &from, const QString &to)
{
    QDir().mkpath(to);
    for (const QFileInfo &info :
         QDir(from).entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden)) {
        const QString target = to + u'/' + info.fileName();
        if (info.isDir() ? !copyTree(info.filePath(), target)
                         : !QFile::copy(info.filePath(), target))
            return false;
    }
    return true;
}

QByteArray zipOf(const QList<handin::ZipEntry> &entries)
{
    QString error;
    const auto bytes = handin::zipInMemory(entries, &error);
    if (!bytes)
        qFatal("zip: %s", qPrintable(error));
    return *bytes;
}

// The zip with the central-directory entry `name` marked as a Unix symbolic link, as
// `zip --symlinks` stores one (its data is the link's target).
QByteArray withLinkEntry(QByteArray zip, const QByteArray &name)
{
    for (qsizetype at = zip.indexOf("PK\x01\x02"); at >= 0;
         at = zip.indexOf("PK\x01\x02", at + 4)) {
        const int nameLength = qFromLittleEndian<quint16>(zip.constData() + at + 28);
        if (zip.mid(at + 46, nameLength) != name)
            continue;
        zip[at + 5] = 3; // made by: Unix
        qToLittleEndian<quint32>(quint32(0120777) << 16, zip.data() + at + 38);
    }
    return zip;
}

// The zip file's entries, below the class folder, as a Moodle class download zips them.
QList<handin::ZipEntry> entriesBelow(const QString &dir)
{
    QList<handin::ZipEntry> entries;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        entries << handin::ZipEntry{QDir(dir).relativeFilePath(path), onDisk(path)};
    }
    return entries;
}

// Accepts the message boxes shown while it lives (a step that informs the user waits for a
// click).
class MessageBoxCloser
{
public:
    MessageBoxCloser()
    {
        timer_.setInterval(20);
        QObject::connect(&timer_, &QTimer::timeout, [] {
            for (QWidget *w : QApplication::topLevelWidgets())
                if (auto *box = qobject_cast<QMessageBox *>(w); box && box->isVisible())
                    box->accept();
        });
        timer_.start();
    }

private:
    QTimer timer_;
};

} // namespace

class TestAssessmentLoop : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(home_.isValid());
        // The exam lock's marker and the settings live in the test's own home.
        qputenv("XDG_DATA_HOME", home_.filePath(QStringLiteral("data")).toUtf8());
        qputenv("XDG_CONFIG_HOME", home_.filePath(QStringLiteral("config")).toUtf8());
        QCoreApplication::setOrganizationName(QStringLiteral("SchedLabTests"));
        QCoreApplication::setApplicationName(QStringLiteral("assessmentloop"));
        QStandardPaths::setTestModeEnabled(true);
        rubrics_ = grader::loadRubrics(kExercises);
        QVERIFY2(rubrics_.error.isEmpty(), qPrintable(rubrics_.error));
        QVERIFY2(QFileInfo(QStringLiteral(SCHEDLAB_CLI)).isExecutable(),
                 "build schedlab-cli first: this test grades with it");
        download_ = home_.filePath(QStringLiteral("cours/telechargement"));
        classZip_ = home_.filePath(QStringLiteral("cours/telechargement.zip"));
        worksheetIn_ = home_.filePath(QStringLiteral("cours/notes.csv"));
        evilBefore_ = QFileInfo::exists(QStringLiteral("/tmp/evil"));
    }

    // Each student in their own workspace, in the real window: identity, exercise 1 in the
    // editors, the practice exam, then "Rendre mon travail".
    void twoStudentsHandInFromTheApp()
    {
        for (const Student &s : {kCamille, kElodie}) {
            playStudent(s);
            if (QTest::currentTestFailed())
                return;
        }
        QCOMPARE(zips_.size(), 2);
    }

    // Moodle's download: one folder per submission, the zips in them; the third student's
    // files as uploaded; and the same as the class zip.
    void theDownloadIsLaidOutAsMoodleDoes()
    {
        QVERIFY(zips_.size() == 2);
        for (const Student &s : {kCamille, kElodie}) {
            const QString zip = zips_.value(s.key());
            writeFile(download_ + u'/' + s.moodleFolder() + u'/' + QFileInfo(zip).fileName(),
                      onDisk(zip));
        }
        for (const QString &file : {QStringLiteral("sommeil.sbatch"), QStringLiteral("lignes.md")})
            writeFile(download_ + u'/' + kJean.moodleFolder() + QStringLiteral("/ex1/") + file,
                      onDisk(kClassData + u'/' + kJean.ex1From + u'/' + file));
        writeFile(classZip_, zipOf(entriesBelow(download_)));
        // Jean's exercise 1 graded here from the files he uploaded: the reference.
        const QString jean = home_.filePath(QStringLiteral("reference/jean"));
        QVERIFY(copyTree(download_ + u'/' + kJean.moodleFolder(), jean));
        grader::StudentFolder folder;
        folder.id = kJean.key();
        folder.root = jean;
        folder.dir = jean;
        QByteArray hash;
        const grader::ExerciseResult r =
            grader::gradeStudentExercise(folder, *rubrics_.find(QStringLiteral("ex1")), &hash);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        expected_[kJean.key()].insert(QStringLiteral("ex1"), r.score);
        for (const grader::CriterionResult &c : r.criteria)
            toReview_[kJean.key()] += c.review ? 1 : 0;
        writeFile(worksheetIn_, worksheet({}));
        QCOMPARE(filesBelow(download_).filter(QStringLiteral(".zip")).size(), 2);
    }

    // The instructor grades the download from the command line: the French summary, the
    // worksheet filled in, the exam graded from what was handed in.
    void theCliGradesTheClass()
    {
        QVERIFY(!expected_.isEmpty());
        const QString out = home_.filePath(QStringLiteral("cours/notes-remplies.csv"));
        const Run r =
            cli({QStringLiteral("grade"), QStringLiteral("--rubrics"), kExercises,
                 QStringLiteral("--summary"), QStringLiteral("--csv-locale"), QStringLiteral("fr"),
                 QStringLiteral("--worksheet"), worksheetIn_, QStringLiteral("--worksheet-out"),
                 out, QStringLiteral("--allow-pending"), download_});
        QVERIFY(r.finished);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(!r.err.contains(QStringLiteral("examen.md n'a pas été rendu")), qPrintable(r.err));
        QVERIFY2(r.out.startsWith("\xEF\xBB\xBF"), r.out.left(40).constData()); // BOM
        summary_ = parseFrenchSummary(r.out);
        checkSummary(summary_);

        // The worksheet: each grade scaled to its Maximum Grade (100), every other byte kept.
        QStringList grades;
        for (const Student &s : {kCamille, kElodie, kJean})
            grades << twoDecimals(total20(s.key()) / 20.0 * 100.0);
        grades << QString(); // Zoé: non rendu, left empty
        const QByteArray written = onDisk(out);
        QCOMPARE(written, worksheet(grades));
        QVERIFY2(
            r.err.contains(QStringLiteral("not handed in (grade left empty): %1 (Participant %2)")
                               .arg(kZoe.name, kZoe.participantId)),
            qPrintable(r.err));

        // Without --allow-pending, criteria awaiting review refuse the worksheet.
        int toReview = 0;
        for (const QStringList &row : summary_.rows)
            toReview += row.value(summary_.header.indexOf(QStringLiteral("à vérifier"))).toInt();
        if (toReview > 0) {
            const Run refused =
                cli({QStringLiteral("grade"), QStringLiteral("--rubrics"), kExercises,
                     QStringLiteral("--summary"), QStringLiteral("--worksheet"), worksheetIn_,
                     QStringLiteral("--worksheet-out"), out + QStringLiteral(".2"), download_});
            QCOMPARE(refused.exitCode, 1);
            QVERIFY(!QFileInfo::exists(out + QStringLiteral(".2")));
        }

        // The class zip gives the same summary.
        const Run fromZip =
            cli({QStringLiteral("grade"), QStringLiteral("--rubrics"), kExercises,
                 QStringLiteral("--summary"), QStringLiteral("--csv-locale"), QStringLiteral("fr"),
                 QStringLiteral("--worksheet"), worksheetIn_, QStringLiteral("--worksheet-out"),
                 out + QStringLiteral(".zip.csv"), QStringLiteral("--allow-pending"), classZip_});
        QVERIFY2(fromZip.exitCode == 0, qPrintable(fromZip.err));
        checkSummary(parseFrenchSummary(fromZip.out));
        QCOMPARE(onDisk(out + QStringLiteral(".zip.csv")), worksheet(grades));
    }

    // Instructor mode opens the same download (folder, then class zip) and grades it as the
    // CLI does.
    void instructorModeGradesAsTheCli()
    {
        QVERIFY(!summary_.rows.isEmpty());
        const Run json = cli({QStringLiteral("grade"), QStringLiteral("--rubrics"), kExercises,
                              QStringLiteral("--format"), QStringLiteral("json"), download_});
        QVERIFY2(json.exitCode == 0, qPrintable(json.err));
        const QJsonArray reference = QJsonDocument::fromJson(json.out).array();
        QVERIFY(!reference.isEmpty());
        // The exam was graded from the paper in the hand-in.
        int exams = 0;
        for (const QJsonValue &v : reference) {
            const QJsonObject o = v.toObject();
            if (o[QStringLiteral("exercise")].toString() != QLatin1String("examen") ||
                o[QStringLiteral("student")].toString() == kJean.key())
                continue;
            ++exams;
            const QByteArray text = QJsonDocument(o).toJson();
            QVERIFY2(!text.contains("pas \u00e9t\u00e9 rendu") && !text.contains("pas été rendu"),
                     text.constData());
            QCOMPARE(o[QStringLiteral("score")].toDouble(),
                     expected_.value(o[QStringLiteral("student")].toString())
                         .value(QStringLiteral("examen")));
        }
        QCOMPARE(exams, 2);

        QTemporaryDir instructorHome;
        MainWindow window(rubrics_, instructorHome.filePath(QStringLiteral("espace")));
        QVERIFY2(window.refusal().isEmpty(), qPrintable(window.refusal()));
        window.show();
        closeIdentityDialog(window);
        for (const QString &opened : {download_, classZip_}) {
            QVERIFY(window.openClass(opened));
            InstructorPage *page = window.instructorPage();
            QVERIFY(page);
            QSignalSpy finished(page, &InstructorPage::gradingFinished);
            page->gradeAll();
            QVERIFY(finished.wait(120000));
            ClassGrading *grading = page->grading();
            QVERIFY2(grading->notGraded().isEmpty(),
                     qPrintable(grading->notGraded().value(0).reason));
            QCOMPARE(grading->handIns().size(), 3);
            const QList<grader::ExerciseResult> &mine = grading->results();
            QCOMPARE(mine.size(), reference.size());
            for (const QJsonValue &v : reference) {
                const QJsonObject o = v.toObject();
                const grader::ExerciseResult *r =
                    grading->result(o[QStringLiteral("student")].toString(),
                                    o[QStringLiteral("exercise")].toString());
                QVERIFY2(r, qPrintable(o[QStringLiteral("student")].toString()));
                QCOMPARE(r->score, o[QStringLiteral("score")].toDouble());
                const QJsonArray criteria = o[QStringLiteral("criteria")].toArray();
                QCOMPARE(r->criteria.size(), criteria.size());
                for (int c = 0; c < criteria.size(); ++c)
                    QCOMPARE(r->criteria[c].points,
                             criteria[c].toObject()[QStringLiteral("points")].toDouble());
            }
            // The class at a glance from what instructor mode graded: the CLI's totals.
            QList<handin::SummaryIdentity> identities;
            for (const handin::ClassHandIn &h : grading->handIns())
                identities << handin::SummaryIdentity{h.key,
                                                      h.number(),
                                                      h.name(),
                                                      h.lms ? h.lms->participantId : QString(),
                                                      h.lms ? h.lms->fullName : QString(),
                                                      {}};
            const handin::ClassSummary glance =
                handin::buildClassSummary(mine, rubrics_.rubrics, identities);
            QCOMPARE(glance.rows.size(), 3);
            for (const handin::SummaryRow &row : glance.rows)
                QCOMPARE(twoDecimals(row.total20, u','),
                         summary_.cell(row.identity.lmsParticipantId, QStringLiteral("total /20")));
        }
    }

    // The same class with hostile zips beside it: each reported, nothing written outside
    // the private temporary folder, the others graded.
    void hostileZipsAreReportedAndTheOthersGraded()
    {
        QVERIFY(!summary_.rows.isEmpty());
        const QString hostile = home_.filePath(QStringLiteral("hostile/telechargement"));
        QVERIFY(copyTree(download_, hostile));
        const QByteArray script =
            onDisk(kClassData + QStringLiteral("/s01-amelie/ex1/sommeil.sbatch"));
        writeFile(hostile + QStringLiteral("/Mallory Evil_601_assignsubmission_file_/evil.zip"),
                  zipOf({{QStringLiteral("../evil"), "pwned"},
                         {QStringLiteral("ex1/sommeil.sbatch"), script}}));
        writeFile(hostile + QStringLiteral("/Bob Bomb_602_assignsubmission_file_/bomb.zip"),
                  zipOf({{QStringLiteral("ex1/lignes.md"), QByteArray(100 << 20, '\0')}}));
        writeFile(hostile + QStringLiteral("/Lina Link_603_assignsubmission_file_/link.zip"),
                  withLinkEntry(zipOf({{QStringLiteral("ex1/sommeil.sbatch"), script},
                                       {QStringLiteral("ex1/lignes.md"), "/etc/passwd"}}),
                                "ex1/lignes.md"));
        writeFile(hostile + QStringLiteral("/Carl Corrupt_604_assignsubmission_file_/corrupt.zip"),
                  "PK\x03\x04 this is not a zip at all");
        // Élodie's zip handed in again under another participant: two hand-ins for her number.
        const QString elodieZip = QFileInfo(zips_.value(kElodie.key())).fileName();
        writeFile(hostile + QStringLiteral("/Dana Double_605_assignsubmission_file_/") + elodieZip,
                  onDisk(zips_.value(kElodie.key())));
        const QStringList before = filesBelow(QFileInfo(hostile).absolutePath());
        QTemporaryDir tmp; // the CLI's TMPDIR: its private folder goes there, and goes away
        QVERIFY(tmp.isValid());

        const Run r = cli({QStringLiteral("grade"), QStringLiteral("--rubrics"), kExercises,
                           QStringLiteral("--summary"), QStringLiteral("--csv-locale"),
                           QStringLiteral("fr"), hostile},
                          tmp.path());
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 1);
        for (const QString &reported :
             {QStringLiteral("evil.zip"), QStringLiteral("bomb.zip"), QStringLiteral("link.zip"),
              QStringLiteral("corrupt.zip"), QStringLiteral("Dana Double_605"),
              QStringLiteral("2 hand-ins for student %1").arg(kElodie.key())})
            QVERIFY2(r.err.contains(reported), qPrintable(reported + QStringLiteral("\n") + r.err));
        // Each with its reason, on the line naming its zip.
        const QStringList lines = r.err.split(u'\n');
        for (const auto &[zip, reason] :
             {std::pair(QStringLiteral("evil.zip: ../evil:"), QStringLiteral("climbs out")),
              std::pair(QStringLiteral("bomb.zip: ex1/lignes.md:"), QStringLiteral("decompress")),
              std::pair(QStringLiteral("link.zip: ex1/lignes.md:"),
                        QStringLiteral("symbolic link")),
              std::pair(QStringLiteral("corrupt.zip:"), QStringLiteral("not a readable zip"))}) {
            const QStringList mine = lines.filter(zip);
            QVERIFY2(mine.size() == 1 && mine.first().contains(reason),
                     qPrintable(zip + QStringLiteral("\n") + r.err));
        }

        // The others graded as before; Élodie's two hand-ins await the instructor's call.
        const Summary s = parseFrenchSummary(r.out);
        for (const Student &st : {kCamille, kJean})
            QCOMPARE(s.byLmsId.value(st.participantId), summary_.byLmsId.value(st.participantId));
        for (const QString &id :
             {QStringLiteral("601"), QStringLiteral("602"), QStringLiteral("603"),
              QStringLiteral("604"), QStringLiteral("605"), kElodie.participantId})
            QVERIFY2(!s.byLmsId.contains(id), qPrintable(id));

        // Nothing written outside the private folder, which is gone.
        QCOMPARE(filesBelow(QFileInfo(hostile).absolutePath()), before);
        QVERIFY(!anyNamed(home_.path(), QStringLiteral("evil")));
        QCOMPARE(filesBelow(tmp.path()), QStringList());
        if (!evilBefore_)
            QVERIFY(!QFileInfo::exists(QStringLiteral("/tmp/evil")));

        // Instructor mode lists the same items, with their reasons, and grades the others.
        {
            QTemporaryDir instructorHome;
            MainWindow window(rubrics_, instructorHome.filePath(QStringLiteral("espace")));
            window.show();
            closeIdentityDialog(window);
            QVERIFY(window.openClass(hostile));
            ClassGrading *grading = window.instructorPage()->grading();
            QStringList listed;
            for (const handin::NotGraded &n : grading->notGraded())
                listed << n.source + QStringLiteral(": ") + n.reason;
            QCOMPARE(listed.size(), 6);
            for (const QString &reported :
                 {QStringLiteral("evil.zip"), QStringLiteral("bomb.zip"),
                  QStringLiteral("link.zip"), QStringLiteral("corrupt.zip"),
                  QStringLiteral("Dana Double_605"),
                  QStringLiteral("2 hand-ins for student %1").arg(kElodie.key())})
                QVERIFY2(!listed.filter(reported).isEmpty(), qPrintable(listed.join(u'\n')));
            QSignalSpy finished(window.instructorPage(), &InstructorPage::gradingFinished);
            window.instructorPage()->gradeAll();
            QVERIFY(finished.wait(120000));
            QStringList graded;
            for (const handin::ClassHandIn &h : grading->handIns())
                graded << h.key;
            graded.sort();
            QCOMPARE(graded, (QStringList{kCamille.key(), kJean.key()}));
            QCOMPARE(grading->result(kCamille.key(), QStringLiteral("ex1"))->score,
                     expected_.value(kCamille.key()).value(QStringLiteral("ex1")));
        }
        QVERIFY(!anyNamed(home_.path(), QStringLiteral("evil")));

        // The same class zipped: the same reports, the same grades.
        const QString hostileZip = home_.filePath(QStringLiteral("hostile/classe.zip"));
        writeFile(hostileZip, zipOf(entriesBelow(hostile)));
        const Run z = cli({QStringLiteral("grade"), QStringLiteral("--rubrics"), kExercises,
                           QStringLiteral("--summary"), QStringLiteral("--csv-locale"),
                           QStringLiteral("fr"), hostileZip},
                          tmp.path());
        QCOMPARE(z.exitCode, 1);
        for (const QString &reported :
             {QStringLiteral("evil.zip"), QStringLiteral("bomb.zip"), QStringLiteral("link.zip"),
              QStringLiteral("corrupt.zip"), QStringLiteral("2 hand-ins for student")})
            QVERIFY2(z.err.contains(reported), qPrintable(reported + QStringLiteral("\n") + z.err));
        const Summary zs = parseFrenchSummary(z.out);
        for (const Student &st : {kCamille, kJean})
            QCOMPARE(zs.byLmsId.value(st.participantId), summary_.byLmsId.value(st.participantId));
        QVERIFY(!anyNamed(home_.path(), QStringLiteral("evil")));
        QCOMPARE(filesBelow(tmp.path()), QStringList());
        if (!evilBefore_)
            QVERIFY(!QFileInfo::exists(QStringLiteral("/tmp/evil")));
    }

private:
    void playStudent(const Student &s)
    {
        const QString root = home_.filePath(QStringLiteral("etudiants/") + s.participantId);
        auto window = std::make_unique<MainWindow>(rubrics_, root);
        QVERIFY2(window->refusal().isEmpty(), qPrintable(window->refusal()));
        window->show();

        // The first start asks who the student is.
        StudentDialog *ask = nullptr;
        QTRY_VERIFY((ask = window->findChild<StudentDialog *>(QStringLiteral("studentDialog"))));
        ask->findChild<QLineEdit *>(QStringLiteral("studentName"))->setText(s.name);
        ask->findChild<QLineEdit *>(QStringLiteral("studentNumber"))->setText(s.number);
        {
            const MessageBoxCloser closer; // a variant redrawn from the number is announced
            ask->accept();
        }
        QCOMPARE(window->findChild<QPushButton *>(QStringLiteral("identityButton"))->text(),
                 Workspace(root).identitySummary());
        QCOMPARE(Workspace(root).identity().normalisedNumber(), s.key());
        QVERIFY(Workspace(root).identitySummary().contains(s.name));

        // Exercise 1, typed in the page's editors.
        QVERIFY(window->openExercise(QStringLiteral("ex1")));
        ExercisePage *ex1 = window->currentExercise();
        QVERIFY(ex1);
        for (const QString &file :
             {QStringLiteral("sommeil.sbatch"), QStringLiteral("lignes.md")}) {
            CodeEditor *editor = ex1->editor(file);
            QVERIFY2(editor, qPrintable(file));
            editor->setText(QString::fromUtf8(
                onDisk(kClassData + u'/' + s.ex1From + QStringLiteral("/ex1/") + file)));
        }
        QVERIFY(ex1->saveAll());

        // The practice exam: started, answered, handed in.
        QVERIFY(window->openExercise(QStringLiteral("examen")));
        ExamPage *exam = window->examPage();
        QVERIFY(exam->startExam());
        QVERIFY(window->examLocked());
        for (int q = 1; q <= s.examAnswers.size(); ++q)
            exam->answerEditor(q)->setPlainText(s.examAnswers[q - 1]);
        QSignalSpy handedIn(exam, &ExamPage::examHandedIn);
        QVERIFY(exam->handInNow());
        QTRY_COMPARE(handedIn.size(), 1);
        QVERIFY(!window->examLocked());
        const QString paper = exam->session()->paper();
        QVERIFY(paper.contains(s.examAnswers.first()));

        // "Rendre mon travail": the summary first, then the zip.
        HandInDialog *dialog = window->handInWork();
        QVERIFY(dialog);
        QHash<QString, QString> status;
        for (int i = 0; i < dialog->deliverables()->topLevelItemCount(); ++i) {
            const QTreeWidgetItem *item = dialog->deliverables()->topLevelItem(i);
            status.insert(item->data(0, Qt::UserRole).toString(), item->text(1));
        }
        for (const grader::Rubric &rubric : rubrics_.rubrics)
            QVERIFY2(status.contains(rubric.exercise), qPrintable(rubric.exercise));
        const QString included = HandInDialog::statusText(handin::DeliverableStatus::Included);
        QCOMPARE(status.value(QStringLiteral("ex1")), included);
        QCOMPARE(status.value(QStringLiteral("examen")), included);
        // Nothing else was opened: every other deliverable is listed as missing.
        for (const grader::Rubric &rubric : rubrics_.rubrics)
            if (rubric.exercise != QLatin1String("ex1") &&
                rubric.exercise != QLatin1String("examen"))
                QCOMPARE(status.value(rubric.exercise),
                         HandInDialog::statusText(handin::DeliverableStatus::Missing));
        const QString zip = dialog->zipPath();
        QCOMPARE(QFileInfo(zip).fileName(),
                 s.key() + u'-' + handin::fileNameSafe(s.name) + QStringLiteral(".zip"));
        dialog->accept();
        QTRY_VERIFY(QFileInfo::exists(zip));
        zips_.insert(s.key(), zip);

        // What each deliverable is worth, graded here from the student's own files (the
        // reference the class's grading must meet): every deliverable the summary lists as
        // included, the exam from its paper.
        writeFile(home_.filePath(QStringLiteral("reference/") + s.key() +
                                 QStringLiteral("/examen/examen.md")),
                  paper.toUtf8());
        for (const grader::Rubric &rubric : rubrics_.rubrics) {
            if (status.value(rubric.exercise) != included)
                continue;
            grader::StudentFolder folder;
            const bool isExam = rubric.exercise == QLatin1String("examen");
            folder.root = isExam ? home_.filePath(QStringLiteral("reference")) : root;
            folder.relative = isExam ? s.key() : QString();
            folder.dir = isExam ? folder.root + u'/' + s.key() : root;
            folder.id = s.key();
            folder.variantKey = s.key();
            QByteArray hash;
            const grader::ExerciseResult r = grader::gradeStudentExercise(folder, rubric, &hash);
            QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
            expected_[s.key()].insert(rubric.exercise, r.score);
            for (const grader::CriterionResult &c : r.criteria)
                toReview_[s.key()] += c.review ? 1 : 0;
        }
        window.reset();
    }

    // Camille's, Élodie's and Jean's rows as graded here; Zoé "non rendu".
    void checkSummary(const Summary &s)
    {
        QVERIFY2(s.header.contains(QStringLiteral("total /20")), qPrintable(s.header.join(u'|')));
        QCOMPARE(s.rows.size(), 4);
        for (const Student &st : {kCamille, kElodie}) {
            QVERIFY2(s.byLmsId.contains(st.participantId), qPrintable(st.name));
            QCOMPARE(s.cell(st.participantId, QStringLiteral("numéro")), st.number);
            QCOMPARE(
                handin::normaliseStudentNumber(s.cell(st.participantId, QStringLiteral("numéro"))),
                st.key());
            QCOMPARE(s.cell(st.participantId, QStringLiteral("nom")), st.name);
            for (const QString &exercise : {QStringLiteral("ex1"), QStringLiteral("examen")})
                QCOMPARE(s.cell(st.participantId, column(exercise)),
                         twoDecimals(expected_.value(st.key()).value(exercise), u','));
            QCOMPARE(s.cell(st.participantId, QStringLiteral("total /20")),
                     twoDecimals(total20(st.key()), u','));
        }
        for (const Student &st : {kCamille, kElodie, kJean})
            QCOMPARE(s.cell(st.participantId, QStringLiteral("à vérifier")),
                     QString::number(toReview_.value(st.key())));
        // Jean: no manifest, graded under the LMS's name; what he did not hand in is worth 0.
        QCOMPARE(s.cell(kJean.participantId, QStringLiteral("numéro")), QString());
        QCOMPARE(s.cell(kJean.participantId, QStringLiteral("nom")), kJean.name);
        QCOMPARE(s.cell(kJean.participantId, column(QStringLiteral("ex1"))),
                 twoDecimals(expected_.value(kJean.key()).value(QStringLiteral("ex1")), u','));
        QCOMPARE(s.cell(kJean.participantId, column(QStringLiteral("examen"))),
                 QStringLiteral("0"));
        QVERIFY(s.cell(kJean.participantId, QStringLiteral("remarques"))
                    .contains(QStringLiteral("sans manifeste")));
        QCOMPARE(s.cell(kJean.participantId, QStringLiteral("total /20")),
                 twoDecimals(total20(kJean.key()), u','));
        // Zoé: in the worksheet, nothing handed in.
        QCOMPARE(s.cell(kZoe.participantId, QStringLiteral("nom")), kZoe.name);
        QVERIFY(s.cell(kZoe.participantId, QStringLiteral("remarques"))
                    .contains(QStringLiteral("non rendu")));
        QCOMPARE(s.cell(kZoe.participantId, QStringLiteral("total /20")), QStringLiteral("0"));
    }

    QString column(const QString &exercise) const
    {
        const grader::Rubric *r = rubrics_.find(exercise);
        return QStringLiteral("%1 (/%2)").arg(exercise, twoDecimals(r ? r->maxPoints() : 0, u','));
    }

    // 20 x the student's scores over the maxima of every deliverable of the course.
    double total20(const QString &key) const
    {
        double max = 0, sum = 0;
        for (const grader::Rubric &r : rubrics_.rubrics)
            max += r.maxPoints();
        for (double score : expected_.value(key))
            sum += score;
        return max > 0 ? 20.0 * sum / max : 0;
    }

    static void closeIdentityDialog(MainWindow &window)
    {
        StudentDialog *ask = nullptr;
        QTRY_VERIFY((ask = window.findChild<StudentDialog *>(QStringLiteral("studentDialog"))));
        ask->reject();
    }

    QTemporaryDir home_;
    grader::RubricSet rubrics_;
    QString download_, classZip_, worksheetIn_;
    bool evilBefore_ = false;
    QHash<QString, QString> zips_;                    // by student number
    QHash<QString, QHash<QString, double>> expected_; // student key -> exercise -> score
    QHash<QString, int> toReview_;                    // student key -> criteria to review
    Summary summary_;
};

QTEST_MAIN(TestAssessmentLoop)
#include "tst_assessmentloop.moc"
