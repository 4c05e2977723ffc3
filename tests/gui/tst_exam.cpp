// The timed exam as a student and an instructor meet it, on a fake clock: the practice paper
// that ships, the instructor's paper file opened in the app (packed by schedlab-cli, graded
// at the release with the instructor's rubric), the countdown, the answers kept as they are
// typed, the automatic hand-in, a crash in the middle, the attempts to leave logged in the
// report, the paper the real grader grades, and a grade shown only for the paper that was
// handed in.
#include "exampage.h"
#include "examsession.h"
#include "examstore.h"
#include "grader.h"
#include "workspace.h"

#include <QComboBox>
#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimeZone>
#include <QtTest>

#include <memory>

using namespace schedlab;
using namespace schedlab::gui;

namespace {

const char kStudent[] = "s07-lea";
// The practice paper's time allowed (exercises/examen/rubric.yaml).
constexpr int kMinutes = 45;
const QString kRealId = QStringLiteral("examen-ordonnancement-1");

// Answers to the practice paper an instructor would accept.
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

// Answers to the real exam (the instructor's paper) an instructor would accept.
const char kAnswer1[] =
    "Le job attend à cause de la priorité : son fairshare est très bas, donc sa priorité est "
    "faible, et les autres jobs en attente, plus prioritaires, passent devant lui.\n\n"
    "Quand l'usage récent diminue, le fairshare remonte : la priorité du job augmente, il "
    "gagne des places dans la file et peut partir plus tôt.\n\n"
    "Les nœuds libres et la limite de temps inférieure à celle de la partition ne suffisent "
    "pas à le faire partir : ce n'est pas la raison de l'attente.";
const char kAnswer2[] =
    "Le Deployment porte le service, qui répond en continu sur un port. Le job Slurm porte la "
    "conversion, qui s'exécute une fois puis s'arrête.\n\n"
    "Si la conversion sortait avec le code 0, le Deployment relancerait le conteneur "
    "(restartPolicy Always) : la conversion tournerait en boucle.";
const char kAnswer3[] =
    "Le fichier s'appelle sommeil-17.out, dans le répertoire d'où sbatch a été lancé. Il peut "
    "déjà contenir la ligne écrite par hostname : le nom du nœud.\n\n"
    "La commande scancel 17 arrête ce job, et lui seul.\n\n"
    "Le code 0 de sbatch dit seulement que le contrôleur a accepté le script et l'a mis en "
    "file ; il ne dit rien de la fin du travail.";

QString onDisk(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

QJsonObject jsonObject(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object()
                                       : QJsonObject();
}

bool writeJson(const QString &path, const QJsonObject &o)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(QJsonDocument(o).toJson()) > 0;
}

bool hasLabel(const QWidget &page, const QString &text)
{
    const QList<QLabel *> labels = page.findChildren<QLabel *>();
    return std::any_of(labels.begin(), labels.end(), [&](const QLabel *l) {
        return l->isVisibleTo(&page) && l->text().contains(text);
    });
}

// Runs the real schedlab-cli; its standard output, and its exit status in `status`.
QByteArray runCli(const QStringList &args, int *status, QByteArray *errors = nullptr)
{
    QProcess cli;
    cli.start(QStringLiteral(SCHEDLAB_CLI), args);
    if (!cli.waitForFinished(120000)) {
        *status = -1;
        return {};
    }
    *status = cli.exitCode();
    if (errors)
        *errors = cli.readAllStandardError();
    return cli.readAllStandardOutput();
}

} // namespace

class TestExam : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("SchedLabTests"));
        QStandardPaths::setTestModeEnabled(true);
        Workspace::rememberStudentId(QString::fromLatin1(kStudent));
        const auto load =
            grader::loadRubric(QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises/examen/rubric.yaml"));
        QVERIFY2(load.rubric, qPrintable(load.error));
        rubric_ = *load.rubric;
    }

    void init()
    {
        dir_ = std::make_unique<QTemporaryDir>();
        workspace_ = std::make_unique<Workspace>(dir_->filePath(QStringLiteral("espace")));
        now_ = QDateTime(QDate(2025, 6, 10), QTime(8, 0), QTimeZone::utc());
    }

    void cleanup()
    {
        workspace_.reset();
        dir_.reset();
    }

    void theDurationComesWithTheExamData()
    {
        QCOMPARE(rubric_.examMinutes, kMinutes);
        auto page = newPage();
        QCOMPARE(page->countdown()->text(), QStringLiteral("45:00"));
        QVERIFY(page->startButton()->isVisibleTo(page.get()));
        QVERIFY(page->startButton()->isEnabled());
        QVERIFY(!page->inProgress());
        QVERIFY(hasLabel(*page, QStringLiteral("45 minutes")));
        QVERIFY(hasLabel(*page, QStringLiteral("No cluster")));
        QVERIFY(hasLabel(*page, QStringLiteral("3 questions")));
        QVERIFY(hasLabel(*page, QStringLiteral("practice paper")));
        // Before the start the questions stay hidden.
        QVERIFY(!hasLabel(*page, QStringLiteral("Une limite trop serrée")));
        render(*page, QStringLiteral("/tmp/exam-intro.png"));

        grader::Rubric ninety = rubric_;
        ninety.examMinutes = 90;
        QCOMPARE(ExamSession(ninety, workspace_.get(), clock()).remainingSeconds(), 90 * 60);
        grader::Rubric silent = rubric_;
        silent.examMinutes = 0;
        QCOMPARE(ExamSession(silent, workspace_.get(), clock()).remainingSeconds(), 60 * 60);
    }

    void aDurationThatIsNotMinutesIsRefused()
    {
        const auto load =
            grader::parseRubric("exercise: examen\nexam_duration_minutes: bientot\ncriteria:\n"
                                "  - {id: a, points: 1, check: text.concepts, pass: p, fail: f}\n",
                                QStringLiteral("rubric.yaml"));
        QVERIFY(!load.rubric);
        QVERIFY2(load.error.startsWith(QStringLiteral("rubric.yaml:2: exam_duration_minutes")),
                 qPrintable(load.error));
    }

    void startingShowsTheQuestionsAndTheCountdown()
    {
        auto page = newPage();
        QSignalSpy started(page.get(), &ExamPage::examStarted);
        QVERIFY(page->startExam());
        QCOMPARE(started.size(), 1);
        QVERIFY(page->inProgress());
        QCOMPARE(page->countdown()->text(), QStringLiteral("45:00"));
        QVERIFY(hasLabel(*page, QStringLiteral("Question 1 — Une limite trop serrée")));
        QVERIFY(hasLabel(*page, QStringLiteral("Question 3 — Une directive mal placée")));
        QVERIFY(hasLabel(*page, QStringLiteral("Un script demande")));
        QVERIFY(!page->paperChoice()->isEnabled()); // no other paper while this one runs
        QVERIFY(!page->openPaperButton()->isEnabled());
        for (int q = 1; q <= 3; ++q)
            QVERIFY(!page->answerEditor(q)->isReadOnly());
        QVERIFY(page->handInButton()->isVisibleTo(page.get()));

        now_ = now_.addSecs(10 * 60);
        page->tick();
        QCOMPARE(page->countdown()->text(), QStringLiteral("35:00"));
        QVERIFY(!page->countdown()->property("warning").toBool());
        page->answerEditor(1)->setPlainText(QString::fromUtf8(kPractice1));
        QVERIFY(page->saveAnswers());
        render(*page, QStringLiteral("/tmp/exam-during.png"));

        now_ = now_.addSecs(30 * 60 + 30);
        page->tick();
        QCOMPARE(page->countdown()->text(), QStringLiteral("04:30"));
        QVERIFY(page->countdown()->property("warning").toBool());
        QVERIFY(page->inProgress());
        render(*page, QStringLiteral("/tmp/exam-last-minutes.png"));
    }

    void typingAnAnswerSavesItToTheStore()
    {
        auto page = newPage();
        QVERIFY(page->startExam());
        QTest::keyClicks(page->answerEditor(1), QStringLiteral("Le fairshare est bas"));
        // Saved after the typing pause, without any other action.
        QTRY_COMPARE_WITH_TIMEOUT(storedAnswer(1), QStringLiteral("Le fairshare est bas"), 3000);

        page->answerEditor(2)->setPlainText(QStringLiteral("Un Deployment"));
        QFocusEvent focusOut(QEvent::FocusOut);
        QCoreApplication::sendEvent(page->answerEditor(2), &focusOut);
        QCOMPARE(storedAnswer(2), QStringLiteral("Un Deployment")); // at once on focus loss
    }

    void whenTimeRunsOutThePaperIsHandedIn()
    {
        auto page = newPage();
        QSignalSpy handedIn(page.get(), &ExamPage::examHandedIn);
        QVERIFY(page->startExam());
        const QDateTime deadline = now_.addSecs(kMinutes * 60);
        page->answerEditor(2)->setPlainText(QString::fromUtf8(kPractice2));
        now_ = deadline.addMSecs(300); // the last words had not been saved yet
        page->tick();

        QCOMPARE(handedIn.size(), 1);
        ExamSession *session = page->session();
        QVERIFY(session->isLocked());
        QVERIFY(!page->inProgress());
        QCOMPARE(session->handInKind(), HandInKind::TimeRanOut);
        QCOMPARE(session->handedInAt(), deadline);
        QVERIFY(session->paper().contains(QString::fromUtf8(kPractice2)));
        for (int q = 1; q <= 3; ++q)
            QVERIFY(page->answerEditor(q)->isReadOnly());
        QVERIFY(!page->handInButton()->isVisibleTo(page.get()));
        QVERIFY(page->receipt()->text().contains(QStringLiteral("when time ran out")));
        QVERIFY(hasLabel(*page, session->paperHash()));
        QCOMPARE(session->paperHash(), ExamSession::sha256(session->paper()));
        QCOMPARE(session->paperHash().size(), 64);

        ExamStore store(workspace_->root()); // the record on disk says the same
        const ExamRecord record = store.record();
        QCOMPARE(record.state, ExamState::HandedIn);
        QCOMPARE(record.kind, HandInKind::TimeRanOut);
        QCOMPARE(record.sha256, session->paperHash());
        render(*page, QStringLiteral("/tmp/exam-handed-in.png"));
    }

    void aCrashMidExamResumesWithTheTimeThatIsLeft()
    {
        auto *page = new ExamPage(rubric_, workspace_.get(), nullptr, clock());
        QVERIFY(page->startExam());
        page->answerEditor(1)->setPlainText(QStringLiteral("Une réponse"));
        page->answerEditor(3)->setPlainText(QStringLiteral("scancel 17"));
        QVERIFY(page->saveAnswers());
        now_ = now_.addSecs(20 * 60);
        delete page; // the window goes away without closing

        now_ = now_.addSecs(5 * 60); // the time keeps running while the app is closed
        auto resumed = newPage();
        QVERIFY(resumed->inProgress());
        QCOMPARE(resumed->countdown()->text(), QStringLiteral("20:00"));
        QCOMPARE(resumed->answerEditor(1)->toPlainText(), QStringLiteral("Une réponse"));
        QCOMPARE(resumed->answerEditor(2)->toPlainText(), QString());
        QCOMPARE(resumed->answerEditor(3)->toPlainText(), QStringLiteral("scancel 17"));
        QVERIFY(!resumed->answerEditor(1)->isReadOnly());
        QVERIFY(!resumed->startButton()->isEnabled());
    }

    void settingTheClockBackGivesNoTime()
    {
        auto page = newPage();
        QVERIFY(page->startExam());
        now_ = now_.addSecs(30 * 60);
        page->answerEditor(1)->setPlainText(QStringLiteral("texte"));
        QVERIFY(page->saveAnswers());
        page.reset();
        now_ = now_.addSecs(-30 * 60);
        QCOMPARE(newPage()->countdown()->text(), QStringLiteral("15:00"));
    }

    void whenTimeRanOutWhileClosedTheNextStartHandsIn()
    {
        auto page = newPage();
        QVERIFY(page->startExam());
        const QDateTime deadline = now_.addSecs(kMinutes * 60);
        page->answerEditor(1)->setPlainText(QStringLiteral("Le fairshare est bas."));
        QVERIFY(page->saveAnswers());
        page.reset();

        now_ = now_.addSecs(3 * 3600);
        auto next = newPage();
        ExamSession *session = next->session();
        QVERIFY(session->isLocked());
        QVERIFY(session->handedInWhileClosed());
        QCOMPARE(session->handInKind(), HandInKind::TimeRanOut);
        QCOMPARE(session->handedInAt(), deadline);
        QVERIFY(session->paper().contains(QStringLiteral("Le fairshare est bas.")));
        QVERIFY(next->message()->text().contains(QStringLiteral("while SchedLab was closed")));
        QVERIFY(next->answerEditor(1)->isReadOnly());
        QCOMPARE(next->answerEditor(1)->toPlainText(), QStringLiteral("Le fairshare est bas."));
    }

    void aHandedInPaperCannotChange()
    {
        auto page = newPage();
        QString error;
        QVERIFY(!page->session()->saveAnswer(1, QStringLiteral("trop tôt"), &error));
        QVERIFY(!page->session()->exportPaper(dir_->filePath(QStringLiteral("x")), &error));
        QVERIFY(error.contains(QStringLiteral("once it has been handed in")));
        QVERIFY(page->startExam());
        page->answerEditor(1)->setPlainText(QStringLiteral("ma réponse"));
        now_ = now_.addSecs(600);
        QVERIFY(page->handInNow());
        QCOMPARE(page->session()->handInKind(), HandInKind::ByStudent);
        QCOMPARE(page->session()->handedInAt(), now_);
        const QString hash = page->session()->paperHash();

        QVERIFY(!page->session()->saveAnswer(1, QStringLiteral("changée"), &error));
        QVERIFY2(error.contains(QStringLiteral("handed in")), qPrintable(error));
        QVERIFY(!page->session()->handIn(HandInKind::ByStudent, &error));
        QVERIFY(!page->startExam());
        QCOMPARE(storedAnswer(1), QStringLiteral("ma réponse"));
        QCOMPARE(ExamStore(workspace_->root()).record().sha256, hash);
        QVERIFY(page->answerEditor(1)->isReadOnly());
    }

    void thePaperHasTheAnswerSheetsLayout()
    {
        const ExamSheet sheet = ExamSheet::read(rubric_);
        QCOMPARE(sheet.questions.size(), 3);
        QCOMPARE(sheet.questions[1].sheetHeading, QStringLiteral("## Question 2"));
        // Unanswered, the paper is the answer sheet itself.
        QCOMPARE(
            sheet.assemble({}),
            onDisk(QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises/examen/examen.md")).trimmed() +
                u'\n');
        // A heading typed in an answer cannot cut the paper's sections.
        const QString paper =
            sheet.assemble({{1, QStringLiteral("\n# Mon plan\n## Question 2\nx\n")}});
        QCOMPARE(paper, QStringLiteral("# Examen\n\n## Question 1\n\n\\# Mon plan\n\\## Question "
                                       "2\nx\n\n## Question 2\n\n## Question 3\n"));
    }

    void theExportIsWhatTheGraderGradesAndTheReleaseShowsTheGrade()
    {
        auto page = newPage();
        QVERIFY(page->startExam());
        const char *answers[] = {kPractice1, kPractice2, kPractice3};
        for (int q = 1; q <= 3; ++q)
            page->answerEditor(q)->setPlainText(QString::fromUtf8(answers[q - 1]));
        now_ = now_.addSecs(42 * 60);
        QVERIFY(page->handInNow());
        const QString hash = page->session()->paperHash();
        QVERIFY(page->grade()->text().contains(QStringLiteral("not released yet")));

        const QString classDir = dir_->filePath(QStringLiteral("classe"));
        QVERIFY(page->exportTo(classDir));
        const QString paperDir = classDir + QStringLiteral("/s07-lea/examen");
        QVERIFY(page->message()->text().contains(QStringLiteral("s07-lea/examen")));
        QCOMPARE(onDisk(paperDir + QStringLiteral("/examen.md")), page->session()->paper());
        const QJsonObject report = jsonObject(paperDir + QStringLiteral("/examen-rapport.json"));
        QCOMPARE(report.value(QLatin1String("student")).toString(), QString::fromLatin1(kStudent));
        QCOMPARE(report.value(QLatin1String("sha256")).toString(), hash);
        QCOMPARE(report.value(QLatin1String("handed_in_by")).toString(), QStringLiteral("student"));
        QCOMPARE(report.value(QLatin1String("duration_seconds")).toInt(), kMinutes * 60);
        QCOMPARE(report.value(QLatin1String("paper_id")).toString(),
                 QStringLiteral("examen-blanc"));
        QVERIFY(report.value(QLatin1String("practice")).toBool());
        QCOMPARE(report.value(QLatin1String("paper_sha256")).toString(),
                 page->session()->examPaper().sha256());
        QCOMPARE(report.value(QLatin1String("time_used_seconds")).toInt(), 42 * 60);
        QCOMPARE(report.value(QLatin1String("started_at")).toString(),
                 QStringLiteral("2025-06-10T08:00:00.000Z"));

        int status = 0;
        QByteArray errors;
        const QByteArray graded =
            runCli({QStringLiteral("grade"), QStringLiteral("--exercise"), QStringLiteral("examen"),
                    QStringLiteral("--format"), QStringLiteral("json"), classDir},
                   &status, &errors);
        QVERIFY2(status == 0, errors.constData());
        const QJsonObject grade = QJsonDocument::fromJson(graded).array().first().toObject();
        QCOMPARE(grade.value(QLatin1String("student")).toString(), QString::fromLatin1(kStudent));
        QCOMPARE(grade.value(QLatin1String("exercise")).toString(), QStringLiteral("examen"));
        QCOMPARE(grade.value(QLatin1String("max")).toDouble(), rubric_.maxPoints());
        QVERIFY2(grade.value(QLatin1String("score")).toDouble() == rubric_.maxPoints(),
                 graded.constData());

        // The instructor releases: one result file per paper, next to it.
        runCli({QStringLiteral("release"), classDir}, &status, &errors);
        QVERIFY2(status == 0, errors.constData());
        const QString released = paperDir + QStringLiteral("/examen-resultat.json");
        QJsonObject result = jsonObject(released);
        QCOMPARE(result.value(QLatin1String("sha256")).toString(), hash);

        QJsonObject other = result;
        other.insert(QStringLiteral("sha256"), QString(64, u'0'));
        const QString wrongPaper = dir_->filePath(QStringLiteral("autre-copie.json"));
        QVERIFY(writeJson(wrongPaper, other));
        QVERIFY(!page->importFrom(wrongPaper));
        QVERIFY(page->message()->text().contains(QStringLiteral("autre-copie.json is the result "
                                                                "of another paper")));
        other = result;
        other.insert(QStringLiteral("student"), QStringLiteral("s99-autre"));
        const QString wrongStudent = dir_->filePath(QStringLiteral("autre-etudiant.json"));
        QVERIFY(writeJson(wrongStudent, other));
        QVERIFY(!page->importFrom(wrongStudent));
        QVERIFY(page->message()->text().contains(QStringLiteral("is the result of s99-autre, not "
                                                                "of s07-lea")));
        QVERIFY(!page->session()->result());
        QVERIFY(page->grade()->text().contains(QStringLiteral("not released yet")));
        QVERIFY(!hasLabel(*page, QStringLiteral("Q1 — la limite retenue")));

        QVERIFY(page->importFrom(released));
        QVERIFY(page->grade()->text().contains(QStringLiteral("Grade: 12 / 12")));
        QVERIFY(hasLabel(*page, QStringLiteral("Q1 — la limite retenue")));
        render(*page, QStringLiteral("/tmp/exam-released.png"));
        page.reset();
        QVERIFY(newPage()->grade()->text().contains(QStringLiteral("Grade: 12 / 12")));
    }

    void aPaperChangedAfterTheHandInIsNotReleased()
    {
        auto page = newPage();
        QVERIFY(page->startExam());
        page->answerEditor(3)->setPlainText(QString::fromUtf8(kPractice3));
        QVERIFY(page->handInNow());
        const QString classDir = dir_->filePath(QStringLiteral("classe"));
        QVERIFY(page->exportTo(classDir));
        QFile paper(classDir + QStringLiteral("/s07-lea/examen/examen.md"));
        QVERIFY(paper.open(QIODevice::Append));
        paper.write("\nAjout après coup.\n");
        paper.close();
        int status = 0;
        QByteArray errors;
        runCli({QStringLiteral("release"), classDir}, &status, &errors);
        QCOMPARE(status, 1);
        QVERIFY2(errors.contains("changed after the hand-in"), errors.constData());
        QVERIFY(!QFile::exists(classDir + QStringLiteral("/s07-lea/examen/examen-resultat.json")));
    }

    // The instructor packs the real paper; the student opens the file, answers, hands in; the
    // record and the report name the paper (id, SHA-256 of its file); the release grades it
    // with the instructor's rubric, and only with it.
    void anInstructorsPaperIsOpenedAnsweredAndReleased()
    {
        const QString file = packRealPaper();
        QVERIFY(!file.isEmpty());
        auto page = newPage();
        QCOMPARE(page->paperIds(), QStringList{QStringLiteral("examen-blanc")});
        QVERIFY2(page->openPaperFile(file), qPrintable(page->message()->text()));
        QVERIFY(page->message()->text().contains(
            QStringLiteral("\"Examen écrit\" is open").toHtmlEscaped()));
        QCOMPARE(page->paperIds(), (QStringList{QStringLiteral("examen-blanc"), kRealId}));
        QCOMPARE(page->paperChoice()->currentData().toString(), kRealId);
        QCOMPARE(page->countdown()->text(), QStringLiteral("60:00"));
        QVERIFY(!hasLabel(*page, QStringLiteral("practice paper")));
        QVERIFY(page->startExam());
        QVERIFY(hasLabel(*page, QStringLiteral("Question 1 — Une attente à expliquer")));
        QVERIFY(hasLabel(*page, QStringLiteral("Un job reste PD.")));
        const char *answers[] = {kAnswer1, kAnswer2, kAnswer3};
        for (int q = 1; q <= 3; ++q)
            page->answerEditor(q)->setPlainText(QString::fromUtf8(answers[q - 1]));
        // The file can go: the record keeps the paper, and the exam reopens without it.
        QFile::remove(file);
        now_ = now_.addSecs(50 * 60);
        QVERIFY(page->saveAnswers());
        page.reset();
        page = newPage();
        QCOMPARE(page->session()->examPaper().id, kRealId);
        QVERIFY(page->inProgress());
        QCOMPARE(page->countdown()->text(), QStringLiteral("10:00"));
        QVERIFY(page->handInNow());

        const QByteArray paperFile = page->session()->examPaper().file;
        const QString fileSha = QString::fromLatin1(
            QCryptographicHash::hash(paperFile, QCryptographicHash::Sha256).toHex());
        const ExamRecord record = ExamStore(workspace_->root(), QStringLiteral("exams/") + kRealId +
                                                                    QStringLiteral(".db"))
                                      .record();
        QCOMPARE(record.paperId, kRealId);
        QCOMPARE(record.paperSha256, fileSha);
        // The practice paper is still there, untouched.
        QCOMPARE(ExamStore(workspace_->root()).record().state, ExamState::NotStarted);

        const QString classDir = dir_->filePath(QStringLiteral("classe"));
        QVERIFY(page->exportTo(classDir));
        const QString paperDir = classDir + QStringLiteral("/s07-lea/examen");
        const QJsonObject report = jsonObject(paperDir + QStringLiteral("/examen-rapport.json"));
        QCOMPARE(report.value(QLatin1String("paper_id")).toString(), kRealId);
        QCOMPARE(report.value(QLatin1String("paper_sha256")).toString(), fileSha);
        QCOMPARE(report.value(QLatin1String("paper_title")).toString(),
                 QStringLiteral("Examen écrit"));
        QVERIFY(!report.value(QLatin1String("practice")).toBool());

        // The shipped rubrics have none for this paper: nothing is released with them.
        int status = 0;
        QByteArray errors;
        runCli({QStringLiteral("release"), classDir}, &status, &errors);
        QCOMPARE(status, 1);
        QVERIFY2(errors.contains("no rubric grades the paper examen-ordonnancement-1"),
                 errors.constData());
        QVERIFY(!QFile::exists(paperDir + QStringLiteral("/examen-resultat.json")));
        // The instructor's rubric grades it.
        runCli({QStringLiteral("release"), QStringLiteral("--rubrics"),
                QStringLiteral(SCHEDLAB_SOURCE_DIR "/instructor"), classDir},
               &status, &errors);
        QVERIFY2(status == 0, errors.constData());
        const QString released = paperDir + QStringLiteral("/examen-resultat.json");
        QCOMPARE(jsonObject(released).value(QLatin1String("paper_id")).toString(), kRealId);
        QVERIFY(page->importFrom(released));
        QVERIFY2(page->grade()->text().contains(QStringLiteral("Grade: 13 / 13")),
                 qPrintable(page->grade()->text()));

        // Back to the practice paper, which can still be taken.
        QVERIFY(page->showPaper(QStringLiteral("examen-blanc")));
        QVERIFY(page->session()->examPaper().practice);
        QVERIFY(page->startButton()->isEnabled());
        QVERIFY(hasLabel(*page, QStringLiteral("practice paper")));
        // The hand-in takes the instructor's paper, whatever paper the page shows.
        const ExamHandIn forHandIn = ExamSession::handInOf(rubric_, workspace_.get());
        QVERIFY(forHandIn.handedIn());
        QCOMPARE(forHandIn.paperId, kRealId);
        QCOMPARE(forHandIn.paperFileSha256, fileSha);
        QCOMPARE(QString::fromUtf8(forHandIn.paperBytes),
                 onDisk(paperDir + QStringLiteral("/examen.md")));
    }

    void aPaperFileIsReadAsUntrustedInput_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("said");
        const QByteArray good = QJsonDocument(realPaperObject()).toJson();
        QTest::newRow("not JSON") << QByteArray("PK\x03\x04 a zip") << "not a .schedlab-exam file";
        QTest::newRow("another JSON")
            << QByteArray("{\"student\": \"x\"}") << "no \"format\": \"schedlab-exam\"";
        QTest::newRow("too big") << QByteArray(300 * 1024, ' ') << "larger than an exam paper";
        QJsonObject o = realPaperObject();
        o.insert(QStringLiteral("version"), 7);
        QTest::newRow("newer") << QJsonDocument(o).toJson() << "made by a newer SchedLab";
        o = realPaperObject();
        o.insert(QStringLiteral("concepts"), QJsonObject{{QStringLiteral("a"), 1}});
        QTest::newRow("with its answer key")
            << QJsonDocument(o).toJson() << "holds a grading rubric (\"concepts\")";
        o = realPaperObject();
        o.insert(QStringLiteral("id"), QStringLiteral("../../etc"));
        QTest::newRow("an id that is a path") << QJsonDocument(o).toJson() << "not a plain name";
        o = realPaperObject();
        o.insert(QStringLiteral("duration_minutes"), 0);
        QTest::newRow("no time") << QJsonDocument(o).toJson() << "duration is not a whole number";
        o = realPaperObject();
        o.insert(QStringLiteral("sheet"),
                 QJsonObject{{QStringLiteral("file"), QStringLiteral("../x.md")},
                             {QStringLiteral("text"), QStringLiteral("## Q")}});
        QTest::newRow("a sheet outside") << QJsonDocument(o).toJson() << "no plain .md file name";
        o = realPaperObject();
        o.insert(QStringLiteral("id"), QStringLiteral("examen-blanc"));
        QTest::newRow("the practice's id")
            << QJsonDocument(o).toJson() << "id of the practice paper";
        QVERIFY(good.size() > 100);
    }

    void aPaperFileIsReadAsUntrustedInput()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, said);
        const QString path = dir_->filePath(QStringLiteral("sujet.schedlab-exam"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size());
        f.close();
        auto page = newPage();
        QVERIFY(!page->openPaperFile(path));
        QVERIFY2(page->message()->text().contains(said.toHtmlEscaped()),
                 qPrintable(page->message()->text()));
        QVERIFY(page->message()->text().contains(QStringLiteral("sujet.schedlab-exam")));
        QVERIFY(page->session()->examPaper().practice); // the practice paper stays
        QCOMPARE(page->paperIds(), QStringList{QStringLiteral("examen-blanc")});
        // Not a file at all.
        QVERIFY(!page->openPaperFile(dir_->filePath(QStringLiteral("absent.schedlab-exam"))));
        QVERIFY(page->message()->text().contains(QStringLiteral("Cannot open the exam paper")));
    }

    void noOtherPaperOpensDuringTheExam()
    {
        const QString file = packRealPaper();
        auto page = newPage();
        QVERIFY(page->startExam());
        QVERIFY(!page->openPaperFile(file));
        QVERIFY(page->message()->text().contains(QStringLiteral("Hand in the exam in progress")));
        QVERIFY(page->session()->examPaper().practice);
        QVERIFY(page->inProgress());
    }

    // A deterrent, not proctoring: each attempt with its time, in the record (one transaction
    // each) and in the report; nothing before the start or after the hand-in.
    void attemptsToLeaveAreLoggedInTheReport()
    {
        auto page = newPage();
        ExamSession *session = page->session();
        QVERIFY(!session->logLeaveAttempt(LeaveAttempt::Lesson, QStringLiteral("01")));
        QVERIFY(page->startExam());
        now_ = now_.addSecs(60);
        QVERIFY(session->logLeaveAttempt(LeaveAttempt::Lesson,
                                         QStringLiteral("01-ce-que-decide-l-ordonnanceur")));
        now_ = now_.addSecs(60);
        QVERIFY(session->logLeaveAttempt(LeaveAttempt::FocusLost));
        QVERIFY(session->logLeaveAttempt(LeaveAttempt::SecondInstance, QStringLiteral("/tmp/b")));
        QCOMPARE(ExamStore(workspace_->root()).leaveAttempts().size(), 3);
        QVERIFY(page->handInNow());
        QVERIFY(!session->logLeaveAttempt(LeaveAttempt::CloseWindow));

        const ExamHandIn data = session->handInData();
        const QJsonArray attempts = QJsonDocument::fromJson(data.report)
                                        .object()
                                        .value(QLatin1String("leave_attempts"))
                                        .toArray();
        QCOMPARE(attempts.size(), 3);
        QCOMPARE(attempts[0].toObject().value(QLatin1String("kind")).toString(),
                 QStringLiteral("lesson"));
        QCOMPARE(attempts[0].toObject().value(QLatin1String("detail")).toString(),
                 QStringLiteral("01-ce-que-decide-l-ordonnanceur"));
        QCOMPARE(attempts[0].toObject().value(QLatin1String("at")).toString(),
                 QStringLiteral("2025-06-10T08:01:00.000Z"));
        QCOMPARE(attempts[1].toObject().value(QLatin1String("kind")).toString(),
                 QStringLiteral("focus-lost"));
        QCOMPARE(attempts[2].toObject().value(QLatin1String("kind")).toString(),
                 QStringLiteral("second-instance"));
    }

    // What the hand-in writer takes, in one call: nothing before the hand-in, then the paper
    // exactly as hashed and its report.
    void theHandInWriterGetsThePaperInOneCall()
    {
        auto page = newPage();
        ExamHandIn before = page->session()->handInData();
        QCOMPARE(before.state, ExamState::NotStarted);
        QVERIFY(before.paperBytes.isEmpty() && before.report.isEmpty());
        QCOMPARE(before.paperId, QStringLiteral("examen-blanc"));
        QVERIFY(page->startExam());
        page->answerEditor(1)->setPlainText(QStringLiteral("Une minute, arrondie."));
        QVERIFY(!page->session()->handInData().handedIn());
        now_ = now_.addSecs(kMinutes * 60 + 1);
        page->tick();
        const ExamHandIn data = page->session()->handInData();
        QVERIFY(data.handedIn());
        QCOMPARE(data.kind, HandInKind::TimeRanOut);
        QCOMPARE(data.exercise, QStringLiteral("examen"));
        QCOMPARE(data.fileName, QStringLiteral("examen.md"));
        QCOMPARE(data.reportName, QStringLiteral("examen-rapport.json"));
        QVERIFY(data.paperBytes.contains("Une minute, arrondie."));
        QCOMPARE(
            data.sha256,
            QString::fromLatin1(
                QCryptographicHash::hash(data.paperBytes, QCryptographicHash::Sha256).toHex()));
        QCOMPARE(data.handedInAt, now_.addSecs(-1));
        const QJsonObject report = QJsonDocument::fromJson(data.report).object();
        QCOMPARE(report.value(QLatin1String("sha256")).toString(), data.sha256);
        QCOMPARE(report.value(QLatin1String("handed_in_by")).toString(),
                 QStringLiteral("time-ran-out"));
        QVERIFY(data.practice);
        const ExamHandIn same = ExamSession::handInOf(rubric_, workspace_.get());
        QCOMPARE(same.sha256, data.sha256);
        QCOMPARE(same.report, data.report);
    }

private:
    // The real paper as the instructor packs it (schedlab-cli exam pack); its path.
    QString packRealPaper()
    {
        const QString out = dir_->filePath(kRealId + QStringLiteral(".schedlab-exam"));
        int status = 0;
        QByteArray errors;
        runCli({QStringLiteral("exam"), QStringLiteral("pack"), QStringLiteral("--rubric-dir"),
                QStringLiteral(SCHEDLAB_SOURCE_DIR "/instructor/examen"), QStringLiteral("--id"),
                kRealId, QStringLiteral("--out"), out},
               &status, &errors);
        return status == 0 ? out : QString();
    }

    static QJsonObject realPaperObject()
    {
        return QJsonObject{
            {QStringLiteral("format"), QStringLiteral("schedlab-exam")},
            {QStringLiteral("version"), 1},
            {QStringLiteral("id"), QStringLiteral("examen-2026-s1")},
            {QStringLiteral("exercise"), QStringLiteral("examen")},
            {QStringLiteral("title"), QStringLiteral("Examen")},
            {QStringLiteral("duration_minutes"), 30},
            {QStringLiteral("statement"),
             QStringLiteral("# Examen\n\n## Question 1\n\nPourquoi ?")},
            {QStringLiteral("sheet"),
             QJsonObject{{QStringLiteral("file"), QStringLiteral("examen.md")},
                         {QStringLiteral("text"), QStringLiteral("# Examen\n\n## Question 1\n")}}}};
    }

    std::function<QDateTime()> clock()
    {
        return [this] { return now_; };
    }

    std::unique_ptr<ExamPage> newPage()
    {
        auto page = std::make_unique<ExamPage>(rubric_, workspace_.get(), nullptr, clock());
        page->resize(920, 760);
        return page;
    }

    QString storedAnswer(int question) const
    {
        return ExamStore(workspace_->root()).answers().value(question);
    }

    static void render(ExamPage &page, const QString &path)
    {
        page.show();
        QCoreApplication::processEvents();
        QVERIFY(page.grab().save(path));
    }

    grader::Rubric rubric_;
    std::unique_ptr<QTemporaryDir> dir_;
    std::unique_ptr<Workspace> workspace_;
    QDateTime now_;
};

QTEST_MAIN(TestExam)
#include "tst_exam.moc"
