// The exam's SQLite record: one row for the exam, one for its paper, one per answer and one
// per attempt to leave. Writes take the database lock first (BEGIN IMMEDIATE), so two
// processes on the same record (a second SchedLab logging its attempt) cannot interleave.
#include "examstore.h"

#include "privatefiles.h"
#include "sqlitecheck.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>

namespace schedlab::gui {

namespace {

QString instant(const QDateTime &at)
{
    return at.toUTC().toString(Qt::ISODateWithMs);
}

QDateTime parseInstant(const QVariant &value)
{
    QDateTime at = QDateTime::fromString(value.toString(), Qt::ISODateWithMs);
    return at.isValid() ? at.toUTC() : QDateTime();
}

const QString kInProgress = QStringLiteral("in-progress");
const QString kHandedIn = QStringLiteral("handed-in");
const QString kTimeRanOut = QStringLiteral("time-ran-out");
const QString kByStudent = QStringLiteral("student");

// A write transaction that rolls back unless committed: an error half-way leaves the record
// as it was.
class Transaction
{
public:
    explicit Transaction(const QSqlDatabase &db)
        : db_(db)
    {
        begun_ = run(QStringLiteral("BEGIN IMMEDIATE"));
    }
    ~Transaction()
    {
        if (begun_ && !committed_)
            QSqlQuery(db_).exec(QStringLiteral("ROLLBACK"));
    }
    bool begun() const { return begun_; }
    bool commit() { return committed_ = run(QStringLiteral("COMMIT")); }
    // Why BEGIN or COMMIT failed (a full disk shows at COMMIT).
    const QSqlError &error() const { return error_; }

private:
    bool run(const QString &statement)
    {
        QSqlQuery q(db_);
        if (q.exec(statement))
            return true;
        error_ = q.lastError();
        return false;
    }

    QSqlDatabase db_;
    bool begun_ = false;
    bool committed_ = false;
    QSqlError error_;
};

// The statement, then the commit: the cause of whichever failed.
bool execAndCommit(QSqlQuery &q, Transaction &t, QSqlError *cause)
{
    if (!q.exec()) {
        *cause = q.lastError();
        return false;
    }
    if (!t.commit()) {
        *cause = t.error();
        return false;
    }
    return true;
}

// SQLite's words for a failure, never an empty string: the query's error, else the
// connection's, else a plain statement that no reason was given.
QString reasonOf(const QSqlError &error, const QSqlDatabase &db)
{
    for (const QSqlError &e : {error, db.lastError()}) {
        const QString text =
            (e.databaseText().trimmed() + u' ' + e.driverText().trimmed()).trimmed();
        if (!text.isEmpty())
            return text;
    }
    return ExamStore::tr("no reason given by SQLite");
}

// A file that may hold a paper: anything at the path but an empty regular file. Looked at
// without following a link, and before SQLite opens it (it would wait on a FIFO).
enum class Existing { Absent, Empty, Regular, Other };
Existing existingAt(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists() && !info.isSymLink())
        return Existing::Absent;
    if (info.isSymLink() || !info.isFile())
        return Existing::Other;
    return info.size() == 0 ? Existing::Empty : Existing::Regular;
}

// The exam's state in the record, inside the caller's transaction.
QString storedState(const QSqlDatabase &db)
{
    QSqlQuery q(db);
    if (q.exec(QStringLiteral("SELECT state FROM exam WHERE id = 1")) && q.next())
        return q.value(0).toString();
    return {};
}

} // namespace

ExamStore::ExamStore(const QString &workspaceRoot, const QString &fileName)
    : connection_(QStringLiteral("exam-") + QUuid::createUuid().toString(QUuid::WithoutBraces))
{
    const QString dir = workspaceRoot + QStringLiteral("/.schedlab");
    path_ = dir + u'/' + fileName;
    QString why;
    files::makePrivateFolder(dir, &why); // SQLite's open says why if it matters
    if (const QString sub = QFileInfo(path_).absolutePath();
        sub != QFileInfo(dir).absoluteFilePath())
        files::makePrivateFolder(sub, &why);
    const Existing existing = existingAt(path_);
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection_);
    if (existing == Existing::Other) {
        why = tr("not a regular file");
    } else {
        if (!files::makePrivateFile(path_, &why)) // 0600 before SQLite opens it
            why.clear();
        db.setDatabaseName(path_);
        // Another window may hold the lock for a moment: wait for it rather than fail a save.
        db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=3000"));
        open_ = db.open() && check(&why) && createTables(&why);
        if (!open_ && why.isEmpty())
            why = reasonOf(db.lastError(), db);
    }
    if (open_)
        return;
    db.close();
    // A record that may hold a paper in progress and cannot be read fails closed: the
    // window stays locked, the file stays as it is, for the instructor to look at.
    damaged_ = existing == Existing::Regular || existing == Existing::Other;
    openError_ = damaged_
                     ? tr("The exam record %1 is damaged or unreadable (%2). An exam may be in "
                          "progress, so the window stays locked. The file is left as it is: "
                          "call your instructor.")
                           .arg(QDir::toNativeSeparators(path_), why)
                     : tr("The exam record %1 cannot be opened: %2.")
                           .arg(QDir::toNativeSeparators(path_), why);
}

// SQLite opens any file lazily: a damaged one shows only when read, so every page is read
// before anything is believed (or written).
bool ExamStore::check(QString *why)
{
    const QSqlDatabase db = QSqlDatabase::database(connection_);
    if (databaseIsWhole(db, why))
        return true;
    if (why->isEmpty())
        *why = reasonOf(QSqlError(), db);
    return false;
}

ExamStore::~ExamStore()
{
    QSqlDatabase::database(connection_, false).close();
    QSqlDatabase::removeDatabase(connection_);
}

bool ExamStore::createTables(QString *why)
{
    QSqlQuery q(QSqlDatabase::database(connection_));
    const bool ok =
        q.exec(QStringLiteral(
            "CREATE TABLE IF NOT EXISTS exam (id INTEGER PRIMARY KEY CHECK (id = 1), "
            "state TEXT NOT NULL, student TEXT NOT NULL, started_at TEXT NOT NULL, "
            "duration_seconds INTEGER NOT NULL, handed_in_at TEXT, kind TEXT, paper TEXT, "
            "sha256 TEXT, result TEXT)")) &&
        q.exec(QStringLiteral("CREATE TABLE IF NOT EXISTS answers (question INTEGER PRIMARY "
                              "KEY, text TEXT NOT NULL, saved_at TEXT NOT NULL)")) &&
        // Tables of their own rather than new columns: a record of an older version opens.
        q.exec(QStringLiteral("CREATE TABLE IF NOT EXISTS paper (id INTEGER PRIMARY KEY CHECK "
                              "(id = 1), paper_id TEXT NOT NULL, sha256 TEXT NOT NULL, file "
                              "BLOB NOT NULL)")) &&
        q.exec(QStringLiteral("CREATE TABLE IF NOT EXISTS leave_attempts (n INTEGER PRIMARY KEY "
                              "AUTOINCREMENT, at TEXT NOT NULL, kind TEXT NOT NULL, detail TEXT "
                              "NOT NULL)"));
    if (!ok)
        *why = reasonOf(q.lastError(), QSqlDatabase::database(connection_));
    return ok;
}

bool ExamStore::fail(const QString &what, const QSqlError &cause, QString *error) const
{
    if (!open_) {
        *error = openError_;
        return false;
    }
    *error = tr("The exam record %1 cannot be written (%2): %3.")
                 .arg(QDir::toNativeSeparators(path_), what,
                      reasonOf(cause, QSqlDatabase::database(connection_)));
    return false;
}

ExamRecord ExamStore::record() const
{
    ExamRecord r;
    QSqlQuery q(QSqlDatabase::database(connection_));
    if (!open_ ||
        !q.exec(QStringLiteral("SELECT state, student, started_at, duration_seconds, "
                               "handed_in_at, kind, paper, sha256, result FROM exam "
                               "WHERE id = 1")) ||
        !q.next())
        return r;
    r.state = q.value(0).toString() == kHandedIn ? ExamState::HandedIn : ExamState::InProgress;
    r.student = q.value(1).toString();
    r.startedAt = parseInstant(q.value(2));
    r.durationSeconds = q.value(3).toInt();
    r.handedInAt = parseInstant(q.value(4));
    r.kind = q.value(5).toString() == kTimeRanOut ? HandInKind::TimeRanOut : HandInKind::ByStudent;
    r.paper = q.value(6).toString();
    r.sha256 = q.value(7).toString();
    r.resultJson = q.value(8).toString().toUtf8();
    if (const std::optional<StoredPaper> p = paper()) {
        r.paperId = p->id;
        r.paperSha256 = p->sha256;
    }
    return r;
}

std::optional<StoredPaper> ExamStore::paper() const
{
    QSqlQuery q(QSqlDatabase::database(connection_));
    if (!open_ ||
        !q.exec(QStringLiteral("SELECT paper_id, sha256, file FROM paper WHERE id = 1")) ||
        !q.next())
        return std::nullopt;
    return StoredPaper{q.value(0).toString(), q.value(1).toString(), q.value(2).toByteArray()};
}

QList<LeaveAttemptRecord> ExamStore::leaveAttempts() const
{
    QList<LeaveAttemptRecord> out;
    QSqlQuery q(QSqlDatabase::database(connection_));
    if (open_ && q.exec(QStringLiteral("SELECT at, kind, detail FROM leave_attempts ORDER BY n")))
        while (q.next())
            out << LeaveAttemptRecord{parseInstant(q.value(0)), q.value(1).toString(),
                                      q.value(2).toString()};
    return out;
}

namespace {

// Inside the caller's transaction.
bool writePaper(const QSqlDatabase &db, const StoredPaper &paper, QSqlError *cause)
{
    QSqlQuery q(db);
    q.prepare(QStringLiteral(
        "INSERT OR REPLACE INTO paper (id, paper_id, sha256, file) VALUES (1, ?, ?, ?)"));
    q.addBindValue(paper.id);
    q.addBindValue(paper.sha256);
    q.addBindValue(paper.file);
    if (q.exec())
        return true;
    *cause = q.lastError();
    return false;
}

} // namespace

bool ExamStore::savePaper(const StoredPaper &paper, QString *error)
{
    const QSqlDatabase db = QSqlDatabase::database(connection_);
    Transaction t(db);
    if (!t.begun())
        return fail(tr("paper"), t.error(), error);
    const std::optional<StoredPaper> kept = this->paper();
    if (!storedState(db).isEmpty() && (!kept || kept->sha256 != paper.sha256)) {
        *error = tr("This exam has already been started on another paper: its paper cannot "
                    "change.");
        return false;
    }
    QSqlError cause;
    if (!writePaper(db, paper, &cause))
        return fail(tr("paper"), cause, error);
    return t.commit() || fail(tr("paper"), t.error(), error);
}

bool ExamStore::logLeaveAttempt(const LeaveAttemptRecord &attempt, QString *error)
{
    const QSqlDatabase db = QSqlDatabase::database(connection_);
    Transaction t(db);
    if (!t.begun())
        return fail(tr("attempt to leave"), t.error(), error);
    if (storedState(db) != kInProgress) {
        *error = tr("The exam is not in progress: there is nothing to leave.");
        return false;
    }
    QSqlQuery q(db);
    q.prepare(QStringLiteral("INSERT INTO leave_attempts (at, kind, detail) VALUES (?, ?, ?)"));
    q.addBindValue(instant(attempt.at));
    q.addBindValue(attempt.kind);
    q.addBindValue(attempt.detail.isNull() ? QLatin1String("") : attempt.detail); // NOT NULL
    QSqlError cause;
    return execAndCommit(q, t, &cause) || fail(tr("attempt to leave"), cause, error);
}

QMap<int, QString> ExamStore::answers() const
{
    QMap<int, QString> out;
    QSqlQuery q(QSqlDatabase::database(connection_));
    if (open_ && q.exec(QStringLiteral("SELECT question, text FROM answers")))
        while (q.next())
            out.insert(q.value(0).toInt(), q.value(1).toString());
    return out;
}

QDateTime ExamStore::latestWrite() const
{
    QDateTime latest;
    QSqlQuery q(QSqlDatabase::database(connection_));
    if (open_ && q.exec(QStringLiteral("SELECT started_at FROM exam UNION ALL SELECT handed_in_at "
                                       "FROM exam UNION ALL SELECT saved_at FROM answers UNION ALL "
                                       "SELECT at FROM leave_attempts")))
        while (q.next()) {
            const QDateTime at = parseInstant(q.value(0));
            if (at.isValid() && (!latest.isValid() || at > latest))
                latest = at;
        }
    return latest;
}

bool ExamStore::start(const QString &student, const QDateTime &at, int durationSeconds,
                      const StoredPaper &paper, QString *error)
{
    const QSqlDatabase db = QSqlDatabase::database(connection_);
    Transaction t(db);
    if (!t.begun())
        return fail(tr("start"), t.error(), error);
    if (!storedState(db).isEmpty()) {
        *error = tr("The exam has already been started.");
        return false;
    }
    QSqlQuery q(db);
    q.prepare(QStringLiteral("INSERT INTO exam (id, state, student, started_at, "
                             "duration_seconds) VALUES (1, ?, ?, ?, ?)"));
    q.addBindValue(kInProgress);
    q.addBindValue(student);
    q.addBindValue(instant(at));
    q.addBindValue(durationSeconds);
    QSqlError cause;
    if (!writePaper(db, paper, &cause))
        return fail(tr("start"), cause, error);
    return execAndCommit(q, t, &cause) || fail(tr("start"), cause, error);
}

bool ExamStore::saveAnswer(int question, const QString &text, const QDateTime &at, QString *error)
{
    const QSqlDatabase db = QSqlDatabase::database(connection_);
    Transaction t(db);
    if (!t.begun())
        return fail(tr("answer %1").arg(question), t.error(), error);
    if (storedState(db) != kInProgress) {
        *error = storedState(db) == kHandedIn
                     ? tr("The paper has been handed in: its answers can no longer change.")
                     : tr("The exam has not been started: there is nowhere to save an answer.");
        return false;
    }
    QSqlQuery q(db);
    q.prepare(QStringLiteral(
        "INSERT OR REPLACE INTO answers (question, text, saved_at) VALUES (?, ?, ?)"));
    q.addBindValue(question);
    q.addBindValue(text);
    q.addBindValue(instant(at));
    QSqlError cause;
    return execAndCommit(q, t, &cause) || fail(tr("answer %1").arg(question), cause, error);
}

bool ExamStore::handIn(const QDateTime &at, HandInKind kind, const Assemble &assemble,
                       const Hash &hash, QString *error)
{
    const QSqlDatabase db = QSqlDatabase::database(connection_);
    Transaction t(db);
    if (!t.begun())
        return fail(tr("hand-in"), t.error(), error);
    if (storedState(db) != kInProgress) {
        *error = storedState(db) == kHandedIn ? tr("The paper has already been handed in.")
                                              : tr("The exam has not been started.");
        return false;
    }
    const QString paper = assemble(answers());
    QSqlQuery q(db);
    q.prepare(QStringLiteral("UPDATE exam SET state = ?, handed_in_at = ?, kind = ?, paper = ?, "
                             "sha256 = ? WHERE id = 1"));
    q.addBindValue(kHandedIn);
    q.addBindValue(instant(at));
    q.addBindValue(kind == HandInKind::TimeRanOut ? kTimeRanOut : kByStudent);
    q.addBindValue(paper);
    q.addBindValue(hash(paper));
    QSqlError cause;
    return execAndCommit(q, t, &cause) || fail(tr("hand-in"), cause, error);
}

bool ExamStore::saveResult(const QByteArray &json, QString *error)
{
    const QSqlDatabase db = QSqlDatabase::database(connection_);
    Transaction t(db);
    if (!t.begun())
        return fail(tr("result"), t.error(), error);
    if (storedState(db) != kHandedIn) {
        *error = tr("The paper has not been handed in: there is no result to record.");
        return false;
    }
    QSqlQuery q(db);
    q.prepare(QStringLiteral("UPDATE exam SET result = ? WHERE id = 1"));
    q.addBindValue(QString::fromUtf8(json));
    QSqlError cause;
    return execAndCommit(q, t, &cause) || fail(tr("result"), cause, error);
}

} // namespace schedlab::gui
