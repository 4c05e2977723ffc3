// Lesson parsing. A block is a fenced code block whose info string starts with
// "schedlab-"; its body is YAML (a Run block's body is command lines). Everything else is
// Markdown, passed through untouched.
#include "lesson.h"

#include "yamlload.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <yaml-cpp/yaml.h>

namespace schedlab::gui {

namespace {

QString lessonTr(const char *text)
{
    return QCoreApplication::translate("Lesson", text);
}

struct Fence
{
    QString info;     // "schedlab-run"
    QStringList body; // the lines inside
    int line = 0;     // of the opening fence
};

QString scalar(const YAML::Node &node, const char *key)
{
    const YAML::Node value = node[key];
    return value && value.IsScalar() ? QString::fromStdString(value.as<std::string>()) : QString();
}

QStringList stringList(const YAML::Node &node)
{
    QStringList list;
    if (node && node.IsSequence())
        for (const auto &item : node)
            list.append(QString::fromStdString(item.as<std::string>()));
    else if (node && node.IsScalar())
        list.append(QString::fromStdString(node.as<std::string>()));
    return list;
}

// A concept as in a rubric: a list of patterns, or {patterns, negated, neutral}.
grader::Concept conceptOf(const QString &name, const YAML::Node &node)
{
    grader::Concept c;
    c.name = name;
    if (node.IsMap()) {
        c.patterns = stringList(node["patterns"]);
        c.negatedPatterns = stringList(node["negated"]);
        c.anyPolarity = node["neutral"] && node["neutral"].as<bool>();
    } else {
        c.patterns = stringList(node);
    }
    return c;
}

// `problemLine` receives the file line a problem is on, when it is not the fence's.
bool fillBlock(LessonBlock &block, const Fence &fence, QString *problem, int *problemLine)
{
    const QString kind = fence.info.section(u' ', 0, 0);
    if (kind == QLatin1String("schedlab-run")) {
        block.kind = LessonBlock::Kind::Run;
        block.label = lessonTr(QT_TRANSLATE_NOOP("Lesson", "Run in the terminal"));
        for (const QString &line : fence.body) {
            if (line.startsWith(QLatin1String("# label:")))
                block.label = line.mid(8).trimmed();
            else if (!line.trimmed().isEmpty())
                block.commands.append(line.trimmed());
        }
        if (block.commands.isEmpty())
            *problem =
                lessonTr(QT_TRANSLATE_NOOP("Lesson", "a schedlab-run block has no command line"));
        return problem->isEmpty();
    }
    // Lessons can come from a folder given on the command line: the guarded loader.
    const YamlLoad load =
        loadYaml((fence.body.join(u'\n') + u'\n').toUtf8(), QString(), fence.line + 1);
    if (!load.ok()) {
        *problemLine = load.line > 0 ? load.line : fence.line;
        *problem = lessonTr(QT_TRANSLATE_NOOP("Lesson", "invalid YAML: %1")).arg(load.problem);
        return false;
    }
    const YAML::Node yaml = load.root;
    if (!yaml.IsMap()) {
        *problem = lessonTr(QT_TRANSLATE_NOOP(
                                "Lesson", "the body of %1 must be YAML keys (file:, label:, ...)"))
                       .arg(kind);
        return false;
    }
    block.label = scalar(yaml, "label");
    if (kind == QLatin1String("schedlab-scenario")) {
        block.kind = LessonBlock::Kind::Scenario;
        block.file = scalar(yaml, "file");
        if (block.label.isEmpty())
            block.label = lessonTr(QT_TRANSLATE_NOOP("Lesson", "Play the scenario"));
    } else if (kind == QLatin1String("schedlab-open")) {
        block.kind = LessonBlock::Kind::Open;
        block.file = scalar(yaml, "file");
        block.content = scalar(yaml, "content");
        if (block.label.isEmpty())
            block.label =
                lessonTr(QT_TRANSLATE_NOOP("Lesson", "Open %1 in the editor")).arg(block.file);
    } else if (kind == QLatin1String("schedlab-check")) {
        block.kind = LessonBlock::Kind::Check;
        block.question = scalar(yaml, "question");
        for (const auto &entry : yaml["concepts"])
            block.concepts.append(
                conceptOf(QString::fromStdString(entry.first.as<std::string>()), entry.second));
        block.require = stringList(yaml["require"]);
        if (block.require.isEmpty())
            for (const grader::Concept &c : block.concepts)
                block.require.append(c.name);
        block.right = scalar(yaml, "right");
        block.wrong = scalar(yaml, "wrong");
        if (block.label.isEmpty())
            block.label = lessonTr(QT_TRANSLATE_NOOP("Lesson", "Check my answer"));
        if (block.question.isEmpty() || block.concepts.isEmpty())
            *problem = lessonTr(QT_TRANSLATE_NOOP(
                "Lesson", "a schedlab-check block needs a question and concepts"));
        for (const QString &name : std::as_const(block.require)) {
            bool known = false;
            for (const grader::Concept &c : block.concepts)
                known = known || c.name == name;
            if (!known)
                *problem =
                    lessonTr(QT_TRANSLATE_NOOP("Lesson", "require: names an unknown concept '%1'"))
                        .arg(name);
        }
        return problem->isEmpty();
    } else {
        *problem = lessonTr(QT_TRANSLATE_NOOP("Lesson", "unknown block '%1'")).arg(kind);
        return false;
    }
    if (block.file.isEmpty() || block.file.contains(QLatin1String("..")) ||
        block.file.startsWith(u'/'))
        *problem =
            lessonTr(QT_TRANSLATE_NOOP("Lesson", "%1 needs a file: inside the lesson's folders"))
                .arg(kind);
    return problem->isEmpty();
}

// Front matter: "---", "key: value" lines, "---".
bool readFrontMatter(const QStringList &lines, int *next, Lesson &lesson)
{
    if (lines.isEmpty() || lines.first().trimmed() != QLatin1String("---"))
        return false;
    for (int i = 1; i < lines.size(); ++i) {
        if (lines[i].trimmed() == QLatin1String("---")) {
            *next = i + 1;
            return true;
        }
        const QString key = lines[i].section(u':', 0, 0).trimmed();
        QString value = lines[i].section(u':', 1).trimmed();
        value = value.section(QLatin1String(" #"), 0, 0).trimmed(); // a trailing comment
        if (key == QLatin1String("title"))
            lesson.title = value;
        else if (key == QLatin1String("part"))
            lesson.part = value;
    }
    return false;
}

} // namespace

std::optional<Lesson> parseLesson(const QString &path, const QString &text, QString *error)
{
    Lesson lesson;
    lesson.path = path;
    lesson.id = QFileInfo(path).completeBaseName();
    const QStringList lines = text.split(u'\n');
    int i = 0;
    auto fail = [&](int line, const QString &problem) {
        *error = QStringLiteral("%1:%2: %3").arg(path).arg(line).arg(problem);
        return std::nullopt;
    };
    if (!readFrontMatter(lines, &i, lesson) || lesson.title.isEmpty())
        return fail(1, lessonTr(QT_TRANSLATE_NOOP(
                           "Lesson", "the lesson must open with a front matter giving its title")));
    if (lesson.part.isEmpty())
        lesson.part = QStringLiteral("module");
    QStringList markdown;
    int markdownLine = i + 1;
    auto flushMarkdown = [&] {
        if (!markdown.join(QString()).trimmed().isEmpty()) {
            LessonBlock text;
            text.line = markdownLine;
            text.markdown = markdown.join(u'\n');
            lesson.blocks.append(text);
        }
        markdown.clear();
    };
    for (; i < lines.size(); ++i) {
        const QString &line = lines[i];
        if (!line.startsWith(QLatin1String("```schedlab-"))) {
            if (markdown.isEmpty())
                markdownLine = i + 1;
            markdown.append(line);
            continue;
        }
        flushMarkdown();
        Fence fence{line.mid(3).trimmed(), {}, i + 1};
        for (++i; i < lines.size() && !lines[i].startsWith(QLatin1String("```")); ++i)
            fence.body.append(lines[i]);
        if (i >= lines.size())
            return fail(fence.line,
                        lessonTr(QT_TRANSLATE_NOOP("Lesson", "the block is never closed (```)")));
        LessonBlock block;
        block.line = fence.line;
        QString problem;
        int problemLine = fence.line;
        try {
            if (!fillBlock(block, fence, &problem, &problemLine))
                return fail(problemLine, problem);
        } catch (const YAML::Exception &e) {
            return fail(e.mark.line >= 0 ? fence.line + 1 + int(e.mark.line) : fence.line,
                        lessonTr(QT_TRANSLATE_NOOP("Lesson", "invalid YAML: %1"))
                            .arg(QString::fromStdString(e.msg)));
        }
        lesson.blocks.append(block);
    }
    flushMarkdown();
    return lesson;
}

QList<Lesson> loadLessons(const QString &dir, QStringList *errors)
{
    QList<Lesson> lessons;
    static const QRegularExpression numbered(QStringLiteral("^\\d\\d-.*\\.md$"));
    const QStringList files =
        QDir(dir).entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name);
    for (const QString &name : files) {
        if (!numbered.match(name).hasMatch())
            continue;
        const QString path = QDir(dir).filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) {
            errors->append(QStringLiteral("%1: %2").arg(path, f.errorString()));
            continue;
        }
        QString error;
        if (auto lesson = parseLesson(path, QString::fromUtf8(f.readAll()), &error))
            lessons.append(*lesson);
        else
            errors->append(error);
    }
    return lessons;
}

QString defaultLessonsDir()
{
    const QString installed =
        QCoreApplication::applicationDirPath() + QStringLiteral("/../share/schedlab/lessons");
    if (QFileInfo(installed).isDir())
        return QDir(installed).absolutePath();
    return QStringLiteral(SCHEDLAB_SOURCE_LESSONS);
}

CheckVerdict checkAnswer(const LessonBlock &check, const QString &answer)
{
    CheckVerdict verdict;
    const grader::TextMatcher matcher(answer);
    for (const QString &name : check.require) {
        for (const grader::Concept &c : check.concepts) {
            if (c.name == name && !matcher.match(c).found)
                verdict.missing.append(name);
        }
    }
    verdict.right = verdict.missing.isEmpty() && !answer.trimmed().isEmpty();
    return verdict;
}

} // namespace schedlab::gui
