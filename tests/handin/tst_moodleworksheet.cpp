// Moodle's grading worksheet read and written back: the exact layout Moodle exports (BOM,
// PHP's quoting, LF) and a French one re-saved by a spreadsheet (';', Windows-1252, CRLF),
// every byte kept but the grades (and feedback), scaled to each row's maximum grade, refused
// while criteria await review unless allowed.
#include "moodleworksheet.h"

#include <QFile>
#include <QtTest>

using namespace schedlab::handin;

namespace {

QByteArray testData(const QString &name)
{
    QFile f(QStringLiteral(SCHEDLAB_TEST_DATA "/") + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing test data %s", qPrintable(name));
    return f.readAll();
}

MoodleWorksheet worksheet(const QString &name)
{
    const WorksheetRead read = parseMoodleWorksheet(testData(name), name);
    if (!read.worksheet)
        qFatal("%s", qPrintable(read.error));
    return *read.worksheet;
}

WorksheetGrade grade(const QString &id, double total20, int toReview = 0,
                     const QString &feedback = QString())
{
    WorksheetGrade g;
    g.participantId = id;
    g.who = QStringLiteral("student %1").arg(id);
    g.fraction = total20 / 20.0;
    g.toReview = toReview;
    g.feedback = feedback;
    return g;
}

// Every field's bytes in `after` equal those in `before`, except the columns listed.
void compareFieldBytes(const QByteArray &before, const QByteArray &after,
                       const QList<int> &changedColumns, QList<QStringList> *changed)
{
    const CsvRead a = readCsv(before, QStringLiteral("before"));
    const CsvRead b = readCsv(after, QStringLiteral("after"));
    QVERIFY2(a.ok() && b.ok(), qPrintable(a.error + b.error));
    QCOMPARE(b.document->dialect, a.document->dialect);
    QCOMPARE(b.document->records.size(), a.document->records.size());
    for (qsizetype r = 0; r < a.document->records.size(); ++r) {
        const QList<CsvField> &fa = a.document->records[r].fields;
        const QList<CsvField> &fb = b.document->records[r].fields;
        QCOMPARE(fb.size(), fa.size());
        QStringList row;
        for (qsizetype c = 0; c < fa.size(); ++c) {
            const QByteArray rawA = before.mid(fa[c].begin, fa[c].end - fa[c].begin);
            const QByteArray rawB = after.mid(fb[c].begin, fb[c].end - fb[c].begin);
            if (!changedColumns.contains(int(c)))
                QCOMPARE(rawB, rawA);
            row << fb[c].value;
        }
        *changed << row;
    }
}

} // namespace

class TestMoodleWorksheet : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsMoodlesExport()
    {
        const MoodleWorksheet w = worksheet(QStringLiteral("moodle-worksheet-en.csv"));
        QCOMPARE(w.idColumn, 0);
        QCOMPARE(w.nameColumn, 1);
        QCOMPARE(w.gradeColumn, 4);
        QCOMPARE(w.maxColumn, 5);
        QCOMPARE(w.canChangeColumn, 6);
        QCOMPARE(w.gradeModifiedColumn, 9);
        QCOMPARE(w.feedbackColumn, 10);
        QCOMPARE(w.decimal, QChar(u'.'));
        QVERIFY(w.document.dialect.bom);
        QCOMPARE(w.document.dialect.quoting, CsvQuoting::MinimalOrSpaces);
        QCOMPARE(w.document.dialect.lineEnding, QByteArray("\n"));
        QCOMPARE(w.rows.size(), 4);
        QCOMPARE(w.rows[0].participantId, QStringLiteral("1201"));
        QCOMPARE(w.rows[1].fullName, QStringLiteral("Élodie N'Diaye"));
        QCOMPARE(w.rows[1].maxGrade, std::optional<double>(100));
        QVERIFY(!w.rows[3].gradeCanChange);
        QCOMPARE(w.rows[3].line, 5);
    }

    void writtenBackKeepingEveryOtherByte()
    {
        const MoodleWorksheet w = worksheet(QStringLiteral("moodle-worksheet-en.csv"));
        const WorksheetWrite out = fillMoodleWorksheet(
            w, {grade(QStringLiteral("1201"), 15.5), grade(QStringLiteral("1202"), 12),
                grade(QStringLiteral("1204"), 20), grade(QStringLiteral("9999"), 10)});
        QVERIFY2(out.bytes, qPrintable(out.error));
        QCOMPARE(out.graded, 2);
        QCOMPARE(out.notHandedIn,
                 QStringList{QStringLiteral("Jean Pierre Martin (Participant 1203)")});
        QCOMPARE(out.locked, QStringList{QStringLiteral("Zoé Lefèvre (Participant 1204)")});
        QCOMPARE(out.notInWorksheet, QStringList{QStringLiteral("student 9999 (9999)")});
        QList<QStringList> rows;
        compareFieldBytes(testData(QStringLiteral("moodle-worksheet-en.csv")), *out.bytes, {4},
                          &rows);
        QCOMPARE(rows[1][4], QStringLiteral("77.5")); // 15.5/20 of 100
        QCOMPARE(rows[2][4], QStringLiteral("60"));
        QCOMPARE(rows[3][4], QString()); // non rendu: left empty
        QVERIFY(out.bytes->startsWith("\xEF\xBB\xBFIdentifier,\"Full name\","));
        QVERIFY(out.bytes->contains("\n\"Participant 1201\",\"Camille Durand\","
                                    "camille.durand@etu.example.org,\"Submitted for grading\","
                                    "77.5,100.00,Yes,"));
        QVERIFY(!out.bytes->contains('\r'));
        // Nothing changed but the grades: the same length give or take their digits.
        QCOMPARE(out.bytes->size(), testData(QStringLiteral("moodle-worksheet-en.csv")).size() +
                                        4 /* 77.5 */ + 2 - 5 /* 60 for 12.00 */);
    }

    void feedbackWrittenWhenAsked()
    {
        const MoodleWorksheet w = worksheet(QStringLiteral("moodle-worksheet-en.csv"));
        WorksheetOptions options;
        options.writeFeedback = true;
        const WorksheetWrite out =
            fillMoodleWorksheet(w,
                                {grade(QStringLiteral("1201"), 15.5, 0,
                                       QStringLiteral("Total : 15,5/20 — ex1 4/5 <b>"))},
                                options);
        QVERIFY2(out.bytes, qPrintable(out.error));
        QList<QStringList> rows;
        compareFieldBytes(testData(QStringLiteral("moodle-worksheet-en.csv")), *out.bytes, {4, 10},
                          &rows);
        // Moodle keeps comments as HTML: the text goes in escaped.
        QCOMPARE(rows[1][10], QStringLiteral("Total : 15,5/20 — ex1 4/5 &lt;b&gt;"));
        QCOMPARE(rows[2][10], QStringLiteral("<p>Ancien commentaire</p>")); // not graded: kept
        QVERIFY(out.bytes->contains(",\"Total : 15,5/20 — ex1 4/5 &lt;b&gt;\"\n"));
    }

    void frenchWindows1252Worksheet()
    {
        const QByteArray before = testData(QStringLiteral("moodle-worksheet-fr-1252.csv"));
        const MoodleWorksheet w = worksheet(QStringLiteral("moodle-worksheet-fr-1252.csv"));
        QCOMPARE(w.document.dialect.encoding, CsvEncoding::Windows1252);
        QCOMPARE(w.document.dialect.separator, QChar(u';'));
        QCOMPARE(w.document.dialect.lineEnding, QByteArray("\r\n"));
        QVERIFY(!w.document.dialect.bom);
        QCOMPARE(w.decimal, QChar(u','));
        QCOMPARE(w.gradeColumn, 5);
        QCOMPARE(w.maxColumn, 6);
        QCOMPARE(w.feedbackColumn, 10);
        QCOMPARE(w.rows[1].fullName, QStringLiteral("François Œuvray"));
        WorksheetOptions options;
        options.writeFeedback = true;
        const WorksheetWrite out = fillMoodleWorksheet(
            w,
            {grade(QStringLiteral("31"), 15.5, 0, QStringLiteral("Très bien — Œuvre")),
             grade(QStringLiteral("32"), 20)},
            options);
        QVERIFY2(out.bytes, qPrintable(out.error));
        QCOMPARE(out.notHandedIn, QStringList{QStringLiteral("Chloé Bérard (Participant 33)")});
        QList<QStringList> rows;
        compareFieldBytes(before, *out.bytes, {5, 10}, &rows);
        QCOMPARE(rows[1][5], QStringLiteral("15,5")); // 15.5/20 of 20, decimal comma
        QCOMPARE(rows[2][5], QStringLiteral("20"));
        QCOMPARE(rows[1][10], QStringLiteral("Très bien — Œuvre"));
        QCOMPARE(rows[1][4], QStringLiteral("TD 2")); // a column Moodle does not write: kept
        // Still Windows-1252: "Très" is 54 72 E8 73, "Œ" is 8C.
        QVERIFY(out.bytes->contains("Participant 31;Am\xE9lie Dupr\xE9;"));
        QVERIFY(out.bytes->contains(";15,5;20,00;Oui;"));
        QVERIFY(out.bytes->contains(";Tr\xE8s bien \x97 \x8C"
                                    "uvre\r\n"));
        QVERIFY(!isValidUtf8(*out.bytes));
    }

    void pendingReviewRefusedThenAllowed()
    {
        const MoodleWorksheet w = worksheet(QStringLiteral("moodle-worksheet-en.csv"));
        const QList<WorksheetGrade> grades{grade(QStringLiteral("1201"), 15.5, 2),
                                           grade(QStringLiteral("1202"), 10)};
        const WorksheetWrite refused = fillMoodleWorksheet(w, grades);
        QVERIFY(!refused.bytes);
        QVERIFY2(refused.error.contains(QStringLiteral("moodle-worksheet-en.csv")) &&
                     refused.error.contains(QStringLiteral("Camille Durand (Participant 1201)")) &&
                     !refused.error.contains(QStringLiteral("1202")),
                 qPrintable(refused.error));
        WorksheetOptions allow;
        allow.allowPending = true;
        const WorksheetWrite allowed = fillMoodleWorksheet(w, grades, allow);
        QVERIFY2(allowed.bytes, qPrintable(allowed.error));
        QCOMPARE(allowed.graded, 2);
    }

    void scaledToEachRowsMaximum()
    {
        const MoodleWorksheet en = worksheet(QStringLiteral("moodle-worksheet-en.csv"));
        const MoodleWorksheet fr = worksheet(QStringLiteral("moodle-worksheet-fr-1252.csv"));
        for (const auto &[total, on100, on20] :
             {std::tuple{20.0, "100", "20"}, std::tuple{13.37, "66.85", "13,37"},
              std::tuple{0.0, "0", "0"}, std::tuple{25.0, "100", "20"}}) {
            const WorksheetWrite a =
                fillMoodleWorksheet(en, {grade(QStringLiteral("1201"), total)});
            const WorksheetWrite b = fillMoodleWorksheet(fr, {grade(QStringLiteral("31"), total)});
            QVERIFY(a.bytes && b.bytes);
            QVERIFY2(
                a.bytes->contains(QByteArray(",\"Submitted for grading\",") + on100 + ",100.00,"),
                on100);
            QVERIFY2(b.bytes->contains(QByteArray(";TD 2;") + on20 + ";20,00;"), on20);
        }
    }

    void gradesFromTheClassSummary()
    {
        ClassSummary s;
        s.exercises = QStringList{QStringLiteral("ex1"), QStringLiteral("ex2")};
        s.maxima = QList<double>{10, 10};
        SummaryRow handedIn;
        handedIn.identity.lmsParticipantId = QStringLiteral("1201");
        handedIn.identity.lmsFullName = QStringLiteral("Camille Durand");
        handedIn.scores = {7.5, std::nullopt};
        handedIn.total20 = 7.5;
        handedIn.toReview = 1;
        SummaryRow nothing;
        nothing.identity.lmsParticipantId = QStringLiteral("1203");
        nothing.scores = {std::nullopt, std::nullopt};
        SummaryRow noLms;
        noLms.scores = {5.0, 5.0};
        s.rows = {handedIn, nothing, noLms};
        const QList<WorksheetGrade> grades = worksheetGrades(s);
        QCOMPARE(grades.size(), 1);
        QCOMPARE(grades[0].participantId, QStringLiteral("1201"));
        QCOMPARE(grades[0].who, QStringLiteral("Camille Durand"));
        QCOMPARE(grades[0].fraction, 7.5 / 20);
        QCOMPARE(grades[0].toReview, 1);
        QCOMPARE(grades[0].feedback, QStringLiteral("Total : 7,5/20 — ex1 7,5/10 ; ex2 non rendu"));
    }

    void notAWorksheet()
    {
        WorksheetRead read =
            parseMoodleWorksheet("nom;note\r\nA;1\r\n", QStringLiteral("notes.csv"));
        QVERIFY(!read.worksheet);
        QVERIFY2(read.error.startsWith(QStringLiteral("notes.csv:1: ")) &&
                     read.error.contains(QStringLiteral("Maximum Grade")),
                 qPrintable(read.error));
        read = parseMoodleWorksheet("Identifier,Grade,Scale\nParticipant 1,,\"A\nB\"\n",
                                    QStringLiteral("scale.csv"));
        QVERIFY2(read.error.contains(QStringLiteral("scale")), qPrintable(read.error));
        read = parseMoodleWorksheet(
            "Identifier,Grade,Maximum Grade\nParticipant 1,,100.00\nParticipant 2,100.00\n",
            QStringLiteral("short.csv"));
        QVERIFY2(read.error.startsWith(QStringLiteral("short.csv:3: ")), qPrintable(read.error));
        read = parseMoodleWorksheet("Identifier,Grade,Maximum Grade\nnobody,,100.00\n",
                                    QStringLiteral("id.csv"));
        QVERIFY2(read.error.startsWith(QStringLiteral("id.csv:2: ")), qPrintable(read.error));
    }

    void identifierFoundByItsValuesInAnotherLanguage()
    {
        const WorksheetRead read = parseMoodleWorksheet(
            "Kennung,Note,Note maximale\nTeilnehmer/in 5,,20,00\n", QStringLiteral("de.csv"));
        QVERIFY(!read.worksheet); // "Teilnehmer/in 5" is not one word and digits
        const WorksheetRead read2 = parseMoodleWorksheet(
            "Kennung;Note;Note maximale\nTeilnehmer 5;;20,00\n", QStringLiteral("de.csv"));
        QVERIFY2(read2.worksheet, qPrintable(read2.error));
        QCOMPARE(read2.worksheet->idColumn, 0);
        QCOMPARE(read2.worksheet->rows[0].participantId, QStringLiteral("5"));
    }
};

QTEST_GUILESS_MAIN(TestMoodleWorksheet)
#include "tst_moodleworksheet.moc"
