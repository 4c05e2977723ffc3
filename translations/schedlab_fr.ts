<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>ClassExports</name>
    <message>
        <location filename="../app/gui/instructor/classexports.cpp" line="110"/>
        <source>Choose the grading worksheet downloaded from Moodle first.</source>
        <translation>Choisissez d’abord la feuille de notes téléchargée depuis Moodle.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/classexports.cpp" line="117"/>
        <source>%1 (%2 to review)</source>
        <translation>%1 (%2 à vérifier)</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/classexports.cpp" line="130"/>
        <source>Not handed in (grade left empty)</source>
        <translation>Non rendu (note laissée vide)</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/classexports.cpp" line="131"/>
        <source>Grade locked in Moodle (left as it was)</source>
        <translation>Note verrouillée dans Moodle (laissée telle quelle)</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/classexports.cpp" line="132"/>
        <source>Graded but not in the worksheet</source>
        <translation>Corrigé mais absent de la feuille de notes</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/classexports.cpp" line="142"/>
        <source>The folder %1 cannot be created.</source>
        <translation>Le dossier %1 ne peut pas être créé.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/classexports.cpp" line="170"/>
        <source>%1: not in the Moodle zip (its participant id is not a number)</source>
        <translation>%1 : absent du zip pour Moodle (son identifiant de participant n’est pas un nombre)</translation>
    </message>
</context>
<context>
    <name>Diagnostics</name>
    <message>
        <location filename="../app/gui/diagnostics.cpp" line="24"/>
        <source>This directive comes after the first command (line %1): Slurm no longer reads it.</source>
        <translation>Cette directive vient après la première commande (ligne %1) : Slurm ne la lit plus.</translation>
    </message>
    <message>
        <location filename="../app/gui/diagnostics.cpp" line="31"/>
        <source>An indented #SBATCH is a plain comment for Slurm: start the line with it.</source>
        <translation>Un #SBATCH indenté n&apos;est qu&apos;un commentaire pour Slurm : commencez la ligne par lui.</translation>
    </message>
    <message>
        <location filename="../app/gui/diagnostics.cpp" line="36"/>
        <source>Slurm only reads &quot;#SBATCH&quot;, in capitals and with no space.</source>
        <translation>Slurm ne lit que « #SBATCH », en majuscules et sans espace.</translation>
    </message>
    <message>
        <location filename="../app/gui/diagnostics.cpp" line="40"/>
        <source>%1 stays as it is: Slurm does not expand shell variables in a directive.</source>
        <translation>%1 reste tel quel : Slurm ne développe pas les variables du shell dans une directive.</translation>
    </message>
    <message>
        <location filename="../app/gui/diagnostics.cpp" line="46"/>
        <source>Slurm rounds --time up to the next minute.</source>
        <translation>Slurm arrondit --time à la minute supérieure.</translation>
    </message>
    <message>
        <location filename="../app/gui/diagnostics.cpp" line="79"/>
        <source>sbatch refuses a script whose first line is not a &quot;#!&quot; line such as #!/bin/bash.</source>
        <translation>sbatch refuse un script dont la première ligne n&apos;est pas une ligne « #! » comme #!/bin/bash.</translation>
    </message>
    <message>
        <location filename="../app/gui/diagnostics.cpp" line="85"/>
        <source>Windows line ends (CRLF): sbatch refuses the script. Save it with Unix line ends.</source>
        <translation>Fins de ligne Windows (CRLF) : sbatch refuse le script. Enregistrez-le avec des fins de ligne Unix.</translation>
    </message>
    <message>
        <location filename="../app/gui/diagnostics.cpp" line="119"/>
        <source>Unknown kind &quot;%1&quot; in version &quot;%2&quot;.</source>
        <translation>Type « %1 » inconnu dans la version « %2 ».</translation>
    </message>
    <message>
        <location filename="../app/gui/diagnostics.cpp" line="125"/>
        <source>A Deployment restarts its container every time it ends, even with exit code 0: for work that must finish, write a Job.</source>
        <translation>Un Deployment relance son conteneur chaque fois qu&apos;il se termine, même avec le code 0 : pour un travail qui doit finir, écrivez un Job.</translation>
    </message>
</context>
<context>
    <name>ExamLock</name>
    <message>
        <location filename="../app/gui/exam/examlock.cpp" line="67"/>
        <location filename="../app/gui/exam/examlock.cpp" line="82"/>
        <source>The exam cannot be locked on this computer: %1.</source>
        <translation>L’examen ne peut pas être verrouillé sur cet ordinateur : %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examlock.cpp" line="131"/>
        <source>The exam &quot;%1&quot; is in progress in the workspace %2 since %3, in %4.</source>
        <translation>L’examen « %1 » est en cours dans l’espace de travail %2 depuis %3, dans %4.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examlock.cpp" line="136"/>
        <source>The exam &quot;%1&quot; is in progress in the workspace %2 since %3.</source>
        <translation>L’examen « %1 » est en cours dans l’espace de travail %2 depuis %3.</translation>
    </message>
</context>
<context>
    <name>ExamStore</name>
    <message>
        <location filename="../app/gui/exam/examstore.cpp" line="97"/>
        <source>no reason given by SQLite</source>
        <translation>SQLite n&apos;a pas donné de raison</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examstore.cpp" line="137"/>
        <source>not a regular file</source>
        <translation>ce n&apos;est pas un fichier ordinaire</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examstore.cpp" line="155"/>
        <source>The exam record %1 is damaged or unreadable (%2). An exam may be in progress, so the window stays locked. The file is left as it is: call your instructor.</source>
        <translation>Le registre de l&apos;examen %1 est endommagé ou illisible (%2). Un examen est peut-être en cours : la fenêtre reste verrouillée. Le fichier est laissé tel quel : appelez votre enseignant.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examstore.cpp" line="159"/>
        <source>The exam record %1 cannot be opened: %2.</source>
        <translation>Impossible d&apos;ouvrir le registre de l&apos;examen %1 : %2.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examstore.cpp" line="210"/>
        <source>The exam record %1 cannot be written (%2): %3.</source>
        <translation>Impossible d&apos;écrire le registre de l&apos;examen %1 (%2) : %3.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examstore.cpp" line="287"/>
        <location filename="../app/gui/exam/examstore.cpp" line="296"/>
        <location filename="../app/gui/exam/examstore.cpp" line="297"/>
        <source>paper</source>
        <translation>copie</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examstore.cpp" line="290"/>
        <source>This exam has already been started on another paper: its paper cannot change.</source>
        <translation>Cet examen a déjà commencé sur un autre sujet : son sujet ne peut plus changer.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examstore.cpp" line="305"/>
        <location filename="../app/gui/exam/examstore.cpp" line="316"/>
        <source>attempt to leave</source>
        <translation>tentative de sortie</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examstore.cpp" line="307"/>
        <source>The exam is not in progress: there is nothing to leave.</source>
        <translation>L’examen n’est pas en cours : il n’y a rien à quitter.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examstore.cpp" line="350"/>
        <location filename="../app/gui/exam/examstore.cpp" line="364"/>
        <location filename="../app/gui/exam/examstore.cpp" line="365"/>
        <source>start</source>
        <translation>démarrage</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examstore.cpp" line="352"/>
        <source>The exam has already been started.</source>
        <translation>L&apos;examen a déjà commencé.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examstore.cpp" line="373"/>
        <location filename="../app/gui/exam/examstore.cpp" line="387"/>
        <source>answer %1</source>
        <translation>réponse %1</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examstore.cpp" line="376"/>
        <source>The paper has been handed in: its answers can no longer change.</source>
        <translation>La copie a été rendue : ses réponses ne peuvent plus changer.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examstore.cpp" line="377"/>
        <source>The exam has not been started: there is nowhere to save an answer.</source>
        <translation>L&apos;examen n&apos;a pas commencé : une réponse ne peut être enregistrée nulle part.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examstore.cpp" line="396"/>
        <location filename="../app/gui/exam/examstore.cpp" line="412"/>
        <source>hand-in</source>
        <translation>remise de la copie</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examstore.cpp" line="398"/>
        <source>The paper has already been handed in.</source>
        <translation>La copie a déjà été rendue.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examstore.cpp" line="399"/>
        <source>The exam has not been started.</source>
        <translation>L&apos;examen n&apos;a pas commencé.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examstore.cpp" line="420"/>
        <location filename="../app/gui/exam/examstore.cpp" line="429"/>
        <source>result</source>
        <translation>résultat</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examstore.cpp" line="422"/>
        <source>The paper has not been handed in: there is no result to record.</source>
        <translation>La copie n&apos;a pas été rendue : il n&apos;y a aucun résultat à enregistrer.</translation>
    </message>
</context>
<context>
    <name>KeyFiles</name>
    <message>
        <location filename="../remote/keyfiles.cpp" line="39"/>
        <source> already exists: it is kept, choose another name</source>
        <translation> existe déjà : ce fichier est conservé, choisissez un autre nom</translation>
    </message>
    <message>
        <location filename="../remote/keyfiles.cpp" line="324"/>
        <source>the key file name is empty</source>
        <translation>le nom du fichier de clé est vide</translation>
    </message>
    <message>
        <location filename="../remote/keyfiles.cpp" line="326"/>
        <source>the passphrase is empty: the key must be protected by one</source>
        <translation>la phrase de passe est vide : la clé doit être protégée par une phrase de passe</translation>
    </message>
    <message>
        <location filename="../remote/keyfiles.cpp" line="330"/>
        <source>the passphrase may not contain a NUL character</source>
        <translation>la phrase de passe ne doit pas contenir de caractère NUL</translation>
    </message>
    <message>
        <location filename="../remote/keyfiles.cpp" line="334"/>
        <source>the key comment may not contain a line break or a tab</source>
        <translation>le commentaire de la clé ne doit contenir ni saut de ligne ni tabulation</translation>
    </message>
    <message>
        <location filename="../remote/keyfiles.cpp" line="356"/>
        <source>: not a folder</source>
        <translation>: ce n&apos;est pas un dossier</translation>
    </message>
    <message>
        <location filename="../remote/keyfiles.cpp" line="422"/>
        <source>libssh could not generate an ed25519 key</source>
        <translation>libssh n&apos;a pas pu générer de clé ed25519</translation>
    </message>
    <message>
        <location filename="../remote/keyfiles.cpp" line="426"/>
        <source>libssh could not encrypt the private key</source>
        <translation>libssh n&apos;a pas pu chiffrer la clé privée</translation>
    </message>
    <message>
        <location filename="../remote/keyfiles.cpp" line="429"/>
        <source>libssh could not export the public key</source>
        <translation>libssh n&apos;a pas pu exporter la clé publique</translation>
    </message>
    <message>
        <location filename="../remote/keyfiles.cpp" line="514"/>
        <source>: a private key: choose the .pub file next to it</source>
        <translation>: c&apos;est une clé privée : choisissez le fichier .pub situé à côté</translation>
    </message>
    <message>
        <location filename="../remote/keyfiles.cpp" line="622"/>
        <source>: a PuTTY key: export it in the OpenSSH format with PuTTYgen</source>
        <translation>: c&apos;est une clé PuTTY : exportez-la au format OpenSSH avec PuTTYgen</translation>
    </message>
    <message>
        <location filename="../remote/keyfiles.cpp" line="624"/>
        <source>: not a private key in the OpenSSH or PEM format</source>
        <translation>: ce n&apos;est pas une clé privée au format OpenSSH ou PEM</translation>
    </message>
    <message>
        <location filename="../remote/keyfiles.cpp" line="640"/>
        <source>: the key file is damaged</source>
        <translation>: le fichier de clé est endommagé</translation>
    </message>
</context>
<context>
    <name>Lesson</name>
    <message>
        <location filename="../app/gui/lessons/lesson.cpp" line="70"/>
        <source>Run in the terminal</source>
        <translation>Exécuter dans le terminal</translation>
    </message>
    <message>
        <location filename="../app/gui/lessons/lesson.cpp" line="79"/>
        <source>a schedlab-run block has no command line</source>
        <translation>un bloc schedlab-run sans ligne de commande</translation>
    </message>
    <message>
        <location filename="../app/gui/lessons/lesson.cpp" line="92"/>
        <source>the body of %1 must be YAML keys (file:, label:, ...)</source>
        <translation>le contenu de %1 doit être des clés YAML (file:, label:, ...)</translation>
    </message>
    <message>
        <location filename="../app/gui/lessons/lesson.cpp" line="102"/>
        <source>Play the scenario</source>
        <translation>Rejouer le scénario</translation>
    </message>
    <message>
        <location filename="../app/gui/lessons/lesson.cpp" line="109"/>
        <source>Open %1 in the editor</source>
        <translation>Ouvrir %1 dans l&apos;éditeur</translation>
    </message>
    <message>
        <location filename="../app/gui/lessons/lesson.cpp" line="123"/>
        <source>Check my answer</source>
        <translation>Vérifier ma réponse</translation>
    </message>
    <message>
        <location filename="../app/gui/lessons/lesson.cpp" line="125"/>
        <source>a schedlab-check block needs a question and concepts</source>
        <translation>un bloc schedlab-check demande une question et des concepts</translation>
    </message>
    <message>
        <location filename="../app/gui/lessons/lesson.cpp" line="133"/>
        <source>require: names an unknown concept &apos;%1&apos;</source>
        <translation>require: nomme un concept inconnu « %1 »</translation>
    </message>
    <message>
        <location filename="../app/gui/lessons/lesson.cpp" line="138"/>
        <source>unknown block &apos;%1&apos;</source>
        <translation>bloc inconnu « %1 »</translation>
    </message>
    <message>
        <location filename="../app/gui/lessons/lesson.cpp" line="144"/>
        <source>%1 needs a file: inside the lesson&apos;s folders</source>
        <translation>%1 demande un file: dans les dossiers de la leçon</translation>
    </message>
    <message>
        <location filename="../app/gui/lessons/lesson.cpp" line="184"/>
        <source>the lesson must open with a front matter giving its title</source>
        <translation>la leçon doit commencer par un en-tête (front matter) qui donne son titre</translation>
    </message>
    <message>
        <location filename="../app/gui/lessons/lesson.cpp" line="213"/>
        <source>the block is never closed (```)</source>
        <translation>le bloc n&apos;est jamais fermé (```)</translation>
    </message>
    <message>
        <location filename="../app/gui/lessons/lesson.cpp" line="87"/>
        <location filename="../app/gui/lessons/lesson.cpp" line="223"/>
        <source>invalid YAML: %1</source>
        <translation>YAML invalide : %1</translation>
    </message>
</context>
<context>
    <name>LoginProfile</name>
    <message>
        <location filename="../remote/profile.cpp" line="49"/>
        <source>the remote folder is empty: give a folder inside your home, such as schedlab</source>
        <translation>le dossier distant est vide : indiquez un dossier dans votre dossier personnel, par exemple schedlab</translation>
    </message>
    <message>
        <location filename="../remote/profile.cpp" line="53"/>
        <source>the remote folder may not contain control characters</source>
        <translation>le dossier distant ne doit pas contenir de caractères de contrôle</translation>
    </message>
    <message>
        <location filename="../remote/profile.cpp" line="56"/>
        <source>the remote folder is already relative to your home: write it without the leading &apos;~&apos;</source>
        <translation>le dossier distant est déjà relatif à votre dossier personnel : écrivez-le sans le « ~ » initial</translation>
    </message>
    <message>
        <location filename="../remote/profile.cpp" line="60"/>
        <source>the remote folder must be relative to your home: write it without the leading &apos;/&apos;</source>
        <translation>le dossier distant doit être relatif à votre dossier personnel : écrivez-le sans le « / » initial</translation>
    </message>
    <message>
        <location filename="../remote/profile.cpp" line="65"/>
        <source>the remote folder may not contain &apos;..&apos;: it must stay inside your home</source>
        <translation>le dossier distant ne doit pas contenir « .. » : il doit rester dans votre dossier personnel</translation>
    </message>
    <message>
        <location filename="../remote/profile.cpp" line="69"/>
        <source>the remote folder may not contain &apos;.&apos; as a folder name</source>
        <translation>le dossier distant ne doit pas contenir « . » comme nom de dossier</translation>
    </message>
    <message>
        <location filename="../remote/profile.cpp" line="77"/>
        <source>the host is empty: use the exact name the organisers gave (there is no default)</source>
        <translation>l&apos;hôte est vide : utilisez le nom exact donné par les organisateurs (il n&apos;y a pas de valeur par défaut)</translation>
    </message>
    <message>
        <location filename="../remote/profile.cpp" line="84"/>
        <source>the host &apos;%1&apos; must be the machine name alone, exactly as the organisers gave it (no &apos;ssh&apos;, no &apos;user@&apos;)</source>
        <translation>l&apos;hôte « %1 » doit être le seul nom de la machine, exactement tel que les organisateurs l&apos;ont donné (sans « ssh », sans « user@ »)</translation>
    </message>
    <message>
        <location filename="../remote/profile.cpp" line="152"/>
        <source>port %1 is out of range: it must be between 1 and 65535</source>
        <translation>le port %1 est hors limites : il doit être compris entre 1 et 65535</translation>
    </message>
    <message>
        <location filename="../remote/profile.cpp" line="156"/>
        <source>the user is empty: use the access account the organisers gave</source>
        <translation>l&apos;utilisateur est vide : utilisez le compte d&apos;accès donné par les organisateurs</translation>
    </message>
    <message>
        <location filename="../remote/profile.cpp" line="159"/>
        <source>no key file is chosen: choose your private key, or use the ssh-agent</source>
        <translation>aucun fichier de clé n&apos;est choisi : choisissez votre clé privée, ou utilisez le ssh-agent</translation>
    </message>
    <message>
        <location filename="../remote/profile.cpp" line="197"/>
        <source>: not a connection profile (a JSON object is expected)</source>
        <translation>: ce n&apos;est pas un profil de connexion (un objet JSON est attendu)</translation>
    </message>
</context>
<context>
    <name>Progress</name>
    <message>
        <location filename="../app/gui/progress.cpp" line="23"/>
        <source>Your progress cannot be recorded: %1.</source>
        <translation>Votre progression ne peut pas être enregistrée : %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/progress.cpp" line="34"/>
        <source>Your progress record %1 cannot be read (%2) nor set aside (%3): checks are not recorded.</source>
        <translation>Le registre de votre progression %1 ne peut être ni lu (%2) ni mis de côté (%3) : les vérifications ne sont pas enregistrées.</translation>
    </message>
    <message>
        <location filename="../app/gui/progress.cpp" line="42"/>
        <source>Your progress record %1 was damaged (%2). It is kept as %3 and a new one was started: earlier checks are not shown.</source>
        <translation>Le registre de votre progression %1 était endommagé (%2). Il est conservé sous le nom %3 et un nouveau a été commencé : les vérifications précédentes ne sont pas affichées.</translation>
    </message>
    <message>
        <location filename="../app/gui/progress.cpp" line="45"/>
        <source>Your progress record %1 cannot be opened: %2.</source>
        <translation>Impossible d&apos;ouvrir le registre de votre progression %1 : %2.</translation>
    </message>
    <message>
        <location filename="../app/gui/progress.cpp" line="108"/>
        <source>Your progress cannot be recorded.</source>
        <translation>Votre progression ne peut pas être enregistrée.</translation>
    </message>
    <message>
        <location filename="../app/gui/progress.cpp" line="120"/>
        <source>Your progress could not be recorded in %1: %2.</source>
        <translation>Votre progression n&apos;a pas pu être enregistrée dans %1 : %2.</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../app/gui/workspace.cpp" line="34"/>
        <source>Cannot create the folder %1.</source>
        <translation>Impossible de créer le dossier %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/workspace.cpp" line="75"/>
        <source>The exercise&apos;s scenario cannot be read: %1</source>
        <translation>Le scénario de l&apos;exercice est illisible : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/workspace.cpp" line="167"/>
        <source>Your name and number were not saved: %1</source>
        <translation>Votre nom et votre numéro n’ont pas été enregistrés : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/workspace.cpp" line="175"/>
        <source>Student not given (File ▸ Student…)</source>
        <translation>Étudiant non renseigné (Fichier ▸ Étudiant…)</translation>
    </message>
    <message>
        <location filename="../app/gui/workspace.cpp" line="178"/>
        <source>, group %1</source>
        <translation>, groupe %1</translation>
    </message>
    <message>
        <location filename="../app/gui/workspace.cpp" line="209"/>
        <location filename="../app/gui/workspace.cpp" line="237"/>
        <source>Cannot create the workspace&apos;s private folder: %1.</source>
        <translation>Impossible de créer le dossier privé de l&apos;espace de travail : %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/workspace.cpp" line="225"/>
        <source>The workspace %1 is already open in %2. Two windows on one workspace would overwrite each other&apos;s files and exam answers: close that one first, or choose another workspace.</source>
        <translation>L&apos;espace de travail %1 est déjà ouvert dans %2. Deux fenêtres sur un même espace de travail écraseraient mutuellement leurs fichiers et leurs réponses d&apos;examen : fermez d&apos;abord l&apos;autre, ou choisissez un autre espace de travail.</translation>
    </message>
    <message>
        <location filename="../app/gui/workspace.cpp" line="244"/>
        <source>The workspace %1 cannot be locked for this window: %2.</source>
        <translation>L&apos;espace de travail %1 ne peut pas être réservé pour cette fenêtre : %2.</translation>
    </message>
    <message>
        <source>Cannot save %1: %2</source>
        <translation type="vanished">Impossible d&apos;enregistrer %1 : %2</translation>
    </message>
    <message>
        <location filename="../handin/handinwriter.cpp" line="52"/>
        <source>%1 is a symbolic link: put the file itself in the folder before handing in.</source>
        <translation>%1 est un lien symbolique : placez le fichier lui-même dans le dossier avant de rendre votre travail.</translation>
    </message>
    <message>
        <location filename="../handin/handinwriter.cpp" line="56"/>
        <source>%1 is too large (%2 bytes) to be an answer: move it out of the exercise folder before handing in.</source>
        <translation>%1 est trop gros (%2 octets) pour être une réponse : sortez-le du dossier de l&apos;exercice avant de rendre votre travail.</translation>
    </message>
    <message>
        <location filename="../handin/handinwriter.cpp" line="62"/>
        <source>%1 is not a regular file: move it out of the exercise folder before handing in.</source>
        <translation>%1 n&apos;est pas un fichier ordinaire : sortez-le du dossier de l&apos;exercice avant de rendre votre travail.</translation>
    </message>
    <message>
        <location filename="../handin/handinwriter.cpp" line="38"/>
        <source>%1 holds a private key: remove it before handing in. A private key never leaves your laptop.</source>
        <translation>%1 contient une clé privée : retirez-la avant de rendre votre travail. Une clé privée ne quitte jamais votre portable.</translation>
    </message>
    <message>
        <location filename="../handin/handinwriter.cpp" line="108"/>
        <source>The folder %1 is a symbolic link: put the folder itself in the workspace before handing in.</source>
        <translation>Le dossier %1 est un lien symbolique : mettez le dossier lui-même dans l’espace de travail avant de rendre.</translation>
    </message>
    <message>
        <location filename="../handin/handinwriter.cpp" line="112"/>
        <source>%1 is not a folder: move it out of the workspace before handing in.</source>
        <translation>%1 n’est pas un dossier : sortez-le de l’espace de travail avant de rendre.</translation>
    </message>
    <message>
        <location filename="../handin/handinwriter.cpp" line="177"/>
        <source>The exam has not been started.</source>
        <translation>L’examen n’a pas été commencé.</translation>
    </message>
    <message>
        <location filename="../handin/handinwriter.cpp" line="179"/>
        <source>The exam is in progress: nothing of it is handed in until the paper itself is handed in.</source>
        <translation>L’examen est en cours : rien n’en est rendu tant que la copie elle-même n’est pas rendue.</translation>
    </message>
    <message>
        <location filename="../handin/handinwriter.cpp" line="240"/>
        <source>included</source>
        <translation>inclus</translation>
    </message>
    <message>
        <location filename="../handin/handinwriter.cpp" line="242"/>
        <source>empty</source>
        <translation>vide</translation>
    </message>
    <message>
        <location filename="../handin/handinwriter.cpp" line="246"/>
        <source>missing</source>
        <translation>manquant</translation>
    </message>
    <message>
        <location filename="../handin/handinwriter.cpp" line="271"/>
        <source>Hand-in of %1 (%2)</source>
        <translation>Rendu de %1 (%2)</translation>
    </message>
    <message>
        <location filename="../handin/handinwriter.cpp" line="272"/>
        <source>no name</source>
        <translation>sans nom</translation>
    </message>
    <message>
        <location filename="../handin/handinwriter.cpp" line="273"/>
        <source>no student number</source>
        <translation>sans numéro d’étudiant</translation>
    </message>
    <message>
        <location filename="../handin/handinwriter.cpp" line="279"/>
        <source>; not found: %1</source>
        <translation> ; introuvable : %1</translation>
    </message>
    <message>
        <location filename="../handin/handinwriter.cpp" line="281"/>
        <source>; empty: %1</source>
        <translation> ; vide : %1</translation>
    </message>
    <message>
        <location filename="../handin/handinwriter.cpp" line="288"/>
        <source>Nothing can be handed in: %1</source>
        <translation>Rien ne peut être rendu : %1</translation>
    </message>
    <message>
        <location filename="../handin/handinwriter.cpp" line="310"/>
        <source>Your name or student number is missing: your instructor may not know whose work this is.</source>
        <translation>Votre nom ou votre numéro d’étudiant manque : votre enseignant risque de ne pas savoir à qui est ce travail.</translation>
    </message>
    <message>
        <location filename="../handin/handinwriter.cpp" line="335"/>
        <source>Cannot write %1</source>
        <translation>Impossible d&apos;écrire %1</translation>
    </message>
    <message>
        <source>Cannot create %1: %2</source>
        <translation type="vanished">Impossible de créer %1 : %2</translation>
    </message>
    <message>
        <location filename="../handin/handinwriter.cpp" line="329"/>
        <source>Cannot write %1: %2</source>
        <translation>Impossible d&apos;écrire %1 : %2</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/localbackend.cpp" line="37"/>
        <source>The built-in cluster configuration does not load.</source>
        <translation>La configuration intégrée du cluster ne se charge pas.</translation>
    </message>
    <message>
        <location filename="../app/gui/screenshottour.cpp" line="78"/>
        <location filename="../app/gui/screenshottour.cpp" line="102"/>
        <source>Cannot write %1.</source>
        <translation>Impossible d&apos;écrire %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/screenshottour.cpp" line="131"/>
        <source>Exercise 1 cannot be opened.</source>
        <translation>Impossible d&apos;ouvrir l&apos;exercice 1.</translation>
    </message>
</context>
<context>
    <name>SshClient</name>
    <message>
        <location filename="../remote/sshclient.cpp" line="65"/>
        <source>%1 port %2</source>
        <translation>%1 port %2</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="144"/>
        <source>The connection to %1 was lost (%2): %3</source>
        <translation>La connexion à %1 a été perdue (%2) : %3</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="154"/>
        <source>The host and the access account must both be filled in.</source>
        <translation>L&apos;hôte et le compte d&apos;accès doivent être renseignés tous les deux.</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="176"/>
        <source>The name %1 does not resolve: check it against what the organisers gave (%2).</source>
        <translation>Le nom %1 ne se résout pas : comparez-le avec celui donné par les organisateurs (%2).</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="181"/>
        <source>%1 refused the connection: nothing listens on that port, or a firewall rejects it.</source>
        <translation>%1 a refusé la connexion : rien n&apos;écoute sur ce port, ou un pare-feu la rejette.</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="187"/>
        <source>%1 did not answer within %2 s (a network or VPN problem, or the wrong host).</source>
        <translation>%1 n&apos;a pas répondu en %2 s (problème de réseau ou de VPN, ou mauvais hôte).</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="192"/>
        <source>Could not connect to %1: %2</source>
        <translation>Impossible de se connecter à %1 : %2</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="202"/>
        <source>reading the server&apos;s key</source>
        <translation>lecture de la clé du serveur</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="213"/>
        <source>%1 is not in %2 yet. Its %3 key has the fingerprint %4: compare it with the one the organisers published before accepting it.</source>
        <translation>%1 n&apos;est pas encore dans %2. Sa clé %3 a pour empreinte %4 : comparez-la avec celle publiée par les organisateurs avant de l&apos;accepter.</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="221"/>
        <source>The key of %1 is not the one recorded in %2 (it now presents %3 %4). Either the server was reinstalled or someone is in the middle of the connection. SchedLab refuses to connect and never replaces a recorded key: ask the organisers whether the key changed, and if they confirm, remove the old line yourself with: ssh-keygen -R %5</source>
        <translation>La clé de %1 n&apos;est pas celle enregistrée dans %2 (il présente maintenant %3 %4). Soit le serveur a été réinstallé, soit quelqu&apos;un s&apos;est placé au milieu de la connexion. SchedLab refuse de se connecter et ne remplace jamais une clé enregistrée : demandez aux organisateurs si la clé a changé et, s&apos;ils le confirment, supprimez vous-même l&apos;ancienne ligne avec : ssh-keygen -R %5</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="237"/>
        <source>Could not read %1: %2</source>
        <translation>Impossible de lire %1 : %2</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="247"/>
        <location filename="../remote/sshclient.cpp" line="260"/>
        <location filename="../remote/sshclient.cpp" line="297"/>
        <location filename="../remote/sshclient.cpp" line="319"/>
        <location filename="../remote/sshclient.cpp" line="370"/>
        <source>Not connected.</source>
        <translation>Non connecté.</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="252"/>
        <source>Could not add the key to %1: %2</source>
        <translation>Impossible d&apos;ajouter la clé à %1 : %2</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="264"/>
        <source>%1: cannot read the key</source>
        <translation>%1 : impossible de lire la clé</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="276"/>
        <source>The passphrase does not open %1.</source>
        <translation>La phrase de passe n&apos;ouvre pas %1.</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="278"/>
        <source>%1 is not a private key libssh can read.</source>
        <translation>%1 n&apos;est pas une clé privée que libssh sait lire.</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="288"/>
        <source>%1 refused the key %2 for the account %3: the public key is not (yet) registered for that account, or the account name is wrong.</source>
        <translation>%1 a refusé la clé %2 pour le compte %3 : la clé publique n&apos;est pas (encore) enregistrée pour ce compte, ou le nom du compte est erroné.</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="291"/>
        <source>authentication</source>
        <translation>authentification</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="300"/>
        <source>No ssh-agent is running (SSH_AUTH_SOCK is not set): start one and add the key with ssh-add, or use the key file.</source>
        <translation>Aucun ssh-agent n&apos;est lancé (SSH_AUTH_SOCK n&apos;est pas défini) : démarrez-en un et ajoutez-y la clé avec ssh-add, ou utilisez le fichier de clé.</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="309"/>
        <source>The ssh-agent holds no key that %1 accepts for %2: add the session key with ssh-add.</source>
        <translation>Le ssh-agent ne contient aucune clé que %1 accepte pour %2 : ajoutez la clé de la séance avec ssh-add.</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="312"/>
        <source>authentication through the ssh-agent</source>
        <translation>authentification par le ssh-agent</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="323"/>
        <source>starting a command</source>
        <translation>lancement d&apos;une commande</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="345"/>
        <source>reading a command&apos;s output</source>
        <translation>lecture de la sortie d&apos;une commande</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="352"/>
        <source>The command did not finish within %1 s on %2.</source>
        <translation>La commande ne s&apos;est pas terminée en %1 s sur %2.</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="374"/>
        <source>starting SFTP (the server may not offer it)</source>
        <translation>démarrage de SFTP (le serveur ne le propose peut-être pas)</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="398"/>
        <source>~/%1 exists on the login node and is not a folder.</source>
        <translation>~/%1 existe sur le nœud de login et n&apos;est pas un dossier.</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="402"/>
        <source>creating ~/%1</source>
        <translation>création de ~/%1</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="419"/>
        <location filename="../remote/sshclient.cpp" line="425"/>
        <source>writing %1 on the login node</source>
        <translation>écriture de %1 sur le nœud de login</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="429"/>
        <source>closing %1 on the login node</source>
        <translation>fermeture de %1 sur le nœud de login</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="439"/>
        <location filename="../remote/sshclient.cpp" line="453"/>
        <source>reading %1 on the login node</source>
        <translation>lecture de %1 sur le nœud de login</translation>
    </message>
    <message>
        <location filename="../remote/sshclient.cpp" line="479"/>
        <source>looking at %1</source>
        <translation>consultation de %1</translation>
    </message>
</context>
<context>
    <name>TimelineText</name>
    <message>
        <location filename="../app/gui/views/timelinetext.cpp" line="11"/>
        <source>Waiting</source>
        <translation>En attente</translation>
    </message>
    <message>
        <location filename="../app/gui/views/timelinetext.cpp" line="16"/>
        <source>reserved</source>
        <translation>réservé</translation>
    </message>
    <message>
        <location filename="../app/gui/views/timelinetext.cpp" line="21"/>
        <source>Reservation</source>
        <translation>Réservation</translation>
    </message>
    <message>
        <location filename="../app/gui/views/timelinetext.cpp" line="28"/>
        <source>Running</source>
        <translation>En cours</translation>
    </message>
    <message>
        <location filename="../app/gui/views/timelinetext.cpp" line="30"/>
        <source>Completed</source>
        <translation>Terminé</translation>
    </message>
    <message>
        <location filename="../app/gui/views/timelinetext.cpp" line="32"/>
        <source>Timeout</source>
        <translation>Limite de temps atteinte</translation>
    </message>
    <message>
        <location filename="../app/gui/views/timelinetext.cpp" line="34"/>
        <source>Cancelled</source>
        <translation>Annulé</translation>
    </message>
    <message>
        <location filename="../app/gui/views/timelinetext.cpp" line="36"/>
        <source>Failed</source>
        <translation>Échec</translation>
    </message>
    <message>
        <location filename="../app/gui/views/timelinetext.cpp" line="38"/>
        <source>Preempted</source>
        <translation>Préempté</translation>
    </message>
    <message>
        <location filename="../app/gui/views/timelinetext.cpp" line="45"/>
        <source>Completing</source>
        <translation>En fin d&apos;exécution</translation>
    </message>
    <message>
        <location filename="../app/gui/views/timelinetext.cpp" line="50"/>
        <source>Backfilled</source>
        <translation>Lancé par backfill</translation>
    </message>
    <message>
        <location filename="../app/gui/views/timelinetext.cpp" line="55"/>
        <source>Time limit</source>
        <translation>Limite de temps</translation>
    </message>
    <message>
        <location filename="../app/gui/views/timelinetext.cpp" line="60"/>
        <source>Now</source>
        <translation>Maintenant</translation>
    </message>
    <message>
        <location filename="../app/gui/views/timelinetext.cpp" line="108"/>
        <source>State:</source>
        <translation>État :</translation>
    </message>
    <message>
        <location filename="../app/gui/views/timelinetext.cpp" line="110"/>
        <source>Owner:</source>
        <translation>Propriétaire :</translation>
    </message>
    <message>
        <location filename="../app/gui/views/timelinetext.cpp" line="113"/>
        <source>Nodes:</source>
        <translation>Nœuds :</translation>
    </message>
    <message>
        <location filename="../app/gui/views/timelinetext.cpp" line="115"/>
        <source>Restarts:</source>
        <translation>Redémarrages :</translation>
    </message>
    <message>
        <location filename="../app/gui/views/timelinetext.cpp" line="118"/>
        <source>Time limit ends:</source>
        <translation>Fin de la limite de temps :</translation>
    </message>
    <message>
        <location filename="../app/gui/views/timelinetext.cpp" line="120"/>
        <source>Started by the backfill scheduler</source>
        <translation>Lancé par l&apos;ordonnanceur backfill</translation>
    </message>
    <message>
        <location filename="../app/gui/views/timelinetext.cpp" line="123"/>
        <source>Reserved:</source>
        <translation>Réservé :</translation>
    </message>
    <message>
        <location filename="../app/gui/views/timelinetext.cpp" line="126"/>
        <source>Phases</source>
        <translation>Phases</translation>
    </message>
    <message>
        <location filename="../app/gui/views/timelinetext.cpp" line="130"/>
        <source>now</source>
        <translation>maintenant</translation>
    </message>
    <message>
        <location filename="../app/gui/views/timelinetext.cpp" line="133"/>
        <source>Transitions</source>
        <translation>Transitions</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/main.cpp" line="25"/>
        <source>The Slurm and Kubernetes scheduling workbench.</source>
        <translation>L&apos;atelier d&apos;ordonnancement Slurm et Kubernetes.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="28"/>
        <source>The student&apos;s folder.</source>
        <translation>Le dossier de l&apos;étudiant.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="32"/>
        <source>Open this exercise (ex1, ...).</source>
        <translation>Ouvrir cet exercice (ex1, ...).</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="35"/>
        <source>Open this lesson (01-ce-que-decide-l-ordonnanceur, ...).</source>
        <translation>Ouvrir cette leçon (01-ce-que-decide-l-ordonnanceur, ...).</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="39"/>
        <source>Save the window as a PNG and quit.</source>
        <translation>Enregistrer la fenêtre en PNG et quitter.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="43"/>
        <source>Check the opened exercise at once.</source>
        <translation>Vérifier tout de suite l&apos;exercice ouvert.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="46"/>
        <source>Interface language: fr, en or system.</source>
        <translation>Langue de l&apos;interface : fr, en ou system.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="50"/>
        <source>Save a screenshot of every main view in DIR and quit (use a new, empty workspace).</source>
        <translation>Enregistrer une capture d&apos;écran de chaque vue principale dans DIR et quitter (utilisez un espace de travail neuf et vide).</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="67"/>
        <source>The exercises cannot be read:
%1</source>
        <translation>Les exercices sont illisibles :
%1</translation>
    </message>
</context>
<context>
    <name>schedlab::exam::ExamPaper</name>
    <message>
        <source>Cannot open the exam paper %1: %2.</source>
        <translation type="vanished">Impossible d’ouvrir le sujet d’examen %1 : %2.</translation>
    </message>
    <message>
        <source>it is larger than an exam paper can be (%1 KiB at most)</source>
        <translation type="vanished">il est plus gros qu’un sujet d’examen ne peut l’être (%1 Kio au plus)</translation>
    </message>
    <message>
        <source>%1 is not an exam paper SchedLab can open: %2.</source>
        <translation type="vanished">%1 n’est pas un sujet d’examen que SchedLab sait ouvrir : %2.</translation>
    </message>
    <message>
        <source>it is larger than an exam paper can be</source>
        <translation type="vanished">il est plus gros qu’un sujet d’examen ne peut l’être</translation>
    </message>
    <message>
        <source>it is not a .schedlab-exam file (not a JSON object)</source>
        <translation type="vanished">ce n’est pas un fichier .schedlab-exam (pas un objet JSON)</translation>
    </message>
    <message>
        <source>it is not a .schedlab-exam file (no &quot;format&quot;: &quot;schedlab-exam&quot;)</source>
        <translation type="vanished">ce n’est pas un fichier .schedlab-exam (pas de &quot;format&quot;: &quot;schedlab-exam&quot;)</translation>
    </message>
    <message>
        <source>its format version is missing</source>
        <translation type="vanished">sa version de format manque</translation>
    </message>
    <message>
        <source>it was made by a newer SchedLab (format %1; this one reads %2): update SchedLab</source>
        <translation type="vanished">il a été fait par un SchedLab plus récent (format %1 ; celui-ci lit %2) : mettez SchedLab à jour</translation>
    </message>
    <message>
        <source>it holds a grading rubric (&quot;%1&quot;), which must stay with the instructor</source>
        <translation type="vanished">il contient un barème (« %1 »), qui doit rester chez l’enseignant</translation>
    </message>
    <message>
        <source>its id is missing or not a plain name (letters, digits, . _ -)</source>
        <translation type="vanished">son identifiant manque ou n’est pas un nom simple (lettres, chiffres, . _ -)</translation>
    </message>
    <message>
        <source>its exercise is not a plain name</source>
        <translation type="vanished">son exercice n’est pas un nom simple</translation>
    </message>
    <message>
        <source>its title is missing or too long</source>
        <translation type="vanished">son titre manque ou est trop long</translation>
    </message>
    <message>
        <source>its duration is not a whole number of minutes between 1 and %1</source>
        <translation type="vanished">sa durée n’est pas un nombre entier de minutes entre 1 et %1</translation>
    </message>
    <message>
        <source>its answer sheet has no plain .md file name</source>
        <translation type="vanished">sa feuille de réponses n’a pas de nom de fichier .md simple</translation>
    </message>
    <message>
        <source>its answer sheet has no question (no &quot;## &quot; heading)</source>
        <translation type="vanished">sa feuille de réponses n’a aucune question (pas de titre « ## »)</translation>
    </message>
    <message>
        <source>its statement is empty</source>
        <translation type="vanished">son énoncé est vide</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::BulkReviewPanel</name>
    <message>
        <location filename="../app/gui/instructor/bulkreview.cpp" line="35"/>
        <source>(no answer found)</source>
        <translation>(aucune réponse trouvée)</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/bulkreview.cpp" line="45"/>
        <source>Nothing was found where this answer should be.</source>
        <translation>Rien n&apos;a été trouvé là où cette réponse devrait être.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/bulkreview.cpp" line="60"/>
        <source>Passed</source>
        <translation>Réussi</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/bulkreview.cpp" line="61"/>
        <source>Failed</source>
        <translation>Non réussi</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/bulkreview.cpp" line="70"/>
        <source>Answers</source>
        <translation>Réponses</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/bulkreview.cpp" line="70"/>
        <source>Answer</source>
        <translation>Réponse</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/bulkreview.cpp" line="80"/>
        <source>Criterion:</source>
        <translation>Critère :</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/bulkreview.cpp" line="121"/>
        <source>Why? (required: kept in each student&apos;s history, and the students may ask)</source>
        <translation>Pourquoi ? (obligatoire : gardé dans l&apos;historique de chaque étudiant, et les étudiants peuvent demander)</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/bulkreview.cpp" line="131"/>
        <source>Decision:</source>
        <translation>Décision :</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/bulkreview.cpp" line="132"/>
        <source>Points:</source>
        <translation>Points :</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/bulkreview.cpp" line="133"/>
        <source>Reason:</source>
        <translation>Raison :</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/instructor/bulkreview.cpp" line="147"/>
        <source>%1 · %2 — %3 (%n to review)</source>
        <translation>
            <numerusform>%1 · %2 — %3 (%n à vérifier)</numerusform>
            <numerusform>%1 · %2 — %3 (%n à vérifier)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/bulkreview.cpp" line="196"/>
        <source>1 answer</source>
        <translation>1 réponse</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/instructor/bulkreview.cpp" line="197"/>
        <source>%n identical</source>
        <translation>
            <numerusform>%n identique</numerusform>
            <numerusform>%n identiques</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/instructor/bulkreview.cpp" line="198"/>
        <source>%n alike</source>
        <translation>
            <numerusform>%n semblable</numerusform>
            <numerusform>%n semblables</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/bulkreview.cpp" line="214"/>
        <source> / %1</source>
        <translation> / %1</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/bulkreview.cpp" line="218"/>
        <source>No answer awaits review: every criterion is decided.</source>
        <translation>Aucune réponse n&apos;attend de vérification : tous les critères sont décidés.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/bulkreview.cpp" line="237"/>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/bulkreview.cpp" line="253"/>
        <source>&lt;p&gt;&lt;b&gt;Expected:&lt;/b&gt; %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Attendu :&lt;/b&gt; %1&lt;/p&gt;</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/instructor/bulkreview.cpp" line="278"/>
        <source>Record for %n student(s)</source>
        <translation>
            <numerusform>Enregistrer pour %n étudiant</numerusform>
            <numerusform>Enregistrer pour %n étudiants</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/bulkreview.cpp" line="281"/>
        <source>Save or discard the new grades first.</source>
        <translation>Enregistrez ou abandonnez d&apos;abord les nouvelles notes.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/bulkreview.cpp" line="289"/>
        <source>Give a reason: it is kept in each student&apos;s history.</source>
        <translation>Donnez une raison : elle est gardée dans l&apos;historique de chaque étudiant.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/bulkreview.cpp" line="290"/>
        <source>Tick at least one student.</source>
        <translation>Cochez au moins un étudiant.</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/instructor/bulkreview.cpp" line="307"/>
        <source>Recorded for %n student(s): %1</source>
        <translation>
            <numerusform>Enregistré pour %n étudiant : %1</numerusform>
            <numerusform>Enregistré pour %n étudiants : %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>schedlab::gui::ChangesPanel</name>
    <message>
        <location filename="../app/gui/instructor/changespanel.cpp" line="20"/>
        <source>Save these grades</source>
        <translation>Enregistrer ces notes</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/changespanel.cpp" line="21"/>
        <source>Keep the stored grades</source>
        <translation>Garder les notes enregistrées</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/changespanel.cpp" line="27"/>
        <location filename="../app/gui/instructor/changespanel.cpp" line="63"/>
        <source>Student</source>
        <translation>Étudiant</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/changespanel.cpp" line="27"/>
        <source>Exercise</source>
        <translation>Exercice</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/changespanel.cpp" line="27"/>
        <source>Score</source>
        <translation>Note</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/changespanel.cpp" line="27"/>
        <source>Rubric</source>
        <translation>Barème</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/changespanel.cpp" line="52"/>
        <location filename="../app/gui/instructor/changespanel.cpp" line="54"/>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/instructor/changespanel.cpp" line="76"/>
        <source>%n mark(s) would change compared with the gradebook. Nothing is saved until you confirm.</source>
        <translation>
            <numerusform>%n note changerait par rapport au carnet de notes. Rien n&apos;est enregistré avant votre confirmation.</numerusform>
            <numerusform>%n notes changeraient par rapport au carnet de notes. Rien n&apos;est enregistré avant votre confirmation.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>schedlab::gui::ChecklistSection</name>
    <message>
        <location filename="../app/gui/loginnode/checklistsection.cpp" line="21"/>
        <source>My access account is requested or verified, on</source>
        <translation>Mon compte d&apos;accès est demandé ou vérifié, le</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/checklistsection.cpp" line="23"/>
        <source>I noted the fingerprint of my public key</source>
        <translation>J&apos;ai noté l&apos;empreinte de ma clé publique</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/checklistsection.cpp" line="113"/>
        <source>Access account requested or verified on %1.</source>
        <translation>Compte d&apos;accès demandé ou vérifié le %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/checklistsection.cpp" line="116"/>
        <source>Ask the organisers for your access account (or check it works), then tick the box with the date.</source>
        <translation>Demandez votre compte d&apos;accès aux organisateurs (ou vérifiez qu&apos;il fonctionne), puis cochez la case avec la date.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/checklistsection.cpp" line="123"/>
        <source>No private key at %1: generate it above.</source>
        <translation>Aucune clé privée à l&apos;emplacement %1 : générez-la ci-dessus.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/checklistsection.cpp" line="128"/>
        <source>%1 is a %2 key; the session asks for ED25519: generate a new one.</source>
        <translation>%1 est une clé de type %2 ; la séance demande une clé ED25519 : générez-en une nouvelle.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/checklistsection.cpp" line="129"/>
        <source>unknown</source>
        <translation>inconnu</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/checklistsection.cpp" line="132"/>
        <source>The public half is missing or unreadable (%1): it is the one you send.</source>
        <translation>La partie publique est absente ou illisible (%1) : c&apos;est elle que vous envoyez.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/checklistsection.cpp" line="136"/>
        <source>%1 holds a %2 key, not the ED25519 one of %3.</source>
        <translation>%1 contient une clé de type %2, et non la clé ED25519 de %3.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/checklistsection.cpp" line="138"/>
        <source>ED25519 key present: %1 and %2.</source>
        <translation>Clé ED25519 présente : %1 et %2.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/checklistsection.cpp" line="142"/>
        <source>No key, so no passphrase yet.</source>
        <translation>Pas de clé, donc pas encore de phrase de passe.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/checklistsection.cpp" line="145"/>
        <source>The private key has no passphrase: whoever copies the file can use it. Generate a new key with a passphrase.</source>
        <translation>La clé privée n&apos;a pas de phrase de passe : quiconque copie le fichier peut s&apos;en servir. Générez une nouvelle clé avec une phrase de passe.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/checklistsection.cpp" line="149"/>
        <source>The key has a passphrase, but its file is open to other users (mode %1): ssh refuses such a key. Run: chmod 600 %2</source>
        <translation>La clé a une phrase de passe, mais son fichier est accessible aux autres utilisateurs (mode %1) : ssh refuse une telle clé. Exécutez : chmod 600 %2</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/checklistsection.cpp" line="154"/>
        <source>Protected by a passphrase, and readable by you only (mode %1).</source>
        <translation>Protégée par une phrase de passe et lisible par vous seul (mode %1).</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/checklistsection.cpp" line="159"/>
        <source>No public key, so no fingerprint to note yet.</source>
        <translation>Pas de clé publique, donc pas encore d&apos;empreinte à noter.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/checklistsection.cpp" line="162"/>
        <source>Write this line down (exercise 4 asks for it): %1</source>
        <translation>Notez cette ligne (l&apos;exercice 4 la demande) : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/checklistsection.cpp" line="164"/>
        <source>Noted: %1</source>
        <translation>Notée : %1</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::ClassGrading</name>
    <message>
        <location filename="../app/gui/instructor/classgrading.cpp" line="22"/>
        <source>No exercise recognised: these files are shared by several exercises.</source>
        <translation>Aucun exercice reconnu : ces fichiers sont communs à plusieurs exercices.</translation>
    </message>
    <message>
        <source>%1 is a symbolic link: it was not graded (a student folder must be a real folder).</source>
        <translation type="vanished">%1 est un lien symbolique : il n&apos;a pas été corrigé (le dossier d&apos;un étudiant doit être un vrai dossier).</translation>
    </message>
    <message>
        <source>The class folder %1 does not exist.</source>
        <translation type="vanished">Le dossier de classe %1 n&apos;existe pas.</translation>
    </message>
    <message>
        <source>%1 is not a folder: a class is a folder with one sub-folder per student.</source>
        <translation type="vanished">%1 n&apos;est pas un dossier : une classe est un dossier avec un sous-dossier par étudiant.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/classgrading.cpp" line="46"/>
        <source>The class folder %1 cannot be read (permission denied).</source>
        <translation>Le dossier de classe %1 est illisible (permission refusée).</translation>
    </message>
    <message>
        <source>The class folder %1 holds no student folder (one sub-folder per student).</source>
        <translation type="vanished">Le dossier de classe %1 ne contient aucun dossier d&apos;étudiant (un sous-dossier par étudiant).</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/classgrading.cpp" line="44"/>
        <source>%1 does not exist.</source>
        <translation>%1 n’existe pas.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/classgrading.cpp" line="54"/>
        <source>%1 holds no student folder, no hand-in zip and no LMS download (nothing to grade).</source>
        <translation>%1 ne contient aucun dossier d’étudiant, aucun zip de rendu ni aucun téléchargement de plateforme (rien à corriger).</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/classgrading.cpp" line="69"/>
        <source>The gradebook of %1 cannot be opened: %2</source>
        <translation>Impossible d&apos;ouvrir le carnet de notes de %1 : %2</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/classgrading.cpp" line="172"/>
        <location filename="../app/gui/instructor/classgrading.cpp" line="232"/>
        <source>The grades could not be saved in %1: %2</source>
        <translation>Les notes n&apos;ont pas pu être enregistrées dans %1 : %2</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/classgrading.cpp" line="272"/>
        <source>Save or discard the new grades before changing a mark.</source>
        <translation>Enregistrez ou abandonnez les nouvelles notes avant de modifier une note.</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::ClassOverview</name>
    <message>
        <location filename="../app/gui/instructor/classoverview.cpp" line="20"/>
        <source>To review only</source>
        <translation>À vérifier seulement</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/classoverview.cpp" line="38"/>
        <source>Find a student (number, name, LMS id)</source>
        <translation>Chercher un étudiant (numéro, nom, identifiant de la plateforme)</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/classoverview.cpp" line="41"/>
        <source>Only the students with criteria the grader was unsure of</source>
        <translation>Seulement les étudiants dont le correcteur n’était pas sûr de certains critères</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/instructor/classoverview.cpp" line="119"/>
        <source>%n student(s)</source>
        <translation>
            <numerusform>%n étudiant</numerusform>
            <numerusform>%n étudiants</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/classoverview.cpp" line="121"/>
        <source>%1 of %2</source>
        <translation>%1 sur %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/instructor/classoverview.cpp" line="122"/>
        <source> · %n to review</source>
        <translation>
            <numerusform> · %n à vérifier</numerusform>
            <numerusform> · %n à vérifier</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/instructor/classoverview.cpp" line="124"/>
        <source> · %n with nothing graded</source>
        <translation>
            <numerusform> · %n sans rien de corrigé</numerusform>
            <numerusform> · %n sans rien de corrigé</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>schedlab::gui::ClassOverviewModel</name>
    <message>
        <location filename="../app/gui/instructor/classoverviewmodel.cpp" line="138"/>
        <source>Name in the LMS: %1</source>
        <translation>Nom sur la plateforme : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/classoverviewmodel.cpp" line="147"/>
        <source>%1: %2 / %3 — double-click to open the detail</source>
        <translation>%1 : %2 / %3 — double-cliquez pour ouvrir le détail</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/classoverviewmodel.cpp" line="149"/>
        <source>%1: not handed in</source>
        <translation>%1 : non rendu</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/classoverviewmodel.cpp" line="170"/>
        <source>Out of 20: every deliverable counts, one not handed in as 0</source>
        <translation>Sur 20 : chaque livrable compte, un livrable non rendu vaut 0</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/classoverviewmodel.cpp" line="172"/>
        <source>Criteria the grader was unsure of: decide them before exporting</source>
        <translation>Critères dont le correcteur n’était pas sûr : tranchez-les avant d’exporter</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/classoverviewmodel.cpp" line="178"/>
        <source>%1
/%2</source>
        <translation>%1
/%2</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/classoverviewmodel.cpp" line="181"/>
        <source>Number</source>
        <translation>Numéro</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/classoverviewmodel.cpp" line="183"/>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/classoverviewmodel.cpp" line="185"/>
        <source>LMS id</source>
        <translation>Id. plateforme</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/classoverviewmodel.cpp" line="187"/>
        <source>Total
/20</source>
        <translation>Total
/20</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/classoverviewmodel.cpp" line="189"/>
        <source>To
review</source>
        <translation>À
vérifier</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/classoverviewmodel.cpp" line="191"/>
        <source>Flags</source>
        <translation>Signalements</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::ClusterPage</name>
    <message>
        <location filename="../app/gui/cluster/clusterpage.cpp" line="49"/>
        <source>&amp;Queue</source>
        <translation>&amp;File d&apos;attente</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/clusterpage.cpp" line="50"/>
        <source>&amp;Nodes</source>
        <translation>&amp;Nœuds</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/clusterpage.cpp" line="51"/>
        <source>&amp;Timeline</source>
        <translation>&amp;Chronologie</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/clusterpage.cpp" line="52"/>
        <source>&amp;Kubernetes</source>
        <translation>&amp;Kubernetes</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/clusterpage.cpp" line="53"/>
        <source>Slurm &amp;vs Kubernetes</source>
        <translation>Slurm &amp;vs Kubernetes</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/clusterpage.cpp" line="101"/>
        <source>Zoom in</source>
        <translation>Zoom avant</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/clusterpage.cpp" line="103"/>
        <source>Zoom out</source>
        <translation>Zoom arrière</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/clusterpage.cpp" line="105"/>
        <location filename="../app/gui/cluster/clusterpage.cpp" line="139"/>
        <source>Fit</source>
        <translation>Ajuster</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/clusterpage.cpp" line="106"/>
        <location filename="../app/gui/cluster/clusterpage.cpp" line="140"/>
        <source>Follow the clock</source>
        <translation>Suivre l&apos;horloge</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/clusterpage.cpp" line="113"/>
        <source>Export PNG…</source>
        <translation>Exporter en PNG…</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/clusterpage.cpp" line="114"/>
        <source>Export SVG…</source>
        <translation>Exporter en SVG…</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/clusterpage.cpp" line="182"/>
        <source>PNG images (*.png)</source>
        <translation>Images PNG (*.png)</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/clusterpage.cpp" line="182"/>
        <source>SVG drawings (*.svg)</source>
        <translation>Dessins SVG (*.svg)</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/clusterpage.cpp" line="184"/>
        <location filename="../app/gui/cluster/clusterpage.cpp" line="192"/>
        <source>Export the timeline</source>
        <translation>Exporter la chronologie</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/clusterpage.cpp" line="210"/>
        <source>Job %1 (%2): %3</source>
        <translation>Job %1 (%2) : %3</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/clusterpage.cpp" line="235"/>
        <source>Pod %1: %2</source>
        <translation>Pod %1 : %2</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::CodeEditor</name>
    <message>
        <location filename="../app/gui/codeeditor.cpp" line="395"/>
        <source>%1 is saved.</source>
        <translation>%1 est enregistré.</translation>
    </message>
    <message>
        <location filename="../app/gui/codeeditor.cpp" line="420"/>
        <source>%1 was NOT saved (%2). Your text is kept in the editor; SchedLab saves it again as soon as the disk allows.</source>
        <translation>%1 n’a PAS été enregistré (%2). Votre texte reste dans l’éditeur ; SchedLab l’enregistrera dès que le disque le permettra.</translation>
    </message>
    <message>
        <location filename="../app/gui/codeeditor.cpp" line="458"/>
        <source>%1 was deleted outside SchedLab. Its text is kept here: typing in it, or &quot;Save it again&quot;, makes the file again.</source>
        <translation>%1 a été supprimé hors de SchedLab. Son texte reste ici : taper dedans, ou « Enregistrer à nouveau », recrée le fichier.</translation>
    </message>
    <message>
        <location filename="../app/gui/codeeditor.cpp" line="468"/>
        <source>%1 was changed outside SchedLab: its new text is shown.</source>
        <translation>%1 a été modifié hors de SchedLab : son nouveau texte est affiché.</translation>
    </message>
    <message>
        <location filename="../app/gui/codeeditor.cpp" line="478"/>
        <source>%1 was changed outside SchedLab while you were editing it. Nothing is saved over it until you choose which version to keep; the other one is kept as a copy beside the file.</source>
        <translation>%1 a été modifié hors de SchedLab pendant que vous l’éditiez. Rien n’est enregistré par-dessus tant que vous n’avez pas choisi la version à garder ; l’autre est gardée en copie à côté du fichier.</translation>
    </message>
    <message>
        <location filename="../app/gui/codeeditor.cpp" line="510"/>
        <source>Your text could not be kept as a copy (%1), so the file&apos;s version was not loaded. Choose again once the disk allows.</source>
        <translation>Votre texte n’a pas pu être gardé en copie (%1) : la version du fichier n’a donc pas été chargée. Choisissez de nouveau dès que le disque le permet.</translation>
    </message>
    <message>
        <location filename="../app/gui/codeeditor.cpp" line="519"/>
        <source>You kept the file&apos;s version of %1. Your text is kept in %2, beside it.</source>
        <translation>Vous avez gardé la version du fichier de %1. Votre texte est gardé dans %2, à côté.</translation>
    </message>
    <message>
        <location filename="../app/gui/codeeditor.cpp" line="530"/>
        <source>%1 cannot be read (%2): nothing was changed.</source>
        <translation>%1 ne peut pas être lu (%2) : rien n’a changé.</translation>
    </message>
    <message>
        <location filename="../app/gui/codeeditor.cpp" line="534"/>
        <source>You kept your version of %1.</source>
        <translation>Vous avez gardé votre version de %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/codeeditor.cpp" line="539"/>
        <source>The file&apos;s version could not be kept as a copy (%1), so your text was not saved over it. Choose again once the disk allows.</source>
        <translation>La version du fichier n’a pas pu être gardée en copie (%1) : votre texte n’a donc pas été enregistré par-dessus. Choisissez de nouveau dès que le disque le permet.</translation>
    </message>
    <message>
        <location filename="../app/gui/codeeditor.cpp" line="546"/>
        <source>You kept your version of %1. The file&apos;s version is kept in %2, beside it.</source>
        <translation>Vous avez gardé votre version de %1. La version du fichier est gardée dans %2, à côté.</translation>
    </message>
    <message>
        <location filename="../app/gui/codeeditor.cpp" line="593"/>
        <source>Keep the file&apos;s version</source>
        <translation>Garder la version du fichier</translation>
    </message>
    <message>
        <location filename="../app/gui/codeeditor.cpp" line="594"/>
        <source>Show the file as it is on the disk; your text is kept as a copy beside it</source>
        <translation>Afficher le fichier tel qu’il est sur le disque ; votre texte est gardé en copie à côté</translation>
    </message>
    <message>
        <location filename="../app/gui/codeeditor.cpp" line="596"/>
        <source>Keep my version</source>
        <translation>Garder ma version</translation>
    </message>
    <message>
        <location filename="../app/gui/codeeditor.cpp" line="597"/>
        <source>Save your text over the file; the file&apos;s version is kept as a copy beside it</source>
        <translation>Enregistrer votre texte par-dessus le fichier ; la version du fichier est gardée en copie à côté</translation>
    </message>
    <message>
        <location filename="../app/gui/codeeditor.cpp" line="599"/>
        <source>Save it again</source>
        <translation>Enregistrer à nouveau</translation>
    </message>
    <message>
        <location filename="../app/gui/codeeditor.cpp" line="600"/>
        <source>OK</source>
        <translation>OK</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::ConnectionBar</name>
    <message>
        <location filename="../app/gui/loginnode/connectionbar.cpp" line="26"/>
        <source>&amp;Connect</source>
        <translation>Se &amp;connecter</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/connectionbar.cpp" line="27"/>
        <source>&amp;Disconnect</source>
        <translation>Se &amp;déconnecter</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/connectionbar.cpp" line="40"/>
        <source>What SchedLab sends to the login node and what it answers appears here.</source>
        <translation>Ce que SchedLab envoie au nœud de login et ce qu&apos;il répond s&apos;affichent ici.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/connectionbar.cpp" line="88"/>
        <source>The profile is not complete: %1</source>
        <translation>Le profil est incomplet : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/connectionbar.cpp" line="112"/>
        <source>Not connected.</source>
        <translation>Non connecté.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/connectionbar.cpp" line="115"/>
        <source>Connecting to %1…</source>
        <translation>Connexion à %1…</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/connectionbar.cpp" line="118"/>
        <source>Waiting for your answer about the server&apos;s key.</source>
        <translation>En attente de votre réponse au sujet de la clé du serveur.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/connectionbar.cpp" line="121"/>
        <source>Waiting for the key&apos;s passphrase.</source>
        <translation>En attente de la phrase de passe de la clé.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/connectionbar.cpp" line="125"/>
        <source>Connected to %1.</source>
        <translation>Connecté à %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/connectionbar.cpp" line="126"/>
        <source>Connected to %1, but sbatch is not found there.</source>
        <translation>Connecté à %1, mais sbatch y est introuvable.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/connectionbar.cpp" line="137"/>
        <source>Unknown server key</source>
        <translation>Clé de serveur inconnue</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/connectionbar.cpp" line="139"/>
        <source>Compare this fingerprint with the one the organisers published. Trust this server and remember its key?</source>
        <translation>Comparez cette empreinte avec celle publiée par les organisateurs. Faire confiance à ce serveur et mémoriser sa clé ?</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/connectionbar.cpp" line="160"/>
        <source>Key passphrase</source>
        <translation>Phrase de passe de la clé</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/connectionbar.cpp" line="163"/>
        <source>Wrong passphrase, try again.
Passphrase of %1:</source>
        <translation>Phrase de passe incorrecte, réessayez.
Phrase de passe de %1 :</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/connectionbar.cpp" line="164"/>
        <source>Passphrase of %1:</source>
        <translation>Phrase de passe de %1 :</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::CriterionPanel</name>
    <message>
        <location filename="../app/gui/instructor/criterionpanel.cpp" line="44"/>
        <location filename="../app/gui/instructor/criterionpanel.cpp" line="108"/>
        <source>passed</source>
        <translation>réussi</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/criterionpanel.cpp" line="44"/>
        <location filename="../app/gui/instructor/criterionpanel.cpp" line="108"/>
        <source>failed</source>
        <translation>non réussi</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/criterionpanel.cpp" line="45"/>
        <source>%1 — %2: %3 → %4 points (%5). Reason: %6</source>
        <translation>%1 — %2 : %3 → %4 points (%5). Raison : %6</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/criterionpanel.cpp" line="46"/>
        <source>unknown</source>
        <translation>inconnu</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/criterionpanel.cpp" line="56"/>
        <source>Override…</source>
        <translation>Modifier la note…</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/criterionpanel.cpp" line="69"/>
        <location filename="../app/gui/instructor/criterionpanel.cpp" line="158"/>
        <source>Change this mark, with a reason kept in the gradebook</source>
        <translation>Changer cette note, avec une raison conservée dans le carnet de notes</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/criterionpanel.cpp" line="82"/>
        <source>Select a cell to see how the grader decided.</source>
        <translation>Sélectionnez une cellule pour voir comment le correcteur a décidé.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/criterionpanel.cpp" line="101"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/criterionpanel.cpp" line="105"/>
        <source>✎ Overridden by %1</source>
        <translation>✎ Modifiée par %1</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/criterionpanel.cpp" line="108"/>
        <source>? To review (grader&apos;s guess: %1)</source>
        <translation>? À vérifier (avis du correcteur : %1)</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/criterionpanel.cpp" line="111"/>
        <source>✓ Passed</source>
        <translation>✓ Réussi</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/criterionpanel.cpp" line="111"/>
        <source>✗ Failed</source>
        <translation>✗ Non réussi</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/criterionpanel.cpp" line="114"/>
        <source>%1 · %2 / %3 points · confidence %4 %</source>
        <translation>%1 · %2 / %3 points · confiance %4 %</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/criterionpanel.cpp" line="123"/>
        <source>Feedback to the student</source>
        <translation>Commentaire pour l&apos;étudiant</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/criterionpanel.cpp" line="124"/>
        <source>Evidence</source>
        <translation>Éléments relevés</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/criterionpanel.cpp" line="125"/>
        <source>(the grader quotes nothing)</source>
        <translation>(le correcteur ne cite rien)</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/criterionpanel.cpp" line="127"/>
        <source>Overrides</source>
        <translation>Modifications manuelles</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/criterionpanel.cpp" line="127"/>
        <source>None: this is the grader&apos;s decision.</source>
        <translation>Aucune : c&apos;est la décision du correcteur.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/criterionpanel.cpp" line="139"/>
        <source>%1: not graded yet.</source>
        <translation>%1 : pas encore corrigé.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/criterionpanel.cpp" line="141"/>
        <source>%1: the submission could not be read: %2</source>
        <translation>%1 : le rendu n&apos;a pas pu être lu : %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/instructor/criterionpanel.cpp" line="144"/>
        <source>%1 (rubric %2): %3 / %4 points, %n criterion(s) to review. Select a criterion&apos;s cell to see its evidence.</source>
        <translation>
            <numerusform>%1 (barème %2) : %3 / %4 points, %n critère à vérifier. Sélectionnez la cellule d&apos;un critère pour voir les éléments relevés.</numerusform>
            <numerusform>%1 (barème %2) : %3 / %4 points, %n critères à vérifier. Sélectionnez la cellule d&apos;un critère pour voir les éléments relevés.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>schedlab::gui::EvidenceView</name>
    <message>
        <location filename="../app/gui/instructor/evidenceview.cpp" line="127"/>
        <source>Select a cell of the table to read the student&apos;s answer.</source>
        <translation>Sélectionnez une cellule du tableau pour lire la réponse de l&apos;étudiant.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/evidenceview.cpp" line="191"/>
        <source>%1 was not handed in.</source>
        <translation>%1 n&apos;a pas été rendu.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/evidenceview.cpp" line="195"/>
        <source>A private key was pasted in this file (line %1): it is masked here, as in every report.</source>
        <translation>Une clé privée a été collée dans ce fichier (ligne %1) : elle est masquée ici, comme dans chaque rapport.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/evidenceview.cpp" line="200"/>
        <source>(empty)</source>
        <translation>(vide)</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/evidenceview.cpp" line="200"/>
        <source>(no file)</source>
        <translation>(aucun fichier)</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::ExamPage</name>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="158"/>
        <source>Time ran out: your paper was handed in with the answers saved until then.</source>
        <translation>Le temps est écoulé : votre copie a été rendue avec les réponses enregistrées jusque-là.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="167"/>
        <source>Time ran out while SchedLab was closed: your paper was handed in with the answers saved until then.</source>
        <translation>Le temps s&apos;est écoulé pendant que SchedLab était fermé : votre copie a été rendue avec les réponses enregistrées jusque-là.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="179"/>
        <source>%1 (practice paper)</source>
        <translation>%1 (examen blanc)</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="180"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="198"/>
        <location filename="../app/gui/exam/exampage.cpp" line="212"/>
        <source>Hand in the exam in progress before you open another paper.</source>
        <translation>Rendez l’examen en cours avant d’ouvrir un autre sujet.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="218"/>
        <source>%1 has the id of the practice paper (%2): it cannot be opened as an exam paper.</source>
        <translation>%1 porte l’identifiant de l’examen blanc (%2) : il ne peut pas être ouvert comme sujet d’examen.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="232"/>
        <source>The paper &quot;%1&quot; is open (%2 minutes). Press Start when your instructor says so.</source>
        <translation>Le sujet « %1 » est ouvert (%2 minutes). Appuyez sur Commencer quand votre enseignant le dit.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="241"/>
        <source>Open the exam paper</source>
        <translation>Ouvrir le sujet d’examen</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="242"/>
        <source>Exam papers (*%1)</source>
        <translation>Sujets d’examen (*%1)</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="252"/>
        <source>Paper:</source>
        <translation>Sujet :</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="254"/>
        <source>Exam paper</source>
        <translation>Sujet d’examen</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="256"/>
        <source>Open the paper…</source>
        <translation>Ouvrir le sujet…</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="257"/>
        <source>The exam paper file your instructor hands out (.schedlab-exam)</source>
        <translation>Le fichier de sujet que votre enseignant distribue (.schedlab-exam)</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="289"/>
        <location filename="../app/gui/exam/exampage.cpp" line="594"/>
        <source>Time left</source>
        <translation>Temps restant</translation>
    </message>
    <message>
        <source>&lt;p&gt;The exam lasts &lt;b&gt;%1 minutes&lt;/b&gt;, counted from the moment you press &lt;i&gt;Start the exam&lt;/i&gt;. The time keeps running if SchedLab is closed.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;Three questions, answered in a few sentences each. Your answers are saved as you type.&lt;/li&gt;&lt;li&gt;No cluster, no lessons and no checking of your answers until you hand in.&lt;/li&gt;&lt;li&gt;When time runs out, the paper is handed in automatically with what you wrote.&lt;/li&gt;&lt;li&gt;Once handed in, the answers are locked. Export the paper for your instructor; your grade shows here once they release it.&lt;/li&gt;&lt;/ul&gt;</source>
        <translation type="vanished">&lt;p&gt;L&apos;examen dure &lt;b&gt;%1 minutes&lt;/b&gt;, à compter du moment où vous appuyez sur &lt;i&gt;Commencer l&apos;examen&lt;/i&gt;. Le temps continue de s&apos;écouler si SchedLab est fermé.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;Trois questions, chacune avec une réponse de quelques phrases. Vos réponses sont enregistrées au fil de la frappe.&lt;/li&gt;&lt;li&gt;Pas de cluster, pas de cours et aucune vérification de vos réponses avant de rendre la copie.&lt;/li&gt;&lt;li&gt;Quand le temps est écoulé, la copie est rendue automatiquement avec ce que vous avez écrit.&lt;/li&gt;&lt;li&gt;Une fois la copie rendue, les réponses sont verrouillées. Exportez la copie pour votre enseignant ; votre note s&apos;affichera ici dès qu&apos;il l&apos;aura publiée.&lt;/li&gt;&lt;/ul&gt;</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="306"/>
        <source>&lt;p&gt;The exam lasts &lt;b&gt;%1 minutes&lt;/b&gt;, counted from the moment you press &lt;i&gt;Start the exam&lt;/i&gt;. The time keeps running if SchedLab is closed.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;%2 questions, answered in a few sentences each. Your answers are saved as you type.&lt;/li&gt;&lt;li&gt;No cluster, no lessons and no checking of your answers until you hand in.&lt;/li&gt;&lt;li&gt;When time runs out, the paper is handed in automatically with what you wrote.&lt;/li&gt;&lt;li&gt;Once handed in, the answers are locked. Export the paper for your instructor; your grade shows here once they release it.&lt;/li&gt;&lt;/ul&gt;</source>
        <translation>&lt;p&gt;L’examen dure &lt;b&gt;%1 minutes&lt;/b&gt;, comptées à partir du moment où vous appuyez sur &lt;i&gt;Commencer l’examen&lt;/i&gt;. Le temps continue de courir si SchedLab est fermé.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;%2 questions, chacune en quelques phrases. Vos réponses sont enregistrées pendant que vous tapez.&lt;/li&gt;&lt;li&gt;Ni cluster, ni leçons, ni vérification de vos réponses avant le rendu.&lt;/li&gt;&lt;li&gt;Quand le temps est écoulé, la copie est rendue automatiquement avec ce que vous avez écrit.&lt;/li&gt;&lt;li&gt;Une fois rendues, les réponses sont verrouillées. Exportez la copie pour votre enseignant ; votre note s’affiche ici quand il la publie.&lt;/li&gt;&lt;/ul&gt;</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="321"/>
        <source>&lt;p&gt;This is the &lt;b&gt;practice paper&lt;/b&gt; that comes with SchedLab, to try the exam before the day. On exam day, open the paper file your instructor hands out with &lt;i&gt;Open the paper…&lt;/i&gt; above (or Exam ▸ Open the paper…).&lt;/p&gt;</source>
        <translation>&lt;p&gt;Voici l’&lt;b&gt;examen blanc&lt;/b&gt; livré avec SchedLab, pour essayer l’examen avant le jour J. Le jour de l’examen, ouvrez le fichier de sujet que distribue votre enseignant avec &lt;i&gt;Ouvrir le sujet…&lt;/i&gt; ci-dessus (ou Examen ▸ Ouvrir le sujet…).&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="328"/>
        <source>Start the exam…</source>
        <translation>Commencer l&apos;examen…</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="360"/>
        <source>Hand in…</source>
        <translation>Rendre la copie…</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="366"/>
        <source>Answers saved at %1.</source>
        <translation>Réponses enregistrées à %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="382"/>
        <source>Export the paper…</source>
        <translation>Exporter la copie…</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="383"/>
        <source>Import the result…</source>
        <translation>Importer le résultat…</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="413"/>
        <source>Answer to question %1</source>
        <translation>Réponse à la question %1</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="429"/>
        <source>Start the exam</source>
        <translation>Commencer l&apos;examen</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="430"/>
        <source>Start the exam now? You will have %1 minutes, and the time keeps running even if you close SchedLab.</source>
        <translation>Commencer l&apos;examen maintenant ? Vous aurez %1 minutes, et le temps continuera de s&apos;écouler même si vous fermez SchedLab.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="439"/>
        <source>Hand in</source>
        <translation>Rendre la copie</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="440"/>
        <source>Hand in your paper now (%1 left)? Your answers will be locked and can no longer change.</source>
        <translation>Rendre votre copie maintenant (%1 restantes) ? Vos réponses seront verrouillées et ne pourront plus changer.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="448"/>
        <source>Export the paper</source>
        <translation>Exporter la copie</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="455"/>
        <source>Import the result</source>
        <translation>Importer le résultat</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="456"/>
        <source>Exam result (*.json)</source>
        <translation>Résultat d&apos;examen (*.json)</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="494"/>
        <source>The paper and its report were written to %1. Give this folder to your instructor.</source>
        <translation>La copie et son rapport ont été écrits dans %1. Remettez ce dossier à votre enseignant.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="506"/>
        <source>Your grade has been released.</source>
        <translation>Votre note a été publiée.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="571"/>
        <source>No answer.</source>
        <translation>Aucune réponse.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="572"/>
        <source>Your answer to question %1…</source>
        <translation>Votre réponse à la question %1…</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="593"/>
        <source>Time allowed</source>
        <translation>Durée autorisée</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="595"/>
        <source>Handed in</source>
        <translation>Copie rendue</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="611"/>
        <source>Handed in automatically when time ran out, on %1.</source>
        <translation>Rendue automatiquement à la fin du temps imparti, le %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="612"/>
        <source>Handed in by you on %1.</source>
        <translation>Rendue par vous le %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="613"/>
        <source>SHA-256 of the paper: &lt;code&gt;%1&lt;/code&gt;</source>
        <translation>SHA-256 de la copie : &lt;code&gt;%1&lt;/code&gt;</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="622"/>
        <source>Grade: not released yet. Your instructor grades the exported paper and gives you a result file to import here.</source>
        <translation>Note : pas encore publiée. Votre enseignant corrige la copie exportée et vous remet un fichier de résultat à importer ici.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/exampage.cpp" line="627"/>
        <source>&lt;b&gt;Grade: %1 / %2&lt;/b&gt; (%3 / 20)</source>
        <translation>&lt;b&gt;Note : %1 / %2&lt;/b&gt; (%3 / 20)</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::ExamSession</name>
    <message>
        <source>Cannot write %1: %2.</source>
        <translation type="vanished">Impossible d&apos;écrire %1 : %2.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examsession.cpp" line="89"/>
        <source>Cannot write %1.</source>
        <translation>Impossible d&apos;écrire %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examsession.cpp" line="319"/>
        <source>There is no question %1 in this exam.</source>
        <translation>Il n&apos;y a pas de question %1 dans cet examen.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examsession.cpp" line="324"/>
        <source>Time ran out: the paper was handed in with the answers saved until then.</source>
        <translation>Le temps est écoulé : la copie a été rendue avec les réponses enregistrées jusque-là.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examsession.cpp" line="469"/>
        <source>The paper can be exported once it has been handed in.</source>
        <translation>La copie pourra être exportée une fois rendue.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examsession.cpp" line="473"/>
        <source>Cannot create the folder %1.</source>
        <translation>Impossible de créer le dossier %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examsession.cpp" line="484"/>
        <source>The paper has not been handed in yet: there is no result to import.</source>
        <translation>La copie n&apos;a pas encore été rendue : il n&apos;y a aucun résultat à importer.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examsession.cpp" line="491"/>
        <source>Cannot read %1: %2.</source>
        <translation>Impossible de lire %1 : %2.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examsession.cpp" line="498"/>
        <source>%1 is not a result file: %2.</source>
        <translation>%1 n&apos;est pas un fichier de résultat : %2.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examsession.cpp" line="503"/>
        <source>%1 is not an exam result: it lacks the paper&apos;s hash (sha256), the score or the maximum.</source>
        <translation>%1 n&apos;est pas un résultat d&apos;examen : il lui manque l&apos;empreinte de la copie (sha256), la note ou le maximum.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examsession.cpp" line="510"/>
        <source>%1 is the result of %2, not of %3: it was not imported.</source>
        <translation>%1 est le résultat de %2, pas de %3 : il n&apos;a pas été importé.</translation>
    </message>
    <message>
        <location filename="../app/gui/exam/examsession.cpp" line="515"/>
        <source>%1 is the result of another paper: its hash (%2…) is not the hash of the paper you handed in (%3…). It was not imported.</source>
        <translation>%1 est le résultat d&apos;une autre copie : son empreinte (%2…) n&apos;est pas celle de la copie que vous avez rendue (%3…). Il n&apos;a pas été importé.</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::ExercisePage</name>
    <message>
        <location filename="../app/gui/exercisepage.cpp" line="62"/>
        <source>Check my work</source>
        <translation>Vérifier</translation>
    </message>
    <message>
        <location filename="../app/gui/exercisepage.cpp" line="72"/>
        <source>Criterion</source>
        <translation>Critère</translation>
    </message>
    <message>
        <location filename="../app/gui/exercisepage.cpp" line="72"/>
        <source>Result</source>
        <translation>Résultat</translation>
    </message>
    <message>
        <location filename="../app/gui/exercisepage.cpp" line="72"/>
        <source>Points</source>
        <translation>Points</translation>
    </message>
    <message>
        <location filename="../app/gui/exercisepage.cpp" line="77"/>
        <source>Grade this exercise now (Ctrl+Enter)</source>
        <translation>Corriger cet exercice maintenant (Ctrl+Entrée)</translation>
    </message>
    <message>
        <location filename="../app/gui/exercisepage.cpp" line="83"/>
        <source>Select a criterion to read its feedback in full.</source>
        <translation>Choisissez un critère pour lire son commentaire en entier.</translation>
    </message>
    <message>
        <location filename="../app/gui/exercisepage.cpp" line="91"/>
        <source>Replay the scenario in the cluster</source>
        <translation>Rejouer le scénario dans le cluster</translation>
    </message>
    <message>
        <location filename="../app/gui/exercisepage.cpp" line="93"/>
        <source>Available once the exercise has been checked</source>
        <translation>Disponible une fois l&apos;exercice vérifié</translation>
    </message>
    <message>
        <location filename="../app/gui/exercisepage.cpp" line="112"/>
        <source>Find</source>
        <translation>Rechercher</translation>
    </message>
    <message>
        <location filename="../app/gui/exercisepage.cpp" line="115"/>
        <source>Replace</source>
        <translation>Remplacer</translation>
    </message>
    <message>
        <location filename="../app/gui/exercisepage.cpp" line="252"/>
        <source>Score: %1 to %2 / %3 (%4 pending review)</source>
        <translation>Note : %1 à %2 / %3 (%4 en attente de vérification)</translation>
    </message>
    <message>
        <location filename="../app/gui/exercisepage.cpp" line="272"/>
        <source>%1 — before your last change: check again</source>
        <translation>%1 — avant votre dernière modification : vérifiez à nouveau</translation>
    </message>
    <message>
        <location filename="../app/gui/exercisepage.cpp" line="284"/>
        <source>to be reviewed: %1 pending</source>
        <translation>à vérifier : %1 en attente</translation>
    </message>
    <message>
        <location filename="../app/gui/exercisepage.cpp" line="262"/>
        <source>pending / %1</source>
        <translation>en attente / %1</translation>
    </message>
    <message>
        <source>%1 was NOT saved (%2). Your text is kept in the editor; SchedLab saves it again as soon as the disk allows.</source>
        <translation type="vanished">%1 n&apos;a PAS été enregistré (%2). Votre texte reste dans l&apos;éditeur ; SchedLab l&apos;enregistrera dès que le disque le permettra.</translation>
    </message>
    <message>
        <location filename="../app/gui/exercisepage.cpp" line="251"/>
        <source>Score: %1 / %2</source>
        <translation>Note : %1 / %2</translation>
    </message>
    <message>
        <source>to be reviewed</source>
        <translation type="vanished">à vérifier</translation>
    </message>
    <message>
        <location filename="../app/gui/exercisepage.cpp" line="285"/>
        <source>passed</source>
        <translation>réussi</translation>
    </message>
    <message>
        <location filename="../app/gui/exercisepage.cpp" line="286"/>
        <source>failed</source>
        <translation>non réussi</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::FindBar</name>
    <message>
        <location filename="../app/gui/findbar.cpp" line="19"/>
        <source>Match case</source>
        <translation>Respecter la casse</translation>
    </message>
    <message>
        <location filename="../app/gui/findbar.cpp" line="22"/>
        <source>Find</source>
        <translation>Rechercher</translation>
    </message>
    <message>
        <location filename="../app/gui/findbar.cpp" line="23"/>
        <source>Replace with</source>
        <translation>Remplacer par</translation>
    </message>
    <message>
        <location filename="../app/gui/findbar.cpp" line="24"/>
        <source>Next</source>
        <translation>Suivant</translation>
    </message>
    <message>
        <location filename="../app/gui/findbar.cpp" line="25"/>
        <source>Replace</source>
        <translation>Remplacer</translation>
    </message>
    <message>
        <location filename="../app/gui/findbar.cpp" line="26"/>
        <source>Replace all</source>
        <translation>Tout remplacer</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::GradebookModel</name>
    <message>
        <location filename="../app/gui/instructor/gradebookmodel.cpp" line="54"/>
        <source>passed</source>
        <translation>réussi</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/gradebookmodel.cpp" line="56"/>
        <source>failed</source>
        <translation>non réussi</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/gradebookmodel.cpp" line="58"/>
        <source>to review</source>
        <translation>à vérifier</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/gradebookmodel.cpp" line="60"/>
        <source>overridden</source>
        <translation>modifiée</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/gradebookmodel.cpp" line="190"/>
        <source>Not graded</source>
        <translation>Non corrigé</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/instructor/gradebookmodel.cpp" line="193"/>
        <source>%n to review</source>
        <translation>
            <numerusform>%n à vérifier</numerusform>
            <numerusform>%n à vérifier</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/gradebookmodel.cpp" line="208"/>
        <source>%1–%2 / %3</source>
        <translation>%1–%2 / %3</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/gradebookmodel.cpp" line="211"/>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/gradebookmodel.cpp" line="218"/>
        <source>%1 –/%2</source>
        <translation>%1 –/%2</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/gradebookmodel.cpp" line="219"/>
        <source>%1 %2/%3</source>
        <translation>%1 %2/%3</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/gradebookmodel.cpp" line="245"/>
        <source>%1 — %2 (rubric %3)</source>
        <translation>%1 — %2 (barème %3)</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/gradebookmodel.cpp" line="250"/>
        <source>%1: %2
%3</source>
        <translation>%1 : %2
%3</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/gradebookmodel.cpp" line="306"/>
        <source>Student</source>
        <translation>Étudiant</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/gradebookmodel.cpp" line="308"/>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/gradebookmodel.cpp" line="310"/>
        <source>Remark</source>
        <translation>Remarque</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/gradebookmodel.cpp" line="316"/>
        <source>%1 (%2 points)</source>
        <translation>%1 (%2 points)</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::HandInDialog</name>
    <message>
        <location filename="../app/gui/handindialog.cpp" line="20"/>
        <location filename="../app/gui/handindialog.cpp" line="113"/>
        <source>Hand in my work</source>
        <translation>Rendre mon travail</translation>
    </message>
    <message>
        <location filename="../app/gui/handindialog.cpp" line="21"/>
        <source>This is what your hand-in holds. Check it before you give the zip to your instructor.</source>
        <translation>Voici ce que contient votre rendu. Vérifiez-le avant de donner le zip à votre enseignant.</translation>
    </message>
    <message>
        <location filename="../app/gui/handindialog.cpp" line="28"/>
        <source>Deliverable</source>
        <translation>Livrable</translation>
    </message>
    <message>
        <location filename="../app/gui/handindialog.cpp" line="28"/>
        <source>Status</source>
        <translation>État</translation>
    </message>
    <message>
        <location filename="../app/gui/handindialog.cpp" line="28"/>
        <source>Files</source>
        <translation>Fichiers</translation>
    </message>
    <message>
        <location filename="../app/gui/handindialog.cpp" line="37"/>
        <source>Nothing can be handed in yet: %1</source>
        <translation>Rien ne peut encore être rendu : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/handindialog.cpp" line="47"/>
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <location filename="../app/gui/handindialog.cpp" line="50"/>
        <source>Save as:</source>
        <translation>Enregistrer sous :</translation>
    </message>
    <message>
        <location filename="../app/gui/handindialog.cpp" line="55"/>
        <source>Hand in</source>
        <translation>Rendre</translation>
    </message>
    <message>
        <location filename="../app/gui/handindialog.cpp" line="78"/>
        <source>Included</source>
        <translation>Inclus</translation>
    </message>
    <message>
        <location filename="../app/gui/handindialog.cpp" line="80"/>
        <source>Empty</source>
        <translation>Vide</translation>
    </message>
    <message>
        <location filename="../app/gui/handindialog.cpp" line="82"/>
        <source>Missing</source>
        <translation>Manquant</translation>
    </message>
    <message>
        <location filename="../app/gui/handindialog.cpp" line="92"/>
        <source>%1 (empty)</source>
        <translation>%1 (vide)</translation>
    </message>
    <message>
        <location filename="../app/gui/handindialog.cpp" line="94"/>
        <source>%1 (missing)</source>
        <translation>%1 (manquant)</translation>
    </message>
    <message>
        <location filename="../app/gui/handindialog.cpp" line="114"/>
        <source>Zip archives (*.zip)</source>
        <translation>Archives zip (*.zip)</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::InstructorPage</name>
    <message>
        <source>Open a class folder: one sub-folder per student, named by the student&apos;s id. Grading reads the files only: no student code is run.</source>
        <translation type="vanished">Ouvrez un dossier de classe : un sous-dossier par étudiant, nommé d&apos;après son identifiant. La correction se contente de lire les fichiers : aucun code d&apos;étudiant n&apos;est exécuté.</translation>
    </message>
    <message>
        <source>Open class…</source>
        <translation type="vanished">Ouvrir une classe…</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="125"/>
        <source>Grade all</source>
        <translation>Tout corriger</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation type="vanished">Exporter en CSV…</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="127"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="128"/>
        <source>No class open</source>
        <translation>Aucune classe ouverte</translation>
    </message>
    <message>
        <source>A folder with one sub-folder per student</source>
        <translation type="vanished">Un dossier avec un sous-dossier par étudiant</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="132"/>
        <source>Grade every student with the current rubrics</source>
        <translation>Corriger tous les étudiants avec les barèmes actuels</translation>
    </message>
    <message>
        <source>The grades as CSV for the LMS (as schedlab-cli grade --format csv)</source>
        <translation type="vanished">Les notes en CSV pour la plateforme pédagogique (comme schedlab-cli grade --format csv)</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="211"/>
        <source>Find a student</source>
        <translation>Rechercher un étudiant</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="225"/>
        <source>&lt;span style=&apos;background:#dcf1dc&apos;&gt;&amp;nbsp;✓ passed&amp;nbsp;&lt;/span&gt; &lt;span style=&apos;background:#f7d9d9&apos;&gt;&amp;nbsp;✗ failed&amp;nbsp;&lt;/span&gt; &lt;span style=&apos;background:#ffefc4&apos;&gt;&amp;nbsp;? to review&amp;nbsp;&lt;/span&gt; &lt;span style=&apos;background:#dbe7fa&apos;&gt;&amp;nbsp;✎ overridden&amp;nbsp;&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;background:#dcf1dc&apos;&gt;&amp;nbsp;✓ réussi&amp;nbsp;&lt;/span&gt; &lt;span style=&apos;background:#f7d9d9&apos;&gt;&amp;nbsp;✗ non réussi&amp;nbsp;&lt;/span&gt; &lt;span style=&apos;background:#ffefc4&apos;&gt;&amp;nbsp;? à vérifier&amp;nbsp;&lt;/span&gt; &lt;span style=&apos;background:#dbe7fa&apos;&gt;&amp;nbsp;✎ modifiée&amp;nbsp;&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="237"/>
        <source>Exercise:</source>
        <translation>Exercice :</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="240"/>
        <source>Show:</source>
        <translation>Afficher :</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/instructor/instructorpage.cpp" line="283"/>
        <source>&lt;b&gt;%1&lt;/b&gt; — %n student(s), gradebook %2</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; — %n étudiant, carnet de notes %2</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; — %n étudiants, carnet de notes %2</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="293"/>
        <source>Nothing graded yet: click “Grade all”.</source>
        <translation>Rien n&apos;est encore corrigé : cliquez sur « Tout corriger ».</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="295"/>
        <source>These are the grades stored in the gradebook. “Grade all” grades the files as they are now.</source>
        <translation>Voici les notes enregistrées dans le carnet de notes. « Tout corriger » corrige les fichiers dans leur état actuel.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="305"/>
        <source>Open a class folder first.</source>
        <translation>Ouvrez d&apos;abord un dossier de classe.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="321"/>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="370"/>
        <source>There are no grades to export: grade the class first.</source>
        <translation>Il n&apos;y a aucune note à exporter : corrigez d&apos;abord la classe.</translation>
    </message>
    <message>
        <source>The CSV file %1 could not be written: %2</source>
        <translation type="vanished">Le fichier CSV %1 n&apos;a pas pu être écrit : %2</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="326"/>
        <source>The CSV file could not be written: %1</source>
        <translation>Le fichier CSV n&apos;a pas pu être écrit : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="403"/>
        <source>The rubrics changed: the class is graded again, and the marks that change will be listed before anything is saved.</source>
        <translation>Les barèmes ont changé : la classe est corrigée à nouveau, et les notes qui changent seront listées avant tout enregistrement.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="411"/>
        <source>Open a class folder</source>
        <translation>Ouvrir un dossier de classe</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="505"/>
        <source>Export the grades for the LMS</source>
        <translation>Exporter les notes pour la plateforme pédagogique</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="433"/>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="448"/>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="453"/>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="506"/>
        <source>CSV files (*.csv)</source>
        <translation>Fichiers CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="82"/>
        <source>Class</source>
        <translation>Classe</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="83"/>
        <source>By exercise</source>
        <translation>Par exercice</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="84"/>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="100"/>
        <source>To review</source>
        <translation>À vérifier</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="114"/>
        <source>Open a class: a folder of student folders or hand-in zips, or Moodle&apos;s “Download all submissions” (its folder or its zip). Grading reads the files only: no student code is run.</source>
        <translation>Ouvrez une classe : un dossier de dossiers d’étudiants ou de zips de rendu, ou le « Télécharger tous les travaux remis » de Moodle (son dossier ou son zip). La correction ne fait que lire les fichiers : aucun code d’étudiant n’est exécuté.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="124"/>
        <source>Open</source>
        <translation>Ouvrir</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="126"/>
        <source>Export</source>
        <translation>Exporter</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="130"/>
        <source>A class folder, Moodle&apos;s download (folder or zip), or one hand-in zip</source>
        <translation>Un dossier de classe, le téléchargement de Moodle (dossier ou zip), ou un zip de rendu</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="133"/>
        <source>Spreadsheets, Moodle&apos;s grading worksheet, feedback for the students</source>
        <translation>Tableurs, feuille de notes de Moodle, retours pour les étudiants</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="158"/>
        <source>Open a class folder…</source>
        <translation>Ouvrir un dossier de classe…</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="159"/>
        <source>Student folders, hand-in zips, or Moodle&apos;s download unzipped</source>
        <translation>Dossiers d’étudiants, zips de rendu, ou le téléchargement de Moodle décompressé</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="160"/>
        <source>Open a zip…</source>
        <translation>Ouvrir un zip…</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="161"/>
        <source>Moodle&apos;s “Download all submissions” zip, or one student&apos;s hand-in</source>
        <translation>Le zip « Télécharger tous les travaux remis » de Moodle, ou le rendu d’un étudiant</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="169"/>
        <source>Class summary (CSV)…</source>
        <translation>Synthèse de la classe (CSV)…</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="170"/>
        <source>One row per student, for a spreadsheet in the interface&apos;s language</source>
        <translation>Une ligne par étudiant, pour un tableur dans la langue de l’interface</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="171"/>
        <source>Criterion sheet (CSV)…</source>
        <translation>Feuille des critères (CSV)…</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="172"/>
        <source>One row per student and criterion</source>
        <translation>Une ligne par étudiant et par critère</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="174"/>
        <source>Moodle worksheet…</source>
        <translation>Feuille de notes Moodle…</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="175"/>
        <source>Fill in the grading worksheet downloaded from Moodle</source>
        <translation>Remplir la feuille de notes téléchargée depuis Moodle</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="176"/>
        <source>Feedback files…</source>
        <translation>Fichiers de retour…</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="177"/>
        <source>One Markdown and one PDF file per student, and the zip for Moodle&apos;s feedback upload</source>
        <translation>Un fichier Markdown et un PDF par étudiant, et le zip pour le dépôt des retours dans Moodle</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="180"/>
        <source>Grades for scripts (CSV)…</source>
        <translation>Notes pour les scripts (CSV)…</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="181"/>
        <source>As schedlab-cli grade --format csv</source>
        <translation>Comme schedlab-cli grade --format csv</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="335"/>
        <source>The summary could not be written: %1</source>
        <translation>La synthèse n’a pas pu être écrite : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="344"/>
        <source>The criterion sheet could not be written: %1</source>
        <translation>La feuille des critères n’a pas pu être écrite : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="383"/>
        <source>%1 has nothing graded in this class.</source>
        <translation>%1 n’a rien de corrigé dans cette classe.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="389"/>
        <source>%1 has no hand-in of their own: their grade comes from a teammate&apos;s hand-in or the LMS lists them without one.</source>
        <translation>%1 n’a pas de rendu à son nom : sa note vient du rendu d’un coéquipier, ou la plateforme le liste sans rendu.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="420"/>
        <source>Open a class zip or a hand-in zip</source>
        <translation>Ouvrir un zip de classe ou un zip de rendu</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="421"/>
        <source>Zip archives (*.zip *.ZIP)</source>
        <translation>Archives zip (*.zip *.ZIP)</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="430"/>
        <source>Export the class summary</source>
        <translation>Exporter la synthèse de la classe</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="430"/>
        <source>Export the criterion sheet</source>
        <translation>Exporter la feuille des critères</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="438"/>
        <source>Exported to %1.</source>
        <translation>Exporté vers %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="446"/>
        <source>The grading worksheet downloaded from Moodle</source>
        <translation>La feuille de notes téléchargée depuis Moodle</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="452"/>
        <source>Save the filled worksheet</source>
        <translation>Enregistrer la feuille de notes remplie</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="458"/>
        <source>Criteria await review</source>
        <translation>Des critères attendent une vérification</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/instructor/instructorpage.cpp" line="459"/>
        <source>%n student(s) have criteria the grader was unsure of. Moodle would get their grades as they stand.</source>
        <translation>
            <numerusform>%n étudiant a des critères dont le correcteur n’était pas sûr. Moodle recevrait ses notes en l’état.</numerusform>
            <numerusform>%n étudiants ont des critères dont le correcteur n’était pas sûr. Moodle recevrait leurs notes en l’état.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="466"/>
        <source>Export anyway</source>
        <translation>Exporter quand même</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="471"/>
        <source>The worksheet was not written: review the criteria first (filter “To review only”).</source>
        <translation>La feuille de notes n’a pas été écrite : vérifiez d’abord les critères (filtre « À vérifier seulement »).</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="477"/>
        <source>Worksheet written to %1.</source>
        <translation>Feuille de notes écrite dans %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="482"/>
        <source>Folder for the feedback files</source>
        <translation>Dossier des fichiers de retour</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/instructor/instructorpage.cpp" line="488"/>
        <source>%n file(s) written to %1.</source>
        <translation>
            <numerusform>%n fichier écrit dans %1.</numerusform>
            <numerusform>%n fichiers écrits dans %1.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="511"/>
        <source>Grades exported to %1.</source>
        <translation>Notes exportées dans %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="528"/>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/instructor/instructorpage.cpp" line="543"/>
        <source>Graded %n student(s). Some marks differ from the gradebook: check them below, then save them or keep the stored ones.</source>
        <translation>
            <numerusform>%n étudiant corrigé. Certaines notes diffèrent du carnet de notes : vérifiez-les ci-dessous, puis enregistrez-les ou gardez celles déjà enregistrées.</numerusform>
            <numerusform>%n étudiants corrigés. Certaines notes diffèrent du carnet de notes : vérifiez-les ci-dessous, puis enregistrez-les ou gardez celles déjà enregistrées.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/instructor/instructorpage.cpp" line="546"/>
        <source>Graded %n student(s); the grades are saved in the gradebook.</source>
        <translation>
            <numerusform>%n étudiant corrigé ; les notes sont enregistrées dans le carnet de notes.</numerusform>
            <numerusform>%n étudiants corrigés ; les notes sont enregistrées dans le carnet de notes.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/instructor/instructorpage.cpp" line="548"/>
        <source>%n submission(s) could not be read: see the Remark column.</source>
        <translation>
            <numerusform>%n rendu n&apos;a pas pu être lu : voyez la colonne Remarque.</numerusform>
            <numerusform>%n rendus n&apos;ont pas pu être lus : voyez la colonne Remarque.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="561"/>
        <source>Grading cancelled after %1 of %2 students: nothing was saved.</source>
        <translation>Correction annulée après %1 étudiants sur %2 : rien n&apos;a été enregistré.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="580"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="636"/>
        <source>All (%1)</source>
        <translation>Tous (%1)</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="638"/>
        <source>With a failed criterion (%1)</source>
        <translation>Avec un critère non réussi (%1)</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="100"/>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="639"/>
        <source>To review (%1)</source>
        <translation>À vérifier (%1)</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="659"/>
        <source>Wait for the grading to finish.</source>
        <translation>Attendez la fin de la correction.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="660"/>
        <source>Save or discard the new grades first.</source>
        <translation>Enregistrez ou abandonnez d&apos;abord les nouvelles notes.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="696"/>
        <source>Select a cell to see how the grader decided.</source>
        <translation>Sélectionnez une cellule pour voir comment le correcteur a décidé.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="697"/>
        <source>Select a cell of the table to read the student&apos;s answer.</source>
        <translation>Sélectionnez une cellule du tableau pour lire la réponse de l&apos;étudiant.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="726"/>
        <source>Override…</source>
        <translation>Modifier la note…</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="752"/>
        <source>Select the cell of a criterion first.</source>
        <translation>Sélectionnez d&apos;abord la cellule d&apos;un critère.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="756"/>
        <source>An override needs a reason: it is kept in the gradebook.</source>
        <translation>Une modification de note doit être justifiée : la raison est conservée dans le carnet de notes.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="772"/>
        <source>Override recorded in the gradebook: %1, %2.</source>
        <translation>Modification enregistrée dans le carnet de notes : %1, %2.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="785"/>
        <source>The new grades are saved in the gradebook.</source>
        <translation>Les nouvelles notes sont enregistrées dans le carnet de notes.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/instructorpage.cpp" line="793"/>
        <source>The stored grades are kept: nothing was saved.</source>
        <translation>Les notes enregistrées sont conservées : rien n&apos;a été enregistré.</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::JobPrediction</name>
    <message>
        <location filename="../app/gui/loginnode/jobprediction.cpp" line="60"/>
        <source>The mini-cluster did not take the script: %1</source>
        <translation>Le mini-cluster n&apos;a pas accepté le script : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/jobprediction.cpp" line="61"/>
        <source>no job was submitted</source>
        <translation>aucun job n&apos;a été soumis</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/jobprediction.cpp" line="66"/>
        <source>The simulation stopped: %1</source>
        <translation>La simulation s&apos;est arrêtée : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/jobprediction.cpp" line="69"/>
        <source>Still running after %1 hours of simulated time.</source>
        <translation>Toujours en cours après %1 heures de temps simulé.</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::KeySection</name>
    <message>
        <location filename="../app/gui/loginnode/keysection.cpp" line="27"/>
        <source>&amp;Generate the key…</source>
        <translation>&amp;Générer la clé…</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/keysection.cpp" line="30"/>
        <source>&amp;Copy the public key</source>
        <translation>&amp;Copier la clé publique</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/keysection.cpp" line="31"/>
        <source>Save the public key &amp;as…</source>
        <translation>Enregistrer la clé publique &amp;sous…</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/keysection.cpp" line="33"/>
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/keysection.cpp" line="40"/>
        <source>no public key yet</source>
        <translation>pas encore de clé publique</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/keysection.cpp" line="43"/>
        <source>Written at the end of the public key: it tells your keys apart.</source>
        <translation>Écrit à la fin de la clé publique : il permet de distinguer vos clés.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/keysection.cpp" line="52"/>
        <source>Private key file:</source>
        <translation>Fichier de clé privée :</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/keysection.cpp" line="53"/>
        <source>Comment:</source>
        <translation>Commentaire :</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/keysection.cpp" line="55"/>
        <source>Fingerprint:</source>
        <translation>Empreinte :</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/keysection.cpp" line="116"/>
        <source>Choose where the private key goes first.</source>
        <translation>Choisissez d&apos;abord l&apos;emplacement de la clé privée.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/keysection.cpp" line="137"/>
        <source>The passphrase may not be empty: the key was not generated.</source>
        <translation>La phrase de passe ne peut pas être vide : la clé n&apos;a pas été générée.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/keysection.cpp" line="140"/>
        <source>The two passphrases differ: the key was not generated.</source>
        <translation>Les deux phrases de passe diffèrent : la clé n&apos;a pas été générée.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/keysection.cpp" line="156"/>
        <source>Key generated: %1 (private, keep it) and %2 (public, the one you send).</source>
        <translation>Clé générée : %1 (privée, à garder pour vous) et %2 (publique, celle que vous envoyez).</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/keysection.cpp" line="172"/>
        <source>The public key is on the clipboard.</source>
        <translation>La clé publique est dans le presse-papiers.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/keysection.cpp" line="181"/>
        <source>%1 is the private key: it is never written from here.</source>
        <translation>%1 est la clé privée : ce panneau n&apos;écrit jamais dedans.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/keysection.cpp" line="191"/>
        <source>%1.pub does not hold a public key.</source>
        <translation>%1.pub ne contient pas de clé publique.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="vanished">%1 : %2</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/keysection.cpp" line="202"/>
        <source>Save the public key</source>
        <translation>Enregistrer la clé publique</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/keysection.cpp" line="204"/>
        <source>Public keys (*.pub);;All files (*)</source>
        <translation>Clés publiques (*.pub);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/keysection.cpp" line="209"/>
        <source>Public key saved to %1.</source>
        <translation>Clé publique enregistrée dans %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/keysection.cpp" line="217"/>
        <source>Where the private key goes</source>
        <translation>Emplacement de la clé privée</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::KubeView</name>
    <message>
        <location filename="../app/gui/cluster/kubeview.cpp" line="49"/>
        <source>Pods</source>
        <translation>Pods</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/kubeview.cpp" line="50"/>
        <source>Jobs</source>
        <translation>Jobs</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/kubeview.cpp" line="51"/>
        <source>Deployments</source>
        <translation>Deployments</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/kubeview.cpp" line="52"/>
        <source>Events</source>
        <translation>Événements</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/kubeview.cpp" line="64"/>
        <source>Select a pod to read its logs (kubectl logs).</source>
        <translation>Sélectionnez un pod pour lire ses journaux (kubectl logs).</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::KubectlSection</name>
    <message>
        <location filename="../app/gui/loginnode/kubectlsection.cpp" line="29"/>
        <source>&amp;Apply the Job…</source>
        <translation>&amp;Appliquer le Job…</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/kubectlsection.cpp" line="30"/>
        <source>Read its &amp;logs…</source>
        <translation>Lire ses &amp;journaux…</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/kubectlsection.cpp" line="31"/>
        <source>&amp;Delete the Job…</source>
        <translation>&amp;Supprimer le Job…</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/kubectlsection.cpp" line="38"/>
        <source>What kubectl answers appears here.</source>
        <translation>Les réponses de kubectl s&apos;affichent ici.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/kubectlsection.cpp" line="39"/>
        <source>Check again</source>
        <translation>Vérifier à nouveau</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/kubectlsection.cpp" line="40"/>
        <source>Reload</source>
        <translation>Recharger</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/kubectlsection.cpp" line="41"/>
        <source>Look for Job manifests in the workspace again</source>
        <translation>Rechercher à nouveau les manifestes de Job dans l&apos;espace de travail</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/kubectlsection.cpp" line="47"/>
        <source>Manifest:</source>
        <translation>Manifeste :</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/kubectlsection.cpp" line="53"/>
        <source>If this computer has a kubectl that reaches a real Kubernetes cluster, the exercise&apos;s Job can run there too, beside the mini-cluster.</source>
        <translation>Si cet ordinateur dispose d&apos;un kubectl qui atteint un vrai cluster Kubernetes, le Job de l&apos;exercice peut aussi s&apos;y exécuter, en plus du mini-cluster.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/kubectlsection.cpp" line="76"/>
        <source>[exit %1]</source>
        <translation>[code de sortie %1]</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/kubectlsection.cpp" line="157"/>
        <source>Looking for a real Kubernetes cluster (kubectl get nodes)…</source>
        <translation>Recherche d&apos;un vrai cluster Kubernetes (kubectl get nodes)…</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/kubectlsection.cpp" line="160"/>
        <source>No reachable Kubernetes cluster was found: there is no kubectl on this machine besides SchedLab&apos;s own. This is not a failure: the course does not require a real Kubernetes cluster, the mini-cluster is enough.</source>
        <translation>Aucun cluster Kubernetes joignable : il n&apos;y a pas d&apos;autre kubectl sur cette machine que celui de SchedLab. Ce n&apos;est pas un échec : le cours n&apos;exige pas de vrai cluster Kubernetes, le mini-cluster suffit.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/kubectlsection.cpp" line="167"/>
        <source>No reachable Kubernetes cluster was found: %1 get nodes did not answer (%2). This is not a failure: the course does not require a real Kubernetes cluster, the mini-cluster is enough.</source>
        <translation>Aucun cluster Kubernetes joignable : %1 get nodes n&apos;a pas répondu (%2). Ce n&apos;est pas un échec : le cours n&apos;exige pas de vrai cluster Kubernetes, le mini-cluster suffit.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/kubectlsection.cpp" line="171"/>
        <source>no message</source>
        <translation>aucun message</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/kubectlsection.cpp" line="175"/>
        <source>A real Kubernetes cluster answers through %1. Each action below asks you first and shows the exact command.</source>
        <translation>Un vrai cluster Kubernetes répond via %1. Chaque action ci-dessous vous demande d&apos;abord confirmation et affiche la commande exacte.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/kubectlsection.cpp" line="213"/>
        <source>Run kubectl on a real cluster</source>
        <translation>Exécuter kubectl sur un vrai cluster</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/kubectlsection.cpp" line="214"/>
        <source>SchedLab will run, on the real cluster kubectl reaches:

%1

Go ahead?</source>
        <translation>SchedLab va exécuter, sur le vrai cluster que kubectl atteint :

%1

Continuer ?</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::LessonPage</name>
    <message>
        <source>%1 was NOT saved (%2). Your text is kept in the editor; SchedLab saves it again as soon as the disk allows.</source>
        <translation type="vanished">%1 n&apos;a PAS été enregistré (%2). Votre texte reste dans l&apos;éditeur ; SchedLab l&apos;enregistrera dès que le disque le permettra.</translation>
    </message>
    <message>
        <location filename="../app/gui/lessons/lessonpage.cpp" line="107"/>
        <source>Going further: beyond the module&apos;s programme.</source>
        <translation>Pour aller plus loin : au-delà du programme du module.</translation>
    </message>
    <message>
        <location filename="../app/gui/lessons/lessonpage.cpp" line="189"/>
        <source>Types these lines into the terminal below</source>
        <translation>Tape ces lignes dans le terminal ci-dessous</translation>
    </message>
    <message>
        <location filename="../app/gui/lessons/lessonpage.cpp" line="201"/>
        <source>Check yourself: %1</source>
        <translation>Vérifiez-vous : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/lessons/lessonpage.cpp" line="204"/>
        <source>Your answer, in a sentence</source>
        <translation>Votre réponse, en une phrase</translation>
    </message>
    <message>
        <location filename="../app/gui/lessons/lessonpage.cpp" line="234"/>
        <source>Cannot write %1</source>
        <translation>Impossible d&apos;écrire %1</translation>
    </message>
    <message>
        <location filename="../app/gui/lessons/lessonpage.cpp" line="246"/>
        <source>Cannot read %1</source>
        <translation>Impossible de lire %1</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="vanished">Impossible d&apos;écrire %1 : %2</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="vanished">Impossible de lire %1 : %2</translation>
    </message>
    <message>
        <source>Cannot save %1: %2</source>
        <translation type="vanished">Impossible d&apos;enregistrer %1 : %2</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::LocalBackend</name>
    <message>
        <location filename="../app/gui/cluster/localbackend.cpp" line="64"/>
        <source>Cannot create the cluster&apos;s folder %1.</source>
        <translation>Impossible de créer le dossier du cluster %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/localbackend.cpp" line="124"/>
        <source>Mini-cluster</source>
        <translation>Mini-cluster</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/localbackend.cpp" line="229"/>
        <source>The mini-cluster is not running.</source>
        <translation>Le mini-cluster n&apos;est pas démarré.</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::LoginNodePage</name>
    <message>
        <location filename="../app/gui/loginnode/loginnodepage.cpp" line="67"/>
        <source>&amp;Key and checklist</source>
        <translation>&amp;Clé et liste de contrôle</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/loginnodepage.cpp" line="68"/>
        <source>C&amp;onnection</source>
        <translation>C&amp;onnexion</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/loginnodepage.cpp" line="69"/>
        <source>&amp;Jobs</source>
        <translation>&amp;Jobs</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/loginnodepage.cpp" line="70"/>
        <source>K&amp;ubernetes</source>
        <translation>K&amp;ubernetes</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/loginnodepage.cpp" line="88"/>
        <source>On session day you connect to the supercomputer&apos;s login node with an SSH key: an ED25519 pair, protected by a passphrase. The private file stays on this computer; the public line is what you send to the organisers. Its fingerprint lets you recognise it later.</source>
        <translation>Le jour de la séance, vous vous connectez au nœud de login du supercalculateur avec une clé SSH : une paire ED25519, protégée par une phrase de passe. Le fichier privé reste sur cet ordinateur ; la ligne publique est ce que vous envoyez aux organisateurs. Son empreinte vous permet de la reconnaître plus tard.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/loginnodepage.cpp" line="92"/>
        <source>Your SSH key</source>
        <translation>Votre clé SSH</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/loginnodepage.cpp" line="93"/>
        <source>Checklist for the session</source>
        <translation>Liste de contrôle pour la séance</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/loginnodepage.cpp" line="110"/>
        <source>Use only the host name and port the organisers give: SchedLab never guesses them. The first time, the server shows its key&apos;s fingerprint: compare it before you say yes. Your passphrase is kept in memory until you disconnect, never on disk.</source>
        <translation>N&apos;utilisez que le nom d&apos;hôte et le port donnés par les organisateurs : SchedLab ne les devine jamais. La première fois, le serveur affiche l&apos;empreinte de sa clé : comparez-la avant d&apos;accepter. Votre phrase de passe est gardée en mémoire jusqu&apos;à la déconnexion, jamais sur le disque.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/loginnodepage.cpp" line="114"/>
        <source>Profile</source>
        <translation>Profil</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/loginnodepage.cpp" line="123"/>
        <source>Connection</source>
        <translation>Connexion</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::MainWindow</name>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="54"/>
        <source>SchedLab — Slurm and Kubernetes scheduling</source>
        <translation>SchedLab — Ordonnancement Slurm et Kubernetes</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="81"/>
        <source>An exam was still in progress in %1 when SchedLab stopped: it has been reopened there.</source>
        <translation>Un examen était encore en cours dans %1 quand SchedLab s’est arrêté : il y a été rouvert.</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="90"/>
        <source>Workspace: %1</source>
        <translation>Espace de travail : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="147"/>
        <source>The mini-cluster could not start: %1</source>
        <translation>Le mini-cluster n&apos;a pas pu démarrer : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="158"/>
        <source>Terminal</source>
        <translation>Terminal</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="197"/>
        <source>Lessons</source>
        <translation>Leçons</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="203"/>
        <source>Going further</source>
        <translation>Pour aller plus loin</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="279"/>
        <source>Course</source>
        <translation>Cours</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="287"/>
        <source>Login node</source>
        <translation>Nœud de login</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="289"/>
        <source>Your SSH key, the checklist, and the real login node</source>
        <translation>Votre clé SSH, la liste de contrôle et le vrai nœud de login</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="291"/>
        <source>Cluster</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="293"/>
        <source>Queue</source>
        <translation>File d&apos;attente</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="294"/>
        <source>Nodes</source>
        <translation>Nœuds</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="295"/>
        <source>Timeline</source>
        <translation>Chronologie</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="296"/>
        <source>Kubernetes</source>
        <translation>Kubernetes</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="297"/>
        <source>Slurm vs Kubernetes</source>
        <translation>Slurm vs Kubernetes</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="328"/>
        <source>Read</source>
        <translation>Lue</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="337"/>
        <source>Last checked %1</source>
        <translation>Dernière vérification : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="344"/>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="345"/>
        <source>Choose the &amp;workspace…</source>
        <translation>Choisir l&apos;&amp;espace de travail…</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="347"/>
        <source>&amp;Save</source>
        <translation>&amp;Enregistrer</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="353"/>
        <source>S&amp;tudent…</source>
        <translation>É&amp;tudiant…</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="355"/>
        <source>&amp;Hand in my work…</source>
        <translation>&amp;Rendre mon travail…</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="359"/>
        <source>&amp;Instructor mode: open a class folder…</source>
        <translation>Mode &amp;enseignant : ouvrir un dossier de classe…</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="363"/>
        <source>Instructor mode: open a &amp;zip…</source>
        <translation>Mode enseignant : ouvrir un &amp;zip…</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="364"/>
        <source>Moodle&apos;s “Download all submissions” zip, or one hand-in zip</source>
        <translation>Le zip « Télécharger tous les travaux remis » de Moodle, ou un zip de rendu</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="531"/>
        <source>Class zip (Moodle&apos;s download) or hand-in zip</source>
        <translation>Zip de classe (téléchargement de Moodle) ou zip de rendu</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="532"/>
        <source>Zip archives (*.zip *.ZIP)</source>
        <translation>Archives zip (*.zip *.ZIP)</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="534"/>
        <source>Class folder (student folders, hand-in zips or Moodle&apos;s download)</source>
        <translation>Dossier de classe (dossiers d’étudiants, zips de rendu ou téléchargement de Moodle)</translation>
    </message>
    <message>
        <source>&amp;Instructor mode: open a class…</source>
        <translation type="vanished">&amp;Mode enseignant : ouvrir une classe…</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="367"/>
        <source>&amp;Language</source>
        <translation>&amp;Langue</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="369"/>
        <location filename="../app/gui/mainwindow.cpp" line="647"/>
        <source>As the system</source>
        <translation>Comme le système</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="378"/>
        <source>The language changes at the next start.</source>
        <translation>La langue change au prochain démarrage.</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="382"/>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="414"/>
        <source>E&amp;xam</source>
        <translation>E&amp;xamen</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="415"/>
        <source>Open the &amp;paper…</source>
        <translation>Ouvrir le &amp;sujet…</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="427"/>
        <source>The terminal comes back once the paper is handed in.</source>
        <translation>Le terminal revient une fois la copie rendue.</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="463"/>
        <source>SchedLab does not open the lessons, the cluster or the exercises while an exam runs on this computer. %1 Hand the paper in there first. This attempt has been noted in the exam&apos;s report.</source>
        <translation>SchedLab n’ouvre ni les leçons, ni le cluster, ni les exercices pendant qu’un examen se déroule sur cet ordinateur. %1 Rendez d’abord la copie là-bas. Cette tentative a été notée dans le rapport de l’examen.</translation>
    </message>
    <message>
        <source>Class folder (one sub-folder per student)</source>
        <translation type="vanished">Dossier de classe (un sous-dossier par étudiant)</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="547"/>
        <source>Instructor</source>
        <translation>Enseignant</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="588"/>
        <source>Exam in progress: lessons, exercises, grading and the cluster come back once the paper is handed in.</source>
        <translation>Examen en cours : les cours, les exercices, la correction et le cluster reviendront une fois la copie rendue.</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="634"/>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="635"/>
        <source>&amp;Queue</source>
        <translation>&amp;File d&apos;attente</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="638"/>
        <source>&amp;Timeline</source>
        <translation>&amp;Chronologie</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="641"/>
        <source>&amp;Kubernetes</source>
        <translation>&amp;Kubernetes</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="645"/>
        <source>&amp;Colours</source>
        <translation>&amp;Couleurs</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="648"/>
        <source>Light</source>
        <translation>Claires</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="649"/>
        <source>Dark</source>
        <translation>Sombres</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="656"/>
        <source>The colours change at the next start.</source>
        <translation>Les couleurs changent au prochain démarrage.</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="692"/>
        <source>The exam is in progress: another workspace can be chosen once the paper is handed in. This attempt has been noted in the exam&apos;s report.</source>
        <translation>L’examen est en cours : un autre espace de travail pourra être choisi une fois la copie rendue. Cette tentative a été notée dans le rapport de l’examen.</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="696"/>
        <location filename="../app/gui/mainwindow.cpp" line="710"/>
        <source>Workspace</source>
        <translation>Espace de travail</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="711"/>
        <source>SchedLab will use %1 from its next start.</source>
        <translation>SchedLab utilisera %1 à partir du prochain démarrage.</translation>
    </message>
    <message>
        <source>Hand in my work</source>
        <translation type="vanished">Rendre mon travail</translation>
    </message>
    <message>
        <source>Zip archives (*.zip)</source>
        <translation type="vanished">Archives zip (*.zip)</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="739"/>
        <source>%1 files handed in: %2</source>
        <translation>%1 fichiers rendus : %2</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="782"/>
        <source>Exercise 2</source>
        <translation>Exercice 2</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="783"/>
        <source>Your version of exercise 2&apos;s scenario is now drawn from your student number, as your instructor&apos;s grader draws it: %1 changed. Check your answers in %2 against it. The previous scenario is kept beside it, ending in .old.</source>
        <translation>Votre version du scénario de l’exercice 2 est maintenant tirée de votre numéro d’étudiant, comme la tire le correcteur de votre enseignant : %1 a changé. Vérifiez vos réponses dans %2 avec ce nouveau scénario. L’ancien est gardé à côté, avec un nom finissant par .old.</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="797"/>
        <source>Your name and number, written in your hand-in and your exam paper. Click to change them.</source>
        <translation>Votre nom et votre numéro, écrits dans votre rendu et votre copie d’examen. Cliquez pour les changer.</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="804"/>
        <source>SchedLab</source>
        <translation>SchedLab</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::NewPassphraseDialog</name>
    <message>
        <location filename="../app/gui/loginnode/newpassphrasedialog.cpp" line="22"/>
        <source>Passphrase of the new key</source>
        <translation>Phrase de passe de la nouvelle clé</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/newpassphrasedialog.cpp" line="28"/>
        <source>The passphrase protects %1: whoever copies the file still needs it. It is asked when you connect and is never saved by SchedLab.</source>
        <translation>La phrase de passe protège %1 : quiconque copie le fichier en a encore besoin. Elle est demandée à la connexion et SchedLab ne l&apos;enregistre jamais.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/newpassphrasedialog.cpp" line="34"/>
        <source>Passphrase:</source>
        <translation>Phrase de passe :</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/newpassphrasedialog.cpp" line="35"/>
        <source>Again:</source>
        <translation>Confirmation :</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/newpassphrasedialog.cpp" line="76"/>
        <source>The passphrase may not be empty.</source>
        <translation>La phrase de passe ne peut pas être vide.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/newpassphrasedialog.cpp" line="79"/>
        <source>The two entries differ.</source>
        <translation>Les deux saisies diffèrent.</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::NodesView</name>
    <message>
        <location filename="../app/gui/cluster/nodesview.cpp" line="55"/>
        <source>No node: the cluster is not running.</source>
        <translation>Aucun nœud : le cluster n&apos;est pas démarré.</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/nodesview.cpp" line="86"/>
        <source>CPUs</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/nodesview.cpp" line="98"/>
        <source>CPU %1: job %2</source>
        <translation>CPU %1 : job %2</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/nodesview.cpp" line="102"/>
        <source>CPU %1: free</source>
        <translation>CPU %1 : libre</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/nodesview.cpp" line="112"/>
        <source>Memory</source>
        <translation>Mémoire</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/nodesview.cpp" line="126"/>
        <source>Job %1: %2 MiB of %3</source>
        <translation>Job %1 : %2 Mio sur %3</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/nodesview.cpp" line="132"/>
        <source>%1 / %2 MiB</source>
        <translation>%1 / %2 Mio</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/nodesview.cpp" line="140"/>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/nodesview.cpp" line="140"/>
        <source>GPUs (%1)</source>
        <translation>GPU (%1)</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/nodesview.cpp" line="151"/>
        <source>GPU %1: job %2</source>
        <translation>GPU %1 : job %2</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/nodesview.cpp" line="156"/>
        <source>GPU %1: free</source>
        <translation>GPU %1 : libre</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::NotGradedPanel</name>
    <message>
        <location filename="../app/gui/instructor/notgradedpanel.cpp" line="56"/>
        <source>Show or hide the list</source>
        <translation>Afficher ou masquer la liste</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/notgradedpanel.cpp" line="58"/>
        <source>What</source>
        <translation>Quoi</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/notgradedpanel.cpp" line="58"/>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/notgradedpanel.cpp" line="58"/>
        <source>Reason</source>
        <translation>Raison</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/notgradedpanel.cpp" line="85"/>
        <source>Not graded</source>
        <translation>Non corrigé</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/notgradedpanel.cpp" line="85"/>
        <source>Note</source>
        <translation>Remarque</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/instructor/notgradedpanel.cpp" line="102"/>
        <source>%n item(s) not graded</source>
        <translation>
            <numerusform>%n élément non corrigé</numerusform>
            <numerusform>%n éléments non corrigés</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/instructor/notgradedpanel.cpp" line="104"/>
        <source>%n note(s) on hand-ins</source>
        <translation>
            <numerusform>%n remarque sur les rendus</numerusform>
            <numerusform>%n remarques sur les rendus</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>schedlab::gui::OverrideDialog</name>
    <message>
        <location filename="../app/gui/instructor/overridedialog.cpp" line="23"/>
        <source>Passed</source>
        <translation>Réussi</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/overridedialog.cpp" line="24"/>
        <source>Failed</source>
        <translation>Non réussi</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/overridedialog.cpp" line="28"/>
        <source>Override a mark</source>
        <translation>Modifier une note</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/overridedialog.cpp" line="29"/>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2&lt;br&gt;%3&lt;br&gt;Now: %4 / %5 points%6.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2&lt;br&gt;%3&lt;br&gt;Actuellement : %4 / %5 points%6.</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/overridedialog.cpp" line="33"/>
        <source>, to review</source>
        <translation>, à vérifier</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/overridedialog.cpp" line="40"/>
        <source> / %1</source>
        <translation> / %1</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/overridedialog.cpp" line="41"/>
        <source>Why? (required: kept in the gradebook&apos;s history, and the student may ask)</source>
        <translation>Pourquoi ? (obligatoire : conservé dans l&apos;historique du carnet de notes, et l&apos;étudiant peut le demander)</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/overridedialog.cpp" line="51"/>
        <source>Decision:</source>
        <translation>Décision :</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/overridedialog.cpp" line="52"/>
        <source>Points:</source>
        <translation>Points :</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/overridedialog.cpp" line="53"/>
        <source>Reason:</source>
        <translation>Raison :</translation>
    </message>
    <message>
        <location filename="../app/gui/instructor/overridedialog.cpp" line="56"/>
        <source>Record</source>
        <translation>Enregistrer</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::PredictionTable</name>
    <message>
        <location filename="../app/gui/loginnode/predictiontable.cpp" line="17"/>
        <source>Mini-cluster (predicted)</source>
        <translation>Mini-cluster (prédiction)</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/predictiontable.cpp" line="17"/>
        <source>Login node (real)</source>
        <translation>Nœud de login (réel)</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/predictiontable.cpp" line="19"/>
        <source>Node</source>
        <translation>Nœud</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/predictiontable.cpp" line="19"/>
        <source>States</source>
        <translation>États</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/predictiontable.cpp" line="19"/>
        <source>Wait</source>
        <translation>Attente</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/predictiontable.cpp" line="19"/>
        <source>Run time</source>
        <translation>Durée d&apos;exécution</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/predictiontable.cpp" line="19"/>
        <source>Final state</source>
        <translation>État final</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/predictiontable.cpp" line="19"/>
        <source>Exit code</source>
        <translation>Code de sortie</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/predictiontable.cpp" line="42"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/predictiontable.cpp" line="43"/>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/predictiontable.cpp" line="49"/>
        <source>Submit a script: once the job ends on the login node, what the mini-cluster predicted and what really happened appear side by side.</source>
        <translation>Soumettez un script : une fois le job terminé sur le nœud de login, la prédiction du mini-cluster et ce qui s&apos;est réellement passé s&apos;affichent côte à côte.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/predictiontable.cpp" line="80"/>
        <source>Job %1: prediction and reality</source>
        <translation>Job %1 : prédiction et réalité</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/predictiontable.cpp" line="82"/>
        <source>(being computed…)</source>
        <translation>(calcul en cours…)</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/predictiontable.cpp" line="82"/>
        <source>(no prediction)</source>
        <translation>(aucune prédiction)</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/predictiontable.cpp" line="83"/>
        <source>(the job has not ended yet)</source>
        <translation>(le job n&apos;est pas encore terminé)</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/predictiontable.cpp" line="86"/>
        <source>Mini-cluster: %1</source>
        <translation>Mini-cluster : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/predictiontable.cpp" line="88"/>
        <source>Login node: %1</source>
        <translation>Nœud de login : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/predictiontable.cpp" line="89"/>
        <source>Node names differ by nature: the mini-cluster has its own nodes. The states, the times and the end are what should agree.</source>
        <translation>Les noms de nœuds diffèrent forcément : le mini-cluster a ses propres nœuds. Ce sont les états, les durées et la fin qui doivent concorder.</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::ProfileForm</name>
    <message>
        <location filename="../app/gui/loginnode/profileform.cpp" line="39"/>
        <source>Use the keys of a running ssh-agent instead</source>
        <translation>Utiliser plutôt les clés d&apos;un ssh-agent en cours d&apos;exécution</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/profileform.cpp" line="46"/>
        <source>as given by the organisers</source>
        <translation>tel que donné par les organisateurs</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/profileform.cpp" line="47"/>
        <source>The login node&apos;s name exactly as the organisers gave it: SchedLab never guesses it.</source>
        <translation>Le nom du nœud de login, exactement tel que les organisateurs l&apos;ont donné : SchedLab ne le devine jamais.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/profileform.cpp" line="50"/>
        <source>your access account</source>
        <translation>votre compte d&apos;accès</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/profileform.cpp" line="51"/>
        <source>private key file</source>
        <translation>fichier de clé privée</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/profileform.cpp" line="52"/>
        <location filename="../app/gui/loginnode/profileform.cpp" line="53"/>
        <source>optional: passed to sbatch only when filled</source>
        <translation>facultatif : transmis à sbatch seulement s&apos;il est rempli</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/profileform.cpp" line="54"/>
        <source>Relative to your home on the login node; nothing is written outside it.</source>
        <translation>Relatif à votre dossier personnel sur le nœud de login ; rien n&apos;est écrit en dehors.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/profileform.cpp" line="61"/>
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/profileform.cpp" line="68"/>
        <source>From ~/.ssh/config:</source>
        <translation>Depuis ~/.ssh/config :</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/profileform.cpp" line="70"/>
        <source>Host:</source>
        <translation>Hôte :</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/profileform.cpp" line="71"/>
        <source>Port:</source>
        <translation>Port :</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/profileform.cpp" line="72"/>
        <source>User:</source>
        <translation>Utilisateur :</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/profileform.cpp" line="73"/>
        <source>Key file:</source>
        <translation>Fichier de clé :</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/profileform.cpp" line="75"/>
        <source>Slurm partition:</source>
        <translation>Partition Slurm :</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/profileform.cpp" line="76"/>
        <source>Slurm account:</source>
        <translation>Compte Slurm :</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/profileform.cpp" line="77"/>
        <source>Remote folder:</source>
        <translation>Dossier distant :</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/profileform.cpp" line="102"/>
        <source>(no Host in ~/.ssh/config)</source>
        <translation>(aucun Host dans ~/.ssh/config)</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/profileform.cpp" line="102"/>
        <source>(choose a Host)</source>
        <translation>(choisissez un Host)</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/profileform.cpp" line="186"/>
        <source>Private key file</source>
        <translation>Fichier de clé privée</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::Pty</name>
    <message>
        <location filename="../app/gui/terminal/pty.cpp" line="216"/>
        <source>This terminal has already run a program.</source>
        <translation>Ce terminal a déjà exécuté un programme.</translation>
    </message>
    <message>
        <location filename="../app/gui/terminal/pty.cpp" line="219"/>
        <source>Program not found: %1</source>
        <translation>Programme introuvable : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/terminal/pty.cpp" line="235"/>
        <source>Cannot open a pseudo-terminal: %1</source>
        <translation>Impossible d&apos;ouvrir un pseudo-terminal : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/terminal/pty.cpp" line="242"/>
        <source>Cannot create a pipe: %1</source>
        <translation>Impossible de créer un tube : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/terminal/pty.cpp" line="254"/>
        <source>Cannot start a process: %1</source>
        <translation>Impossible de lancer un processus : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/terminal/pty.cpp" line="270"/>
        <source>Cannot enter %1: %2</source>
        <translation>Impossible d&apos;entrer dans %1 : %2</translation>
    </message>
    <message>
        <location filename="../app/gui/terminal/pty.cpp" line="272"/>
        <source>Cannot run %1: %2</source>
        <translation>Impossible d&apos;exécuter %1 : %2</translation>
    </message>
    <message>
        <location filename="../app/gui/terminal/pty.cpp" line="273"/>
        <source>Cannot attach the terminal: %1</source>
        <translation>Impossible d&apos;attacher le terminal : %1</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::QueueView</name>
    <message>
        <location filename="../app/gui/cluster/queueview.cpp" line="78"/>
        <source>All jobs</source>
        <translation>Tous les jobs</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/queueview.cpp" line="79"/>
        <source>Waiting (PD)</source>
        <translation>En attente (PD)</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/queueview.cpp" line="80"/>
        <source>Running (R, CG)</source>
        <translation>En cours (R, CG)</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/queueview.cpp" line="81"/>
        <source>In the queue (PD, R, CG)</source>
        <translation>Dans la file d&apos;attente (PD, R, CG)</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/queueview.cpp" line="82"/>
        <source>Ended</source>
        <translation>Terminés</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/queueview.cpp" line="86"/>
        <source>User</source>
        <translation>Utilisateur</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/queueview.cpp" line="90"/>
        <source>Job id or name</source>
        <translation>Numéro ou nom du job</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/queueview.cpp" line="93"/>
        <source>Cancel job</source>
        <translation>Annuler le job</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/queueview.cpp" line="94"/>
        <source>Runs scancel on the selected job</source>
        <translation>Lance scancel sur le job sélectionné</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/queueview.cpp" line="97"/>
        <source>Show:</source>
        <translation>Afficher :</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/queueview.cpp" line="109"/>
        <source>Select a job to see why the scheduler left it where it is, or why it started it.</source>
        <translation>Sélectionnez un job pour voir pourquoi l&apos;ordonnanceur l&apos;a laissé là où il est, ou pourquoi il l&apos;a lancé.</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/queueview.cpp" line="115"/>
        <source>scontrol show job</source>
        <translation>scontrol show job</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/queueview.cpp" line="180"/>
        <source>scancel %1</source>
        <translation>scancel %1</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::RemoteBackend</name>
    <message>
        <location filename="../app/gui/loginnode/remotebackend.cpp" line="26"/>
        <source>Job %1 waits for nothing in particular: the scheduler has not looked at it yet, it starts at its next pass.</source>
        <translation>Le job %1 n&apos;attend rien de particulier : l&apos;ordonnanceur ne l&apos;a pas encore examiné, il démarrera à son prochain passage.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotebackend.cpp" line="30"/>
        <source>Job %1 waits because other jobs have a higher priority: they go first (Reason=Priority).</source>
        <translation>Le job %1 attend parce que d&apos;autres jobs ont une priorité plus élevée : ils passent d&apos;abord (Reason=Priority).</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotebackend.cpp" line="34"/>
        <source>Job %1 is next, but the CPUs, memory or nodes it asks for are busy: it starts as soon as enough are free (Reason=Resources).</source>
        <translation>Le job %1 est le prochain, mais les CPU, la mémoire ou les nœuds qu&apos;il demande sont occupés : il démarrera dès qu&apos;il y en aura assez de libres (Reason=Resources).</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotebackend.cpp" line="38"/>
        <source>Job %1 asks for more time than its partition allows: it will never start as it is. Cancel it and submit it again with a shorter --time (Reason=PartitionTimeLimit).</source>
        <translation>Le job %1 demande plus de temps que sa partition ne le permet : en l&apos;état, il ne démarrera jamais. Annulez-le et soumettez-le à nouveau avec un --time plus court (Reason=PartitionTimeLimit).</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotebackend.cpp" line="43"/>
        <source>You already run as many jobs as your QOS allows: job %1 starts when one of them ends (Reason=QOSMaxJobsPerUserLimit).</source>
        <translation>Vous avez déjà autant de jobs en cours que votre QOS le permet : le job %1 démarrera quand l&apos;un d&apos;eux se terminera (Reason=QOSMaxJobsPerUserLimit).</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotebackend.cpp" line="47"/>
        <source>Your account&apos;s group already uses all the CPUs it is allowed: job %1 starts when some are released (Reason=AssocGrpCpuLimit).</source>
        <translation>Le groupe de votre compte utilise déjà tous les CPU auxquels il a droit : le job %1 démarrera quand certains seront libérés (Reason=AssocGrpCpuLimit).</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotebackend.cpp" line="52"/>
        <source>A node job %1 needs is not available (down, drained or reserved) (Reason=ReqNodeNotAvail).</source>
        <translation>Un nœud dont le job %1 a besoin n&apos;est pas disponible (hors service, drainé ou réservé) (Reason=ReqNodeNotAvail).</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotebackend.cpp" line="56"/>
        <source>Job %1 waits for the job it depends on (--dependency) (Reason=Dependency).</source>
        <translation>Le job %1 attend le job dont il dépend (--dependency) (Reason=Dependency).</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotebackend.cpp" line="60"/>
        <source>Job %1 may not start before the time given with --begin (Reason=BeginTime).</source>
        <translation>Le job %1 ne peut pas démarrer avant l&apos;heure donnée avec --begin (Reason=BeginTime).</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotebackend.cpp" line="64"/>
        <source>Job %1 is held by its owner: `scontrol release %1` lets it go (Reason=JobHeldUser).</source>
        <translation>Le job %1 est retenu par son propriétaire : `scontrol release %1` le libère (Reason=JobHeldUser).</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotebackend.cpp" line="67"/>
        <source>Job %1 waits with reason %2: see &quot;JOB REASON CODES&quot; in `man squeue` for its meaning.</source>
        <translation>Le job %1 attend avec la raison %2 : sa signification est donnée dans « JOB REASON CODES » de `man squeue`.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotebackend.cpp" line="90"/>
        <source>Login node</source>
        <translation>Nœud de login</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotebackend.cpp" line="90"/>
        <source>Login node %1</source>
        <translation>Nœud de login %1</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotebackend.cpp" line="216"/>
        <source>Job %1 runs on %2 since %3.</source>
        <translation>Le job %1 s&apos;exécute sur %2 depuis %3.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotebackend.cpp" line="218"/>
        <source>Job %1 runs on %2.</source>
        <translation>Le job %1 s&apos;exécute sur %2.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotebackend.cpp" line="220"/>
        <source>Job %1 ended: %2, exit code %3.</source>
        <translation>Le job %1 est terminé : %2, code de sortie %3.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotebackend.cpp" line="221"/>
        <source>unknown</source>
        <translation>inconnu</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotebackend.cpp" line="223"/>
        <source>Reason: %1.</source>
        <translation>Raison : %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotebackend.cpp" line="225"/>
        <source>Job %1 is %2 (reason: %3).</source>
        <translation>Le job %1 est à l&apos;état %2 (raison : %3).</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotebackend.cpp" line="228"/>
        <source>The real scheduler gives only its reason code; the detailed explanations of SchedLab exist only in the mini-cluster.</source>
        <translation>Le véritable ordonnanceur ne donne que son code de raison ; les explications détaillées de SchedLab n&apos;existent que dans le mini-cluster.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotebackend.cpp" line="236"/>
        <source>Nothing to run.</source>
        <translation>Rien à exécuter.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotebackend.cpp" line="244"/>
        <source>schedlab-explain: job %1 is not followed in this session.
</source>
        <translation>schedlab-explain : le job %1 n&apos;est pas suivi dans cette session.
</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotebackend.cpp" line="254"/>
        <source>Not connected to the login node.
</source>
        <translation>Non connecté au nœud de login.
</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::RemoteJobsView</name>
    <message>
        <location filename="../app/gui/loginnode/remotejobsview.cpp" line="69"/>
        <source>The output file of a job appears here once downloaded.</source>
        <translation>Le fichier de sortie d&apos;un job s&apos;affiche ici une fois téléchargé.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotejobsview.cpp" line="72"/>
        <source>&amp;Queue</source>
        <translation>&amp;File d&apos;attente</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotejobsview.cpp" line="73"/>
        <source>&amp;Timeline</source>
        <translation>&amp;Chronologie</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotejobsview.cpp" line="74"/>
        <source>&amp;Output</source>
        <translation>S&amp;ortie</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotejobsview.cpp" line="121"/>
        <source>Submitted batch job %1.</source>
        <translation>Job %1 soumis.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotejobsview.cpp" line="129"/>
        <source>The job was not submitted: %1</source>
        <translation>Le job n&apos;a pas été soumis : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotejobsview.cpp" line="148"/>
        <source>&amp;Submit to the login node</source>
        <translation>&amp;Soumettre au nœud de login</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotejobsview.cpp" line="149"/>
        <source>Cancel the selected job…</source>
        <translation>Annuler le job sélectionné…</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotejobsview.cpp" line="150"/>
        <source>Reload</source>
        <translation>Recharger</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotejobsview.cpp" line="151"/>
        <source>Look for exercise folders and scripts again</source>
        <translation>Rechercher à nouveau les dossiers d&apos;exercice et les scripts</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotejobsview.cpp" line="163"/>
        <source>Exercise:</source>
        <translation>Exercice :</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotejobsview.cpp" line="165"/>
        <source>Script:</source>
        <translation>Script :</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotejobsview.cpp" line="262"/>
        <location filename="../app/gui/loginnode/remotejobsview.cpp" line="281"/>
        <source>Connect to the login node first.</source>
        <translation>Connectez-vous d&apos;abord au nœud de login.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotejobsview.cpp" line="287"/>
        <source>Choose an exercise folder and its script.</source>
        <translation>Choisissez un dossier d&apos;exercice et son script.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotejobsview.cpp" line="294"/>
        <source>%1 cannot be uploaded: it is not a plain file of %2.</source>
        <translation>%1 ne peut pas être envoyé : ce n&apos;est pas un fichier ordinaire de %2.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotejobsview.cpp" line="300"/>
        <source>Cannot create %1.</source>
        <translation>Impossible de créer %1.</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/loginnode/remotejobsview.cpp" line="305"/>
        <source>Uploading %n file(s) and submitting %1…</source>
        <translation>
            <numerusform>Envoi de %n fichier et soumission de %1…</numerusform>
            <numerusform>Envoi de %n fichiers et soumission de %1…</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotejobsview.cpp" line="307"/>
        <source>Left out: %1.</source>
        <translation>Non envoyés : %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotejobsview.cpp" line="319"/>
        <source>Cancel a job on the login node</source>
        <translation>Annuler un job sur le nœud de login</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotejobsview.cpp" line="320"/>
        <source>Cancel job %1 (%2) on the login node? SchedLab will run:

scancel %1</source>
        <translation>Annuler le job %1 (%2) sur le nœud de login ? SchedLab va exécuter :

scancel %1</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotejobsview.cpp" line="331"/>
        <source>scancel %1 sent.</source>
        <translation>scancel %1 envoyé.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotejobsview.cpp" line="363"/>
        <source>Job %1 (%2): %3</source>
        <translation>Job %1 (%2) : %3</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotejobsview.cpp" line="373"/>
        <source>this job was not submitted from this panel since the app started.</source>
        <translation>ce job n&apos;a pas été soumis par ce panneau depuis le démarrage de l&apos;application.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotejobsview.cpp" line="380"/>
        <source>read from %1.</source>
        <translation>lu dans %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotejobsview.cpp" line="391"/>
        <source># job %1: %2
</source>
        <translation># job %1 : %2
</translation>
    </message>
    <message>
        <location filename="../app/gui/loginnode/remotejobsview.cpp" line="392"/>
        <source>Output of job %1 downloaded: %2</source>
        <translation>Sortie du job %1 téléchargée : %2</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::ScenarioReplay</name>
    <message>
        <location filename="../app/gui/cluster/scenarioreplay.cpp" line="33"/>
        <source>Scenario replayed in the mini-cluster</source>
        <translation>Scénario rejoué dans le mini-cluster</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="vanished">%1 : %2</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/scenarioreplay.cpp" line="103"/>
        <source>%1: the replay stopped: %2</source>
        <translation>%1 : la relecture s&apos;est arrêtée : %2</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::ScriptForm</name>
    <message>
        <location filename="../app/gui/scriptform.cpp" line="117"/>
        <source>Job name</source>
        <translation>Nom du job</translation>
    </message>
    <message>
        <location filename="../app/gui/scriptform.cpp" line="118"/>
        <source>Output file</source>
        <translation>Fichier de sortie</translation>
    </message>
    <message>
        <location filename="../app/gui/scriptform.cpp" line="119"/>
        <source>Error file</source>
        <translation>Fichier d&apos;erreurs</translation>
    </message>
    <message>
        <location filename="../app/gui/scriptform.cpp" line="120"/>
        <source>Time limit</source>
        <translation>Limite de temps</translation>
    </message>
    <message>
        <location filename="../app/gui/scriptform.cpp" line="121"/>
        <source>Partition</source>
        <translation>Partition</translation>
    </message>
    <message>
        <location filename="../app/gui/scriptform.cpp" line="122"/>
        <source>Nodes</source>
        <translation>Nœuds</translation>
    </message>
    <message>
        <location filename="../app/gui/scriptform.cpp" line="123"/>
        <source>Tasks</source>
        <translation>Tâches</translation>
    </message>
    <message>
        <location filename="../app/gui/scriptform.cpp" line="124"/>
        <source>CPUs per task</source>
        <translation>CPU par tâche</translation>
    </message>
    <message>
        <location filename="../app/gui/scriptform.cpp" line="125"/>
        <source>Memory per node</source>
        <translation>Mémoire par nœud</translation>
    </message>
    <message>
        <location filename="../app/gui/scriptform.cpp" line="126"/>
        <source>Generic resources</source>
        <translation>Ressources génériques</translation>
    </message>
    <message>
        <location filename="../app/gui/scriptform.cpp" line="127"/>
        <source>Slurm account</source>
        <translation>Compte Slurm</translation>
    </message>
    <message>
        <location filename="../app/gui/scriptform.cpp" line="128"/>
        <source>The script&apos;s #SBATCH options. Editing a field rewrites its line in the script; an empty field removes it.</source>
        <translation>Les options #SBATCH du script. Modifier un champ réécrit sa ligne dans le script ; un champ vide la supprime.</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::StateDiagram</name>
    <message numerus="yes">
        <location filename="../app/gui/cluster/statediagram.cpp" line="160"/>
        <source>restarted %n time(s)</source>
        <translation>
            <numerusform>redémarré %n fois</numerusform>
            <numerusform>redémarré %n fois</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/statediagram.cpp" line="171"/>
        <source>Select a job or a pod to see the path it took.</source>
        <translation>Sélectionnez un job ou un pod pour voir le parcours qu&apos;il a suivi.</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::StudentDialog</name>
    <message>
        <location filename="../app/gui/studentdialog.cpp" line="17"/>
        <source>Student</source>
        <translation>Étudiant</translation>
    </message>
    <message>
        <location filename="../app/gui/studentdialog.cpp" line="19"/>
        <source>Your name and student number go into your hand-in and your exam paper, so that your instructor&apos;s grades reach you. Exercise 2&apos;s scenario is drawn from your number.</source>
        <translation>Votre nom et votre numéro d’étudiant vont dans votre rendu et votre copie d’examen, pour que les notes de votre enseignant vous parviennent. Le scénario de l’exercice 2 est tiré de votre numéro.</translation>
    </message>
    <message>
        <location filename="../app/gui/studentdialog.cpp" line="26"/>
        <source>First name and last name</source>
        <translation>Prénom et nom</translation>
    </message>
    <message>
        <location filename="../app/gui/studentdialog.cpp" line="29"/>
        <source>As on your student card</source>
        <translation>Comme sur votre carte d’étudiant</translation>
    </message>
    <message>
        <location filename="../app/gui/studentdialog.cpp" line="32"/>
        <source>Optional</source>
        <translation>Facultatif</translation>
    </message>
    <message>
        <location filename="../app/gui/studentdialog.cpp" line="35"/>
        <source>For the group project, one member per line:
number name</source>
        <translation>Pour le projet de groupe, un membre par ligne :
numéro nom</translation>
    </message>
    <message>
        <location filename="../app/gui/studentdialog.cpp" line="44"/>
        <source>&amp;Name:</source>
        <translation>&amp;Nom :</translation>
    </message>
    <message>
        <location filename="../app/gui/studentdialog.cpp" line="45"/>
        <source>Student &amp;number:</source>
        <translation>&amp;Numéro d’étudiant :</translation>
    </message>
    <message>
        <location filename="../app/gui/studentdialog.cpp" line="46"/>
        <source>&amp;Group:</source>
        <translation>&amp;Groupe :</translation>
    </message>
    <message>
        <location filename="../app/gui/studentdialog.cpp" line="47"/>
        <source>Group &amp;members:</source>
        <translation>&amp;Membres du groupe :</translation>
    </message>
    <message>
        <location filename="../app/gui/studentdialog.cpp" line="76"/>
        <source>Your hand-in will be named %1.zip.</source>
        <translation>Votre rendu s’appellera %1.zip.</translation>
    </message>
    <message>
        <location filename="../app/gui/studentdialog.cpp" line="77"/>
        <source>Give your name and your number.</source>
        <translation>Indiquez votre nom et votre numéro.</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::TerminalPane</name>
    <message>
        <location filename="../app/gui/cluster/terminalpane.cpp" line="22"/>
        <source>No cluster</source>
        <translation>Sans cluster</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/terminalpane.cpp" line="30"/>
        <source>New terminal (Ctrl+Shift+T)</source>
        <translation>Nouveau terminal (Ctrl+Maj+T)</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/terminalpane.cpp" line="33"/>
        <source>New terminals start without the mini-cluster&apos;s commands on PATH, as on a laptop with no cluster</source>
        <translation>Les nouveaux terminaux démarrent sans les commandes du mini-cluster dans le PATH, comme sur un portable sans cluster</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/terminalpane.cpp" line="70"/>
        <source>The terminal could not start: %1</source>
        <translation>Le terminal n&apos;a pas pu démarrer : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/terminalpane.cpp" line="72"/>
        <source>Error</source>
        <translation>Erreur</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/terminalpane.cpp" line="77"/>
        <source>bash %1</source>
        <translation>bash %1</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/terminalpane.cpp" line="77"/>
        <source>bash %1 (no cluster)</source>
        <translation>bash %1 (sans cluster)</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/terminalpane.cpp" line="83"/>
        <source> — ended (%1)</source>
        <translation> — terminé (%1)</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::TerminalWidget</name>
    <message>
        <location filename="../app/gui/terminal/terminalwidget.cpp" line="196"/>
        <source>A program is already running in this terminal.</source>
        <translation>Un programme s&apos;exécute déjà dans ce terminal.</translation>
    </message>
    <message>
        <location filename="../app/gui/terminal/terminalwidget.cpp" line="344"/>
        <source>[process exited with code %1]</source>
        <translation>[processus terminé avec le code %1]</translation>
    </message>
    <message>
        <location filename="../app/gui/terminal/terminalwidget.cpp" line="1017"/>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <location filename="../app/gui/terminal/terminalwidget.cpp" line="1020"/>
        <source>Paste</source>
        <translation>Coller</translation>
    </message>
    <message>
        <location filename="../app/gui/terminal/terminalwidget.cpp" line="1024"/>
        <source>Select All</source>
        <translation>Tout sélectionner</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::TimeControls</name>
    <message>
        <location filename="../app/gui/cluster/timecontrols.cpp" line="18"/>
        <source>Time</source>
        <translation>Temps</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/timecontrols.cpp" line="24"/>
        <source>The mini-cluster&apos;s clock (virtual time, UTC)</source>
        <translation>L&apos;horloge du mini-cluster (temps virtuel, UTC)</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/timecontrols.cpp" line="28"/>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/timecontrols.cpp" line="31"/>
        <source>Stop the cluster&apos;s clock (F6)</source>
        <translation>Arrêter l&apos;horloge du cluster (F6)</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/timecontrols.cpp" line="39"/>
        <source>Next event</source>
        <translation>Événement suivant</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/timecontrols.cpp" line="41"/>
        <source>Jump to the next moment something happens in the cluster (F7)</source>
        <translation>Aller au prochain moment où il se passe quelque chose dans le cluster (F7)</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/timecontrols.cpp" line="45"/>
        <source>Reset cluster</source>
        <translation>Réinitialiser le cluster</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/timecontrols.cpp" line="46"/>
        <source>Kill every job and pod and empty the queue; job numbers go on</source>
        <translation>Arrête tous les jobs et pods et vide la file d&apos;attente ; la numérotation des jobs continue</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/timecontrols.cpp" line="58"/>
        <source>Virtual time runs %1 times as fast as real time (%2)</source>
        <translation>Le temps virtuel s&apos;écoule %1 fois plus vite que le temps réel (%2)</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/timecontrols.cpp" line="90"/>
        <source>Reset the cluster</source>
        <translation>Réinitialiser le cluster</translation>
    </message>
    <message>
        <location filename="../app/gui/cluster/timecontrols.cpp" line="91"/>
        <source>Every job and pod is stopped and the queue is emptied. Output files stay, and the next job gets the next number. Reset now?</source>
        <translation>Tous les jobs et pods sont arrêtés et la file d&apos;attente est vidée. Les fichiers de sortie restent, et le prochain job reçoit le numéro suivant. Réinitialiser maintenant ?</translation>
    </message>
</context>
<context>
    <name>schedlab::gui::TimelineWidget</name>
    <message>
        <location filename="../app/gui/views/timelinewidget.cpp" line="469"/>
        <location filename="../app/gui/views/timelinewidget.cpp" line="513"/>
        <source>Timeline</source>
        <translation>Chronologie</translation>
    </message>
    <message>
        <location filename="../app/gui/views/timelinewidget.cpp" line="484"/>
        <source>The timeline is too large to export as an image.</source>
        <translation>La chronologie est trop grande pour être exportée en image.</translation>
    </message>
    <message>
        <location filename="../app/gui/views/timelinewidget.cpp" line="514"/>
        <source>Jobs over time, exported from SchedLab</source>
        <translation>Les jobs au fil du temps, exportés depuis SchedLab</translation>
    </message>
</context>
<context>
    <name>schedlab::remote::SessionWorker</name>
    <message>
        <location filename="../remote/sessionworker.cpp" line="72"/>
        <source>Connecting to %1@%2:%3 ...</source>
        <translation>Connexion à %1@%2:%3 ...</translation>
    </message>
    <message>
        <location filename="../remote/sessionworker.cpp" line="93"/>
        <source>Host key not accepted: disconnected.</source>
        <translation>Clé d&apos;hôte refusée : déconnecté.</translation>
    </message>
    <message>
        <location filename="../remote/sessionworker.cpp" line="98"/>
        <source>Host key %1 added to %2.</source>
        <translation>Clé d&apos;hôte %1 ajoutée à %2.</translation>
    </message>
    <message>
        <location filename="../remote/sessionworker.cpp" line="153"/>
        <source>Connected as %1.</source>
        <translation>Connecté en tant que %1.</translation>
    </message>
    <message>
        <location filename="../remote/sessionworker.cpp" line="183"/>
        <source>Slurm found: %1</source>
        <translation>Slurm trouvé : %1</translation>
    </message>
    <message>
        <location filename="../remote/sessionworker.cpp" line="184"/>
        <source>sbatch is not found on this host: it is not a Slurm login node.</source>
        <translation>sbatch est introuvable sur cet hôte : ce n&apos;est pas un nœud de login Slurm.</translation>
    </message>
    <message>
        <location filename="../remote/sessionworker.cpp" line="246"/>
        <source>The remote folder &quot;%1&quot; is not a folder inside your home.</source>
        <translation>Le dossier distant « %1 » n&apos;est pas un dossier situé dans votre dossier personnel.</translation>
    </message>
    <message>
        <location filename="../remote/sessionworker.cpp" line="249"/>
        <location filename="../remote/sessionworker.cpp" line="255"/>
        <source>&quot;%1&quot; is not a plain file name.</source>
        <translation>« %1 » n&apos;est pas un simple nom de fichier.</translation>
    </message>
    <message>
        <location filename="../remote/sessionworker.cpp" line="268"/>
        <source>sbatch ended with exit code %1.</source>
        <translation>sbatch s&apos;est terminé avec le code de sortie %1.</translation>
    </message>
    <message>
        <location filename="../remote/sessionworker.cpp" line="371"/>
        <source>sacct: %1 — following the jobs with scontrol and the output file.</source>
        <translation>sacct : %1 — suivi des jobs avec scontrol et le fichier de sortie.</translation>
    </message>
</context>
</TS>
