// Benchmark of the grader's judgement: every labelled answer of bench/grading/*.yaml is
// graded with the shipped rubrics, and compared with the teacher's label.
//
// For each written-answer criterion: how many answers, the precision and recall of the
// grader's "passed" among the answers it decided on its own, and how many it sent to review.
// Then, for review thresholds from 0.50 to 0.95, the accuracy of the automatic decisions and
// the share sent to review: the threshold of the rubrics is chosen from this table.
//
//   bench_grading_quality [DATA_DIR [CRITERION]]   (default: the source tree's bench/grading)
// With CRITERION, every case of that criterion is printed with the grader's evidence.
#include "grader.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QMap>
#include <QTemporaryDir>

#include <yaml-cpp/yaml.h>

#include <cstdio>

using namespace schedlab::grader;

namespace {

struct Case
{
    QString exercise, criterion, file, label, kind, text;
};

struct Outcome
{
    Case c;
    bool passed = false;
    double confidence = 0;
    QString evidence, feedback;
};

QList<Case> readCases(const QString &dir)
{
    QList<Case> cases;
    for (const QString &name : QDir(dir).entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name)) {
        const YAML::Node root = YAML::LoadFile((dir + u'/' + name).toStdString());
        const QString exercise = QString::fromStdString(root["exercise"].as<std::string>());
        for (const YAML::Node &n : root["cases"]) {
            const auto s = [&](const char *key) {
                return n[key] ? QString::fromStdString(n[key].as<std::string>()) : QString();
            };
            cases << Case{exercise, s("criterion"), s("file"), s("label"), s("kind"), s("text")};
        }
    }
    return cases;
}

std::optional<Outcome> grade(const RubricSet &set, const Case &c)
{
    const Rubric *rubric = set.find(c.exercise);
    if (!rubric || !rubric->criterion(c.criterion))
        return std::nullopt;
    QTemporaryDir dir;
    QFile f(dir.filePath(c.file));
    if (!f.open(QIODevice::WriteOnly))
        return std::nullopt;
    f.write(c.text.toUtf8());
    f.close();
    const ExerciseResult r = gradeExercise(*rubric, readExercise(QStringLiteral("bench"), *rubric, dir.path()));
    for (const CriterionResult &cr : r.criteria)
        if (cr.id == c.criterion)
            return Outcome{c, cr.passed, cr.confidence, cr.evidence, cr.feedback};
    return std::nullopt;
}

struct Tally
{
    int n = 0, labelPass = 0, autoPass = 0, autoPassRight = 0, autoFail = 0, autoFailRight = 0,
        review = 0;
    void add(const Outcome &o, double threshold)
    {
        ++n;
        const bool right = o.c.label == QLatin1String("pass");
        labelPass += right ? 1 : 0;
        if (o.confidence < threshold) {
            ++review;
        } else if (o.passed) {
            ++autoPass;
            autoPassRight += right ? 1 : 0;
        } else {
            ++autoFail;
            autoFailRight += right ? 0 : 1;
        }
    }
    double ratio(int a, int b) const { return b ? double(a) / b : 1.0; }
    double precision() const { return ratio(autoPassRight, autoPass); }
    double recall() const { return ratio(autoPassRight, labelPass); }
    double accuracy() const { return ratio(autoPassRight + autoFailRight, autoPass + autoFail); }
    double reviewRate() const { return ratio(review, n); }
};

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QString dataDir = argc > 1 ? QString::fromLocal8Bit(argv[1])
                                     : QStringLiteral(SCHEDLAB_SOURCE_DIR "/bench/grading");
    const RubricSet set = loadRubrics(QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises"));
    if (!set.error.isEmpty()) {
        std::fprintf(stderr, "%s\n", qPrintable(set.error));
        return 1;
    }
    QList<Outcome> outcomes;
    for (const Case &c : readCases(dataDir)) {
        if (const auto o = grade(set, c))
            outcomes << *o;
        else
            std::fprintf(stderr, "skipped: %s %s (unknown criterion)\n", qPrintable(c.exercise),
                         qPrintable(c.criterion));
    }
    const double threshold = set.rubrics.first().reviewBelow;
    if (argc > 2) {
        for (const Outcome &o : outcomes)
            if (o.c.criterion == QLatin1String(argv[2]))
                std::printf("[%s label %s] grader %s %.2f\n  text: %s\n  evidence: %s\n  feedback: %s\n\n",
                            qPrintable(o.c.kind), qPrintable(o.c.label), o.passed ? "pass" : "fail",
                            o.confidence, qPrintable(o.c.text.simplified().left(300)),
                            qPrintable(o.evidence), qPrintable(o.feedback.right(200)));
        return 0;
    }
    QMap<QString, Tally> perCriterion;
    Tally all;
    for (const Outcome &o : outcomes) {
        perCriterion[o.c.criterion].add(o, threshold);
        all.add(o, threshold);
    }
    std::printf("review threshold of the rubrics: %.2f\n", threshold);
    std::printf("%-34s %4s %9s %6s %8s %7s\n", "criterion", "n", "precision", "recall",
                "accuracy", "review");
    for (auto it = perCriterion.constBegin(); it != perCriterion.constEnd(); ++it)
        std::printf("%-34s %4d %9.2f %6.2f %8.2f %6.0f%%\n", qPrintable(it.key()), it->n,
                    it->precision(), it->recall(), it->accuracy(), 100 * it->reviewRate());
    std::printf("%-34s %4d %9.2f %6.2f %8.2f %6.0f%%\n", "all", all.n, all.precision(), all.recall(),
                all.accuracy(), 100 * all.reviewRate());

    std::printf("\nthreshold  accuracy(auto)  precision  recall  review\n");
    for (int t = 50; t <= 95; t += 5) {
        Tally at;
        for (const Outcome &o : outcomes)
            at.add(o, t / 100.0);
        std::printf("  %.2f       %6.3f        %6.3f   %6.3f  %5.1f%%\n", t / 100.0, at.accuracy(),
                    at.precision(), at.recall(), 100 * at.reviewRate());
    }
    // Where the grader and the teacher disagree without review: the cases to learn from.
    std::printf("\nwrong automatic decisions:\n");
    for (const Outcome &o : outcomes)
        if (o.confidence >= threshold && o.passed != (o.c.label == QLatin1String("pass")))
            std::printf("  %s [%s, label %s, grader %s %.2f]: %s\n", qPrintable(o.c.criterion),
                        qPrintable(o.c.kind), qPrintable(o.c.label), o.passed ? "pass" : "fail",
                        o.confidence, qPrintable(o.c.text.simplified().left(160)));
    return 0;
}
