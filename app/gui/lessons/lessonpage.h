// The lesson reader: the lesson's text with its blocks as buttons (run in the terminal,
// play a scenario, open a file, check yourself), and beside it the files the lesson opened,
// in editors saved as typed. The window connects the buttons to its terminal.
#pragma once

#include "lesson.h"

#include <QHash>
#include <QTimer>
#include <QWidget>

class QLabel;
class QPushButton;
class QScrollArea;
class QTabWidget;
class QVBoxLayout;

namespace schedlab::gui {

class CodeEditor;

class LessonPage : public QWidget
{
    Q_OBJECT

public:
    // `workDir`: the lessons' folder in the student's workspace (files and terminal).
    LessonPage(QList<Lesson> lessons, QString workDir, QWidget *parent = nullptr);

    const QList<Lesson> &lessons() const { return lessons_; }
    bool showLesson(const QString &id);
    QString currentLesson() const { return current_; }
    QString workDir() const { return workDir_; }
    // The buttons of the shown lesson, in order (for tests and keyboard users).
    QList<QPushButton *> actionButtons() const { return buttons_; }
    // Opens a lesson file in the editors, creating it with `content` if it does not exist.
    CodeEditor *openFile(const QString &file, const QString &content);
    CodeEditor *editor(const QString &file) const { return editors_.value(file); }
    bool saveAll();

Q_SIGNALS:
    void runCommands(const QStringList &commands, const QString &workDir);
    void playScenario(const QString &scenarioFile);
    void lessonRead(const QString &id); // the end of the lesson was reached
    void checkPassed(const QString &lessonId, int block);
    void problem(const QString &message);

private:
    QWidget *blockWidget(const LessonBlock &block, int index);
    QWidget *runWidget(const LessonBlock &block);
    QWidget *checkWidget(const LessonBlock &block, int index);
    QPushButton *addButton(const QString &text);
    void clearBlocks();
    void autosave();

    QList<Lesson> lessons_;
    QString workDir_;
    QString current_;
    QScrollArea *scroll_;
    QWidget *content_ = nullptr;
    QVBoxLayout *blocks_ = nullptr;
    QTabWidget *files_;
    QHash<QString, CodeEditor *> editors_;
    QList<QPushButton *> buttons_;
    QTimer savePause_;
    QTimer saveRetry_; // runs while a save has failed
};

} // namespace schedlab::gui
