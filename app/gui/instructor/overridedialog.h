// The instructor's decision on one criterion: passed or failed, the points, and a reason,
// which the gradebook keeps with who decided and when.
#pragma once

#include "gradingresult.h"

#include <QDialog>

class QDoubleSpinBox;
class QPlainTextEdit;
class QPushButton;
class QRadioButton;

namespace schedlab::gui {

class OverrideDialog : public QDialog
{
    Q_OBJECT

public:
    OverrideDialog(const QString &student, const grader::CriterionResult &criterion,
                   QWidget *parent = nullptr);

    bool passed() const;
    double points() const;
    QString reason() const;

    QRadioButton *passedButton() const { return passed_; }
    QRadioButton *failedButton() const { return failed_; }
    QDoubleSpinBox *pointsBox() const { return points_; }
    QPlainTextEdit *reasonEdit() const { return reason_; }
    QPushButton *okButton() const { return ok_; }

private:
    void followDecision();
    void checkReady();

    double max_;
    QRadioButton *passed_, *failed_;
    QDoubleSpinBox *points_;
    QPlainTextEdit *reason_;
    QPushButton *ok_;
};

} // namespace schedlab::gui
