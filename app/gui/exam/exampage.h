// The exam's page: the paper to answer (the practice paper, or the instructor's paper file
// opened here), the rules and a Start button, then the questions with their answer editors
// under a countdown, then the locked paper with its hash, its export for the instructor and,
// once released, the grade.
#pragma once

#include "examsession.h"
#include "rubric.h"

#include <QDateTime>
#include <QList>
#include <QTimer>
#include <QWidget>

#include <functional>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QStackedWidget;
class QFrame;

namespace schedlab::gui {

class Workspace;

class ExamPage : public QWidget
{
    Q_OBJECT

public:
    ExamPage(const grader::Rubric &examRubric, Workspace *workspace, QWidget *parent = nullptr,
             std::function<QDateTime()> clock = {});
    ~ExamPage() override;

    ExamSession *session() const { return session_; }
    // Opens the instructor's paper file (.schedlab-exam, read as untrusted input) and shows
    // it; the practice paper stays in the list. Refused while an exam is in progress.
    bool openPaperFile(const QString &path);
    // Shows one of the papers opened in this workspace (or the practice paper) by its id.
    bool showPaper(const QString &paperId);
    // The papers the student can choose: the practice paper first, then those opened.
    QStringList paperIds() const;
    // Started and not handed in: the window locks lessons, cluster and grading meanwhile.
    // A record that cannot be read counts as in progress (fail closed) until the instructor
    // has looked at it.
    bool inProgress() const { return session_->inProgress() || session_->storeDamaged(); }
    bool storeDamaged() const { return session_->storeDamaged(); }

    // What the buttons do once confirmed (the window and tests call them directly).
    bool startExam();
    bool handInNow();
    // Writes the paper and its report to <folder>/<student id>/examen/, the layout of an
    // instructor's class folder.
    bool exportTo(const QString &folder);
    bool importFrom(const QString &file);
    // Saves every edited answer now (also done after a pause of at most half a second, when
    // an editor loses the focus and when the page closes).
    bool saveAnswers();
    // Updates the countdown; hands the paper in when time has run out.
    void tick();

    QLabel *countdown() const { return countdown_; }
    QPlainTextEdit *answerEditor(int question) const { return editors_.value(question - 1); }
    QLabel *message() const { return message_; }
    QLabel *receipt() const { return receipt_; }
    QLabel *grade() const { return grade_; }
    QPushButton *startButton() const { return start_; }
    QPushButton *handInButton() const { return handIn_; }
    QPushButton *exportButton() const { return export_; }
    QPushButton *importButton() const { return import_; }
    QPushButton *openPaperButton() const { return openPaper_; }
    QComboBox *paperChoice() const { return paperChoice_; }
    // Asks for a paper file, then opens it (the page's button and the Exam menu).
    void chooseExamPaper();

Q_SIGNALS:
    void examStarted();
    void examHandedIn(); // by the student or when time ran out

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    QWidget *buildHeader();
    QWidget *buildPaperChoice();
    // Replaces the session and the widgets built from its paper.
    void setPaper(const exam::ExamPaper &paper);
    exam::ExamPaper initialPaper() const;
    void listPapers();
    QWidget *buildIntroduction();
    QWidget *buildPaper();
    QWidget *buildReceipt();
    QWidget *buildQuestion(const ExamQuestion &question);
    void confirmStart();
    void confirmHandIn();
    void chooseExportFolder();
    void chooseResultFile();
    void answerEdited(int question);
    void showState();
    void showCountdown();
    void showReceipt();
    void showResult();
    void say(const QString &text, bool problem = false);

    grader::Rubric rubric_; // the practice paper's: it names the released criteria
    Workspace *workspace_;
    std::function<QDateTime()> clock_;
    exam::ExamPaper practice_;
    QList<exam::ExamPaper> papers_; // practice first, then the papers opened here
    ExamSession *session_ = nullptr;
    QLabel *title_;
    QComboBox *paperChoice_;
    QPushButton *openPaper_;
    QTimer clockTimer_;
    QTimer savePause_;
    QList<bool> edited_;
    QLabel *status_;
    QLabel *countdown_;
    QStackedWidget *stages_;
    QPushButton *start_;
    QList<QPlainTextEdit *> editors_;
    QList<QLabel *> feedback_;
    QLabel *saved_;
    QPushButton *handIn_;
    QFrame *receiptPanel_;
    QLabel *receipt_;
    QLabel *hash_;
    QPushButton *export_;
    QPushButton *import_;
    QLabel *grade_;
    QLabel *message_;
};

} // namespace schedlab::gui
