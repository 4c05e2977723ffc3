// Instructor mode driven as a teacher uses it (offscreen): open a class folder, grade it,
// filter the table, read a student's file with the evidence highlighted and a pasted key
// masked, override a mark, see what a rubric edit changes, export the CSV. The real
// `schedlab-cli grade` is the reference for every mark.
#include "../common/unprivileged.h"
#include "changespanel.h"
#include "classgrading.h"
#include "criterionpanel.h"
#include "evidenceview.h"
#include "gradebook.h"
#include "instructorpage.h"
#include "overridedialog.h"
#include "secrets.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QTabBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextBrowser>
#include <QToolButton>
#include <QTreeWidget>
#include <QtTest>

#include <unistd.h>

using namespace schedlab;
using namespace schedlab::gui;

namespace {

const QString kClassData = QStringLiteral(SCHEDLAB_TEST_DATA "/instructor/classe");

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Run cli(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(SCHEDLAB_CLI), args);
    p.waitForFinished(120000);
    return Run{p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
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

QByteArray onDisk(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void write(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(bytes);
}

// The body lines of the key pasted in s03-chloe's answer: never to be shown.
QStringList keyBody()
{
    const QString text = QString::fromUtf8(onDisk(kClassData + "/s03-chloe/ex1/lignes.md"));
    const qsizetype begin = text.indexOf(QStringLiteral("-----BEGIN"));
    QStringList lines = text.mid(begin).split(u'\n', Qt::SkipEmptyParts);
    lines.removeFirst(); // BEGIN
    lines.removeLast();  // END
    return lines;
}

QString display(const QAbstractItemModel *model, int row, int column)
{
    return model->index(row, column).data().toString();
}

QStringList visibleStudents(const InstructorPage &page)
{
    QStringList out;
    const QAbstractItemModel *view = page.table()->model();
    for (int r = 0; r < view->rowCount(); ++r)
        out << view->index(r, GradebookModel::StudentColumn).data().toString();
    return out;
}

} // namespace

class TestInstructor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("SchedLabTests"));
        QStandardPaths::setTestModeEnabled(true);
        rubrics_ = grader::loadRubrics(QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises"));
        QVERIFY2(rubrics_.error.isEmpty(), qPrintable(rubrics_.error));
        QVERIFY(QFileInfo(QStringLiteral(SCHEDLAB_CLI)).isExecutable());
    }

    void init()
    {
        dir_ = std::make_unique<QTemporaryDir>();
        classDir_ = dir_->filePath(QStringLiteral("classe"));
        QVERIFY(copyTree(kClassData, classDir_));
        page_ = std::make_unique<InstructorPage>(rubrics_);
        page_->resize(1400, 850);
        page_->show();
        QString error;
        QVERIFY2(page_->openClass(classDir_, &error), qPrintable(error));
    }

    void cleanup()
    {
        page_.reset();
        dir_.reset();
    }

    void openingShowsTheStudentsBeforeGrading()
    {
        QCOMPARE(page_->grading()->students().size(), 4);
        QCOMPARE(page_->exerciseSelector()->currentData().toString(), QStringLiteral("ex1"));
        QCOMPARE(page_->model()->rowCount(), 4);
        QCOMPARE(display(page_->model(), 0, page_->model()->problemColumn()),
                 QStringLiteral("Not graded"));
        QVERIFY(QFileInfo::exists(classDir_ + QStringLiteral("/gradebook.sqlite")));
    }

    void gradingFillsTheTableAsTheCli()
    {
        QSignalSpy progress(page_->grading(), &ClassGrading::progress);
        QSignalSpy finished(page_.get(), &InstructorPage::gradingFinished);
        page_->gradeAll();
        // Asynchronous: the call returns at once, the bar shows.
        QVERIFY(page_->grading()->isRunning());
        QVERIFY(page_->progressBar()->isVisible());
        QVERIFY(page_->cancelButton()->isVisible());
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().first().toInt(), 4);
        QCOMPARE(progress.last(), (QList<QVariant>{4, 4}));
        QCOMPARE(page_->progressBar()->format(), QStringLiteral("4 / 4"));
        QVERIFY(!page_->progressBar()->isVisible());

        const Run r = cli({QStringLiteral("grade"), QStringLiteral("--format"),
                           QStringLiteral("json"), classDir_});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray all = QJsonDocument::fromJson(r.out).array();
        const QList<grader::ExerciseResult> &mine = page_->grading()->results();
        QCOMPARE(mine.size(), all.size());
        for (int i = 0; i < all.size(); ++i) {
            const QJsonObject o = all[i].toObject();
            QCOMPARE(mine[i].student, o[QStringLiteral("student")].toString());
            QCOMPARE(mine[i].exercise, o[QStringLiteral("exercise")].toString());
            QCOMPARE(mine[i].score, o[QStringLiteral("score")].toDouble());
            const QJsonArray criteria = o[QStringLiteral("criteria")].toArray();
            QCOMPARE(mine[i].criteria.size(), criteria.size());
            for (int c = 0; c < criteria.size(); ++c)
                QCOMPARE(mine[i].criteria[c].points,
                         criteria[c].toObject()[QStringLiteral("points")].toDouble());
        }
        // What the teacher reads in the table: ex1's totals and cells.
        const GradebookModel *model = page_->model();
        for (const QJsonValue &v : all) {
            const QJsonObject o = v.toObject();
            if (o[QStringLiteral("exercise")].toString() != QLatin1String("ex1"))
                continue;
            const int row = model->rowOf(o[QStringLiteral("student")].toString());
            QVERIFY(row >= 0);
            // A range while points await review (the JSON's "pending").
            const double score = o[QStringLiteral("score")].toDouble();
            const double pending = o[QStringLiteral("pending")].toDouble();
            QCOMPARE(display(model, row, GradebookModel::TotalColumn),
                     (pending > 0 ? QStringLiteral("%1–%2 / %3").arg(score).arg(score + pending)
                                  : QStringLiteral("%1 / %2").arg(score))
                         .arg(o[QStringLiteral("max")].toDouble()));
            for (const QJsonValue &cv : o[QStringLiteral("criteria")].toArray()) {
                const QJsonObject c = cv.toObject();
                const QString cell =
                    display(model, row, model->columnOf(c[QStringLiteral("id")].toString()));
                if (c[QStringLiteral("review")].toBool())
                    QVERIFY2(cell.startsWith(QStringLiteral("? ")), qPrintable(cell));
                else
                    QVERIFY2(cell.contains(QStringLiteral("%1/%2")
                                               .arg(c[QStringLiteral("points")].toDouble())
                                               .arg(c[QStringLiteral("max")].toDouble())),
                             qPrintable(cell));
            }
        }
        // Saved in the gradebook, as the CLI would have.
        grader::Gradebook book;
        QString error;
        QVERIFY(book.open(classDir_ + QStringLiteral("/gradebook.sqlite"), &error));
        QCOMPARE(book.latest(QStringLiteral("s02-bruno"), QStringLiteral("ex1"))->score, 9.0);
    }

    void gradingCanBeCancelled()
    {
        QSignalSpy cancelled(page_->grading(), &ClassGrading::cancelled);
        connect(page_->grading(), &ClassGrading::progress, this, [this](int done, int) {
            if (done == 1)
                page_->cancelButton()->click();
        });
        page_->gradeAll();
        QVERIFY(cancelled.wait(60000));
        QCOMPARE(cancelled.first(), (QList<QVariant>{1, 4}));
        QVERIFY(!page_->grading()->isRunning());
        QVERIFY(!page_->progressBar()->isVisible());
        QVERIFY(page_->message()->text().contains(QStringLiteral("cancelled")));
        grader::Gradebook book;
        QString error;
        QVERIFY(book.open(classDir_ + QStringLiteral("/gradebook.sqlite"), &error));
        QVERIFY(!book.latest(QStringLiteral("s01-amelie"), QStringLiteral("ex1")));
    }

    void filtersKeepTheStudentsToLookAt()
    {
        gradeAndWait();
        QCOMPARE(visibleStudents(*page_),
                 (QStringList{"s01-amelie", "s02-bruno", "s03-chloe", "s04-david"}));
        page_->filterButton(GradebookFilter::Failed)->click();
        QCOMPARE(visibleStudents(*page_), (QStringList{"s02-bruno", "s04-david"}));
        QCOMPARE(page_->filterButton(GradebookFilter::Failed)->text(),
                 QStringLiteral("With a failed criterion (2)"));
        // Bruno gives two files at once; David's untouched starting file is a sure fail.
        page_->filterButton(GradebookFilter::ToReview)->click();
        QCOMPARE(visibleStudents(*page_), QStringList{"s02-bruno"});
        page_->filterButton(GradebookFilter::All)->click();
        page_->searchField()->setText(QStringLiteral("CHL"));
        QCOMPARE(visibleStudents(*page_), QStringList{"s03-chloe"});
        page_->searchField()->clear();

        // Sorting by a column: the totals, highest first.
        page_->table()->sortByColumn(GradebookModel::TotalColumn, Qt::DescendingOrder);
        const QStringList byTotal = visibleStudents(*page_);
        QCOMPARE(byTotal.last(), QStringLiteral("s04-david"));
        QCOMPARE(byTotal[2], QStringLiteral("s02-bruno"));
    }

    void evidenceIsHighlightedAndKeysMasked()
    {
        gradeAndWait();
        QVERIFY(page_->selectCell(QStringLiteral("s03-chloe"),
                                  QStringLiteral("ex1.answer.time-rounding")));
        EvidenceView *view = page_->evidenceView();
        QCOMPARE(view->currentFile(), QStringLiteral("lignes.md"));
        const QString text = view->text()->toPlainText();
        QVERIFY(text.contains(grader::kMaskedKey));
        for (const QString &line : keyBody())
            QVERIFY2(!text.contains(line), qPrintable(line));
        QVERIFY(view->note()->isVisible());
        QVERIFY(view->note()->text().contains(QStringLiteral("private key")));

        // "« 1 minute » (ligne 15)": highlighted on line 15.
        const QList<QTextEdit::ExtraSelection> selections = view->text()->extraSelections();
        const auto evidence = std::find_if(
            selections.begin(), selections.end(), [](const QTextEdit::ExtraSelection &s) {
                return s.format.background().color() == EvidenceView::evidenceColor();
            });
        QVERIFY(evidence != selections.end());
        QCOMPARE(evidence->cursor.selectedText(), QStringLiteral("1 minute"));
        QCOMPARE(evidence->cursor.block().blockNumber() + 1, 15);
        const auto masked = std::find_if(
            selections.begin(), selections.end(), [](const QTextEdit::ExtraSelection &s) {
                return s.format.background().color() == EvidenceView::maskedColor();
            });
        QVERIFY(masked != selections.end());
        QCOMPARE(masked->cursor.selectedText(), grader::kMaskedKey);

        // Beside it: the criterion's title, decision and feedback.
        CriterionPanel *panel = page_->criterionPanel();
        QCOMPARE(panel->title()->text(), QStringLiteral("Arrondi de --time"));
        QVERIFY(panel->decision()->text().contains(QStringLiteral("Passed")));
        const QString details = panel->details()->toPlainText();
        QVERIFY2(details.contains(QStringLiteral("Oui : la résolution est d'une minute")),
                 qPrintable(details));
        QVERIFY(details.contains(QStringLiteral("« 1 minute » (ligne 15)")));

        // The script's evidence quotes whole lines: the directive after hostname.
        QVERIFY(page_->selectCell(QStringLiteral("s02-bruno"),
                                  QStringLiteral("ex1.script.no-late-directive")));
        QCOMPARE(view->currentFile(), QStringLiteral("sommeil.sbatch"));
        QCOMPARE(view->highlighted().size(), 1);
        const EvidenceRange r = view->highlighted().first();
        QCOMPARE(view->text()->toPlainText().mid(r.start, r.length),
                 QStringLiteral("#SBATCH --mem=1G"));
        QVERIFY(r.exact);

        // Every file of the student's exercise: no key anywhere.
        QVERIFY(
            page_->selectCell(QStringLiteral("s03-chloe"), QStringLiteral("ex1.script.shebang")));
        for (int tab = 0; tab < view->fileTabs()->count(); ++tab) {
            view->fileTabs()->setCurrentIndex(tab);
            for (const QString &line : keyBody())
                QVERIFY(!view->text()->toPlainText().contains(line));
        }
    }

    void overrideWithAReasonIsKept()
    {
        gradeAndWait();
        const QString student = QStringLiteral("s02-bruno");
        const QString criterion = QStringLiteral("ex1.answer.time-rounding");
        QVERIFY(page_->selectCell(student, criterion));
        QString error;
        QVERIFY(!page_->overrideSelected(true, 1, QStringLiteral("  "), &error));
        QVERIFY(error.contains(QStringLiteral("reason")));

        // Through the dialog, as the teacher does it.
        bool dialogSeen = false;
        QTimer::singleShot(0, this, [&] {
            auto *dialog = qobject_cast<OverrideDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            dialogSeen = true;
            QVERIFY(!dialog->okButton()->isEnabled()); // no reason yet
            dialog->passedButton()->click();
            QCOMPARE(dialog->pointsBox()->value(), 1.0);
            dialog->reasonEdit()->setPlainText(
                QStringLiteral("« reste 30 secondes » : relu, il parle du job, pas de la limite."));
            QVERIFY(dialog->okButton()->isEnabled());
            dialog->okButton()->click();
        });
        page_->criterionPanel()->overrideButton()->click();
        QVERIFY(dialogSeen);

        const GradebookModel *model = page_->model();
        const int row = model->rowOf(student);
        QCOMPARE(display(model, row, GradebookModel::TotalColumn), QStringLiteral("10–11 / 15"));
        QCOMPARE(model->status(row, model->columnOf(criterion)), CellStatus::Overridden);
        const QString history = page_->criterionPanel()->details()->toPlainText();
        QVERIFY2(history.contains(QStringLiteral("relu, il parle du job")), qPrintable(history));
        QVERIFY(history.contains(ClassGrading::userName()));
        QVERIFY(history.contains(QStringLiteral("0 → 1")));

        // Kept after reopening the gradebook, before and after grading again.
        page_ = std::make_unique<InstructorPage>(rubrics_);
        QVERIFY2(page_->openClass(classDir_, &error), qPrintable(error));
        QCOMPARE(display(page_->model(), row, GradebookModel::TotalColumn),
                 QStringLiteral("10–11 / 15"));
        gradeAndWait();
        QVERIFY(!page_->changesPanel()->isVisibleTo(page_.get()));
        QCOMPARE(display(page_->model(), row, GradebookModel::TotalColumn),
                 QStringLiteral("10–11 / 15"));
        QVERIFY(page_->selectCell(student, criterion));
        QVERIFY(page_->criterionPanel()->details()->toPlainText().contains(QStringLiteral("relu")));

        // The command line reads the same gradebook.
        const Run r = cli({QStringLiteral("grade"), QStringLiteral("--exercise"),
                           QStringLiteral("ex1"), QStringLiteral("--db"),
                           classDir_ + QStringLiteral("/gradebook.sqlite"), classDir_});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject bruno = QJsonDocument::fromJson(r.out).array()[1].toObject();
        QCOMPARE(bruno[QStringLiteral("score")].toDouble(), 10.0);
    }

    void rubricEditListsTheChangedMarks()
    {
        gradeAndWait();
        const QString edited = dir_->filePath(QStringLiteral("exercises"));
        QVERIFY(copyTree(QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises"), edited));
        const QString yamlPath = edited + QStringLiteral("/ex1/rubric.yaml");
        QString yaml = QString::fromUtf8(onDisk(yamlPath));
        const QString before = QStringLiteral("title: Les cinq directives\n    points: 3");
        QVERIFY(yaml.contains(before));
        yaml.replace(before, QStringLiteral("title: Les cinq directives\n    points: 4"));
        yaml.replace(QStringLiteral("version: 6"), QStringLiteral("version: 7"));
        write(yamlPath, yaml.toUtf8());
        const grader::RubricSet rubrics = grader::loadRubrics(edited);
        QVERIFY2(rubrics.error.isEmpty(), qPrintable(rubrics.error));

        QSignalSpy finished(page_.get(), &InstructorPage::gradingFinished);
        page_->setRubrics(rubrics);
        QVERIFY(finished.wait(60000));
        QVERIFY(page_->changesPanel()->isVisibleTo(page_.get()));
        QTreeWidget *list = page_->changesList();
        QCOMPARE(list->topLevelItemCount(), 2); // those who had the directives right
        QCOMPARE(list->topLevelItem(0)->text(0), QStringLiteral("s01-amelie"));
        QCOMPARE(list->topLevelItem(0)->text(2), QStringLiteral("15 → 16"));
        QCOMPARE(list->topLevelItem(0)->text(3), QStringLiteral("ex1@6 → ex1@7"));
        QCOMPARE(list->topLevelItem(0)->child(0)->text(0),
                 QStringLiteral("ex1.script.directives : 3 → 4"));
        QCOMPARE(list->topLevelItem(1)->text(0), QStringLiteral("s03-chloe"));

        // Nothing is saved until the teacher confirms.
        grader::Gradebook book;
        QString error;
        QVERIFY(book.open(classDir_ + QStringLiteral("/gradebook.sqlite"), &error));
        QCOMPARE(book.latest(QStringLiteral("s01-amelie"), QStringLiteral("ex1"))->score, 15.0);
        QVERIFY(!page_->criterionPanel()->overrideButton()->isEnabled() ||
                !page_->criterionPanel()->overrideButton()->isVisible());
        page_->changesPanel()->saveButton()->click();
        QVERIFY(!page_->changesPanel()->isVisibleTo(page_.get()));
        QCOMPARE(book.latest(QStringLiteral("s01-amelie"), QStringLiteral("ex1"))->score, 16.0);
        QCOMPARE(book.latest(QStringLiteral("s01-amelie"), QStringLiteral("ex1"))->rubricTag,
                 QStringLiteral("ex1@7"));
    }

    void csvExportEqualsTheCli()
    {
        gradeAndWait();
        const QString path = dir_->filePath(QStringLiteral("notes.csv"));
        QString error;
        QVERIFY2(page_->exportCsv(path, &error), qPrintable(error));
        const Run plain = cli({QStringLiteral("grade"), QStringLiteral("--format"),
                               QStringLiteral("csv"), classDir_});
        QCOMPARE(plain.exitCode, 0);
        QCOMPARE(onDisk(path), plain.out);

        // With an override: as the CLI reading the gradebook.
        QVERIFY(page_->selectCell(QStringLiteral("s02-bruno"),
                                  QStringLiteral("ex1.answer.output-file")));
        QVERIFY2(
            page_->overrideSelected(false, 0, QStringLiteral("Deux fichiers à la fois."), &error),
            qPrintable(error));
        QVERIFY(page_->exportCsv(path, &error));
        const Run withDb = cli({QStringLiteral("grade"), QStringLiteral("--format"),
                                QStringLiteral("csv"), QStringLiteral("--db"),
                                classDir_ + QStringLiteral("/gradebook.sqlite"), classDir_});
        QCOMPARE(withDb.exitCode, 0);
        QCOMPARE(onDisk(path), withDb.out);
        QVERIFY(onDisk(path) != plain.out); // the review is settled: "?" became 0
    }

    void errorsAreSentences()
    {
        InstructorPage page(rubrics_);
        QString error;
        const QString missing = dir_->filePath(QStringLiteral("nulle-part"));
        QVERIFY(!page.openClass(missing, &error));
        QVERIFY2(error.contains(missing) && error.contains(QStringLiteral("does not exist")),
                 qPrintable(error));
        QCOMPARE(page.message()->text(), error);

        const QString empty = dir_->filePath(QStringLiteral("vide"));
        QDir().mkpath(empty);
        QVERIFY(!page.openClass(empty, &error));
        QVERIFY2(error.contains(QStringLiteral("no student folder")), qPrintable(error));

        const QString corrupt = dir_->filePath(QStringLiteral("corrompu.sqlite"));
        write(corrupt,
              QByteArray("ceci n'est pas une base SQLite, juste du texte.\n").repeated(100));
        QVERIFY(!page.openClass(classDir_, &error, corrupt));
        QVERIFY2(error.contains(corrupt) && error.contains(QStringLiteral("gradebook")),
                 qPrintable(error));
        QVERIFY(!page.exportCsv(dir_->filePath(QStringLiteral("x.csv")), &error));
        QVERIFY(error.contains(QStringLiteral("grade the class first")));
        page.gradeAll(); // no class: a sentence, no crash
        QVERIFY(page.message()->text().contains(QStringLiteral("Open a class folder")));
    }

    void unreadableSubmissionShowsInItsRow()
    {
        // Graded as an ordinary user (root reads every folder): the class and its gradebook
        // opened to that user, one student's folder closed.
        schedlab::testing::openUpTo(dir_->path(), classDir_);
        QFile::setPermissions(page_->grading()->gradebookPath(),
                              QFileDevice::Permissions(0x6666)); // rw for everyone
        const QString locked = classDir_ + QStringLiteral("/s01-amelie/ex1");
        QFile::setPermissions(locked, QFileDevice::Permissions());
        {
            const schedlab::testing::AsUnprivileged nobody;
            gradeAndWait();
        }
        QFile::setPermissions(locked, QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                          QFileDevice::ExeOwner);
        const GradebookModel *model = page_->model();
        const int row = model->rowOf(QStringLiteral("s01-amelie"));
        QVERIFY2(
            display(model, row, model->problemColumn()).contains(QStringLiteral("cannot be read")),
            qPrintable(display(model, row, model->problemColumn()) + u' ' +
                       page_->message()->text()));
        QVERIFY(page_->message()->text().contains(QStringLiteral("could not be read")));
        // The others' grades are saved all the same.
        QVERIFY2(!page_->message()->text().contains(QStringLiteral("could not be saved")),
                 qPrintable(page_->message()->text()));
        grader::Gradebook book;
        QString error;
        QVERIFY(book.open(page_->grading()->gradebookPath(), &error));
        QVERIFY(book.latest(QStringLiteral("s02-bruno"), QStringLiteral("ex1")));
    }

    void screenshot()
    {
        gradeAndWait();
        QVERIFY(page_->selectCell(QStringLiteral("s03-chloe"),
                                  QStringLiteral("ex1.answer.time-rounding")));
        QVERIFY(page_->grab().save(QStringLiteral("/tmp/instructor.png")));
    }

private:
    void gradeAndWait()
    {
        QSignalSpy finished(page_.get(), &InstructorPage::gradingFinished);
        page_->gradeAll();
        QVERIFY(finished.wait(60000));
    }

    grader::RubricSet rubrics_;
    std::unique_ptr<QTemporaryDir> dir_;
    QString classDir_;
    std::unique_ptr<InstructorPage> page_;
};

QTEST_MAIN(TestInstructor)
#include "tst_instructor.moc"
