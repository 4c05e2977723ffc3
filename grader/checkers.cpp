// The checker table and the per-submission context.
#include "checkers.h"

#include "safefiles.h"
#include "yamlload.h"

#include <QFileInfo>
#include <QRegularExpression>

namespace schedlab::grader {

namespace {

const CheckerTable &table()
{
    static const CheckerTable checkers = [] {
        CheckerTable t;
        addScriptCheckers(t);
        addTextCheckers(t);
        addLineCheckers(t);
        addRelationCheckers(t);
        addManifestCheckers(t);
        addAccessCheckers(t);
        addRunCheckers(t);
        addExercise2Checkers(t);
        return t;
    }();
    return checkers;
}

// The concept names a criterion refers to in its parameters.
QStringList conceptReferences(const Criterion &c)
{
    QStringList names;
    for (const char *key : {"all", "any", "forbid", "near", "compared", "weak", "thing", "holder",
                            "rivals", "aside", "others"}) {
        const QVariant v = c.params.value(QLatin1String(key));
        const QVariantList items =
            v.typeId() == QMetaType::QVariantList ? v.toList() : QVariantList{v};
        for (const QVariant &item : items)
            if (item.isValid() && item.typeId() != QMetaType::QVariantMap)
                names << item.toString();
    }
    // sides: {side concept: [concepts that belong to that side]}
    const QVariantMap sides = c.params.value(QStringLiteral("sides")).toMap();
    for (auto it = sides.constBegin(); it != sides.constEnd(); ++it)
        names << it.key() << it.value().toStringList();
    for (const QVariant &line : c.params.value(QStringLiteral("lines")).toList()) {
        for (const char *key : {"concept", "meaning", "forbid"}) {
            const QVariant spec = line.toMap().value(QLatin1String(key));
            const QVariantList items =
                spec.typeId() == QMetaType::QVariantList ? spec.toList() : QVariantList{spec};
            for (const QVariant &item : items)
                if (item.isValid() && item.typeId() != QMetaType::QVariantMap)
                    names << item.toString();
        }
    }
    return names;
}

} // namespace

CheckContext::CheckContext(const Rubric &rubric, const ExerciseSubmission &submission,
                           bool onStudentMachine, QString variantOf)
    : rubric_(rubric)
    , submission_(submission)
    , onStudentMachine_(onStudentMachine)
    , variantOf_(std::move(variantOf))
{}

const TextMatcher &CheckContext::matcher(const QString &name)
{
    auto it = matchers_.find(name);
    if (it == matchers_.end())
        it = matchers_.insert(name, std::make_shared<TextMatcher>(file(name).text));
    return **it;
}

const TextMatcher &CheckContext::answerMatcher(const QString &name)
{
    auto it = answerMatchers_.find(name);
    if (it != answerMatchers_.end())
        return **it;
    const auto given = rubric_.startingTexts.constFind(name);
    if (given == rubric_.startingTexts.cend())
        return matcher(name);
    it = answerMatchers_.insert(
        name, std::make_shared<TextMatcher>(withoutStartingText(file(name).text, *given)));
    return **it;
}

const Exercise2Facts &CheckContext::scenarioFacts()
{
    if (facts_)
        return *facts_;
    // The rubric's folder is the instructor's: the base scenario comes from there.
    const QString path = QFileInfo(rubric_.path).absolutePath() + u'/' + rubric_.scenario;
    const files::ReadResult read = files::readFile(path, YamlLimits{}.maxBytes);
    QString error = read.error;
    if (read.ok())
        scenario_ = readScenario(read.bytes, path, &error);
    if (scenario_ && !variantOf_.isEmpty()) {
        // Drawn by the grader from the student's id, as the student's own copy was.
        if (auto variant = exercise2Variant(*scenario_, variantSeed(variantOf_)))
            scenario_ = std::move(variant);
    }
    if (scenario_) {
        facts_ = simulateExercise2(*scenario_);
        scenarioStart_ = scenario_->start;
    } else {
        facts_ = Exercise2Facts{};
        facts_->error = error;
    }
    return *facts_;
}

QString CheckContext::scenarioNote()
{
    if (note_)
        return *note_;
    note_ = QString();
    if (rubric_.scenario.isEmpty() || submission_.dir.isEmpty())
        return *note_;
    scenarioFacts();
    const QString name = QStringLiteral("exercice2.yaml");
    // A student's folder: never through a link, never a FIFO, never a huge file.
    const files::ReadResult read = files::readBelow(submission_.dir, name, YamlLimits{}.maxBytes);
    if (read.status == files::ReadStatus::Missing || !scenario_)
        return *note_;
    QString error;
    const std::optional<Scenario> theirs =
        read.ok() ? readScenario(read.bytes, name, &error) : std::nullopt;
    if (theirs && scenarioToYaml(*theirs) == scenarioToYaml(*scenario_))
        return *note_;
    note_ = variantOf_.isEmpty()
                ? QStringLiteral("(Le fichier exercice2.yaml du dossier n'est pas le scénario de "
                                 "l'exercice : il n'a pas été utilisé, la correction suit le "
                                 "scénario de l'énoncé commun.)")
                : QStringLiteral("(Le fichier exercice2.yaml du dossier n'est pas la variante "
                                 "de l'étudiant : il n'a pas été utilisé, la correction suit la "
                                 "variante tirée pour %1.)")
                      .arg(variantOf_);
    return *note_;
}

QHash<QString, QString> CheckContext::parameters()
{
    if (rubric_.scenario.isEmpty())
        return {};
    return scenarioFacts().parameters(scenarioStart_);
}

QStringList evidenceFiles(const Criterion &c, const Rubric &rubric)
{
    if (!c.needs.isEmpty())
        return c.needs;
    const CheckerKind *kind = findChecker(c.check);
    if (kind && kind->reads)
        return kind->reads(c, rubric);
    return c.file.isEmpty() ? rubric.files : QStringList{c.file};
}

QStringList exerciseFiles(const Rubric &rubric)
{
    QStringList names = rubric.files;
    for (const Criterion &c : rubric.criteria)
        for (const QString &name : evidenceFiles(c, rubric))
            if (!name.isEmpty() && !names.contains(name))
                names << name;
    return names;
}

QString NotHandedIn::sentence() const
{
    QStringList parts;
    const QString list = missing.join(QStringLiteral(", "));
    if (missing.size() == 1)
        parts << QStringLiteral("%1 n'a pas été rendu").arg(list);
    else if (!missing.isEmpty())
        parts << QStringLiteral("%1 n'ont pas été rendus").arg(list);
    if (empty.size() == 1)
        parts << QStringLiteral("%1 est vide").arg(empty.first());
    else if (!empty.isEmpty())
        parts << QStringLiteral("%1 sont vides").arg(empty.join(QStringLiteral(", ")));
    return parts.isEmpty()
               ? QString()
               : QStringLiteral("Non rendu : ") + parts.join(QStringLiteral(" ; ")) + u'.';
}

NotHandedIn notHandedIn(const QStringList &names, const ExerciseSubmission &submission)
{
    NotHandedIn gap;
    for (const QString &name : names) {
        const SubmittedFile &f = submission.file(name);
        if (!f.present)
            gap.missing << name;
        else if (f.blank)
            gap.empty << name;
    }
    return gap;
}

CheckOutcome unusableFile(const SubmittedFile &file, const QString &name)
{
    CheckOutcome out;
    out.passed = false;
    const NotHandedIn gap{file.present ? QStringList() : QStringList{name},
                          file.blank ? QStringList{name} : QStringList()};
    out.note = gap.any() ? gap.sentence() : file.error;
    return out;
}

const CheckerKind *findChecker(const QString &name)
{
    auto it = table().constFind(name);
    return it == table().constEnd() ? nullptr : &*it;
}

QStringList checkerNames()
{
    QStringList names = table().keys();
    names.sort();
    return names;
}

QString validateRubric(const Rubric &rubric)
{
    for (const Criterion &c : rubric.criteria) {
        const QString where =
            QStringLiteral("%1:%2: criterion %3: ").arg(rubric.path).arg(c.line).arg(c.id);
        if (!findChecker(c.check))
            return where + QStringLiteral("unknown check \"%1\" (known: %2)")
                               .arg(c.check, checkerNames().join(QStringLiteral(", ")));
        for (const QString &name : conceptReferences(c))
            if (!rubric.concepts.contains(name))
                return where + QStringLiteral("unknown concept \"%1\"").arg(name);
    }
    return QString();
}

AnswerRegion answerRegion(const Criterion &c, const QString &text)
{
    const QString pattern = c.params.value(QStringLiteral("section")).toString();
    if (pattern.isEmpty())
        return AnswerRegion{TextSpan{0, text.size()}, true};
    const QRegularExpression title(pattern, QRegularExpression::CaseInsensitiveOption);
    const AnswerStructure structure(text);
    if (const std::optional<TextSpan> s = structure.section(title))
        return AnswerRegion{*s, true, false};
    return AnswerRegion{TextSpan{0, text.size()}, false, !structure.marksQuestions()};
}

QString withoutStartingText(const QString &text, const QString &starting)
{
    constexpr qsizetype kShortestGivenLine = 8; // "1. ", "- ": too short to be a question
    QStringList given;
    for (const QString &line : starting.split(u'\n'))
        if (const QString t = line.trimmed(); t.size() >= kShortestGivenLine)
            given << t;
    QString out = text;
    qsizetype from = 0;
    while (from <= out.size()) {
        qsizetype end = out.indexOf(u'\n', from);
        if (end < 0)
            end = out.size();
        qsizetype start = from;
        while (start < end && out[start].isSpace())
            ++start;
        const QStringView line(out.constData() + start, end - start);
        qsizetype longest = 0;
        for (const QString &g : given)
            if (g.size() > longest && line.startsWith(g))
                longest = g.size();
        for (qsizetype k = start; k < start + longest; ++k)
            out[k] = u' ';
        from = end + 1;
    }
    return out;
}

double nothingRecognisedConfidence(const QString &answer)
{
    constexpr qsizetype kSubstantialAnswerWords = 8;
    const qsizetype words =
        answer.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts).size();
    return words < kSubstantialAnswerWords ? 0.95 : 0.8;
}

} // namespace schedlab::grader
