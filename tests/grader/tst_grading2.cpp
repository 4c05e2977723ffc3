// Grading exercise 4, the solo and group projects and the exam with the shipped rubrics:
// right, wrong and borderline answers, and what the student reads.
#include "gradingfixture.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace schedlab::grader;

namespace {

QByteArray testFile(const char *name)
{
    QFile f(QStringLiteral(SCHEDLAB_TEST_DATA "/keys/") + QLatin1String(name));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

const QByteArray kSentence =
    "Connexion uniquement vers le nœud de login indiqué par les organisateurs.";

QByteArray goodAccess()
{
    return "# Accès\n\n- Compte demandé le 2 novembre 2026.\n"
           "- Clé publique : `~/.ssh/id_ed25519_romeo.pub`\n"
           "- Empreinte : `256 SHA256:KCC1hHA0/c2LSy2lPQnTekLR5u7s+xBqPsyFdpALb9I test (ED25519)`\n"
           "- " +
           kSentence + "\n";
}

const QByteArray kNotesScript = "#!/bin/bash\n#SBATCH --job-name=sommeil\n"
                                "#SBATCH --output=sommeil-%j.out\n#SBATCH --time=00:02:00\n"
                                "#SBATCH --cpus-per-task=1\n#SBATCH --mem=1G\nhostname\nsleep 30\n";

const QByteArray kExplanation = "1. #!/bin/bash fait lancer le script par bash.\n"
                                "2. --job-name=sommeil nomme le job dans squeue.\n"
                                "3. --output=sommeil-%j.out choisit le fichier de sortie.\n"
                                "4. --time=00:02:00 limite la durée à deux minutes.\n"
                                "5. --cpus-per-task=1 demande un CPU.\n"
                                "6. --mem=1G demande 1 Gio de mémoire.\n"
                                "7. hostname affiche le nom du nœud.\n"
                                "8. sleep 30 dort trente secondes.\n";

const QByteArray kGoodJob = "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: sommeil\nspec:\n"
                            "  backoffLimit: 0\n  activeDeadlineSeconds: 120\n  template:\n"
                            "    spec:\n      restartPolicy: Never\n      containers:\n"
                            "        - name: sommeil\n          image: busybox:1.36\n"
                            "          command: [sh, -c, hostname; sleep 30]\n";

const QByteArray kGoodComparison =
    "## Démarrage\n\nCôté Slurm, sbatch soumet le script ; le job peut rester PD faute de "
    "ressources ou à cause de la priorité. Côté Kubernetes, kubectl apply crée le Job, qui attend "
    "qu'un nœud ait la place.\n\n"
    "## Arrêt\n\nLa limite --time tue le job Slurm (TIMEOUT), activeDeadlineSeconds tue les pods "
    "du "
    "Job. Après un code 0, les deux se terminent : COMPLETED d'un côté, Complete de l'autre, sans "
    "relance.\n\n"
    "## Sortie\n\nLa ligne de hostname est dans le fichier sommeil-%j.out pour Slurm, et dans les "
    "logs du pod (kubectl logs) pour Kubernetes.\n\n"
    "## Second passage\n\nUn nouveau sbatch crée un nouveau numéro de job. Pour le Job, il faut le "
    "supprimer (kubectl delete job sommeil) puis l'appliquer de nouveau.\n\n"
    "Kueue ajouterait une file avec un fairshare, mais il n'est pas installé : ce Job n'a pas de "
    "fairshare.\n";

const QByteArray kGoodExam =
    "## Question 1\n\nLe job attend à cause de la priorité : son fairshare est très bas, donc sa "
    "priorité est faible, et les jobs plus prioritaires passent devant. Quand l'usage récent "
    "baisse, le fairshare remonte et sa priorité augmente : il peut passer devant. Les nœuds "
    "libres ne suffisent pas à le faire partir.\n\n"
    "## Question 2\n\nLe service va dans un Deployment, la conversion dans un job Slurm. Si la "
    "conversion sortait avec le code 0, le Deployment relancerait le conteneur, en boucle.\n\n"
    "## Question 3\n\nLe fichier sommeil-17.out est dans le répertoire d'où sbatch a été lancé ; "
    "il contient déjà la ligne de hostname, le nom du nœud. `scancel 17` arrête ce job seul. Le "
    "code 0 de sbatch veut dire que le contrôleur a accepté le script, pas que le job a réussi.\n";

// The practice paper (the examen that ships with the app), answered as expected.
const QByteArray kGoodPractice =
    "## Question 1\n\nSlurm compte --time en minutes : il arrondit les 30 secondes à la minute "
    "supérieure : le job a une minute. À l'échéance, le script reçoit SIGTERM, puis SIGKILL "
    "s'il tourne encore. sacct affichera l'état TIMEOUT.\n\n"
    "## Question 2\n\nOui : le backfill le lance tout de suite sur le nœud libre, car ses 10 "
    "minutes finissent avant le départ réservé du job 31, dans 15 minutes. Avec une limite de "
    "30 minutes, il resterait en attente, car il déborderait sur le départ réservé du job "
    "31.\n\n"
    "## Question 3\n\nsqueue affiche calcul.sbatch, le nom du fichier : la ligne --job-name est "
    "sous hostname, et elle n'est plus lue, car la lecture des directives s'arrête à la "
    "première commande. La colonne TIME montre le temps écoulé depuis le départ du job, pas la "
    "limite.\n";

} // namespace

class TestGrading2 : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        rubrics_ = loadRubrics(QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises"));
        QVERIFY2(rubrics_.error.isEmpty(), qPrintable(rubrics_.error));
        // The real exam's rubric is the instructor's: it is not among the shipped exercises.
        instructor_ = loadRubrics(QStringLiteral(SCHEDLAB_SOURCE_DIR "/instructor"));
        QVERIFY2(instructor_.error.isEmpty(), qPrintable(instructor_.error));
    }

    void accessSheetRight()
    {
        const ExerciseResult r = grade("ex4", {{"acces.md", goodAccess()}});
        expectAll(r);
        // With the public key handed in, the fingerprint is checked against it.
        const ExerciseResult withKey =
            grade("ex4", {{"acces.md", goodAccess()},
                          {"id_ed25519_romeo.pub", testFile("id_ed25519.pub")}});
        expectAll(withKey);
        QVERIFY(schedlab::test::findCriterion(withKey, QStringLiteral("ex4.fingerprint"))
                    ->feedback.contains(QStringLiteral("correspond à la clé publique fournie")));
    }

    void accessSheetMistakes_data()
    {
        QTest::addColumn<QByteArray>("sheet");
        QTest::addColumn<QByteArray>("pub");
        QTest::addColumn<QString>("criterion");
        QTest::addColumn<QString>("words");
        QByteArray late = goodAccess();
        late.replace("2 novembre 2026", "12 novembre 2026");
        QTest::newRow("date after the session") << late << QByteArray() << "ex4.date"
                                                << "postérieure";
        QByteArray noDate = goodAccess();
        noDate.replace("le 2 novembre 2026", "hier");
        QTest::newRow("no date") << noDate << QByteArray() << "ex4.date"
                                 << "Aucune date";
        QByteArray privatePath = goodAccess();
        privatePath.replace("id_ed25519_romeo.pub", "id_ed25519_romeo");
        QTest::newRow("private key path") << privatePath << QByteArray() << "ex4.pubkey-path"
                                          << "chemin de la clé privée";
        QTest::newRow("fingerprint of another key")
            << goodAccess() << testFile("id_rsa.pub") << "ex4.fingerprint"
            << "";
        QByteArray md5 = goodAccess();
        md5.replace("SHA256:KCC1hHA0/c2LSy2lPQnTekLR5u7s+xBqPsyFdpALb9I",
                    "MD5:0c:ba:d1:e8:02:42:ef:18:8b:4e:21:7c:9a:06:42:63");
        QTest::newRow("MD5") << md5 << QByteArray() << "ex4.fingerprint"
                             << "MD5";
        QByteArray rsa = goodAccess();
        rsa.replace("256 SHA256:KCC1hHA0/c2LSy2lPQnTekLR5u7s+xBqPsyFdpALb9I test (ED25519)",
                    "3072 SHA256:rsWAyAipokrB1u4OxrcsHk1zy+y4Cv8lCW9uvWR9dVg test (RSA)");
        QTest::newRow("RSA key") << rsa << QByteArray() << "ex4.fingerprint"
                                 << "RSA";
        QByteArray sentence = goodAccess();
        sentence.replace(kSentence, "Connexion vers le nœud de login.");
        QTest::newRow("sentence changed") << sentence << QByteArray() << "ex4.sentence"
                                          << "";
    }

    void accessSheetMistakes()
    {
        QFETCH(QByteArray, sheet);
        QFETCH(QByteArray, pub);
        QFETCH(QString, criterion);
        QFETCH(QString, words);
        QList<QPair<QString, QByteArray>> files{{QStringLiteral("acces.md"), sheet}};
        if (!pub.isEmpty())
            files << qMakePair(QStringLiteral("id_ed25519_romeo.pub"), pub);
        const ExerciseResult r = grade("ex4", files);
        const CriterionResult *c = schedlab::test::findCriterion(r, criterion);
        QVERIFY2(!c->passed, qPrintable(c->feedback));
        QVERIFY2(c->feedback.contains(words), qPrintable(c->feedback));
    }

    // The course's rule: the account requested, or found open, before the session, whatever
    // the year; the session's date is the rubric's.
    void accessDateRule_data()
    {
        QTest::addColumn<QByteArray>("written");
        QTest::addColumn<QString>("session");
        QTest::addColumn<bool>("passed");
        QTest::addColumn<QString>("shown");
        const QString rubricSession = QStringLiteral("2026-11-05");
        QTest::newRow("checked in 2025") << QByteArray("Compte déjà ouvert, vérifié le 14/09/2025.")
                                         << rubricSession << true << "14/09/2025";
        QTest::newRow("a year before, in words") << QByteArray("compte verifie le 3 octobre 2024")
                                                 << rubricSession << true << "3 octobre 2024";
        QTest::newRow("day and month: the session's year")
            << QByteArray("demandé le 12/09") << rubricSession << true << "12/09";
        QTest::newRow("after the session") << QByteArray("demandé le 20/11/2026") << rubricSession
                                           << false << "postérieure à la séance (05/11/2026)";
        QTest::newRow("another class's session, later")
            << QByteArray("demandé le 20/11/2026") << QStringLiteral("2027-03-04") << true
            << "20/11/2026";
    }

    void accessDateRule()
    {
        QFETCH(QByteArray, written);
        QFETCH(QString, session);
        QFETCH(bool, passed);
        QFETCH(QString, shown);
        RubricSet rubrics = rubrics_;
        for (Rubric &r : rubrics.rubrics)
            for (Criterion &c : r.criteria)
                if (c.id == QStringLiteral("ex4.date"))
                    c.params[QStringLiteral("session")] = session;
        QByteArray sheet = goodAccess();
        sheet.replace("Compte demandé le 2 novembre 2026.", written);
        const ExerciseResult r = schedlab::test::gradeFiles(
            rubrics, "ex4", {{QStringLiteral("acces.md"), sheet}}, false);
        const CriterionResult *c = schedlab::test::findCriterion(r, QStringLiteral("ex4.date"));
        QCOMPARE(c->passed, passed);
        QVERIFY2(!c->review, qPrintable(c->feedback));
        QVERIFY2((c->evidence + c->feedback).contains(shown),
                 qPrintable(c->evidence + " | " + c->feedback));
    }

    void onTheStudentsMachineTheNamedKeyIsRead()
    {
        QTemporaryDir home;
        QDir().mkpath(home.filePath(QStringLiteral(".ssh")));
        QFile other(home.filePath(QStringLiteral(".ssh/id_ed25519_romeo.pub")));
        QVERIFY(other.open(QIODevice::WriteOnly));
        other.write(testFile("id_rsa.pub")); // not the key whose fingerprint the sheet gives
        other.close();
        const QByteArray oldHome = qgetenv("HOME");
        qputenv("HOME", QFile::encodeName(home.path()));
        const ExerciseResult own = grade("ex4", {{"acces.md", goodAccess()}}, true);
        const ExerciseResult batch = grade("ex4", {{"acces.md", goodAccess()}}, false);
        qputenv("HOME", oldHome);
        QVERIFY(!schedlab::test::findCriterion(own, QStringLiteral("ex4.fingerprint"))->passed);
        // An instructor's batch never reads "~/..." : it would be their own key.
        QVERIFY(schedlab::test::findCriterion(batch, QStringLiteral("ex4.fingerprint"))->passed);
    }

    void typographyOfTheSentenceIsTolerated()
    {
        QByteArray sheet = goodAccess();
        sheet.replace(kSentence, "*connexion uniquement vers le noeud de login indiqué par les "
                                 "organisateurs*");
        const ExerciseResult r = grade("ex4", {{"acces.md", sheet}});
        QVERIFY(schedlab::test::findCriterion(r, QStringLiteral("ex4.sentence"))->passed);
    }

    void privateKeyFailsTheExerciseAndIsFlagged()
    {
        const QByteArray key = testFile("id_ed25519");
        QVERIFY(key.contains("BEGIN OPENSSH PRIVATE KEY"));
        const ExerciseResult r =
            grade("ex4", {{"acces.md", goodAccess()}, {"id_ed25519_romeo", key}});
        const CriterionResult *c =
            schedlab::test::findCriterion(r, QStringLiteral("ex4.no-private-key"));
        QVERIFY(!c->passed);
        QVERIFY(c->review); // flagged to the instructor
        QCOMPARE(r.score, 0.0);
        QVERIFY2(c->evidence.contains(QStringLiteral("id_ed25519_romeo:1")),
                 qPrintable(c->evidence));
        const QByteArray body = key.split('\n').value(1);
        for (const CriterionResult &each : r.criteria) {
            QVERIFY(!each.evidence.contains(QString::fromLatin1(body)));
            QVERIFY(!each.feedback.contains(QString::fromLatin1(body)));
        }
        // Pasted inside the sheet itself: the same, and the sheet is still graded.
        const ExerciseResult pasted = grade("ex4", {{"acces.md", goodAccess() + "\n" + key}});
        QVERIFY(
            !schedlab::test::findCriterion(pasted, QStringLiteral("ex4.no-private-key"))->passed);
        QVERIFY(schedlab::test::findCriterion(pasted, QStringLiteral("ex4.sentence"))->passed);
    }

    void soloWithoutRunIsComplete()
    {
        expectAll(
            grade("solo", {{"sommeil.sbatch", kNotesScript}, {"explication.md", kExplanation}}));
    }

    void soloRunEvidence_data()
    {
        QTest::addColumn<QByteArray>("trace");
        QTest::addColumn<bool>("passed");
        QTest::addColumn<bool>("review");
        const QByteArray squeue =
            "\n```\n             JOBID PARTITION     NAME     USER ST       TIME  "
            "NODES NODELIST(REASON)\n                17     court  sommeil      "
            "kim  R       0:05      1 node01\n```\n\n```\nnode01\n```\n";
        QTest::newRow("agree, compared")
            << squeue + "Le job a tourné sur node01, qui diffère de mon portable, nommé kim-pc.\n"
            << true << false;
        QTest::newRow("agree, not compared") << squeue << false << true;
        QByteArray other = squeue;
        other.replace("```\nnode01\n```", "```\nnode02\n```");
        QTest::newRow("hostname of another node")
            << other + "Ce n'est pas le même nom que ma machine.\n"
            << false << false;
    }

    void soloRunEvidence()
    {
        QFETCH(QByteArray, trace);
        QFETCH(bool, passed);
        QFETCH(bool, review);
        const ExerciseResult r = grade(
            "solo", {{"sommeil.sbatch", kNotesScript}, {"explication.md", kExplanation + trace}});
        const CriterionResult *c =
            schedlab::test::findCriterion(r, QStringLiteral("solo.run.evidence"));
        QVERIFY2(c->passed == passed && c->review == review,
                 qPrintable(c->feedback + QStringLiteral(" | ") + c->evidence));
    }

    void groupRight()
    {
        expectAll(grade("groupe", {{"sommeil.sbatch", kNotesScript},
                                   {"sommeil-job.yaml", kGoodJob},
                                   {"comparaison.md", kGoodComparison}}));
    }

    void groupMistakes_data()
    {
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<QString>("criterion");
        QTest::newRow("second apply reruns")
            << QByteArray("Pour le Job, il faut le supprimer (kubectl delete job sommeil) puis "
                          "l'appliquer de nouveau.")
            << QByteArray("Pour le Job, un second kubectl apply suffit.") << "groupe.p4.rerun";
        QTest::newRow("kueue said installed")
            << QByteArray("mais il n'est pas installé : ce Job n'a pas de fairshare.")
            << QByteArray("et il est installé.") << "groupe.kueue";
        // The statement asks for the consequence too: without Kueue, no fairshare for this Job.
        QTest::newRow("kueue without the consequence")
            << QByteArray("mais il n'est pas installé : ce Job n'a pas de fairshare.")
            << QByteArray("mais il n'est pas installé.") << "groupe.kueue";
        QTest::newRow("no logs") << QByteArray(
                                        "et dans les logs du pod (kubectl logs) pour Kubernetes.")
                                 << QByteArray("et aussi dans un fichier pour Kubernetes.")
                                 << "groupe.p3.output";
    }

    void groupMistakes()
    {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(QString, criterion);
        QByteArray text = kGoodComparison;
        QVERIFY(text.contains(from));
        text.replace(from, to);
        const ExerciseResult r = grade("groupe", {{"sommeil.sbatch", kNotesScript},
                                                  {"sommeil-job.yaml", kGoodJob},
                                                  {"comparaison.md", text}});
        const CriterionResult *c = schedlab::test::findCriterion(r, criterion);
        QVERIFY2(!c->passed, qPrintable(c->feedback + QStringLiteral(" | ") + c->evidence));
        QVERIFY(schedlab::test::findCriterion(r, QStringLiteral("groupe.files"))->passed);
    }

    void missingGroupFile()
    {
        const ExerciseResult r = grade("groupe", {{"comparaison.md", kGoodComparison}});
        const CriterionResult *c = schedlab::test::findCriterion(r, QStringLiteral("groupe.files"));
        QVERIFY(!c->passed);
        QVERIFY2(c->feedback.contains(QStringLiteral("sommeil.sbatch, sommeil-job.yaml")),
                 qPrintable(c->feedback));
    }

    void examRight() { expectAll(gradeExam({{"examen.md", kGoodExam}})); }

    // The shipped examen is the practice paper: its own questions, its own rubric.
    void practiceExamRight()
    {
        QVERIFY(rubrics_.find(QStringLiteral("examen")));
        QCOMPARE(rubrics_.find(QStringLiteral("examen"))->title, QStringLiteral("Examen blanc"));
        expectAll(grade("examen", {{"examen.md", kGoodPractice}}));
        const ExerciseResult real = grade("examen", {{"examen.md", kGoodExam}});
        QVERIFY(real.score < real.max / 2); // the real paper's answers are not the practice's
    }

    void practiceExamMistakes_data()
    {
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<QString>("criterion");
        QTest::newRow("thirty seconds kept")
            << QByteArray("arrondit les 30 secondes à la minute supérieure : le job a une minute")
            << QByteArray("garde les 30 secondes") << "examen.q1.limit";
        QTest::newRow("long limit starts too")
            << QByteArray("il resterait en attente, car il déborderait sur le départ réservé du "
                          "job 31")
            << QByteArray("il partirait aussi") << "examen.q2.overflow";
        QTest::newRow("late directive read")
            << QByteArray("elle n'est plus lue, car la lecture des directives s'arrête à la "
                          "première commande")
            << QByteArray("elle est lue comme les autres") << "examen.q3.reason";
    }

    void practiceExamMistakes()
    {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(QString, criterion);
        QByteArray text = kGoodPractice;
        QVERIFY(text.contains(from));
        text.replace(from, to);
        const ExerciseResult r = grade("examen", {{"examen.md", text}});
        const CriterionResult *c = schedlab::test::findCriterion(r, criterion);
        QVERIFY2(!c->passed, qPrintable(c->feedback + QStringLiteral(" | ") + c->evidence));
    }

    void examMistakes_data()
    {
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<QString>("criterion");
        QTest::newRow("scancel -u")
            << QByteArray("`scancel 17` arrête ce job seul.")
            << QByteArray("`scancel -u kim` arrête le job.") << "examen.q3.cancel";
        QTest::newRow("exit code means success")
            << QByteArray(
                   "Le code 0 de sbatch veut dire que le contrôleur a accepté le script, pas "
                   "que le job a réussi.")
            << QByteArray("Le code 0 veut dire que le job a réussi.") << "examen.q3.exit-code";
        QTest::newRow("service in a Slurm job")
            << QByteArray("Le service va dans un Deployment, la conversion dans un job Slurm.")
            << QByteArray("Le service va dans un job Slurm, la conversion dans un Deployment.")
            << "examen.q2.service";
        QTest::newRow("free nodes would start it")
            << QByteArray("Les nœuds libres ne suffisent pas à le faire partir.")
            << QByteArray("Les nœuds libres le feront partir bientôt.")
            << "examen.q1.irrelevant-fact";
    }

    void examMistakes()
    {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(QString, criterion);
        QByteArray text = kGoodExam;
        QVERIFY(text.contains(from));
        text.replace(from, to);
        const ExerciseResult r = gradeExam({{"examen.md", text}});
        const CriterionResult *c = schedlab::test::findCriterion(r, criterion);
        QVERIFY2(!c->passed, qPrintable(c->feedback + QStringLiteral(" | ") + c->evidence));
    }

    void examWithoutHeadingsIsForAnInstructor()
    {
        QByteArray text = kGoodExam;
        text.replace("## Question 1\n\n", "")
            .replace("## Question 2\n\n", "")
            .replace("## Question 3\n\n", "");
        const ExerciseResult r = gradeExam({{"examen.md", text}});
        const CriterionResult *c =
            schedlab::test::findCriterion(r, QStringLiteral("examen.q3.cancel"));
        QVERIFY(c->passed);
        QVERIFY(c->review);
        QVERIFY(c->feedback.contains(QStringLiteral("## Question 3")));
    }

private:
    void expectAll(const ExerciseResult &r)
    {
        for (const CriterionResult &c : r.criteria)
            QVERIFY2(c.passed && !c.review,
                     qPrintable(c.id + u' ' + c.feedback + QStringLiteral(" | ") + c.evidence));
        QCOMPARE(r.score, r.max);
    }

    ExerciseResult grade(const char *exercise, const schedlab::test::FileList &files,
                         bool onStudentMachine = false)
    {
        return schedlab::test::gradeFiles(rubrics_, exercise, files, onStudentMachine);
    }

    // The real exam, with the instructor's rubric.
    ExerciseResult gradeExam(const schedlab::test::FileList &files)
    {
        return schedlab::test::gradeFiles(instructor_, "examen", files, false);
    }

    RubricSet rubrics_;
    RubricSet instructor_;
};

QTEST_GUILESS_MAIN(TestGrading2)
#include "tst_grading2.moc"
