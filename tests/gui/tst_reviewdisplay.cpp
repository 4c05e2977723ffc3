// A criterion the grader is not sure of is shown as pending, not as lost: its points "pending",
// the mark as a range, feedback that does not say "Oui" or "Non"; and a result given before
// the student's last change says so.
#include "codeeditor.h"
#include "exercisepage.h"
#include "rubric.h"
#include "workspace.h"

#include <QFile>
#include <QLabel>
#include <QMainWindow>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

#include "guitest.h"

#include <memory>

using namespace schedlab;
using namespace schedlab::gui;

namespace {

const QByteArray kScript = "#!/bin/bash\n#SBATCH --job-name=sommeil\n"
                           "#SBATCH --output=sommeil-%j.out\n#SBATCH --time=00:02:00\n"
                           "#SBATCH --cpus-per-task=1\n#SBATCH --mem=1G\nhostname\nsleep 30\n";

// "commentaire" alone: right for bash, unclear for Slurm; the grader asks the instructor.
const QByteArray kUnsureLines = "Une directive placée après hostname devient un commentaire.\n";

QTreeWidgetItem *row(QTreeWidget *results, const QString &id)
{
    for (int i = 0; i < results->topLevelItemCount(); ++i)
        if (results->topLevelItem(i)->data(0, Qt::UserRole).toString() == id)
            return results->topLevelItem(i);
    return nullptr;
}

} // namespace

class TestReviewDisplay : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        rubrics_ = schedlab::testing::startWindowTest();
        QVERIFY2(rubrics_.error.isEmpty(), qPrintable(rubrics_.error));
        const grader::Rubric *rubric = rubrics_.find(QStringLiteral("ex1"));
        QVERIFY(rubric);
        workspace_ = std::make_unique<Workspace>(root_.path());
        QString error;
        QVERIFY2(workspace_->prepare(*rubric, &error), qPrintable(error));
        const QString dir = workspace_->exerciseDir(QStringLiteral("ex1"));
        for (const auto &[name, bytes] : {std::pair(QStringLiteral("sommeil.sbatch"), kScript),
                                          std::pair(QStringLiteral("lignes.md"), kUnsureLines)}) {
            QFile f(dir + u'/' + name);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(bytes);
        }
        host_ = std::make_unique<QMainWindow>();
        page_ = new ExercisePage(*rubric, workspace_.get(), host_.get());
        host_->setCentralWidget(page_);
        host_->resize(1366, 768);
        host_->show();
    }

    void pendingIsShownAsPending()
    {
        page_->grade();
        const grader::ExerciseResult &r = page_->lastResult();
        const double pending = r.pending();
        QVERIFY(pending >= 1);
        QTreeWidgetItem *late = row(page_->results(), QStringLiteral("ex1.answer.late-directive"));
        QVERIFY(late);
        QCOMPARE(late->text(1), QStringLiteral("to be reviewed: 1 pending"));
        QCOMPARE(late->text(2), QStringLiteral("pending / 1"));
        const QString feedback = late->child(0)->text(0);
        QVERIFY2(feedback.startsWith(QStringLiteral("À vérifier par l'enseignant")),
                 qPrintable(feedback));
        QVERIFY2(!feedback.contains(QStringLiteral("Oui :")), qPrintable(feedback));
        // The mark is a range: what is earned, up to that plus what awaits the review.
        const QString score = page_->scoreLabel()->text();
        QCOMPARE(score, QStringLiteral("Score: %1 to %2 / %3 (%4 pending review)")
                            .arg(r.score)
                            .arg(r.score + pending)
                            .arg(r.max)
                            .arg(pending));
        QVERIFY(!page_->resultIsStale());
    }

    void aResultGivenBeforeAnEditIsStale()
    {
        page_->grade();
        QVERIFY(page_->results()->isEnabled());
        CodeEditor *editor = page_->editor(QStringLiteral("lignes.md"));
        QVERIFY(editor);
        editor->append(QStringLiteral("Elle est ignorée par Slurm.\n"));
        QVERIFY(page_->resultIsStale());
        QVERIFY2(page_->scoreLabel()->text().endsWith(
                     QStringLiteral("before your last change: check again")),
                 qPrintable(page_->scoreLabel()->text()));
        QVERIFY(!page_->results()->isEnabled());
        // Checking again shows the new result, no longer stale.
        page_->grade();
        QVERIFY(!page_->resultIsStale());
        QVERIFY(page_->results()->isEnabled());
        QTreeWidgetItem *late = row(page_->results(), QStringLiteral("ex1.answer.late-directive"));
        QCOMPARE(late->text(1), QStringLiteral("passed"));
    }

private:
    grader::RubricSet rubrics_;
    QTemporaryDir root_;
    std::unique_ptr<Workspace> workspace_;
    std::unique_ptr<QMainWindow> host_;
    ExercisePage *page_ = nullptr;
};

QTEST_MAIN(TestReviewDisplay)
#include "tst_reviewdisplay.moc"
