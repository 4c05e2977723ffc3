// Qt's own dialogs speak French in the French interface: the translations Debian ships in
// qt6-translations-l10n and libqscintilla2-qt6-l10n are found and installed by the app.
#include "codeeditor.h"
#include "language.h"

#include <Qsci/qscicommandset.h>

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QLabel>
#include <QLibraryInfo>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QTranslator>
#include <QtTest>

#include <memory>

using namespace schedlab::gui;

namespace {

// A button's or label's words as the student reads them: no mnemonic ampersand, and French's
// no-break space before a colon (Qt 6.8's translations write it) read as a space.
QString shown(QString text)
{
    return text.remove(u'&').replace(QChar(0x00A0), u' ').replace(QChar(0x202F), u' ');
}

} // namespace

class TestQtTranslations : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // No skip when a file is missing: a machine without the packages is the bug this catches.
    void initTestCase()
    {
        const QDir translations(QLibraryInfo::path(QLibraryInfo::TranslationsPath));
        QVERIFY2(translations.exists(QStringLiteral("qtbase_fr.qm")),
                 qPrintable(QStringLiteral("%1 is missing: install qt6-translations-l10n "
                                           "(scripts/install-deps.sh)")
                                .arg(translations.filePath(QStringLiteral("qtbase_fr.qm")))));
        QVERIFY2(translations.exists(QStringLiteral("qscintilla_fr.qm")),
                 qPrintable(QStringLiteral("%1 is missing: install libqscintilla2-qt6-l10n "
                                           "(scripts/install-deps.sh)")
                                .arg(translations.filePath(QStringLiteral("qscintilla_fr.qm")))));
        // As main() does when the student chose French.
        QCOMPARE(installTranslations(QStringLiteral("fr")), QStringLiteral("fr"));
    }

    void cleanupTestCase()
    {
        for (QTranslator *t : QCoreApplication::instance()->findChildren<QTranslator *>())
            QCoreApplication::removeTranslator(t);
    }

    void messageBoxSaysOuiNon()
    {
        QMessageBox box(QMessageBox::Question, QStringLiteral("SchedLab"),
                        QStringLiteral("Question"), QMessageBox::Yes | QMessageBox::No);
        QCOMPARE(shown(box.button(QMessageBox::Yes)->text()), QStringLiteral("Oui"));
        QCOMPARE(shown(box.button(QMessageBox::No)->text()), QStringLiteral("Non"));
    }

    void buttonBoxSaysAnnuler()
    {
        QDialogButtonBox buttons(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
        QCOMPARE(shown(buttons.button(QDialogButtonBox::Cancel)->text()),
                 QStringLiteral("Annuler"));
    }

    void fileDialogLabelsAreFrench()
    {
        QFileDialog dialog(nullptr, QStringLiteral("SchedLab"), QDir::tempPath());
        dialog.setOption(QFileDialog::DontUseNativeDialog);
        dialog.setAcceptMode(QFileDialog::AcceptOpen);
        dialog.show();
        auto *lookIn = dialog.findChild<QLabel *>(QStringLiteral("lookInLabel"));
        auto *fileName = dialog.findChild<QLabel *>(QStringLiteral("fileNameLabel"));
        auto *fileType = dialog.findChild<QLabel *>(QStringLiteral("fileTypeLabel"));
        QVERIFY(lookIn && fileName && fileType);
        QCOMPARE(shown(lookIn->text()), QStringLiteral("Voir dans :"));
        QCOMPARE(shown(fileName->text()), QStringLiteral("Nom de fichier :"));
        QCOMPARE(shown(fileType->text()), QStringLiteral("Fichiers de type :"));
        auto *box = dialog.findChild<QDialogButtonBox *>(QStringLiteral("buttonBox"));
        QVERIFY(box);
        QCOMPARE(shown(box->button(QDialogButtonBox::Cancel)->text()), QStringLiteral("Annuler"));
        QCOMPARE(shown(box->button(QDialogButtonBox::Open)->text()), QStringLiteral("Ouvrir"));
    }

    // The editor's right-click menu is QScintilla's own; its commands are named in its catalogue.
    void editorMenuIsFrench()
    {
        CodeEditor editor(QStringLiteral("sommeil.sbatch"));
        QCOMPARE(editor.standardCommands()->find(QsciCommand::Paste)->description(),
                 QStringLiteral("Coller"));
        std::unique_ptr<QMenu> menu(editor.createStandardContextMenu());
        QVERIFY(menu);
        QStringList texts;
        for (QAction *action : menu->actions())
            if (!action->isSeparator())
                texts << shown(action->text());
        QVERIFY2(texts.contains(QStringLiteral("Annuler")), qPrintable(texts.join(u'|')));
        QVERIFY2(texts.contains(QStringLiteral("Coller")), qPrintable(texts.join(u'|')));
    }
};

QTEST_MAIN(TestQtTranslations)
#include "tst_qttranslations.moc"
