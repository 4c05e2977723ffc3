// schedlab: the desktop workbench.
#include "colourscheme.h"
#include "language.h"
#include "mainwindow.h"
#include "screenshottour.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QGuiApplication>
#include <QMessageBox>
#include <QTimer>

#include <cstdio>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("SchedLab"));
    QApplication::setApplicationName(QStringLiteral("schedlab"));
    QApplication::setApplicationDisplayName(QStringLiteral("SchedLab"));

    QCommandLineParser options;
    options.setApplicationDescription(
        QApplication::translate("main", "The Slurm and Kubernetes scheduling workbench."));
    options.addHelpOption();
    const QCommandLineOption workspace(QStringLiteral("workspace"),
                                       QApplication::translate("main", "The student's folder."),
                                       QStringLiteral("DIR"));
    const QCommandLineOption exercise(
        QStringLiteral("exercise"),
        QApplication::translate("main", "Open this exercise (ex1, ...)."), QStringLiteral("ID"));
    const QCommandLineOption lesson(
        QStringLiteral("lesson"),
        QApplication::translate("main", "Open this lesson (01-ce-que-decide-l-ordonnanceur, ...)."),
        QStringLiteral("ID"));
    const QCommandLineOption screenshot(
        QStringLiteral("screenshot"),
        QApplication::translate("main", "Save the window as a PNG and quit."),
        QStringLiteral("FILE"));
    const QCommandLineOption check(
        QStringLiteral("check"),
        QApplication::translate("main", "Check the opened exercise at once."));
    const QCommandLineOption language(
        QStringLiteral("language"),
        QApplication::translate("main", "Interface language: fr, en or system."),
        QStringLiteral("LANG"));
    const QCommandLineOption screenshots(
        QStringLiteral("screenshots"),
        QApplication::translate("main", "Save a screenshot of every main view in DIR and quit "
                                        "(use a new, empty workspace)."),
        QStringLiteral("DIR"));
    // For bench/bench_gui_startup: print "ready" once the window has been painted, and quit.
    QCommandLineOption readyAndQuit(QStringLiteral("ready-and-quit"));
    readyAndQuit.setFlags(QCommandLineOption::HiddenFromHelp);
    options.addOptions(
        {workspace, exercise, lesson, screenshot, screenshots, check, language, readyAndQuit});
    options.process(app);
    schedlab::gui::applyColourScheme(schedlab::gui::savedColourScheme());
    schedlab::gui::installTranslations(options.isSet(language) ? options.value(language)
                                                               : schedlab::gui::savedLanguage());

    const schedlab::grader::RubricSet rubrics =
        schedlab::grader::loadRubrics(schedlab::grader::defaultExercisesDir());
    if (!rubrics.error.isEmpty()) {
        QMessageBox::critical(nullptr, QStringLiteral("SchedLab"),
                              QApplication::translate("main", "The exercises cannot be read:\n%1")
                                  .arg(rubrics.error));
        return 1;
    }
    const QString root = options.isSet(workspace) ? options.value(workspace)
                                                  : schedlab::gui::Workspace::rememberedRoot();
    QDir().mkpath(root);
    schedlab::gui::MainWindow window(rubrics, root);
    if (!window.refusal().isEmpty()) {
        // One SchedLab per workspace: the second one says who has it and does not open.
        std::fprintf(stderr, "schedlab: %s\n", qPrintable(window.refusal()));
        const QString platform = QGuiApplication::platformName();
        if (platform != QLatin1String("offscreen") && platform != QLatin1String("minimal"))
            QMessageBox::critical(nullptr, QStringLiteral("SchedLab"), window.refusal());
        return 1;
    }
    window.openExercise(options.isSet(exercise) ? options.value(exercise) : window.lastExercise());
    if (options.isSet(lesson) && !window.openLesson(options.value(lesson)))
        std::fprintf(stderr, "schedlab: no lesson %s\n", qPrintable(options.value(lesson)));
    window.show();
    if (options.isSet(check) && window.currentExercise())
        window.currentExercise()->grade();
    if (options.isSet(readyAndQuit)) {
        // Posted behind the first paint of the shown window: the window is usable then.
        QTimer::singleShot(0, &window, [&] {
            window.repaint(); // every widget painted once, synchronously, before "ready"
            std::fputs("ready\n", stdout);
            std::fflush(stdout);
            window.close();
        });
    }
    if (options.isSet(screenshots)) {
        QTimer::singleShot(300, &window, [&] {
            QString error;
            const QStringList files =
                schedlab::gui::ScreenshotTour(&window, options.value(screenshots)).run(&error);
            for (const QString &f : files)
                std::printf("%s\n", qPrintable(f));
            if (files.isEmpty())
                std::fprintf(stderr, "schedlab: %s\n", qPrintable(error));
            QApplication::exit(files.isEmpty() ? 1 : 0);
        });
    }
    if (options.isSet(screenshot)) {
        QTimer::singleShot(300, &window, [&] {
            window.grab().save(options.value(screenshot));
            window.close();
        });
    }
    return app.exec();
}
