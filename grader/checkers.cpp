// The checker table and the per-submission context.
#include "checkers.h"

#include <QFile>
#include <QFileInfo>

namespace schedlab::grader {

namespace {

const CheckerTable &table()
{
    static const CheckerTable checkers = [] {
        CheckerTable t;
        addScriptCheckers(t);
        addTextCheckers(t);
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
    for (const char *key : {"all", "any", "forbid", "near", "compared", "weak"}) {
        const QVariant v = c.params.value(QLatin1String(key));
        const QVariantList items =
            v.typeId() == QMetaType::QVariantList ? v.toList() : QVariantList{v};
        for (const QVariant &item : items)
            if (item.isValid() && item.typeId() != QMetaType::QVariantMap)
                names << item.toString();
    }
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
                           bool onStudentMachine)
    : rubric_(rubric)
    , submission_(submission)
    , onStudentMachine_(onStudentMachine)
{}

const TextMatcher &CheckContext::matcher(const QString &name)
{
    auto it = matchers_.find(name);
    if (it == matchers_.end())
        it = matchers_.insert(name, std::make_shared<TextMatcher>(file(name).text));
    return **it;
}

const Exercise2Facts &CheckContext::scenarioFacts()
{
    if (facts_)
        return *facts_;
    // The variant the student was given travels in their folder; without it, the base.
    QString path = submission_.dir + QStringLiteral("/exercice2.yaml");
    if (submission_.dir.isEmpty() || !QFileInfo::exists(path))
        path = QFileInfo(rubric_.path).absolutePath() + u'/' + rubric_.scenario;
    QFile file(path);
    QString error;
    std::optional<Scenario> scenario;
    if (file.open(QIODevice::ReadOnly))
        scenario = readScenario(file.readAll(), path, &error);
    else
        error = QStringLiteral("%1: %2").arg(path, file.errorString());
    if (scenario) {
        facts_ = simulateExercise2(*scenario);
        scenarioStart_ = scenario->start;
    } else {
        facts_ = Exercise2Facts{};
        facts_->error = error;
    }
    return *facts_;
}

QHash<QString, QString> CheckContext::parameters()
{
    if (rubric_.scenario.isEmpty())
        return {};
    return scenarioFacts().parameters(scenarioStart_);
}

CheckOutcome unusableFile(const SubmittedFile &file, const QString &name)
{
    CheckOutcome out;
    out.passed = false;
    out.note = file.present ? file.error : QStringLiteral("Le fichier %1 est absent.").arg(name);
    return out;
}

const Checker *findChecker(const QString &name)
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

} // namespace schedlab::grader
