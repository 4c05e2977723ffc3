// The timed exam without widgets: the paper (the practice paper that ships with the app, or
// the instructor's paper file), the clock, the answers kept in the exam record, the attempts
// to leave, the hand-in that locks them under a SHA-256, the paper exported for the
// instructor and the result the instructor releases.
#pragma once

#include "exampaper.h"
#include "examstore.h"

#include <QDateTime>
#include <QList>
#include <QMap>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace schedlab::grader {
struct Rubric;
}

namespace schedlab::gui {

class Workspace;

struct ExamQuestion
{
    int number = 0;       // from 1
    QString title;        // the statement's heading, "Question 1 — Une attente à expliquer"
    QString statement;    // the statement's text under it (Markdown, French)
    QString sheetHeading; // the answer sheet's heading line, "## Question 1"
};

// The statement (enonce.md) and the answer sheet's layout (examen.md), read once from the
// exam's folder. The paper is the sheet with each answer under its heading, so that the
// grader finds every answer in its section.
struct ExamSheet
{
    QString fileName = QStringLiteral("examen.md");  // the sheet, as the rubric names it
    QString introduction;                            // the statement before its questions
    QString sheetTitle = QStringLiteral("# Examen"); // the sheet before its first question
    QList<ExamQuestion> questions;

    static ExamSheet read(const grader::Rubric &rubric);
    // From the paper's texts: the statement (enonce.md) and the answer sheet.
    static ExamSheet parse(const QString &statement, const QString &sheet, const QString &fileName);
    QString assemble(const QMap<int, QString> &answers) const;
};

// A criterion of the released result, as the student sees it.
struct ExamResultCriterion
{
    QString id;
    QString title;
    double points = 0;
    double max = 0;
    bool passed = false;
    bool review = false;
    QString feedback;
};

// The grade the instructor released for this paper.
struct ExamResult
{
    QString student;
    QString sha256;
    double score = 0;
    double max = 0;
    QDateTime releasedAt;
    QList<ExamResultCriterion> criteria;
};

// Why the student tried to leave the exam; logged with its time in the exam's report.
enum class LeaveAttempt {
    Lesson,
    Exercise,
    Cluster,
    Terminal,
    LoginNode,
    OtherWorkspace,
    CloseWindow,
    SecondInstance,
    FocusLost,
};
QString leaveAttemptName(LeaveAttempt kind); // "lesson", "second-instance", ... (the report's)

// Everything the hand-in writer needs about the exam, in one value: the paper as hashed, the
// report, the state and the hand-in. Empty bytes until the paper is handed in.
struct ExamHandIn
{
    ExamState state = ExamState::NotStarted;
    QString exercise;      // the hand-in folder ("examen")
    QString fileName;      // the paper's name in it ("examen.md")
    QByteArray paperBytes; // the paper's UTF-8 bytes, exactly as hashed
    QString sha256;        // of paperBytes
    QString reportName;    // "examen-rapport.json"
    QByteArray report;     // its bytes (paper id and SHA-256, times, attempts to leave)
    QDateTime handedInAt;  // UTC
    HandInKind kind = HandInKind::ByStudent;
    QString paperId; // the paper answered, and the SHA-256 of its file
    QString paperFileSha256;
    bool practice = false;
    bool handedIn() const { return state == ExamState::HandedIn; }
};

class ExamSession : public QObject
{
    Q_OBJECT

public:
    using Clock = std::function<QDateTime()>;
    static constexpr int kDefaultMinutes = 60;
    static constexpr const char *kReportName = "examen-rapport.json";
    static constexpr const char *kResultName = "examen-resultat.json";

    // Opens the exam record of the workspace; an exam whose time ran out while the app was
    // closed is handed in here, with the answers saved until then. `clock` gives the wall
    // clock (tests pass a fake one).
    ExamSession(const grader::Rubric &rubric, Workspace *workspace, Clock clock = {},
                QObject *parent = nullptr);
    // The same on any paper: each paper has its own record in the workspace.
    ExamSession(const exam::ExamPaper &paper, Workspace *workspace, Clock clock = {},
                QObject *parent = nullptr);
    ~ExamSession() override;

    // The practice paper of an exam rubric: its statement, answer sheet, duration and
    // paper_id (read from rubric.yaml; "<exercise>-blanc" when it has none).
    static exam::ExamPaper practicePaper(const grader::Rubric &rubric);
    // The record's file, below the workspace's .schedlab: exam.db for the practice paper,
    // exams/<paper id>.db for another.
    static QString storeFileFor(const exam::ExamPaper &paper);
    // The papers opened in this workspace (kept in their records), oldest first.
    static QList<exam::ExamPaper> openedPapers(const QString &workspaceRoot);
    const exam::ExamPaper &examPaper() const { return paper_; }
    // Keeps the paper file in its record, so the exam reopens without the file (done when a
    // paper is opened).
    bool keepPaper(QString *error);

    const ExamSheet &sheet() const { return sheet_; }
    int questionCount() const { return int(sheet_.questions.size()); }
    bool isOpen() const { return store_->isOpen(); }
    bool storeDamaged() const { return store_->damaged(); }
    QString openError() const { return store_->openError(); }
    QString storePath() const { return store_->path(); }

    ExamState state() const { return record_.state; }
    bool inProgress() const { return record_.state == ExamState::InProgress; }
    // Handed in: the answers can no longer change.
    bool isLocked() const { return record_.state == ExamState::HandedIn; }
    // True when this opening found the time run out and handed the paper in.
    bool handedInWhileClosed() const { return handedInWhileClosed_; }

    // The time allowed: the record's once started, else the exam's data (an hour if silent).
    int durationSeconds() const;
    QString studentId() const;
    QDateTime startedAt() const { return record_.startedAt; }
    QDateTime deadline() const;
    // Whole seconds left, rounded up: the full duration before the start, 0 once handed in.
    int remainingSeconds() const;

    // Answers by question number, from 1.
    QString answer(int question) const { return answers_.value(question); }
    bool start(QString *error);
    bool saveAnswer(int question, const QString &text, QString *error);
    bool handIn(HandInKind kind, QString *error);
    // Hands the paper in when the deadline has passed; true when it did so now.
    bool tick();

    QDateTime handedInAt() const { return record_.handedInAt; }
    HandInKind handInKind() const { return record_.kind; }
    QString paper() const { return record_.paper; }
    QString paperHash() const { return record_.sha256; }

    // Writes <dir>/examen.md (the paper as hashed) and <dir>/examen-rapport.json.
    bool exportPaper(const QString &dir, QString *error) const;
    // Accepts the instructor's release (examen-resultat.json) only for this student and this
    // paper's hash; it is kept in the record.
    bool importResult(const QString &path, QString *error);
    std::optional<ExamResult> result() const;

    // Logs an attempt to leave while the exam is in progress (false otherwise: nothing to
    // leave). One transaction each.
    bool logLeaveAttempt(LeaveAttempt kind, const QString &detail = {});
    QList<LeaveAttemptRecord> leaveAttempts() const { return store_->leaveAttempts(); }
    // For the hand-in writer: the paper as hashed, the report, the state, in one call.
    ExamHandIn handInData() const;
    // The same for the workspace, whatever paper the exam page shows: the instructor's paper
    // handed in last, else one in progress, else the practice paper of `examRubric`.
    static ExamHandIn handInOf(const grader::Rubric &examRubric, Workspace *workspace);

    static QString sha256(const QString &paper);
    // The exam's clock: the wall clock (or the test's), never going back.
    QDateTime now() const;

Q_SIGNALS:
    void started();
    void answerSaved(int question);
    void handedIn(schedlab::gui::HandInKind kind);
    void resultReleased();

private:
    void reload();
    bool handInAt(const QDateTime &at, HandInKind kind, QString *error);
    QByteArray report() const;

    exam::ExamPaper paper_;
    ExamSheet sheet_;
    QString exercise_;
    Workspace *workspace_ = nullptr; // whose student the paper is (fixed at the start)
    int rubricSeconds_ = 0;
    QString rubricTag_;
    Clock clock_;
    std::unique_ptr<ExamStore> store_;
    ExamRecord record_;
    QMap<int, QString> answers_;
    mutable QDateTime latestSeen_; // the clock is never allowed to go back before this
    bool handedInWhileClosed_ = false;
};

} // namespace schedlab::gui
