// Review in bulk: one decision, with its reason, for a group of answers. The instructor reads
// every distinct wording of the group before deciding, and can untick a student whose answer
// should be judged alone.
#include "bulkreview.h"

#include "classgrading.h"
#include "gradebookmodel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSplitter>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace schedlab::gui {

namespace {

constexpr int kAnswerRole = Qt::UserRole + 1; // a student's answer, on their row
constexpr int kMaxRole = Qt::UserRole + 2;    // a criterion's points, in the selector
constexpr qsizetype kExcerptLength = 90;

QString excerpt(const QString &answer)
{
    QString line = answer.simplified();
    if (line.isEmpty())
        return BulkReviewPanel::tr("(no answer found)");
    if (line.size() > kExcerptLength)
        line = line.left(kExcerptLength - 1) + QChar(0x2026);
    return line;
}

QString answerBlock(const QString &answer)
{
    if (answer.trimmed().isEmpty())
        return QStringLiteral("<p><i>%1</i></p>")
            .arg(BulkReviewPanel::tr("Nothing was found where this answer should be."));
    return QStringLiteral("<pre style=\"white-space: pre-wrap; background: #f4f4f4; "
                          "padding: 6px;\">%1</pre>")
        .arg(answer.toHtmlEscaped());
}

} // namespace

BulkReviewPanel::BulkReviewPanel(ClassGrading *grading, QWidget *parent)
    : QWidget(parent)
    , grading_(grading)
    , criteria_(new QComboBox(this))
    , groups_(new QTreeWidget(this))
    , heading_(new QLabel(this))
    , answer_(new QTextBrowser(this))
    , passed_(new QRadioButton(tr("Passed"), this))
    , failed_(new QRadioButton(tr("Failed"), this))
    , points_(new QDoubleSpinBox(this))
    , reason_(new QPlainTextEdit(this))
    , apply_(new QPushButton(this))
    , status_(new QLabel(this))
{
    criteria_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    criteria_->setMinimumContentsLength(30);
    groups_->setColumnCount(2);
    groups_->setHeaderLabels({tr("Answers"), tr("Answer")});
    groups_->header()->setStretchLastSection(true);
    groups_->setSelectionMode(QAbstractItemView::SingleSelection);
    groups_->setUniformRowHeights(true);
    heading_->setWordWrap(true);
    heading_->setTextFormat(Qt::RichText);
    answer_->setOpenLinks(false);
    status_->setWordWrap(true);

    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Criterion:"), this));
    top->addWidget(criteria_, 1);

    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(heading_);
    rightLayout->addWidget(answer_, 1);
    rightLayout->addWidget(buildDecision());

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(groups_);
    split->addWidget(right);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(split, 1);
    layout->addWidget(status_);

    connect(criteria_, &QComboBox::currentIndexChanged, this, &BulkReviewPanel::fillGroups);
    connect(groups_, &QTreeWidget::currentItemChanged, this, &BulkReviewPanel::showGroup);
    connect(groups_, &QTreeWidget::itemChanged, this, &BulkReviewPanel::refreshApply);
    connect(passed_, &QRadioButton::toggled, this, &BulkReviewPanel::followDecision);
    connect(reason_, &QPlainTextEdit::textChanged, this, &BulkReviewPanel::refreshApply);
    connect(apply_, &QPushButton::clicked, this, [this] {
        QString error;
        if (!applyDecision(&error) && !error.isEmpty())
            status_->setText(error);
    });
    refresh();
}

QWidget *BulkReviewPanel::buildDecision()
{
    auto *box = new QWidget(this);
    passed_->setChecked(true);
    points_->setDecimals(2);
    points_->setSingleStep(0.5);
    reason_->setPlaceholderText(tr("Why? (required: kept in each student's history, and the "
                                   "students may ask)"));
    reason_->setTabChangesFocus(true);
    reason_->setMaximumHeight(reason_->fontMetrics().lineSpacing() * 4);
    auto *decision = new QHBoxLayout;
    decision->addWidget(passed_);
    decision->addWidget(failed_);
    decision->addStretch();
    auto *form = new QFormLayout(box);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("Decision:"), decision);
    form->addRow(tr("Points:"), points_);
    form->addRow(tr("Reason:"), reason_);
    form->addRow(QString(), apply_);
    return box;
}

void BulkReviewPanel::refresh()
{
    const QString exercise = currentExercise(), criterion = currentCriterion();
    const QSignalBlocker block(criteria_);
    criteria_->clear();
    int total = 0, keep = 0;
    for (const ClassGrading::PendingCriterion &p : grading_->pendingCriteria()) {
        if (p.exercise == exercise && p.criterion == criterion)
            keep = criteria_->count();
        criteria_->addItem(tr("%1 · %2 — %3 (%n to review)", nullptr, p.answers)
                               .arg(p.exercise, p.criterion, p.title),
                           QStringList{p.exercise, p.criterion});
        criteria_->setItemData(criteria_->count() - 1, p.max, kMaxRole);
        total += p.answers;
    }
    criteria_->setCurrentIndex(criteria_->count() ? keep : -1);
    fillGroups();
    Q_EMIT pendingCountChanged(total);
}

bool BulkReviewPanel::selectCriterion(const QString &exercise, const QString &criterion)
{
    const int index = criteria_->findData(QStringList{exercise, criterion});
    if (index < 0)
        return false;
    criteria_->setCurrentIndex(index);
    return true;
}

void BulkReviewPanel::selectGroup(int row)
{
    if (QTreeWidgetItem *item = groups_->topLevelItem(row))
        groups_->setCurrentItem(item);
}

QString BulkReviewPanel::currentExercise() const
{
    return criteria_->currentData().toStringList().value(0);
}

QString BulkReviewPanel::currentCriterion() const
{
    return criteria_->currentData().toStringList().value(1);
}

double BulkReviewPanel::currentMax() const
{
    return criteria_->currentData(kMaxRole).toDouble();
}

void BulkReviewPanel::fillGroups()
{
    const QSignalBlocker block(groups_);
    groups_->clear();
    const QList<grader::AnswerGroup> found =
        grading_->reviewGroups(currentExercise(), currentCriterion());
    for (const grader::AnswerGroup &g : found) {
        auto *group = new QTreeWidgetItem(groups_);
        group->setText(0, g.students.size() == 1 ? tr("1 answer")
                          : g.identical ? tr("%n identical", nullptr, int(g.students.size()))
                                        : tr("%n alike", nullptr, int(g.students.size())));
        group->setText(1, excerpt(g.answer));
        group->setToolTip(1, g.answer);
        group->setFlags(group->flags() | Qt::ItemIsUserCheckable | Qt::ItemIsAutoTristate);
        for (qsizetype i = 0; i < g.students.size(); ++i) {
            auto *student = new QTreeWidgetItem(group);
            student->setText(0, g.students[i]);
            student->setText(1, excerpt(g.answers.value(i)));
            student->setToolTip(1, g.answers.value(i));
            student->setData(0, kAnswerRole, g.answers.value(i));
            student->setFlags(student->flags() | Qt::ItemIsUserCheckable);
            student->setCheckState(0, Qt::Checked);
        }
    }
    groups_->resizeColumnToContents(0);
    points_->setRange(0, currentMax());
    points_->setSuffix(tr(" / %1").arg(markText(currentMax())));
    followDecision();
    status_->setText(criteria_->count()
                         ? QString()
                         : tr("No answer awaits review: every criterion is decided."));
    if (groups_->topLevelItemCount())
        groups_->setCurrentItem(groups_->topLevelItem(0));
    showGroup();
}

// The selected group: its answer, and each other wording once, with who wrote it.
void BulkReviewPanel::showGroup()
{
    QTreeWidgetItem *item = groups_->currentItem();
    QTreeWidgetItem *group = item && item->parent() ? item->parent() : item;
    if (!group) {
        heading_->clear();
        answer_->clear();
        refreshApply();
        return;
    }
    const grader::Rubric *rubric = grading_->rubrics().find(currentExercise());
    const grader::Criterion *spec = rubric ? rubric->criterion(currentCriterion()) : nullptr;
    heading_->setText(tr("<b>%1</b> — %2")
                          .arg(currentCriterion().toHtmlEscaped(),
                               (spec ? spec->title : QString()).toHtmlEscaped()));
    QStringList wordings, html;
    QHash<QString, QStringList> writers;
    for (int i = 0; i < group->childCount(); ++i) {
        const QString text = group->child(i)->data(0, kAnswerRole).toString();
        if (!writers.contains(text))
            wordings << text;
        writers[text] << group->child(i)->text(0);
    }
    for (const QString &text : wordings)
        html << QStringLiteral("<p><b>%1</b></p>%2")
                    .arg(writers[text].join(QStringLiteral(", ")).toHtmlEscaped(),
                         answerBlock(text));
    if (spec && !spec->failText.isEmpty())
        html << tr("<p><b>Expected:</b> %1</p>").arg(spec->failText.toHtmlEscaped());
    answer_->setHtml(html.join(QString()));
    refreshApply();
}

QStringList BulkReviewPanel::chosenStudents() const
{
    QStringList out;
    QTreeWidgetItem *item = groups_->currentItem();
    QTreeWidgetItem *group = item && item->parent() ? item->parent() : item;
    for (int i = 0; group && i < group->childCount(); ++i)
        if (group->child(i)->checkState(0) == Qt::Checked)
            out << group->child(i)->text(0);
    return out;
}

// Passed earns the criterion's points and failed none, unless the instructor says otherwise.
void BulkReviewPanel::followDecision()
{
    points_->setValue(passed_->isChecked() ? currentMax() : 0);
}

void BulkReviewPanel::refreshApply()
{
    const int chosen = int(chosenStudents().size());
    apply_->setText(tr("Record for %n student(s)", nullptr, chosen));
    const bool busy = grading_->isRunning() || grading_->hasPending();
    apply_->setEnabled(chosen > 0 && !busy && !reason_->toPlainText().trimmed().isEmpty());
    apply_->setToolTip(busy ? tr("Save or discard the new grades first.") : QString());
}

bool BulkReviewPanel::applyDecision(QString *error)
{
    const QString why = reason_->toPlainText().trimmed();
    const QStringList students = chosenStudents();
    if (why.isEmpty() || students.isEmpty()) {
        *error = why.isEmpty() ? tr("Give a reason: it is kept in each student's history.")
                               : tr("Tick at least one student.");
        return false;
    }
    QList<grader::OverrideRequest> requests;
    for (const QString &student : students) {
        grader::OverrideRequest r;
        r.student = student;
        r.exercise = currentExercise();
        r.criterion = currentCriterion();
        r.passed = passed_->isChecked();
        r.points = points_->value();
        r.why = why;
        requests << r;
    }
    if (!grading_->addOverrides(requests, error))
        return false;
    reason_->clear();
    status_->setText(tr("Recorded for %n student(s): %1", nullptr, int(students.size()))
                         .arg(students.join(QStringLiteral(", "))));
    return true;
}

} // namespace schedlab::gui
