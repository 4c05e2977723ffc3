// "Rendre mon travail", before anything is written: each deliverable included, empty or
// missing, what will not go in and why, and where the zip will be saved.
#pragma once

#include "handinwriter.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QTreeWidget;

namespace schedlab::gui {

class HandInDialog : public QDialog
{
    Q_OBJECT

public:
    HandInDialog(const handin::HandInPlan &plan, const QString &defaultPath,
                 QWidget *parent = nullptr);

    QString zipPath() const;
    QTreeWidget *deliverables() const { return list_; }
    // "Included", "Empty", "Missing" in the interface's language.
    static QString statusText(handin::DeliverableStatus status);

private:
    void chooseFile();
    void fillList(const handin::HandInPlan &plan);

    QTreeWidget *list_ = nullptr;
    QLineEdit *path_ = nullptr;
    QDialogButtonBox *buttons_ = nullptr;
};

} // namespace schedlab::gui
