// schedlab-cli variant: draws a student's variant of exercise 2 from their id, and writes
// what they receive: the scenario (ex2/exercice2.yaml) and the statement built on it.
#include "variantcommand.h"

#include "exercise2.h"
#include "grader.h"
#include "safefiles.h"
#include "scenario.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cstdio>

namespace {

using namespace schedlab;
using namespace schedlab::grader;

const char kUsage[] =
    "Usage: schedlab-cli variant STUDENT_ID [--out DIR] [--rubrics DIR]\n"
    "Draws the student's variant of exercise 2 (seeded by the SHA-256 of their id) and writes\n"
    "DIR/ex2/exercice2.yaml and DIR/ex2/enonce.md; without --out, prints the scenario.\n";

int fail(const QString &message)
{
    std::fprintf(stderr, "schedlab-cli variant: %s\n", qPrintable(message));
    return 1;
}

std::optional<Scenario> readFileScenario(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2").arg(path, f.errorString());
        return std::nullopt;
    }
    return readScenario(f.readAll(), path, error);
}

bool writeAtomically(const QString &path, const QByteArray &bytes, QString *error)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    const files::WriteResult w = files::saveFile(path, bytes);
    if (!w.ok)
        *error = w.error;
    return w.ok;
}

} // namespace

int variantCommand(const QStringList &args, const QString &libexecDir)
{
    if (args.contains(QStringLiteral("--help"))) {
        std::fputs(kUsage, stdout);
        return 0;
    }
    QString student, outDir, rubricsDir = defaultExercisesDir();
    for (int i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        const bool withValue = a == QLatin1String("--out") || a == QLatin1String("--rubrics");
        if (withValue && i + 1 < args.size()) {
            QString &target = a == QLatin1String("--out") ? outDir : rubricsDir;
            target = args[++i];
        } else if (!a.startsWith(u'-') && student.isEmpty()) {
            student = a;
        } else {
            std::fputs(kUsage, stderr);
            return 2;
        }
    }
    if (student.trimmed().isEmpty()) {
        std::fputs(kUsage, stderr);
        return 2;
    }
    QString error;
    const auto base = readFileScenario(rubricsDir + QStringLiteral("/ex2/scenario.yaml"), &error);
    if (!base)
        return fail(error);
    const auto variant = exercise2Variant(*base, variantSeed(student));
    if (!variant)
        return fail(
            QStringLiteral("no variant keeps the exercise's structure for %1").arg(student));
    const QByteArray yaml = scenarioToYaml(*variant);
    if (outDir.isEmpty()) {
        std::fwrite(yaml.constData(), 1, size_t(yaml.size()), stdout);
        return 0;
    }
    QFile statement(rubricsDir + QStringLiteral("/ex2/enonce.md"));
    if (!statement.open(QIODevice::ReadOnly))
        return fail(QStringLiteral("%1: %2").arg(statement.fileName(), statement.errorString()));
    const QString text =
        renderExercise2Statement(QString::fromUtf8(statement.readAll()), *variant, libexecDir);
    if (!writeAtomically(outDir + QStringLiteral("/ex2/exercice2.yaml"), yaml, &error) ||
        !writeAtomically(outDir + QStringLiteral("/ex2/enonce.md"), text.toUtf8(), &error))
        return fail(error);
    return 0;
}
