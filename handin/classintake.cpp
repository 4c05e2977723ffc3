// Walking what the instructor opened: folders listed without following links, zips read and
// extracted with SafeZip's limits, Moodle's names parsed, manifests read and checked.
#include "classintake.h"

#include "classsummary.h"
#include "moodlenames.h"
#include "privatefiles.h"
#include "safefiles.h"
#include "safezip.h"

#include <QCryptographicHash>
#include <QDir> // file-access: trusted (absolute paths of what the instructor named)
#include <QHash>

namespace schedlab::handin {

namespace {

constexpr qint64 kMaxManifestBytes = 1 << 20;
constexpr int kMaxZipDepth = 2; // a class zip holding folders holding hand-in zips

QString joined(const QString &relative, const QString &name)
{
    return relative.isEmpty() ? name : relative + u'/' + name;
}

bool isZipName(const QString &name)
{
    return name.endsWith(QStringLiteral(".zip"), Qt::CaseInsensitive);
}

QString stem(const QString &name)
{
    const QString base = name.section(u'/', -1);
    return isZipName(base) ? base.chopped(4) : base;
}

// What an instructor keeps beside a class (the gradebook, a worksheet, notes, exports): not
// a hand-in, and not worth a line in the list of what was not graded.
bool isInstructorFile(const QString &name)
{
    static const QStringList suffixes{QStringLiteral(".sqlite"), QStringLiteral(".sqlite-journal"),
                                      QStringLiteral(".db"),     QStringLiteral(".csv"),
                                      QStringLiteral(".xlsx"),   QStringLiteral(".ods"),
                                      QStringLiteral(".md"),     QStringLiteral(".txt"),
                                      QStringLiteral(".pdf"),    QStringLiteral(".json")};
    for (const QString &suffix : suffixes)
        if (name.endsWith(suffix, Qt::CaseInsensitive))
            return true;
    return false;
}

// A zip's problem without the zip's name, which the source already gives.
QString problemText(const ZipProblem &p)
{
    return p.entry.isEmpty() ? p.sentence : p.entry + QStringLiteral(": ") + p.sentence;
}

std::optional<LmsIdentity> lmsOf(const std::optional<MoodleName> &name)
{
    if (!name)
        return std::nullopt;
    return LmsIdentity{name->participantId, name->fullName};
}

} // namespace

QString ClassHandIn::number() const
{
    return manifest ? manifest->student.number : QString();
}

QString ClassHandIn::name() const
{
    if (manifest && !manifest->student.name.isEmpty())
        return manifest->student.name;
    return lms ? lms->fullName : QString();
}

// Builds a ClassIntake: one method per kind of thing met.
class IntakeBuilder
{
public:
    IntakeBuilder(const QList<grader::Rubric> &rubrics, ClassIntake &intake)
        : rubrics_(rubrics)
        , intake_(intake)
    {}

    void addPath(const QString &path);
    void finish();

private:
    void addClassFolder(const QString &root, const QString &relative, int depth);
    void addEntry(const QString &root, const QString &relative, const files::DirEntry &entry,
                  int depth);
    void addMoodleFolder(const QString &root, const QString &relative, const MoodleName &name,
                         int depth);
    void addZip(const QString &root, const QString &relative, const std::optional<LmsIdentity> &lms,
                int depth);
    void addHandInFolder(const QString &root, const QString &relative, const QString &source,
                         const std::optional<LmsIdentity> &lms, bool extracted = false);
    void addLooseMoodleFile(const QString &root, const QString &relative, const MoodleName &name);
    // `descend`: a zip's content, whose only folder may hold the hand-in.
    std::optional<QString> handInRoot(const QString &root, const QString &relative,
                                      bool descend) const;
    std::optional<Manifest> readManifest(const QString &root, const QString &relative,
                                         const QString &source);
    QStringList changedFiles(const Manifest &manifest, const QString &root,
                             const QString &relative) const;
    QString newExtractFolder();
    QString sourceOf(const QString &root, const QString &relative) const;
    void refuse(const QString &source, const QString &reason)
    {
        intake_.notGraded_ << NotGraded{source, reason};
    }

    const QList<grader::Rubric> &rubrics_;
    ClassIntake &intake_;
    int extracted_ = 0;
    // Where each extraction came from, to name sources as the instructor knows them.
    QHash<QString, QString> extractedFrom_;
    // Flat-layout files of one participant, gathered in a folder of their own, graded once
    // the walk is over.
    QHash<QString, QString> looseFolders_;
    QList<std::pair<QString, LmsIdentity>> pendingLoose_;
};

QString IntakeBuilder::sourceOf(const QString &root, const QString &relative) const
{
    const QString origin = extractedFrom_.value(root);
    if (!origin.isEmpty())
        return relative.isEmpty() ? origin : origin + QStringLiteral(" ▸ ") + relative;
    return relative.isEmpty() ? root : root + u'/' + relative;
}

QString IntakeBuilder::newExtractFolder()
{
    if (!intake_.temp_)
        intake_.temp_ = std::make_unique<PrivateTempDir>();
    if (!intake_.temp_->isValid())
        return QString();
    const QString dir = intake_.temp_->path() + u'/' + QString::number(++extracted_);
    QString why;
    return files::makePrivateFolder(dir, &why) ? dir : QString();
}

void IntakeBuilder::addPath(const QString &path)
{
    const QString absolute = QDir(path).absolutePath(); // file-access: trusted (named by the user)
    const QString parent = absolute.section(u'/', 0, -2);
    const QString name = absolute.section(u'/', -1);
    const files::PathKind kind =
        files::kindBelow(parent.isEmpty() ? QStringLiteral("/") : parent, name);
    if (!kind.exists) {
        refuse(path, QStringLiteral("no such file or folder"));
        return;
    }
    if (kind.type == files::EntryType::Dir) {
        if (handInRoot(absolute, QString(), false))
            addHandInFolder(absolute, QString(), path, std::nullopt);
        else
            addClassFolder(absolute, QString(), 0);
        return;
    }
    if (kind.type == files::EntryType::File && isZipName(name)) {
        addZip(parent, name, lmsOf(parseMoodleName(name)), 0);
        return;
    }
    refuse(path, QStringLiteral("neither a folder nor a zip"));
}

void IntakeBuilder::addClassFolder(const QString &root, const QString &relative, int depth)
{
    QString problem;
    const QList<files::DirEntry> entries = files::listBelow(root, relative, &problem);
    if (!problem.isEmpty()) {
        refuse(sourceOf(root, relative), problem);
        return;
    }
    for (const files::DirEntry &e : entries)
        if (!e.name.startsWith(u'.'))
            addEntry(root, relative, e, depth);
}

void IntakeBuilder::addEntry(const QString &root, const QString &relative,
                             const files::DirEntry &entry, int depth)
{
    const QString path = joined(relative, entry.name);
    const std::optional<MoodleName> moodle = parseMoodleName(entry.name);
    if (entry.type == files::EntryType::Link) {
        refuse(sourceOf(root, path), QStringLiteral("a symbolic link: it was not graded (a student "
                                                    "folder must be a real folder)"));
    } else if (entry.type == files::EntryType::Dir) {
        if (moodle)
            addMoodleFolder(root, path, *moodle, depth);
        else
            addHandInFolder(root, path, sourceOf(root, path), std::nullopt);
    } else if (entry.type != files::EntryType::File) {
        refuse(sourceOf(root, path), QStringLiteral("not a regular file"));
    } else if (moodle && moodle->plugin == QLatin1String("onlinetext")) {
        refuse(sourceOf(root, path),
               QStringLiteral("an online-text submission: not gradable, SchedLab grades files"));
    } else if (isZipName(entry.name)) {
        addZip(root, path, lmsOf(moodle), depth + 1);
    } else if (moodle) {
        addLooseMoodleFile(root, path, *moodle);
    } else if (!isInstructorFile(entry.name)) {
        refuse(sourceOf(root, path), QStringLiteral("not a hand-in (neither a folder nor a zip)"));
    }
}

void IntakeBuilder::addMoodleFolder(const QString &root, const QString &relative,
                                    const MoodleName &name, int depth)
{
    const std::optional<LmsIdentity> lms = lmsOf(name);
    if (name.plugin == QLatin1String("onlinetext")) {
        refuse(sourceOf(root, relative),
               QStringLiteral("an online-text submission: not gradable, SchedLab grades files"));
        return;
    }
    // The submission's folder holds the student's zip, or their files as they uploaded them.
    QList<files::DirEntry> zips;
    for (const files::DirEntry &e : files::listBelow(root, relative))
        if (e.type == files::EntryType::File && isZipName(e.name))
            zips << e;
    if (zips.size() == 1 && !handInRoot(root, relative, false)) {
        addZip(root, joined(relative, zips.first().name), lms, depth + 1);
        return;
    }
    if (zips.size() > 1) {
        refuse(sourceOf(root, relative),
               QStringLiteral("%1 zips in one submission: hand in one").arg(zips.size()));
        return;
    }
    addHandInFolder(root, relative, sourceOf(root, relative), lms, true);
}

void IntakeBuilder::addLooseMoodleFile(const QString &root, const QString &relative,
                                       const MoodleName &name)
{
    // The flat layout: "Full Name_ID_assignsubmission_file_sommeil.sbatch" at the top.
    QString &folder = looseFolders_[name.participantId];
    if (folder.isEmpty()) {
        folder = newExtractFolder();
        if (folder.isEmpty()) {
            refuse(sourceOf(root, relative), QStringLiteral("no private temporary folder"));
            return;
        }
        extractedFrom_.insert(folder, sourceOf(root, relative.section(u'/', 0, -2)));
        pendingLoose_ << std::pair(folder, LmsIdentity{name.participantId, name.fullName});
    }
    const files::ReadResult read = files::readBelow(root, relative, grader::kMaxSubmittedFileBytes);
    if (!read.ok()) {
        refuse(sourceOf(root, relative), read.error);
        return;
    }
    // saveBelow refuses a name climbing out ("..", absolute) or through a link.
    const files::WriteResult w =
        files::saveBelow(folder, name.rest, read.bytes, 0600, files::Sync::Scratch);
    if (!w.ok)
        refuse(sourceOf(root, relative), w.error);
}

void IntakeBuilder::addZip(const QString &root, const QString &relative,
                           const std::optional<LmsIdentity> &lms, int depth)
{
    const QString source = sourceOf(root, relative);
    if (depth > kMaxZipDepth) {
        refuse(source,
               QStringLiteral("a zip nested deeper than %1 levels: not opened").arg(kMaxZipDepth));
        return;
    }
    const ZipLimits limits = depth == 0 ? ZipLimits::classArchive() : ZipLimits::handIn();
    ZipProblem problem;
    std::optional<SafeZip> zip = SafeZip::open(root, relative, limits, &problem);
    if (!zip) {
        refuse(source, problemText(problem));
        return;
    }
    // One hostile entry (a path climbing out, a link, an encrypted file) and the hand-in is
    // not graded: what is left of it is not what the student meant to hand in.
    if (!zip->clean()) {
        QStringList why;
        for (const ZipProblem &p : zip->problems())
            why << problemText(p);
        refuse(source, why.join(QStringLiteral("; ")));
        return;
    }
    const QString folder = newExtractFolder();
    if (folder.isEmpty()) {
        refuse(source, QStringLiteral("no private temporary folder to extract it to"));
        return;
    }
    if (!zip->extractTo(folder, &problem)) {
        refuse(source, problemText(problem));
        return;
    }
    extractedFrom_.insert(folder, source);
    if (handInRoot(folder, QString(), true))
        addHandInFolder(folder, QString(), source, lms, true);
    else if (lms) // an LMS submission is one student's, whatever it holds
        refuse(source, QStringLiteral("no SchedLab hand-in in it (no manifest.json, no "
                                      "exercise folder)"));
    else
        addClassFolder(folder, QString(), depth);
}

// Where the hand-in's files are below `relative`: there, or in its only sub-folder (a zip
// made by compressing the folder itself); nullopt when neither holds a hand-in.
std::optional<QString> IntakeBuilder::handInRoot(const QString &root, const QString &relative,
                                                 bool descend) const
{
    QString at = relative;
    for (int level = 0; level < (descend ? 3 : 1); ++level) {
        const files::PathKind manifest =
            files::kindBelow(root, joined(at, QStringLiteral("manifest.json")));
        if (manifest.exists || grader::isStudentFolder(root, at, rubrics_))
            return at;
        QStringList folders;
        bool others = false;
        for (const files::DirEntry &e : files::listBelow(root, at)) {
            if (e.name.startsWith(u'.') || e.name == QLatin1String("__MACOSX"))
                continue;
            if (e.type == files::EntryType::Dir)
                folders << e.name;
            else
                others = true;
        }
        if (folders.size() != 1 || others)
            return std::nullopt;
        at = joined(at, folders.first());
    }
    return std::nullopt;
}

void IntakeBuilder::addHandInFolder(const QString &root, const QString &relative,
                                    const QString &source, const std::optional<LmsIdentity> &lms,
                                    bool extracted)
{
    const std::optional<QString> at = handInRoot(root, relative, extracted);
    if (!at) {
        refuse(source, QStringLiteral("no SchedLab hand-in in it (no manifest.json, no exercise "
                                      "folder, no file an exercise expects)"));
        return;
    }
    ClassHandIn h;
    h.source = source;
    h.lms = lms;
    h.manifest = readManifest(root, *at, source);
    if (h.manifest) {
        h.changedFiles = changedFiles(*h.manifest, root, *at);
        if (!h.changedFiles.isEmpty())
            h.flags << QStringLiteral("files differ from the manifest (changed after the "
                                      "hand-in?): %1")
                           .arg(h.changedFiles.join(QStringLiteral(", ")));
        h.nameDiffers = lms && !sameName(lms->fullName, h.manifest->student.name);
        if (h.nameDiffers)
            h.flags << QStringLiteral("the manifest names %1 (%2), the LMS %3")
                           .arg(h.manifest->student.name, h.manifest->student.number,
                                lms->fullName);
    } else if (lms || extracted) { // a plain folder of the class never had one
        h.flags << QStringLiteral("no manifest: graded under %1")
                       .arg(lms ? QStringLiteral("the LMS's name") : QStringLiteral("its name"));
    }
    const QString number = h.manifest ? h.manifest->student.normalisedNumber() : QString();
    if (!number.isEmpty())
        h.key = number;
    else if (lms)
        h.key = QStringLiteral("participant-") + lms->participantId;
    else
        h.key = stem(source.section(QStringLiteral(" ▸ "), -1));
    h.folder.id = h.key;
    h.folder.root = root;
    h.folder.relative = *at;
    h.folder.dir = joined(root, *at);
    h.folder.variantKey = number;
    intake_.handIns_ << h;
}

std::optional<Manifest> IntakeBuilder::readManifest(const QString &root, const QString &relative,
                                                    const QString &source)
{
    const files::ReadResult read = files::readBelow(
        root, joined(relative, QStringLiteral("manifest.json")), kMaxManifestBytes);
    if (read.status == files::ReadStatus::Missing)
        return std::nullopt;
    QString error = read.error;
    std::optional<Manifest> manifest =
        read.ok() ? Manifest::fromJson(read.bytes, &error) : std::nullopt;
    if (!manifest)
        refuse(source,
               QStringLiteral("manifest.json is unreadable (%1): graded without it").arg(error));
    return manifest;
}

// The files of the manifest's list that were changed or removed since it was written.
QStringList IntakeBuilder::changedFiles(const Manifest &manifest, const QString &root,
                                        const QString &relative) const
{
    QStringList changed;
    for (const ManifestFile &f : manifest.files) {
        const files::ReadResult read =
            files::readBelow(root, joined(relative, f.path), grader::kMaxSubmittedFileBytes);
        const QString hash = QString::fromLatin1(
            QCryptographicHash::hash(read.bytes, QCryptographicHash::Sha256).toHex());
        if (!read.ok() || hash != f.sha256)
            changed << f.path;
    }
    return changed;
}

void IntakeBuilder::finish()
{
    for (const auto &[folder, lms] : std::as_const(pendingLoose_))
        addHandInFolder(folder, QString(), extractedFrom_.value(folder), lms, true);
    // Two hand-ins for one student number: which is theirs is the instructor's call.
    QHash<QString, QStringList> sources;
    for (const ClassHandIn &h : std::as_const(intake_.handIns_))
        sources[h.key] << h.source;
    QList<ClassHandIn> kept;
    for (const ClassHandIn &h : std::as_const(intake_.handIns_)) {
        const QStringList same = sources.value(h.key);
        if (same.size() == 1) {
            kept << h;
            continue;
        }
        refuse(h.source, QStringLiteral("%1 hand-ins for student %2 (%3): none of them was graded")
                             .arg(same.size())
                             .arg(h.key, same.join(QStringLiteral(", "))));
    }
    intake_.handIns_ = kept;
}

ClassIntake::ClassIntake() = default;
ClassIntake::~ClassIntake() = default;
ClassIntake::ClassIntake(ClassIntake &&) noexcept = default;
ClassIntake &ClassIntake::operator=(ClassIntake &&) noexcept = default;

ClassIntake ClassIntake::open(const QStringList &paths, const QList<grader::Rubric> &rubrics)
{
    ClassIntake intake;
    IntakeBuilder builder(rubrics, intake);
    for (const QString &path : paths)
        builder.addPath(path);
    builder.finish();
    return intake;
}

QString ClassIntake::extractedRoot() const
{
    return temp_ && temp_->isValid() ? temp_->path() : QString();
}

} // namespace schedlab::handin
