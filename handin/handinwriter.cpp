// Planning the hand-in from the workspace's folders and the exam, then one durable save.
#include "handinwriter.h"

#include "exercise2.h"
#include "rubric.h"
#include "safefiles.h"
#include "scenario.h"
#include "secrets.h"
#include "submission.h"

#include <QCoreApplication>
#include <QObject>

namespace schedlab::handin {

namespace {

// The file exercise 2's variant is kept in (Workspace::prepareVariant).
const QString kVariantFile = QStringLiteral("exercice2.yaml");

bool isBlank(const QByteArray &bytes)
{
    return bytes.trimmed().isEmpty();
}

// The paper is the answer sheet's headings with each answer under its own: without any
// answer, only headings are left.
bool isBlankPaper(const QString &paper)
{
    for (const QString &line : paper.split(u'\n'))
        if (!line.trimmed().isEmpty() && !line.trimmed().startsWith(u'#'))
            return false;
    return true;
}

QString keyRefusal(const QString &path)
{
    return QObject::tr("%1 holds a private key: remove it before handing in. A private key "
                       "never leaves your laptop.")
        .arg(path);
}

bool holdsPrivateKey(const QByteArray &bytes)
{
    return !bytes.contains('\0') && grader::scanForPrivateKeys(QString::fromUtf8(bytes)).found();
}

// Why a file of the workspace cannot go into the hand-in; empty when it can.
QString refusal(const QString &path, const files::DirEntry &entry, const files::ReadResult &read)
{
    if (entry.type == files::EntryType::Link || read.status == files::ReadStatus::Link)
        return QObject::tr("%1 is a symbolic link: put the file itself in the folder before "
                           "handing in.")
            .arg(path);
    if (read.status == files::ReadStatus::TooBig)
        return QObject::tr("%1 is too large (%2 bytes) to be an answer: move it out of the "
                           "exercise folder before handing in.")
            .arg(path)
            .arg(read.size);
    if (entry.type == files::EntryType::Other || read.status == files::ReadStatus::NotRegular ||
        read.status == files::ReadStatus::BadPath)
        return QObject::tr("%1 is not a regular file: move it out of the exercise folder before "
                           "handing in.")
            .arg(path);
    return read.ok() ? QString() : read.error;
}

class Planner
{
public:
    Planner(const HandInInput &input, HandInPlan *plan)
        : in_(input)
        , plan_(plan)
    {}

    void exercise(const grader::Rubric &rubric);
    void exam(const grader::Rubric *rubric);
    void manifest(const QDateTime &now);

private:
    bool refuse(const QString &why)
    {
        if (plan_->refusal.isEmpty())
            plan_->refusal = why;
        return false;
    }
    // The folder's files, read; false when one of them stops the hand-in.
    bool collect(const QString &exercise, Deliverable *d, QHash<QString, QByteArray> *read);
    void add(Deliverable *d, const QString &path, const QByteArray &bytes);

    const HandInInput &in_;
    HandInPlan *plan_;
};

void Planner::add(Deliverable *d, const QString &path, const QByteArray &bytes)
{
    d->files << path;
    plan_->entries << ZipEntry{path, bytes};
}

bool Planner::collect(const QString &exercise, Deliverable *d, QHash<QString, QByteArray> *read)
{
    const QString root = in_.workspaceRoot;
    const files::PathKind kind = files::kindBelow(root, exercise);
    if (!kind.exists)
        return true;
    if (kind.type == files::EntryType::Link)
        return refuse(QObject::tr("The folder %1 is a symbolic link: put the folder itself in "
                                  "the workspace before handing in.")
                          .arg(exercise));
    if (kind.type != files::EntryType::Dir)
        return refuse(QObject::tr("%1 is not a folder: move it out of the workspace before "
                                  "handing in.")
                          .arg(exercise));
    QString error;
    const QList<files::DirEntry> list = files::listBelow(root, exercise, &error);
    if (!error.isEmpty())
        return refuse(error);
    for (const files::DirEntry &e : list) {
        const QString path = exercise + u'/' + e.name;
        if (e.type == files::EntryType::Dir || e.name.startsWith(u'.')) {
            d->skipped << path; // the grader reads neither; an editor's leftovers stay home
            continue;
        }
        const files::ReadResult r =
            e.type == files::EntryType::File
                ? files::readBelow(root, path, grader::kMaxSubmittedFileBytes)
                : files::ReadResult{};
        if (const QString why = refusal(path, e, r); !why.isEmpty())
            return refuse(why);
        if (holdsPrivateKey(r.bytes))
            return refuse(keyRefusal(path));
        read->insert(e.name, r.bytes);
        add(d, path, r.bytes);
    }
    return true;
}

void Planner::exercise(const grader::Rubric &rubric)
{
    Deliverable d;
    d.exercise = rubric.exercise;
    d.title = rubric.title;
    QHash<QString, QByteArray> read;
    if (!collect(rubric.exercise, &d, &read))
        return;
    // Judged on what the rubric grades; an exercise naming no file, on everything.
    const QStringList expected = rubric.files.isEmpty() ? read.keys() : rubric.files;
    int present = 0;
    for (const QString &name : expected) {
        const QString path = rubric.exercise + u'/' + name;
        if (!read.contains(name)) {
            d.missingFiles << path;
            continue;
        }
        ++present;
        if (isBlank(read.value(name)))
            d.emptyFiles << path;
    }
    d.missingFiles.sort();
    if (present == 0)
        d.status = DeliverableStatus::Missing;
    else if (d.emptyFiles.size() == present)
        d.status = DeliverableStatus::Empty;
    else
        d.status = DeliverableStatus::Included;
    plan_->deliverables << d;
}

void Planner::exam(const grader::Rubric *rubric)
{
    Deliverable d;
    d.exercise = kExamExercise;
    d.title = rubric ? rubric->title : QString();
    const std::optional<ExamHandIn> &exam = in_.exam;
    if (!exam) {
        d.note = QObject::tr("The exam has not been started.");
    } else if (exam->state != ExamStatus::HandedIn) {
        d.note = QObject::tr("The exam is in progress: nothing of it is handed in until the "
                             "paper itself is handed in.");
    } else {
        const QString paperPath = kExamExercise + u'/' + exam->paperName;
        const QByteArray paper = exam->paper.toUtf8();
        if (holdsPrivateKey(paper) || holdsPrivateKey(exam->report)) {
            refuse(keyRefusal(paperPath));
            return;
        }
        add(&d, paperPath, paper);
        add(&d, kExamExercise + u'/' + kExamReportName, exam->report);
        d.status =
            isBlankPaper(exam->paper) ? DeliverableStatus::Empty : DeliverableStatus::Included;
        if (d.status == DeliverableStatus::Empty)
            d.emptyFiles << paperPath;
    }
    plan_->deliverables << d;
}

void Planner::manifest(const QDateTime &now)
{
    Manifest &m = plan_->manifest;
    m.student = in_.identity;
    m.appVersion = Manifest::currentAppVersion();
    m.created = now.toUTC();
    for (const grader::Rubric &r : in_.rubrics)
        m.rubrics.insert(r.exercise, r.tag());
    for (const ZipEntry &e : std::as_const(plan_->entries))
        m.files << Manifest::describe(e.path, e.bytes);
    // The variant as handed in (the bytes read above, not the disk again).
    for (const grader::Rubric &r : in_.rubrics) {
        if (r.scenario.isEmpty())
            continue;
        const QString path = r.exercise + u'/' + kVariantFile;
        for (const ZipEntry &e : std::as_const(plan_->entries)) {
            if (e.path != path || e.bytes.size() > grader::kMaxScenarioBytes)
                continue;
            QString error;
            const auto scenario = readScenario(e.bytes, kVariantFile, &error);
            const QString key =
                in_.variantKey.isEmpty() ? in_.identity.normalisedNumber() : in_.variantKey;
            if (scenario)
                m.exercise2 = VariantRecord{path, scenario->seed,
                                            QString::fromLatin1(grader::variantSeed(key).toHex())};
        }
    }
    if (in_.exam) {
        m.exam.status = in_.exam->state;
        if (in_.exam->state == ExamStatus::HandedIn) {
            m.exam.handedInAt = in_.exam->handedInAt.toUTC();
            m.exam.kind = in_.exam->kind;
            m.exam.paperSha256 = in_.exam->sha256;
            m.exam.paperPath = kExamExercise + u'/' + in_.exam->paperName;
        }
    }
}

QString statusText(DeliverableStatus status)
{
    switch (status) {
    case DeliverableStatus::Included:
        return QObject::tr("included");
    case DeliverableStatus::Empty:
        return QObject::tr("empty");
    case DeliverableStatus::Missing:
        break;
    }
    return QObject::tr("missing");
}

QString fileNames(const QStringList &paths)
{
    QStringList names;
    for (const QString &p : paths)
        names << p.section(u'/', 1);
    return names.join(QStringLiteral(", "));
}

} // namespace

const Deliverable *HandInPlan::deliverable(const QString &exercise) const
{
    for (const Deliverable &d : deliverables)
        if (d.exercise == exercise)
            return &d;
    return nullptr;
}

QString HandInPlan::summaryText() const
{
    QStringList lines;
    const StudentIdentity &who = manifest.student;
    lines << QObject::tr("Hand-in of %1 (%2)")
                 .arg(who.name.isEmpty() ? QObject::tr("no name") : who.name,
                      who.number.isEmpty() ? QObject::tr("no student number") : who.number);
    for (const Deliverable &d : deliverables) {
        QString line = QStringLiteral("%1: %2").arg(d.exercise, statusText(d.status));
        if (!d.files.isEmpty())
            line += QStringLiteral(" (%1)").arg(fileNames(d.files));
        if (!d.missingFiles.isEmpty() && d.status != DeliverableStatus::Missing)
            line += QObject::tr("; not found: %1").arg(fileNames(d.missingFiles));
        if (!d.emptyFiles.isEmpty() && d.status != DeliverableStatus::Empty)
            line += QObject::tr("; empty: %1").arg(fileNames(d.emptyFiles));
        if (!d.note.isEmpty())
            line += QStringLiteral(" — ") + d.note;
        lines << line;
    }
    lines << warnings;
    if (!refusal.isEmpty())
        lines << QObject::tr("Nothing can be handed in: %1").arg(refusal);
    return lines.join(u'\n');
}

HandInPlan planHandIn(const HandInInput &input, const QDateTime &now)
{
    HandInPlan plan;
    Planner planner(input, &plan);
    const grader::Rubric *examRubric = nullptr;
    for (const grader::Rubric &r : input.rubrics) {
        if (r.exercise == kExamExercise)
            examRubric = &r;
        else
            planner.exercise(r);
    }
    if (examRubric || input.exam)
        planner.exam(examRubric);
    planner.manifest(now);
    const QString stem = input.identity.fileStem();
    plan.defaultFileName =
        (stem.isEmpty() ? QStringLiteral("handin") : stem) + QStringLiteral(".zip");
    if (!input.identity.isComplete())
        plan.warnings << QObject::tr("Your name or student number is missing: your instructor "
                                     "may not know whose work this is.");
    if (!plan.ok())
        plan.entries.clear(); // nothing of a refused hand-in is kept in memory
    return plan;
}

HandInResult writeHandIn(const HandInPlan &plan, const QString &zipPath)
{
    HandInResult result;
    if (!plan.ok()) {
        result.error = plan.refusal;
        return result;
    }
    QList<ZipEntry> archive = plan.entries;
    archive << ZipEntry{QString::fromLatin1(Manifest::kFileName), plan.manifest.toJson()};
    QString error;
    const std::optional<QByteArray> bytes = zipInMemory(archive, &error);
    if (!bytes) {
        result.error = QObject::tr("Cannot write %1: %2").arg(zipPath, error);
        return result;
    }
    // Saved durably: on a full disk an earlier hand-in stays whole.
    const files::WriteResult w = files::saveFile(zipPath, *bytes);
    if (!w.ok) {
        result.error = QObject::tr("Cannot write %1").arg(w.error);
        return result;
    }
    result.ok = true;
    result.files = int(plan.entries.size());
    return result;
}

} // namespace schedlab::handin
