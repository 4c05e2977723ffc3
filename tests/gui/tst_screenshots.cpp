// The screenshot tour over the real window (offscreen): every main view is saved at a fixed
// state — the exercise checked, the queue, nodes, timeline, Kubernetes, Slurm beside
// Kubernetes, the instructor's gradebook and the exam.
#include "mainwindow.h"
#include "screenshottour.h"

#include <QImage>
#include <QTemporaryDir>
#include <QtTest>

using namespace schedlab;
using namespace schedlab::gui;

class TestScreenshots : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("SchedLabTests"));
        QStandardPaths::setTestModeEnabled(true);
    }

    void everyMainViewIsSaved()
    {
        const grader::RubricSet rubrics =
            grader::loadRubrics(QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises"));
        QVERIFY2(rubrics.error.isEmpty(), qPrintable(rubrics.error));
        QTemporaryDir workspace, shots;
        MainWindow window(rubrics, workspace.path());
        QVERIFY2(window.refusal().isEmpty(), qPrintable(window.refusal()));
        window.show();
        QString error;
        const QStringList files = ScreenshotTour(&window, shots.path()).run(&error);
        QVERIFY2(!files.isEmpty(), qPrintable(error));
        const QStringList expected{"01-exercise",   "02-queue",          "03-nodes",
                                   "04-timeline",   "05-kubernetes",     "06-slurm-vs-kubernetes",
                                   "07-instructor", "08-lesson",         "09-exam",
                                   "10-login-node", "10-class-overview", "13-review-in-bulk"};
        QCOMPARE(files.size(), expected.size());
        for (int i = 0; i < expected.size(); ++i) {
            QVERIFY(files[i].endsWith(expected[i] + QStringLiteral(".png")));
            const QImage image(files[i]);
            QVERIFY2(!image.isNull(), qPrintable(files[i]));
            QVERIFY(image.width() >= 1000 && image.height() >= 600);
        }
        // The tour leaves the exam handed in: the window is usable again.
        QVERIFY(!window.examLocked());
    }
};

QTEST_MAIN(TestScreenshots)
#include "tst_screenshots.moc"
