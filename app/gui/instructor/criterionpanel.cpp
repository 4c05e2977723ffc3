// The criterion's details beside the table. The feedback, evidence and history sit in one
// text browser: it wraps and scrolls however narrow the pane, and its text can be copied
// into a message to the student.
#include "criterionpanel.h"

#include "gradebookmodel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace schedlab::gui {

namespace {

QString badgeStyle(const QString &background)
{
    return QStringLiteral("QLabel { background: %1; color: #202020; border-radius: 3px;"
                          " padding: 3px 6px; }")
        .arg(background);
}

QString section(const QString &heading, const QString &body, bool monospace = false)
{
    return QStringLiteral("<p style='margin:8px 0 2px 0; color:#5f6368'><b>%1</b></p>"
                          "<p style='margin:0 0 4px 0%2'>%3</p>")
        .arg(heading.toHtmlEscaped(),
             monospace ? QStringLiteral("; font-family:monospace") : QString(), body);
}

QString paragraph(const QString &text)
{
    return text.toHtmlEscaped().replace(u'\n', QStringLiteral("<br>"));
}

} // namespace

QString describeOverride(const grader::OverrideRecord &r)
{
    const QString when = QLocale().toString(r.at.toLocalTime(), QLocale::ShortFormat);
    const QString decision = r.passed ? CriterionPanel::tr("passed") : CriterionPanel::tr("failed");
    return CriterionPanel::tr("%1 — %2: %3 → %4 points (%5). Reason: %6")
        .arg(when, r.by.isEmpty() ? CriterionPanel::tr("unknown") : r.by, markText(r.was),
             markText(r.points), decision, r.why);
}

CriterionPanel::CriterionPanel(QWidget *parent)
    : QWidget(parent)
    , title_(new QLabel(this))
    , subtitle_(new QLabel(this))
    , decision_(new QLabel(this))
    , details_(new QTextBrowser(this))
    , override_(new QPushButton(tr("Override…"), this))
{
    QFont big = title_->font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.15);
    title_->setFont(big);
    title_->setWordWrap(true);
    subtitle_->setStyleSheet(QStringLiteral("QLabel { color: #5f6368; }"));
    subtitle_->setWordWrap(true);
    subtitle_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    decision_->setWordWrap(true);
    details_->setOpenLinks(false);
    details_->setFrameShape(QFrame::NoFrame);
    override_->setToolTip(tr("Change this mark, with a reason kept in the gradebook"));
    connect(override_, &QPushButton::clicked, this, &CriterionPanel::overrideRequested);

    auto *top = new QHBoxLayout;
    top->addWidget(title_, 1);
    top->addWidget(override_, 0, Qt::AlignTop);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(3);
    layout->addLayout(top);
    layout->addWidget(subtitle_);
    layout->addWidget(decision_);
    layout->addWidget(details_, 1);
    clear(tr("Select a cell to see how the grader decided."));
}

void CriterionPanel::clear(const QString &message)
{
    criterionShown_ = false;
    title_->setText(message);
    subtitle_->clear();
    subtitle_->setVisible(false);
    decision_->setVisible(false);
    override_->setVisible(false);
    details_->clear();
}

void CriterionPanel::showCriterion(const QString &student, const grader::CriterionResult &c,
                                   const QList<grader::OverrideRecord> &history)
{
    criterionShown_ = true;
    title_->setText(c.title.isEmpty() ? c.id : c.title);
    subtitle_->setText(tr("%1 · %2").arg(student, c.id));
    subtitle_->setVisible(true);
    QString state, colour;
    if (c.overridden) {
        state = tr("✎ Overridden by %1").arg(c.overridden->by);
        colour = QStringLiteral("#dbe7fa");
    } else if (c.review) {
        state = tr("? To review (grader's guess: %1)").arg(c.passed ? tr("passed") : tr("failed"));
        colour = QStringLiteral("#ffefc4");
    } else {
        state = c.passed ? tr("✓ Passed") : tr("✗ Failed");
        colour = c.passed ? QStringLiteral("#dcf1dc") : QStringLiteral("#f7d9d9");
    }
    decision_->setText(tr("%1 · %2 / %3 points · confidence %4 %")
                           .arg(state, markText(c.points), markText(c.max))
                           .arg(qRound(c.confidence * 100)));
    decision_->setStyleSheet(badgeStyle(colour));
    decision_->setVisible(true);
    QStringList lines;
    for (const grader::OverrideRecord &r : history)
        lines << QStringLiteral("• ") + describeOverride(r);
    details_->setHtml(
        section(tr("Feedback to the student"), paragraph(c.feedback)) +
        section(tr("Evidence"),
                c.evidence.isEmpty() ? tr("(the grader quotes nothing)") : paragraph(c.evidence),
                !c.evidence.isEmpty()) +
        section(tr("Overrides"), lines.isEmpty() ? tr("None: this is the grader's decision.")
                                                 : paragraph(lines.join(u'\n'))));
    override_->setVisible(true);
    override_->setEnabled(overrideAllowed_);
}

void CriterionPanel::showStudent(const QString &student, const QString &exercise,
                                 const grader::ExerciseResult *result, const QString &problem)
{
    clear(student);
    QString text;
    if (!result)
        text = problem.isEmpty() ? tr("%1: not graded yet.").arg(exercise) : problem;
    else if (!result->error.isEmpty())
        text = tr("%1: the submission could not be read: %2").arg(exercise, result->error);
    else
        text =
            tr("%1 (rubric %2): %3 / %4 points, %n criterion(s) to review. Select a "
               "criterion's cell to see its evidence.",
               nullptr,
               int(std::count_if(result->criteria.begin(), result->criteria.end(),
                                 [](const auto &c) { return c.review; })))
                .arg(exercise, result->rubricTag, markText(result->score), markText(result->max));
    subtitle_->setText(text);
    subtitle_->setVisible(true);
}

void CriterionPanel::setOverrideAllowed(bool allowed, const QString &why)
{
    overrideAllowed_ = allowed;
    override_->setEnabled(allowed && criterionShown_);
    override_->setToolTip(allowed ? tr("Change this mark, with a reason kept in the gradebook")
                                  : why);
}

} // namespace schedlab::gui
