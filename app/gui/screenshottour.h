// Saves a screenshot of every main view at a fixed state: the exercise with its mistakes
// pointed at and checked, the queue, the nodes, the timeline, Kubernetes, Slurm beside
// Kubernetes, the instructor's gradebook, a lesson, the exam, the login node, and the class
// overview of a Moodle download on a laptop's 1366×768 screen. It works in the window's own
// workspace, which should be a fresh folder (the exam is started and handed in there).
#pragma once

#include <QString>
#include <QStringList>

namespace schedlab::gui {

class MainWindow;

class ScreenshotTour
{
public:
    ScreenshotTour(MainWindow *window, QString outputDir);
    // Runs the tour; the names of the files written, or an empty list with `error` set.
    QStringList run(QString *error);

private:
    bool shoot(const QString &name);
    bool prepareExercise();
    bool fillCluster();
    bool prepareClass(QString *classDir);
    // A class zip as Moodle's "Download all submissions" gives it, with a corrupt hand-in.
    bool prepareMoodleClass(QString *classZip);
    void gradeOpenClass();
    // Submits `script` (written to a new file in `cwd`), or cwd's sommeil.sbatch if empty.
    bool submit(const QString &script, const QString &cwd);
    bool command(const QStringList &argv, const QString &cwd);
    bool settle();
    void waitMs(int ms);

    MainWindow *window_;
    QString outputDir_;
    QStringList written_;
    QString error_;
    int scripts_ = 0;
};

} // namespace schedlab::gui
