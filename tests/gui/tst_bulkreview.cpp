// Review in bulk, as an instructor works through it (offscreen): a class whose answers to one
// question come back in a few wordings; the "To review" tab groups them, one decision with its
// reason is recorded for a group's ticked students, and the gradebook keeps it per student.
#include "bulkreview.h"
#include "classgrading.h"
#include "gradebook.h"
#include "instructorpage.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QtTest>

#include <memory>

using namespace schedlab;
using namespace schedlab::gui;

namespace {

const QString kExercise = QStringLiteral("ex1");
const QString kRounding = QStringLiteral("ex1.answer.time-rounding");

const QByteArray kScript = "#!/bin/bash\n#SBATCH --job-name=sommeil\n"
                           "#SBATCH --output=sommeil-%j.out\n#SBATCH --time=00:02:00\n"
                           "#SBATCH --cpus-per-task=1\n#SBATCH --mem=1G\nhostname\nsleep 30\n";

QByteArray lines(const QByteArray &roundingAnswer)
{
    return "# Le script ligne par ligne\n\n"
           "1. `#!/bin/bash` : bash lance le fichier, Slurm y voit un commentaire.\n"
           "2. `#SBATCH --job-name=sommeil` : le nom du job.\n"
           "3. `#SBATCH --output=sommeil-%j.out` : le fichier de sortie, %j le numéro du job.\n"
           "4. `#SBATCH --time=00:02:00` : 2 minutes au plus.\n"
           "5. `#SBATCH --cpus-per-task=1` : un CPU.\n"
           "6. `#SBATCH --mem=1G` : 1 Gio de mémoire.\n"
           "7. `hostname` : le nom du nœud.\n"
           "8. `sleep 30` : 30 secondes de pause.\n\n"
           "# Réponses\n\n"
           "La directive après hostname est ignorée.\n\n"
           "Durée retenue pour --time=00:00:30 : " +
           roundingAnswer +
           "\n\n"
           "Sans --error, tout va dans sommeil-%j.out.\n";
}

// One answer given two ways at once (right and wrong: the grader asks), in three wordings, one
// with a negation, two others.
const QList<std::pair<QString, QByteArray>> kAnswers = {
    {QStringLiteral("e01"), "ça dépend du cluster, parfois 1 minute, parfois on garde 30 secondes"},
    {QStringLiteral("e02"), "ca depend du cluster, parfois 1 minute, parfois on garde 30 secondes"},
    {QStringLiteral("e03"),
     "Ça dépend du cluster : parfois 1 minute, parfois on garde 30 secondes !"},
    {QStringLiteral("e04"),
     "ça ne dépend pas du cluster, parfois 1 minute, parfois on garde 30 secondes"},
    {QStringLiteral("e05"), "le temps est compté en minutes, 1 minute ou on garde 30 secondes"},
    {QStringLiteral("e06"),
     "Ça dépend des clusters, parfois 1 minute, parfois on garde 30 secondes"},
};

void write(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(bytes);
}

QStringList childrenOf(const QTreeWidgetItem *group)
{
    QStringList out;
    for (int i = 0; i < group->childCount(); ++i)
        out << group->child(i)->text(0);
    return out;
}

const grader::CriterionResult *criterionOf(const ClassGrading &grading, const QString &student)
{
    const grader::ExerciseResult *r = grading.result(student, kExercise);
    if (!r)
        return nullptr;
    for (const grader::CriterionResult &c : r->criteria)
        if (c.id == kRounding)
            return &c;
    return nullptr;
}

} // namespace

class TestBulkReview : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("SchedLabTests"));
        QStandardPaths::setTestModeEnabled(true);
        rubrics_ = grader::loadRubrics(QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises"));
        QVERIFY2(rubrics_.error.isEmpty(), qPrintable(rubrics_.error));
    }

    void init()
    {
        dir_ = std::make_unique<QTemporaryDir>();
        classDir_ = dir_->filePath(QStringLiteral("classe"));
        for (const auto &[student, answer] : kAnswers) {
            write(classDir_ + u'/' + student + QStringLiteral("/ex1/sommeil.sbatch"), kScript);
            write(classDir_ + u'/' + student + QStringLiteral("/ex1/lignes.md"), lines(answer));
        }
        page_ = std::make_unique<InstructorPage>(rubrics_);
        page_->resize(1366, 768);
        page_->show();
        QString error;
        QVERIFY2(page_->openClass(classDir_, &error), qPrintable(error));
        QSignalSpy finished(page_.get(), &InstructorPage::gradingFinished);
        page_->gradeAll();
        QVERIFY(finished.wait(60000));
        for (const auto &[student, answer] : kAnswers) {
            const grader::CriterionResult *c = criterionOf(*page_->grading(), student);
            QVERIFY(c);
            QVERIFY2(c->pending(),
                     qPrintable(student + u' ' + c->feedback)); // built to need review
        }
        page_->tabs()->setCurrentIndex(InstructorPage::ReviewTab);
    }

    void cleanup()
    {
        page_.reset();
        dir_.reset();
    }

    void answersAreGroupedLargestFirst()
    {
        BulkReviewPanel *bulk = page_->bulkReview();
        QVERIFY(page_->tabs()
                    ->tabText(InstructorPage::ReviewTab)
                    .startsWith(QStringLiteral("To review (")));
        QVERIFY(bulk->selectCriterion(kExercise, kRounding));
        QVERIFY(bulk->criterionSelector()->currentText().contains(QStringLiteral("6 to review")));
        QTreeWidget *groups = bulk->groupList();
        QCOMPARE(groups->topLevelItemCount(), 3);
        // The same words (case, accents, punctuation aside), and "des clusters" near them.
        QCOMPARE(childrenOf(groups->topLevelItem(0)), (QStringList{"e01", "e02", "e03", "e06"}));
        QCOMPARE(groups->topLevelItem(0)->text(0), QStringLiteral("4 alike"));
        // The negation is judged on its own, as is another answer.
        QCOMPARE(childrenOf(groups->topLevelItem(1)), QStringList{"e04"});
        QCOMPARE(groups->topLevelItem(1)->text(0), QStringLiteral("1 answer"));
        QCOMPARE(childrenOf(groups->topLevelItem(2)), QStringList{"e05"});

        // The group's answer is shown once per wording, with who wrote it, and what is expected.
        bulk->selectGroup(0);
        const QString shown = bulk->answerView()->toPlainText();
        QVERIFY2(shown.contains(
                     QStringLiteral("ça dépend du cluster, parfois 1 minute, parfois on garde")),
                 qPrintable(shown));
        QVERIFY(shown.contains(QStringLiteral("Ça dépend des clusters")));
        QVERIFY(shown.contains(QStringLiteral("e01")));
        QVERIFY(shown.contains(QStringLiteral("Expected:")));
        QVERIFY(shown.contains(QStringLiteral("1 minute")));
        QVERIFY(!shown.contains(QStringLiteral("La directive après hostname"))); // another question
    }

    void oneDecisionCoversTheTickedStudents()
    {
        BulkReviewPanel *bulk = page_->bulkReview();
        QVERIFY(bulk->selectCriterion(kExercise, kRounding));
        bulk->selectGroup(0);
        QTreeWidgetItem *group = bulk->groupList()->topLevelItem(0);
        QCOMPARE(bulk->chosenStudents(), (QStringList{"e01", "e02", "e03", "e06"}));
        // A reason is required.
        QVERIFY(!bulk->applyButton()->isEnabled());
        QCOMPARE(bulk->applyButton()->text(), QStringLiteral("Record for 4 student(s)"));
        // One student's answer is left to be judged alone.
        group->child(1)->setCheckState(0, Qt::Unchecked);
        QCOMPARE(bulk->chosenStudents(), (QStringList{"e01", "e03", "e06"}));
        bulk->failedButton()->setChecked(true);
        QCOMPARE(bulk->pointsBox()->value(), 0.0);
        const QString why = QStringLiteral("Slurm retient une minute, jamais 30 secondes.");
        bulk->reasonEdit()->setPlainText(why);
        QVERIFY(bulk->applyButton()->isEnabled());
        QCOMPARE(bulk->applyButton()->text(), QStringLiteral("Record for 3 student(s)"));
        QTest::mouseClick(bulk->applyButton(), Qt::LeftButton);

        // Decided for the three, with the reason; the unticked one still awaits review.
        for (const char *student : {"e01", "e03", "e06"}) {
            const grader::CriterionResult *c =
                criterionOf(*page_->grading(), QString::fromLatin1(student));
            QVERIFY(c && c->overridden);
            QVERIFY(!c->pending());
            QCOMPARE(c->points, 0.0);
            QCOMPARE(c->overridden->why, why);
        }
        QVERIFY(criterionOf(*page_->grading(), QStringLiteral("e02"))->pending());
        QVERIFY(bulk->status()->text().contains(QStringLiteral("e01, e03, e06")));
        QVERIFY(bulk->reasonEdit()->toPlainText().isEmpty());
        // The list shows what is left: e02 alone now, the two others as before.
        QVERIFY(bulk->criterionSelector()->currentText().contains(QStringLiteral("3 to review")));
        QCOMPARE(bulk->groupList()->topLevelItemCount(), 3);
        QStringList left;
        for (int i = 0; i < bulk->groupList()->topLevelItemCount(); ++i)
            left << childrenOf(bulk->groupList()->topLevelItem(i));
        std::sort(left.begin(), left.end());
        QCOMPARE(left, (QStringList{"e02", "e04", "e05"}));

        // The gradebook keeps one history line per student, as a single override would.
        grader::Gradebook book;
        QString error;
        QVERIFY2(book.open(page_->grading()->gradebookPath(), &error), qPrintable(error));
        const QList<grader::OverrideRecord> history =
            book.overrides(QStringLiteral("e03"), kExercise);
        QCOMPARE(history.size(), 1);
        QCOMPARE(history[0].criterion, kRounding);
        QCOMPARE(history[0].why, why);
        QVERIFY(!history[0].passed);
        QVERIFY(book.overrides(QStringLiteral("e02"), kExercise).isEmpty());
    }

    void aPassGivesThePointsToTheGroup()
    {
        BulkReviewPanel *bulk = page_->bulkReview();
        QVERIFY(bulk->selectCriterion(kExercise, kRounding));
        bulk->selectGroup(2); // e05: "le temps est compté en minutes"
        QCOMPARE(bulk->chosenStudents(), QStringList{"e05"});
        QVERIFY(bulk->passedButton()->isChecked());
        QCOMPARE(bulk->pointsBox()->value(), 1.0);
        bulk->reasonEdit()->setPlainText(
            QStringLiteral("En minutes : une minute, l'essentiel y est."));
        QString error;
        QVERIFY2(bulk->applyDecision(&error), qPrintable(error));
        const grader::ExerciseResult *r =
            page_->grading()->result(QStringLiteral("e05"), kExercise);
        QCOMPARE(criterionOf(*page_->grading(), QStringLiteral("e05"))->points, 1.0);
        QCOMPARE(r->pending() + r->score <= r->max, true);
    }

    // All or nothing: a decision the gradebook refuses for one student is recorded for none.
    void aRefusedDecisionRecordsNothing()
    {
        grader::OverrideRequest good{QStringLiteral("e01"), kExercise, kRounding, 1, true, {},
                                     QStringLiteral("ok"),  {}};
        grader::OverrideRequest bad = good;
        bad.criterion = QStringLiteral("ex1.no-such-criterion");
        QString error;
        QVERIFY(!page_->grading()->addOverrides({good, bad}, &error));
        QVERIFY2(error.contains(QStringLiteral("no-such-criterion")), qPrintable(error));
        QVERIFY(criterionOf(*page_->grading(), QStringLiteral("e01"))->pending());
        QVERIFY(page_->grading()->history(QStringLiteral("e01"), kExercise, kRounding).isEmpty());
    }

    void nothingLeftSaysSo()
    {
        BulkReviewPanel *bulk = page_->bulkReview();
        QList<grader::OverrideRequest> all;
        for (const grader::ExerciseResult &r : page_->grading()->results())
            for (const grader::CriterionResult &c : r.criteria)
                if (c.pending())
                    all << grader::OverrideRequest{r.student, r.exercise,           c.id, 0, false,
                                                   {},        QStringLiteral("vu"), {}};
        QString error;
        QVERIFY2(page_->grading()->addOverrides(all, &error), qPrintable(error));
        QCOMPARE(bulk->criterionSelector()->count(), 0);
        QCOMPARE(bulk->groupList()->topLevelItemCount(), 0);
        QVERIFY(!bulk->applyButton()->isEnabled());
        QVERIFY(bulk->status()->text().contains(QStringLiteral("No answer awaits review")));
        QCOMPARE(page_->tabs()->tabText(InstructorPage::ReviewTab), QStringLiteral("To review"));
    }

private:
    grader::RubricSet rubrics_;
    std::unique_ptr<QTemporaryDir> dir_;
    QString classDir_;
    std::unique_ptr<InstructorPage> page_;
};

QTEST_MAIN(TestBulkReview)
#include "tst_bulkreview.moc"
