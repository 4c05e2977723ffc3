// Grading students' folders with the shipped rubrics: what each criterion decides, and the
// feedback and evidence a student or an instructor reads.
#include "exercise2.h"
#include "gradingfixture.h"
#include "scenario.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace schedlab::grader;

namespace {

const QByteArray kNotesScript = "#!/bin/bash\n"
                                "#SBATCH --job-name=sommeil\n"
                                "#SBATCH --output=sommeil-%j.out\n"
                                "#SBATCH --time=00:02:00\n"
                                "#SBATCH --cpus-per-task=1\n"
                                "#SBATCH --mem=1G\n"
                                "hostname\n"
                                "sleep 30\n";

const QByteArray kGoodLines =
    "# Explications\n\n"
    "1. `#!/bin/bash` indique au noyau d'exécuter le script avec bash.\n"
    "2. `--job-name=sommeil` donne au job le nom affiché par squeue.\n"
    "3. `--output=sommeil-%j.out` choisit le fichier de sortie ; Slurm remplace %j par le "
    "numéro du job.\n"
    "4. `--time=00:02:00` fixe une limite de temps de deux minutes.\n"
    "5. `--cpus-per-task=1` demande un seul CPU pour la tâche.\n"
    "6. `--mem=1G` réserve 1 Gio de mémoire sur le nœud.\n"
    "7. `hostname` écrit le nom du nœud qui exécute le script.\n"
    "8. `sleep 30` dort trente secondes sans consommer de CPU.\n\n"
    "## Réponses\n\n"
    "- Une directive #SBATCH écrite après hostname est ignorée : Slurm arrête de lire les "
    "directives à la première commande.\n"
    "- Pour --time=00:00:30, Slurm retient 1 minute, car il arrondit à la minute supérieure.\n"
    "- Sans --error, la sortie standard et l'erreur standard vont dans le même fichier, "
    "sommeil-%j.out.\n";

const QByteArray kGoodJob = "apiVersion: batch/v1\n"
                            "kind: Job\n"
                            "metadata:\n"
                            "  name: sommeil\n"
                            "spec:\n"
                            "  backoffLimit: 1\n"
                            "  activeDeadlineSeconds: 120\n"
                            "  template:\n"
                            "    spec:\n"
                            "      restartPolicy: Never\n"
                            "      containers:\n"
                            "        - name: sommeil\n"
                            "          image: busybox:1.36\n"
                            "          command: [\"sh\", \"-c\", \"hostname; sleep 30\"]\n";

const QByteArray kGoodRefus =
    "Quand sleep se termine avec le code 0, le kubelet relance le conteneur, car le "
    "restartPolicy d'un Deployment vaut Always : hostname repart, et le travail tourne en "
    "boucle.\n\n"
    "Je ne l'applique pas : sur un cluster partagé, cette boucle occuperait des ressources "
    "jusqu'à ce que quelqu'un supprime l'objet à la main.\n\n"
    "Avec backoffLimit: 1, après un code de sortie non nul, le contrôleur de Job crée un "
    "second pod ; si lui aussi échoue, le Job est marqué Failed.\n\n"
    "Kueue pourrait ajouter une file devant les Jobs, mais le module ne l'installe pas.\n";

} // namespace

class TestGrading : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        rubrics_ = loadRubrics(QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises"));
        QVERIFY2(rubrics_.error.isEmpty(), qPrintable(rubrics_.error));
        QVERIFY(rubrics_.find(QStringLiteral("ex1")));
        QVERIFY(rubrics_.find(QStringLiteral("ex3")));
        QVERIFY(rubrics_.find(QStringLiteral("ex2")));
    }

    void notesScriptAndGoodAnswersEarnEverything()
    {
        const ExerciseResult r =
            grade("ex1", {{"sommeil.sbatch", kNotesScript}, {"lignes.md", kGoodLines}});
        for (const CriterionResult &c : r.criteria)
            QVERIFY2(c.passed && !c.review,
                     qPrintable(c.id + u' ' + c.feedback + QStringLiteral(" | ") + c.evidence));
        QCOMPARE(r.score, r.max);
        QCOMPARE(r.rubricTag, QStringLiteral("ex1@6"));
        QCOMPARE(schedlab::test::findCriterion(r, QStringLiteral("ex1.script.shebang"))->evidence,
                 QStringLiteral("ligne 1 : #!/bin/bash"));
    }

    void valuesWrittenOtherwiseStillMatch()
    {
        QByteArray script = kNotesScript;
        script.replace("--time=00:02:00", "-t 2");
        script.replace("--mem=1G", "--mem=1024M");
        const ExerciseResult r = grade("ex1", {{"sommeil.sbatch", script}});
        const CriterionResult *c =
            schedlab::test::findCriterion(r, QStringLiteral("ex1.script.directives"));
        QVERIFY2(c->passed && !c->review, qPrintable(c->feedback));
        QVERIFY2(
            c->feedback.contains(QStringLiteral("« -t 2 » revient au même que --time=00:02:00")),
            qPrintable(c->feedback));
        QVERIFY2(c->feedback.contains(QStringLiteral("--mem=1024M")), qPrintable(c->feedback));
    }

    void scriptMistakesAreNamed_data()
    {
        QTest::addColumn<QByteArray>("script");
        QTest::addColumn<QString>("criterion");
        QTest::addColumn<QString>("words");
        QByteArray late = kNotesScript;
        late.replace("#SBATCH --mem=1G\n", "");
        late += "#SBATCH --mem=1G\n";
        QTest::newRow("late directive: value lost") << late << "ex1.script.directives"
                                                    << "--mem est écrit après la première commande";
        QTest::newRow("late directive: flagged") << late << "ex1.script.no-late-directive"
                                                 << "n'a aucun effet";
        QByteArray longer = kNotesScript;
        longer.replace("00:02:00", "00:05:00");
        QTest::newRow("other time") << longer << "ex1.script.directives"
                                    << "--time ne vaut pas 00:02:00 (« --time=00:05:00 »)";
        QByteArray noShebang = kNotesScript.mid(12);
        QTest::newRow("no shebang") << noShebang << "ex1.script.shebang"
                                    << "n'est pas un shebang";
        QByteArray crlf = kNotesScript;
        crlf.replace("\n", "\r\n");
        QTest::newRow("CRLF") << crlf << "ex1.script.shebang"
                              << "CRLF";
        QByteArray extra = kNotesScript + "echo fini\n";
        QTest::newRow("extra command") << extra << "ex1.script.commands"
                                       << "hostname, sleep 30, echo fini";
        QByteArray home = kNotesScript;
        home.replace("--output=sommeil-%j.out", "--output=$HOME/sommeil-%j.out");
        QTest::newRow("$HOME in a directive") << home << "ex1.script.directives"
                                              << "Slurm ne développe pas les variables du shell";
        QByteArray noName = kNotesScript;
        noName.replace("#SBATCH --job-name=sommeil\n", "");
        QTest::newRow("missing option") << noName << "ex1.script.directives"
                                        << "--job-name=sommeil manque";
    }

    void scriptMistakesAreNamed()
    {
        QFETCH(QByteArray, script);
        QFETCH(QString, criterion);
        QFETCH(QString, words);
        const ExerciseResult r = grade("ex1", {{"sommeil.sbatch", script}});
        const CriterionResult *c = schedlab::test::findCriterion(r, criterion);
        QVERIFY(c);
        QVERIFY2(!c->passed && !c->review, qPrintable(c->feedback));
        QVERIFY2(c->feedback.contains(words) || c->evidence.contains(words),
                 qPrintable(c->feedback + QStringLiteral(" | ") + c->evidence));
    }

    void envBashIsForAnInstructor()
    {
        QByteArray script = kNotesScript;
        script.replace("#!/bin/bash", "#!/usr/bin/env bash");
        const ExerciseResult cResult = grade("ex1", {{"sommeil.sbatch", script}});
        const CriterionResult *c =
            schedlab::test::findCriterion(cResult, QStringLiteral("ex1.script.shebang"));
        QVERIFY(c->passed);
        QVERIFY(c->review);
        QCOMPARE(c->points, 0.0); // under review: no points until an instructor decides
    }

    void lateDirectiveAnswers_data()
    {
        QTest::addColumn<QString>("answer");
        QTest::addColumn<bool>("passed");
        QTest::addColumn<bool>("review");
        QTest::newRow("ignorée") << "Une option #SBATCH après hostname est ignorée." << true
                                 << false;
        QTest::newRow("ne compte plus")
            << "Après hostname, la directive ne compte plus : Slurm a fini de lire." << true
            << false;
        QTest::newRow("pas prise en compte")
            << "Écrite après la première commande, elle n'est pas prise en compte." << true
            << false;
        QTest::newRow("sans accents")
            << "Apres hostname elle est ignoree par slurm" << true << false;
        QTest::newRow("english") << "A directive after hostname is ignored by Slurm." << true
                                 << false;
        QTest::newRow("ne ... que")
            << "Après hostname, elle n'est plus qu'un commentaire pour Slurm." << true << true;
        QTest::newRow("aucun effet")
            << "Placée après hostname, elle n'a aucun effet." << true << false;
        QTest::newRow("typo") << "Après hostname la directive est ingorée." << true << true;
        QTest::newRow("negated")
            << "Une directive après hostname n'est pas ignorée, Slurm l'applique quand même."
            << false << false;
        QTest::newRow("wrong") << "Après hostname, la directive est appliquée au job suivant."
                               << false << false;
    }

    void lateDirectiveAnswers()
    {
        QFETCH(QString, answer);
        QFETCH(bool, passed);
        QFETCH(bool, review);
        const ExerciseResult cResult = grade("ex1", {{"lignes.md", answer.toUtf8()}});
        const CriterionResult *c =
            schedlab::test::findCriterion(cResult, QStringLiteral("ex1.answer.late-directive"));
        QCOMPARE(c->passed, passed);
        QVERIFY2(c->review == review,
                 qPrintable(c->feedback + u' ' + QString::number(c->confidence)));
        if (passed)
            QVERIFY2(!c->evidence.isEmpty(), "a decision says which words carried it");
    }

    void missingFileFailsItsCriteria()
    {
        const ExerciseResult r = grade("ex1", {{"sommeil.sbatch", kNotesScript}});
        const CriterionResult *c =
            schedlab::test::findCriterion(r, QStringLiteral("ex1.lines.one-per-line"));
        QVERIFY(!c->passed);
        QVERIFY(!c->review);
        QVERIFY2(c->feedback.contains(QStringLiteral("Non rendu : lignes.md n'a pas été rendu.")),
                 qPrintable(c->feedback));
        const ExerciseResult emptyResult = grade("ex1", {{"lignes.md", "  \n"}});
        const CriterionResult *empty =
            schedlab::test::findCriterion(emptyResult, QStringLiteral("ex1.answer.time-rounding"));
        QVERIFY(empty->feedback.contains(QStringLiteral("lignes.md est vide.")));
    }

    void goodJobAndRefusalEarnEverything()
    {
        const ExerciseResult r =
            grade("ex3", {{"sommeil-job.yaml", kGoodJob}, {"refus.md", kGoodRefus}});
        for (const CriterionResult &c : r.criteria)
            QVERIFY2(c.passed && !c.review,
                     qPrintable(c.id + u' ' + c.feedback + QStringLiteral(" | ") + c.evidence));
        QCOMPARE(r.score, r.max);
    }

    void jobMistakesAreNamed_data()
    {
        QTest::addColumn<QByteArray>("job");
        QTest::addColumn<QString>("criterion");
        QTest::addColumn<QString>("words");
        QByteArray always = kGoodJob;
        always.replace("restartPolicy: Never", "restartPolicy: Always");
        QTest::newRow("restartPolicy Always")
            << always << "ex3.yaml.valid"
            << "L'API le refuse : The Job \"sommeil\" is invalid: spec.template.spec.restartPolicy";
        QByteArray deployment = kGoodJob;
        deployment.replace("batch/v1", "apps/v1").replace("kind: Job", "kind: Deployment");
        QTest::newRow("a Deployment") << deployment << "ex3.yaml.valid"
                                      << "« apps/v1 Deployment »";
        QByteArray zero = kGoodJob;
        zero.replace("backoffLimit: 1", "backoffLimit: 0");
        QTest::newRow("backoffLimit 0") << zero << "ex3.yaml.backoff"
                                        << "spec.backoffLimit vaut 0 dans le fichier";
        QByteArray deadline = kGoodJob;
        deadline.replace("120", "60");
        QTest::newRow("other deadline") << deadline << "ex3.yaml.same-as-notes"
                                        << "spec.activeDeadlineSeconds : 60 au lieu de 120";
        QByteArray tab = kGoodJob;
        tab.replace("  name: sommeil\n", "\tname: sommeil\n");
        QTest::newRow("tab") << tab << "ex3.yaml.valid"
                             << "error converting YAML to JSON";
        QByteArray typo = kGoodJob;
        typo.replace("command:", "comand:");
        QTest::newRow("unknown field") << typo << "ex3.yaml.valid"
                                       << "unknown field";
    }

    void jobMistakesAreNamed()
    {
        QFETCH(QByteArray, job);
        QFETCH(QString, criterion);
        QFETCH(QString, words);
        const ExerciseResult cResult = grade("ex3", {{"sommeil-job.yaml", job}});
        const CriterionResult *c = schedlab::test::findCriterion(cResult, criterion);
        QVERIFY(c);
        QVERIFY2(!c->passed, qPrintable(c->feedback));
        QVERIFY2(c->feedback.contains(words), qPrintable(c->feedback));
    }

    void otherImageGoesToReview()
    {
        QByteArray job = kGoodJob;
        job.replace("busybox:1.36", "alpine:3.20");
        const ExerciseResult cResult = grade("ex3", {{"sommeil-job.yaml", job}});
        const CriterionResult *c =
            schedlab::test::findCriterion(cResult, QStringLiteral("ex3.yaml.same-as-notes"));
        QVERIFY(c->review);
        // Said as the student wrote it in YAML, not as JSON.
        QVERIFY2(
            c->feedback.contains(QStringLiteral("image : alpine:3.20 au lieu de busybox:1.36")),
            qPrintable(c->feedback));
    }

    void refusalAnswers_data()
    {
        QTest::addColumn<QString>("criterion");
        QTest::addColumn<QString>("answer");
        QTest::addColumn<bool>("passed");
        QTest::newRow("loop, English")
            << "ex3.refus.loop"
            << "With restartPolicy Always the kubelet restarts the container after sleep exits, so "
               "it loops forever."
            << true;
        QTest::newRow("loop denied")
            << "ex3.refus.loop"
            << "Le Deployment relance le conteneur une fois puis s'arrête." << false;
        QTest::newRow("kueue denied") << "ex3.refus.kueue"
                                      << "Kueue est installé avec le module." << false;
        QTest::newRow("kueue right") << "ex3.refus.kueue"
                                     << "Kueue n'est pas installé dans ce module." << true;
        QTest::newRow("no retry")
            << "ex3.refus.backoff"
            << "Après un code non nul, le Job ne crée pas de nouveau pod et échoue." << false;
    }

    void refusalAnswers()
    {
        QFETCH(QString, criterion);
        QFETCH(QString, answer);
        QFETCH(bool, passed);
        const ExerciseResult cResult = grade("ex3", {{"refus.md", answer.toUtf8()}});
        const CriterionResult *c = schedlab::test::findCriterion(cResult, criterion);
        QVERIFY2(c->passed == passed && !c->review,
                 qPrintable(c->feedback + QStringLiteral(" | ") + c->evidence + u' ' +
                            QString::number(c->confidence)));
    }

    void privateKeyIsNeverQuoted()
    {
        const QByteArray key =
            "-----BEGIN OPENSSH PRIVATE KEY-----\n"
            "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n"
            "-----END OPENSSH PRIVATE KEY-----\n";
        const ExerciseResult r =
            grade("ex1", {{"lignes.md", "Après hostname elle est ignorée.\n" + key}});
        for (const CriterionResult &c : r.criteria) {
            QVERIFY(!c.evidence.contains(QStringLiteral("b3BlbnNzaC1rZXktdjE")));
            QVERIFY(!c.feedback.contains(QStringLiteral("b3BlbnNzaC1rZXktdjE")));
        }
    }

    void exercise2Answers_data()
    {
        QTest::addColumn<QByteArray>("answer");
        QTest::addColumn<QStringList>("passed");
        QTest::addColumn<QStringList>("failed");
        const QByteArray good =
            "## Question 1\n\n51, 52 et 53 restent PD. 51 attend pour Resources : il lui faut les "
            "deux nœuds. 52 et 53 attendent pour Priority.\n\n## Question 2\n\n`scancel 51`\n\n"
            "## Question 3\n\n52 démarre sur node02. 53 reste PD car 52 a une priorité plus haute "
            "et a pris le seul nœud libre.\n";
        QTest::newRow("right") << good
                               << QStringList{"ex2.q1.jobs", "ex2.q1.reasons", "ex2.q2.command",
                                              "ex2.q3.starts", "ex2.q3.why"}
                               << QStringList{};
        QTest::newRow("english")
            << QByteArray("## Question 1\nJobs 51, 52 and 53 stay PD: 51 (Resources), 52 and 53 "
                          "(Priority).\n## Question 2\nscancel 51\n## Question 3\nJob 52 starts; "
                          "53 keeps waiting because node01 is busy with job 50 until 10:00.\n")
            << QStringList{"ex2.q1.jobs", "ex2.q1.reasons", "ex2.q2.command", "ex2.q3.starts",
                           "ex2.q3.why"}
            << QStringList{};
        QByteArray swapped = good;
        swapped.replace("51 attend pour Resources", "51 attend pour Priority")
            .replace("52 et 53 attendent pour Priority", "52 et 53 attendent des ressources");
        QTest::newRow("reasons swapped")
            << swapped << QStringList{"ex2.q1.jobs"} << QStringList{"ex2.q1.reasons"};
        QByteArray user = good;
        user.replace("`scancel 51`", "`scancel -u leo`");
        QTest::newRow("scancel -u") << user << QStringList{} << QStringList{"ex2.q2.command"};
        QByteArray bare = good;
        bare.replace("`scancel 51`", "`scancel`");
        QTest::newRow("scancel alone") << bare << QStringList{} << QStringList{"ex2.q2.command"};
        QByteArray other = good;
        other.replace("52 démarre sur node02. 53 reste PD", "53 démarre sur node02. 52 reste PD");
        QTest::newRow("wrong job starts") << other << QStringList{} << QStringList{"ex2.q3.starts"};
        QByteArray missing = good;
        missing.replace("51, 52 et 53 restent PD. ", "");
        missing.replace("52 et 53 attendent pour Priority.", "Les autres attendent.");
        QTest::newRow("jobs left out") << missing << QStringList{} << QStringList{"ex2.q1.jobs"};
    }

    void exercise2Answers()
    {
        QFETCH(QByteArray, answer);
        QFETCH(QStringList, passed);
        QFETCH(QStringList, failed);
        const ExerciseResult r = grade("ex2", {{"decision.md", answer}});
        for (const QString &id : passed) {
            const CriterionResult *c = schedlab::test::findCriterion(r, id);
            QVERIFY2(c->passed && !c->review,
                     qPrintable(id + u' ' + c->feedback + QStringLiteral(" | ") + c->evidence));
        }
        for (const QString &id : failed) {
            const CriterionResult *c = schedlab::test::findCriterion(r, id);
            QVERIFY2(!c->passed, qPrintable(id + u' ' + c->feedback));
        }
    }

    void exercise2VariantIsGradedAgainstItsOwnSimulation()
    {
        QFile f(QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises/ex2/scenario.yaml"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QString error;
        const auto base = schedlab::readScenario(f.readAll(), f.fileName(), &error);
        QVERIFY(base);
        const auto variant = exercise2Variant(*base, variantSeed(QStringLiteral("s07-chloe")));
        QVERIFY(variant);
        const auto p = simulateExercise2(*variant).parameters(variant->start);
        const QByteArray answer =
            QStringLiteral("## Question 1\n%1 attend pour Resources ; %2 et %3 pour Priority.\n"
                           "## Question 2\nscancel %4\n## Question 3\n%5 démarre ; %6 reste PD, "
                           "faute de priorité.\n")
                .arg(p[QStringLiteral("resources")], p[QStringLiteral("priority1")],
                     p[QStringLiteral("priority2")], p[QStringLiteral("cancelled")],
                     p[QStringLiteral("starts")], p[QStringLiteral("stays")])
                .toUtf8();
        // The grader draws the variant itself from the student's id (variants on).
        const ExerciseResult own = schedlab::test::gradeFiles(
            rubrics_, "ex2", {{"decision.md", answer}}, false, QStringLiteral("s07-chloe"));
        QCOMPARE(own.score, own.max);
        QVERIFY(
            schedlab::test::findCriterion(own, QStringLiteral("ex2.q2.command"))
                ->feedback.contains(QStringLiteral("scancel ") + p[QStringLiteral("cancelled")]));
        // Without variants, the same answer is graded against the base, even with the
        // variant in the folder: the folder never chooses the scenario.
        const ExerciseResult base51 =
            grade("ex2", {{"decision.md", answer},
                          {"exercice2.yaml", schedlab::grader::scenarioToYaml(*variant)}});
        QVERIFY(base51.score < base51.max);
        QVERIFY(!schedlab::test::findCriterion(base51, QStringLiteral("ex2.q2.command"))->passed);
    }

private:
    ExerciseResult grade(const char *exercise, const schedlab::test::FileList &files)
    {
        return schedlab::test::gradeFiles(rubrics_, exercise, files);
    }

    RubricSet rubrics_;
};

QTEST_GUILESS_MAIN(TestGrading)
#include "tst_grading.moc"
