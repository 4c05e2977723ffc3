// Private keys in a submission are masked, whatever their format and however they are pasted,
// and nothing else is: public keys, fingerprints and the student's own words stay as written.
#include "secrets.h"

#include <QFile>
#include <QRegularExpression>
#include <QtTest>

using namespace schedlab::grader;

namespace {

QString keyFile(const QString &name)
{
    QFile f(QStringLiteral(SCHEDLAB_TEST_DATA "/keys/") + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing test key %s", qPrintable(name));
    return QString::fromUtf8(f.readAll());
}

// The lines of a key that carry its secret: everything but markers and "Name: value" headers.
QStringList base64Lines(const QString &key)
{
    QStringList out;
    for (const QString &line : key.split(u'\n')) {
        const QString t = line.trimmed();
        if (t.size() >= 4 && !t.startsWith(u'-') && !t.contains(u':'))
            out << t;
    }
    return out;
}

// Without its BEGIN/END lines and PEM headers: the key as someone who copied only the body
// pastes it.
QString bodyOnly(const QString &key)
{
    return base64Lines(key).join(u'\n') + u'\n';
}

// Every line of `text` prefixed, and its line ends made `eol`.
QString pasted(const QString &text, const QString &prefix, const QString &eol)
{
    QStringList lines = text.split(u'\n');
    const bool finalNewline = lines.last().isEmpty();
    if (finalNewline)
        lines.removeLast();
    for (QString &line : lines)
        line.prepend(prefix);
    return lines.join(eol) + (finalNewline ? eol : QString());
}

const QStringList &privateKeyFiles()
{
    static const QStringList files = {
        QStringLiteral("id_ed25519"),           QStringLiteral("id_ed25519_pass"),
        QStringLiteral("id_ed25519_nocomment"), QStringLiteral("id_rsa"),
        QStringLiteral("id_ecdsa256"),          QStringLiteral("id_ecdsa384"),
        QStringLiteral("id_ecdsa521"),          QStringLiteral("id_rsa_pem"),
        QStringLiteral("id_rsa_pem_pass"),      QStringLiteral("id_rsa_pkcs8"),
        QStringLiteral("id_rsa_pkcs8_pass"),    QStringLiteral("id_ecdsa_pem"),
        QStringLiteral("id_dsa_pem"),           QStringLiteral("id_ed25519.ppk"),
        QStringLiteral("id_ed25519_v2.ppk"),
    };
    return files;
}

const QString kBefore = QStringLiteral("# Accès\n\nDemande faite le 2 novembre 2026.\n\n");
const QString kAfter =
    QStringLiteral("Connexion uniquement vers le nœud de login indiqué par les organisateurs.\n");

} // namespace

class TestSecrets : public QObject
{
    Q_OBJECT

    // The checks every masked key must pass; `expected` is the whole masked text.
    static void verifyMasked(const SecretScan &scan, const QString &key, const QString &expected)
    {
        QCOMPARE(scan.masked.count(kMaskedKey), 1);
        for (const QString &line : base64Lines(key))
            QVERIFY2(!scan.masked.contains(line), qPrintable(line));
        QCOMPARE(scan.masked, expected);
    }

private Q_SLOTS:
    void everyFormatInEveryPlaceIsMaskedOnce_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("prefix");
        QTest::addColumn<QString>("eol");
        QTest::addColumn<QString>("fence");
        const struct
        {
            const char *name;
            QString prefix, eol, fence;
        } places[] = {
            {"plain", QString(), QStringLiteral("\n"), QString()},
            {"code block", QString(), QStringLiteral("\n"), QStringLiteral("```\n")},
            {"quote", QStringLiteral("> "), QStringLiteral("\n"), QString()},
            {"quoted code block", QStringLiteral("> "), QStringLiteral("\n"),
             QStringLiteral("> ```\n")},
            {"indented", QStringLiteral("    "), QStringLiteral("\n"), QString()},
            {"CRLF", QString(), QStringLiteral("\r\n"), QString()},
        };
        for (const QString &file : privateKeyFiles())
            for (const auto &p : places)
                QTest::addRow("%s, %s", qPrintable(file), p.name)
                    << file << p.prefix << p.eol << p.fence;
    }

    void everyFormatInEveryPlaceIsMaskedOnce()
    {
        QFETCH(QString, file);
        QFETCH(QString, prefix);
        QFETCH(QString, eol);
        QFETCH(QString, fence);
        const QString key = keyFile(file);
        const QString text = kBefore + fence + pasted(key, prefix, eol) + fence + kAfter;
        const SecretScan scan = scanForPrivateKeys(text);
        QCOMPARE(scan.lines, QList<int>{fence.isEmpty() ? 5 : 6});
        verifyMasked(scan, key, kBefore + fence + prefix + kMaskedKey + eol + fence + kAfter);
    }

    void bareBodyIsMasked_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("prefix");
        // OpenSSH bodies start with the "openssh-key-v1" magic; PEM bodies are runs of
        // 64-character lines (an EC key's is two and a short one).
        const QStringList files = {
            QStringLiteral("id_ed25519"),   QStringLiteral("id_rsa"),
            QStringLiteral("id_ecdsa256"),  QStringLiteral("id_rsa_pem"),
            QStringLiteral("id_rsa_pkcs8"), QStringLiteral("id_rsa_pkcs8_pass"),
            QStringLiteral("id_ecdsa_pem"), QStringLiteral("id_dsa_pem"),
        };
        for (const QString &file : files) {
            QTest::addRow("%s", qPrintable(file)) << file << QString();
            QTest::addRow("%s, indented", qPrintable(file)) << file << QStringLiteral("\t");
            QTest::addRow("%s, quoted", qPrintable(file)) << file << QStringLiteral("> > ");
        }
    }

    void bareBodyIsMasked()
    {
        QFETCH(QString, file);
        QFETCH(QString, prefix);
        const QString key = keyFile(file);
        const QString text = kBefore + pasted(bodyOnly(key), prefix, QStringLiteral("\n")) + kAfter;
        const SecretScan scan = scanForPrivateKeys(text);
        QCOMPARE(scan.lines, QList<int>{5});
        verifyMasked(scan, key, kBefore + prefix + kMaskedKey + u'\n' + kAfter);
    }

    void bareOpenSshBodyHoweverWrapped_data()
    {
        QTest::addColumn<int>("width"); // 0: the whole body on one line
        QTest::newRow("one line") << 0;
        QTest::newRow("wrapped at 90") << 90;
        QTest::newRow("wrapped at 45") << 45;
    }

    void bareOpenSshBodyHoweverWrapped()
    {
        QFETCH(int, width);
        const QString key = keyFile(QStringLiteral("id_rsa"));
        const QString body = base64Lines(key).join(QString());
        QStringList wrapped;
        for (qsizetype at = 0; at<body.size(); at += width> 0 ? width : body.size())
            wrapped << body.mid(at, width > 0 ? width : -1);
        const QString text = QStringLiteral("Voici : ") + wrapped.join(u'\n') + u'\n' + kAfter;
        const SecretScan scan = scanForPrivateKeys(text);
        QCOMPARE(scan.lines, QList<int>{1});
        QCOMPARE(scan.masked.count(kMaskedKey), 1);
        QVERIFY(!scan.masked.contains(body.right(8)));
        QCOMPARE(scan.masked, QStringLiteral("Voici : ") + kMaskedKey + u'\n' + kAfter);
    }

    void aWordAfterABodyStays()
    {
        // A body whose last line is full, then the student's next word: pure base64 too.
        QStringList body = base64Lines(keyFile(QStringLiteral("id_rsa_pem")));
        body.removeLast();
        const QString text = body.join(u'\n') + QStringLiteral("\nMerci\n");
        const SecretScan scan = scanForPrivateKeys(text);
        QCOMPARE(scan.lines, QList<int>{1});
        QCOMPARE(scan.masked, kMaskedKey + QStringLiteral("\nMerci\n"));
    }

    void truncatedKeyIsMaskedToTheEnd_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString &file : privateKeyFiles())
            QTest::addRow("%s", qPrintable(file)) << file;
    }

    void truncatedKeyIsMaskedToTheEnd()
    {
        QFETCH(QString, file);
        // The first half of the key, then whatever the student wrote next.
        const QStringList lines = keyFile(file).split(u'\n');
        const QString cut = lines.mid(0, std::max<qsizetype>(2, lines.size() / 2)).join(u'\n');
        const QString text = kBefore + cut + u'\n' + kAfter;
        const SecretScan scan = scanForPrivateKeys(text);
        QCOMPARE(scan.lines, QList<int>{5});
        verifyMasked(scan, cut, kBefore + kMaskedKey + u'\n');
    }

    void eachKeyHasItsOwnMask()
    {
        const QString ed = keyFile(QStringLiteral("id_ed25519"));
        const QString pem = keyFile(QStringLiteral("id_rsa_pem"));
        const QString ppk = keyFile(QStringLiteral("id_ed25519.ppk"));
        const QString text = QStringLiteral("Première :\n") + ed + QStringLiteral("Deuxième :\n") +
                             pem + ppk + QStringLiteral("Fin.\n");
        const SecretScan scan = scanForPrivateKeys(text);
        QVERIFY(scan.found());
        QCOMPARE(scan.lines, (QList<int>{2, 10, 37}));
        QCOMPARE(scan.masked,
                 QStringLiteral("Première :\n%1\nDeuxième :\n%1\n%1\nFin.\n").arg(kMaskedKey));
    }

    void aTruncatedKeyEndsWhereTheNextStarts()
    {
        const QStringList first = keyFile(QStringLiteral("id_rsa")).split(u'\n').mid(0, 6);
        const QString second = keyFile(QStringLiteral("id_ecdsa256"));
        const QString text = first.join(u'\n') + QStringLiteral("\n\n") + second + kAfter;
        const SecretScan scan = scanForPrivateKeys(text);
        QCOMPARE(scan.lines, (QList<int>{1, 8}));
        QCOMPARE(scan.masked, kMaskedKey + QStringLiteral("\n\n") + kMaskedKey + u'\n' + kAfter);
    }

    void aKeyOnOneLineIsMaskedInPlace()
    {
        const QString key = keyFile(QStringLiteral("id_ed25519")).simplified();
        const QString text = QStringLiteral("Ma clé : %1 (oups).\nSuite.\n").arg(key);
        const SecretScan scan = scanForPrivateKeys(text);
        QCOMPARE(scan.lines, QList<int>{1});
        QCOMPARE(scan.masked, QStringLiteral("Ma clé : %1 (oups).\nSuite.\n").arg(kMaskedKey));
    }

    void aKeyInInlineCodeIsMasked()
    {
        const QString key = keyFile(QStringLiteral("id_ed25519")).trimmed();
        const QString text = QStringLiteral("Ma clé `") + key + QStringLiteral("` (oups)\n");
        const SecretScan scan = scanForPrivateKeys(text);
        QCOMPARE(scan.lines, QList<int>{1});
        QCOMPARE(scan.masked,
                 QStringLiteral("Ma clé `") + kMaskedKey + QStringLiteral("` (oups)\n"));
    }

    void aKubeconfigClientKeyIsMasked()
    {
        QFile f(QStringLiteral(SCHEDLAB_TEST_DATA "/keys/id_rsa_pem"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString encoded = QString::fromLatin1(f.readAll().toBase64());
        const QString text = QStringLiteral("users:\n- name: kim\n  user:\n    client-key-data: ") +
                             encoded + QStringLiteral("\n    token: abc\n");
        const SecretScan scan = scanForPrivateKeys(text);
        QCOMPARE(scan.lines, QList<int>{4});
        QCOMPARE(scan.masked,
                 QStringLiteral("users:\n- name: kim\n  user:\n    client-key-data: ") +
                     kMaskedKey + QStringLiteral("\n    token: abc\n"));
    }

    void publicKeysAndFingerprintsAreLeftAlone()
    {
        QString text = QStringLiteral("# Accès\n\n");
        const QStringList publics = {
            QStringLiteral("id_ed25519.pub"),     QStringLiteral("id_rsa.pub"),
            QStringLiteral("id_ecdsa521.pub"),    QStringLiteral("id_dsa_pem.pub"),
            QStringLiteral("id_rsa_rfc4716.pub"),
        };
        for (const QString &file : publics)
            text += QStringLiteral("```\n") + keyFile(file) + QStringLiteral("```\n\n");
        text += keyFile(QStringLiteral("fingerprints.txt"));
        text += keyFile(QStringLiteral("fingerprints-md5.txt"));
        text += keyFile(QStringLiteral("randomart.txt"));
        // An editor that wraps long lines at 70 columns cuts the RSA public key into a run
        // of lines a PEM body would have.
        const QString rsa = keyFile(QStringLiteral("id_rsa.pub")).trimmed();
        for (qsizetype at = 0; at < rsa.size(); at += 70)
            text += u'\n' + rsa.mid(at, 70);
        text += QStringLiteral("\n> ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIPWnhh8Rvxj4vqLXF5izgXBl"
                               "AHcBcLosholuYnRkbs3O test\n");
        const SecretScan scan = scanForPrivateKeys(text);
        QVERIFY(!scan.found());
        QCOMPARE(scan.masked, text);
    }

    void wordsThatLookLikeBase64AreLeftAlone()
    {
        const QString text = QStringLiteral(
            "Titre\n"
            "======================================================================\n"
            "======================================================================\n"
            "======================================================================\n"
            "Ne collez jamais le fichier qui commence par `-----BEGIN OPENSSH PRIVATE "
            "KEY-----`.\n"
            "Ce marqueur :\n\n-----BEGIN OPENSSH PRIVATE KEY-----\n\nest celui d'une clé "
            "privée.\n"
            "Anticonstitutionnellementanticonstitutionnellementanticonstitutionnel\n"
            "Anticonstitutionnellementanticonstitutionnellementanticonstitutionnel\n"
            "Anticonstitutionnellementanticonstitutionnellementanticonstitutionnel\n"
            "Un fichier PuTTY commence par « PuTTY-User-Key-File-3: » mais je n'en ai pas.\n"
            "Merci\n");
        const SecretScan scan = scanForPrivateKeys(text);
        QVERIFY(!scan.found());
        QCOMPARE(scan.masked, text);
    }

    void emptyTextHasNoKey()
    {
        const SecretScan scan = scanForPrivateKeys(QString());
        QVERIFY(!scan.found());
        QCOMPARE(scan.masked, QString());
    }
};

QTEST_GUILESS_MAIN(TestSecrets)
#include "tst_secrets.moc"
