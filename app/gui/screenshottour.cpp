// The screenshot tour. The cluster's clock is paused and moved event by event, so the same
// jobs are in the same states on every run; only the date differs (the clock starts today).
#include "screenshottour.h"

#include "bulkreview.h"
#include "clusterpage.h"
#include "engine.h"
#include "exampage.h"
#include "exercisepage.h"
#include "instructorpage.h"
#include "kubeview.h"
#include "lessonpage.h"
#include "localbackend.h"
#include "mainwindow.h"
#include "manifest.h"
#include "queueview.h"
#include "terminalpane.h"
#include "timecontrols.h"
#include "timelinewidget.h"
#include "zipwriter.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QPlainTextEdit>
#include <QTableWidget>

namespace schedlab::gui {

namespace {

const char kScript[] = "#!/bin/bash\n"
                       "#SBATCH --job-name=sommeil\n"
                       "#SBATCH --output=sommeil-%j.out\n"
                       "#SBATCH --time=00:02:00\n"
                       "#SBATCH --cpus-per-task=1\n"
                       "hostname\n"
                       "#SBATCH --mem=1G\n"
                       "sleep 30\n";

const char kDeployment[] =
    "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: sommeil\n"
    "spec:\n  replicas: 1\n  selector:\n    matchLabels:\n      app: sommeil\n"
    "  template:\n    metadata:\n      labels:\n        app: sommeil\n"
    "    spec:\n      containers:\n      - name: sommeil\n"
    "        image: busybox\n"
    "        command: [\"sh\", \"-c\", \"hostname; sleep 20\"]\n";

bool writeFile(const QString &path, const QByteArray &text)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

} // namespace

ScreenshotTour::ScreenshotTour(MainWindow *window, QString outputDir)
    : window_(window)
    , outputDir_(std::move(outputDir))
{}

void ScreenshotTour::waitMs(int ms)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms)
        QApplication::processEvents(QEventLoop::AllEvents, 20);
}

bool ScreenshotTour::shoot(const QString &name)
{
    waitMs(150); // let layouts and throttled views catch up
    const QString path = QDir(outputDir_).filePath(name + QStringLiteral(".png"));
    if (!window_->grab().save(path)) {
        error_ = QObject::tr("Cannot write %1.").arg(path);
        return false;
    }
    written_.append(path);
    return true;
}

bool ScreenshotTour::settle()
{
    QString error;
    if (!window_->cluster()->engine()->waitQuiescent(nullptr, QString(), &error)) {
        error_ = error;
        return false;
    }
    QApplication::processEvents();
    return true;
}

bool ScreenshotTour::submit(const QString &script, const QString &cwd)
{
    QString name = QStringLiteral("sommeil.sbatch");
    if (!script.isEmpty()) {
        name = QStringLiteral("tour-%1.sbatch").arg(++scripts_);
        if (!writeFile(QDir(cwd).filePath(name), script.toUtf8())) {
            error_ = QObject::tr("Cannot write %1.").arg(QDir(cwd).filePath(name));
            return false;
        }
    }
    return command({QStringLiteral("sbatch"), name}, cwd);
}

bool ScreenshotTour::command(const QStringList &argv, const QString &cwd)
{
    bool done = false;
    CommandOutput result;
    window_->cluster()->run(argv, cwd, [&](const CommandOutput &o) {
        result = o;
        done = true;
    });
    QElapsedTimer t;
    t.start();
    while (!done && t.elapsed() < 20000)
        QApplication::processEvents(QEventLoop::AllEvents, 20);
    if (!done || result.exitCode != 0) {
        error_ = QStringLiteral("%1: %2").arg(argv.join(u' '), QString::fromUtf8(result.err));
        return false;
    }
    return true;
}

bool ScreenshotTour::prepareExercise()
{
    if (!window_->openExercise(QStringLiteral("ex1"))) {
        error_ = QObject::tr("Exercise 1 cannot be opened.");
        return false;
    }
    ExercisePage *page = window_->currentExercise();
    CodeEditor *editor = page->editor(QStringLiteral("sommeil.sbatch"));
    editor->setText(QString::fromLatin1(kScript));
    editor->diagnoseNow();
    page->saveAll();
    page->grade();
    return shoot(QStringLiteral("01-exercise"));
}

bool ScreenshotTour::fillCluster()
{
    const QString root = window_->cluster()->workDir();
    const QString ex1 = QDir(root).filePath(QStringLiteral("ex1"));
    const QString lab = QDir(root).filePath(QStringLiteral("tour"));
    QDir().mkpath(lab);
    const QString big = QStringLiteral("#!/bin/bash\n#SBATCH --job-name=%1\n#SBATCH -c 8\n"
                                       "#SBATCH --time=%2\nsleep %3\n");
    const bool submitted =
        submit({}, ex1) &&
        submit(big.arg(QStringLiteral("calcul"), QStringLiteral("10"), QStringLiteral("300")),
               lab) &&
        submit(big.arg(QStringLiteral("calcul"), QStringLiteral("10"), QStringLiteral("300")),
               lab) &&
        submit(big.arg(QStringLiteral("long"), QStringLiteral("30"), QStringLiteral("600")), lab) &&
        submit(QStringLiteral("#!/bin/bash\n#SBATCH --job-name=gpu\n#SBATCH -p gpu\n"
                              "#SBATCH --gres=gpu:1\n#SBATCH -c 4\n#SBATCH --time=5\n"
                              "sleep 120\n"),
               lab) &&
        submit(QStringLiteral("#!/bin/bash\n#SBATCH --job-name=trop-long\n#SBATCH -p gpu\n"
                              "#SBATCH --time=1\nsleep 600\n"),
               lab) &&
        writeFile(QDir(lab).filePath(QStringLiteral("sommeil-deploy.yaml")), kDeployment) &&
        command({QStringLiteral("kubectl"), QStringLiteral("apply"), QStringLiteral("-f"),
                 QStringLiteral("sommeil-deploy.yaml")},
                lab);
    if (!submitted)
        return false;
    // Four virtual minutes, event by event: the short jobs end, the long one still waits.
    LocalBackend *backend = window_->cluster();
    const qint64 until = backend->now() + 240;
    for (int i = 0; i < 500 && backend->now() < until; ++i) {
        if (!settle())
            return false;
        backend->jumpToNextEvent();
        window_->clusterPage()->kube()->refresh();
        QApplication::processEvents();
    }
    return settle();
}

bool ScreenshotTour::prepareClass(QString *classDir)
{
    const QString root = window_->cluster()->workDir();
    *classDir = QDir(root).filePath(QStringLiteral(".tour-class"));
    const QString good =
        QString::fromLatin1(kScript)
            .remove(QStringLiteral("hostname\n"))
            .replace(QStringLiteral("sleep 30"), QStringLiteral("hostname\nsleep 30"));
    const QString lines = QStringLiteral(
        "La directive --mem placée après hostname n'est pas lue : sbatch arrête la lecture des "
        "directives à la première commande.\n");
    return writeFile(*classDir + QStringLiteral("/s01-alice/ex1/sommeil.sbatch"), good.toUtf8()) &&
           writeFile(*classDir + QStringLiteral("/s01-alice/ex1/lignes.md"), lines.toUtf8()) &&
           writeFile(*classDir + QStringLiteral("/s02-bruno/ex1/sommeil.sbatch"), kScript) &&
           writeFile(*classDir + QStringLiteral("/s02-bruno/ex1/lignes.md"),
                     "Le job dort 30 secondes.\n");
}

bool ScreenshotTour::prepareMoodleClass(QString *classZip)
{
    struct Student
    {
        const char *lmsName, *participant, *number, *name;
        int answers; // how many of ex1's questions are answered right
        bool lateDirective;
    };
    const Student students[] = {
        {"Camille Durand", "1201", "21004567", "Camille Durand", 3, false},
        {"Élodie N'Diaye", "1202", "21004568", "Élodie N'Diaye", 2, false},
        {"Jean Pierre Martin", "1203", "21004569", "Jean-Pierre Martin", 1, true},
        {"Alex Martin", "1205", "21004571", "Alexandre Martin", 3, true},
        {"Inès Moreau", "1206", "21004572", "Inès Moreau", 0, true},
        {"Hugo Bernard", "1207", "21004573", "Hugo Bernard", 2, false},
    };
    const QStringList answers{
        QStringLiteral("La directive --mem placée après hostname n'est pas lue : sbatch arrête la "
                       "lecture des directives à la première commande."),
        QStringLiteral("--time est arrondi à la minute : 00:02:00 reste 2 minutes."),
        QStringLiteral("La sortie va dans sommeil-<jobid>.out, %j est le numéro du job.")};
    const QString good =
        QString::fromLatin1(kScript)
            .remove(QStringLiteral("hostname\n"))
            .replace(QStringLiteral("sleep 30"), QStringLiteral("hostname\nsleep 30"));
    QList<handin::ZipEntry> submissions;
    QString error;
    for (const Student &s : students) {
        QList<handin::ZipEntry> files{{QStringLiteral("ex1/sommeil.sbatch"),
                                       s.lateDirective ? QByteArray(kScript) : good.toUtf8()},
                                      {QStringLiteral("ex1/lignes.md"),
                                       answers.mid(0, s.answers).join(u'\n').toUtf8() + "\n"}};
        handin::Manifest manifest;
        manifest.student.number = QString::fromLatin1(s.number);
        manifest.student.name = QString::fromUtf8(s.name);
        for (const handin::ZipEntry &e : files)
            manifest.files << handin::Manifest::describe(e.path, e.bytes);
        files << handin::ZipEntry{QStringLiteral("manifest.json"), manifest.toJson()};
        const std::optional<QByteArray> zip = handin::zipInMemory(files, &error);
        if (!zip)
            return false;
        submissions << handin::ZipEntry{QStringLiteral("%1_%2_assignsubmission_file_/%3.zip")
                                            .arg(QString::fromUtf8(s.lmsName),
                                                 QString::fromLatin1(s.participant),
                                                 QString::fromLatin1(s.number)),
                                        *zip};
    }
    submissions << handin::ZipEntry{
        QStringLiteral("Zoé Lefèvre_1204_assignsubmission_file_/rendu.zip"),
        QByteArray("PK\x03\x04 interrompu pendant l'envoi")};
    const std::optional<QByteArray> all = handin::zipInMemory(submissions, &error);
    *classZip = QDir(window_->cluster()->workDir())
                    .filePath(QStringLiteral(".tour-moodle/L3-ordonnancement.zip"));
    return all && writeFile(*classZip, *all);
}

void ScreenshotTour::gradeOpenClass()
{
    InstructorPage *page = window_->instructorPage();
    bool finished = false;
    QObject::connect(page, &InstructorPage::gradingFinished, page,
                     [&finished] { finished = true; });
    page->gradeAll();
    QElapsedTimer t;
    t.start();
    while (!finished && t.elapsed() < 30000)
        QApplication::processEvents(QEventLoop::AllEvents, 20);
}

QStringList ScreenshotTour::run(QString *error)
{
    QDir().mkpath(outputDir_);
    window_->resize(1600, 1000);
    window_->timeControls()->pauseAction()->setChecked(true);
    window_->terminals()->runCommand(QStringLiteral("cd ex1 && ls"));
    bool ok = prepareExercise() && fillCluster();
    if (ok) {
        window_->terminals()->runCommand(QStringLiteral("squeue"));
        waitMs(500);
        ClusterPage *cluster = window_->clusterPage();
        window_->openCluster(ClusterPage::QueueTab);
        cluster->queue()->selectJob(4); // the job waiting for resources, with its reservation
        ok = shoot(QStringLiteral("02-queue"));
        window_->openCluster(ClusterPage::NodesTab);
        ok = ok && shoot(QStringLiteral("03-nodes"));
        window_->openCluster(ClusterPage::TimelineTab);
        cluster->refreshTimelines();
        cluster->timeline()->zoomToFit();
        ok = ok && shoot(QStringLiteral("04-timeline"));
        window_->openCluster(ClusterPage::KubernetesTab);
        cluster->kube()->refresh();
        waitMs(200);
        cluster->kube()->pods()->selectRow(0);
        ok = ok && shoot(QStringLiteral("05-kubernetes"));
        window_->openCluster(ClusterPage::CompareTab);
        cluster->refreshTimelines();
        cluster->compareSlurm()->zoomToFit(); // the other timeline follows
        ok = ok && shoot(QStringLiteral("06-slurm-vs-kubernetes"));
    }
    QString classDir;
    if (ok && prepareClass(&classDir) && window_->openClass(classDir)) {
        gradeOpenClass();
        InstructorPage *page = window_->instructorPage();
        page->selectCell(QStringLiteral("s02-bruno"), QStringLiteral("ex1.script.directives"));
        ok = shoot(QStringLiteral("07-instructor"));
    }
    if (ok && window_->lessonPage() && !window_->lessonPage()->lessons().isEmpty()) {
        window_->openLesson(window_->lessonPage()->lessons().first().id);
        ok = shoot(QStringLiteral("08-lesson"));
    }
    if (ok && window_->openExercise(QStringLiteral("examen")) && window_->examPage()) {
        ExamPage *exam = window_->examPage();
        exam->startExam();
        if (QPlainTextEdit *answer = exam->answerEditor(1))
            answer->setPlainText(QStringLiteral("Son fairshare est bas : il a beaucoup calculé "
                                                "ces derniers jours, les autres passent devant."));
        ok = shoot(QStringLiteral("09-exam"));
        exam->handInNow();
    }
    if (ok && window_->openLoginNode())
        ok = shoot(QStringLiteral("10-login-node"));
    QString classZip;
    if (ok && prepareMoodleClass(&classZip)) {
        window_->resize(1366, 768); // a teacher's laptop
        ok = window_->openClass(classZip);
        if (ok) {
            gradeOpenClass();
            ok = shoot(QStringLiteral("10-class-overview"));
            InstructorPage *page = window_->instructorPage();
            page->tabs()->setCurrentIndex(InstructorPage::ReviewTab);
            page->bulkReview()->selectGroup(0);
            ok = ok && shoot(QStringLiteral("13-review-in-bulk"));
        }
    }
    if (!ok && error)
        *error = error_;
    return ok ? written_ : QStringList();
}

} // namespace schedlab::gui
