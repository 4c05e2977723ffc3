// Finding students and reading their files, never through a link nor from a special file.
#include "submission.h"

#include "checkers.h"
#include "secrets.h"

#include <QDir> // file-access: trusted (absolutePath of the folder the user named)
#include <QStringDecoder>

#include <sys/stat.h>

namespace schedlab::grader {

namespace {

using files::EntryType;
using files::ReadStatus;

bool looksBinary(const QByteArray &bytes)
{
    return bytes.contains('\0');
}

QString decode(const QByteArray &bytes, bool *wasUtf8)
{
    QStringDecoder utf8(QStringDecoder::Utf8);
    QString text = utf8.decode(bytes);
    *wasUtf8 = !utf8.hasError();
    if (*wasUtf8)
        return text;
    // A file saved by an old Windows editor: Latin-1 keeps every byte readable.
    return QString::fromLatin1(bytes);
}

QString below(const QString &relative, const QString &name)
{
    return relative.isEmpty() ? name : relative + u'/' + name;
}

QString joined(const QString &root, const QString &relative)
{
    return relative.isEmpty() ? root : root + u'/' + relative;
}

// Present in any form (a link or a FIFO is "handed in" and then reported, never read).
bool holdsAnyFile(const QString &root, const QString &relative, const QStringList &names)
{
    for (const QString &name : names)
        if (files::kindBelow(root, below(relative, name)).exists)
            return true;
    return false;
}

bool isDirBelow(const QString &root, const QString &relative)
{
    const files::PathKind kind = files::kindBelow(root, relative);
    return kind.exists && kind.type == EntryType::Dir;
}

bool existsBelow(const QString &root, const QString &relative)
{
    return files::kindBelow(root, relative).exists;
}

bool holdsStudentWork(const QString &root, const QString &relative, const QList<Rubric> &rubrics)
{
    for (const Rubric &r : rubrics)
        if (existsBelow(root, below(relative, r.exercise)) || holdsAnyFile(root, relative, r.files))
            return true;
    return false;
}

// A link in the class folder that leads to a folder: it would have been graded as a student.
// Only its target's type is looked at (stat), nothing in it is read.
bool linksToFolder(const QString &path)
{
    struct stat st;
    return ::stat(path.toLocal8Bit().constData(), &st) == 0 && S_ISDIR(st.st_mode);
}

void markUnread(SubmittedFile *f, const QString &reason)
{
    SubmittedFile unread;
    unread.name = f->name;
    unread.path = f->path;
    *f = unread;
    f->present = true;
    f->status = ReadStatus::Link;
    f->error = reason;
}

} // namespace

QString notReadReason(const QString &name, const files::ReadResult &read)
{
    switch (read.status) {
    case ReadStatus::Ok:
    case ReadStatus::Missing:
        return {};
    case ReadStatus::Link:
        return QStringLiteral("%1 est un lien symbolique : il n'a pas été lu.").arg(name);
    case ReadStatus::NotRegular:
        return QStringLiteral("%1 n'est pas un fichier ordinaire (dossier, tube ou périphérique) : "
                              "il n'a pas été lu.")
            .arg(name);
    case ReadStatus::TooBig:
        return QStringLiteral("%1 est trop gros (%2 octets) pour être une réponse : il n'a pas été "
                              "lu.")
            .arg(name)
            .arg(read.size);
    case ReadStatus::Unreadable:
        return QStringLiteral("%1 ne peut pas être lu : %2.")
            .arg(name, read.error.section(QStringLiteral(": "), -1));
    case ReadStatus::BadPath:
        return QStringLiteral("%1 n'est pas un nom de fichier du dossier : il n'a pas été lu.")
            .arg(name);
    }
    return {};
}

SubmittedFile readSubmittedFile(const QString &dir, const QString &name)
{
    return readSubmittedFile(dir, QString(), name);
}

SubmittedFile readSubmittedFile(const QString &root, const QString &relativeDir,
                                const QString &name)
{
    SubmittedFile f;
    f.name = name;
    if (root.isEmpty())
        return f;
    f.path = joined(joined(root, relativeDir), name);
    const files::ReadResult read =
        files::readBelow(root, below(relativeDir, name), kMaxSubmittedFileBytes);
    f.status = read.status;
    if (read.status == ReadStatus::Missing)
        return f;
    f.present = true;
    if (!read.ok()) {
        f.error = notReadReason(name, read);
        return f;
    }
    f.bytes = read.bytes;
    if (looksBinary(f.bytes)) {
        f.error = QStringLiteral("%1 n'est pas un fichier texte.").arg(name);
        return f;
    }
    bool utf8 = true;
    const SecretScan scan = scanForPrivateKeys(decode(f.bytes, &utf8));
    f.text = scan.masked;
    f.keyLines = scan.lines;
    f.blank = f.text.trimmed().isEmpty();
    if (f.blank)
        f.error = QStringLiteral("%1 est vide.").arg(name);
    return f;
}

const SubmittedFile &ExerciseSubmission::file(const QString &name) const
{
    static const SubmittedFile missing;
    auto it = files.constFind(name);
    return it == files.constEnd() ? missing : *it;
}

ExerciseSubmission readExercise(const QString &student, const Rubric &rubric, const QString &dir)
{
    return readExercise(student, rubric, dir, QString());
}

ExerciseSubmission readExercise(const QString &student, const Rubric &rubric, const QString &root,
                                const QString &relativeDir)
{
    ExerciseSubmission s;
    s.student = student;
    s.exercise = rubric.exercise;
    s.root = root;
    s.relativeDir = relativeDir;
    s.dir = root.isEmpty() ? QString() : joined(root, relativeDir);
    const QStringList names = exerciseFiles(rubric);
    // An exercise folder that is a link: every file is reported, none read through it.
    const files::PathKind kind = root.isEmpty() || relativeDir.isEmpty()
                                     ? files::PathKind{}
                                     : files::kindBelow(root, relativeDir);
    const bool linked = kind.exists && kind.type != EntryType::Dir;
    for (const QString &name : names) {
        SubmittedFile f = readSubmittedFile(root, relativeDir, name);
        if (linked)
            markUnread(&f, QStringLiteral("%1 est un lien symbolique ou n'est pas un dossier : %2 "
                                          "n'a pas été lu.")
                               .arg(relativeDir.section(u'/', -1), name));
        s.files.insert(name, f);
    }
    if (root.isEmpty() || linked)
        return s;
    // A private key may sit in any file of the folder, expected or not; links and special
    // files are not read (a link to the instructor's own key is not the student's).
    for (const files::DirEntry &e : files::listBelow(root, relativeDir)) {
        if (e.type != EntryType::File)
            continue;
        const SubmittedFile f = s.files.contains(e.name)
                                    ? s.files.value(e.name)
                                    : readSubmittedFile(root, relativeDir, e.name);
        for (int line : f.keyLines)
            s.keysFound << QStringLiteral("%1:%2").arg(e.name).arg(line);
    }
    return s;
}

bool isStudentFolder(const QString &root, const QString &relative, const QList<Rubric> &rubrics)
{
    return holdsStudentWork(root, relative, rubrics);
}

QList<StudentFolder> findStudents(const QStringList &paths, const QList<Rubric> &rubrics)
{
    QList<StudentFolder> students;
    for (const QString &path : paths) {
        // The folder the user named is trusted as given, even when it is a link.
        const QString root = QDir(path).absolutePath(); // file-access: trusted (path only)
        if (holdsStudentWork(root, QString(), rubrics)) {
            students << StudentFolder{root.section(u'/', -1), root, root, QString(), {}};
            continue;
        }
        for (const files::DirEntry &e : files::listBelow(root, QString())) {
            if (e.name.startsWith(u'.'))
                continue;
            const QString dir = root + u'/' + e.name;
            if (e.type == EntryType::Dir)
                students << StudentFolder{e.name, dir, root, e.name, {}};
            else if (e.type == EntryType::Link && linksToFolder(dir))
                students << StudentFolder{
                    e.name, dir, root, e.name,
                    QStringLiteral("%1 is a symbolic link: it was not graded").arg(dir)};
        }
    }
    return students;
}

std::optional<QString> exerciseRelativeDir(const StudentFolder &student, const Rubric &rubric)
{
    if (!student.problem.isEmpty())
        return std::nullopt;
    const QString sub = below(student.relative, rubric.exercise);
    // A link named like the exercise is the exercise's folder: it is reported, not followed.
    if (existsBelow(student.root, sub))
        return sub;
    if (holdsAnyFile(student.root, student.relative, rubric.files))
        return student.relative;
    return std::nullopt;
}

QString exerciseDir(const StudentFolder &student, const Rubric &rubric)
{
    // Callers open files in this folder as given: it is returned only when it is a real folder
    // (or the folder the user named), never when it is a link.
    const std::optional<QString> relative = exerciseRelativeDir(student, rubric);
    if (!relative || (!relative->isEmpty() && !isDirBelow(student.root, *relative)))
        return QString();
    return joined(student.root, *relative);
}

ExerciseSubmission readStudentExercise(const StudentFolder &student, const Rubric &rubric)
{
    const std::optional<QString> relative = exerciseRelativeDir(student, rubric);
    return relative ? readExercise(student.id, rubric, student.root, *relative)
                    : readExercise(student.id, rubric, QString(), QString());
}

QList<const Rubric *> exercisesIn(const StudentFolder &student, const QList<Rubric> &rubrics)
{
    QList<const Rubric *> chosen;
    if (!student.problem.isEmpty())
        return chosen;
    bool hasSubFolders = false;
    for (const Rubric &r : rubrics)
        hasSubFolders =
            hasSubFolders || existsBelow(student.root, below(student.relative, r.exercise));
    for (const Rubric &r : rubrics) {
        if (hasSubFolders) {
            chosen << &r;
            continue;
        }
        bool allPresent = !r.files.isEmpty(), ownFile = false;
        for (const QString &name : r.files) {
            const bool present = existsBelow(student.root, below(student.relative, name));
            allPresent = allPresent && present;
            bool shared = false;
            for (const Rubric &other : rubrics)
                shared = shared || (&other != &r && other.files.contains(name));
            ownFile = ownFile || (present && !shared);
        }
        if (ownFile || allPresent)
            chosen << &r;
    }
    return chosen;
}

} // namespace schedlab::grader
