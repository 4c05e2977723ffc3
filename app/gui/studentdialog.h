// File ▸ Student: the student gives their name, number and (optionally) group, which go
// into every hand-in and export.
#pragma once

#include "identity.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace schedlab::gui {

class StudentDialog : public QDialog
{
    Q_OBJECT

public:
    explicit StudentDialog(const handin::StudentIdentity &identity, QWidget *parent = nullptr);

    handin::StudentIdentity identity() const;

    // "21004568 Alex Martin" per line; blank lines skipped.
    static QList<handin::GroupMember> parseMembers(const QString &text);
    static QString membersText(const QList<handin::GroupMember> &members);

private:
    void updateState();

    QLineEdit *name_ = nullptr;
    QLineEdit *number_ = nullptr;
    QLineEdit *group_ = nullptr;
    QPlainTextEdit *members_ = nullptr;
    QLabel *fileName_ = nullptr;
    QDialogButtonBox *buttons_ = nullptr;
};

} // namespace schedlab::gui
