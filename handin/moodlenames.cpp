// Parsing Moodle's download names and making its feedback-upload names.
#include "moodlenames.h"

#include <QRegularExpression>
#include <QStringList>

namespace schedlab::handin {

namespace {

// The plugin's name is Moodle's plugin type ("file"): lower-case letters and digits, which is
// also all the importer reads of it (it stops at the next underscore).
const QRegularExpression &downloadName()
{
    static const QRegularExpression re(
        QStringLiteral(
            "^(.+?)_(\\d+)_(assignsubmission|assignfeedback)_([a-z][a-z0-9]*)(?:_(.*))?$"),
        QRegularExpression::DotMatchesEverythingOption);
    return re;
}

bool allDigits(const QString &text)
{
    if (text.isEmpty())
        return false;
    for (const QChar c : text)
        if (c < u'0' || c > u'9')
            return false;
    return true;
}

// What Moodle's clean_filename (PARAM_FILE) removes, and the path separators; '_' becomes a
// space as Moodle's own download does, so that the importer finds the id after the first '_'.
QString importerSafe(const QString &text)
{
    QString out;
    for (const QChar c : text) {
        if (c == u'_')
            out += u' ';
        else if (c.category() == QChar::Other_Control || QStringLiteral("/\\:*?\"<>|").contains(c))
            continue;
        else
            out += c;
    }
    return out.simplified();
}

} // namespace

std::optional<MoodleName> parseMoodleName(const QString &name)
{
    const QRegularExpressionMatch m = downloadName().match(name);
    if (!m.hasMatch())
        return std::nullopt;
    MoodleName parsed;
    parsed.fullName = m.captured(1);
    parsed.participantId = m.captured(2);
    parsed.pluginType = m.captured(3);
    parsed.plugin = m.captured(4);
    parsed.rest = m.captured(5);
    return parsed;
}

std::optional<MoodleName> parseMoodlePath(const QString &path)
{
    QString normalised = path;
    normalised.replace(u'\\', u'/');
    const QStringList parts = normalised.split(u'/', Qt::SkipEmptyParts);
    for (qsizetype i = 0; i < parts.size(); ++i) {
        std::optional<MoodleName> name = parseMoodleName(parts[i]);
        if (!name)
            continue;
        QStringList rest;
        if (!name->rest.isEmpty())
            rest << name->rest;
        rest << parts.mid(i + 1);
        name->rest = rest.join(u'/');
        return name;
    }
    return std::nullopt;
}

QString feedbackUploadName(const QString &fullName, const QString &participantId,
                           const QString &fileName)
{
    if (!allDigits(participantId))
        return QString();
    QString file = fileName;
    file.replace(u'\\', u'/');
    file = file.section(u'/', -1); // one flat entry: the importer keeps any folder as a path
    file.remove(QRegularExpression(QStringLiteral("[\\x00-\\x1f:*?\"<>|]")));
    if (file.isEmpty())
        return QString();
    QString name = importerSafe(fullName);
    while (name.startsWith(u'.') || name.startsWith(u'~'))
        name.remove(0, 1);
    if (name.isEmpty())
        name = QStringLiteral("Participant");
    return QStringLiteral("%1_%2_assignfeedback_file_%3").arg(name, participantId, file);
}

std::optional<MoodleImportTarget> moodleImporterReading(const QString &path)
{
    // importziplib.php: a file whose name starts with '.' or '~' is skipped; each component
    // is split at '_' into at most five parts; the first component with at least four, a
    // numeric second part and a known plugin decides, its fifth part and the components after
    // it forming the stored file name.
    QStringList parts = path.split(u'/');
    const QString base = parts.last();
    if (base.isEmpty() || base.startsWith(u'.') || base.startsWith(u'~'))
        return std::nullopt;
    while (!parts.isEmpty()) {
        const QString part = parts.takeFirst();
        QStringList info = part.split(u'_');
        if (info.size() > 5)
            info = info.mid(0, 4) << QStringList(info.mid(4)).join(u'_');
        if (info.size() < 4 || !allDigits(info[1]))
            continue;
        const bool knownPlugin = (info[2] == QLatin1String("assignfeedback") ||
                                  info[2] == QLatin1String("assignsubmission")) &&
                                 !info[3].isEmpty();
        if (!knownPlugin)
            continue;
        MoodleImportTarget target;
        target.participantId = info[1];
        target.pluginType = info[2];
        target.plugin = info[3];
        parts.prepend(info.size() == 5 ? info[4] : QString());
        target.fileName = parts.join(u'/');
        return target;
    }
    return std::nullopt;
}

} // namespace schedlab::handin
