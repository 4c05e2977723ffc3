// CSV as a spreadsheet opens it: the French dialect (BOM, ';', decimal comma), quoting,
// formula escaping, a legacy 8-bit file read and written back unchanged, and untrusted input
// refused with the file and line named.
#include "csv.h"
#include "report.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <unistd.h>

using namespace schedlab::handin;

class TestCsv : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void frenchDialectOpensInColumnsWithAccents()
    {
        const QByteArray bytes =
            writeCsv({{QStringLiteral("nom"), QStringLiteral("note")},
                      {QStringLiteral("Élodie"), formatDecimal(12.5, CsvLocale::French)}},
                     CsvDialect::french());
        QCOMPARE(bytes, QByteArray("\xEF\xBB\xBFnom;note\r\n\xC3\x89lodie;12,5\r\n"));
    }

    void englishDialectHasNoBomAndCommas()
    {
        const QByteArray bytes =
            writeCsv({{QStringLiteral("a,b"), QStringLiteral("12.5")}}, CsvDialect::english());
        QCOMPARE(bytes, QByteArray("\"a,b\",12.5\r\n"));
    }

    void decimals()
    {
        QCOMPARE(formatDecimal(12.5, CsvLocale::French), QStringLiteral("12,5"));
        QCOMPARE(formatDecimal(12.0, CsvLocale::French), QStringLiteral("12"));
        QCOMPARE(formatDecimal(12.346, CsvLocale::French), QStringLiteral("12,35"));
        QCOMPARE(formatDecimal(0.1 + 0.2, CsvLocale::English), QStringLiteral("0.3"));
        QCOMPARE(formatDecimal(15.75, CsvLocale::English), QStringLiteral("15.75"));
        QCOMPARE(formatDecimal(-0.001, CsvLocale::English), QStringLiteral("0"));
        QCOMPARE(parseDecimal(QStringLiteral("15,50")), std::optional<double>(15.5));
        QCOMPARE(parseDecimal(QStringLiteral("100.00")), std::optional<double>(100));
        QCOMPARE(parseDecimal(QStringLiteral("1\u00a0234,5")), std::optional<double>(1234.5));
        QCOMPARE(parseDecimal(QStringLiteral("-")), std::nullopt);
        QCOMPARE(parseDecimal(QStringLiteral("inf")), std::nullopt);
    }

    void quotesSeparatorsAndNewlinesRoundTrip()
    {
        const QList<QStringList> rows{
            {QStringLiteral("texte"), QStringLiteral("autre")},
            {QStringLiteral("Il a dit \"bonjour\""), QStringLiteral("a;b,c")},
            {QStringLiteral("ligne 1\nligne 2"), QString()},
            {QStringLiteral("fin"), QStringLiteral("x")}};
        for (const CsvDialect &dialect : {CsvDialect::french(), CsvDialect::english()}) {
            const QByteArray bytes = writeCsv(rows, dialect);
            const CsvRead read = readCsv(bytes, QStringLiteral("export.csv"));
            QVERIFY2(read.ok(), qPrintable(read.error));
            QCOMPARE(read.document->dialect.separator, dialect.separator);
            QCOMPARE(read.document->dialect.bom, dialect.bom);
            QCOMPARE(read.document->records.size(), 4);
            for (int i = 0; i < 4; ++i)
                QCOMPARE(read.document->records[i].values(), rows[i]);
            QCOMPARE(read.document->records[2].line, 3);
            QCOMPARE(read.document->records[3].line, 5); // the quoted line break counts
        }
        QVERIFY(
            writeCsv(rows, CsvDialect::french()).contains("\"Il a dit \"\"bonjour\"\"\";a;b,c") ==
            false);
        QVERIFY(writeCsv(rows, CsvDialect::french())
                    .contains("\"Il a dit \"\"bonjour\"\"\";\"a;b,c\""));
    }

    void cellsNeverStartAFormula_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("written");
        QTest::newRow("=") << QStringLiteral("=SUM(A1:A9)") << QStringLiteral("'=SUM(A1:A9)");
        QTest::newRow("+") << QStringLiteral("+33 6") << QStringLiteral("'+33 6");
        QTest::newRow("-") << QStringLiteral("-2+3") << QStringLiteral("'-2+3");
        QTest::newRow("@") << QStringLiteral("@cmd") << QStringLiteral("'@cmd");
        QTest::newRow("tab") << QStringLiteral("\t=1") << QStringLiteral("'\t=1");
        QTest::newRow("plain") << QStringLiteral("Camille") << QStringLiteral("Camille");
    }

    void cellsNeverStartAFormula()
    {
        QFETCH(QString, text);
        QFETCH(QString, written);
        const QByteArray bytes = writeCsv({{text, QStringLiteral("x")}}, CsvDialect::french());
        const CsvRead read = readCsv(bytes, QStringLiteral("export.csv"));
        QVERIFY2(read.ok(), qPrintable(read.error));
        QCOMPARE(read.document->records[0].fields[0].value, written);
    }

    void csvCellKeepsItsRuleWithAnotherSeparator()
    {
        using schedlab::grader::csvCell;
        QCOMPARE(csvCell(QStringLiteral("a;b")), QStringLiteral("a;b"));
        QCOMPARE(csvCell(QStringLiteral("a;b"), u';'), QStringLiteral("\"a;b\""));
        QCOMPARE(csvCell(QStringLiteral("a,b")), QStringLiteral("\"a,b\""));
        QCOMPARE(csvCell(QStringLiteral("=1"), u';'), QStringLiteral("'=1"));
    }

    void legacyEncodingRoundTrip()
    {
        // As a French Excel saves "CSV (séparateur: point-virgule)": Windows-1252, CRLF.
        const QString text =
            QStringLiteral("nom;ville;prix\r\nFrançois Œuvray;Besançon;12,5 €\r\n");
        const QByteArray bytes = encodeText(text, CsvEncoding::Windows1252);
        QCOMPARE(bytes.size(), text.size()); // one byte per character
        QVERIFY(bytes.contains('\x8C'));     // Œ
        QVERIFY(bytes.contains('\x80'));     // €
        const CsvDialect dialect = detectDialect(bytes);
        QCOMPARE(dialect.encoding, CsvEncoding::Windows1252);
        QCOMPARE(dialect.separator, QChar(u';'));
        QCOMPARE(dialect.lineEnding, QByteArray("\r\n"));
        QVERIFY(!dialect.bom);
        const CsvRead read = readCsv(bytes, dialect, QStringLiteral("notes.csv"));
        QVERIFY2(read.ok(), qPrintable(read.error));
        QCOMPARE(read.document->records[1].values(),
                 QStringList({QStringLiteral("François Œuvray"), QStringLiteral("Besançon"),
                              QStringLiteral("12,5 €")}));
        QList<QStringList> rows;
        for (const CsvRecord &r : read.document->records)
            rows << r.values();
        QCOMPARE(writeCsv(rows, dialect), bytes);
        // Every byte survives, even those Windows-1252 leaves unassigned.
        QByteArray all;
        for (int b = 0; b < 256; ++b)
            all += char(b);
        QCOMPARE(encodeText(decodeText(all, CsvEncoding::Windows1252), CsvEncoding::Windows1252),
                 all);
        QCOMPARE(encodeText(QStringLiteral("€ ✓"), CsvEncoding::Latin1), QByteArray("? ?"));
    }

    void detectsMoodlesQuotingAndOthers()
    {
        // PHP's fputcsv, as Moodle exports: fields with a space quoted, others not.
        const CsvDialect moodle = detectDialect(
            "\xEF\xBB\xBFIdentifier,\"Full name\",Status\n\"Participant 1\",\"A B\",x\n");
        QVERIFY(moodle.bom);
        QCOMPARE(moodle.quoting, CsvQuoting::MinimalOrSpaces);
        QCOMPARE(moodle.lineEnding, QByteArray("\n"));
        QCOMPARE(detectDialect("\"a\";\"b c\"\r\n\"1\";\"2\"\r\n").quoting, CsvQuoting::All);
        QCOMPARE(detectDialect("a b,c\n").quoting, CsvQuoting::Minimal);
        QCOMPARE(detectDialect("a\tb\tc\n1\t2\t3\n").separator, QChar(u'\t'));
        // A separator inside quotes does not count.
        QCOMPARE(detectDialect("\"a;b;c\",d,e\n").separator, QChar(u','));
        // Written back in the quoting it came in.
        CsvDialect all = CsvDialect::english();
        all.quoting = CsvQuoting::All;
        QCOMPARE(csvField(QStringLiteral("1"), all), QStringLiteral("\"1\""));
        QCOMPARE(csvField(QStringLiteral("a b"), moodle), QStringLiteral("\"a b\""));
        QCOMPARE(csvField(QStringLiteral("a b"), CsvDialect::english()), QStringLiteral("a b"));
    }

    void errorsNameTheFileAndLine()
    {
        CsvRead read = readCsv("a,b\n\"never closed\n", QStringLiteral("notes.csv"));
        QVERIFY(!read.ok());
        QVERIFY2(read.error.startsWith(QStringLiteral("notes.csv:2: ")), qPrintable(read.error));
        read = readCsv("a,b\nc,\"d\"e\n", QStringLiteral("notes.csv"));
        QVERIFY2(read.error.startsWith(QStringLiteral("notes.csv:2: ")), qPrintable(read.error));
        // A quote inside an unquoted field is text, as spreadsheets read it.
        read = readCsv("a,b\"c\n", QStringLiteral("notes.csv"));
        QVERIFY2(read.ok(), qPrintable(read.error));
        QCOMPARE(read.document->records[0].fields[1].value, QStringLiteral("b\"c"));
    }

    void untrustedInputIsCapped()
    {
        CsvLimits limits;
        limits.maxRows = 2;
        CsvRead read = readCsv("a\nb\nc\n", QStringLiteral("big.csv"), limits);
        QVERIFY(!read.ok());
        QVERIFY2(read.error.contains(QStringLiteral("big.csv")) &&
                     read.error.contains(QStringLiteral("2 rows")),
                 qPrintable(read.error));
        limits = CsvLimits();
        limits.maxBytes = 4;
        read = readCsv("a,b,c\n", QStringLiteral("big.csv"), limits);
        QVERIFY(!read.ok());
        limits = CsvLimits();
        limits.maxFields = 3;
        read = readCsv("a,b,c,d\n", QStringLiteral("wide.csv"), limits);
        QVERIFY2(read.error.startsWith(QStringLiteral("wide.csv:1: ")), qPrintable(read.error));
    }

    void aFileIsReadButNeverThroughALink()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("notes.csv"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("a;b\r\n1;2\r\n");
        f.close();
        const CsvRead read = readCsvFile(path);
        QVERIFY2(read.ok(), qPrintable(read.error));
        QCOMPARE(read.document->records.size(), 2);
        const QString link = dir.filePath(QStringLiteral("link.csv"));
        QVERIFY(::symlink(qPrintable(path), qPrintable(link)) == 0);
        const CsvRead viaLink = readCsvFile(link);
        QVERIFY(!viaLink.ok());
        QVERIFY2(viaLink.error.contains(QStringLiteral("link.csv")), qPrintable(viaLink.error));
    }

    void emptyLinesAreSkipped()
    {
        const CsvRead read = readCsv("a,b\n\n1,2\n\n", QStringLiteral("x.csv"));
        QVERIFY2(read.ok(), qPrintable(read.error));
        QCOMPARE(read.document->records.size(), 2);
        QCOMPARE(read.document->records[1].line, 3);
    }
};

QTEST_GUILESS_MAIN(TestCsv)
#include "tst_csv.moc"
