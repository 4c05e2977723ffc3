// Who is given what: the pairings a sentence states between things and holders.
#include "relations.h"

#include <QtTest>

using namespace schedlab::grader;

namespace {

const QList<Concept> kThings = {
    Concept{QStringLiteral("service"), {QStringLiteral("service")}, {}, false},
    Concept{QStringLiteral("conversion"), {QStringLiteral("conversion")}, {}, false},
};
const QList<Concept> kHolders = {
    Concept{QStringLiteral("deployment"), {QStringLiteral("deployment")}, {}, false},
    Concept{QStringLiteral("slurm"), {QStringLiteral("slurm|sbatch|job")}, {}, false},
};
const QList<Concept> kAside = {
    Concept{QStringLiteral("relance"), {QStringLiteral("relanc*|redemarr*|boucle")}, {}, false},
};

// "service>deployment conversion>slurm", with "!" for a denied pairing and "~" for one in a
// clause about an aside point; in the order stated.
QString pairings(const QString &text)
{
    const TextMatcher m(text);
    QStringList out;
    for (const Pairing &p :
         statedPairings(text, TextSpan{0, text.size()}, m, kThings, kHolders, kAside))
        out << QStringLiteral("%1%2%3>%4")
                   .arg(p.denied ? QStringLiteral("!") : QString(),
                        p.aside ? QStringLiteral("~") : QString(), kThings[p.thing].name,
                        kHolders[p.holder].name);
    return out.join(u' ');
}

} // namespace

class TestRelations : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void pairings_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        const auto row = [](const char *text, const char *expected) {
            QTest::newRow(text) << QString::fromUtf8(text) << QString::fromUtf8(expected);
        };
        const char *right = "service>deployment conversion>slurm";
        row("Le Deployment porte le service et le job Slurm porte la conversion.",
            "service>deployment conversion>slurm");
        row("Le Deployment porte la conversion et le job Slurm porte le service.",
            "conversion>deployment service>slurm");
        row("le service va dans un Deployment, la conversion dans un job Slurm", right);
        row("Pour le service, un Deployment ; pour la conversion, un job Slurm.", right);
        row("service -> Deployment\nconversion -> job Slurm", right);
        row("Service = Deployment, conversion = sbatch", right);
        row("Le Deployment, car le service tourne en continu. Le job Slurm pour la conversion.",
            "service>deployment conversion>slurm");
        row("The service goes in a Deployment and the conversion in a Slurm job.", right);
        row("le service ne va pas dans un job Slurm mais dans un Deployment",
            "!service>slurm service>deployment");
        row("pas le Deployment pour la conversion", "!conversion>deployment");
        row("La conversion ne peut pas aller dans un job Slurm, Slurm est réservé au calcul HPC : "
            "je la mets dans un Deployment.",
            "!conversion>slurm conversion>deployment");
        row("Un Deployment ne convient pas au service, il relance les conteneurs ; je prendrais "
            "un job Slurm.",
            "!service>deployment service>slurm");
        // What would happen is not what was chosen.
        row("Si la conversion était dans un Deployment, il la relancerait.", "");
        row("la conversion tournerait en boucle dans un Deployment", "");
        row("Le Deployment relance la conversion en boucle.", "~conversion>deployment");
        row("rien à voir", "");
    }

    void pairings()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        QCOMPARE(::pairings(text), expected);
    }

    // One pairing read at a time, as a criterion does: the other thing's clauses are its own.
    void oneThingRead_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("thing");
        QTest::addColumn<QString>("expected");
        const auto row = [](const char *text, int thing, const char *expected) {
            QTest::newRow(text) << QString::fromUtf8(text) << thing << QString::fromUtf8(expected);
        };
        // The service's holder is not handed to the conversion named next.
        row("The continuous service goes in a Deployment; the log conversion, which runs once "
            "and exits, goes in a Slurm job.",
            1, "conversion>slurm");
        // A negator before a colon denies what is said before it; a thing said to be what
        // another is not ("n'est pas un service") is a predicate, not placed.
        row("La conversion n'est pas un service : elle va dans un job Slurm.", 1,
            "conversion>slurm");
        row("Le service n'est pas un travail fini : il va dans un Deployment. La conversion "
            "n'est pas un service : elle va dans un job Slurm.",
            0, "service>deployment");
        row("La conversion : pas un Deployment.", 1, "!conversion>deployment");
        // The other thing's holder, a few clauses after it, is still the other's.
        row("Le service, qui doit répondre en continu, va dans un Deployment, qui maintient son "
            "pod ; la conversion, qui s'exécute une fois, est un travail fini et va dans un job "
            "Slurm.",
            1, "conversion>slurm");
        // A word standing for both things places each of them.
        row("Les deux dans un Deployment, c'est plus simple.", 0, "service>deployment");
        row("Les deux dans un Deployment, c'est plus simple.", 1, "conversion>deployment");
        row("Both go in a Slurm job.", 0, "service>slurm");
    }
    void oneThingRead()
    {
        QFETCH(QString, text);
        QFETCH(int, thing);
        QFETCH(QString, expected);
        const TextMatcher m(text);
        QStringList out;
        for (const Pairing &p : statedPairings(text, TextSpan{0, text.size()}, m, {kThings[thing]},
                                               kHolders, kAside, {kThings[1 - thing]}))
            out << QStringLiteral("%1%2>%3").arg(p.denied ? QStringLiteral("!") : QString(),
                                                 kThings[thing].name, kHolders[p.holder].name);
        QCOMPARE(out.join(u' '), expected);
    }
};

QTEST_GUILESS_MAIN(TestRelations)
#include "tst_relations.moc"
