// A lesson as data: its title and part, and its text cut into Markdown and the interactive
// blocks of lessons/README.md (run a command, play a scenario, open a file, check
// yourself). No widgets: the reader, the tests and CI read lessons the same way.
#pragma once

#include "textmatch.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace schedlab::gui {

struct LessonBlock
{
    enum class Kind { Markdown, Run, Scenario, Open, Check };
    Kind kind = Kind::Markdown;
    int line = 0;         // where the block starts in the file (1-based)
    QString markdown;     // Markdown: the text
    QString label;        // the button's text (every interactive block has a default)
    QStringList commands; // Run
    QString file;         // Scenario: under scenarios/; Open: in the lesson's folder
    QString content;      // Open: the file's text when it does not exist yet
    // Check
    QString question;
    QList<grader::Concept> concepts;
    QStringList require;
    QString right, wrong;
};

struct Lesson
{
    QString id;    // the file's name without ".md": "01-ce-que-decide-l-ordonnanceur"
    QString path;  // the file
    QString title; // from the front matter
    QString part;  // "module" or "plus-loin"
    QList<LessonBlock> blocks;
};

// Reads one lesson; on failure `error` says "FILE:LINE: problem".
std::optional<Lesson> parseLesson(const QString &path, const QString &text, QString *error);
// Every NN-*.md of a folder, in file-name order; problems are collected, not fatal.
QList<Lesson> loadLessons(const QString &dir, QStringList *errors);
// The installed lessons, or the source tree's before installation.
QString defaultLessonsDir();

// A self-check's verdict on an answer: right when every required concept is found.
struct CheckVerdict
{
    bool right = false;
    QStringList missing; // required concepts not found
};
CheckVerdict checkAnswer(const LessonBlock &check, const QString &answer);

} // namespace schedlab::gui
