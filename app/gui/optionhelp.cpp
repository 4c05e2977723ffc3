// The hover help, read once from the embedded help/options.yaml.
#include "optionhelp.h"

#include "yamlload.h"

#include <QFile>
#include <QHash>

#include <yaml-cpp/yaml.h>

namespace schedlab::gui {

namespace {

struct Help
{
    QHash<QString, QString> sbatch, job;
};

// The help of a YAML text; empty with `error` set when it cannot be read.
Help parseHelp(const QByteArray &yaml, const QString &name, QString *error)
{
    // Embedded, but read like any YAML: a broken edit gives no help, never a crash.
    const YamlLoad load = loadYaml(yaml, name);
    if (!load.ok()) {
        *error = load.error;
        return {};
    }
    Help h;
    try {
        for (const auto &[section, into] :
             {std::pair("sbatch", &h.sbatch), std::pair("job", &h.job)})
            for (const auto &entry : load.root[section])
                into->insert(QString::fromStdString(entry.first.as<std::string>()),
                             QString::fromStdString(entry.second.as<std::string>()));
    } catch (const YAML::Exception &e) {
        *error = yamlErrorMessage(e, name);
        return {};
    }
    return h;
}

const Help &help()
{
    static const Help loaded = [] {
        QFile f(QStringLiteral(":/help/options.yaml"));
        if (!f.open(QIODevice::ReadOnly))
            return Help{};
        QString error;
        Help h = parseHelp(f.readAll(), f.fileName(), &error);
        if (!error.isEmpty())
            qWarning("%s", qPrintable(error));
        return h;
    }();
    return loaded;
}

} // namespace

QString sbatchOptionHelp(const QString &word)
{
    QString option = word.section(u'=', 0, 0).trimmed();
    if (!option.startsWith(u'-'))
        return QString();
    while (option.startsWith(u'-'))
        option.remove(0, 1);
    return help().sbatch.value(option);
}

QString manifestFieldHelp(const QString &key)
{
    return help().job.value(key.trimmed());
}

QString optionHelpProblem(const QByteArray &yaml, const QString &name)
{
    QString error;
    parseHelp(yaml, name, &error);
    return error;
}

} // namespace schedlab::gui
