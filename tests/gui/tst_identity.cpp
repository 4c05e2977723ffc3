// The student's identity and the hand-in as a student meets them: asked at the first start,
// shown in the status bar, exercise 2's variant redrawn from the number, the summary of each
// deliverable before the zip is written, the zip named and signed with the identity.
// With SCHEDLAB_SCREENSHOT_DIR set, the two dialogs are also saved as pictures (README).
#include "handindialog.h"
#include "mainwindow.h"
#include "manifest.h"
#include "safezip.h"
#include "studentdialog.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

#include "guitest.h"

using namespace schedlab;
using namespace schedlab::gui;

namespace {

QString onDisk(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

template <typename T> T *openDialog(const QString &name)
{
    for (QWidget *w : QApplication::topLevelWidgets())
        if (auto *d = qobject_cast<T *>(w); d && d->isVisible() && d->objectName() == name)
            return d;
    return nullptr;
}

void saveShot(QWidget *widget, const char *name)
{
    const QString dir = qEnvironmentVariable("SCHEDLAB_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        widget->grab().save(dir + u'/' + QLatin1String(name));
}

} // namespace

class TestIdentity : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        rubrics_ = schedlab::testing::startWindowTest();
        QVERIFY2(rubrics_.error.isEmpty(), qPrintable(rubrics_.error));
    }

    void init()
    {
        workspace_ = std::make_unique<QTemporaryDir>();
        window_.reset();
        window_ = std::make_unique<MainWindow>(rubrics_, workspace_->path());
        window_->resize(1366, 768);
        window_->show();
    }

    void cleanup()
    {
        window_.reset();
        for (QWidget *w : QApplication::topLevelWidgets())
            if (qobject_cast<QDialog *>(w))
                w->close();
    }

    void theFirstStartAsksWhoTheStudentIs()
    {
        StudentDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = openDialog<StudentDialog>(QStringLiteral("studentDialog"))));
        auto *ok = dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        QVERIFY(!ok->isEnabled()); // a name and a number first
        dialog->findChild<QLineEdit *>(QStringLiteral("studentName"))
            ->setText(QStringLiteral("Camille Durand"));
        dialog->findChild<QLineEdit *>(QStringLiteral("studentNumber"))
            ->setText(QStringLiteral("21 004 567"));
        dialog->findChild<QLineEdit *>(QStringLiteral("studentGroup"))->setText("G7");
        dialog->findChild<QPlainTextEdit *>(QStringLiteral("groupMembers"))
            ->setPlainText(QStringLiteral("21004568 Alex Martin\n"));
        QVERIFY(ok->isEnabled());
        QCOMPARE(dialog->findChild<QLabel *>(QStringLiteral("handInName"))->text(),
                 QStringLiteral("Your hand-in will be named 21004567-camille-durand.zip."));
        saveShot(dialog, "11-student.png");
        ok->click();
        const handin::StudentIdentity id = Workspace(workspace_->path()).identity();
        QCOMPARE(id.name, QStringLiteral("Camille Durand"));
        QCOMPARE(id.normalisedNumber(), QStringLiteral("21004567"));
        QCOMPARE(id.members.size(), 1);
        QCOMPARE(id.members.first().name, QStringLiteral("Alex Martin"));
        auto *shown = window_->findChild<QPushButton *>(QStringLiteral("identityButton"));
        QCOMPARE(shown->text(), QStringLiteral("Camille Durand (21 004 567), group G7"));
        // The next start does not ask again.
        window_.reset();
        window_ = std::make_unique<MainWindow>(rubrics_, workspace_->path());
        QCoreApplication::processEvents();
        QVERIFY(!openDialog<StudentDialog>(QStringLiteral("studentDialog")));
    }

    void theVariantIsRedrawnFromTheNumber()
    {
        QVERIFY(window_->openExercise(QStringLiteral("ex2")));
        const QString variant = workspace_->filePath(QStringLiteral("ex2/exercice2.yaml"));
        const QString fromLogin = onDisk(variant);
        QVERIFY(!fromLogin.isEmpty());
        handin::StudentIdentity id;
        id.name = QStringLiteral("Camille Durand");
        id.number = QStringLiteral("21004567");
        // The information box is modal: it is answered as soon as it shows.
        QTimer::singleShot(0, this, [] {
            QTRY_VERIFY(QApplication::activeModalWidget());
            QApplication::activeModalWidget()->close();
        });
        QVERIFY(window_->setIdentity(id));
        Workspace workspace(workspace_->path());
        QCOMPARE(workspace.variantDrawnFrom(), QStringLiteral("21004567"));
        if (onDisk(variant) != fromLogin) // two keys may, rarely, draw the same variant
            QVERIFY(QDir(workspace_->filePath(QStringLiteral("ex2")))
                        .entryList({QStringLiteral("exercice2.yaml.*.old")})
                        .size() == 1);
        // The CLI draws the same variant from the number however it is typed.
        QTemporaryDir out;
        QProcess cli;
        cli.start(QStringLiteral(SCHEDLAB_CLI),
                  {QStringLiteral("variant"), QStringLiteral("21 004 567"), QStringLiteral("--out"),
                   out.path()});
        QVERIFY(cli.waitForFinished(60000));
        QCOMPARE(cli.exitCode(), 0);
        QCOMPARE(onDisk(out.filePath(QStringLiteral("ex2/exercice2.yaml"))), onDisk(variant));
    }

    void theHandInListsEachDeliverableThenWritesTheZip()
    {
        handin::StudentIdentity id;
        id.name = QStringLiteral("Camille Durand");
        id.number = QStringLiteral("21004567");
        QTimer::singleShot(0, this, [] {
            if (QWidget *box = QApplication::activeModalWidget())
                box->close();
        });
        QVERIFY(window_->setIdentity(id));
        QVERIFY(window_->openExercise(QStringLiteral("ex1")));
        QFile::remove(workspace_->filePath(QStringLiteral("ex1/lignes.md")));
        HandInDialog *dialog = window_->handInWork();
        QVERIFY(dialog);
        QTreeWidget *list = dialog->deliverables();
        QStringList statuses;
        for (int i = 0; i < list->topLevelItemCount(); ++i)
            statuses << list->topLevelItem(i)->data(0, Qt::UserRole).toString() + u'=' +
                            list->topLevelItem(i)->text(1);
        QVERIFY2(statuses.contains(QStringLiteral("ex1=Included")),
                 qPrintable(statuses.join(u' ')));
        QVERIFY2(statuses.contains(QStringLiteral("ex3=Missing")), qPrintable(statuses.join(u' ')));
        QVERIFY2(statuses.contains(QStringLiteral("examen=Missing")),
                 qPrintable(statuses.join(u' ')));
        QVERIFY(list->topLevelItem(0)->text(2).contains(QStringLiteral("lignes.md (missing)")));
        const QString zip = workspace_->filePath(QStringLiteral("21004567-camille-durand.zip"));
        QCOMPARE(dialog->zipPath(), zip);
        saveShot(dialog, "12-hand-in.png");
        dialog->findChild<QPushButton *>(QStringLiteral("handInButton"))->click();
        QTRY_VERIFY(QFile::exists(zip));
        handin::ZipProblem problem;
        auto read =
            handin::SafeZip::open(workspace_->path(), QStringLiteral("21004567-camille-durand.zip"),
                                  handin::ZipLimits::handIn(), &problem);
        QVERIFY2(read, qPrintable(problem.text()));
        const auto bytes = read->read(QStringLiteral("manifest.json"), &problem);
        QVERIFY(bytes);
        QString error;
        const auto manifest = handin::Manifest::fromJson(*bytes, &error);
        QVERIFY2(manifest, qPrintable(error));
        QCOMPARE(manifest->student.name, QStringLiteral("Camille Durand"));
        QVERIFY(read->contains(QStringLiteral("ex1/sommeil.sbatch")));
    }

private:
    grader::RubricSet rubrics_;
    std::unique_ptr<QTemporaryDir> workspace_;
    std::unique_ptr<MainWindow> window_;
};

QTEST_MAIN(TestIdentity)
#include "tst_identity.moc"
