// The login-node page (offscreen). Without any server: the key generated through the page
// (its fingerprint line compared with `ssh-keygen -lf`), a second generation refused, the
// checklist, the profile saved without any secret, a ~/.ssh/config Host filling the form, a
// refused connection reported without blocking, no default host, the mini-cluster's
// prediction, Kubernetes detection. With SCHEDLAB_LOGIN_NODE_ENV naming the env file of
// `scripts/login-node-env.sh up DIR` (root): the page end to end on a real sshd and Slurm.
// HOME is a temporary folder from the very start, so ~/.ssh is the test's own.
#include "checklistsection.h"
#include "connectionbar.h"
#include "exampage.h"
#include "jobprediction.h"
#include "keyfiles.h"
#include "keysection.h"
#include "kubectlsection.h"
#include "loginnodepage.h"
#include "loginnodesession.h"
#include "mainwindow.h"
#include "newpassphrasedialog.h"
#include "predictiontable.h"
#include "profileform.h"
#include "profilestore.h"
#include "queuemodel.h"
#include "queueview.h"
#include "realkubectl.h"
#include "remotebackend.h"
#include "remotejobsview.h"
#include "statediagram.h"
#include "timelinewidget.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDateEdit>
#include <QDialogButtonBox>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QtTest>

#include <sys/stat.h>

using namespace schedlab;
using namespace schedlab::gui;
using Check = ChecklistSection;

namespace {

QString g_home; // the temporary HOME set in main()

const QByteArray kPassphrase = "correct horse battery staple";

bool writeFile(const QString &path, const QByteArray &text)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// What `ssh-keygen -lf FILE` prints, without its newline.
QString sshKeygenFingerprint(const QString &file)
{
    QProcess p;
    p.start(QStringLiteral("ssh-keygen"), {QStringLiteral("-lf"), file});
    if (!p.waitForFinished(10000) || p.exitCode() != 0)
        return QStringLiteral("ssh-keygen failed: ") +
               QString::fromLocal8Bit(p.readAllStandardError());
    return QString::fromLocal8Bit(p.readAllStandardOutput()).trimmed();
}

bool runSshKeygen(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral("ssh-keygen"), args);
    return p.waitForFinished(20000) && p.exitCode() == 0;
}

QJsonObject profileJson(const QString &workspace)
{
    return QJsonDocument::fromJson(readFile(ProfileStore::pathIn(workspace))).object();
}

// Every file under `dir`, read whole: nothing the app wrote may hold the passphrase.
bool anyFileContains(const QString &dir, const QByteArray &secret)
{
    QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        if (readFile(it.next()).contains(secret))
            return true;
    return false;
}

QMap<QString, QString> readEnvFile(const QString &path)
{
    QMap<QString, QString> env;
    for (const QByteArray &line : readFile(path).split('\n')) {
        const int eq = line.indexOf('=');
        if (eq > 0 && !line.startsWith('#'))
            env.insert(QString::fromUtf8(line.left(eq)), QString::fromUtf8(line.mid(eq + 1)));
    }
    return env;
}

int rowOf(QueueView *view, std::uint32_t id)
{
    return view->model()->rowOf(id);
}

QString queueState(QueueView *view, std::uint32_t id)
{
    const int row = rowOf(view, id);
    return row < 0 ? QString() : view->model()->index(row, QueueModel::State).data().toString();
}

const QByteArray kSommeil = "#!/bin/bash\n"
                            "#SBATCH --job-name=sommeil\n"
                            "#SBATCH --output=sommeil-%j.out\n"
                            "#SBATCH --time=00:02:00\n"
                            "hostname\n"
                            "sleep 6\n";

} // namespace

class TestLoginNode : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("SchedLabTests"));
        QStandardPaths::setTestModeEnabled(true);
        QCOMPARE(QDir::homePath(), g_home);
        QVERIFY(remote::defaultKeyPath().startsWith(g_home));
    }

    void init()
    {
        workspace_ = std::make_unique<QTemporaryDir>();
        QVERIFY(workspace_->isValid());
    }

    void cleanup()
    {
        page_.reset();
        workspace_.reset();
    }

    void thereIsNoDefaultHost()
    {
        page_ = std::make_unique<LoginNodePage>(workspace_->path());
        ProfileForm *form = page_->profileForm();
        QVERIFY(form->host()->text().isEmpty());
        QVERIFY(!form->host()->placeholderText().isEmpty());
        QVERIFY(page_->store()->profile().host.isEmpty());
        QVERIFY(!form->problems()->text().isEmpty()); // it says what is missing
        // Connect refuses to start without a host: nothing is guessed.
        QVERIFY(!page_->connection()->connectToNode());
        QVERIFY(page_->connection()->errorText().contains(QStringLiteral("host")));
        QCOMPARE(page_->session()->stage(), remote::LoginNodeSession::Stage::Disconnected);
    }

    void keyIsGeneratedWithItsFingerprintAsSshKeygenPrintsIt()
    {
        page_ = std::make_unique<LoginNodePage>(workspace_->path());
        KeySection *keys = page_->keys();
        const QString path = remote::defaultKeyPath();
        QCOMPARE(keys->keyPath(), path);
        QCOMPARE(keys->comment(), QStringLiteral("seance-novembre"));
        QVERIFY(!QFile::exists(path));

        // Empty and mismatched passphrases are refused before anything is written.
        QVERIFY(!keys->generate({}, {}));
        QVERIFY(keys->status().contains(QStringLiteral("empty")));
        QVERIFY(!keys->generate("one passphrase", "another passphrase"));
        QVERIFY(keys->status().contains(QStringLiteral("differ")));
        QVERIFY(!QFile::exists(path));

        QVERIFY2(keys->generate(kPassphrase, kPassphrase), qPrintable(keys->status()));
        QVERIFY(QFile::exists(path));
        QVERIFY(QFile::exists(path + QStringLiteral(".pub")));
        struct stat st
        {
        };
        QCOMPARE(::stat(QFile::encodeName(path).constData(), &st), 0);
        QCOMPARE(int(st.st_mode & 0777), 0600);
        const QString expected = sshKeygenFingerprint(path + QStringLiteral(".pub"));
        QVERIFY(expected.startsWith(QStringLiteral("256 SHA256:")));
        QVERIFY(expected.endsWith(QStringLiteral("seance-novembre (ED25519)")));
        QCOMPARE(keys->fingerprintLine(), expected);
        // ssh-keygen accepts the private key with that passphrase (and only with it).
        QVERIFY(runSshKeygen({QStringLiteral("-y"), QStringLiteral("-P"),
                              QString::fromUtf8(kPassphrase), QStringLiteral("-f"), path}));
        QVERIFY(!runSshKeygen({QStringLiteral("-y"), QStringLiteral("-P"), QStringLiteral("wrong"),
                               QStringLiteral("-f"), path}));
        // The new key becomes the profile's key file.
        QCOMPARE(page_->store()->profile().keyFile, path);
        QCOMPARE(page_->profileForm()->keyFile()->text(), path);
    }

    void aSecondGenerationIsRefusedAndTheFileKept()
    {
        page_ = std::make_unique<LoginNodePage>(workspace_->path());
        KeySection *keys = page_->keys();
        const QString path = keys->keyPath();
        QVERIFY(QFile::exists(path)); // from the previous test
        const QByteArray privateBefore = readFile(path);
        const QByteArray publicBefore = readFile(path + QStringLiteral(".pub"));

        // Through the dialog, as a student would: the passphrase twice, then OK.
        keys->generateButton()->click();
        NewPassphraseDialog *dialog = keys->passphraseDialog();
        QVERIFY(dialog);
        QCOMPARE(dialog->first()->echoMode(), QLineEdit::Password);
        QCOMPARE(dialog->second()->echoMode(), QLineEdit::Password);
        auto *ok = dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        QVERIFY(!ok->isEnabled()); // empty
        dialog->first()->setText(QStringLiteral("another passphrase"));
        dialog->second()->setText(QStringLiteral("another passphrasf"));
        QVERIFY(!ok->isEnabled()); // different
        dialog->second()->setText(QStringLiteral("another passphrase"));
        QVERIFY(ok->isEnabled());
        ok->click();
        QTRY_VERIFY(!keys->passphraseDialog());
        QVERIFY(keys->status().contains(path));
        QVERIFY(keys->status().contains(QStringLiteral("exists")));
        QCOMPARE(readFile(path), privateBefore);
        QCOMPARE(readFile(path + QStringLiteral(".pub")), publicBefore);
    }

    void onlyThePublicKeyLeaves()
    {
        page_ = std::make_unique<LoginNodePage>(workspace_->path());
        KeySection *keys = page_->keys();
        const QString path = keys->keyPath();
        const QByteArray publicLine = readFile(path + QStringLiteral(".pub")).trimmed();
        QVERIFY(keys->copyPublicKey());
        QCOMPARE(QApplication::clipboard()->text().toUtf8().trimmed(), publicLine);
        QVERIFY(!QApplication::clipboard()->text().contains(QStringLiteral("PRIVATE")));

        QString error;
        const QByteArray privateBefore = readFile(path);
        QVERIFY(!keys->savePublicKeyTo(path, &error));
        QVERIFY(error.contains(QStringLiteral("private")));
        QCOMPARE(readFile(path), privateBefore);
        const QString copy = workspace_->filePath(QStringLiteral("for-the-organisers.pub"));
        QVERIFY2(keys->savePublicKeyTo(copy, &error), qPrintable(error));
        QCOMPARE(readFile(copy).trimmed(), publicLine);
    }

    void checklistSaysWhatIsReadyAndWhatIsNot()
    {
        page_ = std::make_unique<LoginNodePage>(workspace_->path());
        ChecklistSection *list = page_->checklist();
        const QString dir = workspace_->filePath(QStringLiteral("keys"));
        QDir().mkpath(dir);
        const QString key = dir + QStringLiteral("/id_ed25519_session");
        page_->keys()->setKeyPath(key);
        QVERIFY(!list->passed(Check::Account));
        QVERIFY(!list->passed(Check::KeyType));
        QVERIFY(list->explanation(Check::KeyType).contains(key));
        QVERIFY(!list->passed(Check::Passphrase));
        QVERIFY(!list->passed(Check::Fingerprint));
        QVERIFY(!list->fingerprintBox()->isEnabled());

        QVERIFY(page_->keys()->generate(kPassphrase, kPassphrase));
        QVERIFY(list->passed(Check::KeyType));
        QVERIFY(list->passed(Check::Passphrase));
        QVERIFY(!list->passed(Check::Fingerprint));
        QVERIFY(list->explanation(Check::Fingerprint).contains(page_->keys()->fingerprintLine()));

        // A private file others can read: ssh would refuse it, so does the checklist.
        QFile::setPermissions(key, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup |
                                       QFile::ReadOther);
        list->refresh();
        QVERIFY(!list->passed(Check::Passphrase));
        QVERIFY(list->explanation(Check::Passphrase).contains(QStringLiteral("chmod 600")));
        QFile::setPermissions(key, QFile::ReadOwner | QFile::WriteOwner);
        list->refresh();
        QVERIFY(list->passed(Check::Passphrase));

        // The two facts the student states are kept in the profile.
        list->fingerprintBox()->setChecked(true);
        QVERIFY(list->passed(Check::Fingerprint));
        QCOMPARE(profileJson(workspace_->path()).value(QStringLiteral("fingerprintNoted")),
                 QJsonValue(true));
        list->accountDate()->setDate(QDate(2026, 11, 3));
        list->accountBox()->setChecked(true);
        QVERIFY(list->passed(Check::Account));
        QVERIFY(list->explanation(Check::Account).contains(QStringLiteral("2026-11-03")));
        QCOMPARE(page_->store()->profile().accountDate, QStringLiteral("2026-11-03"));
        QVERIFY(readFile(ProfileStore::pathIn(workspace_->path())).contains("2026-11-03"));

        // A key without passphrase, and a key of another type.
        const QString bare = dir + QStringLiteral("/id_ed25519_bare");
        QVERIFY(runSshKeygen({QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"),
                              QStringLiteral("-N"), QString(), QStringLiteral("-f"), bare}));
        page_->keys()->setKeyPath(bare);
        QVERIFY(list->passed(Check::KeyType));
        QVERIFY(!list->passed(Check::Passphrase));
        QVERIFY(list->explanation(Check::Passphrase).contains(QStringLiteral("no passphrase")));
        const QString rsa = dir + QStringLiteral("/id_rsa");
        QVERIFY(runSshKeygen({QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("rsa"),
                              QStringLiteral("-b"), QStringLiteral("2048"), QStringLiteral("-N"),
                              QStringLiteral("x-passphrase"), QStringLiteral("-f"), rsa}));
        page_->keys()->setKeyPath(rsa);
        QVERIFY(!list->passed(Check::KeyType));
        QVERIFY(list->explanation(Check::KeyType).contains(QStringLiteral("RSA")));

        // A new page reads the same facts back.
        page_ = std::make_unique<LoginNodePage>(workspace_->path());
        QVERIFY(page_->checklist()->passed(Check::Account));
        QVERIFY(page_->checklist()->fingerprintBox()->isChecked());
    }

    void profileIsSavedWithoutAnySecret()
    {
        page_ = std::make_unique<LoginNodePage>(workspace_->path());
        ProfileForm *form = page_->profileForm();
        form->host()->setText(QStringLiteral("login.example.org"));
        form->port()->setValue(2222);
        form->user()->setText(QStringLiteral("etu42"));
        form->partition()->setText(QStringLiteral("court"));
        form->remoteFolder()->setText(QStringLiteral("../outside"));
        QVERIFY(form->problems()->text().contains(QStringLiteral("..")));
        form->remoteFolder()->setText(QStringLiteral("schedlab/seance"));
        QVERIFY(form->problems()->text().isEmpty() || form->problems()->isHidden());
        const QJsonObject json = profileJson(workspace_->path());
        QCOMPARE(json.value(QStringLiteral("host")).toString(),
                 QStringLiteral("login.example.org"));
        QCOMPARE(json.value(QStringLiteral("port")).toInt(), 2222);
        QCOMPARE(json.value(QStringLiteral("user")).toString(), QStringLiteral("etu42"));
        QCOMPARE(json.value(QStringLiteral("partition")).toString(), QStringLiteral("court"));
        QCOMPARE(json.value(QStringLiteral("remoteFolder")).toString(),
                 QStringLiteral("schedlab/seance"));

        // A passphrase typed in the page never reaches a file of the workspace.
        const QString key = workspace_->filePath(QStringLiteral("keys/id_secret"));
        page_->keys()->setKeyPath(key);
        const QByteArray secret = "never-written-anywhere-42";
        QVERIFY(page_->keys()->generate(secret, secret));
        form->keyFile()->setText(key);
        QVERIFY(!anyFileContains(workspace_->path(), secret));
        for (const QString &k : json.keys())
            QVERIFY2(!k.contains(QStringLiteral("pass"), Qt::CaseInsensitive), qPrintable(k));

        // A new page shows what was saved.
        page_ = std::make_unique<LoginNodePage>(workspace_->path());
        QCOMPARE(page_->profileForm()->host()->text(), QStringLiteral("login.example.org"));
        QCOMPARE(page_->profileForm()->port()->value(), 2222);
        QCOMPARE(page_->profileForm()->keyFile()->text(), key);
    }

    void anSshConfigHostFillsTheProfile()
    {
        const QString config = g_home + QStringLiteral("/.ssh/config");
        QVERIFY(writeFile(config, "Host romeo\n"
                                  "    HostName romeo.univ-example.fr\n"
                                  "    Port 2022\n"
                                  "    User etu07\n"
                                  "    IdentityFile ~/.ssh/id_ed25519_romeo\n"
                                  "Host *.example.org\n"
                                  "    User nobody\n"));
        QFile::setPermissions(config, QFile::ReadOwner | QFile::WriteOwner);
        page_ = std::make_unique<LoginNodePage>(workspace_->path());
        ProfileForm *form = page_->profileForm();
        QCOMPARE(form->aliases()->findText(QStringLiteral("*.example.org")), -1);
        const int index = form->aliases()->findText(QStringLiteral("romeo"));
        QVERIFY(index > 0);
        form->aliases()->setCurrentIndex(index);
        Q_EMIT form->aliases()->activated(index); // as a click on the entry does
        QCOMPARE(form->host()->text(), QStringLiteral("romeo.univ-example.fr"));
        QCOMPARE(form->port()->value(), 2022);
        QCOMPARE(form->user()->text(), QStringLiteral("etu07"));
        QCOMPARE(form->keyFile()->text(), g_home + QStringLiteral("/.ssh/id_ed25519_romeo"));
        const QJsonObject json = profileJson(workspace_->path());
        QCOMPARE(json.value(QStringLiteral("host")).toString(),
                 QStringLiteral("romeo.univ-example.fr"));
        QCOMPARE(json.value(QStringLiteral("configAlias")).toString(), QStringLiteral("romeo"));
        QVERIFY(!form->fillFromAlias(QStringLiteral("unknown-host")));
        QFile::remove(config);
    }

    void aRefusedConnectionIsReportedWithoutBlocking()
    {
        // A port that nothing listens on: taken, then released.
        quint16 port = 0;
        {
            QTcpServer server;
            QVERIFY(server.listen(QHostAddress::LocalHost));
            port = server.serverPort();
        }
        page_ = std::make_unique<LoginNodePage>(workspace_->path());
        ProfileForm *form = page_->profileForm();
        form->host()->setText(QStringLiteral("127.0.0.1"));
        form->port()->setValue(port);
        form->user()->setText(QStringLiteral("etu07"));
        form->keyFile()->setText(remote::defaultKeyPath());
        ConnectionBar *bar = page_->connection();
        QElapsedTimer clock;
        clock.start();
        QVERIFY(bar->connectToNode());
        QVERIFY(clock.elapsed() < 500); // the network is the session thread's business
        QVERIFY(!bar->connectButton()->isEnabled());
        QTRY_VERIFY(bar->errorText().contains(QStringLiteral("refused")));
        QTRY_COMPARE(page_->session()->stage(), remote::LoginNodeSession::Stage::Disconnected);
        QVERIFY(bar->connectButton()->isEnabled());
        QVERIFY(bar->stateText().contains(QStringLiteral("Not connected")));
        QVERIFY(bar->transcript()->toPlainText().contains(QStringLiteral("127.0.0.1")));
        // Jobs need a connection.
        QVERIFY(!page_->jobs()->submitButton()->isEnabled());
    }

    void onlyPlainVisibleFilesAreUploaded()
    {
        const QString ex1 = workspace_->filePath(QStringLiteral("ex1"));
        QVERIFY(writeFile(ex1 + QStringLiteral("/sommeil.sbatch"), kSommeil));
        QVERIFY(writeFile(ex1 + QStringLiteral("/lignes.md"), "# notes\n"));
        QVERIFY(writeFile(ex1 + QStringLiteral("/.brouillon"), "hidden\n"));
        QVERIFY(writeFile(ex1 + QStringLiteral("/login-node/sommeil-1.out"), "cpu01\n"));
        QVERIFY(writeFile(ex1 + QStringLiteral("/oops_key"),
                          "-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n"
                          "-----END OPENSSH PRIVATE KEY-----\n"));
        QVERIFY(QFile::link(remote::defaultKeyPath(), ex1 + QStringLiteral("/link")));
        QVERIFY(writeFile(workspace_->filePath(QStringLiteral("notes/readme.md")), "x\n"));
        QStringList skipped;
        const QStringList files = RemoteJobsView::uploadableFiles(ex1, &skipped);
        QCOMPARE(files, QStringList({ex1 + QStringLiteral("/lignes.md"),
                                     ex1 + QStringLiteral("/sommeil.sbatch")}));
        QCOMPARE(skipped, QStringList{QStringLiteral("oops_key")});
        QCOMPARE(RemoteJobsView::exercisesWithScripts(workspace_->path()),
                 QStringList{QStringLiteral("ex1")});
        page_ = std::make_unique<LoginNodePage>(workspace_->path());
        QVERIFY(
            page_->jobs()->selectExercise(QStringLiteral("ex1"), QStringLiteral("sommeil.sbatch")));
        QCOMPARE(page_->jobs()->outputFolder(), ex1 + QStringLiteral("/login-node"));
    }

    void theMiniClusterPredictsTheJob()
    {
        const QString ex1 = workspace_->filePath(QStringLiteral("ex1"));
        QVERIFY(writeFile(ex1 + QStringLiteral("/sommeil.sbatch"), kSommeil));
        const JobOutcome outcome = JobPrediction::run({ex1 + QStringLiteral("/sommeil.sbatch")},
                                                      QStringLiteral("sommeil.sbatch"));
        QVERIFY2(outcome.known, qPrintable(outcome.note));
        QCOMPARE(outcome.node, QStringLiteral("cpu01"));
        QCOMPARE(outcome.states.first(), QStringLiteral("PD"));
        QVERIFY(outcome.states.contains(QStringLiteral("R")));
        QCOMPARE(outcome.states.last(), QStringLiteral("COMPLETED"));
        QCOMPARE(outcome.runSeconds, 6);
        QCOMPARE(outcome.waitSeconds, 0);
        QCOMPARE(outcome.finalState, QStringLiteral("COMPLETED"));
        QCOMPARE(outcome.exitCode, QStringLiteral("0:0"));

        // A script the mini-cluster refuses says why.
        QVERIFY(writeFile(ex1 + QStringLiteral("/faux.sbatch"),
                          "#!/bin/bash\n#SBATCH --time=pas-une-duree\nhostname\n"));
        const JobOutcome refused = JobPrediction::run({ex1 + QStringLiteral("/faux.sbatch")},
                                                      QStringLiteral("faux.sbatch"));
        QVERIFY(!refused.known);
        QVERIFY2(refused.note.contains(QStringLiteral("time")), qPrintable(refused.note));

        // On its own thread, as the page runs it.
        JobPrediction prediction;
        QSignalSpy predicted(&prediction, &JobPrediction::predicted);
        const int token = prediction.predict({ex1 + QStringLiteral("/sommeil.sbatch")},
                                             QStringLiteral("sommeil.sbatch"));
        QVERIFY(predicted.wait(30000));
        QCOMPARE(predicted.first().at(0).toInt(), token);
        QCOMPARE(predicted.first().at(1).value<JobOutcome>().finalState,
                 QStringLiteral("COMPLETED"));
    }

    void theRealReasonIsExplainedLocally()
    {
        remote::JobStatus status;
        status.id = 77;
        status.state = QStringLiteral("PENDING");
        status.reason = QStringLiteral("PartitionTimeLimit");
        QString text = RemoteBackend::explain(status);
        QVERIFY(text.contains(QStringLiteral("--time")));
        QVERIFY(text.contains(QStringLiteral("only its reason code")));
        status.reason = QStringLiteral("Priority");
        QVERIFY(RemoteBackend::explain(status).contains(QStringLiteral("higher priority")));
        status.reason = QStringLiteral("QOSGrpNodeLimit");
        QVERIFY(RemoteBackend::explain(status).contains(QStringLiteral("QOSGrpNodeLimit")));

        status.state = QStringLiteral("CANCELLED by 1001");
        status.nodeList = QStringLiteral("n[1-2]");
        status.timeLimit = QStringLiteral("00:02:00");
        status.startTime = 1000;
        status.endTime = 1010;
        status.submitTime = 990;
        const JobSnapshot snap = RemoteBackend::snapshotOf(status, 2000);
        QCOMPARE(snap.state, QStringLiteral("CANCELLED"));
        QCOMPARE(snap.compactState, QStringLiteral("CA"));
        QVERIFY(snap.finished);
        QCOMPARE(snap.nodes, QStringList({QStringLiteral("n1"), QStringLiteral("n2")}));
        QCOMPARE(snap.nodeList, QStringLiteral("n[1-2]"));
        QCOMPARE(snap.timeLimitMinutes, 2u);
        QCOMPARE(snap.timeLimitText, QStringLiteral("2:00"));

        // Through the backend, as the queue view asks it; no connection needed.
        page_ = std::make_unique<LoginNodePage>(workspace_->path());
        std::optional<CommandOutput> answer;
        page_->backend()->run(
            {QStringLiteral("schedlab-explain"), QStringLiteral("--lang=en"), QStringLiteral("12")},
            {}, [&](const CommandOutput &o) { answer = o; });
        QVERIFY(answer);
        QCOMPARE(answer->exitCode, 1); // not a job of this session
        answer.reset();
        page_->backend()->run({QStringLiteral("squeue")}, {},
                              [&](const CommandOutput &o) { answer = o; });
        QVERIFY(answer);
        QVERIFY(answer->err.contains("Not connected"));
    }

    void withoutAReachableClusterKubernetesSaysItIsNotAFailure()
    {
        QVERIFY(writeFile(workspace_->filePath(QStringLiteral("ex3/sommeil-job.yaml")),
                          "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: sommeil\nspec:\n"
                          "  template:\n    spec:\n      restartPolicy: Never\n      containers:\n"
                          "      - name: sommeil\n        image: busybox\n"
                          "        command: [\"sleep\", \"5\"]\n"));
        page_ = std::make_unique<LoginNodePage>(workspace_->path());
        KubectlSection *section = page_->kubernetes();
        QCOMPARE(section->manifests()->currentText(), QStringLiteral("ex3/sommeil-job.yaml"));
        QCOMPARE(
            KubectlSection::jobNameOf(workspace_->filePath(QStringLiteral("ex3/sommeil-job.yaml"))),
            QStringLiteral("sommeil"));

        page_->kubectl()->setProgram(QStringLiteral("/bin/false"));
        QTRY_COMPARE(page_->kubectl()->state(), RealKubectl::State::Unreachable);
        QVERIFY(section->statusText().contains(QStringLiteral("No reachable Kubernetes cluster")));
        QVERIFY(section->statusText().contains(QStringLiteral("not a failure")));
        QVERIFY(!section->applyButton()->isEnabled());
        QVERIFY(!section->logsButton()->isEnabled());
        QVERIFY(!section->deleteButton()->isEnabled());

        // SchedLab's own kubectl (the mini-cluster's client) is never taken for a real one.
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", QByteArray(SCHEDLAB_LIBEXEC "/bin:") + path);
        QVERIFY(QFile::exists(QStringLiteral(SCHEDLAB_LIBEXEC "/bin/kubectl")));
        QVERIFY(!RealKubectl::findOnPath().startsWith(QStringLiteral(SCHEDLAB_LIBEXEC)));
        qputenv("PATH", path);
    }

    void aReachableClusterIsOfferedWithConfirmations()
    {
        // No Kubernetes cluster exists on this machine: a tiny script that answers
        // `get nodes` with exit 0 stands in for a reachable one, for this one case only.
        QTemporaryDir bin;
        const QString fake = bin.filePath(QStringLiteral("kubectl"));
        const QString log = bin.filePath(QStringLiteral("calls"));
        QVERIFY(writeFile(fake, QStringLiteral("#!/bin/sh\necho \"$*\" >> '%1'\n"
                                               "[ \"$1 $2\" = \"get nodes\" ] && "
                                               "{ echo 'NAME STATUS'; echo 'k1 Ready'; exit 0; }\n"
                                               "echo \"applied $*\"\n")
                                    .arg(log)
                                    .toUtf8()));
        QFile::setPermissions(fake, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QVERIFY(writeFile(workspace_->filePath(QStringLiteral("groupe/sommeil-job.yaml")),
                          "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: sommeil-groupe\n"
                          "spec:\n  template:\n    spec:\n      restartPolicy: Never\n"
                          "      containers:\n      - name: s\n        image: busybox\n"));
        page_ = std::make_unique<LoginNodePage>(workspace_->path());
        KubectlSection *section = page_->kubernetes();
        page_->kubectl()->setProgram(fake);
        QTRY_COMPARE(page_->kubectl()->state(), RealKubectl::State::Reachable);
        QVERIFY(readFile(log).contains("get nodes --request-timeout=5s"));
        QVERIFY(section->applyButton()->isEnabled());

        // Each action asks first and shows the exact command; No runs nothing.
        section->deleteButton()->click();
        QMessageBox *box = section->confirmation();
        QVERIFY(box);
        QVERIFY(box->text().contains(QStringLiteral("kubectl delete job sommeil-groupe")));
        QCOMPARE(box->defaultButton(), box->button(QMessageBox::No));
        box->button(QMessageBox::No)->click();
        QTRY_VERIFY(!section->confirmation());
        QVERIFY(!readFile(log).contains("delete"));

        section->logsButton()->click();
        QVERIFY(section->confirmation());
        QVERIFY(section->confirmation()->text().contains(
            QStringLiteral("kubectl logs job/sommeil-groupe")));
        section->confirmation()->button(QMessageBox::Yes)->click();
        QTRY_VERIFY(readFile(log).contains("logs job/sommeil-groupe"));
        QTRY_VERIFY(section->output()->toPlainText().contains(
            QStringLiteral("$ kubectl logs job/sommeil-groupe")));
    }

    void theExamClosesTheLoginNodePage()
    {
        const grader::RubricSet rubrics =
            grader::loadRubrics(QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises"));
        QVERIFY2(rubrics.error.isEmpty(), qPrintable(rubrics.error));
        MainWindow window(rubrics, workspace_->path());
        QTreeWidgetItem *entry = nullptr;
        for (QTreeWidgetItemIterator it(window.navigation()); *it; ++it)
            if ((*it)->text(0) == QLatin1String("Login node"))
                entry = *it;
        QVERIFY(entry);
        QVERIFY(!window.loginNodePage()); // built on first use
        window.navigation()->setCurrentItem(entry);
        QVERIFY(window.loginNodePage());
        QCOMPARE(window.centralWidget()->findChild<QStackedWidget *>()->currentWidget(),
                 window.loginNodePage());
        QVERIFY(window.openExercise(QStringLiteral("examen")));
        QVERIFY(window.examPage()->startExam());
        QVERIFY(!window.openLoginNode());
        QVERIFY(entry->isDisabled());
        QVERIFY(!window.loginNodePage()->isEnabled());
        QVERIFY(window.examPage()->handInNow());
        QVERIFY(window.openLoginNode());
        QVERIFY(window.loginNodePage()->isEnabled());
    }

    // ---- the real login node ----------------------------------------------------------------

    void endToEndOnTheTestLoginNode()
    {
        const QString envFile = qEnvironmentVariable("SCHEDLAB_LOGIN_NODE_ENV");
        if (envFile.isEmpty())
            QSKIP("Set SCHEDLAB_LOGIN_NODE_ENV to DIR/env after `scripts/login-node-env.sh up "
                  "DIR` (as root: it starts a real sshd and Slurm on 127.0.0.1 and creates the "
                  "test user) to drive the page against a real login node.");
        const QMap<QString, QString> env = readEnvFile(envFile);
        for (const char *key : {"SSH_HOST", "SSH_PORT", "TEST_USER", "AUTHORIZED_KEYS"})
            QVERIFY2(!env.value(QString::fromLatin1(key)).isEmpty(), key);

        page_ = std::make_unique<LoginNodePage>(workspace_->path());
        page_->session()->setPollInterval(500); // tests may poll faster than the polite 5 s
        const QString key = workspace_->filePath(QStringLiteral("keys/id_ed25519_e2e"));
        page_->keys()->setKeyPath(key);
        QVERIFY2(page_->keys()->generate(kPassphrase, kPassphrase),
                 qPrintable(page_->keys()->status()));
        const QString authorized = env.value(QStringLiteral("AUTHORIZED_KEYS"));
        const QByteArray authorizedBefore = readFile(authorized);
        QVERIFY(writeFile(authorized, authorizedBefore + readFile(key + QStringLiteral(".pub"))));
        const auto restore = qScopeGuard([&] { writeFile(authorized, authorizedBefore); });

        const QString ex1 = workspace_->filePath(QStringLiteral("ex1"));
        QVERIFY(writeFile(ex1 + QStringLiteral("/sommeil.sbatch"), kSommeil));
        QVERIFY(writeFile(ex1 + QStringLiteral("/long.sbatch"),
                          "#!/bin/bash\n#SBATCH --job-name=long\n#SBATCH --time=00:05:00\n"
                          "sleep 120\n"));
        ProfileForm *form = page_->profileForm();
        form->host()->setText(env.value(QStringLiteral("SSH_HOST")));
        form->port()->setValue(env.value(QStringLiteral("SSH_PORT")).toInt());
        form->user()->setText(env.value(QStringLiteral("TEST_USER")));
        form->keyFile()->setText(key);
        form->remoteFolder()->setText(QStringLiteral("schedlab-e2e"));

        // First connection: the server's key is unknown and needs an explicit yes.
        ConnectionBar *bar = page_->connection();
        QVERIFY(bar->connectToNode());
        QTRY_VERIFY_WITH_TIMEOUT(bar->hostKeyDialog(), 20000);
        QMessageBox *hostKey = bar->hostKeyDialog();
        QVERIFY(hostKey->text().contains(QStringLiteral("SHA256:")));
        QCOMPARE(hostKey->defaultButton(), hostKey->button(QMessageBox::No));
        hostKey->button(QMessageBox::Yes)->click();

        // A wrong passphrase first: asked again, saying so.
        QTRY_VERIFY_WITH_TIMEOUT(bar->passphraseDialog(), 20000);
        QCOMPARE(bar->passphraseDialog()->textEchoMode(), QLineEdit::Password);
        bar->passphraseDialog()->setTextValue(QStringLiteral("not the passphrase"));
        bar->passphraseDialog()->accept();
        QTRY_VERIFY_WITH_TIMEOUT(bar->passphraseDialog() &&
                                     bar->passphraseDialog()->labelText().contains(
                                         QStringLiteral("Wrong passphrase, try again")),
                                 20000);
        bar->passphraseDialog()->setTextValue(QString::fromUtf8(kPassphrase));
        bar->passphraseDialog()->accept();
        QTRY_COMPARE_WITH_TIMEOUT(page_->session()->stage(),
                                  remote::LoginNodeSession::Stage::Connected, 20000);
        QVERIFY(bar->stateText().contains(QStringLiteral("Connected")));

        // Submit ex1's script: R, then COMPLETED, in the same queue view as the mini-cluster.
        RemoteJobsView *jobs = page_->jobs();
        QVERIFY(jobs->selectExercise(QStringLiteral("ex1"), QStringLiteral("sommeil.sbatch")));
        QTRY_VERIFY(jobs->submitButton()->isEnabled());
        QSignalSpy submitted(page_->session(), &remote::LoginNodeSession::submitted);
        QVERIFY(jobs->submit());
        QVERIFY2(submitted.wait(30000), qPrintable(jobs->statusText()));
        const auto id = submitted.first().at(0).value<quint32>();
        QueueView *queue = jobs->queue();
        QTRY_VERIFY(rowOf(queue, id) >= 0);
        QTRY_COMPARE_WITH_TIMEOUT(queueState(queue, id), QStringLiteral("R"), 30000);
        QTRY_COMPARE_WITH_TIMEOUT(queueState(queue, id), QStringLiteral("CD"), 30000);
        const JobRecord *record = page_->history()->find(id);
        QVERIFY(record);
        QCOMPARE(record->finalState, QStringLiteral("COMPLETED"));
        // squeue names the node; `hostname` inside the job prints the machine's own name.
        const QString node = env.value(QStringLiteral("NODE_NAME"));
        const QString jobHost = env.value(QStringLiteral("HOSTNAME_IN_JOB"));

        // The output file, downloaded next to the exercise, with its hostname line.
        const QString output = ex1 + QStringLiteral("/login-node/sommeil-%1.out").arg(id);
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(output), 30000);
        if (!jobHost.isEmpty())
            QTRY_VERIFY_WITH_TIMEOUT(readFile(output).contains(jobHost.toUtf8()), 10000);

        // The state diagram and the timeline show the job's path.
        queue->selectJob(id);
        QTRY_VERIFY(jobs->diagram()->visited(QStringLiteral("R")));
        QVERIFY(jobs->diagram()->visited(QStringLiteral("COMPLETED")));
        jobs->refreshTimeline();
        QCOMPARE(jobs->timeline()->data().items.size(), 1);

        // Prediction beside reality.
        PredictionTable *table = jobs->comparison();
        using T = PredictionTable;
        QTRY_COMPARE_WITH_TIMEOUT(table->text(T::FinalState, T::Predicted),
                                  QStringLiteral("COMPLETED"), 30000);
        QCOMPARE(table->job(), id);
        QCOMPARE(table->text(T::FinalState, T::Real), QStringLiteral("COMPLETED"));
        QCOMPARE(table->text(T::Node, T::Predicted), QStringLiteral("cpu01"));
        if (!node.isEmpty())
            QCOMPARE(table->text(T::Node, T::Real), node);
        // "PD → R → COMPLETED", with "CG" between when a poll saw the job completing.
        const QString states = table->text(T::States, T::Real);
        QVERIFY2(states.startsWith(QStringLiteral("PD → R")), qPrintable(states));
        QVERIFY2(states.endsWith(QStringLiteral(" → COMPLETED")), qPrintable(states));
        QCOMPARE(table->text(T::RunTime, T::Predicted), QStringLiteral("6 s"));
        QVERIFY(!table->text(T::RunTime, T::Real).isEmpty());
        QCOMPARE(table->text(T::ExitCode, T::Predicted), QStringLiteral("0:0"));

        // A second job, cancelled after a confirmation.
        QVERIFY(jobs->selectExercise(QStringLiteral("ex1"), QStringLiteral("long.sbatch")));
        submitted.clear();
        QVERIFY(jobs->submit());
        QVERIFY(submitted.wait(30000));
        const auto longId = submitted.first().at(0).value<quint32>();
        QTRY_COMPARE_WITH_TIMEOUT(queueState(queue, longId), QStringLiteral("R"), 30000);
        queue->selectJob(longId);
        QTRY_VERIFY(jobs->cancelButton()->isEnabled());
        jobs->cancelButton()->click();
        QVERIFY(jobs->cancelDialog());
        QVERIFY(jobs->cancelDialog()->text().contains(QStringLiteral("scancel %1").arg(longId)));
        QCOMPARE(jobs->cancelDialog()->defaultButton(),
                 jobs->cancelDialog()->button(QMessageBox::No));
        jobs->cancelDialog()->button(QMessageBox::Yes)->click();
        QTRY_COMPARE_WITH_TIMEOUT(queueState(queue, longId), QStringLiteral("CA"), 30000);

        // The passphrase is nowhere on disk.
        QVERIFY(!anyFileContains(workspace_->path(), kPassphrase));
        QVERIFY(!anyFileContains(g_home, kPassphrase));
        QVERIFY(!bar->transcript()->toPlainText().contains(QString::fromUtf8(kPassphrase)));

        saveScreenshots(QStringLiteral("e2e"));
        bar->disconnectFromNode();
        QTRY_COMPARE(page_->session()->stage(), remote::LoginNodeSession::Stage::Disconnected);
    }

    // With SCHEDLAB_SCREENSHOTS set to a folder, each tab of a page in a usual state is saved
    // there, to look at the page as a student sees it.
    void screenshots()
    {
        if (qEnvironmentVariableIsEmpty("SCHEDLAB_SCREENSHOTS"))
            QSKIP("Set SCHEDLAB_SCREENSHOTS to a folder to save the page's tabs there.");
        QVERIFY(writeFile(workspace_->filePath(QStringLiteral("ex1/sommeil.sbatch")), kSommeil));
        page_ = std::make_unique<LoginNodePage>(workspace_->path());
        page_->kubectl()->setProgram(QStringLiteral("/bin/false"));
        QTRY_COMPARE(page_->kubectl()->state(), RealKubectl::State::Unreachable);
        saveScreenshots(QStringLiteral("offline"));
    }

private:
    void saveScreenshots(const QString &prefix)
    {
        const QString dir = qEnvironmentVariable("SCHEDLAB_SCREENSHOTS");
        if (dir.isEmpty() || !page_)
            return;
        QDir().mkpath(dir);
        page_->resize(1200, 800);
        page_->show();
        for (int i = 0; i < page_->tabs()->count(); ++i) {
            page_->tabs()->setCurrentIndex(i);
            QCoreApplication::processEvents();
            page_->grab().save(QStringLiteral("%1/%2-%3.png").arg(dir, prefix).arg(i + 1));
        }
        // The jobs' timeline, behind the queue.
        page_->showTab(LoginNodePage::JobsTab);
        auto *views = page_->jobs()->findChild<QTabWidget *>();
        views->setCurrentWidget(page_->jobs()->timeline());
        page_->jobs()->refreshTimeline();
        page_->jobs()->timeline()->zoomToFit();
        QCoreApplication::processEvents();
        page_->grab().save(QStringLiteral("%1/%2-timeline.png").arg(dir, prefix));
        views->setCurrentIndex(0);
    }

    std::unique_ptr<QTemporaryDir> workspace_;
    std::unique_ptr<LoginNodePage> page_;
};

// HOME first, before Qt or anything else reads it: ~/.ssh, ~/.ssh/config and known_hosts
// are the test's own.
int main(int argc, char **argv)
{
    QTemporaryDir home;
    if (!home.isValid())
        return 2;
    g_home = home.path();
    qputenv("HOME", QFile::encodeName(g_home));
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (qEnvironmentVariableIsEmpty("SCHEDLAB_LIBEXEC"))
        qputenv("SCHEDLAB_LIBEXEC", SCHEDLAB_LIBEXEC);
    QApplication app(argc, argv);
    TestLoginNode test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_loginnode.moc"
