// Whether an SQLite file the app keeps (progress, exam record) is whole: SQLite opens any
// file lazily, so a damaged one only shows when read; quick_check reads every page.
#pragma once

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

namespace schedlab::gui {

// True when `db` reads back whole; otherwise false with SQLite's verdict or error in `why`
// (possibly empty when SQLite gives none: the caller words that case).
inline bool databaseIsWhole(const QSqlDatabase &db, QString *why)
{
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("PRAGMA quick_check")) || !q.next()) {
        *why = q.lastError().text().trimmed();
        return false;
    }
    const QString verdict = q.value(0).toString();
    q.finish();
    if (verdict == QLatin1String("ok"))
        return true;
    *why = verdict;
    return false;
}

} // namespace schedlab::gui
