// Finding students and reading their files.
#include "submission.h"

#include "secrets.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStringDecoder>

namespace schedlab::grader {

namespace {

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

bool holdsAnyFile(const QString &dir, const QStringList &names)
{
    for (const QString &name : names)
        if (QFileInfo::exists(dir + u'/' + name))
            return true;
    return false;
}

bool isStudentFolder(const QString &dir, const QList<Rubric> &rubrics)
{
    for (const Rubric &r : rubrics)
        if (QFileInfo(dir + u'/' + r.exercise).isDir() || holdsAnyFile(dir, r.files))
            return true;
    return false;
}

} // namespace

SubmittedFile readSubmittedFile(const QString &dir, const QString &name)
{
    SubmittedFile f;
    f.name = name;
    f.path = dir.isEmpty() ? QString() : dir + u'/' + name;
    const QFileInfo info(f.path);
    if (dir.isEmpty() || !info.exists())
        return f;
    f.present = true;
    if (!info.isFile()) {
        f.error = QStringLiteral("%1 n'est pas un fichier.").arg(name);
        return f;
    }
    if (info.size() > kMaxSubmittedFileBytes) {
        f.error = QStringLiteral("%1 est trop gros (%2 octets) pour être une réponse : il n'a "
                                 "pas été lu.")
                      .arg(name)
                      .arg(info.size());
        return f;
    }
    QFile file(f.path);
    if (!file.open(QIODevice::ReadOnly)) {
        f.error = QStringLiteral("%1 ne peut pas être lu : %2.").arg(name, file.errorString());
        return f;
    }
    f.bytes = file.readAll();
    if (looksBinary(f.bytes)) {
        f.error = QStringLiteral("%1 n'est pas un fichier texte.").arg(name);
        return f;
    }
    bool utf8 = true;
    const SecretScan scan = scanForPrivateKeys(decode(f.bytes, &utf8));
    f.text = scan.masked;
    f.keyLines = scan.lines;
    if (f.text.trimmed().isEmpty())
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
    ExerciseSubmission s;
    s.student = student;
    s.exercise = rubric.exercise;
    s.dir = dir;
    for (const QString &name : rubric.files)
        s.files.insert(name, readSubmittedFile(dir, name));
    for (const Criterion &c : rubric.criteria)
        if (!c.file.isEmpty() && !s.files.contains(c.file))
            s.files.insert(c.file, readSubmittedFile(dir, c.file));
    if (dir.isEmpty())
        return s;
    // A private key may sit in any file of the folder, expected or not.
    for (const QFileInfo &info : QDir(dir).entryInfoList(QDir::Files | QDir::Hidden, QDir::Name)) {
        const SubmittedFile f = s.files.contains(info.fileName())
                                    ? s.files.value(info.fileName())
                                    : readSubmittedFile(dir, info.fileName());
        for (int line : f.keyLines)
            s.keysFound << QStringLiteral("%1:%2").arg(info.fileName()).arg(line);
    }
    return s;
}

QList<StudentFolder> findStudents(const QStringList &paths, const QList<Rubric> &rubrics)
{
    QList<StudentFolder> students;
    for (const QString &path : paths) {
        const QString dir = QDir(path).absolutePath();
        if (isStudentFolder(dir, rubrics)) {
            students << StudentFolder{QFileInfo(dir).fileName(), dir};
            continue;
        }
        for (const QFileInfo &sub :
             QDir(dir).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
            students << StudentFolder{sub.fileName(), sub.absoluteFilePath()};
    }
    return students;
}

QString exerciseDir(const StudentFolder &student, const Rubric &rubric)
{
    const QString sub = student.dir + u'/' + rubric.exercise;
    if (QFileInfo(sub).isDir())
        return sub;
    if (holdsAnyFile(student.dir, rubric.files))
        return student.dir;
    return QString();
}

QList<const Rubric *> exercisesIn(const StudentFolder &student, const QList<Rubric> &rubrics)
{
    QList<const Rubric *> chosen;
    bool hasSubFolders = false;
    for (const Rubric &r : rubrics)
        hasSubFolders = hasSubFolders || QFileInfo(student.dir + u'/' + r.exercise).isDir();
    for (const Rubric &r : rubrics) {
        if (hasSubFolders) {
            chosen << &r;
            continue;
        }
        bool allPresent = !r.files.isEmpty(), ownFile = false;
        for (const QString &name : r.files) {
            const bool present = QFileInfo::exists(student.dir + u'/' + name);
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
