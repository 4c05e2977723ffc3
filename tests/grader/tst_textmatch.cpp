// Tests of the matching of written answers against concepts: normalisation, tokens, clauses,
// negators, stems, pattern syntax, negation, evidence, confidence, matchIn and robustness.
#include "textmatch.h"

#include <QTest>

#include <thread>

using namespace schedlab::grader;

namespace {

Concept makeConcept(const QStringList &patterns, const QStringList &negated = {})
{
    Concept c;
    c.name = QStringLiteral("concept");
    c.patterns = patterns;
    c.negatedPatterns = negated;
    return c;
}

QString wordsOf(const QList<Token> &tokens)
{
    QStringList words;
    for (const Token &t : tokens)
        words << t.word;
    return words.join(u' ');
}

QString verdictOf(const ConceptMatch &m)
{
    if (m.found)
        return QStringLiteral("found");
    return m.contradicted ? QStringLiteral("contradicted") : QStringLiteral("none");
}

// About a megabyte of varied answers, as a whole class's file would be.
QString megabyteOfAnswers()
{
    const QStringList sentences = {
        QStringLiteral("La directive #SBATCH --time=00:02:00 placée après la commande est "
                       "ignorée par Slurm."),
        QStringLiteral("Le job %1 ne part pas, le job %2 part car sa priorité est plus haute."),
        QStringLiteral("Il ne reste pas en attente : il est lancé sur node%1 à 10:%2."),
        QStringLiteral("Le fichier sommeil-%1.out contient la sortie ; l’option n’est pas lue."),
        QStringLiteral("The late directive isn't read, so the job %1 doesn't stop at 00:02:00."),
        QStringLiteral("Le pod reste Pending car aucun nœud n'a assez de mémoire (%1 Mi)."),
        QStringLiteral("Après scancel %1, le job est annulé et ne compte plus 🙂"),
        QStringLiteral("Une priorité plus haute : le job %2 dépasse sa limite de %1 minutes."),
    };
    QString text;
    text.reserve(1 << 20);
    for (int i = 0; text.size() < (1 << 20); ++i) {
        QString sentence = sentences[i % sentences.size()];
        text += sentence.replace(QStringLiteral("%1"), QString::number(i))
                    .replace(QStringLiteral("%2"), QString::number(i % 60));
        text += i % 5 == 4 ? QStringLiteral("\r\n") : QStringLiteral(" ");
    }
    return text;
}

} // namespace

class TestTextMatch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void normalize_data();
    void normalize();
    void tokenWords_data();
    void tokenWords();
    void tokenSpans_data();
    void tokenSpans();
    void clauses_data();
    void clauses();
    void negators_data();
    void negators();
    void stems_data();
    void stems();
    void stemMatches_data();
    void stemMatches();
    void match_data();
    void match();
    void evidenceStartAndClause();
    void surestThenEarliest();
    void bothListsTogether_data();
    void bothListsTogether();
    void matchIn_data();
    void matchIn();
    void emptyText();
    void degeneratePatterns_data();
    void degeneratePatterns();
    void oddCharacters();
    void copiesShareTheirIndex();
    void stemmersPerThread();
    void megabyteIsMatched();
    void pathologicalInputsAreHandled();
};

// ---- normalizeText --------------------------------------------------------------------------

void TestTextMatch::normalize_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");

    QTest::newRow("accents") << "Ignorée, déjà, où, ça, NOËL, Ÿ, Ç"
                             << "ignoree, deja, ou, ca, noel, y, c";
    QTest::newRow("ligatures") << "Œuvre, cœur, Æther, ex æquo, Straße"
                               << "oeuvre, coeur, aether, ex aequo, strasse";
    QTest::newRow("apostrophes") << "l’option l‘option lʼoption l´option l`option"
                                 << "l'option l'option l'option l'option l'option";
    QTest::newRow("quotes") << "«\u00A0ignorée\u00A0» “lue” „vue”"
                            << "\" ignoree \" \"lue\" \"vue\"";
    QTest::newRow("dashes") << "job – annulé — vraiment"
                            << "job - annule - vraiment";
    QTest::newRow("no-break space") << "2\u00A0minutes"
                                    << "2 minutes";
    QTest::newRow("narrow no-break space") << "ignorée\u202F!"
                                           << "ignoree !";
    QTest::newRow("thin space") << "10\u2009000"
                                << "10 000";
    QTest::newRow("runs of white space") << "  le \t job\n\n part  "
                                         << "le job part";
    QTest::newRow("windows line ends") << "un\r\ndeux\r\n"
                                       << "un deux";
    QTest::newRow("combining accent") << "ignore\u0301e"
                                      << "ignoree";
    QTest::newRow("soft hyphen") << "ordon\u00ADnanceur"
                                 << "ordonnanceur";
    QTest::newRow("emoji kept") << "OK 👍🏽"
                                << "ok 👍🏽";
    QTest::newRow("other scripts lowered") << "Задача ΑΒΓ 作业"
                                           << "задача αβγ 作业";
    QTest::newRow("dotted capital i") << "İ"
                                      << "i";
    QTest::newRow("empty") << ""
                           << "";
    QTest::newRow("only spaces") << " \u00A0\u202F\t "
                                 << "";
}

void TestTextMatch::normalize()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    QCOMPARE(normalizeText(text), expected);
}

// ---- tokenize -------------------------------------------------------------------------------

void TestTextMatch::tokenWords_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("words");

    QTest::newRow("elisions") << "L'option n'est qu'une directive, j'ai vu s'il c'est d'abord"
                              << "l option n est qu une directive j ai vu s il c est d abord";
    QTest::newRow("typographic apostrophe") << "l’option n’est"
                                            << "l option n est";
    QTest::newRow("english n't") << "It isn't read, doesn't start, don't, can't, won't"
                                 << "it is not read does not start do not can not will not";
    QTest::newRow("typographic n't") << "It isn’t read"
                                     << "it is not read";
    // SMS shorthand reads as written out; "c'" stays an elision, "-c" an option.
    QTest::newRow("shorthand") << "pk c le 52 ? ya 1 noeud libre ds 2 min, jsp qd"
                               << "pourquoi c est le 52 il y a 1 noeud libre dans 2 min je ne "
                                  "sais pas quand";
    QTest::newRow("shorthand left alone") << "c'est -c PK"
                                          << "c est -c pourquoi";
    QTest::newRow("clock time") << "Limite 00:02:00."
                                << "limite 00:02:00";
    QTest::newRow("output file") << "sommeil-%j.out"
                                 << "sommeil-%j.out";
    // '=' joins when both sides are letters or digits: an option and its value are one token
    // (a literal still matches either side, see match()).
    QTest::newRow("option with value") << "#SBATCH --time=00:02:00"
                                       << "#sbatch --time=00:02:00";
    QTest::newRow("option then value") << "--time 00:02:00"
                                       << "--time 00:02:00";
    QTest::newRow("key file") << "~/.ssh/id_ed25519_romeo.pub"
                              << "ssh/id_ed25519_romeo.pub";
    QTest::newRow("prefixes") << "$HOME #SBATCH %j -t --mem"
                              << "$home #sbatch %j -t --mem";
    QTest::newRow("trailing punctuation") << "Le job 52."
                                          << "le job 52";
    QTest::newRow("percent after a number") << "50% du CPU"
                                            << "50 du cpu";
    QTest::newRow("address") << "romeo@cluster.example"
                             << "romeo@cluster.example";
    QTest::newRow("url") << "https://slurm.schedmd.com/sbatch.html"
                         << "https://slurm.schedmd.com/sbatch.html";
    QTest::newRow("hyphenated") << "est-ce reste-t-il peut-être"
                                << "est-ce reste-t-il peut-etre";
    QTest::newRow("spaced dashes") << "job - annulé — vraiment"
                                   << "job annule vraiment";
    QTest::newRow("decimal comma") << "1,5 Go"
                                   << "1 5 go";
    QTest::newRow("quotes") << "«\u00A0lue\u00A0»"
                            << "lue";
    QTest::newRow("emoji") << "annulé 👍🏽 ok 👨‍👩‍👧"
                           << "annule ok";
    QTest::newRow("mixed scripts") << "Задача ignorée 作业"
                                   << "задача ignoree 作业";
    QTest::newRow("combining accent") << "ignore\u0301e"
                                      << "ignoree";
    QTest::newRow("ligature") << "Cœur"
                              << "coeur";
    QTest::newRow("aujourd'hui splits") << "aujourd'hui"
                                        << "aujourd hui";
    QTest::newRow("english possessive") << "the job's state"
                                        << "the job s state";
    QTest::newRow("windows line ends") << "un\r\ndeux"
                                       << "un deux";
    QTest::newRow("empty") << ""
                           << "";
}

void TestTextMatch::tokenWords()
{
    QFETCH(QString, text);
    QFETCH(QString, words);
    QCOMPARE(wordsOf(tokenize(text)), words);
}

void TestTextMatch::tokenSpans_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("spans"); // each token's text in the original

    QTest::newRow("accents and ligature")
        << "L’Œuvre de l'ordonnanceur" << QStringList{"L", "Œuvre", "de", "l", "ordonnanceur"};
    QTest::newRow("combining accent")
        << "est ignore\u0301e." << QStringList{"est", "ignore\u0301e"};
    QTest::newRow("n't") << "isn't" << QStringList{"is", "n't"};
    QTest::newRow("can't") << "can't" << QStringList{"ca", "n't"};
    QTest::newRow("outside the BMP") << "𝐀𝐁 👍 ok" << QStringList{"𝐀𝐁", "ok"};
    QTest::newRow("windows line ends") << "un\r\ndeux\r\n" << QStringList{"un", "deux"};
    QTest::newRow("no-break spaces") << "00:02:00\u202Fmin" << QStringList{"00:02:00", "min"};
}

void TestTextMatch::tokenSpans()
{
    QFETCH(QString, text);
    QFETCH(QStringList, spans);
    QStringList actual;
    for (const Token &t : tokenize(text))
        actual << text.mid(t.start, t.end - t.start);
    QCOMPARE(actual, spans);
}

void TestTextMatch::clauses_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("clauses"); // one index per token

    QTest::newRow("sentences") << "Le job part. Il finit !"
                               << "0 0 0 1 1";
    QTest::newRow("comma") << "Le job 52 ne part pas, le job 53 part."
                           << "0 0 0 0 0 0 1 1 1 1";
    QTest::newRow("mais") << "Il attend mais il part"
                          << "0 0 1 1 1";
    QTest::newRow("parce que") << "Il attend parce qu'il est bloqué"
                               << "0 0 1 1 1 1 1";
    QTest::newRow("alors que") << "Il attend alors que 53 part"
                               << "0 0 1 1 1 1";
    QTest::newRow("alors alone") << "alors il part"
                                 << "0 0 0";
    QTest::newRow("car") << "Il attend car la file est pleine"
                         << "0 0 1 1 1 1 1";
    QTest::newRow("but, because") << "It waits but it starts because of X"
                                  << "0 0 1 1 1 2 2 2";
    QTest::newRow("line breaks") << "un\ndeux\r\ntrois"
                                 << "0 1 2";
    QTest::newRow("colon") << "Réponse : ignorée"
                           << "0 1";
    QTest::newRow("arrows") << "non nul → un pod -> échec => Failed"
                            << "0 0 1 1 2 3";
    QTest::newRow("table cells") << "| ligne 1 | bash |"
                                 << "0 0 1";
    QTest::newRow("colons inside a time") << "à 00:02:00 il part"
                                          << "0 0 0 0";
    QTest::newRow("semicolon, question") << "Lu ; ignoré ? oui"
                                         << "0 1 2";
    QTest::newRow("decimal comma") << "1,5 Go"
                                   << "0 0 0";
    QTest::newRow("ellipsis") << "il attend… puis part"
                              << "0 0 1 1";
    QTest::newRow("indices stay contiguous") << "Fin.\n\n  ... ; Début"
                                             << "0 1";
}

void TestTextMatch::clauses()
{
    QFETCH(QString, text);
    QFETCH(QString, clauses);
    QStringList actual;
    for (const Token &t : tokenize(text))
        actual << QString::number(t.clause);
    QCOMPARE(actual.join(u' '), clauses);
}

void TestTextMatch::negators_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("negators");

    QTest::newRow("ne pas") << "Le job ne part pas"
                            << "ne pas";
    QTest::newRow("elided n'") << "Elle n'est pas lue"
                               << "n pas";
    QTest::newRow("n'a pas") << "La directive n'a pas d'effet"
                             << "n pas";
    QTest::newRow("a lone n") << "n tâches"
                              << "";
    QTest::newRow("french") << "jamais aucune aucun rien sans ni nullement"
                            << "jamais aucune aucun rien sans ni nullement";
    QTest::newRow("english") << "not no never none without cannot"
                             << "not no never none without cannot";
    QTest::newRow("n't") << "It isn't"
                         << "not";
    QTest::newRow("plus after ne") << "ça ne compte plus"
                                   << "ne plus";
    QTest::newRow("plus without ne") << "une priorité plus haute"
                                     << "";
    QTest::newRow("plus past a coordinator") << "il ne part pas et un job plus prioritaire passe"
                                             << "ne pas";
    QTest::newRow("plus in the next clause") << "il ne part pas, plus tard il part"
                                             << "ne pas";
    QTest::newRow("que after ne") << "Slurm ne lit que le début"
                                  << "ne que";
    QTest::newRow("qu' after n'") << "il n'y a qu'une directive"
                                  << "n qu";
    QTest::newRow("que after another particle") << "il ne faut pas oublier que la directive"
                                                << "ne pas";
    QTest::newRow("que without ne") << "je pense que oui"
                                    << "";
    QTest::newRow("pas alone") << "c'est pas lu"
                               << "pas";
    QTest::newRow("the noun pas") << "le pas de temps"
                                  << "";
    QTest::newRow("pas à pas") << "il avance pas à pas"
                               << "";
    QTest::newRow("expletive ne") << "avant qu'il ne démarre"
                                  << "";
    QTest::newRow("ne after avant que, negating") << "avant qu'il ne démarre pas"
                                                  << "ne pas";
    QTest::newRow("non") << "non prise en compte"
                         << "non";
    QTest::newRow("non seulement") << "non seulement lue"
                                   << "";
    QTest::newRow("not only") << "not only read"
                              << "";
}

void TestTextMatch::negators()
{
    QFETCH(QString, text);
    QFETCH(QString, negators);
    QStringList actual;
    for (const Token &t : tokenize(text))
        if (t.negator)
            actual << t.word;
    QCOMPARE(actual.join(u' '), negators);
}

// ---- Stems ----------------------------------------------------------------------------------

void TestTextMatch::stems_data()
{
    QTest::addColumn<QString>("word");
    QTest::addColumn<QString>("stemFr");
    QTest::addColumn<QString>("stemEn");

    // The stem is the same whether or not the student typed the accents.
    QTest::newRow("ignorée") << "ignorée"
                             << "ignor"
                             << "ignore";
    QTest::newRow("ignoree") << "ignoree"
                             << "ignor"
                             << "ignore";
    QTest::newRow("ignoré") << "ignoré"
                            << "ignor"
                            << "ignor";
    QTest::newRow("ignorer") << "ignorer"
                             << "ignor"
                             << "ignor";
    QTest::newRow("IGNORÉES") << "IGNORÉES"
                              << "ignor"
                              << "ignore";
    QTest::newRow("ignored") << "ignored"
                             << "ignored"
                             << "ignor";
    QTest::newRow("annulée") << "annulée"
                             << "annul"
                             << "annule";
    QTest::newRow("première") << "première"
                              << "premi"
                              << "premier";
    QTest::newRow("premiere") << "premiere"
                              << "premi"
                              << "premier";
    QTest::newRow("vérifiée") << "vérifiée"
                              << "verifi"
                              << "verifie";
    QTest::newRow("vérifié") << "vérifié"
                             << "verifi"
                             << "verifi";
    QTest::newRow("cancelled") << "cancelled"
                               << "cancelled"
                               << "cancel";
    QTest::newRow("literal") << "00:02:00"
                             << "00:02:00"
                             << "00:02:00";
    QTest::newRow("option") << "--time"
                            << "--time"
                            << "--time";
}

void TestTextMatch::stems()
{
    QFETCH(QString, word);
    QFETCH(QString, stemFr);
    QFETCH(QString, stemEn);
    const QList<Token> tokens = tokenize(word);
    QCOMPARE(tokens.size(), 1);
    QCOMPARE(tokens[0].stemFr, stemFr);
    QCOMPARE(tokens[0].stemEn, stemEn);
}

void TestTextMatch::stemMatches_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("found");

    for (const char *form :
         {"ignoré", "ignorer", "ignored", "IGNORÉES", "ignoree", "ignore", "ignorés", "ignores"})
        QTest::addRow("ignorée ~ %s", form) << "ignorée" << QString::fromUtf8(form) << true;
    for (const char *form : {"annulée", "annulés", "annuler", "annule"})
        QTest::addRow("annulé ~ %s", form) << "annulé" << QString::fromUtf8(form) << true;
    for (const char *form : {"lu", "lues", "lue"})
        QTest::addRow("lue ~ %s", form) << "lue" << QString::fromUtf8(form) << true;
    QTest::newRow("started ~ starts") << "started"
                                      << "starts" << true;
    QTest::newRow("cancelled ~ canceled") << "cancelled"
                                          << "canceled" << true;
    QTest::newRow("première ~ premier") << "première"
                                        << "premier" << true;
    QTest::newRow("attente !~ attend") << "attente"
                                       << "attend" << false;
    QTest::newRow("attente !~ attendre") << "attente"
                                         << "attendre" << false;
    QTest::newRow("lue !~ lire") << "lue"
                                 << "lire" << false;
    QTest::newRow("partition !~ partie") << "partition"
                                         << "partie" << false;
    QTest::newRow("priorité !~ prioritaire") << "priorité"
                                             << "prioritaire" << false;
}

void TestTextMatch::stemMatches()
{
    QFETCH(QString, pattern);
    QFETCH(QString, text);
    QFETCH(bool, found);
    const ConceptMatch m = TextMatcher(text).match(makeConcept({pattern}));
    QCOMPARE(m.found, found);
    if (found)
        QCOMPARE(m.confidence, 1.0);
}

// ---- match ----------------------------------------------------------------------------------

void TestTextMatch::match_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("patterns");
    QTest::addColumn<QStringList>("negated");
    QTest::addColumn<QString>("verdict");
    QTest::addColumn<QString>("evidence");
    QTest::addColumn<double>("confidence");

    const QStringList none;
    auto row = [](const char *name) -> QTestData & { return QTest::newRow(name); };

    // -- Shorthand: the negation it stands for counts.
    row("jsp") << "jsp pk il attend" << QStringList{"sais"} << none << "contradicted"
               << "jsp" << 1.0;
    row("c") << "c le 52 qui démarre" << QStringList{"est le 52"} << none << "found"
             << "c le 52" << 1.0;
    // -- The late directive (exercise 1).
    row("ignorée") << "La directive #SBATCH --time placée après la commande est ignorée."
                   << QStringList{"ignor*"} << none << "found"
                   << "ignorée" << 1.0;
    row("n'est pas ignorée contradicts") << "Cette directive n'est pas ignorée par Slurm."
                                         << QStringList{"ignor*"} << none << "contradicted"
                                         << "n'est pas ignorée" << 1.0;
    row("n’est pas ignorée, typographic apostrophe")
        << "Elle n’est pas ignorée." << QStringList{"ignor*"} << none << "contradicted"
        << "n’est pas ignorée" << 1.0;
    row("ne compte plus") << "Après la première commande, la directive ne compte plus." << none
                          << QStringList{"compte"} << "found"
                          << "ne compte plus" << 1.0;
    row("compte, for a negated pattern, contradicts")
        << "La directive compte quand même." << none << QStringList{"compte"} << "contradicted"
        << "compte" << 1.0;
    row("compte pas, colloquial") << "La directive compte pas." << none << QStringList{"compte"}
                                  << "found"
                                  << "compte pas" << 1.0;
    row("c'est pas lu") << "c'est pas lu par Slurm" << QStringList{"lu|lue"} << none
                        << "contradicted"
                        << "pas lu" << 1.0;
    row("c'est pas lu, negated pattern")
        << "c'est pas lu par Slurm" << none << QStringList{"lu|lue"} << "found"
        << "pas lu" << 1.0;
    row("non prise en compte") << "La directive est non prise en compte."
                               << QStringList{"pris* en compte"} << none << "contradicted"
                               << "non prise en compte" << 0.8;
    row("pas du tout: the negator 3 words before")
        << "La directive n'est pas du tout ignorée." << QStringList{"ignor*"} << none
        << "contradicted"
        << "pas du tout ignorée" << 1.0;
    row("a negator 8 words before does not count")
        << "Aucun message d'erreur quand la directive est ignorée." << QStringList{"ignor*"} << none
        << "found"
        << "ignorée" << 1.0;
    row("ni ... ni") << "La directive n'est ni lue ni appliquée." << QStringList{"appliqu*"} << none
                     << "contradicted"
                     << "ni lue ni appliquée" << 1.0;
    row("sans") << "Sans être lue, la directive disparaît." << QStringList{"lu*"} << none
                << "contradicted"
                << "Sans être lue" << 0.8;
    row("ne ... que restricts: it affirms") << "Le job 53 ne démarre qu'après la fin du 52."
                                            << QStringList{"demarr* ... apres"} << none << "found"
                                            << "ne démarre qu'après" << 1.0;
    row("ne ... que, plain word") << "Slurm ne lit que les premières lignes." << QStringList{"lit"}
                                  << none << "found"
                                  << "ne lit que" << 1.0;
    row("ne ... que neither states nor denies a negated pattern")
        << "Slurm ne lit que les premières lignes." << none << QStringList{"lit"} << "none"
        << "" << 0.0;
    row("pas indéfiniment denies only how often: it affirms")
        << "Le contrôleur ne relance pas indéfiniment : un seul nouveau pod."
        << QStringList{"relanc*"} << none << "found"
        << "ne relance pas" << 1.0;
    row("pas indéfiniment, the adverb matched: a denial")
        << "Le conteneur ne tourne pas indéfiniment." << QStringList{"indefiniment"} << none
        << "contradicted"
        << "ne tourne pas indéfiniment" << 1.0;
    row("pas tout de suite stays a negation") << "Le Job ne s'arrête pas tout de suite."
                                              << QStringList{"arret*"} << none << "contradicted"
                                              << "ne s'arrête pas" << 1.0;
    row("a negator across an arrow does not count")
        << "Code non nul → le contrôleur retente avec un nouveau pod." << QStringList{"retent*"}
        << none << "found"
        << "retente" << 1.0;
    row("ne ... plus joined to a spelled negator: one negation")
        << "Cette ligne ne sert plus à rien." << QStringList{"sert a rien"} << none << "found"
        << "ne sert plus à rien" << 1.0;
    row("ne ... pas with a spelled negator: two")
        << "Cette ligne ne sert pas à rien." << QStringList{"sert a rien"} << none << "contradicted"
        << "ne sert pas à rien" << 1.0;
    row("plus du tout without ne denies")
        << "elle compte plus du tout" << QStringList{"compt*"} << none << "contradicted"
        << "compte plus" << 1.0;
    row("a letter left out of a six-letter word")
        << "Slurm retien 1 minte." << QStringList{"1 minute"} << none << "found"
        << "1 minte" << 0.7;
    row("ne ... pas que is a negation")
        << "Le job ne démarre pas que le lundi." << QStringList{"demarr*"} << none << "contradicted"
        << "ne démarre pas" << 1.0;
    row("expletive ne") << "Le job attend avant qu'il ne soit lancé." << QStringList{"lancé"}
                        << none << "found"
                        << "lancé" << 1.0;
    row("a pattern spelling its negator")
        << "La directive n'a aucun effet." << QStringList{"aucun effet"} << none << "found"
        << "n'a aucun effet" << 1.0;
    row("... in the negated list too")
        << "La directive n'a aucun effet." << none << QStringList{"aucun effet"} << "found"
        << "n'a aucun effet" << 1.0;
    row("a doubled negation contradicts it")
        << "Ce n'est pas sans effet." << QStringList{"sans effet"} << none << "contradicted"
        << "n'est pas sans effet" << 1.0;

    row("n'a pas d'effet") << "La directive n'a pas d'effet." << none << QStringList{"effet"}
                           << "found"
                           << "n'a pas d'effet" << 1.0;
    row("de ne pas + infinitive") << "Il est conseillé de ne pas mettre de directive après."
                                  << QStringList{"mettre"} << none << "contradicted"
                                  << "ne pas mettre" << 1.0;
    row("ne pas oublier que ...") << "Il ne faut pas oublier que la directive est ignorée."
                                  << QStringList{"ignor*"} << none << "found"
                                  << "ignorée" << 1.0;
    row("relative clause with a subject") << "La directive que Slurm ne lit pas est ignorée."
                                          << QStringList{"ignor*"} << none << "found"
                                          << "ignorée" << 1.0;
    row("... whose own verb is negated")
        << "La directive que Slurm ne lit pas est ignorée." << none << QStringList{"lit"} << "found"
        << "ne lit pas" << 1.0;

    // -- Pending jobs (exercise 2).
    row("reste en attente") << "Le job 53 reste en attente (PENDING)."
                            << QStringList{"reste en attente"} << none << "found"
                            << "reste en attente" << 1.0;
    row("ne reste pas en attente") << "Le job ne reste pas en attente."
                                   << QStringList{"reste en attente"} << none << "contradicted"
                                   << "ne reste pas en attente" << 1.0;
    row("ne reste pas en attente, negated pattern")
        << "Il ne reste pas en attente." << none << QStringList{"reste en attente"} << "found"
        << "ne reste pas en attente" << 1.0;
    row("plus haute is not a negation")
        << "Le job 53 a une priorité plus haute." << QStringList{"haute"} << none << "found"
        << "haute" << 1.0;
    row("plus inside a gap") << "Le job 53 a une priorité plus haute."
                             << QStringList{"priorit* ... haute"} << none << "found"
                             << "priorité plus haute" << 1.0;
    row("a negation stops at the comma")
        << "Le job 52 ne part pas, le job 53 part." << QStringList{"job 53 part"} << none << "found"
        << "job 53 part" << 1.0;
    row("... and a contradiction elsewhere lowers confidence")
        << "Le job 52 ne part pas, le job 53 part." << QStringList{"part"} << none << "found"
        << "part" << 0.5;
    // -- Said with doubt: found, but no statement to grade alone.
    row("je sais pas si") << "Je sais pas si c'est le même nom que ma machine."
                          << QStringList{"meme nom"} << none << "found"
                          << "même nom" << 0.6;
    row("pas sûr, alone after the clause") << "Le job 51 attend des ressources, pas sûr."
                                           << QStringList{"ressources"} << none << "found"
                                           << "ressources" << 0.6;
    row("not sure, after the claim")
        << "It is Resources, I'm not sure." << QStringList{"resources"} << none << "found"
        << "Resources" << 0.6;
    row("pas sur a node is a place") << "53 ne part pas sur node01, 52 part sur node02."
                                     << QStringList{"52 part"} << none << "found"
                                     << "52 part" << 1.0;
    row("peut-être is the modal answer") << "Il contient peut-être déjà la ligne de hostname."
                                         << QStringList{"ligne ... hostname"} << none << "found"
                                         << "ligne de hostname" << 1.0;
    row("a negation stops at mais") << "La directive n'est pas lue mais elle est ignorée."
                                    << QStringList{"ignor*"} << none << "found"
                                    << "ignorée" << 1.0;
    row("a negation stops at et") << "Le job ne démarre pas et reste en attente."
                                  << QStringList{"reste en attente"} << none << "found"
                                  << "reste en attente" << 1.0;
    row("a negation stops at donc") << "La directive n'est pas lue donc elle est ignorée."
                                    << QStringList{"ignor*"} << none << "found"
                                    << "ignorée" << 1.0;
    row("relative clause") << "Le job qui ne démarre pas reste en attente."
                           << QStringList{"reste en attente"} << none << "found"
                           << "reste en attente" << 1.0;
    row("relative clause's own verb") << "Le job qui ne démarre pas reste en attente."
                                      << QStringList{"démarr*"} << none << "contradicted"
                                      << "ne démarre pas" << 1.0;
    row("relative clause with an auxiliary") << "Le job qui n'est pas lancé reste en attente."
                                             << QStringList{"reste en attente"} << none << "found"
                                             << "reste en attente" << 1.0;
    row("an adverb keeps a relative clause's negation open")
        << "Le job qui ne démarre pas immédiatement reste en attente." << QStringList{"immediat*"}
        << none << "contradicted"
        << "ne démarre pas immédiatement" << 1.0;
    row("... and so does a participle after one")
        << "Le job qui n'est pas encore lancé reste en attente." << QStringList{"lancé"} << none
        << "contradicted"
        << "n'est pas encore lancé" << 1.0;
    row("inversion") << "Pourquoi reste-t-il en attente ? Faute de ressources."
                     << QStringList{"reste en attente"} << none << "found"
                     << "reste-t-il en attente" << 1.0;
    row("pending, kubernetes") << "Le pod reste Pending car aucun nœud n'a assez de mémoire."
                               << QStringList{"pending"} << none << "found"
                               << "Pending" << 1.0;
    row("not enough memory") << "Le pod reste Pending car aucun nœud n'a assez de mémoire." << none
                             << QStringList{"assez de memoire"} << "found"
                             << "aucun nœud n'a assez de mémoire" << 1.0;

    // -- English answers.
    row("is not read") << "The directive is not read." << QStringList{"read"} << none
                       << "contradicted"
                       << "not read" << 1.0;
    row("isn't read") << "The directive isn't read." << QStringList{"read"} << none
                      << "contradicted"
                      << "isn't read" << 1.0;
    row("doesn't start") << "Job 53 doesn't start." << QStringList{"start*"} << none
                         << "contradicted"
                         << "doesn't start" << 1.0;
    row("never") << "The late directive is never applied." << QStringList{"appl*"} << none
                 << "contradicted"
                 << "never applied" << 0.8;
    row("cannot") << "The job cannot start before 10:00." << QStringList{"start"} << none
                  << "contradicted"
                  << "cannot start" << 1.0;
    row("without") << "It runs without waiting." << QStringList{"wait*"} << none << "contradicted"
                   << "without waiting" << 0.8;
    row("not taken into account") << "The directive is not taken into account." << none
                                  << QStringList{"taken into account"} << "found"
                                  << "not taken into account" << 1.0;
    row("english relative clause") << "The job that does not start stays pending."
                                   << QStringList{"stays pending"} << none << "found"
                                   << "stays pending" << 1.0;
    row("english relative clause with a subject")
        << "The directive that Slurm does not read is ignored." << QStringList{"ignored"} << none
        << "found"
        << "ignored" << 1.0;
    row("french pattern, english answer")
        << "The late directive is ignored." << QStringList{"ignorée"} << none << "found"
        << "ignored" << 1.0;

    // -- Pattern syntax.
    row("short prefix") << "La directive est lue." << QStringList{"lu*"} << none << "found"
                        << "lue" << 0.8;
    row("alternatives and a number")
        << "La limite est de 2 minutes." << QStringList{"2 min|minute|minutes"} << none << "found"
        << "2 minutes" << 1.0;
    row("a gap of 3 words") << "Le job 53 reste en attente." << QStringList{"job ... attente"}
                            << none << "found"
                            << "job 53 reste en attente" << 1.0;
    row("a gap of 4 words is too long")
        << "Le job 53 est resté en attente." << QStringList{"job ... attente"} << none << "none"
        << "" << 0.0;
    row("phrases stay in their clause") << "Le job 53 reste. En attente, il dort."
                                        << QStringList{"reste en attente"} << none << "none"
                                        << "" << 0.0;
    row("clock time") << "Le job est tué après 00:02:00 de calcul." << QStringList{"00:02:00"}
                      << none << "found"
                      << "00:02:00" << 1.0;
    row("option literal inside option=value")
        << "#SBATCH --time=00:02:00" << QStringList{"--time"} << none << "found"
        << "--time=00:02:00" << 1.0;
    row("value literal inside option=value")
        << "#SBATCH --time=00:02:00" << QStringList{"00:02:00"} << none << "found"
        << "--time=00:02:00" << 1.0;
    row("output file literal") << "Le fichier sommeil-%j.out contient la sortie."
                               << QStringList{"sommeil-%j.out"} << none << "found"
                               << "sommeil-%j.out" << 1.0;
    row("literals match whole tokens")
        << "Le fichier sommeil-%j.out contient la sortie." << QStringList{"%j"} << none << "none"
        << "" << 0.0;
    row("%j alone") << "Le motif %j donne l'identifiant du job." << QStringList{"%j"} << none
                    << "found"
                    << "%j" << 1.0;
    row("elision in a pattern") << "Slurm ignore l'option --time." << QStringList{"l'option"}
                                << none << "found"
                                << "l'option" << 1.0;
    row("case and accents kept in the evidence")
        << "La Directive Est IGNORÉE" << QStringList{"directive ... ignoree"} << none << "found"
        << "Directive Est IGNORÉE" << 1.0;

    // -- Typos: one edit, words of 6 letters or more, never literals.
    row("typo: swap") << "La directive est ingorée." << QStringList{"ignorée"} << none << "found"
                      << "ingorée" << 0.7;
    row("typo: deletion") << "Le job reste en atente." << QStringList{"attente"} << none << "found"
                          << "atente" << 0.7;
    row("typo: insertion") << "La directive est ignorrée." << QStringList{"ignorée"} << none
                           << "found"
                           << "ignorrée" << 0.7;
    row("typo: substitution") << "Le job reste en attenre." << QStringList{"attente"} << none
                              << "found"
                              << "attenre" << 0.7;
    row("typo and inflection") << "La directive est ingoré." << QStringList{"ignorée"} << none
                               << "found"
                               << "ingoré" << 0.7;
    row("typo in a phrase") << "Le job reste en attnete." << QStringList{"reste en attente"} << none
                            << "found"
                            << "reste en attnete" << 0.7;
    row("typo, negated") << "La directive n'est pas ingorée." << QStringList{"ignorée"} << none
                         << "contradicted"
                         << "n'est pas ingorée" << 0.7;
    row("two edits") << "La directive est ingroée." << QStringList{"ignorée"} << none << "none"
                     << "" << 0.0;
    row("no typo under 6 letters")
        << "Le neoud est plein." << QStringList{"noeud"} << none << "none"
        << "" << 0.0;
    row("no typo in a literal") << "Le job est tué à 00:02:01." << QStringList{"00:02:00"} << none
                                << "none"
                                << "" << 0.0;
    row("a command is a plain word")
        << "Il faut utiliser scancle 52." << QStringList{"scancel"} << none << "found"
        << "scancle" << 0.7;
    row("a quoted word is a literal")
        << "Il faut utiliser scancle 52." << QStringList{"\"scancel\""} << none << "none"
        << "" << 0.0;
    row("a quoted literal") << "Il faut utiliser scancel 52." << QStringList{"\"scancel\" 52"}
                            << none << "found"
                            << "scancel 52" << 1.0;

    // -- Nothing.
    row("unrelated answer") << "Le job tourne sur node01." << QStringList{"ignor*"} << none
                            << "none"
                            << "" << 0.0;
}

void TestTextMatch::match()
{
    QFETCH(QString, text);
    QFETCH(QStringList, patterns);
    QFETCH(QStringList, negated);
    QFETCH(QString, verdict);
    QFETCH(QString, evidence);
    QFETCH(double, confidence);

    const ConceptMatch m = TextMatcher(text).match(makeConcept(patterns, negated));
    QCOMPARE(verdictOf(m), verdict);
    QCOMPARE(m.evidence, evidence);
    QCOMPARE(m.confidence, confidence);
    if (verdict == u"none") {
        QCOMPARE(m.start, qsizetype(-1));
        QCOMPARE(m.clause, -1);
    } else {
        QCOMPARE(text.mid(m.start, evidence.size()), evidence);
    }
}

void TestTextMatch::evidenceStartAndClause()
{
    const QString text = QStringLiteral("Le job 52 ne part pas, le job 53 part.");
    const ConceptMatch m = TextMatcher(text).match(makeConcept({QStringLiteral("part")}));
    QVERIFY(m.found);
    QCOMPARE(m.start, text.lastIndexOf(QStringLiteral("part")));
    QCOMPARE(m.clause, 1);

    const QString english = QStringLiteral("Well.\nThe job isn't read.");
    const ConceptMatch n = TextMatcher(english).match(makeConcept({QStringLiteral("read")}));
    QVERIFY(n.contradicted);
    QCOMPARE(n.start, english.indexOf(QStringLiteral("isn't")));
    QCOMPARE(n.clause, 1);
}

void TestTextMatch::surestThenEarliest()
{
    const Concept ignored = makeConcept({QStringLiteral("ignorée")});
    const QString typoFirst = QStringLiteral("Elle est ingorée. Plus loin : elle est ignorée.");
    ConceptMatch m = TextMatcher(typoFirst).match(ignored);
    QCOMPARE(m.confidence, 1.0);
    QCOMPARE(m.start, typoFirst.lastIndexOf(QStringLiteral("ignorée")));

    const QString twice = QStringLiteral("Le job est ignoré. La directive est ignorée.");
    m = TextMatcher(twice).match(ignored);
    QCOMPARE(m.evidence, QStringLiteral("ignoré"));
    QCOMPARE(m.start, twice.indexOf(QStringLiteral("ignoré")));
}

void TestTextMatch::bothListsTogether_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("verdict");
    QTest::addColumn<QString>("evidence");
    QTest::addColumn<double>("confidence");

    // "The late directive is ignored": said outright, or by saying it is not read.
    QTest::newRow("both said") << "La directive n'est pas lue : elle est ignorée."
                               << "found"
                               << "ignorée" << 1.0;
    QTest::newRow("said by its negation") << "La directive n'est pas lue du tout."
                                          << "found"
                                          << "n'est pas lue" << 0.8;
    QTest::newRow("the contrary") << "La directive est lue."
                                  << "contradicted"
                                  << "lue" << 0.8;
    QTest::newRow("both ways: to review") << "Elle est lue puis ignorée."
                                          << "found"
                                          << "ignorée" << 0.5;
}

void TestTextMatch::bothListsTogether()
{
    QFETCH(QString, text);
    QFETCH(QString, verdict);
    QFETCH(QString, evidence);
    QFETCH(double, confidence);
    const Concept late = makeConcept({QStringLiteral("ignor*")}, {QStringLiteral("lu*|lit")});
    const ConceptMatch m = TextMatcher(text).match(late);
    QCOMPARE(verdictOf(m), verdict);
    QCOMPARE(m.evidence, evidence);
    QCOMPARE(m.confidence, confidence);
}

// ---- matchIn --------------------------------------------------------------------------------

void TestTextMatch::matchIn_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("from"); // the range starts where this is first found ...
    QTest::addColumn<QString>("to");   // ... and ends where this is found after it ("" = end)
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QString>("verdict");
    QTest::addColumn<double>("confidence");

    const QString answers = QStringLiteral(
        "1. La directive est lue.\n2. Le job reste en attente.\n3. Il n'est pas annulé.");
    QTest::newRow("outside") << answers << "1."
                             << "2."
                             << "reste en attente"
                             << "none" << 0.0;
    QTest::newRow("inside") << answers << "2."
                            << "3."
                            << "reste en attente"
                            << "found" << 1.0;
    QTest::newRow("negated inside") << answers << "3."
                                    << ""
                                    << "annul*"
                                    << "contradicted" << 1.0;

    const QString twoWays =
        QStringLiteral("A. La directive est ignorée.\nB. Elle n'est pas ignorée.");
    QTest::newRow("a contradiction outside does not lower") << twoWays << "A."
                                                            << "B."
                                                            << "ignor*"
                                                            << "found" << 1.0;
    QTest::newRow("... inside it does") << twoWays << "A."
                                        << ""
                                        << "ignor*"
                                        << "found" << 0.5;

    // Only the range's tokens count, negators included.
    QTest::newRow("a negator before the range") << "La directive n'est pas ignorée."
                                                << "ignorée"
                                                << ""
                                                << "ignor*"
                                                << "found" << 1.0;
    QTest::newRow("a token starting in the range counts whole") << "La directive est ignorée."
                                                                << "ignor"
                                                                << "ée"
                                                                << "ignor*"
                                                                << "found" << 1.0;
    QTest::newRow("empty range") << "La directive est ignorée."
                                 << "ignorée"
                                 << "ignorée"
                                 << "ignor*"
                                 << "none" << 0.0;
}

void TestTextMatch::matchIn()
{
    QFETCH(QString, text);
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, pattern);
    QFETCH(QString, verdict);
    QFETCH(double, confidence);

    const qsizetype begin = text.indexOf(from);
    QVERIFY(begin >= 0);
    const qsizetype end = to.isEmpty() ? text.size() : text.indexOf(to, begin);
    QVERIFY(end >= begin);
    const ConceptMatch m = TextMatcher(text).matchIn(makeConcept({pattern}), begin, end);
    QCOMPARE(verdictOf(m), verdict);
    QCOMPARE(m.confidence, confidence);
    if (verdict != u"none")
        QVERIFY(m.start >= begin && m.start < end);
}

// ---- Robustness -----------------------------------------------------------------------------

void TestTextMatch::emptyText()
{
    const TextMatcher m{QString()};
    QVERIFY(m.tokens().isEmpty());
    const ConceptMatch r = m.match(makeConcept({QStringLiteral("ignor*")}));
    QVERIFY(!r.found && !r.contradicted);
    QCOMPARE(r.start, qsizetype(-1));
    QCOMPARE(r.clause, -1);
    QCOMPARE(r.confidence, 0.0);
    QVERIFY(r.evidence.isEmpty());
    QVERIFY(!m.matchIn(makeConcept({QStringLiteral("x")}), -5, 100).found);
    QVERIFY(TextMatcher(QStringLiteral("... ; !!! ? — «»")).tokens().isEmpty());
}

void TestTextMatch::degeneratePatterns_data()
{
    QTest::addColumn<QStringList>("patterns");
    QTest::newRow("no pattern") << QStringList{};
    QTest::newRow("empty") << QStringList{""};
    QTest::newRow("spaces") << QStringList{"   "};
    QTest::newRow("gap alone") << QStringList{"... ..."};
    QTest::newRow("star alone") << QStringList{"*"};
    QTest::newRow("bars alone") << QStringList{"| ||"};
    QTest::newRow("punctuation") << QStringList{"« » !"};
}

void TestTextMatch::degeneratePatterns()
{
    QFETCH(QStringList, patterns);
    const TextMatcher m(QStringLiteral("La directive est ignorée, le job part."));
    const ConceptMatch r = m.match(makeConcept(patterns, patterns));
    QVERIFY(!r.found && !r.contradicted);
    QCOMPARE(r.confidence, 0.0);
}

void TestTextMatch::oddCharacters()
{
    // A lone surrogate, a NUL, a BOM, a zero-width space: no crash, and the words around.
    QString text = QStringLiteral("ignorée");
    text += QChar(0xD800);
    text += QStringLiteral(" lue");
    text += QChar(0);
    text += QStringLiteral("\uFEFFfin\u200Bici");
    const QList<Token> tokens = tokenize(text);
    QCOMPARE(wordsOf(tokens), QStringLiteral("ignoree lue fin ici"));
    QVERIFY(TextMatcher(text).match(makeConcept({QStringLiteral("ignor*")})).found);

    const QString emoji =
        QStringLiteral("🙂 La directive 👨‍👩‍👧 est ignorée 👍🏽");
    const ConceptMatch m =
        TextMatcher(emoji).match(makeConcept({QStringLiteral("directive ... ignor*")}));
    QCOMPARE(m.evidence, QStringLiteral("directive 👨‍👩‍👧 est ignorée"));
}

void TestTextMatch::copiesShareTheirIndex()
{
    const TextMatcher original(QStringLiteral("Le job ne reste pas en attente."));
    const TextMatcher copy = original; // NOLINT: the copy is the point
    const Concept pending = makeConcept({QStringLiteral("reste en attente")});
    QCOMPARE(copy.match(pending).evidence, original.match(pending).evidence);
    QCOMPARE(copy.tokens().size(), original.tokens().size());
}

void TestTextMatch::stemmersPerThread()
{
    const QString text = megabyteOfAnswers().left(100000);
    const QString expected = wordsOf(tokenize(text));
    QString stemsA, stemsB;
    const auto stemsOf = [&text](QString *out) {
        for (const Token &t : tokenize(text))
            *out += t.stemFr + u' ' + t.stemEn + u' ';
    };
    std::thread a(stemsOf, &stemsA);
    std::thread b(stemsOf, &stemsB);
    a.join();
    b.join();
    QCOMPARE(stemsA, stemsB);
    QVERIFY(stemsA.contains(QStringLiteral("ignor ")));
}

// The speed of the same work is measured by bench/bench_textmatch, never by a test.
void TestTextMatch::megabyteIsMatched()
{
    const QString text = megabyteOfAnswers();
    const TextMatcher m(text);
    const Concept ten = makeConcept(
        {QStringLiteral("ignor*"), QStringLiteral("reste en attente"),
         QStringLiteral("pris* en compte"), QStringLiteral("00:02:00"), QStringLiteral("--time"),
         QStringLiteral("prior* ... haute"), QStringLiteral("annul*|scancel"),
         QStringLiteral("depass* ... limite"), QStringLiteral("ordonnanceur")},
        {QStringLiteral("compte")});
    const ConceptMatch r = m.match(ten);
    // The first sentence's "--time" is the earliest sure match; "ne reste pas en attente"
    // further on contradicts another pattern, which sends the whole concept to review.
    QVERIFY(r.found);
    QCOMPARE(r.start, text.indexOf(QStringLiteral("--time")));
    QCOMPARE(r.confidence, 0.5);
}

void TestTextMatch::pathologicalInputsAreHandled()
{
    // One 200 000-letter word, typo-checked against a long pattern word.
    const TextMatcher longWord(QString(200000, u'a'));
    QVERIFY(!longWord.match(makeConcept({QStringLiteral("aaaaaaab")})).found);
    // A phrase of gaps over a text made only of the words it asks for.
    QString same;
    for (int i = 0; i < 50000; ++i)
        same += QStringLiteral("le ");
    const TextMatcher repeated(same);
    QVERIFY(repeated.match(makeConcept({QStringLiteral("le ... le ... le ... le")})).found);
    // Negators everywhere.
    QString negations;
    for (int i = 0; i < 30000; ++i)
        negations += QStringLiteral("ne pas jamais plus ");
    const TextMatcher negative(negations);
    const ConceptMatch n = negative.match(makeConcept({QStringLiteral("pas ... plus")}));
    QVERIFY(n.found || n.contradicted);
    // Joined tokens with no end: one long token.
    QString joined;
    for (int i = 0; i < 50000; ++i)
        joined += QStringLiteral("a.1-");
    QCOMPARE(tokenize(joined).size(), 1);
}

QTEST_APPLESS_MAIN(TestTextMatch)
#include "tst_textmatch.moc"
