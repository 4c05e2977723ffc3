<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>Diagnostics</name>
    <message>
        <location filename="../app/gui/diagnostics.cpp" line="24" />
        <source>This directive comes after the first command (line %1): Slurm no longer reads it.</source>
        <translation>Cette directive vient après la première commande (ligne %1) : Slurm ne la lit plus.</translation>
    </message>
    <message>
        <location filename="../app/gui/diagnostics.cpp" line="31" />
        <source>An indented #SBATCH is a plain comment for Slurm: start the line with it.</source>
        <translation>Un #SBATCH indenté n'est qu'un commentaire pour Slurm : commencez la ligne par lui.</translation>
    </message>
    <message>
        <location filename="../app/gui/diagnostics.cpp" line="36" />
        <source>Slurm only reads "#SBATCH", in capitals and with no space.</source>
        <translation>Slurm ne lit que « #SBATCH », en majuscules et sans espace.</translation>
    </message>
    <message>
        <location filename="../app/gui/diagnostics.cpp" line="40" />
        <source>%1 stays as it is: Slurm does not expand shell variables in a directive.</source>
        <translation>%1 reste tel quel : Slurm ne développe pas les variables du shell dans une directive.</translation>
    </message>
    <message>
        <location filename="../app/gui/diagnostics.cpp" line="46" />
        <source>Slurm rounds --time up to the next minute.</source>
        <translation>Slurm arrondit --time à la minute supérieure.</translation>
    </message>
    <message>
        <location filename="../app/gui/diagnostics.cpp" line="79" />
        <source>sbatch refuses a script whose first line is not a "#!" line such as #!/bin/bash.</source>
        <translation>sbatch refuse un script dont la première ligne n'est pas une ligne « #! » comme #!/bin/bash.</translation>
    </message>
    <message>
        <location filename="../app/gui/diagnostics.cpp" line="85" />
        <source>Windows line ends (CRLF): sbatch refuses the script. Save it with Unix line ends.</source>
        <translation>Fins de ligne Windows (CRLF) : sbatch refuse le script. Enregistrez-le avec des fins de ligne Unix.</translation>
    </message>
    <message>
        <location filename="../app/gui/diagnostics.cpp" line="119" />
        <source>Unknown kind "%1" in version "%2".</source>
        <translation>Type « %1 » inconnu dans la version « %2 ».</translation>
    </message>
    <message>
        <location filename="../app/gui/diagnostics.cpp" line="125" />
        <source>A Deployment restarts its container every time it ends, even with exit code 0: for work that must finish, write a Job.</source>
        <translation>Un Deployment relance son conteneur chaque fois qu'il se termine, même avec le code 0 : pour un travail qui doit finir, écrivez un Job.</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../app/gui/workspace.cpp" line="30" />
        <source>Cannot create the folder %1.</source>
        <translation>Impossible de créer le dossier %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/workspace.cpp" line="59" />
        <source>The exercise's scenario cannot be read: %1</source>
        <translation>Le scénario de l'exercice est illisible : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/workspace.cpp" line="80" />
        <source>Cannot save %1: %2</source>
        <translation>Impossible d'enregistrer %1 : %2</translation>
    </message>
    <message>
        <location filename="../app/gui/handin.cpp" line="109" />
        <source>%1 holds a private key: remove it before handing in. A private key never leaves your laptop.</source>
        <translation>%1 contient une clé privée : retirez-la avant de rendre votre travail. Une clé privée ne quitte jamais votre portable.</translation>
    </message>
    <message>
        <location filename="../app/gui/handin.cpp" line="120" />
        <source>Cannot create %1: %2</source>
        <translation>Impossible de créer %1 : %2</translation>
    </message>
    <message>
        <location filename="../app/gui/handin.cpp" line="132" />
        <source>Cannot write %1: %2</source>
        <translation>Impossible d'écrire %1 : %2</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/main.cpp" line="20" />
        <source>The Slurm and Kubernetes scheduling workbench.</source>
        <translation>L'atelier d'ordonnancement Slurm et Kubernetes.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="23" />
        <source>The student's folder.</source>
        <translation>Le dossier de l'étudiant.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="27" />
        <source>Open this exercise (ex1, ...).</source>
        <translation>Ouvrir cet exercice (ex1, ...).</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="30" />
        <source>Save the window as a PNG and quit.</source>
        <translation>Enregistrer la fenêtre en PNG et quitter.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="34" />
        <source>Check the opened exercise at once.</source>
        <translation>Vérifier tout de suite l'exercice ouvert.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="37" />
        <source>Interface language: fr, en or system.</source>
        <translation>Langue de l'interface : fr, en ou system.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="48" />
        <source>The exercises cannot be read:
%1</source>
        <translation>Les exercices sont illisibles :
%1</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::ExercisePage</name>
    <message>
        <location filename="../app/gui/exercisepage.cpp" line="68" />
        <source>Check my work</source>
        <translation>Vérifier</translation>
    </message>
    <message>
        <location filename="../app/gui/exercisepage.cpp" line="77" />
        <source>Criterion</source>
        <translation>Critère</translation>
    </message>
    <message>
        <location filename="../app/gui/exercisepage.cpp" line="77" />
        <source>Result</source>
        <translation>Résultat</translation>
    </message>
    <message>
        <location filename="../app/gui/exercisepage.cpp" line="77" />
        <source>Points</source>
        <translation>Points</translation>
    </message>
    <message>
        <location filename="../app/gui/exercisepage.cpp" line="82" />
        <source>Grade this exercise now (Ctrl+Enter)</source>
        <translation>Corriger cet exercice maintenant (Ctrl+Entrée)</translation>
    </message>
    <message>
        <location filename="../app/gui/exercisepage.cpp" line="88" />
        <source>Select a criterion to read its feedback in full.</source>
        <translation>Choisissez un critère pour lire son commentaire en entier.</translation>
    </message>
    <message>
        <location filename="../app/gui/exercisepage.cpp" line="109" />
        <source>Find</source>
        <translation>Rechercher</translation>
    </message>
    <message>
        <location filename="../app/gui/exercisepage.cpp" line="112" />
        <source>Replace</source>
        <translation>Remplacer</translation>
    </message>
    <message>
        <location filename="../app/gui/exercisepage.cpp" line="181" />
        <source>Score: %1 / %2</source>
        <translation>Note : %1 / %2</translation>
    </message>
    <message>
        <location filename="../app/gui/exercisepage.cpp" line="183" />
        <source>to be reviewed</source>
        <translation>à vérifier</translation>
    </message>
    <message>
        <location filename="../app/gui/exercisepage.cpp" line="184" />
        <source>passed</source>
        <translation>réussi</translation>
    </message>
    <message>
        <location filename="../app/gui/exercisepage.cpp" line="185" />
        <source>failed</source>
        <translation>non réussi</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::FindBar</name>
    <message>
        <location filename="../app/gui/findbar.cpp" line="19" />
        <source>Match case</source>
        <translation>Respecter la casse</translation>
    </message>
    <message>
        <location filename="../app/gui/findbar.cpp" line="22" />
        <source>Find</source>
        <translation>Rechercher</translation>
    </message>
    <message>
        <location filename="../app/gui/findbar.cpp" line="23" />
        <source>Replace with</source>
        <translation>Remplacer par</translation>
    </message>
    <message>
        <location filename="../app/gui/findbar.cpp" line="24" />
        <source>Next</source>
        <translation>Suivant</translation>
    </message>
    <message>
        <location filename="../app/gui/findbar.cpp" line="25" />
        <source>Replace</source>
        <translation>Remplacer</translation>
    </message>
    <message>
        <location filename="../app/gui/findbar.cpp" line="26" />
        <source>Replace all</source>
        <translation>Tout remplacer</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::MainWindow</name>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="36" />
        <source>SchedLab — Slurm and Kubernetes scheduling</source>
        <translation>SchedLab — Ordonnancement Slurm et Kubernetes</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="50" />
        <source>Workspace: %1</source>
        <translation>Espace de travail : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="57" />
        <source>Course</source>
        <translation>Cours</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="82" />
        <source>Last checked %1</source>
        <translation>Dernière vérification : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="89" />
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="90" />
        <source>Choose the &amp;workspace…</source>
        <translation>Choisir l'&amp;espace de travail…</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="92" />
        <source>&amp;Save</source>
        <translation>&amp;Enregistrer</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="98" />
        <source>&amp;Hand in my work…</source>
        <translation>&amp;Rendre mon travail…</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="101" />
        <source>&amp;Language</source>
        <translation>&amp;Langue</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="103" />
        <source>As the system</source>
        <translation>Comme le système</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="112" />
        <source>The language changes at the next start.</source>
        <translation>La langue change au prochain démarrage.</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="116" />
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="165" />
        <location filename="../app/gui/mainwindow.cpp" line="171" />
        <source>Workspace</source>
        <translation>Espace de travail</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="172" />
        <source>SchedLab will use %1 from its next start.</source>
        <translation>SchedLab utilisera %1 à partir du prochain démarrage.</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="182" />
        <source>Hand in my work</source>
        <translation>Rendre mon travail</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="184" />
        <source>Zip archives (*.zip)</source>
        <translation>Archives zip (*.zip)</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="192" />
        <source>%1 files handed in: %2</source>
        <translation>%1 fichiers rendus : %2</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="198" />
        <source>SchedLab</source>
        <translation>SchedLab</translation>
    </message>
</context>
</TS>