// schedlab-cli exam pack: the real exam's statement and answer sheet, with its id and
// duration, in one .schedlab-exam file for the students, and never its rubric: the concept
// patterns are the answer key, and they stay with the instructor until the release.
#include "examcommand.h"

#include "exampaper.h"
#include "folderlock.h"
#include "rubric.h"
#include "safefiles.h"
#include "yamlload.h"

#include <QDir>      // file-access: trusted (the folders named on the command line)
#include <QFileInfo> // file-access: trusted (the folders named on the command line)

#include <cstdio>
#include <optional>

namespace {

using schedlab::exam::ExamPaper;

const char kUsage[] =
    "Usage: schedlab-cli exam pack --rubric-dir DIR --id ID [--duration MIN] --out FILE\n"
    "Makes the exam paper to hand out at the start (through the LMS, on a USB key): the\n"
    "statement (DIR/enonce.md), the answer sheet (DIR/examen.md), the title, the duration\n"
    "and the id, in FILE (ending in .schedlab-exam). The students open it in SchedLab\n"
    "(Exam > Open the paper...). The rubric is not in the file: keep DIR to yourself and\n"
    "grade with `schedlab-cli release --rubrics` (the folder above DIR).\n"
    "  --rubric-dir DIR  the exam's folder: rubric.yaml, enonce.md and the answer sheet\n"
    "  --id ID           the paper's id (letters, digits, . _ -); DIR/rubric.yaml must say\n"
    "                    paper_id: ID, so that the release grades this paper with it\n"
    "  --duration MIN    the time allowed in minutes (default: the rubric's\n"
    "                    exam_duration_minutes, else 60)\n"
    "  --out FILE        the paper file to write\n"
    "Exit status: 0 when the paper was written, 1 when it could not be, 2 for a usage error.\n";

struct PackArgs
{
    QString rubricDir;
    QString id;
    QString duration;
    QString out;
};

int usage(const QString &problem)
{
    if (!problem.isEmpty())
        std::fprintf(stderr, "schedlab-cli exam: %s\n", qPrintable(problem));
    std::fputs(kUsage, stderr);
    return 2;
}

int failure(const QString &problem)
{
    std::fprintf(stderr, "schedlab-cli exam pack: %s\n", qPrintable(problem));
    return 1;
}

std::optional<PackArgs> parsePack(const QStringList &args, QString *problem)
{
    PackArgs p;
    for (int i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        QString *value = a == QLatin1String("--rubric-dir") ? &p.rubricDir
                         : a == QLatin1String("--id")       ? &p.id
                         : a == QLatin1String("--duration") ? &p.duration
                         : a == QLatin1String("--out")      ? &p.out
                                                            : nullptr;
        if (!value) {
            *problem = QStringLiteral("unknown argument %1").arg(a);
            return std::nullopt;
        }
        if (i + 1 >= args.size()) {
            *problem = QStringLiteral("%1 needs a value").arg(a);
            return std::nullopt;
        }
        *value = args[++i];
    }
    if (p.rubricDir.isEmpty() || p.id.isEmpty() || p.out.isEmpty())
        *problem = QStringLiteral("--rubric-dir, --id and --out are required");
    else if (!ExamPaper::plainName(p.id))
        *problem =
            QStringLiteral("the id %1 is not a plain name (letters, digits, . _ -)").arg(p.id);
    else if (!p.out.endsWith(QLatin1String(schedlab::exam::kPaperExtension)))
        *problem = QStringLiteral("%1 must end in %2")
                       .arg(p.out, QLatin1String(schedlab::exam::kPaperExtension));
    if (!problem->isEmpty())
        return std::nullopt;
    return p;
}

// A text of the exam's folder (the instructor's own files).
std::optional<QString> readText(const QString &path, QString *error)
{
    const schedlab::files::ReadResult read =
        schedlab::files::readFile(path, schedlab::exam::kMaxPaperBytes);
    if (!read.ok()) {
        *error = read.error;
        return std::nullopt;
    }
    return QString::fromUtf8(read.bytes);
}

// The paper as the rubric's folder describes it; nullopt with the reason.
std::optional<ExamPaper> paperFrom(const PackArgs &args, QString *error)
{
    const QString dir = QDir(args.rubricDir).absolutePath();
    const schedlab::grader::RubricLoad load =
        schedlab::grader::loadRubric(dir + QStringLiteral("/rubric.yaml"));
    if (!load.rubric) {
        *error = load.error;
        return std::nullopt;
    }
    const schedlab::grader::Rubric &rubric = *load.rubric;
    const QString declared = paperIdOf(rubric);
    if (declared != args.id) {
        *error = declared.isEmpty()
                     ? QStringLiteral("%1/rubric.yaml names no paper: add the line `paper_id: %2` "
                                      "to it, so that `schedlab-cli release` grades this paper "
                                      "with this rubric")
                           .arg(dir, args.id)
                     : QStringLiteral("%1/rubric.yaml grades the paper %2, not %3: pack with "
                                      "--id %2, or change its paper_id")
                           .arg(dir, declared, args.id);
        return std::nullopt;
    }
    ExamPaper p;
    p.id = args.id;
    p.exercise = rubric.exercise;
    p.title = rubric.title;
    p.sheetName = rubric.files.value(0, QStringLiteral("examen.md"));
    p.minutes = rubric.examMinutes > 0 ? rubric.examMinutes : 60;
    if (!args.duration.isEmpty()) {
        bool ok = false;
        p.minutes = args.duration.toInt(&ok);
        if (!ok || p.minutes < 1 || p.minutes > schedlab::exam::kMaxPaperMinutes) {
            *error = QStringLiteral("--duration %1 is not a number of minutes between 1 and %2")
                         .arg(args.duration)
                         .arg(schedlab::exam::kMaxPaperMinutes);
            return std::nullopt;
        }
    }
    const auto statement = readText(dir + QStringLiteral("/enonce.md"), error);
    const auto sheet = statement ? readText(dir + u'/' + p.sheetName, error) : std::nullopt;
    if (!sheet)
        return std::nullopt;
    p.statement = *statement;
    p.sheet = *sheet;
    p.file = p.toFileBytes();
    // What the app will refuse is refused here, before it reaches a class.
    if (!ExamPaper::parse(p.file, args.out, error))
        return std::nullopt;
    return p;
}

int pack(const QStringList &args)
{
    QString problem;
    const auto parsed = parsePack(args, &problem);
    if (!parsed)
        return usage(problem);
    const std::optional<ExamPaper> paper = paperFrom(*parsed, &problem);
    if (!paper)
        return failure(problem);
    const schedlab::files::WriteResult w = schedlab::files::saveFile(parsed->out, paper->file);
    if (!w.ok)
        return failure(w.error);
    std::printf("%s: %s (%s, %d min), SHA-256 %s\n", qPrintable(parsed->out), qPrintable(paper->id),
                qPrintable(paper->title), paper->minutes, qPrintable(paper->sha256()));
    return 0;
}

// The workspaces `path` may be or hold: itself, the folders above it (a folder inside a
// workspace) and the folders in it (a class folder).
QStringList candidateWorkspaces(const QString &path)
{
    QStringList out;
    for (QDir up(QDir(path).absolutePath());;) {
        out << up.absolutePath();
        if (!up.cdUp())
            break;
    }
    const QDir dir(path);
    for (const QString &name : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden))
        out << dir.absoluteFilePath(name);
    return out;
}

} // namespace

int examCommand(const QStringList &args)
{
    if (args.contains(QStringLiteral("--help")) || args.value(0) == QLatin1String("help")) {
        std::fputs(kUsage, stdout);
        return 0;
    }
    if (args.value(0) == QLatin1String("pack"))
        return pack(args.mid(1));
    return usage(args.isEmpty() ? QStringLiteral("no command (pack)")
                                : QStringLiteral("unknown command %1").arg(args[0]));
}

QString examRunningIn(const QStringList &paths)
{
    for (const QString &path : paths)
        for (const QString &workspace : candidateWorkspaces(path)) {
            const auto holder = schedlab::files::FolderLock::holder(
                workspace + QStringLiteral("/.schedlab/exam.lock"));
            if (holder)
                return QStringLiteral("an exam is in progress in the workspace %1 (%2): it cannot "
                                      "be graded, served or opened in a shell until the paper "
                                      "is handed in")
                    .arg(QDir::toNativeSeparators(workspace), holder->describe());
        }
    return {};
}

QString paperIdOf(const schedlab::grader::Rubric &rubric)
{
    const schedlab::YamlLoad yaml = schedlab::loadYamlFile(rubric.path);
    if (!yaml.ok() || !yaml.root.IsMap())
        return {};
    const YAML::Node id = yaml.root["paper_id"];
    return id && id.IsScalar() ? QString::fromStdString(id.Scalar()) : QString();
}
