// The names of Moodle's "Download all submissions" read back (both layouts, online text,
// names with underscores and accents), and feedback-upload names that Moodle's importer
// attaches to the right participant.
#include "moodlenames.h"

#include <QtTest>

using namespace schedlab::handin;

class TestMoodleNames : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void downloadNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("fullName");
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("plugin");
        QTest::addColumn<QString>("rest");
        QTest::newRow("folder, Moodle 3.1-4.0")
            << QStringLiteral("Camille Durand_1201_assignsubmission_file_")
            << QStringLiteral("Camille Durand") << QStringLiteral("1201") << QStringLiteral("file")
            << QString();
        QTest::newRow("folder, Moodle 4.1+")
            << QStringLiteral("Camille Durand_1201_assignsubmission_file")
            << QStringLiteral("Camille Durand") << QStringLiteral("1201") << QStringLiteral("file")
            << QString();
        QTest::newRow("flat") << QStringLiteral(
                                     "Camille Durand_1201_assignsubmission_file_hand-in.zip")
                              << QStringLiteral("Camille Durand") << QStringLiteral("1201")
                              << QStringLiteral("file") << QStringLiteral("hand-in.zip");
        QTest::newRow("flat, file with underscores")
            << QStringLiteral("Camille Durand_1201_assignsubmission_file_mon_rendu_v2.zip")
            << QStringLiteral("Camille Durand") << QStringLiteral("1201") << QStringLiteral("file")
            << QStringLiteral("mon_rendu_v2.zip");
        QTest::newRow("online text")
            << QStringLiteral("Camille Durand_1201_assignsubmission_onlinetext_onlinetext.html")
            << QStringLiteral("Camille Durand") << QStringLiteral("1201")
            << QStringLiteral("onlinetext") << QStringLiteral("onlinetext.html");
        QTest::newRow("accents") << QStringLiteral("Élodie N'Diaye_1202_assignsubmission_file_")
                                 << QStringLiteral("Élodie N'Diaye") << QStringLiteral("1202")
                                 << QStringLiteral("file") << QString();
        QTest::newRow("underscore in the name")
            << QStringLiteral("Jean_Pierre Martin_1203_assignsubmission_file_rendu.zip")
            << QStringLiteral("Jean_Pierre Martin") << QStringLiteral("1203")
            << QStringLiteral("file") << QStringLiteral("rendu.zip");
        QTest::newRow("digits in the name")
            << QStringLiteral("Louis 14_7_assignsubmission_file_") << QStringLiteral("Louis 14")
            << QStringLiteral("7") << QStringLiteral("file") << QString();
    }

    void downloadNames()
    {
        QFETCH(QString, name);
        const std::optional<MoodleName> parsed = parseMoodleName(name);
        QVERIFY(parsed);
        QTEST(parsed->fullName, "fullName");
        QTEST(parsed->participantId, "id");
        QTEST(parsed->plugin, "plugin");
        QTEST(parsed->rest, "rest");
        QCOMPARE(parsed->pluginType, QStringLiteral("assignsubmission"));
    }

    void onlineTextIsRecognised()
    {
        const auto online =
            parseMoodleName(QStringLiteral("A B_1_assignsubmission_onlinetext_onlinetext.html"));
        QVERIFY(online && online->isOnlineText() && !online->isFile());
    }

    void otherNamesAreNotLmsNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("hand-in") << QStringLiteral("21004567-camille-durand.zip");
        QTest::newRow("plain") << QStringLiteral("hand-in.zip");
        QTest::newRow("macos") << QStringLiteral("__MACOSX");
        QTest::newRow("no id") << QStringLiteral("Camille_abc_assignsubmission_file_");
        QTest::newRow("no name") << QStringLiteral("_1201_assignsubmission_file_");
        QTest::newRow("unknown type") << QStringLiteral("Camille_1201_quiz_file_");
        QTest::newRow("no plugin") << QStringLiteral("Camille_1201_assignsubmission__x");
        QTest::newRow("empty") << QString();
    }

    void otherNamesAreNotLmsNames()
    {
        QFETCH(QString, name);
        QVERIFY(!parseMoodleName(name));
    }

    void paths()
    {
        auto p =
            parseMoodlePath(QStringLiteral("Camille Durand_1201_assignsubmission_file/sub/a.zip"));
        QVERIFY(p);
        QCOMPARE(p->participantId, QStringLiteral("1201"));
        QCOMPARE(p->rest, QStringLiteral("sub/a.zip"));
        p = parseMoodlePath(
            QStringLiteral("classe\\Zoé Lefèvre_1204_assignsubmission_file_\\a.zip"));
        QVERIFY(p);
        QCOMPARE(p->fullName, QStringLiteral("Zoé Lefèvre"));
        QCOMPARE(p->rest, QStringLiteral("a.zip"));
        QVERIFY(!parseMoodlePath(QStringLiteral("classe/etudiant/a.zip")));
    }

    void feedbackNamesReachTheirParticipant_data()
    {
        QTest::addColumn<QString>("fullName");
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QString>("expected");
        QTest::newRow("plain") << QStringLiteral("Camille Durand") << QStringLiteral("retour.md")
                               << QStringLiteral(
                                      "Camille Durand_1201_assignfeedback_file_retour.md");
        QTest::newRow("underscore in the name")
            << QStringLiteral("Jean_Pierre Martin") << QStringLiteral("retour.md")
            << QStringLiteral("Jean Pierre Martin_1201_assignfeedback_file_retour.md");
        QTest::newRow("underscore in the file")
            << QStringLiteral("Zoé Lefèvre") << QStringLiteral("retour_ex1.pdf")
            << QStringLiteral("Zoé Lefèvre_1201_assignfeedback_file_retour_ex1.pdf");
        QTest::newRow("hidden") << QStringLiteral(".~Bob") << QStringLiteral("r.md")
                                << QStringLiteral("Bob_1201_assignfeedback_file_r.md");
        QTest::newRow("separators") << QStringLiteral("A/B\\C: D") << QStringLiteral("x/r.md")
                                    << QStringLiteral("ABC D_1201_assignfeedback_file_r.md");
        QTest::newRow("no name") << QStringLiteral("___") << QStringLiteral("r.md")
                                 << QStringLiteral("Participant_1201_assignfeedback_file_r.md");
    }

    void feedbackNamesReachTheirParticipant()
    {
        QFETCH(QString, fullName);
        QFETCH(QString, fileName);
        const QString name = feedbackUploadName(fullName, QStringLiteral("1201"), fileName);
        QTEST(name, "expected");
        const std::optional<MoodleImportTarget> target = moodleImporterReading(name);
        QVERIFY2(target, qPrintable(name));
        QCOMPARE(target->participantId, QStringLiteral("1201"));
        QCOMPARE(target->pluginType, QStringLiteral("assignfeedback"));
        QCOMPARE(target->plugin, QStringLiteral("file"));
        QCOMPARE(target->fileName, fileName.section(u'/', -1));
        // What the download itself names reads back to the same participant.
        const auto back = parseMoodleName(name);
        QVERIFY(back);
        QCOMPARE(back->participantId, QStringLiteral("1201"));
    }

    void theImportersOwnReading()
    {
        // A name with an underscore is lost to Moodle's importer: why feedbackUploadName
        // replaces it.
        QVERIFY(
            !moodleImporterReading(QStringLiteral("Jean_Pierre_1201_assignfeedback_file_r.md")));
        QVERIFY(!moodleImporterReading(QStringLiteral(".hidden_1_assignfeedback_file_r.md")));
        const auto folder =
            moodleImporterReading(QStringLiteral("A B_12_assignsubmission_file/sub/r.md"));
        QVERIFY(folder);
        QCOMPARE(folder->participantId, QStringLiteral("12"));
        QCOMPARE(folder->fileName, QStringLiteral("/sub/r.md"));
        QVERIFY(feedbackUploadName(QStringLiteral("A"), QStringLiteral("12a"), QStringLiteral("r"))
                    .isEmpty());
        QVERIFY(feedbackUploadName(QStringLiteral("A"), QStringLiteral("12"), QString()).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestMoodleNames)
#include "tst_moodlenames.moc"
