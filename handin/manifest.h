// The hand-in's manifest.json: who handed in, with which app and rubrics, exercise 2's
// variant, every file's SHA-256 and the exam's state; written by the app, read back (as
// untrusted input) by the instructor's grader.
#pragma once

#include "identity.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace schedlab::handin {

struct ManifestFile
{
    QString path; // inside the archive ("ex1/sommeil.sbatch")
    qint64 size = 0;
    QString sha256; // lower-case hex
    bool operator==(const ManifestFile &) const = default;
};

// Exercise 2's scenario as the student worked on it.
struct VariantRecord
{
    QString path;      // inside the archive ("ex2/exercice2.yaml")
    int seed = 0;      // the scenario's own seed
    QString variantOf; // hex SHA-256 the variant was drawn from (grader::variantSeed)
    bool operator==(const VariantRecord &) const = default;
};

enum class ExamStatus { Absent, InProgress, HandedIn };
enum class ExamHandInKind { ByStudent, TimeRanOut };

struct ExamRecordSummary
{
    ExamStatus status = ExamStatus::Absent;
    QDateTime handedInAt; // UTC; set once handed in
    ExamHandInKind kind = ExamHandInKind::ByStudent;
    QString paperSha256; // the lock's hash of the paper, as the exam computed it
    QString paperPath;   // inside the archive ("examen/examen.md"); set once handed in
    bool operator==(const ExamRecordSummary &) const = default;
};

// What verify() found between the manifest and the files actually in the archive.
struct ManifestCheck
{
    QStringList differing; // present, but not the bytes the manifest's SHA-256 names
    QStringList missing;   // listed, not in the archive
    QStringList extra;     // in the archive, not listed (manifest.json itself excepted)
    bool ok() const { return differing.isEmpty() && missing.isEmpty() && extra.isEmpty(); }
};

struct Manifest
{
    static constexpr int kFormatVersion = 1;
    static constexpr const char *kFileName = "manifest.json";
    // A manifest read from a hand-in is never larger than this, nor lists more files.
    static constexpr qint64 kMaxBytes = 1 << 20;
    static constexpr int kMaxFiles = 5000;

    // 0 for the manifests written before format 1 ({"student": "<login>", ...}).
    int formatVersion = kFormatVersion;
    StudentIdentity student;
    QString appVersion;
    QDateTime created;              // UTC
    QMap<QString, QString> rubrics; // exercise -> Rubric::tag() ("ex1" -> "ex1@2")
    std::optional<VariantRecord> exercise2;
    QList<ManifestFile> files;
    ExamRecordSummary exam;

    // The version of the app writing it: QCoreApplication::applicationVersion(), else the
    // project's.
    static QString currentAppVersion();
    static ManifestFile describe(const QString &path, const QByteArray &bytes);
    const ManifestFile *file(const QString &path) const;

    QByteArray toJson() const;
    // Reads a manifest from a hand-in: at most kMaxBytes, every field's type checked (a wrong
    // one is refused with a sentence naming the field), strings and lists capped, unknown
    // keys ignored. nullopt with the sentence (English) when it cannot be used.
    static std::optional<Manifest> fromJson(const QByteArray &bytes, QString *error);

    // The archive's files (path -> bytes) against the manifest.
    ManifestCheck verify(const QMap<QString, QByteArray> &files) const;
};

} // namespace schedlab::handin
