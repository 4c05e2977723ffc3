// The exam's record in the workspace (.schedlab/exam.db for the practice paper,
// .schedlab/exams/<paper id>.db for a paper the instructor handed out; SQLite): which paper,
// when it started, the time allowed, every answer as it is typed, every attempt to leave, the
// hand-in and the released result. It is the truth the app resumes from after a crash, so
// every change is one transaction.
#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QMap>
#include <QSqlError>
#include <QString>

#include <functional>
#include <optional>

namespace schedlab::gui {

enum class ExamState { NotStarted, InProgress, HandedIn };
enum class HandInKind { ByStudent, TimeRanOut };

struct ExamRecord
{
    ExamState state = ExamState::NotStarted;
    QString student;     // fixed at the start: the paper is theirs even if the id changes
    QDateTime startedAt; // UTC, wall clock
    int durationSeconds = 0;
    QDateTime handedInAt; // UTC; the deadline itself when time ran out
    HandInKind kind = HandInKind::ByStudent;
    QString paper;         // examen.md as handed in: exported as is, so the hash stays true
    QString sha256;        // of the paper's UTF-8 bytes, in hex
    QByteArray resultJson; // the instructor's release, once accepted
    QString paperId;       // the paper answered (its id and the SHA-256 of its file)
    QString paperSha256;
};

// The paper file kept in the record, so that the exam reopens without the USB key.
struct StoredPaper
{
    QString id;
    QString sha256;
    QByteArray file;
};

// An attempt to leave the exam (a lesson, the cluster, closing the window...), with its time.
struct LeaveAttemptRecord
{
    QDateTime at; // UTC
    QString kind; // "lesson", "exercise", "cluster", "terminal", "workspace", "close", ...
    QString detail;
};

class ExamStore
{
    Q_DECLARE_TR_FUNCTIONS(ExamStore)

public:
    // The record `fileName` (below <root>/.schedlab) of the workspace at `workspaceRoot`.
    static constexpr const char *kPracticeFile = "exam.db";
    explicit ExamStore(const QString &workspaceRoot,
                       const QString &fileName = QLatin1String(kPracticeFile));
    ~ExamStore();
    ExamStore(const ExamStore &) = delete;
    ExamStore &operator=(const ExamStore &) = delete;

    bool isOpen() const { return open_; }
    // The file is there but cannot be read as an exam record (damaged, not a database, not a
    // regular file, unreadable): an exam may be in progress in it, so the window fails
    // closed. The file is never touched.
    bool damaged() const { return damaged_; }
    // Why the store could not be opened (names the file).
    const QString &openError() const { return openError_; }
    const QString &path() const { return path_; }

    ExamRecord record() const;
    // Question number (from 1) to answer text.
    QMap<int, QString> answers() const;
    // The latest instant written (start, answers, hand-in): a clock set back before it is
    // not believed.
    QDateTime latestWrite() const;

    std::optional<StoredPaper> paper() const;
    QList<LeaveAttemptRecord> leaveAttempts() const;

    // Keeps the paper file in the record before the start; refused once the exam has started
    // on another paper.
    bool savePaper(const StoredPaper &paper, QString *error);
    // Each refuses (false, with a sentence) unless the exam is in the state it expects. The
    // start also records which paper is answered, in the same transaction.
    bool start(const QString &student, const QDateTime &at, int durationSeconds,
               const StoredPaper &paper, QString *error);
    // Only while the exam is in progress: before the start and after the hand-in nothing is
    // left.
    bool logLeaveAttempt(const LeaveAttemptRecord &attempt, QString *error);
    bool saveAnswer(int question, const QString &text, const QDateTime &at, QString *error);
    // Locks the answers: `assemble` turns them into the paper inside the same transaction,
    // so no answer saved meanwhile can be missing from what is hashed.
    using Assemble = std::function<QString(const QMap<int, QString> &)>;
    using Hash = std::function<QString(const QString &)>;
    bool handIn(const QDateTime &at, HandInKind kind, const Assemble &assemble, const Hash &hash,
                QString *error);
    bool saveResult(const QByteArray &json, QString *error);

private:
    bool check(QString *why);
    bool createTables(QString *why);
    bool fail(const QString &what, const QSqlError &cause, QString *error) const;

    QString connection_;
    QString path_;
    bool open_ = false;
    bool damaged_ = false;
    QString openError_;
};

} // namespace schedlab::gui
