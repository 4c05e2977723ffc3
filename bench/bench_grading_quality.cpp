// Benchmark of the grader's judgement: labelled answers graded with the shipped rubrics (the
// real exam's for the exam) and compared with the teacher's label. Nine sets:
//   bench/grading/*.yaml          the answers the rubrics were developed on (two batches);
//   bench/grading/heldout/*.yaml  held out from that work;
//   bench/grading/unseen/*.yaml   written and labelled by someone who never saw the grader;
//   bench/grading/unseen2/*.yaml  the same, written later: nobody has tuned on it.
//   bench/grading/unseen3/*.yaml  a third, measured once, then read: development material since.
//   bench/grading/unseen4/*.yaml  a fourth, written blind: nobody has read or tuned on it.
//   bench/grading/unseen5/*.yaml  a fifth, in another class's styles: nobody has read it.
//   bench/grading/unseen6/*.yaml  a sixth, terse apprentices' answers: only its first wrong
//                                 decisions were read, after its first measure.
//   bench/grading/unseen7/*.yaml  a seventh, an international class: measured blind once.
//
// For each written-answer criterion: how many answers, the precision and recall of the
// grader's "passed" among the answers it decided on its own, and how many it sent to review.
// Then, for review thresholds from 0.50 to 0.95, the accuracy of the automatic decisions and
// the share sent to review: the threshold of the rubrics is chosen from this table.
//
//   bench_grading_quality                      the nine sets, then a summary of each
//   bench_grading_quality DATA_DIR [CRITERION] one folder; with CRITERION, every case of that
//                                              criterion with the grader's evidence
#include "evaluation.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QMap>

#include <cstdio>

using namespace schedlab::grader;

namespace {

struct SetFigures
{
    QString name;
    Agreement all;
    int wrongAutoPasses = 0; // wrong answers passed without review
};

QList<JudgedCase> judgeAll(const RubricSet &set, const QList<LabelledCase> &cases)
{
    QList<JudgedCase> outcomes;
    for (const LabelledCase &c : cases) {
        if (const auto o = judgeCase(set, c))
            outcomes << *o;
        else
            std::fprintf(stderr, "skipped: %s %s (unknown criterion)\n", qPrintable(c.exercise),
                         qPrintable(c.criterion));
    }
    return outcomes;
}

void printCases(const QList<JudgedCase> &outcomes, const QString &criterion)
{
    for (const JudgedCase &o : outcomes)
        if (o.labelled.criterion == criterion)
            std::printf("[%s label %s] grader %s %.2f\n  text: %s\n  evidence: %s\n  feedback: "
                        "%s\n\n",
                        qPrintable(o.labelled.kind), qPrintable(o.labelled.label),
                        o.passed ? "pass" : "fail", o.confidence,
                        qPrintable(o.labelled.text.simplified().left(300)), qPrintable(o.evidence),
                        qPrintable(o.feedback.right(200)));
}

// The per-criterion table, the thresholds table and the wrong automatic decisions of one set.
SetFigures report(const QString &name, const QList<JudgedCase> &outcomes, double threshold)
{
    SetFigures figures{name, {}, 0};
    QMap<QString, Agreement> perCriterion;
    for (const JudgedCase &o : outcomes) {
        perCriterion[o.labelled.criterion].add(o, threshold);
        figures.all.add(o, threshold);
    }
    std::printf("\n=== %s (%lld answers), review threshold of the rubrics: %.2f\n",
                qPrintable(name), qlonglong(outcomes.size()), threshold);
    std::printf("%-34s %4s %9s %6s %8s %7s\n", "criterion", "n", "precision", "recall", "accuracy",
                "review");
    for (auto it = perCriterion.constBegin(); it != perCriterion.constEnd(); ++it)
        std::printf("%-34s %4d %9.2f %6.2f %8.2f %6.0f%%\n", qPrintable(it.key()), it->cases,
                    it->precision(), it->recall(), it->accuracy(), 100 * it->reviewRate());
    std::printf("%-34s %4d %9.2f %6.2f %8.2f %6.0f%%\n", "all", figures.all.cases,
                figures.all.precision(), figures.all.recall(), figures.all.accuracy(),
                100 * figures.all.reviewRate());

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
    for (const JudgedCase &o : outcomes) {
        const bool teacherPasses = o.labelled.teacherPasses();
        if (o.confidence < threshold || o.passed == teacherPasses)
            continue;
        figures.wrongAutoPasses += o.passed ? 1 : 0;
        std::printf("  %s [%s, label %s, grader %s %.2f]: %s\n", qPrintable(o.labelled.criterion),
                    qPrintable(o.labelled.kind), qPrintable(o.labelled.label),
                    o.passed ? "pass" : "fail", o.confidence,
                    qPrintable(o.labelled.text.simplified().left(160)));
    }
    return figures;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const RubricSet set = evaluationRubrics(QStringLiteral(SCHEDLAB_SOURCE_DIR));
    if (!set.error.isEmpty()) {
        std::fprintf(stderr, "%s\n", qPrintable(set.error));
        return 1;
    }
    const double threshold = set.rubrics.first().reviewBelow;
    const QString root = QStringLiteral(SCHEDLAB_SOURCE_DIR "/bench/grading");
    QList<QPair<QString, QString>> sets{{QStringLiteral("development set"), root},
                                        {QStringLiteral("held-out set"), root + "/heldout"},
                                        {QStringLiteral("unseen set"), root + "/unseen"},
                                        {QStringLiteral("second unseen set"), root + "/unseen2"},
                                        {QStringLiteral("third unseen set"), root + "/unseen3"},
                                        {QStringLiteral("fourth unseen set"), root + "/unseen4"},
                                        {QStringLiteral("fifth unseen set"), root + "/unseen5"},
                                        {QStringLiteral("sixth unseen set"), root + "/unseen6"},
                                        {QStringLiteral("seventh unseen set"), root + "/unseen7"}};
    if (argc > 1)
        sets = {{QString::fromLocal8Bit(argv[1]), QString::fromLocal8Bit(argv[1])}};
    QList<SetFigures> figures;
    for (const auto &[name, dir] : sets) {
        QString error;
        const QList<LabelledCase> cases = readLabelledCases(dir, &error);
        if (!error.isEmpty()) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            return 1;
        }
        const QList<JudgedCase> outcomes = judgeAll(set, cases);
        if (argc > 2) {
            printCases(outcomes, QString::fromLocal8Bit(argv[2]));
            return 0;
        }
        figures << report(name, outcomes, threshold);
    }
    std::printf("\n=== summary (automatic decisions at the rubrics' threshold %.2f)\n", threshold);
    std::printf("%-18s %5s %16s %8s %22s\n", "set", "n", "agreement(auto)", "review",
                "wrong passes (auto)");
    for (const SetFigures &f : figures)
        std::printf("%-18s %5d %15.1f%% %7.1f%% %22d\n", qPrintable(f.name), f.all.cases,
                    100 * f.all.accuracy(), 100 * f.all.reviewRate(), f.wrongAutoPasses);
    return 0;
}
