// Answers written as students write them, graded with the shipped rubrics (and the real exam's,
// the instructor's): each case asserts the verdict, whether an instructor must review it, and the
// words the student is shown as evidence.
#include "checkers.h"
#include "gradingfixture.h"

#include <QtTest>

using namespace schedlab::grader;
using schedlab::test::FileList;

namespace {

const QByteArray kScript = "#!/bin/bash\n#SBATCH --job-name=sommeil\n"
                           "#SBATCH --output=sommeil-%j.out\n#SBATCH --time=00:02:00\n"
                           "#SBATCH --cpus-per-task=1\n#SBATCH --mem=1G\nhostname\nsleep 30\n";

QByteArray exam(const QByteArray &q2)
{
    return "## Question 1\nLe fairshare est bas.\n\n## Question 2\n" + q2 +
           "\n\n## Question 3\nsommeil-17.out, dans le dossier de soumission.\n";
}

} // namespace

class TestStudentWriting : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        rubrics_ = loadRubrics(QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises"));
        QVERIFY2(rubrics_.error.isEmpty(), qPrintable(rubrics_.error));
        instructor_ = loadRubrics(QStringLiteral(SCHEDLAB_SOURCE_DIR "/instructor"));
        QVERIFY2(instructor_.error.isEmpty(), qPrintable(instructor_.error));
    }

    void cases_data()
    {
        QTest::addColumn<QString>("exercise");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("criterion");
        QTest::addColumn<bool>("passed");
        QTest::addColumn<QString>("shown"); // in the evidence or the feedback
        QTest::addColumn<bool>("review");   // an instructor decides (the verdict is a guess)
        const auto row = [](const char *name, const char *exercise, const char *file,
                            const QByteArray &text, const char *criterion, bool passed,
                            const char *shown, bool review = false) {
            QTest::newRow(name) << QString::fromUtf8(exercise) << QString::fromUtf8(file) << text
                                << QString::fromUtf8(criterion) << passed
                                << QString::fromUtf8(shown) << review;
        };
        // Roles reversed: the right words, the wrong pairing.
        const QByteArray swapped =
            exam("Le Deployment porte la conversion et le job Slurm porte le service.");
        row("reversed roles: service", "examen", "examen.md", swapped, "examen.q2.service", false,
            "Les rôles sont inversés");
        row("reversed roles: conversion", "examen", "examen.md", swapped, "examen.q2.conversion",
            false, "Le Deployment porte la conversion");
        const QByteArray right = exam("Le service va dans un Deployment, la conversion dans un "
                                      "job Slurm. Si la conversion était dans un Deployment, il "
                                      "la relancerait en boucle.");
        row("right roles, and the loop beside", "examen", "examen.md", right,
            "examen.q2.conversion", true, "la conversion dans un job Slurm");
        row("right roles: service", "examen", "examen.md", right, "examen.q2.service", true,
            "Le service va dans un Deployment");
        // Questions labelled on one line, without a Markdown heading.
        row("Q2 : label", "ex2", "decision.md",
            "Q1 : 51 Resources, 52 et 53 Priority\nQ2 : scancel 51\nQ3 : 52 demarre, 53 attend\n",
            "ex2.q2.command", true, "scancel 51");
        row("2) label", "ex2", "decision.md",
            "1) 51 Resources, 52 et 53 Priority\n2) scancel 51\n3) 52 demarre, 53 attend\n",
            "ex2.q2.command", true, "scancel 51");
        // No accents, no "ne".
        row("no accents, no ne", "examen", "examen.md",
            "## Question 1\nLe fairshare est tres bas et d'autres jobs ont une priorite plus "
            "haute. Les noeuds libres et la limite changent rien.\n",
            "examen.q1.irrelevant-fact", true, "changent rien");
        // A fuller answer: the extra detail is right, and costs nothing.
        const QByteArray lines = "Question sur --error : sans --error, tout va dans "
                                 "sommeil-%j.out (le nom slurm-%j.out ne sert que sans "
                                 "--output).\n";
        row("fuller answer", "ex1", "lignes.md", lines, "ex1.answer.output-file", true,
            "sommeil-%j.out");
        // A second, wrong answer beside the right one is not extra detail: never passed
        // without an instructor.
        row("two answers at once", "ex1", "lignes.md",
            "Question sur --error : sans --error, la sortie va dans sommeil-%j.out et les "
            "erreurs dans slurm-%j.err.\n",
            "ex1.answer.output-file", true, "La réponse contient aussi : « slurm-%j.err »", true);
        // The course's rules on directives.
        QByteArray variable = kScript;
        variable.replace("--output=sommeil-%j.out", "--output=$HOME/sommeil-%j.out");
        row("variable in a directive", "ex1", "sommeil.sbatch", variable, "ex1.script.no-variable",
            false, "$HOME");
        row("no variable", "ex1", "sommeil.sbatch", kScript, "ex1.script.no-variable", true, "");
        QByteArray account = kScript;
        account.replace("#SBATCH --mem=1G\n", "#SBATCH --mem=1G\n#SBATCH -A projet42\n");
        row("unsolicited account", "ex1", "sommeil.sbatch", account, "ex1.script.only-given", false,
            "ligne 7 : #SBATCH -A projet42");
        QByteArray partition = kScript;
        partition.replace("#SBATCH --mem=1G\n", "#SBATCH --mem=1G\n#SBATCH --partition=gpu\n");
        row("unsolicited partition (solo)", "solo", "sommeil.sbatch", partition,
            "solo.script.only-given", false, "--partition");
        row("nothing unsolicited", "solo", "sommeil.sbatch", kScript, "solo.script.only-given",
            true, "");
        // The starting file's lines are the questions, not answers: untouched, a sure failure;
        // answered after them, read as the answer.
        const QByteArray starting = "# Le script ligne par ligne\n\n1. \n\n# Réponses\n\n"
                                    "- Directive après hostname :\n"
                                    "- Durée retenue pour --time=00:00:30 :\n"
                                    "- Fichier de la sortie et de l'erreur sans --error :\n";
        row("untouched starting file", "ex1", "lignes.md", starting, "ex1.answer.output-file",
            false, "Sans --error, la sortie et l'erreur standard vont toutes deux");
        QByteArray answered = starting;
        answered.replace("sans --error :\n", "sans --error : sommeil-%j.out.\n");
        row("starting file answered", "ex1", "lignes.md", answered, "ex1.answer.output-file", true,
            "sommeil-%j.out");
        // Labelled with its number, the answer is found without the question's words (which
        // the line-by-line explanation uses: "30 secondes").
        const QByteArray labelled = "ligne 8 : sleep 30 -> dort 30 secondes\n\n"
                                    "Q1 : une directive apres hostname n'est pas lue\n"
                                    "Q2 : 1 minute (slurm arrondit a la minute au dessus)\n"
                                    "Q3 : tout va dans sommeil-%j.out\n";
        row("Q2 label without the question's words", "ex1", "lignes.md", labelled,
            "ex1.answer.time-rounding", true, "1 minute");
        // SMS shorthand, read as written out.
        row("shorthand", "ex1", "lignes.md",
            "Q1 : c ignore, slurm lit pa les directives apres la 1ere commande\n",
            "ex1.answer.late-directive", true, "ignore");
        // A comparison with each side's facts given to the other: the right words, swapped.
        const QByteArray sidesSwapped =
            "## Arrêt\nLa limite côté Slurm, c'est activeDeadlineSeconds ; côté Kubernetes, "
            "c'est --time. Après un code 0, les deux se terminent.\n";
        row("sides swapped", "groupe", "comparaison.md", sidesSwapped, "groupe.p2.stop", false,
            "Les deux côtés sont inversés : « La limite côté Slurm, c'est activeDeadlineSeconds »");
        const QByteArray sidesRight =
            "## Arrêt\nAprès un code 0, rien n'est relancé : le travail est terminé. Ce qui peut "
            "le tuer avant : `--time=00:02:00` pour Slurm, `activeDeadlineSeconds: 120` pour "
            "Kubernetes.\n";
        row("sides right, named after", "groupe", "comparaison.md", sidesRight, "groupe.p2.stop",
            true, "activeDeadlineSeconds");
        // What one side does and the other does not is a comparison, not a contradiction.
        row("one side waits, the other not", "groupe", "comparaison.md",
            "## Démarrage\nCôté Slurm, `sbatch sommeil.sbatch` ; le job peut rester PD pour "
            "Priority. Côté Kubernetes, `kubectl apply -f sommeil-job.yaml` : rien ne le fait "
            "attendre.\n",
            "groupe.p1.start", true, "sbatch");
        // A side named before a short aside ("lui") still frames what follows it.
        row("a fairshare said of Kubernetes, after an aside", "groupe", "comparaison.md",
            "## Démarrage\nOn lance avec sbatch côté Slurm et kubectl apply côté Kubernetes. Le "
            "job Slurm peut rester en attente si un job plus prioritaire passe avant ; le Job "
            "Kubernetes attend, lui, son tour de fairshare dans la file du scheduler.\n",
            "groupe.p1.start", false, "Les deux côtés sont inversés");
        // A partial answer whose every clause was read has left the rest out: no review.
        row("partial, all read", "groupe", "comparaison.md",
            "## Arrêt\nSlurm tue le job à `--time=00:02:00`, Kubernetes à "
            "`activeDeadlineSeconds: 120`.\n",
            "groupe.p2.stop", false, "« --time=00:02:00 »");
        // ex2: an aside in brackets is not one of the jobs listed as waiting; a start put off
        // until the running job ends is a wait, not a start.
        const QByteArray aside =
            "Q1 : y a 51, 52 et 53 en PD (50 tourne sur node01). 51 c Resources pcq il veut les "
            "2 noeuds. 52 et 53 c Priority : 51 est + prioritaire.\nQ2 : scancel 51\n"
            "Q3 : 52 part sur node02. 53 reste PD, il partira quand le 50 aura fini.\n";
        row("aside in brackets", "ex2", "decision.md", aside, "ex2.q1.jobs", true, "");
        row("start put off", "ex2", "decision.md", aside, "ex2.q3.starts", true,
            "« 52 part sur node02 »");
        row("a start now, and one to come later", "ex2", "decision.md",
            "## Question 3\n52 démarre à 09:40 sur node02. 53 démarrera à 10h00.\n",
            "ex2.q3.starts", true, "« 52 démarre à 09:40 sur node02 »");
        row("wait explained, accents missing", "ex2", "decision.md",
            "## Question 3\nLe 52 démare sur node02. Le 53 reste PD par ce que node01 est encor "
            "occupé par le job 50 jusqu'a 10h.\n",
            "ex2.q3.why", true, "occupé par le job 50");
        // The right reason with a wrong justification: every limit fits the partition's.
        row("Resources blamed on the partition's limit", "ex2", "decision.md",
            "Q1 : 51, 52, 53 PD.\n- 51 : Resources, parce que sa limite d'une heure est trop "
            "longue pour la partition.\n- 52 : Priority (51 passe devant).\n- 53 : Priority.\n",
            "ex2.q1.reasons", false, "51 n'attend pas pour sa limite de temps");
        row("the stayer's wait blamed on the partition", "ex2", "decision.md",
            "## Question 3\n52 part sur node02. 53 reste PD : sa limite dépasse celle de la "
            "partition.\n",
            "ex2.q3.why", false, "53 n'attend pas pour sa limite de temps");
        // The right words and a usual mistake beside them: never a pass without a person.
        row("one stream only in the file", "ex1", "lignes.md",
            "Q3 : sans --error, seule la sortie standard va dans sommeil-%j.out, l'erreur "
            "standard est jetée.\n",
            "ex1.answer.output-file", true, "seule la sortie standard", true);
        // The question asks which file: "the same file" alone does not name it.
        row("the same file, not named", "ex1", "lignes.md",
            "Q3 : sans --error, la sortie et l'erreur vont dans le même fichier.\n",
            "ex1.answer.output-file", false, "");
        row("stderr left on the screen", "ex1", "lignes.md",
            "Q3 : stdout va dans sommeil-%j.out, stderr reste affiché dans le terminal.\n",
            "ex1.answer.output-file", true, "La réponse contient aussi", true);
        row("the standard output alone given a file", "ex1", "lignes.md",
            "Q3 : sans --error, la sortie standard va dans sommeil-%j.out.\n",
            "ex1.answer.output-file", true, "« sortie standard va dans »", true);
        row("sbatch's 0 read as the job's success", "examen", "examen.md",
            "## Question 1\nLe fairshare est bas.\n\n## Question 2\nService : Deployment.\n\n"
            "## Question 3\nLe code 0 veut dire que le contrôleur a accepté le script, donc que "
            "le job s'est bien déroulé.\n",
            "examen.q3.exit-code", true, "bien déroulé", true);
        row("the wait put on backfill after all", "examen", "examen.md",
            "## Question 1\nIl attend parce que les autres jobs ont une priorité plus haute, son "
            "fairshare étant très bas. En fait c'est le backfill qui le bloque.\n",
            "examen.q1.mechanism", true, "La réponse contient aussi : « c'est le backfill »", true);
        row("the Deployment said to stop like a Job", "ex3", "refus.md",
            "Le Deployment se comporte comme un Job : après le code 0, le Deployment s'arrête. "
            "Sans restartPolicy Always, rien n'est relancé.\n",
            "ex3.refus.loop", false, "se comporte comme un Job");
        // "par défaut" said of something else, in brackets: the stop is still claimed.
        row("the Deployment said to stop after a default count", "ex3", "refus.md",
            "1. restartPolicy Always => après le code 0 le kubelet relance le conteneur, mais au "
            "bout de 6 relances (backoffLimit par défaut) le Deployment s'arrête.\n",
            "ex3.refus.loop", true, "La réponse contient aussi : « le Deployment s'arrête »", true);
        // Steps told in the wrong order fail; told backwards with "après", they stand.
        row("the Job failed first, then a new pod", "ex3", "refus.md",
            "| code != 0, backoffLimit 1 | Job Failed d'abord, puis le contrôleur crée un nouveau "
            "pod |\n",
            "ex3.refus.backoff", false,
            "Les étapes sont dans le mauvais ordre : « Failed d'abord, puis le contrôleur crée un "
            "nouveau pod »");
        row("failed after a second pod", "ex3", "refus.md",
            "Question 3 : avec un code non nul, le Job finit Failed, mais seulement après un "
            "nouveau pod qui échoue lui aussi.\n",
            "ex3.refus.backoff", true, "nouveau pod");
        // hostname named as a line of the script is not what the file holds; the submission
        // folder is a place, not the controller's acceptance (read as a typo of "soumis" at
        // most: a person looks).
        row("hostname named as a script line", "examen", "examen.md",
            "## Question 3\nsqueue affiche calcul.sbatch, parce que --job-name est sous hostname "
            "et n'est pas lu.\n",
            "examen.q3.content", true, "« hostname »", true);
        row("the node's name in the file", "examen", "examen.md",
            "## Question 3\nsommeil-17.out ; pendant le sleep il contient déjà la sortie de "
            "hostname.\n",
            "examen.q3.content", true, "sortie de hostname");
        row("the submission folder is no acceptance", "examen", "examen.md",
            "## Question 3\nslurm-17.out dans le répertoire de soumission. Le code 0 veut dire "
            "que sbatch a marché.\n",
            "examen.q3.exit-code", true, "« soumission »", true);
        // A trace with the comparison left in doubt: a person reads it.
        row("the comparison left in doubt", "solo", "explication.md",
            "```\n  JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n"
            "     61     debug  sommeil      tom  R       0:06      1 node02\n"
            "$ cat sommeil-61.out\nnode02\n```\n"
            "Je sais pas si c'est le même nom que ma machine.\n",
            "solo.run.evidence", true, "« même nom »", true);
        // A slash between the two sides separates them.
        row("the two sides split by a slash", "groupe", "comparaison.md",
            "a) Démarrage : sbatch ; kubectl apply\nc) Sortie : sommeil-%j.out (%j = jobid) / "
            "kubectl logs du pod\n",
            "groupe.p3.output", true, "sommeil-%j.out");
        // Prose wrapped by the editor, the lines named by their rank.
        row("wrapped prose, lines by rank", "ex1", "lignes.md",
            "La première ligne, #!/bin/bash, dit au système de lancer le fichier avec bash, et\n"
            "Slurm la lit comme un commentaire. La deuxième donne au travail l'étiquette\n"
            "sommeil visible dans squeue. La troisième écrit la sortie dans sommeil-%j.out. La\n"
            "quatrième borne le job à deux minutes. La cinquième demande un seul processeur. La\n"
            "sixième demande 1G de mémoire. La septième, hostname,\n"
            "affiche le nom du nœud sur lequel le script tourne. La huitième, sleep 30, attend\n"
            "trente secondes avant la fin.\n",
            "ex1.lines.one-per-line", true, "ligne 2 (--job-name) → phrase 3 (ligne 2)");
        row("a list of short lines stays one point per line", "ex1", "lignes.md",
            "#!/bin/bash lance bash\n--job-name=sommeil donne le nom\n"
            "--output=sommeil-%j.out fichier de sortie\n--time=00:02:00 limite 2 min\n"
            "--cpus-per-task=1 un cpu\n--mem=1G memoire\nhostname affiche le noeud\n"
            "sleep 30 attend\n",
            "ex1.lines.one-per-line", true, "ligne 8 (sleep 30) → « sleep » (ligne 8)");
        // The question copied as a quote: its answer is the paragraph after it.
        row("answer under the quoted question", "ex1", "lignes.md",
            "# Réponses\n\n> Quelle durée Slurm retient-il pour --time=00:00:30 ?\n\n"
            "Une minute : la résolution de --time est la minute, Slurm arrondit au-dessus.\n\n"
            "> Sans --error, où va l'erreur ?\n\nDans sommeil-%j.out, avec la sortie.\n",
            "ex1.answer.time-rounding", true, "Une minute");
        // Doubt said at the end of the sentence covers the whole sentence; the 30 seconds said
        // to be what really counts is the usual mistake.
        row("one minute, then not sure", "ex1", "lignes.md",
            "Q2 : Je pense que c'est 1 minute, mais peut-être 30 secondes, je ne suis pas sûr.\n",
            "ex1.answer.time-rounding", true, "1 minute", true);
        row("one minute shown, thirty seconds kept", "ex1", "lignes.md",
            "Q2 : Slurm l'enregistre comme 1 minute, mais le job est tué au bout de 30 secondes.\n",
            "ex1.answer.time-rounding", true, "La réponse contient aussi", true);
        // "n'" right before the verb denies it; "prio" is priority.
        row("the running job denied waiting", "ex2", "decision.md",
            "(1) Qui attend ? Les jobs 51, 52 et 53 ; le 50, lui, n'attend pas, il tourne sur "
            "node01. 51 attend des ressources, 52 et 53 la priorité.\n",
            "ex2.q1.jobs", true, "");
        row("prio, shortened", "ex2", "decision.md",
            "**3.** 52 part sur node02. 53 reste PD psk sa prio est + basse que celle de 52.\n",
            "ex2.q3.why", true, "sa prio est + basse");
        // hostname and sleep given each other's role.
        row("hostname and sleep swapped", "ex1", "lignes.md",
            "1. #!/bin/bash: bash runs the file.\n2. --job-name=sommeil: the job's name.\n"
            "3. --output=sommeil-%j.out: the output file.\n4. --time=00:02:00: 2 minutes limit.\n"
            "5. --cpus-per-task=1: one CPU.\n6. --mem=1G: 1 GiB of memory.\n"
            "7. hostname: waits 30 seconds.\n8. sleep 30: prints the name of the node.\n",
            "ex1.lines.one-per-line", false, "ligne 7 (hostname) : « waits »");
        row("the pod recreated after the code 0", "groupe", "comparaison.md",
            "## Arrêt\n`--time=00:02:00` pour Slurm, `activeDeadlineSeconds: 120` pour "
            "Kubernetes. Après le code 0, le job est COMPLETED ; le pod est ensuite recréé par le "
            "contrôleur pour garder une réplique.\n",
            "groupe.p2.stop", true, "La réponse contient aussi : « pod est ensuite recréé »", true);
        // A line about the next question is read as that question's: the partial answer left
        // the rest out, and fails without review.
        row("partial, the next question's line read", "groupe", "comparaison.md",
            "Second passage : on resoumet avec sbatch.\nOn n'a pas Kueue.\n", "groupe.p4.rerun",
            false, "resoumet");
        row("a second sbatch said to keep its number", "groupe", "comparaison.md",
            "## Second passage\nsbatch une deuxième fois réutilise le même numéro ; kubectl "
            "delete job sommeil puis kubectl apply.\n",
            "groupe.p4.rerun", true, "La réponse contient aussi : « réutilise le même numéro »",
            true);
        row("the stayer said to start", "ex2", "decision.md",
            "## Question 3\nC'est 53 qui part en premier : son fairshare est meilleur. 52 reste "
            "PD.\n",
            "ex2.q3.why", false, "53 ne part pas : il reste en attente.");
        // A typo in a long word's stem ("augmante" for "augmente"): read, and checked by a person.
        row("typo in a stem", "examen", "examen.md",
            "## Question 1\nQuand le fairshare remonte, la priorité du job augmante.\n",
            "examen.q1.fairshare-recovery", true, "augmante", true);
        // The point's subject never named (the free nodes): not answered, no review needed.
        row("subject never named", "examen", "examen.md",
            "## Question 1\nLe job attend parce que les autres jobs ont une priorité plus haute "
            "que la sienne.\n",
            "examen.q1.irrelevant-fact", false, "Il fallait relever que les nœuds libres");
        // "pas -u" denies the option, not the command before it; "prio" is "priorité".
        row("negator before an option", "examen", "examen.md",
            "## Question 3\nscancel 17 (pas -u sinon ça vire tt mes jobs).\n", "examen.q3.cancel",
            true, "scancel 17");
        row("prio", "examen", "examen.md",
            "## Question 1\nsi l'usage baisse, le fairshare remonte et la prio remonte, il "
            "avance ds la file.\n",
            "examen.q1.fairshare-recovery", true, "prio remonte");
        // A month's name with a slip; a sentence copied with two.
        const QByteArray slips = "- Date de la demande du compte : 22 ocotbre 2026\n"
                                 "- Phrase : Connexion uniquement vers le noeud de login "
                                 "indiquer par les organisateur.\n";
        row("month with a slip", "ex4", "acces.md", slips, "ex4.date", true, "22 ocotbre 2026");
        row("sentence with slips", "ex4", "acces.md", slips, "ex4.sentence", true,
            "La phrase est recopiée avec 2 fautes de frappe.");
        row("another sentence", "ex4", "acces.md",
            "- Phrase : Connexion seulement vers le nœud indiqué par les organisateurs.\n",
            "ex4.sentence", false, "Il faut recopier la phrase");
        // Lines of one paragraph: read from the one that names the question, not the line
        // before it about the Deployment ("relance").
        row("lines of one paragraph", "ex3", "refus.md",
            "le deployment relance le conteneur qd sleep finit, ça boucle.\n"
            "backoffLimit 1 : si le pod plante le job passe direct en Failed, y a pas de 2e "
            "essai.\n",
            "ex3.refus.backoff", false, "pas de 2e essai");
        // The other command cited as the one not to use: set aside, no review; the right
        // one cited to be set aside: not the answer.
        row("the other command set aside", "ex2", "decision.md",
            "Q2 : scancel 51 (pas scancel -u leo sinon ça vire tt ses jobs)\n", "ex2.q2.command",
            true, "scancel 51");
        row("the other command, conditional", "ex2", "decision.md",
            "## Question 2\n`scancel 51`. `scancel -u leo` would cancel every job of leo.\n",
            "ex2.q2.command", true, "scancel 51");
        row("the right command denied", "ex2", "decision.md",
            "## Question 2\n`scancel 51` ne suffit pas, il faut `scancel -u leo`.\n",
            "ex2.q2.command", false, "La commande donnée (scancel -u leo) n'est pas scancel 51.");
        // English "51: reason" (the colon right after the id); answers labelled "Réponse N".
        row("id and colon", "ex2", "decision.md",
            "1. Jobs 51, 52 and 53 are still PD (50 is running on node01). 51: reason Resources, "
            "it needs both nodes. 52 and 53: reason Priority, 51 has a higher priority.\n"
            "2. `scancel 51`.\n",
            "ex2.q1.reasons", true, "51: reason Resources");
        row("Réponse N", "ex2", "decision.md",
            "Réponse 1\nRestent PD : 51, avec la raison Priority, et 52 et 53, avec la raison "
            "Resources.\nRéponse 2\nscancel 51\n",
            "ex2.q1.reasons", false, "51 attend pour Resources, pas pour Priority");
        // Two reasons offered for one job without choosing: not an answer.
        row("hedged between two reasons", "ex2", "decision.md",
            "Question 1) 51, 52 et 53 sont en attente. Pour 51 je pense que c'est soit Resources "
            "soit Priority, pour 52 et 53 c'est Priority.\n",
            "ex2.q1.reasons", false,
            "51 attend pour Resources, pas pour deux raisons sans choisir");
        row("one reason, then its meaning", "ex2", "decision.md",
            "Q1 : 51 attend pour Resources, les deux nœuds ou rien ; 52 et 53 pour Priority.\n",
            "ex2.q1.reasons", true, "51 attend pour Resources");
        // One line not explained, and no sentence where it would be: failed, surely.
        row("a line left out", "ex1", "lignes.md",
            "# lignes\n\n- --job-name=sommeil : le nom dans squeue\n"
            "- --output=sommeil-%j.out : le fichier de sortie\n- --time=00:02:00 : 2 min max\n"
            "- --cpus-per-task=1 : un cpu pour la tache\n- --mem=1G : 1 Go de mémoire\n"
            "- hostname : écrit le nom du noeud\n- sleep 30 : dort 30 s\n",
            "ex1.lines.one-per-line", false, "ligne 1 (#!/bin/bash)");
        // A line explained by what it does not allow is still that line's explanation.
        row("a line explained by a negation", "ex1", "lignes.md",
            "Ligne 1 : #!/bin/bash, le système exécute le fichier avec bash.\n"
            "Ligne 2 : --job-name=sommeil, le nom qu'on verra dans squeue.\n"
            "Ligne 3 : --output=sommeil-%j.out, le fichier où la sortie est écrite.\n"
            "Ligne 4 : --time=00:02:00, le job ne doit pas durer plus de 2 minutes.\n"
            "Ligne 5 : --cpus-per-task=1, on ne demande qu'un seul CPU.\n"
            "Ligne 6 : --mem=1G, on ne demande qu'un giga de mémoire.\n"
            "Ligne 7 : hostname, écrit le nom de la machine qui exécute le job.\n"
            "Ligne 8 : sleep 30, le job ne fait rien pendant 30 secondes.\n",
            "ex1.lines.one-per-line", true, "ligne 4 (--time)");
        // A wrong meaning stated for a line fails surely; taken back on its line, it passes.
        const auto explained = [](const char *timeLine) {
            return QByteArray("#!/bin/bash -> lance le script avec bash\n"
                              "--job-name=sommeil -> le nom du job\n"
                              "--output=sommeil-%j.out -> le fichier de sortie\n") +
                   timeLine +
                   "\n--cpus-per-task=1 -> 1 cpu\n--mem=1G -> 1 Go de mémoire\n"
                   "hostname -> affiche le nom du nœud\nsleep 30 -> attend 30 secondes\n";
        };
        row("hours read in 00:02:00", "solo", "explication.md",
            explained("--time=00:02:00 -> le job a droit à 2 heures"),
            "solo.explanation.one-per-line", false, "ligne 4 (--time) : « 2 heures »");
        row("hours taken back", "solo", "explication.md",
            explained("--time=00:02:00 -> limite de 2 heures... non, 2 minutes"),
            "solo.explanation.one-per-line", true, "ligne 4 (--time)");
        // Why 53 waits, in English and without accents.
        row("why, in English", "ex2", "decision.md",
            "3. 52 starts on node02. 53 stays PD because 52 went first and took the only free "
            "node.\n",
            "ex2.q3.why", true, "52 went first");
        row("why, freed at 10", "ex2", "decision.md",
            "**Question 3**\n52 demarre sur node02. 53 reste PD, il attend que 50 libere node01 "
            "a 10h00.\n",
            "ex2.q3.why", true, "50 libere node01");
        // An account opened long ago, checked before the session.
        row("2025 date", "ex4", "acces.md", "Compte deja ouvert, verifie le 12/06/2025.\n",
            "ex4.date", true, "12/06/2025");
    }

    // Blanked where the student kept the starting file's lines; offsets kept.
    void startingTextIsBlanked()
    {
        const QString starting = QStringLiteral("# Réponses\n\n- Durée retenue :\n1. \n");
        const QString text = QStringLiteral("# Réponses\n  - Durée retenue : 1 minute\n1. ok\n");
        const QString blanked = withoutStartingText(text, starting);
        QCOMPARE(blanked.size(), text.size());
        QCOMPARE(blanked, QStringLiteral("          \n                    1 minute\n1. ok\n"));
        QCOMPARE(withoutStartingText(text, QString()), text);
    }

    void cases()
    {
        QFETCH(QString, exercise);
        QFETCH(QString, file);
        QFETCH(QByteArray, text);
        QFETCH(QString, criterion);
        QFETCH(bool, passed);
        QFETCH(QString, shown);
        QFETCH(bool, review);
        const RubricSet &set = exercise == QLatin1String("examen") ? instructor_ : rubrics_;
        FileList files{{file, text}};
        if ((exercise == QLatin1String("ex1") || exercise == QLatin1String("solo")) &&
            file != QLatin1String("sommeil.sbatch"))
            files << qMakePair(QStringLiteral("sommeil.sbatch"), kScript);
        const ExerciseResult r =
            schedlab::test::gradeFiles(set, exercise.toUtf8().constData(), files);
        const CriterionResult *c = schedlab::test::findCriterion(r, criterion);
        QVERIFY2(c, qPrintable(criterion));
        const QString said = c->evidence + QStringLiteral(" | ") + c->feedback;
        QVERIFY2(
            c->review == review,
            qPrintable(
                QStringLiteral("review %1 (%2): %3").arg(c->review).arg(c->confidence).arg(said)));
        QVERIFY2(review || c->passed == passed, qPrintable(said));
        QCOMPARE(c->points, c->passed && !c->review ? c->max : 0.0);
        QVERIFY2(said.contains(shown), qPrintable(said));
    }

private:
    RubricSet rubrics_;
    RubricSet instructor_;
};

QTEST_GUILESS_MAIN(TestStudentWriting)
#include "tst_studentwriting.moc"
