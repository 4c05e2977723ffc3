// The exam paper as a file (.schedlab-exam): what the instructor hands out at the start and the
// student opens in the app. In the hand-in library, so that schedlab-cli (which packs it) and the
// app (which opens it) share one definition of the format.
//
// The file is JSON, one object, versioned:
//   {"format": "schedlab-exam", "version": 1, "id": "examen-2026-s1", "exercise": "examen",
//    "title": "...", "duration_minutes": 60, "statement": "<enonce.md>",
//    "sheet": {"file": "examen.md", "text": "<the answer sheet's headings>"}}
// It never holds a rubric: the grading stays with the instructor (schedlab-cli release).
#pragma once

#include "safefiles.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QString>

#include <optional>

namespace schedlab::exam {

inline constexpr int kPaperFormatVersion = 1;
inline constexpr char kPaperFormat[] = "schedlab-exam";
inline constexpr char kPaperExtension[] = ".schedlab-exam";
// A statement and an answer sheet are a few pages: anything larger is not a paper.
inline constexpr qint64 kMaxPaperBytes = 256 * 1024;
inline constexpr int kMaxPaperMinutes = 600;

struct ExamPaper
{
    QString id;                                  // "examen-2026-s1": what release matches
    QString exercise = QStringLiteral("examen"); // the hand-in folder the grader reads
    QString title;
    int minutes = 60;
    QString statement; // enonce.md (Markdown, French)
    QString sheetName = QStringLiteral("examen.md");
    QString sheet;         // the answer sheet: its "## " headings are the questions
    bool practice = false; // the practice paper that ships with the app
    QString rubricTag;     // the practice paper's rubric ("examen@2"); never in a file
    QByteArray file;       // the file's bytes as received (what sha256() is of)

    QString sha256() const
    {
        return QString::fromLatin1(
            QCryptographicHash::hash(file, QCryptographicHash::Sha256).toHex());
    }

    // The file's bytes for this paper (keys sorted, indented: diffable by the instructor).
    QByteArray toFileBytes() const
    {
        const QJsonObject o{
            {QStringLiteral("format"), QLatin1String(kPaperFormat)},
            {QStringLiteral("version"), kPaperFormatVersion},
            {QStringLiteral("id"), id},
            {QStringLiteral("exercise"), exercise},
            {QStringLiteral("title"), title},
            {QStringLiteral("duration_minutes"), minutes},
            {QStringLiteral("statement"), statement},
            {QStringLiteral("sheet"),
             QJsonObject{{QStringLiteral("file"), sheetName}, {QStringLiteral("text"), sheet}}},
        };
        return QJsonDocument(o).toJson(QJsonDocument::Indented);
    }

    // A paper id or a sheet's file name: plain, portable, never a path.
    static bool plainName(const QString &name)
    {
        static const QRegularExpression ok(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"));
        return ok.match(name).hasMatch() && !name.contains(QLatin1String(".."));
    }

    // Reads `bytes` as a paper file; `name` is how the user knows it (its path). Every
    // problem is one sentence naming the file.
    static std::optional<ExamPaper> parse(const QByteArray &bytes, const QString &name,
                                          QString *error);
    // The file at `path`, read as untrusted input (no link, no FIFO, size-capped).
    static std::optional<ExamPaper> readFile(const QString &path, QString *error)
    {
        const files::ReadResult read = files::readFile(path, kMaxPaperBytes);
        if (!read.ok()) {
            *error = tr("Cannot open the exam paper %1: %2.")
                         .arg(QDir::toNativeSeparators(path),
                              read.status == files::ReadStatus::TooBig
                                  ? tr("it is larger than an exam paper can be (%1 KiB at most)")
                                        .arg(kMaxPaperBytes / 1024)
                                  : read.error);
            return std::nullopt;
        }
        return parse(read.bytes, QDir::toNativeSeparators(path), error);
    }

    static QString tr(const char *text) { return QCoreApplication::translate("ExamPaper", text); }
};

inline std::optional<ExamPaper> ExamPaper::parse(const QByteArray &bytes, const QString &name,
                                                 QString *error)
{
    const auto refuse = [&](const QString &why) {
        *error = tr("%1 is not an exam paper SchedLab can open: %2.").arg(name, why);
        return std::nullopt;
    };
    if (bytes.size() > kMaxPaperBytes)
        return refuse(tr("it is larger than an exam paper can be"));
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject())
        return refuse(tr("it is not a .schedlab-exam file (not a JSON object)"));
    const QJsonObject o = doc.object();
    if (o.value(QLatin1String("format")).toString() != QLatin1String(kPaperFormat))
        return refuse(tr("it is not a .schedlab-exam file (no \"format\": \"schedlab-exam\")"));
    const QJsonValue version = o.value(QLatin1String("version"));
    if (!version.isDouble() || version.toInt() < 1)
        return refuse(tr("its format version is missing"));
    if (version.toInt() > kPaperFormatVersion)
        return refuse(tr("it was made by a newer SchedLab (format %1; this one reads %2): "
                         "update SchedLab")
                          .arg(version.toInt())
                          .arg(kPaperFormatVersion));
    // A paper that carries its answer key must never reach a student's machine.
    for (const char *secret : {"criteria", "concepts", "rubric"})
        if (o.contains(QLatin1String(secret)))
            return refuse(tr("it holds a grading rubric (\"%1\"), which must stay with the "
                             "instructor")
                              .arg(QLatin1String(secret)));
    ExamPaper p;
    p.id = o.value(QLatin1String("id")).toString();
    p.exercise = o.value(QLatin1String("exercise")).toString(QStringLiteral("examen"));
    p.title = o.value(QLatin1String("title")).toString().simplified();
    p.statement = o.value(QLatin1String("statement")).toString();
    const QJsonObject sheet = o.value(QLatin1String("sheet")).toObject();
    p.sheetName = sheet.value(QLatin1String("file")).toString();
    p.sheet = sheet.value(QLatin1String("text")).toString();
    const QJsonValue minutes = o.value(QLatin1String("duration_minutes"));
    p.minutes = minutes.toInt();
    if (!plainName(p.id))
        return refuse(tr("its id is missing or not a plain name (letters, digits, . _ -)"));
    if (!plainName(p.exercise))
        return refuse(tr("its exercise is not a plain name"));
    if (p.title.isEmpty() || p.title.size() > 200)
        return refuse(tr("its title is missing or too long"));
    if (!minutes.isDouble() || minutes.toDouble() != p.minutes || p.minutes < 1 ||
        p.minutes > kMaxPaperMinutes)
        return refuse(tr("its duration is not a whole number of minutes between 1 and %1")
                          .arg(kMaxPaperMinutes));
    if (!plainName(p.sheetName) || !p.sheetName.endsWith(QLatin1String(".md")))
        return refuse(tr("its answer sheet has no plain .md file name"));
    static const QRegularExpression heading(QStringLiteral("(^|\\n)## \\S"));
    if (!p.sheet.contains(heading))
        return refuse(tr("its answer sheet has no question (no \"## \" heading)"));
    if (p.statement.trimmed().isEmpty())
        return refuse(tr("its statement is empty"));
    p.file = bytes;
    return p;
}

} // namespace schedlab::exam
