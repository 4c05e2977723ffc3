// The timed exam without widgets: the questions read from the exam's folder, the clock, the
// answers kept in the exam record, the hand-in that locks them under a SHA-256, the paper
// exported for the instructor and the result the instructor releases.
#pragma once

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
    ~ExamSession() override;

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

    ExamSheet sheet_;
    QString exercise_;
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
