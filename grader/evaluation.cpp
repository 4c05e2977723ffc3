// Reading labelled answers and tallying the grader's agreement with them.
#include "evaluation.h"

#include "checkers.h"
#include "safefiles.h"
#include "yamlload.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <yaml-cpp/yaml.h>

namespace schedlab::grader {

namespace {

double ratio(int a, int b)
{
    return b ? double(a) / b : 1.0;
}

} // namespace

QList<LabelledCase> readLabelledCases(const QString &dir, QString *error)
{
    QList<LabelledCase> cases;
    for (const QString &name :
         QDir(dir).entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name)) {
        const QString path = dir + u'/' + name;
        const YamlLoad load = loadYamlFile(path);
        if (!load.ok()) {
            *error = load.error;
            return {};
        }
        try {
            const YAML::Node &root = load.root;
            const QString exercise = QString::fromStdString(root["exercise"].as<std::string>());
            for (const YAML::Node &n : root["cases"]) {
                const auto field = [&](const char *key) {
                    return n[key] ? QString::fromStdString(n[key].as<std::string>()) : QString();
                };
                cases << LabelledCase{exercise,       field("criterion"), field("file"),
                                      field("label"), field("kind"),      field("text")};
            }
        } catch (const YAML::Exception &e) {
            *error = yamlErrorMessage(e, path);
            return {};
        }
    }
    return cases;
}

std::optional<JudgedCase> judgeCase(const RubricSet &rubrics, const LabelledCase &c)
{
    const Rubric *rubric = rubrics.find(c.exercise);
    if (!rubric || !rubric->criterion(c.criterion))
        return std::nullopt;
    // The case is judged alone: the other files its criterion rests on (the solo project's
    // script, for its run evidence) are handed in as the exercise's starter files.
    QHash<QString, QByteArray> handedIn{{c.file, c.text.toUtf8()}};
    const QString starters = QFileInfo(rubric->path).absolutePath();
    for (const QString &name : evidenceFiles(*rubric->criterion(c.criterion), *rubric))
        if (!handedIn.contains(name))
            handedIn.insert(name,
                            files::readFile(starters + u'/' + name, kMaxSubmittedFileBytes).bytes);
    QTemporaryDir dir;
    for (auto it = handedIn.constBegin(); it != handedIn.constEnd(); ++it) {
        QFile f(dir.filePath(it.key()));
        if (!f.open(QIODevice::WriteOnly))
            return std::nullopt;
        f.write(it.value());
    }
    const ExerciseResult r =
        gradeExercise(*rubric, readExercise(QStringLiteral("eval"), *rubric, dir.path()));
    for (const CriterionResult &cr : r.criteria)
        if (cr.id == c.criterion)
            return JudgedCase{c, cr.passed, cr.confidence, cr.evidence, cr.feedback};
    return std::nullopt;
}

void Agreement::add(const JudgedCase &j, double threshold)
{
    ++cases;
    const bool right = j.labelled.teacherPasses();
    teacherPasses += right ? 1 : 0;
    if (j.confidence < threshold) {
        ++review;
    } else if (j.passed) {
        ++autoPass;
        autoPassRight += right ? 1 : 0;
    } else {
        ++autoFail;
        autoFailRight += right ? 0 : 1;
    }
}

double Agreement::precision() const
{
    return ratio(autoPassRight, autoPass);
}

double Agreement::recall() const
{
    return ratio(autoPassRight, teacherPasses);
}

double Agreement::accuracy() const
{
    return ratio(autoPassRight + autoFailRight, autoPass + autoFail);
}

double Agreement::reviewRate() const
{
    return ratio(review, cases);
}

RubricSet evaluationRubrics(const QString &sourceDir)
{
    RubricSet set = loadRubrics(sourceDir + QStringLiteral("/exercises"));
    const RubricLoad exam =
        loadRubric(sourceDir + QStringLiteral("/instructor/examen/rubric.yaml"));
    if (!exam.rubric) {
        set.error = exam.error;
        return set;
    }
    for (Rubric &r : set.rubrics)
        if (r.exercise == exam.rubric->exercise)
            r = *exam.rubric;
    return set;
}

} // namespace schedlab::grader
