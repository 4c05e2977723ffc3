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
#include "evaluation.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QMap>

#include <cstdio>

using namespace schedlab::grader;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QString dataDir = argc > 1 ? QString::fromLocal8Bit(argv[1])
                                     : QStringLiteral(SCHEDLAB_SOURCE_DIR "/bench/grading");
    const RubricSet set = evaluationRubrics(QStringLiteral(SCHEDLAB_SOURCE_DIR));
    if (!set.error.isEmpty()) {
        std::fprintf(stderr, "%s\n", qPrintable(set.error));
        return 1;
    }
    QString error;
    const QList<LabelledCase> cases = readLabelledCases(dataDir, &error);
    if (!error.isEmpty()) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    QList<JudgedCase> outcomes;
    for (const LabelledCase &c : cases) {
        if (const auto o = judgeCase(set, c))
            outcomes << *o;
        else
            std::fprintf(stderr, "skipped: %s %s (unknown criterion)\n", qPrintable(c.exercise),
                         qPrintable(c.criterion));
    }
    const double threshold = set.rubrics.first().reviewBelow;
    if (argc > 2) {
        for (const JudgedCase &o : outcomes)
            if (o.labelled.criterion == QLatin1String(argv[2]))
                std::printf(
                    "[%s label %s] grader %s %.2f\n  text: %s\n  evidence: %s\n  feedback: %s\n\n",
                    qPrintable(o.labelled.kind), qPrintable(o.labelled.label),
                    o.passed ? "pass" : "fail", o.confidence,
                    qPrintable(o.labelled.text.simplified().left(300)), qPrintable(o.evidence),
                    qPrintable(o.feedback.right(200)));
        return 0;
    }
    QMap<QString, Agreement> perCriterion;
    Agreement all;
    for (const JudgedCase &o : outcomes) {
        perCriterion[o.labelled.criterion].add(o, threshold);
        all.add(o, threshold);
    }
    std::printf("review threshold of the rubrics: %.2f\n", threshold);
    std::printf("%-34s %4s %9s %6s %8s %7s\n", "criterion", "n", "precision", "recall", "accuracy",
                "review");
    for (auto it = perCriterion.constBegin(); it != perCriterion.constEnd(); ++it)
        std::printf("%-34s %4d %9.2f %6.2f %8.2f %6.0f%%\n", qPrintable(it.key()), it->cases,
                    it->precision(), it->recall(), it->accuracy(), 100 * it->reviewRate());
    std::printf("%-34s %4d %9.2f %6.2f %8.2f %6.0f%%\n", "all", all.cases, all.precision(),
                all.recall(), all.accuracy(), 100 * all.reviewRate());

    std::printf("\nthreshold  accuracy(auto)  precision  recall  review\n");
    for (int t = 50; t <= 95; t += 5) {
        Agreement at;
        for (const JudgedCase &o : outcomes)
            at.add(o, t / 100.0);
        std::printf("  %.2f       %6.3f        %6.3f   %6.3f  %5.1f%%\n", t / 100.0, at.accuracy(),
                    at.precision(), at.recall(), 100 * at.reviewRate());
    }
    // Where the grader and the teacher disagree without review: the cases to learn from.
    std::printf("\nwrong automatic decisions:\n");
    for (const JudgedCase &o : outcomes)
        if (o.confidence >= threshold && o.passed != (o.labelled.label == QLatin1String("pass")))
            std::printf("  %s [%s, label %s, grader %s %.2f]: %s\n",
                        qPrintable(o.labelled.criterion), qPrintable(o.labelled.kind),
                        qPrintable(o.labelled.label), o.passed ? "pass" : "fail", o.confidence,
                        qPrintable(o.labelled.text.simplified().left(160)));
    return 0;
}
