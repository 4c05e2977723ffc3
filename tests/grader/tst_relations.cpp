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
};

QTEST_GUILESS_MAIN(TestRelations)
#include "tst_relations.moc"
