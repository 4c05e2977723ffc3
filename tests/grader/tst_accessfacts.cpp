// Exercise 4's facts read from what students write: dates, public key paths, fingerprints
// compared with real `ssh-keygen -lf` output, and the required sentence however it is typed.
#include "accessfacts.h"

#include <QFile>
#include <QtTest>

using namespace schedlab::grader;

namespace {

QString dataFile(const QString &name)
{
    QFile f(QStringLiteral(SCHEDLAB_TEST_DATA "/keys/") + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing test data %s", qPrintable(name));
    return QString::fromUtf8(f.readAll());
}

// "file<TAB>ssh-keygen output" lines, as stored once from the real tool.
QList<std::pair<QString, QString>> keygenOutputs(const QString &name)
{
    QList<std::pair<QString, QString>> out;
    for (const QString &line : dataFile(name).split(u'\n'))
        if (!line.isEmpty() && !line.startsWith(u'#'))
            out.append({line.section(u'\t', 0, 0), line.section(u'\t', 1)});
    return out;
}

const QString kSentence =
    QStringLiteral("Connexion uniquement vers le nœud de login indiqué par les organisateurs.");

QString isoDates(const QList<DateFound> &dates)
{
    QStringList out;
    for (const DateFound &d : dates)
        out << d.date.toString(Qt::ISODate);
    return out.join(u' ');
}

} // namespace

class TestAccessFacts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void dates_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("date");    // ISO; empty when no date must be found
        QTest::addColumn<QString>("written"); // the found date's text

        const auto row = [](const char *text, const char *date, const char *written) {
            QTest::newRow(text) << QString::fromUtf8(text) << QString::fromLatin1(date)
                                << QString::fromUtf8(written);
        };
        row("Compte demandé le 2026-11-02.", "2026-11-02", "2026-11-02");
        row("Vérifié : 2026-11-02T10:00", "2026-11-02", "2026-11-02");
        row("2026-11-02 10:00:00", "2026-11-02", "2026-11-02");
        row("le 02/11/2026", "2026-11-02", "02/11/2026");
        row("le 2/11/26 au matin", "2026-11-02", "2/11/26");
        row("le 02.11.2026.", "2026-11-02", "02.11.2026");
        row("le 02/11/2026 à 10:00", "2026-11-02", "02/11/2026");
        row("Demande : 2 novembre 2026", "2026-11-02", "2 novembre 2026");
        row("lundi 2 novembre 2026", "2026-11-02", "lundi 2 novembre 2026");
        row("Lundi 2 Novembre 2026 à 10h30", "2026-11-02", "Lundi 2 Novembre 2026");
        row("le 2 nov. 2026", "2026-11-02", "2 nov. 2026");
        row("le 1er novembre 2026", "2026-11-01", "1er novembre 2026");
        row("le 1er novembre", "2026-11-01", "1er novembre");
        row("vérifié le 2/11", "2026-11-02", "2/11");
        row("vérifié le 2/11.", "2026-11-02", "2/11");
        row("vérifié le 2 novembre", "2026-11-02", "2 novembre");
        row("Requested on November 2, 2026.", "2026-11-02", "November 2, 2026");
        row("Monday, November 2, 2026", "2026-11-02", "Monday, November 2, 2026");
        row("on Nov. 2nd, 2026", "2026-11-02", "Nov. 2nd, 2026");
        row("on 2 November 2026", "2026-11-02", "2 November 2026");
        row("on 2nd November 2026", "2026-11-02", "2nd November 2026");
        row("le 3 février 2026", "2026-02-03", "3 février 2026");
        row("le 3 fevrier 2026", "2026-02-03", "3 fevrier 2026");
        row("le 3 FÉVRIER 2026", "2026-02-03", "3 FÉVRIER 2026");
        row("le 3 févr. 2026", "2026-02-03", "3 févr. 2026");
        row("le 15 août 2026", "2026-08-15", "15 août 2026");
        row("le 15 aout 2026", "2026-08-15", "15 aout 2026");
        row("le 24 décembre 2025", "2025-12-24", "24 décembre 2025");
        row("le 24 decembre 2025", "2025-12-24", "24 decembre 2025");
        row("le 24 déc. 2025", "2025-12-24", "24 déc. 2025");
        row("le 5 janv. 2026", "2026-01-05", "5 janv. 2026");
        row("le 7 sept. 2026", "2026-09-07", "7 sept. 2026");
        row("le 7 juil. 2026", "2026-07-07", "7 juil. 2026");
        row("le 29/02/2028", "2028-02-29", "29/02/2028");
        row("mar 3 novembre 2026", "2026-11-03", "mar 3 novembre 2026");
        row("demandé le 29 octobre.", "2026-10-29", "29 octobre");
        row("on the 3rd of November 2026", "2026-11-03", "3rd of November 2026");
        row("March 3, 2026", "2026-03-03", "March 3, 2026");

        row("le 31/02/2026", "", "");
        row("le 29/02/2027", "", "");
        row("le 30 février 2026", "", "");
        row("le 2026-13-01", "", "");
        row("le 32/11", "", "");
        row("le 31 novembre", "", "");
        row("3/4 des nœuds sont libres", "", "");
        row("version 1.2.3, adresse 10.0.0.12, paquet 2.11.26", "", "");
        row("mais il a duré 00:02:00 pour 12 tâches", "", "");
        row("la clé de novembre 2026", "", "");
        row("256 SHA256:KCC1hHA0/c2LSy2lPQnTekLR5u7s+xBqPsyFdpALb9I test (ED25519)", "", "");
    }

    void dates()
    {
        QFETCH(QString, text);
        QFETCH(QString, date);
        QFETCH(QString, written);
        const QList<DateFound> found = findDates(text, 2026);
        if (date.isEmpty()) {
            QVERIFY2(found.isEmpty(), qPrintable(isoDates(found)));
            return;
        }
        QCOMPARE(isoDates(found), date);
        QCOMPARE(found.first().text, written);
        QCOMPARE(found.first().line, 1);
    }

    void datesComeInOrderWithTheirLines()
    {
        const QString text = QStringLiteral("# Accès\n\n"
                                            "- Compte demandé le 15 octobre 2026, vérifié le "
                                            "2026-11-02T09:30.\n"
                                            "- Séance : 2 novembre 2026 (lundi 2/11)\n");
        const QList<DateFound> found = findDates(text, 2026);
        QCOMPARE(isoDates(found), QStringLiteral("2026-10-15 2026-11-02 2026-11-02 2026-11-02"));
        QCOMPARE(found[0].line, 3);
        QCOMPARE(found[1].line, 3);
        QCOMPARE(found[2].line, 4);
        QCOMPARE(found[3].text, QStringLiteral("lundi 2/11"));
    }

    void publicKeyPaths_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("path"); // empty when none must be found
        const auto row = [](const char *text, const char *path) {
            QTest::newRow(text) << QString::fromUtf8(text) << QString::fromUtf8(path);
        };
        row("Clé publique : ~/.ssh/id_ed25519_romeo.pub", "~/.ssh/id_ed25519_romeo.pub");
        row("Clé publique : `~/.ssh/id_ed25519_romeo.pub`", "~/.ssh/id_ed25519_romeo.pub");
        row("dans ~/.ssh/id_ed25519_romeo.pub.", "~/.ssh/id_ed25519_romeo.pub");
        row("\"$HOME/.ssh/id_ed25519_romeo.pub\"", "$HOME/.ssh/id_ed25519_romeo.pub");
        row("'${HOME}/.ssh/id_ed25519_romeo.pub'", "${HOME}/.ssh/id_ed25519_romeo.pub");
        row("/home/kim/.ssh/id_ed25519_romeo.pub", "/home/kim/.ssh/id_ed25519_romeo.pub");
        row("./id_ed25519_romeo.pub", "./id_ed25519_romeo.pub");
        row("C:\\Users\\kim\\.ssh\\id_ed25519_romeo.pub",
            "C:\\Users\\kim\\.ssh\\id_ed25519_romeo.pub");
        row("le fichier id_ed25519_romeo.pub", "id_ed25519_romeo.pub");
        row("ssh-keygen -lf ~/.ssh/clé-romeo.pub", "~/.ssh/clé-romeo.pub");

        row("scp kim@login:~/.ssh/id_ed25519_romeo.pub .", "~/.ssh/id_ed25519_romeo.pub");
        row("Chemin:~/.ssh/id_ed25519_romeo.pub", "~/.ssh/id_ed25519_romeo.pub");

        row("Clé : ~/.ssh/id_ed25519_romeo", "");
        row("https://example.org/keys/romeo.pub", "");
        row("le fichier .pub est public", "");
        row("~/.ssh/id_ed25519_romeo.pub.bak", "");
        row("~/.ssh/id_ed25519_romeo.public", "");
    }

    void publicKeyPaths()
    {
        QFETCH(QString, text);
        QFETCH(QString, path);
        const QList<PathFound> found = findPublicKeyPaths(text);
        if (path.isEmpty()) {
            QVERIFY2(found.isEmpty(), qPrintable(found.value(0).path));
            return;
        }
        QCOMPARE(found.size(), 1);
        QCOMPARE(found.first().path, path);
        QCOMPARE(found.first().line, 1);
    }

    void pathsComeWithTheirLines()
    {
        const QList<PathFound> found =
            findPublicKeyPaths(QStringLiteral("Chemin :\n\n~/.ssh/a.pub et ~/.ssh/b.pub\n"));
        QCOMPARE(found.size(), 2);
        QCOMPARE(found[1].path, QStringLiteral("~/.ssh/b.pub"));
        QCOMPARE(found[1].line, 3);
    }

    void fingerprintsAsSshKeygenPrintsThem_data()
    {
        QTest::addColumn<QString>("output");
        for (const auto &[file, output] : keygenOutputs(QStringLiteral("fingerprints.txt")))
            QTest::newRow(qPrintable(file)) << output;
        for (const auto &[file, output] : keygenOutputs(QStringLiteral("fingerprints-md5.txt")))
            QTest::newRow(qPrintable(file + QStringLiteral(" md5"))) << output;
    }

    void fingerprintsAsSshKeygenPrintsThem()
    {
        QFETCH(QString, output);
        // "256 SHA256:... comment words (ED25519)"
        const QString bits = output.section(u' ', 0, 0);
        const QString fingerprint = output.section(u' ', 1, 1);
        const QString type = output.section(u'(', -1).chopped(1);
        const QString comment = output.section(u' ', 2).section(u'(', 0, -2).trimmed();
        const QStringList writings = {
            output,
            QStringLiteral("Empreinte : `%1`").arg(output),
            QStringLiteral("> $ ssh-keygen -lf ~/.ssh/id.pub\n> %1\n").arg(output),
        };
        for (const QString &text : writings) {
            const QList<FingerprintFound> found = findFingerprints(text);
            QCOMPARE(found.size(), 1);
            QCOMPARE(found[0].fingerprint, fingerprint);
            QCOMPARE(found[0].bits, bits.toInt());
            QCOMPARE(found[0].type, type);
            QCOMPARE(found[0].comment, comment);
            QCOMPARE(found[0].line, text.startsWith(u'>') ? 2 : 1);
        }
    }

    void fingerprintsWrittenOtherwise()
    {
        const QString fp = QStringLiteral("SHA256:KCC1hHA0/c2LSy2lPQnTekLR5u7s+xBqPsyFdpALb9I");
        QList<FingerprintFound> found = findFingerprints(QStringLiteral("Empreinte : ") + fp);
        QCOMPARE(found.size(), 1);
        QCOMPARE(found[0].fingerprint, fp);
        QCOMPARE(found[0].bits, 0);
        QCOMPARE(found[0].type, QString());
        QCOMPARE(found[0].comment, QString());

        // The type forgotten: the rest of ssh-keygen's line is the comment.
        found = findFingerprints(QStringLiteral("`256 %1 seance-novembre`").arg(fp));
        QCOMPARE(found.size(), 1);
        QCOMPARE(found[0].bits, 256);
        QCOMPARE(found[0].type, QString());
        QCOMPARE(found[0].comment, QStringLiteral("seance-novembre"));

        // Padding added by hand is not part of the fingerprint.
        found = findFingerprints(fp + QStringLiteral("= (ED25519)"));
        QCOMPARE(found.size(), 1);
        QCOMPARE(found[0].fingerprint, fp);
        QCOMPARE(found[0].type, QStringLiteral("ED25519"));

        // A comment with parentheses of its own; two keys on one line of a table.
        found =
            findFingerprints(QStringLiteral("| 256 %1 ma clé (perso) (ED25519) | 3072 "
                                            "SHA256:rsWAyAipokrB1u4OxrcsHk1zy+y4Cv8lCW9uvWR9dVg "
                                            "test (RSA) |")
                                 .arg(fp));
        QCOMPARE(found.size(), 2);
        QCOMPARE(found[0].comment, QStringLiteral("ma clé (perso)"));
        QCOMPARE(found[0].type, QStringLiteral("ED25519"));
        QCOMPARE(found[1].bits, 3072);
        QCOMPARE(found[1].type, QStringLiteral("RSA"));

        // Old ssh-keygen printed MD5 without a prefix.
        found = findFingerprints(
            QStringLiteral("2048 0c:ba:d1:e8:02:42:ef:18:8b:4e:21:7c:9a:06:42:63 test (RSA)"));
        QCOMPARE(found.size(), 1);
        QCOMPARE(found[0].fingerprint,
                 QStringLiteral("MD5:0c:ba:d1:e8:02:42:ef:18:8b:4e:21:7c:9a:06:42:63"));

        // Cut short or too long: not a fingerprint.
        QVERIFY(findFingerprints(fp.chopped(1)).isEmpty());
        QVERIFY(findFingerprints(fp + u'x').isEmpty());
        QVERIFY(findFingerprints(QStringLiteral("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIPWnhh8Rvxj4"
                                                "vqLXF5izgXBlAHcBcLosholuYnRkbs3O test"))
                    .isEmpty());
    }

    void publicKeysGiveSshKeygensFingerprint_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("output");
        for (const auto &[file, output] : keygenOutputs(QStringLiteral("fingerprints.txt")))
            QTest::newRow(qPrintable(file)) << file << output;
    }

    void publicKeysGiveSshKeygensFingerprint()
    {
        QFETCH(QString, file);
        QFETCH(QString, output);
        const PublicKeyInfo key = readPublicKey(dataFile(file));
        QVERIFY2(key.ok, qPrintable(key.error));
        QCOMPARE(key.error, QString());
        QString comment = output.section(u' ', 2).section(u'(', 0, -2).trimmed();
        if (comment == QLatin1String("no comment")) // ssh-keygen's words for none
            comment.clear();
        const QString printed =
            QStringLiteral("%1 %2 %3 (%4)")
                .arg(key.bits)
                .arg(key.fingerprint,
                     key.comment.isEmpty() ? QStringLiteral("no comment") : key.comment, key.type);
        QCOMPARE(printed, output);
        QCOMPARE(key.comment, comment);
    }

    void notPublicKeys_data()
    {
        QTest::addColumn<QString>("line");
        const QString ed = dataFile(QStringLiteral("id_ed25519.pub")).trimmed();
        const QString blob = ed.section(u' ', 1, 1);
        QTest::newRow("empty") << QString();
        QTest::newRow("private key") << dataFile(QStringLiteral("id_ed25519"));
        QTest::newRow("PuTTY file") << dataFile(QStringLiteral("id_ed25519.ppk"));
        QTest::newRow("fingerprint")
            << QStringLiteral("256 SHA256:KCC1hHA0/c2LSy2lPQnTekLR5u7s+xBqPsyFdpALb9I test "
                              "(ED25519)");
        QTest::newRow("unknown type") << QStringLiteral("ssh-foo ") + blob;
        QTest::newRow("type alone") << QStringLiteral("ssh-ed25519");
        QTest::newRow("not base64") << QStringLiteral("ssh-ed25519 AAAA*C3Nz test");
        QTest::newRow("wrong type") << QStringLiteral("ssh-rsa ") + blob + QStringLiteral(" test");
        const QString rsa = dataFile(QStringLiteral("id_rsa.pub")).section(u' ', 1, 1);
        QTest::newRow("cut short") << QStringLiteral("ssh-rsa ") + rsa.left(40);
    }

    void notPublicKeys()
    {
        QFETCH(QString, line);
        const PublicKeyInfo key = readPublicKey(line);
        QVERIFY(!key.ok);
        QVERIFY(!key.error.isEmpty());
        QCOMPARE(key.fingerprint, QString());
    }

    void publicKeyLineAsWritten()
    {
        const QString ed = dataFile(QStringLiteral("id_ed25519.pub")).trimmed();
        const PublicKeyInfo key =
            readPublicKey(QStringLiteral("  `") + ed + QStringLiteral(" de Kim  `  "));
        QVERIFY2(key.ok, qPrintable(key.error));
        QCOMPARE(key.fingerprint,
                 QStringLiteral("SHA256:KCC1hHA0/c2LSy2lPQnTekLR5u7s+xBqPsyFdpALb9I"));
        QCOMPARE(key.comment, QStringLiteral("test de Kim"));
    }

    void sentence_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("contains");
        const auto row = [](const char *name, const QString &text, bool contains) {
            QTest::newRow(name) << text << contains;
        };
        row("verbatim", kSentence, true);
        row("among other lines",
            QStringLiteral("# Règles\n\n- Je respecte la charte.\n- ") + kSentence +
                QStringLiteral("\n- Pas de calcul sur le nœud de login.\n"),
            true);
        row("no final dot", kSentence.chopped(1), true);
        row("dot after a space", kSentence.chopped(1) + QStringLiteral(" ."), true);
        row("oe",
            QStringLiteral("Connexion uniquement vers le noeud de login indiqué par les "
                           "organisateurs."),
            true);
        row("no accents",
            QStringLiteral("Connexion uniquement vers le noeud de login indique par les "
                           "organisateurs"),
            true);
        row("capitals",
            QStringLiteral("CONNEXION UNIQUEMENT VERS LE NŒUD DE LOGIN INDIQUÉ PAR LES "
                           "ORGANISATEURS."),
            true);
        row("extra spaces",
            QStringLiteral("  Connexion   uniquement vers le nœud\tde login  indiqué par les "
                           "organisateurs .  "),
            true);
        row("no-break spaces",
            QStringLiteral("Connexion\u00A0uniquement vers le nœud\u202Fde login indiqué par "
                           "les organisateurs\u00A0."),
            true);
        row("emphasis",
            QStringLiteral("**Connexion uniquement** vers le _nœud de login_ indiqué par les "
                           "*organisateurs*."),
            true);
        row("code", QStringLiteral("`") + kSentence + QStringLiteral("`"), true);
        row("quoted",
            QStringLiteral("> Connexion uniquement vers le nœud\n> de login indiqué par les "
                           "organisateurs.\n"),
            true);
        row("between quotes", QStringLiteral("« ") + kSentence + QStringLiteral(" »"), true);
        row("soft line break",
            QStringLiteral("Connexion uniquement vers le nœud de\nlogin indiqué par les "
                           "organisateurs."),
            true);

        row("shortened", QStringLiteral("Connexion vers le nœud de login."), false);
        row("cut", QStringLiteral("Connexion uniquement vers le nœud de login."), false);
        row("a word changed",
            QStringLiteral("Connexion uniquement vers le nœud de calcul indiqué par les "
                           "organisateurs."),
            false);
        row("singular",
            QStringLiteral("Connexion uniquement vers le nœud de login indiqué par "
                           "l'organisateur."),
            false);
        row("glued to a word", kSentence.chopped(1) + QStringLiteral("trices."), false);
        row("nothing", QString(), false);
    }

    void sentence()
    {
        QFETCH(QString, text);
        QFETCH(bool, contains);
        QCOMPARE(containsSentence(text, kSentence), contains);
    }

    void sentenceWithApostrophes()
    {
        const QString sentence = QStringLiteral("Je n'ai partagé que la clé publique.");
        QVERIFY(containsSentence(QStringLiteral("Je n’ai partagé que la clé publique."), sentence));
        QVERIFY(containsSentence(QStringLiteral("Je nʼai partagé que la clé publique"), sentence));
        QVERIFY(containsSentence(QStringLiteral("je n`ai partage que la cle publique"), sentence));
        QVERIFY(containsSentence(QStringLiteral("Je n'ai partagé que la clé publique."),
                                 QStringLiteral("Je n’ai partagé que la clé publique.")));
        QVERIFY(!containsSentence(QStringLiteral("Je n'ai partagé que la clé privée."), sentence));
        // A sentence left empty by a rubric mistake is found nowhere.
        QVERIFY(!containsSentence(kSentence, QString()));
        QVERIFY(!containsSentence(kSentence, QStringLiteral(" . ")));
    }
};

QTEST_GUILESS_MAIN(TestAccessFacts)
#include "tst_accessfacts.moc"
