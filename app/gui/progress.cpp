// Progress in SQLite: one row per check.
#include "progress.h"

#include <QDir>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QUuid>

namespace schedlab::gui {

Progress::Progress(const QString &workspaceRoot)
    : connection_(QStringLiteral("progress-") + QUuid::createUuid().toString(QUuid::WithoutBraces))
{
    const QString dir = workspaceRoot + QStringLiteral("/.schedlab");
    QDir().mkpath(dir);
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection_);
    db.setDatabaseName(dir + QStringLiteral("/progress.db"));
    open_ = db.open() && QSqlQuery(db).exec(QStringLiteral(
                             "CREATE TABLE IF NOT EXISTS attempts (id INTEGER PRIMARY KEY, "
                             "exercise TEXT NOT NULL, score REAL, max REAL, at TEXT NOT NULL)"));
}

Progress::~Progress()
{
    QSqlDatabase::database(connection_, false).close();
    QSqlDatabase::removeDatabase(connection_);
}

bool Progress::record(const QString &exercise, double score, double max, const QDateTime &at)
{
    QSqlQuery q(QSqlDatabase::database(connection_));
    q.prepare(
        QStringLiteral("INSERT INTO attempts (exercise, score, max, at) VALUES (?, ?, ?, ?)"));
    q.addBindValue(exercise);
    q.addBindValue(score);
    q.addBindValue(max);
    q.addBindValue(at.toUTC().toString(Qt::ISODate));
    return open_ && q.exec();
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
