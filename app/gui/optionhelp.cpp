// The hover help, read once from the embedded help/options.yaml.
#include "optionhelp.h"

#include <QFile>
#include <QHash>

#include <yaml-cpp/yaml.h>

namespace schedlab::gui {

namespace {

struct Help
{
    QHash<QString, QString> sbatch, job;
};

const Help &help()
{
    static const Help loaded = [] {
        Help h;
        QFile f(QStringLiteral(":/help/options.yaml"));
        if (!f.open(QIODevice::ReadOnly))
            return h;
        const YAML::Node root = YAML::Load(f.readAll().toStdString());
        for (const auto &[section, into] :
             {std::pair("sbatch", &h.sbatch), std::pair("job", &h.job)})
            for (const auto &entry : root[section])
                into->insert(QString::fromStdString(entry.first.as<std::string>()),
                             QString::fromStdString(entry.second.as<std::string>()));
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

} // namespace schedlab::gui
