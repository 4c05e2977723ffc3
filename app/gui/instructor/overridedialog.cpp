// The override dialog: a reason is required, since the student may ask why their mark
// changed and the gradebook must be able to say.
#include "overridedialog.h"

#include "gradebookmodel.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

namespace schedlab::gui {

OverrideDialog::OverrideDialog(const QString &student, const grader::CriterionResult &c,
                               QWidget *parent)
    : QDialog(parent)
    , max_(c.max)
    , passed_(new QRadioButton(tr("Passed"), this))
    , failed_(new QRadioButton(tr("Failed"), this))
    , points_(new QDoubleSpinBox(this))
    , reason_(new QPlainTextEdit(this))
{
    setWindowTitle(tr("Override a mark"));
    auto *about = new QLabel(tr("<b>%1</b> — %2<br>%3<br>Now: %4 / %5 points%6.")
                                 .arg(student.toHtmlEscaped(),
                                      (c.title.isEmpty() ? c.id : c.title).toHtmlEscaped(),
                                      c.id.toHtmlEscaped(), markText(c.points), markText(c.max),
                                      c.review ? tr(", to review") : QString()),
                             this);
    about->setWordWrap(true);
    (c.review || c.passed ? passed_ : failed_)->setChecked(true);
    points_->setRange(0, c.max);
    points_->setDecimals(2);
    points_->setSingleStep(0.5);
    points_->setSuffix(tr(" / %1").arg(markText(c.max)));
    reason_->setPlaceholderText(tr("Why? (required: kept in the gradebook's history, and the "
                                   "student may ask)"));
    reason_->setTabChangesFocus(true);
    followDecision();

    auto *decision = new QHBoxLayout;
    decision->addWidget(passed_);
    decision->addWidget(failed_);
    decision->addStretch();
    auto *form = new QFormLayout;
    form->addRow(tr("Decision:"), decision);
    form->addRow(tr("Points:"), points_);
    form->addRow(tr("Reason:"), reason_);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    ok_ = buttons->button(QDialogButtonBox::Ok);
    ok_->setText(tr("Record"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(about);
    layout->addLayout(form);
    layout->addWidget(buttons);

    connect(passed_, &QRadioButton::toggled, this, &OverrideDialog::followDecision);
    connect(reason_, &QPlainTextEdit::textChanged, this, &OverrideDialog::checkReady);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    checkReady();
    resize(460, sizeHint().height());
}

bool OverrideDialog::passed() const
{
    return passed_->isChecked();
}

double OverrideDialog::points() const
{
    return points_->value();
}

QString OverrideDialog::reason() const
{
    return reason_->toPlainText().trimmed();
}

// Passed earns the criterion's points and failed none, unless the instructor says otherwise.
void OverrideDialog::followDecision()
{
    points_->setValue(passed_->isChecked() ? max_ : 0);
}

void OverrideDialog::checkReady()
{
    ok_->setEnabled(!reason().isEmpty());
}

} // namespace schedlab::gui
