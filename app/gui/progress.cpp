// Progress in SQLite: one row per check; a damaged file is set aside, never deleted.
#include "progress.h"

#include "privatefiles.h"
#include "sqlitecheck.h"

#include <QDir>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>

namespace schedlab::gui {

Progress::Progress(const QString &workspaceRoot)
    : connection_(QStringLiteral("progress-") + QUuid::createUuid().toString(QUuid::WithoutBraces))
{
    const QString dir = workspaceRoot + QStringLiteral("/.schedlab");
    path_ = dir + QStringLiteral("/progress.db");
    QString error;
    if (!files::makePrivateFolder(dir, &error)) {
        problem_ = tr("Your progress cannot be recorded: %1.").arg(error);
        return;
    }
    if (openDatabase(&error)) {
        open_ = true;
        return;
    }
    // Damaged (or not a database at all): kept for whoever wants to look at it, and the
    // student goes on with a fresh record rather than silently losing every later check.
    QString asideError;
    if (!setDamagedAside(&asideError)) {
        problem_ = tr("Your progress record %1 cannot be read (%2) nor set aside (%3): "
                      "checks are not recorded.")
                       .arg(QDir::toNativeSeparators(path_), error, asideError);
        return;
    }
    QString freshError;
    open_ = openDatabase(&freshError);
    problem_ =
        open_ ? tr("Your progress record %1 was damaged (%2). It is kept as %3 and a "
                   "new one was started: earlier checks are not shown.")
                    .arg(QDir::toNativeSeparators(path_), error, QDir::toNativeSeparators(keptAs_))
              : tr("Your progress record %1 cannot be opened: %2.")
                    .arg(QDir::toNativeSeparators(path_), freshError);
}

Progress::~Progress()
{
    QSqlDatabase::database(connection_, false).close();
    QSqlDatabase::removeDatabase(connection_);
}

// Opens the file and checks it is whole (sqlitecheck.h) before anything is believed.
bool Progress::openDatabase(QString *error)
{
    files::makePrivateFile(path_, error); // 0600 before SQLite opens it (journals follow)
    QSqlDatabase db = QSqlDatabase::contains(connection_)
                          ? QSqlDatabase::database(connection_, false)
                          : QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection_);
    db.setDatabaseName(path_);
    if (!db.open()) {
        *error = db.lastError().text();
        return false;
    }
    if (!databaseIsWhole(db, error)) {
        db.close();
        return false;
    }
    QSqlQuery q(db);
    if (!q.exec(
            QStringLiteral("CREATE TABLE IF NOT EXISTS attempts (id INTEGER PRIMARY KEY, "
                           "exercise TEXT NOT NULL, score REAL, max REAL, at TEXT NOT NULL)"))) {
        *error = q.lastError().text();
        db.close();
        return false;
    }
    return true;
}

// Renames the damaged file (and its journal, which would otherwise be replayed into the
// new one) to "<name>.damaged-<yyyyMMdd-HHmmss>", never over an earlier one.
bool Progress::setDamagedAside(QString *error)
{
    QSqlDatabase::database(connection_, false).close();
    const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    QString aside = path_ + QStringLiteral(".damaged-") + stamp;
    for (int n = 2; QFile::exists(aside); ++n)
        aside = path_ + QStringLiteral(".damaged-%1-%2").arg(stamp).arg(n);
    QFile file(path_);
    if (!file.rename(aside)) {
        *error = file.errorString();
        return false;
    }
    keptAs_ = aside;
    for (const QString &suffix :
         {QStringLiteral("-journal"), QStringLiteral("-wal"), QStringLiteral("-shm")})
        if (QFile::exists(path_ + suffix))
            QFile::rename(path_ + suffix, aside + suffix);
    return true;
}

bool Progress::record(const QString &exercise, double score, double max, const QDateTime &at)
{
    if (!open_) {
        if (problem_.isEmpty())
            problem_ = tr("Your progress cannot be recorded.");
        return false;
    }
    QSqlQuery q(QSqlDatabase::database(connection_));
    q.prepare(
        QStringLiteral("INSERT INTO attempts (exercise, score, max, at) VALUES (?, ?, ?, ?)"));
    q.addBindValue(exercise);
    q.addBindValue(score);
    q.addBindValue(max);
    q.addBindValue(at.toUTC().toString(Qt::ISODate));
    if (q.exec())
        return true;
    problem_ = tr("Your progress could not be recorded in %1: %2.")
                   .arg(QDir::toNativeSeparators(path_), q.lastError().text());
    return false;
}

QHash<QString, Attempt> Progress::latest() const
{
    QHash<QString, Attempt> out;
    QSqlQuery q(QSqlDatabase::database(connection_));
    if (!open_ ||
        !q.exec(QStringLiteral("SELECT exercise, score, max, at FROM attempts ORDER BY id")))
        return out;
    while (q.next())
        out.insert(q.value(0).toString(),
                   Attempt{q.value(1).toDouble(), q.value(2).toDouble(),
                           QDateTime::fromString(q.value(3).toString(), Qt::ISODate)});
    return out;
}

} // namespace schedlab::gui
