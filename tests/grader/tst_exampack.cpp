// schedlab-cli exam pack, as the instructor runs it: the real paper's statement, sheet, id and
// duration in one .schedlab-exam file, and nothing of its rubric (no criterion, no feedback,
// no concept pattern that the statement itself does not say); mistakes refused with a reason.
#include "../common/testfiles.h"
#include "rubric.h"
#include "textmatch.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace schedlab;
using schedlab::testing::runCli;
using schedlab::testing::writeFile;

namespace {

const QString kExamDir = QStringLiteral(SCHEDLAB_SOURCE_DIR "/instructor/examen");
const QString kPaperId = QStringLiteral("examen-ordonnancement-1");

QByteArray onDisk(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Accents, case and spacing aside, as the grader compares words.
QString folded(const QString &text)
{
    QString out;
    for (const QChar c : text.normalized(QString::NormalizationForm_D))
        if (c.category() != QChar::Mark_NonSpacing)
            out += c.toLower();
    return out.simplified();
}

} // namespace

class TestExamPack : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void thePaperHoldsTheStatementAndNotTheRubric()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("sujet.schedlab-exam"));
        const auto run =
            runCli({QStringLiteral("exam"), QStringLiteral("pack"), QStringLiteral("--rubric-dir"),
                    kExamDir, QStringLiteral("--id"), kPaperId, QStringLiteral("--duration"),
                    QStringLiteral("90"), QStringLiteral("--out"), out});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains(kPaperId.toUtf8()), run.out.constData());
        const QByteArray bytes = onDisk(out);
        const QString sha = QString::fromLatin1(
            QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
        QVERIFY2(run.out.contains(sha.toLatin1()), run.out.constData()); // said to the instructor

        const QJsonObject paper = QJsonDocument::fromJson(bytes).object();
        QCOMPARE(paper.value(QLatin1String("format")).toString(), QStringLiteral("schedlab-exam"));
        QCOMPARE(paper.value(QLatin1String("version")).toInt(), 1);
        QCOMPARE(paper.value(QLatin1String("id")).toString(), kPaperId);
        QCOMPARE(paper.value(QLatin1String("exercise")).toString(), QStringLiteral("examen"));
        QCOMPARE(paper.value(QLatin1String("title")).toString(), QStringLiteral("Examen écrit"));
        QCOMPARE(paper.value(QLatin1String("duration_minutes")).toInt(), 90);
        const QString statement =
            QString::fromUtf8(onDisk(kExamDir + QStringLiteral("/enonce.md")));
        const QString sheet = QString::fromUtf8(onDisk(kExamDir + QStringLiteral("/examen.md")));
        QCOMPARE(paper.value(QLatin1String("statement")).toString(), statement);
        const QJsonObject sheetObject = paper.value(QLatin1String("sheet")).toObject();
        QCOMPARE(sheetObject.value(QLatin1String("file")).toString(), QStringLiteral("examen.md"));
        QCOMPARE(sheetObject.value(QLatin1String("text")).toString(), sheet);

        // Nothing of the answer key: no criterion, no feedback sentence, and no concept pattern
        // beyond the words the statement itself uses.
        const auto load = grader::loadRubric(kExamDir + QStringLiteral("/rubric.yaml"));
        QVERIFY2(load.rubric, qPrintable(load.error));
        QString text = QString::fromUtf8(bytes);
        text.replace(QLatin1String("\\n"), QLatin1String("\n"))
            .replace(QLatin1String("\\\""), QLatin1String("\""));
        const QString file = folded(text);
        const QString publicText = folded(statement + u'\n' + sheet);
        QStringList keys = paper.keys();
        keys.sort();
        QCOMPARE(keys, (QStringList{QStringLiteral("duration_minutes"), QStringLiteral("exercise"),
                                    QStringLiteral("format"), QStringLiteral("id"),
                                    QStringLiteral("sheet"), QStringLiteral("statement"),
                                    QStringLiteral("title"), QStringLiteral("version")}));
        int alternatives = 0;
        for (const grader::Concept &idea : load.rubric->concepts)
            for (const QString &pattern : idea.patterns + idea.negatedPatterns)
                for (QString words : pattern.split(u'|')) {
                    words = folded(
                        words.replace(QLatin1String("..."), QLatin1String(" ")).remove(u'*'));
                    ++alternatives;
                    if (words.size() >= 3 && !publicText.contains(words))
                        QVERIFY2(!file.contains(words), qPrintable(words));
                }
        QVERIFY(alternatives > 100);
        for (const grader::Criterion &c : load.rubric->criteria) {
            QVERIFY2(!text.contains(c.id), qPrintable(c.id));
            QVERIFY2(!text.contains(c.passText), qPrintable(c.passText));
            QVERIFY2(!text.contains(c.failText), qPrintable(c.failText));
        }
    }

    void theDurationDefaultsToTheRubrics()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("sujet.schedlab-exam"));
        const auto run =
            runCli({QStringLiteral("exam"), QStringLiteral("pack"), QStringLiteral("--rubric-dir"),
                    kExamDir, QStringLiteral("--id"), kPaperId, QStringLiteral("--out"), out});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QCOMPARE(QJsonDocument::fromJson(onDisk(out))
                     .object()
                     .value(QLatin1String("duration_minutes"))
                     .toInt(),
                 60);
    }

    void mistakesAreRefusedWithAReason_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("said");
        const QString out = QStringLiteral("/tmp/never-written.schedlab-exam");
        QTest::newRow("another id than the rubric's")
            << QStringList{QStringLiteral("--rubric-dir"), kExamDir,
                           QStringLiteral("--id"),         QStringLiteral("autre"),
                           QStringLiteral("--out"),        out}
            << 1 << QStringLiteral("grades the paper examen-ordonnancement-1, not autre");
        QTest::newRow("no id") << QStringList{QStringLiteral("--rubric-dir"), kExamDir,
                                              QStringLiteral("--out"), out}
                               << 2 << QStringLiteral("--id and --out are required");
        QTest::newRow("an id that is a path")
            << QStringList{QStringLiteral("--rubric-dir"), kExamDir,
                           QStringLiteral("--id"),         QStringLiteral("../x"),
                           QStringLiteral("--out"),        out}
            << 2 << QStringLiteral("not a plain name");
        QTest::newRow("not a paper file name")
            << QStringList{QStringLiteral("--rubric-dir"), kExamDir,
                           QStringLiteral("--id"),         kPaperId,
                           QStringLiteral("--out"),        QStringLiteral("/tmp/x.json")}
            << 2 << QStringLiteral("must end in .schedlab-exam");
        QTest::newRow("a duration that is not minutes")
            << QStringList{QStringLiteral("--rubric-dir"), kExamDir,
                           QStringLiteral("--id"),         kPaperId,
                           QStringLiteral("--duration"),   QStringLiteral("demain"),
                           QStringLiteral("--out"),        out}
            << 1 << QStringLiteral("--duration demain is not a number of minutes");
        QTest::newRow("no rubric there")
            << QStringList{QStringLiteral("--rubric-dir"), QStringLiteral("/nonexistent"),
                           QStringLiteral("--id"),         kPaperId,
                           QStringLiteral("--out"),        out}
            << 1 << QStringLiteral("/nonexistent/rubric.yaml");
    }

    void mistakesAreRefusedWithAReason()
    {
        QFETCH(QStringList, args);
        QFETCH(int, status);
        QFETCH(QString, said);
        const auto run = runCli(QStringList{QStringLiteral("exam"), QStringLiteral("pack")} + args);
        QCOMPARE(run.exitCode, status);
        QVERIFY2(QString::fromUtf8(run.err).contains(said), run.err.constData());
        QVERIFY(!QFile::exists(QStringLiteral("/tmp/never-written.schedlab-exam")));
    }

    // A rubric that names no paper would never be matched at the release: said at once.
    void aRubricWithoutPaperIdIsRefused()
    {
        QTemporaryDir dir;
        const QString exam = dir.filePath(QStringLiteral("examen"));
        QByteArray rubric = onDisk(kExamDir + QStringLiteral("/rubric.yaml"));
        rubric.replace("paper_id: examen-ordonnancement-1", "");
        writeFile(exam + QStringLiteral("/rubric.yaml"), rubric);
        writeFile(exam + QStringLiteral("/enonce.md"),
                  onDisk(kExamDir + QStringLiteral("/enonce.md")));
        writeFile(exam + QStringLiteral("/examen.md"),
                  onDisk(kExamDir + QStringLiteral("/examen.md")));
        const auto run =
            runCli({QStringLiteral("exam"), QStringLiteral("pack"), QStringLiteral("--rubric-dir"),
                    exam, QStringLiteral("--id"), QStringLiteral("session-2"),
                    QStringLiteral("--out"), dir.filePath(QStringLiteral("s.schedlab-exam"))});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("names no paper: add the line `paper_id: session-2`"),
                 run.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestExamPack)
#include "tst_exampack.moc"
