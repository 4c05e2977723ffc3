// Reading rubric YAML with yaml-cpp, with errors that name the file and line.
#include "rubric.h"

#include "safefiles.h"
#include "submission.h"
#include "yamlload.h"

#include <QFileInfo>
#include <QSet>

#include <yaml-cpp/yaml.h>

#include <algorithm>

namespace schedlab::grader {

namespace {

struct RubricError
{
    int line;
    QString message;
};

QString str(const YAML::Node &node)
{
    return QString::fromStdString(node.as<std::string>());
}

int lineOf(const YAML::Node &node)
{
    return node.Mark().line + 1;
}

QVariant toVariant(const YAML::Node &node)
{
    switch (node.Type()) {
    case YAML::NodeType::Sequence: {
        QVariantList list;
        for (const YAML::Node &item : node)
            list << toVariant(item);
        return list;
    }
    case YAML::NodeType::Map: {
        QVariantMap map;
        for (const auto &entry : node)
            map.insert(str(entry.first), toVariant(entry.second));
        return map;
    }
    case YAML::NodeType::Scalar:
        return str(node);
    default:
        return QVariant();
    }
}

QStringList stringList(const YAML::Node &node, const char *what)
{
    if (!node)
        return {};
    if (node.IsScalar())
        return {str(node)};
    if (!node.IsSequence())
        throw RubricError{lineOf(node),
                          QStringLiteral("%1 must be a list").arg(QLatin1String(what))};
    QStringList out;
    for (const YAML::Node &item : node) {
        if (!item.IsScalar())
            throw RubricError{lineOf(item),
                              QStringLiteral("%1 must hold text").arg(QLatin1String(what))};
        out << str(item);
    }
    return out;
}

// "nom du job|nom du travail": alternatives of several words are whole phrases, so that
// an instructor can write them on one line; "min|minute" stays one word's alternatives.
QStringList expandPhraseAlternatives(const QStringList &patterns)
{
    QStringList out;
    for (const QString &pattern : patterns) {
        const QStringList parts = pattern.split(u'|');
        const bool phrases = std::any_of(parts.begin(), parts.end(), [](const QString &p) {
            return p.trimmed().contains(u' ');
        });
        if (!phrases) {
            out << pattern;
            continue;
        }
        for (const QString &part : parts)
            out << part.trimmed();
    }
    return out;
}

Concept conceptFromNode(const QString &name, const YAML::Node &node)
{
    if (!node.IsMap())
        throw RubricError{lineOf(node), QStringLiteral("concept %1 must be a map").arg(name)};
    Concept c;
    c.name = name;
    c.patterns = expandPhraseAlternatives(stringList(node["patterns"], "patterns"));
    c.negatedPatterns = expandPhraseAlternatives(stringList(node["negated"], "negated"));
    c.anyPolarity = node["neutral"] && node["neutral"].as<bool>();
    if (c.patterns.isEmpty() && c.negatedPatterns.isEmpty())
        throw RubricError{
            lineOf(node),
            QStringLiteral("concept %1 has no patterns and no negated patterns").arg(name)};
    return c;
}

const QSet<QString> &criterionKeys()
{
    static const QSet<QString> keys{QStringLiteral("id"),     QStringLiteral("title"),
                                    QStringLiteral("points"), QStringLiteral("check"),
                                    QStringLiteral("file"),   QStringLiteral("needs"),
                                    QStringLiteral("pass"),   QStringLiteral("fail")};
    return keys;
}

Criterion criterionFromNode(const YAML::Node &node)
{
    if (!node.IsMap())
        throw RubricError{lineOf(node), QStringLiteral("a criterion must be a map")};
    Criterion c;
    c.line = lineOf(node);
    for (const char *key : {"id", "points", "check", "pass", "fail"})
        if (!node[key])
            throw RubricError{c.line,
                              QStringLiteral("criterion without \"%1\"").arg(QLatin1String(key))};
    c.id = str(node["id"]);
    c.title = node["title"] ? str(node["title"]) : c.id;
    c.check = str(node["check"]);
    c.file = node["file"] ? str(node["file"]) : QString();
    c.needs = stringList(node["needs"], "needs");
    c.passText = str(node["pass"]);
    c.failText = str(node["fail"]);
    bool ok = false;
    c.points = str(node["points"]).toDouble(&ok);
    if (!ok || c.points < 0)
        throw RubricError{lineOf(node["points"]),
                          QStringLiteral("criterion %1: points must be a number >= 0").arg(c.id)};
    for (const auto &entry : node) {
        const QString key = str(entry.first);
        if (!criterionKeys().contains(key))
            c.params.insert(key, toVariant(entry.second));
    }
    return c;
}

Rubric rubricFromNode(const YAML::Node &root, const QString &path)
{
    if (!root.IsMap())
        throw RubricError{lineOf(root), QStringLiteral("a rubric must be a map")};
    Rubric r;
    r.path = path;
    if (!root["exercise"] || !root["criteria"])
        throw RubricError{1, QStringLiteral("a rubric needs \"exercise\" and \"criteria\"")};
    r.exercise = str(root["exercise"]);
    r.version = root["version"] ? root["version"].as<int>() : 1;
    r.title = root["title"] ? str(root["title"]) : r.exercise;
    r.files = stringList(root["files"], "files");
    if (root["scenario"])
        r.scenario = str(root["scenario"]);
    if (root["student_variants"])
        r.studentVariants = root["student_variants"].as<bool>();
    if (root["review_below"])
        r.reviewBelow = root["review_below"].as<double>();
    if (const YAML::Node minutes = root["exam_duration_minutes"]) {
        bool ok = false;
        r.examMinutes = minutes.IsScalar() ? str(minutes).toInt(&ok) : 0;
        if (!ok || r.examMinutes <= 0)
            throw RubricError{lineOf(minutes), QStringLiteral("exam_duration_minutes must be a "
                                                              "whole number of minutes above 0")};
    }
    if (const YAML::Node concepts = root["concepts"]) {
        if (!concepts.IsMap())
            throw RubricError{lineOf(concepts), QStringLiteral("concepts must be a map")};
        for (const auto &entry : concepts) {
            const QString name = str(entry.first);
            r.concepts.insert(name, conceptFromNode(name, entry.second));
        }
    }
    QSet<QString> seen;
    for (const YAML::Node &node : root["criteria"]) {
        Criterion c = criterionFromNode(node);
        if (seen.contains(c.id))
            throw RubricError{c.line, QStringLiteral("criterion %1 appears twice").arg(c.id)};
        seen.insert(c.id);
        r.criteria << c;
    }
    if (r.criteria.isEmpty())
        throw RubricError{lineOf(root["criteria"]), QStringLiteral("a rubric needs criteria")};
    return r;
}

} // namespace

double Rubric::maxPoints() const
{
    double total = 0;
    for (const Criterion &c : criteria)
        total += c.points;
    return total;
}

const Criterion *Rubric::criterion(const QString &id) const
{
    for (const Criterion &c : criteria)
        if (c.id == id)
            return &c;
    return nullptr;
}

RubricLoad parseRubric(const QByteArray &yaml, const QString &path)
{
    RubricLoad load;
    // Rubrics are shared between colleagues: the guarded loader refuses what would make
    // the conversion below recurse without end (an alias inside itself) or explode.
    const YamlLoad yamlLoad = loadYaml(yaml, path);
    if (!yamlLoad.ok()) {
        load.error = yamlLoad.error;
        return load;
    }
    try {
        load.rubric = rubricFromNode(yamlLoad.root, path);
    } catch (const RubricError &e) {
        load.error = QStringLiteral("%1:%2: %3").arg(path).arg(e.line).arg(e.message);
    } catch (const YAML::Exception &e) {
        load.error = yamlErrorMessage(e, path);
    }
    return load;
}

RubricLoad loadRubric(const QString &path)
{
    const files::ReadResult read = files::readFile(path, YamlLimits{}.maxBytes);
    if (!read.ok())
        return RubricLoad{std::nullopt, read.error};
    RubricLoad load = parseRubric(read.bytes, path);
    if (load.rubric) {
        // Beside the rubric, read as untrusted all the same: no link, a cap.
        const QString dir = QFileInfo(path).absolutePath(); // file-access: the rubric's folder
        for (const QString &name : load.rubric->files)
            if (const files::ReadResult given = files::readBelow(dir, name, kMaxSubmittedFileBytes);
                given.ok())
                load.rubric->startingTexts.insert(name, QString::fromUtf8(given.bytes));
    }
    return load;
}

Concept conceptFrom(const QVariant &spec, const Rubric &rubric)
{
    if (spec.typeId() == QMetaType::QVariantMap) {
        const QVariantMap map = spec.toMap();
        Concept c;
        c.name = map.value(QStringLiteral("name")).toString();
        const auto list = [](const QVariant &v) {
            return v.typeId() == QMetaType::QVariantList ? v.toStringList()
                                                         : QStringList{v.toString()};
        };
        if (map.contains(QStringLiteral("patterns")))
            c.patterns = expandPhraseAlternatives(list(map.value(QStringLiteral("patterns"))));
        if (map.contains(QStringLiteral("negated")))
            c.negatedPatterns =
                expandPhraseAlternatives(list(map.value(QStringLiteral("negated"))));
        return c;
    }
    return rubric.concepts.value(spec.toString());
}

QList<Concept> conceptsFrom(const QVariant &spec, const Rubric &rubric)
{
    QList<Concept> out;
    if (!spec.isValid())
        return out;
    const QVariantList items =
        spec.typeId() == QMetaType::QVariantList ? spec.toList() : QVariantList{spec};
    for (const QVariant &item : items)
        out << conceptFrom(item, rubric);
    return out;
}

} // namespace schedlab::grader
