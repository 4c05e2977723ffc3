// The instructor's page: the widgets around ClassGrading, and the flow between them (a
// grading's progress, the changes to confirm, the class overview, a selected cell's details,
// an override, the exports).
#include "instructorpage.h"

#include "bulkreview.h"
#include "changespanel.h"
#include "classgrading.h"
#include "classoverview.h"
#include "criterionpanel.h"
#include "evidenceview.h"
#include "notgradedpanel.h"
#include "overridedialog.h"
#include "safefiles.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace schedlab::gui {

namespace {

const char kErrorStyle[] = "QLabel { background: #fbe3e3; color: #6b1111; border: 1px solid "
                           "#e3a6a6; border-radius: 4px; padding: 6px 8px; }";
const char kInfoStyle[] = "QLabel { background: #e8f0fb; color: #1c3353; border: 1px solid "
                          "#b9cde9; border-radius: 4px; padding: 6px 8px; }";

// Where exports go by default: beside what was opened.
QString besideClass(const QString &opened, const QString &name)
{
    const QFileInfo info(opened); // file-access: trusted (what the instructor opened)
    return (info.isDir() ? info.absoluteFilePath() : info.absolutePath()) + u'/' + name;
}

} // namespace

InstructorPage::InstructorPage(const grader::RubricSet &rubrics, QWidget *parent)
    : QWidget(parent)
    , grading_(new ClassGrading(rubrics, this))
    , message_(new QLabel(this))
    , changes_(new ChangesPanel(this))
    , notGraded_(new NotGradedPanel(this))
    , tabs_(new QTabWidget(this))
    , overview_(new ClassOverview(this))
    , bulk_(new BulkReviewPanel(grading_, this))
    , model_(new GradebookModel(this))
    , filter_(new GradebookFilter(this))
    , table_(new QTableView(this))
{
    message_->setWordWrap(true);
    message_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    filter_->setSourceModel(model_);
    table_->setModel(filter_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(GradebookModel::StudentColumn, Qt::AscendingOrder);
    table_->setSelectionBehavior(QAbstractItemView::SelectItems);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setContextMenuPolicy(Qt::CustomContextMenu);
    table_->setWordWrap(false);
    table_->verticalHeader()->setVisible(false);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->horizontalHeader()->setDefaultAlignment(Qt::AlignCenter);

    tabs_->addTab(overview_, tr("Class"));
    tabs_->addTab(buildExerciseView(), tr("By exercise"));
    tabs_->addTab(bulk_, tr("To review"));
    tabs_->setDocumentMode(true);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(buildToolbar());
    layout->addWidget(message_);
    layout->addWidget(changes_);
    layout->addWidget(notGraded_);
    layout->addWidget(tabs_, 1);

    connect(grading_, &ClassGrading::progress, this, &InstructorPage::onProgress);
    connect(grading_, &ClassGrading::finished, this, &InstructorPage::onFinished);
    connect(grading_, &ClassGrading::cancelled, this, &InstructorPage::onCancelled);
    connect(grading_, &ClassGrading::resultsChanged, this, &InstructorPage::refreshTable);
    connect(grading_, &ClassGrading::resultsChanged, this, &InstructorPage::refreshOverview);
    connect(grading_, &ClassGrading::resultsChanged, bulk_, &BulkReviewPanel::refresh);
    connect(bulk_, &BulkReviewPanel::pendingCountChanged, this, [this](int answers) {
        tabs_->setTabText(ReviewTab, answers ? tr("To review (%1)").arg(answers) : tr("To review"));
    });
    connect(overview_, &ClassOverview::studentActivated, this,
            [this](const QString &key, const QString &exercise) { showStudent(key, exercise); });
    connect(grading_, &ClassGrading::failed, this,
            [this](const QString &m) { showMessage(m, true); });
    connect(changes_, &ChangesPanel::saveRequested, this, &InstructorPage::saveChanges);
    connect(changes_, &ChangesPanel::discardRequested, this, &InstructorPage::discardChanges);
    connect(table_->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &InstructorPage::showSelection);
    connect(table_, &QTableView::doubleClicked, this, &InstructorPage::openOverrideDialog);
    connect(table_, &QTableView::customContextMenuRequested, this, &InstructorPage::showTableMenu);
    connect(criterion_, &CriterionPanel::overrideRequested, this,
            &InstructorPage::openOverrideDialog);
    showMessage(tr("Open a class: a folder of student folders or hand-in zips, or Moodle's "
                   "“Download all submissions” (its folder or its zip). Grading reads the files "
                   "only: no student code is run."),
                false);
    refreshButtons();
}

QWidget *InstructorPage::buildToolbar()
{
    auto *bar = new QWidget(this);
    open_ = new QPushButton(tr("Open"), bar);
    grade_ = new QPushButton(tr("Grade all"), bar);
    export_ = new QPushButton(tr("Export"), bar);
    cancel_ = new QPushButton(tr("Cancel"), bar);
    classLabel_ = new QLabel(tr("No class open"), bar);
    progress_ = new QProgressBar(bar);
    open_->setToolTip(tr("A class folder, Moodle's download (folder or zip), or one hand-in zip"));
    open_->setMenu(buildOpenMenu());
    grade_->setToolTip(tr("Grade every student with the current rubrics"));
    export_->setToolTip(tr("Spreadsheets, Moodle's grading worksheet, feedback for the students"));
    export_->setMenu(buildExportMenu());
    classLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    classLabel_->setMinimumWidth(80);
    progress_->setFixedWidth(220);
    progress_->setTextVisible(true);
    progress_->setVisible(false);
    cancel_->setVisible(false);
    connect(grade_, &QPushButton::clicked, this, &InstructorPage::gradeAll);
    connect(cancel_, &QPushButton::clicked, grading_, &ClassGrading::cancel);
    auto *layout = new QHBoxLayout(bar);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(open_);
    layout->addWidget(grade_);
    layout->addWidget(export_);
    layout->addSpacing(12);
    layout->addWidget(classLabel_, 1);
    layout->addWidget(progress_);
    layout->addWidget(cancel_);
    return bar;
}

QMenu *InstructorPage::buildOpenMenu()
{
    auto *menu = new QMenu(this);
    menu->addAction(tr("Open a class folder…"), this, &InstructorPage::chooseClassFolder)
        ->setToolTip(tr("Student folders, hand-in zips, or Moodle's download unzipped"));
    menu->addAction(tr("Open a zip…"), this, &InstructorPage::chooseClassZip)
        ->setToolTip(tr("Moodle's “Download all submissions” zip, or one student's hand-in"));
    menu->setToolTipsVisible(true);
    return menu;
}

QMenu *InstructorPage::buildExportMenu()
{
    auto *menu = new QMenu(this);
    menu->addAction(tr("Class summary (CSV)…"), this, [this] { chooseSpreadsheetFile(true); })
        ->setToolTip(tr("One row per student, for a spreadsheet in the interface's language"));
    menu->addAction(tr("Criterion sheet (CSV)…"), this, [this] { chooseSpreadsheetFile(false); })
        ->setToolTip(tr("One row per student and criterion"));
    menu->addSeparator();
    menu->addAction(tr("Moodle worksheet…"), this, &InstructorPage::chooseWorksheet)
        ->setToolTip(tr("Fill in the grading worksheet downloaded from Moodle"));
    menu->addAction(tr("Feedback files…"), this, &InstructorPage::chooseFeedbackFolder)
        ->setToolTip(tr("One Markdown and one PDF file per student, and the zip for Moodle's "
                        "feedback upload"));
    menu->addSeparator();
    menu->addAction(tr("Grades for scripts (CSV)…"), this, &InstructorPage::chooseCsvFile)
        ->setToolTip(tr("As schedlab-cli grade --format csv"));
    menu->setToolTipsVisible(true);
    return menu;
}

// The per-exercise gradebook: its filters above, the table beside the selected cell's detail.
QWidget *InstructorPage::buildExerciseView()
{
    auto *view = new QWidget(this);
    auto *split = new QSplitter(Qt::Horizontal, view);
    split->addWidget(table_);
    split->addWidget(buildDetails());
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({880, 500});
    split->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(view);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addWidget(buildFilters());
    layout->addWidget(split, 1);
    return view;
}

QWidget *InstructorPage::buildFilters()
{
    auto *bar = new QWidget(this);
    exercise_ = new QComboBox(bar);
    exercise_->setMinimumContentsLength(12);
    exercise_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    search_ = new QLineEdit(bar);
    search_->setPlaceholderText(tr("Find a student"));
    search_->setClearButtonEnabled(true);
    search_->setMaximumWidth(200);
    auto *group = new QButtonGroup(bar);
    for (const GradebookFilter::Mode mode :
         {GradebookFilter::All, GradebookFilter::Failed, GradebookFilter::ToReview}) {
        auto *b = new QToolButton(bar);
        b->setCheckable(true);
        b->setChecked(mode == GradebookFilter::All);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        group->addButton(b, int(mode));
        filterButtons_ << b;
    }
    auto *legend =
        new QLabel(tr("<span style='background:#dcf1dc'>&nbsp;✓ passed&nbsp;</span> "
                      "<span style='background:#f7d9d9'>&nbsp;✗ failed&nbsp;</span> "
                      "<span style='background:#ffefc4'>&nbsp;? to review&nbsp;</span> "
                      "<span style='background:#dbe7fa'>&nbsp;✎ overridden&nbsp;</span>"),
                   bar);
    connect(exercise_, &QComboBox::currentIndexChanged, this, &InstructorPage::refreshTable);
    connect(group, &QButtonGroup::idClicked, this,
            [this](int id) { filter_->setMode(GradebookFilter::Mode(id)); });
    connect(search_, &QLineEdit::textChanged, filter_,
            &QSortFilterProxyModel::setFilterFixedString);
    auto *layout = new QHBoxLayout(bar);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new QLabel(tr("Exercise:"), bar));
    layout->addWidget(exercise_);
    layout->addSpacing(12);
    layout->addWidget(new QLabel(tr("Show:"), bar));
    for (QToolButton *b : filterButtons_)
        layout->addWidget(b);
    layout->addSpacing(12);
    layout->addWidget(search_);
    layout->addStretch();
    layout->addWidget(legend);
    refreshCounts();
    return bar;
}

QWidget *InstructorPage::buildDetails()
{
    criterion_ = new CriterionPanel(this);
    evidence_ = new EvidenceView(this);
    criterion_->setMinimumWidth(380);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(criterion_);
    split->addWidget(evidence_);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setSizes({260, 540});
    split->setChildrenCollapsible(false);
    return split;
}

QToolButton *InstructorPage::filterButton(GradebookFilter::Mode mode) const
{
    return filterButtons_.value(int(mode));
}

QTreeWidget *InstructorPage::changesList() const
{
    return changes_->list();
}

bool InstructorPage::openClass(const QString &path, QString *error, const QString &gradebookPath)
{
    if (!grading_->open(path, gradebookPath, error)) {
        showMessage(*error, true);
        return false;
    }
    classLabel_->setText(
        tr("<b>%1</b> — %n student(s), gradebook %2", nullptr, int(grading_->students().size()))
            .arg(grading_->folder().toHtmlEscaped(),
                 QFileInfo(grading_->gradebookPath()).fileName().toHtmlEscaped()));
    classLabel_->setToolTip(grading_->gradebookPath());
    changes_->setChanges({});
    worksheet_.reset(); // another class's worksheet
    refreshExercises();
    refreshOverview();
    tabs_->setCurrentIndex(ClassTab);
    if (grading_->results().isEmpty())
        showMessage(tr("Nothing graded yet: click “Grade all”."), false);
    else
        showMessage(tr("These are the grades stored in the gradebook. “Grade all” grades the "
                       "files as they are now."),
                    false);
    refreshButtons();
    return true;
}

void InstructorPage::gradeAll()
{
    if (!grading_->isOpen()) {
        showMessage(tr("Open a class folder first."), true);
        return;
    }
    if (grading_->isRunning())
        return;
    changes_->setChanges({});
    showMessage({}, false);
    progress_->setVisible(true);
    cancel_->setVisible(true);
    grading_->start();
    refreshButtons();
}

bool InstructorPage::exportCsv(const QString &path, QString *error) const
{
    if (grading_->results().isEmpty()) {
        *error = tr("There are no grades to export: grade the class first.");
        return false;
    }
    const files::WriteResult w = files::saveFile(path, grading_->csv());
    if (!w.ok)
        *error = tr("The CSV file could not be written: %1").arg(w.error);
    return w.ok;
}

bool InstructorPage::exportSummaryCsv(const QString &path, QString *error) const
{
    const ExportResult r =
        ClassExports(*grading_, worksheet()).summaryCsv(path, interfaceCsvDialect());
    if (!r.ok)
        *error = tr("The summary could not be written: %1").arg(r.error);
    return r.ok;
}

bool InstructorPage::exportCriteriaCsv(const QString &path, QString *error) const
{
    const ExportResult r =
        ClassExports(*grading_, worksheet()).criteriaCsv(path, interfaceCsvDialect());
    if (!r.ok)
        *error = tr("The criterion sheet could not be written: %1").arg(r.error);
    return r.ok;
}

bool InstructorPage::loadWorksheet(const QString &path, QString *error)
{
    handin::WorksheetRead read = handin::readMoodleWorksheet(path);
    if (!read.worksheet) {
        *error = read.error;
        showMessage(*error, true);
        return false;
    }
    worksheet_ = std::move(read.worksheet);
    refreshOverview();
    return true;
}

ExportResult InstructorPage::exportWorksheet(const QString &outPath, bool allowPending) const
{
    return ClassExports(*grading_, worksheet()).worksheet(outPath, allowPending);
}

ExportResult InstructorPage::exportFeedback(const QString &folder) const
{
    if (grading_->results().isEmpty())
        return ExportResult{
            false, tr("There are no grades to export: grade the class first."), {}, {}, {}};
    return ClassExports(*grading_, worksheet()).feedbackFolder(folder);
}

bool InstructorPage::showStudent(const QString &key, const QString &exercise)
{
    QString chosen = grading_->result(key, exercise) ? exercise : QString();
    for (int i = 0; chosen.isEmpty() && i < exercise_->count(); ++i)
        if (grading_->result(key, exercise_->itemData(i).toString()))
            chosen = exercise_->itemData(i).toString();
    if (chosen.isEmpty() && !exercise.isEmpty() && exercise_->findData(exercise) >= 0)
        chosen = exercise; // not handed in: its row says so
    if (chosen.isEmpty() || model_->rowCount() == 0) {
        showMessage(tr("%1 has nothing graded in this class.").arg(key), false);
        return false;
    }
    exercise_->setCurrentIndex(exercise_->findData(chosen));
    if (selectCell(key, {}))
        return true;
    showMessage(tr("%1 has no hand-in of their own: their grade comes from a teammate's "
                   "hand-in or the LMS lists them without one.")
                    .arg(key),
                false);
    return false;
}

void InstructorPage::setRubrics(const grader::RubricSet &rubrics)
{
    grading_->setRubrics(rubrics);
    refreshExercises();
    if (!grading_->isOpen())
        return;
    gradeAll();
    showMessage(tr("The rubrics changed: the class is graded again, and the marks that change "
                   "will be listed before anything is saved."),
                false);
}

void InstructorPage::chooseClassFolder()
{
    const QString dir =
        QFileDialog::getExistingDirectory(this, tr("Open a class folder"), grading_->folder());
    QString error;
    if (!dir.isEmpty())
        openClass(dir, &error);
}

void InstructorPage::chooseClassZip()
{
    const QString zip =
        QFileDialog::getOpenFileName(this, tr("Open a class zip or a hand-in zip"),
                                     grading_->folder(), tr("Zip archives (*.zip *.ZIP)"));
    QString error;
    if (!zip.isEmpty())
        openClass(zip, &error);
}

void InstructorPage::chooseSpreadsheetFile(bool summary)
{
    const QString path = QFileDialog::getSaveFileName(
        this, summary ? tr("Export the class summary") : tr("Export the criterion sheet"),
        besideClass(grading_->folder(),
                    summary ? QStringLiteral("synthese.csv") : QStringLiteral("criteres.csv")),
        tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    QString error;
    if (summary ? exportSummaryCsv(path, &error) : exportCriteriaCsv(path, &error))
        showMessage(tr("Exported to %1.").arg(path), false);
    else
        showMessage(error, true);
}

void InstructorPage::chooseWorksheet()
{
    const QString in = QFileDialog::getOpenFileName(
        this, tr("The grading worksheet downloaded from Moodle"),
        worksheet_ ? worksheet_->fileName : besideClass(grading_->folder(), {}),
        tr("CSV files (*.csv)"));
    QString error;
    if (in.isEmpty() || !loadWorksheet(in, &error))
        return;
    const QString out = QFileDialog::getSaveFileName(this, tr("Save the filled worksheet"),
                                                     worksheetOutPath(in), tr("CSV files (*.csv)"));
    if (out.isEmpty())
        return;
    ExportResult result = exportWorksheet(out, false);
    if (!result.ok && !result.toReview.isEmpty()) {
        QMessageBox ask(QMessageBox::Warning, tr("Criteria await review"),
                        tr("%n student(s) have criteria the grader was unsure of. Moodle would "
                           "get their grades as they stand.",
                           nullptr, int(result.toReview.size())),
                        QMessageBox::Ok | QMessageBox::Cancel, this);
        ask.setDetailedText(result.toReview.join(u'\n'));
        ask.setInformativeText(result.toReview.mid(0, 8).join(u'\n') +
                               (result.toReview.size() > 8 ? QStringLiteral("\n…") : QString()));
        auto *anyway = new QCheckBox(tr("Export anyway"), &ask);
        ask.setCheckBox(anyway);
        if (ask.exec() == QMessageBox::Ok && anyway->isChecked())
            result = exportWorksheet(out, true);
        else {
            showMessage(tr("The worksheet was not written: review the criteria first (filter "
                           "“To review only”)."),
                        false);
            return;
        }
    }
    reportExport(result, tr("Worksheet written to %1.").arg(out));
}

void InstructorPage::chooseFeedbackFolder()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Folder for the feedback files"),
                                                          besideClass(grading_->folder(), {}));
    if (dir.isEmpty())
        return;
    const ExportResult result = exportFeedback(dir);
    reportExport(result,
                 tr("%n file(s) written to %1.", nullptr, int(result.written.size())).arg(dir));
}

void InstructorPage::reportExport(const ExportResult &result, const QString &done)
{
    if (!result.ok) {
        showMessage(result.error, true);
        return;
    }
    QStringList lines{done};
    lines << result.notes;
    showMessage(lines.join(u'\n'), false);
}

void InstructorPage::chooseCsvFile()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export the grades for the LMS"),
        grading_->folder() + QStringLiteral("/notes.csv"), tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    QString error;
    if (exportCsv(path, &error))
        showMessage(tr("Grades exported to %1.").arg(path), false);
    else
        showMessage(error, true);
}

void InstructorPage::showMessage(const QString &text, bool isError)
{
    errorShown_ = isError && !text.isEmpty();
    message_->setText(text);
    message_->setStyleSheet(QLatin1String(isError ? kErrorStyle : kInfoStyle));
    message_->setVisible(!text.isEmpty());
}

void InstructorPage::onProgress(int done, int total)
{
    progress_->setRange(0, qMax(total, 1));
    progress_->setValue(done);
    progress_->setFormat(tr("%1 / %2").arg(done).arg(total));
}

void InstructorPage::onFinished(int students)
{
    progress_->setVisible(false);
    cancel_->setVisible(false);
    refreshExercises();
    tabs_->setCurrentIndex(ClassTab); // the class at a glance first
    changes_->setChanges(grading_->pendingChanges());
    int unreadable = 0;
    for (const grader::ExerciseResult &r : grading_->results())
        unreadable += r.error.isEmpty() ? 0 : 1;
    QString text =
        grading_->hasPending()
            ? tr("Graded %n student(s). Some marks differ from the gradebook: check "
                 "them below, then save them or keep the stored ones.",
                 nullptr, students)
            : tr("Graded %n student(s); the grades are saved in the gradebook.", nullptr, students);
    if (unreadable)
        text += u' ' + tr("%n submission(s) could not be read: see the Remark column.", nullptr,
                          unreadable);
    if (!errorShown_) // a failure to save, said during the grading, stays in view
        showMessage(text, unreadable > 0);
    refreshButtons();
    Q_EMIT gradingFinished(students);
}

void InstructorPage::onCancelled(int done, int total)
{
    progress_->setVisible(false);
    cancel_->setVisible(false);
    showMessage(
        tr("Grading cancelled after %1 of %2 students: nothing was saved.").arg(done).arg(total),
        false);
    refreshButtons();
}

QString InstructorPage::currentExercise() const
{
    return exercise_->currentData().toString();
}

void InstructorPage::refreshExercises()
{
    const QString current = currentExercise();
    QStringList ids = grading_->exercises();
    {
        const QSignalBlocker block(exercise_);
        exercise_->clear();
        for (const QString &id : ids) {
            const grader::Rubric *r = grading_->rubrics().find(id);
            exercise_->addItem(r && !r->title.isEmpty() ? tr("%1 — %2").arg(id, r->title) : id, id);
        }
        const int keep = exercise_->findData(current);
        exercise_->setCurrentIndex(keep >= 0 ? keep : 0);
    }
    refreshTable();
}

void InstructorPage::refreshTable()
{
    const QModelIndex was = currentSource();
    const QString student = was.isValid() ? model_->row(was.row()).student : QString();
    const QString criterion = was.isValid() ? model_->criterionAt(was.column()) : QString();
    const QString exercise = currentExercise();
    QList<GradebookRow> rows;
    for (const grader::StudentFolder &s : grading_->students()) {
        const grader::ExerciseResult *r = grading_->result(s.id, exercise);
        rows << GradebookRow{s.id, r ? std::optional(*r) : std::nullopt, grading_->problem(s.id)};
    }
    const grader::Rubric *rubric = grading_->rubrics().find(exercise);
    model_->reset(rubric ? *rubric : grader::Rubric{}, rubric ? rows : QList<GradebookRow>{});
    fitColumns();
    refreshCounts();
    refreshButtons();
    if (!student.isEmpty() && selectInTable(student, criterion))
        return;
    showSelection();
}

// Criterion columns as narrow as their wrapped titles: a whole rubric fits beside the
// details, so that the student's name never scrolls out of view.
void InstructorPage::fitColumns()
{
    const QFontMetrics header(table_->horizontalHeader()->font());
    const QFontMetrics cells(table_->font());
    const int minimum = cells.horizontalAdvance(QStringLiteral("✓ 10/10")) + 14;
    for (int c = 0; c < model_->columnCount(); ++c) {
        if (model_->criterionAt(c).isEmpty()) {
            table_->resizeColumnToContents(c);
            continue;
        }
        int width = 0;
        for (const QString &line :
             model_->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString().split(u'\n'))
            width = qMax(width, header.horizontalAdvance(line));
        table_->setColumnWidth(c, qMax(minimum, width + 14));
    }
}

void InstructorPage::refreshCounts()
{
    int failed = 0, review = 0;
    for (int r = 0; r < model_->rowCount(); ++r) {
        failed += model_->hasFailed(r) ? 1 : 0;
        review += model_->hasReview(r) ? 1 : 0;
    }
    filterButtons_[GradebookFilter::All]->setText(tr("All (%1)").arg(model_->rowCount()));
    filterButtons_[GradebookFilter::Failed]->setText(
        tr("With a failed criterion (%1)").arg(failed));
    filterButtons_[GradebookFilter::ToReview]->setText(tr("To review (%1)").arg(review));
}

void InstructorPage::refreshOverview()
{
    QHash<QString, QString> titles;
    for (const grader::Rubric &r : grading_->rubrics().rubrics)
        titles.insert(r.exercise, r.title);
    overview_->setSummary(grading_->isOpen() ? ClassExports(*grading_, worksheet()).summary()
                                             : handin::ClassSummary{},
                          titles);
    notGraded_->setItems(grading_->isOpen() ? notGradedItems(*grading_) : QList<NotGradedItem>{});
}

void InstructorPage::refreshButtons()
{
    const bool running = grading_->isRunning();
    grade_->setEnabled(grading_->isOpen() && !running);
    export_->setEnabled(!grading_->results().isEmpty() && !running);
    criterion_->setOverrideAllowed(!running && !grading_->hasPending(),
                                   running ? tr("Wait for the grading to finish.")
                                           : tr("Save or discard the new grades first."));
}

QModelIndex InstructorPage::currentSource() const
{
    return filter_->mapToSource(table_->currentIndex());
}

bool InstructorPage::selectCell(const QString &student, const QString &criterion)
{
    if (!selectInTable(student, criterion))
        return false;
    tabs_->setCurrentIndex(ExerciseTab);
    return true;
}

bool InstructorPage::selectInTable(const QString &student, const QString &criterion)
{
    const int row = model_->rowOf(student);
    const int column =
        criterion.isEmpty() ? int(GradebookModel::StudentColumn) : model_->columnOf(criterion);
    if (row < 0 || column < 0)
        return false;
    const QModelIndex index = filter_->mapFromSource(model_->index(row, column));
    if (!index.isValid())
        return false;
    table_->setCurrentIndex(index);
    table_->scrollTo(index);
    showSelection(); // also when the index was already current
    return true;
}

void InstructorPage::showSelection()
{
    const QModelIndex index = currentSource();
    if (!index.isValid()) {
        criterion_->clear(tr("Select a cell to see how the grader decided."));
        evidence_->clear(tr("Select a cell of the table to read the student's answer."));
        return;
    }
    const QString student = model_->row(index.row()).student;
    const QString exercise = currentExercise();
    const grader::Rubric &rubric = model_->rubric();
    const grader::CriterionResult *c = model_->criterion(index.row(), index.column());
    const grader::Criterion *spec = c ? rubric.criterion(c->id) : nullptr;
    QStringList files = rubric.files;
    if (spec && !spec->file.isEmpty() && !files.contains(spec->file))
        files << spec->file;
    const QString dir = grading_->exerciseDir(student, exercise);
    if (c) {
        criterion_->showCriterion(student, *c, grading_->history(student, exercise, c->id));
        evidence_->showFiles(dir, files, spec ? spec->file : QString(), c->evidence);
    } else {
        criterion_->showStudent(student, exercise, grading_->result(student, exercise),
                                model_->row(index.row()).problem);
        evidence_->showFiles(dir, files, files.value(0), {});
    }
    refreshButtons();
}

void InstructorPage::showTableMenu(const QPoint &pos)
{
    const QModelIndex index = filter_->mapToSource(table_->indexAt(pos));
    if (!model_->criterion(index.row(), index.column()))
        return;
    QMenu menu(this);
    QAction *change = menu.addAction(tr("Override…"), this, &InstructorPage::openOverrideDialog);
    change->setEnabled(!grading_->isRunning() && !grading_->hasPending());
    menu.exec(table_->viewport()->mapToGlobal(pos));
}

void InstructorPage::openOverrideDialog()
{
    const QModelIndex index = currentSource();
    const grader::CriterionResult *c =
        index.isValid() ? model_->criterion(index.row(), index.column()) : nullptr;
    if (!c || grading_->isRunning() || grading_->hasPending())
        return;
    OverrideDialog dialog(model_->row(index.row()).student, *c, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString error;
    if (!overrideSelected(dialog.passed(), dialog.points(), dialog.reason(), &error))
        showMessage(error, true);
}

bool InstructorPage::overrideSelected(bool passed, double points, const QString &why,
                                      QString *error)
{
    const QModelIndex index = currentSource();
    const QString criterion = index.isValid() ? model_->criterionAt(index.column()) : QString();
    if (criterion.isEmpty()) {
        *error = tr("Select the cell of a criterion first.");
        return false;
    }
    if (why.trimmed().isEmpty()) {
        *error = tr("An override needs a reason: it is kept in the gradebook.");
        return false;
    }
    grader::OverrideRequest request;
    request.student = model_->row(index.row()).student;
    request.exercise = currentExercise();
    request.criterion = criterion;
    request.points = points;
    request.passed = passed;
    request.by = ClassGrading::userName();
    request.why = why.trimmed();
    request.at = QDateTime::currentDateTimeUtc();
    if (!grading_->addOverride(request, error)) {
        showMessage(*error, true);
        return false;
    }
    showMessage(tr("Override recorded in the gradebook: %1, %2.").arg(request.student, criterion),
                false);
    return true;
}

void InstructorPage::saveChanges()
{
    QString error;
    if (!grading_->savePending(&error)) {
        showMessage(error, true);
        return;
    }
    changes_->setChanges({});
    showMessage(tr("The new grades are saved in the gradebook."), false);
    refreshButtons();
}

void InstructorPage::discardChanges()
{
    grading_->discardPending();
    changes_->setChanges({});
    showMessage(tr("The stored grades are kept: nothing was saved."), false);
    refreshButtons();
}

} // namespace schedlab::gui
