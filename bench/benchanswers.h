// Answers as students write them, two versions of each (one right, one wrong), shared by
// the grading benchmarks so that they measure the same work.
#pragma once

namespace schedlab::bench {

const char *const kScripts[] = {
    "#!/bin/bash\n#SBATCH --job-name=sommeil\n#SBATCH --output=sommeil-%j.out\n#SBATCH "
    "--time=00:02:00\n#SBATCH --cpus-per-task=1\n#SBATCH --mem=1G\nhostname\nsleep 30\n",
    "#!/bin/bash\n#SBATCH -J sommeil\n#SBATCH -o sommeil-%j.out\nhostname\n#SBATCH -t 2\nsleep "
    "30\n"};
const char *const kLines[] = {
    "1. #!/bin/bash lance bash.\n2. --job-name nomme le job.\n3. --output choisit le fichier de "
    "sortie.\n4. --time limite la durée.\n5. --cpus-per-task demande un CPU.\n6. --mem demande "
    "la mémoire.\n7. hostname affiche le nœud.\n8. sleep 30 dort.\n\nAprès hostname, une "
    "directive est ignorée. 00:00:30 devient 1 minute. Sans --error, tout va dans "
    "sommeil-%j.out.\n",
    "Le script lance hostname. Une directive après hostname est prise en compte.\n"};
const char *const kRefus[] = {
    "Le Deployment relance le conteneur après le code 0 : c'est une boucle. Je ne l'applique "
    "pas, il tournerait jusqu'à ce qu'on le supprime. Avec backoffLimit 1, le contrôleur crée "
    "un second pod puis marque le Job Failed. Kueue n'est pas installé.\n",
    "Le Deployment s'arrête après sleep.\n"};
const char *const kJob =
    "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: sommeil\nspec:\n"
    "  backoffLimit: 1\n  activeDeadlineSeconds: 120\n  template:\n    spec:\n"
    "      restartPolicy: Never\n      containers:\n        - name: sommeil\n"
    "          image: busybox:1.36\n          command: [sh, -c, hostname; sleep 30]\n";
const char *const kAccess = "- 2 novembre 2026\n- ~/.ssh/id_ed25519_romeo.pub\n- 256 "
                            "SHA256:KCC1hHA0/c2LSy2lPQnTekLR5u7s+xBqPsyFdpALb9I kim (ED25519)\n"
                            "- Connexion uniquement vers le nœud de login indiqué par les "
                            "organisateurs.\n";

} // namespace schedlab::bench
