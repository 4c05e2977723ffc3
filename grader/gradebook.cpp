// The gradebook in SQLite: results and overrides, each write in one transaction.
#include "gradebook.h"

#include "submission.h"

#include <QCryptographicHash>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>

#include <algorithm>

namespace schedlab::grader {

namespace {

const char *const kSchema[] = {
    "CREATE TABLE IF NOT EXISTS results ("
    " id INTEGER PRIMARY KEY, student TEXT NOT NULL, exercise TEXT NOT NULL,"
    " hash TEXT NOT NULL, rubric TEXT NOT NULL, score REAL, max REAL, error TEXT,"
    " graded_at TEXT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS results_by_student ON results (student, exercise, id)",
    "CREATE TABLE IF NOT EXISTS criteria ("
    " result_id INTEGER NOT NULL REFERENCES results(id), position INTEGER NOT NULL,"
    " id TEXT NOT NULL, title TEXT, passed INTEGER, points REAL, max REAL, confidence REAL,"
    " review INTEGER, voids INTEGER, feedback TEXT, evidence TEXT)",
    "CREATE INDEX IF NOT EXISTS criteria_by_result ON criteria (result_id, position)",
    "CREATE TABLE IF NOT EXISTS overrides ("
    " id INTEGER PRIMARY KEY, student TEXT NOT NULL, exercise TEXT NOT NULL,"
    " hash TEXT NOT NULL, criterion TEXT NOT NULL, passed INTEGER, points REAL, was REAL,"
    " by TEXT, at TEXT, why TEXT)",
};

QString pointsText(double points)
{
    return QString::number(points, 'g', 6);
}

// What a criterion's change looks like to an instructor.
QString describeChange(const CriterionResult *before, const CriterionResult &after)
{
    if (!before)
        return QStringLiteral("%1 : nouveau critère (%2)").arg(after.id, pointsText(after.points));
    return QStringLiteral("%1 : %2 → %3")
        .arg(after.id, pointsText(before->points), pointsText(after.points));
}

} // namespace

QByteArray submissionHash(const ExerciseSubmission &submission)
{
    QStringList names = submission.files.keys();
    names.sort();
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QString &name : names) {
        const SubmittedFile &f = submission.files[name];
        hash.addData(name.toUtf8());
        hash.addData(QByteArrayView("\0", 1));
        hash.addData(f.present ? f.bytes
                               : QByteArray("\x01"
                                            "absent"));
        hash.addData(QByteArrayView("\0", 1));
    }
    return hash.result().toHex();
}

Gradebook::~Gradebook()
{
    if (connection_.isEmpty())
        return;
    QSqlDatabase::database(connection_, false).close();
    QSqlDatabase::removeDatabase(connection_);
}

bool Gradebook::open(const QString &path, QString *error)
{
    connection_ = QStringLiteral("gradebook-") + QUuid::createUuid().toString(QUuid::WithoutBraces);
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection_);
    db.setDatabaseName(path);
    if (!db.open()) {
        *error = QStringLiteral("%1: %2").arg(path, db.lastError().text());
        return false;
    }
    QSqlQuery q(db);
    for (const char *statement : kSchema) {
        if (!q.exec(QLatin1String(statement))) {
            *error = QStringLiteral("%1: not a gradebook (%2)").arg(path, q.lastError().text());
            return false;
        }
    }
    return true;
}

std::optional<ExerciseResult> Gradebook::latest(const QString &student, const QString &exercise,
                                                QByteArray *hash) const
{
    QSqlDatabase db = QSqlDatabase::database(connection_);
    QSqlQuery q(db);
    q.prepare(QStringLiteral("SELECT id, hash, rubric, score, max, error FROM results "
                             "WHERE student = ? AND exercise = ? ORDER BY id DESC LIMIT 1"));
    q.addBindValue(student);
    q.addBindValue(exercise);
    if (!q.exec() || !q.next())
        return std::nullopt;
    ExerciseResult r;
    r.student = student;
    r.exercise = exercise;
    const qint64 id = q.value(0).toLongLong();
    if (hash)
        *hash = q.value(1).toByteArray();
    r.rubricTag = q.value(2).toString();
    r.score = q.value(3).toDouble();
    r.max = q.value(4).toDouble();
    r.error = q.value(5).toString();
    QSqlQuery c(db);
    c.prepare(
        QStringLiteral("SELECT id, title, passed, points, max, confidence, review, voids, "
                       "feedback, evidence FROM criteria WHERE result_id = ? ORDER BY position"));
    c.addBindValue(id);
    c.exec();
    while (c.next()) {
        CriterionResult cr;
        cr.id = c.value(0).toString();
        cr.title = c.value(1).toString();
        cr.passed = c.value(2).toBool();
        cr.points = c.value(3).toDouble();
        cr.max = c.value(4).toDouble();
        cr.confidence = c.value(5).toDouble();
        cr.review = c.value(6).toBool();
        cr.voidsExercise = c.value(7).toBool();
        cr.feedback = c.value(8).toString();
        cr.evidence = c.value(9).toString();
        r.criteria << cr;
    }
    return r;
}

QList<GradeChange> Gradebook::changes(const QList<ExerciseResult> &results) const
{
    QList<GradeChange> out;
    for (const ExerciseResult &now : results) {
        const auto before = latest(now.student, now.exercise);
        if (!before)
            continue;
        GradeChange change{
            now.student, now.exercise, before->rubricTag, now.rubricTag, before->score, now.score,
            {}};
        for (const CriterionResult &c : now.criteria) {
            const auto it = std::find_if(before->criteria.begin(), before->criteria.end(),
                                         [&](const CriterionResult &b) { return b.id == c.id; });
            const CriterionResult *old = it == before->criteria.end() ? nullptr : &*it;
            if (!old || old->points != c.points || old->review != c.review)
                change.reasons << describeChange(old, c);
        }
        for (const CriterionResult &b : before->criteria)
            if (std::none_of(now.criteria.begin(), now.criteria.end(),
                             [&](const CriterionResult &c) { return c.id == b.id; }))
                change.reasons << QStringLiteral("%1 : critère retiré").arg(b.id);
        if (change.oldScore != change.newScore || !change.reasons.isEmpty())
            out << change;
    }
    return out;
}

bool Gradebook::save(const QList<ExerciseResult> &results, const QList<QByteArray> &hashes,
                     QString *error)
{
    QSqlDatabase db = QSqlDatabase::database(connection_);
    if (!db.transaction()) {
        *error = db.lastError().text();
        return false;
    }
    const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    QSqlQuery r(db), c(db);
    r.prepare(QStringLiteral("INSERT INTO results (student, exercise, hash, rubric, score, max, "
                             "error, graded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"));
    c.prepare(QStringLiteral("INSERT INTO criteria (result_id, position, id, title, passed, "
                             "points, max, confidence, review, voids, feedback, evidence) "
                             "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    for (int i = 0; i < results.size(); ++i) {
        const ExerciseResult &res = results[i];
        // A submission that could not be read has no hash: kept as an empty one (the column
        // is NOT NULL), so that one unreadable folder never stops the class being saved.
        const QByteArray hash = hashes.value(i).isNull() ? QByteArray("") : hashes.value(i);
        for (const QVariant &v : {QVariant(res.student), QVariant(res.exercise), QVariant(hash),
                                  QVariant(res.rubricTag), QVariant(res.score), QVariant(res.max),
                                  QVariant(res.error), QVariant(now)})
            r.addBindValue(v);
        bool ok = r.exec();
        const qint64 id = r.lastInsertId().toLongLong();
        for (int p = 0; ok && p < res.criteria.size(); ++p) {
            const CriterionResult &cr = res.criteria[p];
            for (const QVariant &v :
                 {QVariant(id), QVariant(p), QVariant(cr.id), QVariant(cr.title),
                  QVariant(cr.passed), QVariant(cr.points), QVariant(cr.max),
                  QVariant(cr.confidence), QVariant(cr.review), QVariant(cr.voidsExercise),
                  QVariant(cr.feedback), QVariant(cr.evidence)})
                c.addBindValue(v);
            ok = c.exec();
        }
        if (!ok) {
            *error = (r.lastError().isValid() ? r.lastError() : c.lastError()).text();
            db.rollback();
            return false;
        }
    }
    if (!db.commit()) {
        *error = db.lastError().text();
        return false;
    }
    return true;
}

void Gradebook::applyOverrides(QList<ExerciseResult> &results,
                               const QList<QByteArray> &hashes) const
{
    QSqlDatabase db = QSqlDatabase::database(connection_);
    QSqlQuery q(db);
    q.prepare(QStringLiteral("SELECT criterion, passed, points, was, by, at, why FROM overrides "
                             "WHERE student = ? AND exercise = ? AND hash = ? ORDER BY id"));
    for (int i = 0; i < results.size(); ++i) {
        ExerciseResult &res = results[i];
        q.addBindValue(res.student);
        q.addBindValue(res.exercise);
        q.addBindValue(hashes.value(i));
        if (!q.exec())
            continue;
        while (q.next()) { // the latest decision on a criterion wins
            for (CriterionResult &c : res.criteria) {
                if (c.id != q.value(0).toString())
                    continue;
                c.passed = q.value(1).toBool();
                c.points = q.value(2).toDouble();
                c.review = false;
                c.voidsExercise = c.voidsExercise && !c.passed;
                c.overridden = Override{q.value(4).toString(),
                                        QDateTime::fromString(q.value(5).toString(), Qt::ISODate),
                                        q.value(6).toString(), q.value(3).toDouble()};
            }
        }
        res.recomputeScore();
    }
}

bool Gradebook::addOverride(const OverrideRequest &request, QString *error)
{
    return addOverrides({request}, error);
}

bool Gradebook::addOverrides(const QList<OverrideRequest> &requests, QString *error)
{
    QSqlDatabase db = QSqlDatabase::database(connection_);
    if (!db.transaction()) {
        *error = db.lastError().text();
        return false;
    }
    for (const OverrideRequest &request : requests)
        if (!insertOverride(request, error)) {
            db.rollback();
            return false;
        }
    if (!db.commit()) {
        *error = db.lastError().text();
        db.rollback();
        return false;
    }
    return true;
}

bool Gradebook::insertOverride(const OverrideRequest &request, QString *error)
{
    QByteArray hash;
    const auto last = latest(request.student, request.exercise, &hash);
    if (!last) {
        *error = QStringLiteral("no graded submission of %1 for %2 in the gradebook")
                     .arg(request.student, request.exercise);
        return false;
    }
    const auto it =
        std::find_if(last->criteria.begin(), last->criteria.end(),
                     [&](const CriterionResult &c) { return c.id == request.criterion; });
    if (it == last->criteria.end()) {
        *error = QStringLiteral("%1 has no criterion %2").arg(request.exercise, request.criterion);
        return false;
    }
    if (request.points < 0 || request.points > it->max) {
        *error = QStringLiteral("%1 is worth 0 to %2 points")
                     .arg(request.criterion, pointsText(it->max));
        return false;
    }
    QSqlQuery q(QSqlDatabase::database(connection_));
    q.prepare(QStringLiteral("INSERT INTO overrides (student, exercise, hash, criterion, passed, "
                             "points, was, by, at, why) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    for (const QVariant &v :
         {QVariant(request.student), QVariant(request.exercise), QVariant(hash),
          QVariant(request.criterion), QVariant(request.passed), QVariant(request.points),
          QVariant(it->points), QVariant(request.by),
          QVariant(request.at.toUTC().toString(Qt::ISODate)), QVariant(request.why)})
        q.addBindValue(v);
    if (!q.exec()) {
        *error = q.lastError().text();
        return false;
    }
    return true;
}

QList<OverrideRecord> Gradebook::overrides(const QString &student, const QString &exercise) const
{
    QList<OverrideRecord> out;
    QSqlQuery q(QSqlDatabase::database(connection_));
    q.prepare(QStringLiteral("SELECT criterion, passed, points, was, by, at, why, hash FROM "
                             "overrides WHERE student = ? AND exercise = ? ORDER BY id"));
    q.addBindValue(student);
    q.addBindValue(exercise);
    if (!q.exec())
        return out;
    while (q.next())
        out << OverrideRecord{
            q.value(0).toString(), q.value(1).toBool(),
            q.value(2).toDouble(), q.value(3).toDouble(),
            q.value(4).toString(), QDateTime::fromString(q.value(5).toString(), Qt::ISODate),
            q.value(6).toString(), q.value(7).toByteArray()};
    return out;
}

} // namespace schedlab::grader
