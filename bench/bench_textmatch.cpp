// Benchmark: the text matcher on about a megabyte of answers (a whole class's file): time to
// tokenise, and to match a concept of ten patterns.
//
//   bench_textmatch [MEGABYTES]   (default 1)
#include "textmatch.h"

#include <QElapsedTimer>
#include <QStringList>

#include <cstdio>
#include <cstdlib>

using namespace schedlab::grader;

int main(int argc, char **argv)
{
    const int megabytes = argc > 1 ? std::atoi(argv[1]) : 1;
    const QStringList sentences = {
        QStringLiteral(
            "La directive #SBATCH --time=00:02:00 placée après la commande est ignorée."),
        QStringLiteral("Le job %1 ne part pas, le job %2 part car sa priorité est plus haute."),
        QStringLiteral("Il ne reste pas en attente : il est lancé sur node%1."),
        QStringLiteral("Le fichier sommeil-%1.out contient la sortie ; l’option n’est pas lue."),
        QStringLiteral("The late directive isn't read, so the job %1 doesn't stop at 00:02:00."),
        QStringLiteral("Après scancel %1, le job est annulé et ne compte plus."),
    };
    QString text;
    for (int i = 0; text.size() < megabytes * (1 << 20); ++i)
        text += QString(sentences[i % sentences.size()])
                    .replace(QStringLiteral("%1"), QString::number(i))
                    .replace(QStringLiteral("%2"), QString::number(i % 60)) +
                u' ';
    Concept ten;
    ten.patterns = {QStringLiteral("ignor*"),          QStringLiteral("reste en attente"),
                    QStringLiteral("pris* en compte"), QStringLiteral("00:02:00"),
                    QStringLiteral("--time"),          QStringLiteral("prior* ... haute"),
                    QStringLiteral("annul*|scancel"),  QStringLiteral("depass* ... limite"),
                    QStringLiteral("ordonnanceur")};
    ten.negatedPatterns = {QStringLiteral("compte")};
    QElapsedTimer clock;
    clock.start();
    const TextMatcher m(text);
    const double tokenizeMs = clock.nsecsElapsed() / 1e6;
    clock.restart();
    const ConceptMatch r = m.match(ten);
    const double matchMs = clock.nsecsElapsed() / 1e6;
    std::printf("characters=%lld tokens=%lld tokenize=%.1fms match_10_patterns=%.1fms found=%d\n",
                qlonglong(text.size()), qlonglong(m.tokens().size()), tokenizeMs, matchMs,
                int(r.found));
    return 0;
}
