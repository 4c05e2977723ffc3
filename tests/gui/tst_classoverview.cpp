// Instructor mode on a class as Moodle hands it out (offscreen): the class zip opened from the
// Open menu, the corrupt hand-in listed as not graded, the class at a glance (one row per
// student, the totals the CLI computes, sorting, filtering, double-click to the detail), and
// the exports: French CSV, Moodle's worksheet written back, the feedback folder.
#include "classexports.h"
#include "classgrading.h"
#include "classoverview.h"
#include "criterionpanel.h"
#include "csv.h"
#include "instructorpage.h"
#include "manifest.h"
#include "moodlenames.h"
#include "moodleworksheet.h"
#include "notgradedpanel.h"
#include "safezip.h"
#include "zipwriter.h"

#include "../common/testfiles.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QCryptographicHash>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTreeWidget>
#include <QtTest>

#include <functional>

using namespace schedlab;
using namespace schedlab::gui;
using schedlab::testing::writeFile;

namespace {

const QString kClassData = QStringLiteral(SCHEDLAB_TEST_DATA "/instructor/classe");

QByteArray onDisk(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QByteArray zipOf(const QList<handin::ZipEntry> &entries)
{
    QString error;
    const auto bytes = handin::zipInMemory(entries, &error);
    if (!bytes)
        qFatal("zip: %s", qPrintable(error));
    return *bytes;
}

// A SchedLab hand-in of exercise 1: a test student's two files, and the manifest.
QByteArray handInZip(const QString &number, const QString &name, const QString &from)
{
    const QString dir = QFileInfo::exists(kClassData + u'/' + from + QStringLiteral("/ex1"))
                            ? kClassData + u'/' + from + QStringLiteral("/ex1")
                            : kClassData + u'/' + from;
    QList<handin::ZipEntry> files{
        {QStringLiteral("ex1/sommeil.sbatch"), onDisk(dir + QStringLiteral("/sommeil.sbatch"))},
        {QStringLiteral("ex1/lignes.md"), onDisk(dir + QStringLiteral("/lignes.md"))}};
    handin::Manifest m;
    m.student.number = number;
    m.student.name = name;
    for (const handin::ZipEntry &e : files)
        m.files << handin::Manifest::describe(e.path, e.bytes);
    files << handin::ZipEntry{QStringLiteral("manifest.json"), m.toJson()};
    return zipOf(files);
}

// Moodle's worksheet for the assignment: the three who handed in, the corrupt one, and one
// who handed in nothing; with a column Moodle's importer does not know.
const QByteArray kWorksheet =
    "Identifier,\"Full name\",\"Email address\",Status,Grade,\"Maximum Grade\",\"Grade can be "
    "changed\",\"Last modified (submission)\",\"Last modified (grade)\",\"Feedback "
    "comments\",Groupe TD\n"
    "\"Participant 1234567\",\"Camille Durand\",c@etu.example.org,Submitted,,100.00,Yes,-,-,,A\n"
    "\"Participant 7654320\",\"Bruno Blanc\",b@etu.example.org,Submitted,,100.00,Yes,-,-,,B\n"
    "\"Participant 7654321\",\"Alex Martin\",a@etu.example.org,Submitted,,100.00,Yes,-,-,,A\n"
    "\"Participant 2222222\",\"Zoé Roux\",z@etu.example.org,Submitted,,100.00,Yes,-,-,,B\n"
    "\"Participant 9999999\",\"Jean Petit\",j@etu.example.org,\"No submission\",,100.00,Yes,-,-,"
    ",A\n";

// Answers the modal dialogs that open, in turn, while `trigger` runs: each step gets the
// active modal widget and says whether it handled it. A dialog no step expects is closed
// after a while, so that a failure never hangs the test.
void withDialogs(const std::function<void()> &trigger, QList<std::function<bool(QWidget *)>> steps)
{
    QTimer timer;
    timer.setInterval(20);
    int unexpected = 0;
    QString stray;
    QObject::connect(&timer, &QTimer::timeout, [&] {
        QWidget *modal = QApplication::activeModalWidget();
        if (!modal)
            return;
        if (!steps.isEmpty() && steps.first()(modal)) {
            steps.removeFirst();
            unexpected = 0;
        } else if (++unexpected > 250) {
            stray = QString::fromLatin1(modal->metaObject()->className());
            if (auto *dialog = qobject_cast<QDialog *>(modal))
                dialog->reject();
            unexpected = 0;
        }
    });
    timer.start();
    trigger();
    QVERIFY2(stray.isEmpty(), qPrintable(QStringLiteral("unexpected dialog: ") + stray));
    QVERIFY2(steps.isEmpty(), "a dialog was expected and did not open");
}

// Picks `path` in a file dialog as a user types it and presses Enter; false until the dialog
// (which reads folders on a thread) took it and closed.
bool choose(QWidget *modal, QFileDialog::AcceptMode mode, const QString &path)
{
    auto *dialog = qobject_cast<QFileDialog *>(modal);
    if (!dialog || dialog->acceptMode() != mode)
        return false;
    auto *typed = dialog->findChild<QLineEdit *>(QStringLiteral("fileNameEdit"));
    if (!typed)
        return false;
    typed->setText(path);
    static_cast<QDialog *>(dialog)->accept();
    return !dialog->isVisible();
}

QAction *actionNamed(QPushButton *button, const QString &text)
{
    for (QAction *a : button->menu()->actions())
        if (a->text() == text)
            return a;
    return nullptr;
}

} // namespace

class TestClassOverview : public QObject
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
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        dir_ = std::make_unique<QTemporaryDir>();
        classZip_ = dir_->filePath(QStringLiteral("L3-devoir.zip"));
        writeFile(classZip_,
                  zipOf({{QStringLiteral("Camille Durand_1234567_assignsubmission_file_/"
                                         "21004567-camille-durand.zip"),
                          handInZip(QStringLiteral("21004567"), QStringLiteral("Camille Durand"),
                                    QStringLiteral("s01-amelie"))},
                         {QStringLiteral("Bruno Blanc_7654320_assignsubmission_file_/bruno.zip"),
                          handInZip(QStringLiteral("21000002"), QStringLiteral("Bruno Blanc"),
                                    QStringLiteral("s02-bruno"))},
                         // The LMS says one name, the manifest another: graded, and noted.
                         {QStringLiteral("Alex Martin_7654321_assignsubmission_file_/alex.zip"),
                          handInZip(QStringLiteral("21000003"), QStringLiteral("Alexandre Martin"),
                                    QStringLiteral("s04-david"))},
                         {QStringLiteral("Zoé Roux_2222222_assignsubmission_file_/rendu.zip"),
                          QByteArray("PK\x03\x04 this is not a zip at all")}}));
        page_ = std::make_unique<InstructorPage>(rubrics_);
        page_->resize(1366 - 220, 768 - 90); // the window's page beside its navigation
        page_->show();
    }

    void cleanup()
    {
        page_.reset();
        dir_.reset();
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }

    void theClassZipOpensFromTheMenuAndTheCorruptOneIsListed()
    {
        QAction *openZip = actionNamed(page_->openButton(), QStringLiteral("Open a zip…"));
        QVERIFY(openZip);
        QVERIFY(actionNamed(page_->openButton(), QStringLiteral("Open a class folder…")));
        withDialogs([&] { openZip->trigger(); },
                    {[this](QWidget *w) { return choose(w, QFileDialog::AcceptOpen, classZip_); }});
        QCOMPARE(page_->grading()->folder(), QFileInfo(classZip_).absoluteFilePath());
        QCOMPARE(page_->grading()->handIns().size(), 3);
        QCOMPARE(page_->tabs()->currentIndex(), int(InstructorPage::ClassTab));

        NotGradedPanel *panel = page_->notGradedPanel();
        QVERIFY(panel->isVisible());
        QVERIFY2(panel->header()->text().startsWith(QStringLiteral("1 item(s) not graded")),
                 qPrintable(panel->header()->text()));
        QTreeWidgetItem *first = panel->list()->topLevelItem(0);
        QCOMPARE(first->text(0), QStringLiteral("Not graded"));
        QVERIFY2(first->text(1).contains(QStringLiteral("Zoé Roux")), qPrintable(first->text(1)));
        QVERIFY(first->text(1).contains(QStringLiteral("rendu.zip")));
        QVERIFY(!first->text(2).isEmpty());
        // The hand-in whose manifest names someone else than the LMS: a note.
        bool noted = false;
        for (int i = 1; i < panel->list()->topLevelItemCount(); ++i) {
            const QTreeWidgetItem *item = panel->list()->topLevelItem(i);
            noted = noted || (item->text(0) == QLatin1String("Note") &&
                              item->text(2).contains(QStringLiteral("Alexandre Martin")));
        }
        QVERIFY(noted);
        // Folded away on a click, and hidden for a class with nothing to say.
        panel->header()->click();
        QVERIFY(!panel->list()->isVisible());
        panel->setItems({});
        QVERIFY(!panel->isVisible());
    }

    void theOverviewHasOneRowPerStudentWithTheCliTotal()
    {
        openAndGrade();
        QCOMPARE(page_->tabs()->currentIndex(), int(InstructorPage::ClassTab));
        const ClassOverviewModel *model = page_->overview()->model();
        QCOMPARE(model->rowCount(), 3);

        // The CLI's summary of the same zip is the reference.
        const testing::CliRun cli =
            testing::runCli({QStringLiteral("grade"), QStringLiteral("--summary"),
                             QStringLiteral("--csv-locale"), QStringLiteral("en"), classZip_});
        QCOMPARE(cli.exitCode, 1); // the corrupt zip
        const handin::CsvRead csv = handin::readCsv(cli.out, QStringLiteral("summary"));
        QVERIFY2(csv.ok(), qPrintable(csv.error));
        const QStringList head = csv.document->records.first().values();
        const int totalAt = int(head.indexOf(QStringLiteral("total /20")));
        QVERIFY(totalAt > 0);
        QCOMPARE(csv.document->records.size(), 4);
        for (int r = 1; r < csv.document->records.size(); ++r) {
            const QStringList cells = csv.document->records[r].values();
            int row = -1;
            for (int i = 0; i < model->rowCount(); ++i)
                if (model->row(i).identity.number == cells[0])
                    row = i;
            QVERIFY2(row >= 0, qPrintable(cells[0]));
            QCOMPARE(model->index(row, ClassOverviewModel::NameColumn).data().toString(), cells[1]);
            QCOMPARE(model->index(row, ClassOverviewModel::LmsColumn).data().toString(), cells[2]);
            QCOMPARE(model->index(row, model->totalColumn()).data().toString(),
                     scoreText(handin::parseDecimal(cells[totalAt]).value()));
        }
        // Camille's total is her exercise 1 out of the whole course, on 20.
        const int camille = model->rowOf(QStringLiteral("21004567"));
        const handin::ClassSummary &summary = model->summary();
        const double ex1 = page_->grading()->result("21004567", "ex1")->score;
        QCOMPARE(model->row(camille).total20, 20 * ex1 / summary.maxTotal());
        QCOMPARE(model->index(camille, ClassOverviewModel::FirstScoreColumn).data().toString(),
                 scoreText(ex1));
        // Exercise 2 not handed in: graded as absent, nothing earned.
        QCOMPARE(model->index(camille, ClassOverviewModel::FirstScoreColumn + 1).data().toString(),
                 QStringLiteral("0"));
    }

    void sortingAndFilteringKeepTheStudentsToLookAt()
    {
        openAndGrade();
        ClassOverview *overview = page_->overview();
        const ClassOverviewModel *model = overview->model();
        overview->table()->sortByColumn(model->totalColumn(), Qt::DescendingOrder);
        const QStringList byTotal = overview->visibleKeys();
        QCOMPARE(byTotal.size(), 3);
        for (int i = 1; i < byTotal.size(); ++i)
            QVERIFY(model->row(model->rowOf(byTotal[i - 1])).total20 >=
                    model->row(model->rowOf(byTotal[i])).total20);
        QCOMPARE(byTotal.first(), QStringLiteral("21004567")); // every criterion right
        overview->table()->sortByColumn(model->totalColumn(), Qt::AscendingOrder);
        QCOMPARE(overview->visibleKeys().first(), byTotal.last());

        overview->searchField()->setText(QStringLiteral("BRU"));
        QCOMPARE(overview->visibleKeys(), QStringList{"21000002"});
        overview->searchField()->setText(QStringLiteral("7654321")); // the LMS id
        QCOMPARE(overview->visibleKeys(), QStringList{"21000003"});
        QVERIFY2(overview->countLabel()->text().startsWith(QStringLiteral("1 of 3 student")),
                 qPrintable(overview->countLabel()->text()));
        overview->searchField()->clear();

        overview->reviewOnlyBox()->click();
        QStringList review = overview->visibleKeys();
        review.sort();
        QCOMPARE(review, QStringList{"21000002"}); // Alex's untouched file is a sure fail
        for (const QString &key : review)
            QVERIFY(model->row(model->rowOf(key)).toReview > 0);
        overview->reviewOnlyBox()->click();
        QCOMPARE(overview->visibleKeys().size(), 3);
    }

    void doubleClickOpensTheStudentsDetail()
    {
        openAndGrade();
        QTableView *table = page_->overview()->table();
        const ClassOverviewModel *model = page_->overview()->model();
        const QModelIndex source =
            model->index(model->rowOf(QStringLiteral("21000002")), ClassOverviewModel::NameColumn);
        const QModelIndex shown = page_->overview()->filter()->mapFromSource(source);
        const QPoint at = table->visualRect(shown).center();
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, at); // pressed, as a hand does
        QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(page_->tabs()->currentIndex(), int(InstructorPage::ExerciseTab));
        QCOMPARE(page_->exerciseSelector()->currentData().toString(), QStringLiteral("ex1"));
        const QModelIndex current = page_->filter()->mapToSource(page_->table()->currentIndex());
        QCOMPARE(page_->model()->row(current.row()).student, QStringLiteral("21000002"));
        QVERIFY(page_->criterionPanel()->isVisible());
    }

    void theOverviewFitsALaptopScreen()
    {
        openAndGrade();
        QTableView *table = page_->overview()->table();
        QCOMPARE(table->horizontalScrollBar()->maximum(), 0);
        // Every score header reads whole.
        const QFontMetrics header(table->horizontalHeader()->font());
        const ClassOverviewModel *model = page_->overview()->model();
        for (int c = ClassOverviewModel::FirstScoreColumn; c < model->flagsColumn(); ++c)
            for (const QString &line :
                 model->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString().split(u'\n'))
                QVERIFY2(header.horizontalAdvance(line) <= table->columnWidth(c), qPrintable(line));
    }

    void frenchCsvOpensInAFrenchSpreadsheet()
    {
        openAndGrade();
        QLocale::setDefault(QLocale(QLocale::French, QLocale::France));
        QCOMPARE(interfaceCsvDialect(), handin::CsvDialect::french());
        const QString path = dir_->filePath(QStringLiteral("synthese.csv"));
        QString error;
        QVERIFY2(page_->exportSummaryCsv(path, &error), qPrintable(error));
        const QByteArray bytes = onDisk(path);
        QVERIFY(bytes.startsWith("\xEF\xBB\xBF"));
        const QList<QByteArray> lines = bytes.mid(3).split('\n');
        QVERIFY2(lines[0].startsWith("numéro;nom;id Moodle;ex1 (/15);"), lines[0].constData());
        const handin::SummaryRow &bruno = page_->overview()->model()->row(
            page_->overview()->model()->rowOf(QStringLiteral("21000002")));
        const QString total = handin::formatDecimal(bruno.total20, handin::CsvLocale::French);
        QVERIFY2(total.contains(u','), qPrintable(total)); // a total with decimals
        const QByteArray brunoLine = *std::find_if(
            lines.begin(), lines.end(), [](const auto &l) { return l.startsWith("21000002;"); });
        QVERIFY2(brunoLine.contains(';' + total.toUtf8() + ';'), brunoLine.constData());

        const QString sheet = dir_->filePath(QStringLiteral("criteres.csv"));
        QVERIFY2(page_->exportCriteriaCsv(sheet, &error), qPrintable(error));
        QVERIFY(onDisk(sheet).startsWith("\xEF\xBB\xBF"
                                         "numéro;nom;exercice;critère;"));

        // In English: no BOM, commas, decimal points.
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QVERIFY(page_->exportSummaryCsv(path, &error));
        QVERIFY(onDisk(path).startsWith("number,name,LMS id,ex1 (/15),"));
    }

    void theWorksheetIsWrittenBackOnceReviewedOrWhenForced()
    {
        openAndGrade();
        const QString in = dir_->filePath(QStringLiteral("notes.csv"));
        writeFile(in, kWorksheet);
        const QString out = dir_->filePath(QStringLiteral("notes-schedlab.csv"));

        // Through the menu: the worksheet, where to write it, and the refusal with its list.
        QString refusal, offered;
        withDialogs(
            [&] {
                actionNamed(page_->exportButton(), QStringLiteral("Moodle worksheet…"))->trigger();
            },
            {[&](QWidget *w) { return choose(w, QFileDialog::AcceptOpen, in); },
             [&](QWidget *w) {
                 // Offered beside it, as <name>-schedlab.csv.
                 auto *dialog = qobject_cast<QFileDialog *>(w);
                 offered = dialog ? dialog->selectedFiles().value(0) : offered;
                 return choose(w, QFileDialog::AcceptSave, out);
             },
             [&](QWidget *w) {
                 auto *box = qobject_cast<QMessageBox *>(w);
                 if (!box)
                     return false;
                 refusal = box->text() + u'\n' + box->informativeText();
                 box->button(QMessageBox::Cancel)->click();
                 return true;
             }});
        QVERIFY2(refusal.contains(QStringLiteral("Bruno Blanc")), qPrintable(refusal));
        QVERIFY(!refusal.contains(QStringLiteral("Alex Martin")));
        QVERIFY(!refusal.contains(QStringLiteral("Camille")));
        QCOMPARE(offered, out);
        QVERIFY(!QFileInfo::exists(out));
        QVERIFY(page_->message()->text().contains(QStringLiteral("not written")));

        // The worksheet's students who handed in nothing join the overview.
        QCOMPARE(page_->overview()->model()->rowCount(), 5);
        const int jean = page_->overview()->model()->rowOf(QStringLiteral("participant-9999999"));
        QVERIFY(jean >= 0);
        QVERIFY(page_->overview()->model()->row(jean).flags.contains(QStringLiteral("non rendu")));

        // Ticking "export anyway".
        withDialogs(
            [&] {
                actionNamed(page_->exportButton(), QStringLiteral("Moodle worksheet…"))->trigger();
            },
            {[&](QWidget *w) { return choose(w, QFileDialog::AcceptOpen, in); },
             [&](QWidget *w) { return choose(w, QFileDialog::AcceptSave, out); },
             [&](QWidget *w) {
                 auto *box = qobject_cast<QMessageBox *>(w);
                 if (!box)
                     return false;
                 box->checkBox()->setChecked(true);
                 box->button(QMessageBox::Ok)->click();
                 return true;
             }});
        QVERIFY2(QFileInfo::exists(out), qPrintable(page_->message()->text()));
        QVERIFY(page_->message()->text().contains(QStringLiteral("Worksheet written")));

        const handin::WorksheetRead original = handin::readMoodleWorksheet(in);
        const handin::WorksheetRead filled = handin::readMoodleWorksheet(out);
        QVERIFY2(filled.worksheet, qPrintable(filled.error));
        QCOMPARE(filled.worksheet->headers, original.worksheet->headers);
        QCOMPARE(filled.worksheet->rows.size(), 5);
        const handin::ClassSummary summary = page_->overview()->model()->summary();
        for (const handin::WorksheetRow &row : filled.worksheet->rows) {
            const QStringList cells = filled.worksheet->document.records[row.record].values();
            QCOMPARE(cells.size(), original.worksheet->headers.size());
            QCOMPARE(cells.last(),
                     original.worksheet->document.records[row.record].values().last());
            const QString grade = cells[filled.worksheet->gradeColumn];
            if (row.participantId == QLatin1String("9999999") ||
                row.participantId == QLatin1String("2222222")) {
                QVERIFY2(grade.isEmpty(), qPrintable(grade)); // nothing graded
                continue;
            }
            double expected = -1;
            for (const handin::SummaryRow &s : summary.rows)
                if (s.identity.lmsParticipantId == row.participantId)
                    expected = s.total20 * 5; // out of 100
            QVERIFY2(qAbs(handin::parseDecimal(grade).value_or(-100) - expected) < 0.006,
                     qPrintable(row.fullName + u' ' + grade));
        }
    }

    void theFeedbackFolderHoldsMarkdownPdfAndMoodlesZip()
    {
        openAndGrade();
        const QString folder = dir_->filePath(QStringLiteral("retours"));
        const ExportResult result = page_->exportFeedback(folder);
        QVERIFY2(result.ok, qPrintable(result.error));
        const QString camille = folder + QStringLiteral("/21004567-camille-durand");
        const QString markdown = QString::fromUtf8(onDisk(camille + QStringLiteral(".md")));
        QVERIFY2(markdown.contains(QStringLiteral("Camille Durand")), qPrintable(markdown));
        QVERIFY(onDisk(camille + QStringLiteral(".pdf")).startsWith("%PDF"));
        QVERIFY(
            onDisk(folder + QStringLiteral("/21000003-alexandre-martin.pdf")).startsWith("%PDF"));

        handin::ZipProblem problem;
        auto zip = handin::SafeZip::open(folder, QStringLiteral("feedback-moodle.zip"),
                                         handin::ZipLimits::handIn(), &problem);
        QVERIFY2(zip, qPrintable(problem.text()));
        QStringList names = zip->names();
        names.sort();
        QStringList expected{
            handin::feedbackUploadName(QStringLiteral("Camille Durand"), QStringLiteral("1234567"),
                                       QStringLiteral("21004567-camille-durand.pdf")),
            handin::feedbackUploadName(QStringLiteral("Bruno Blanc"), QStringLiteral("7654320"),
                                       QStringLiteral("21000002-bruno-blanc.pdf")),
            handin::feedbackUploadName(QStringLiteral("Alex Martin"), QStringLiteral("7654321"),
                                       QStringLiteral("21000003-alexandre-martin.pdf"))};
        expected.sort();
        QCOMPARE(names, expected);
        // As Moodle's importer reads them: one participant each, the PDF's name kept.
        const auto target =
            handin::moodleImporterReading(expected.filter(QStringLiteral("Camille")).value(0));
        QVERIFY(target);
        QCOMPARE(target->participantId, QStringLiteral("1234567"));
        QCOMPARE(target->fileName, QStringLiteral("21004567-camille-durand.pdf"));
        const auto pdf = zip->read(expected.filter(QStringLiteral("Camille")).value(0), &problem);
        QVERIFY(pdf && pdf->startsWith("%PDF"));
    }

private:
    void openAndGrade()
    {
        QString error;
        QVERIFY2(page_->openClass(classZip_, &error), qPrintable(error));
        QSignalSpy finished(page_.get(), &InstructorPage::gradingFinished);
        page_->gradeAll();
        QVERIFY(finished.wait(60000));
    }

    grader::RubricSet rubrics_;
    std::unique_ptr<QTemporaryDir> dir_;
    QString classZip_;
    std::unique_ptr<InstructorPage> page_;
};

QTEST_MAIN(TestClassOverview)
#include "tst_classoverview.moc"
