// Reads the part of ~/.ssh/config SchedLab uses, following OpenSSH's readconf.c: its syntax
// (Keyword=value, quotes, comments), Host matching, Include, and first-value-wins.
#include "sshconfig.h"

#include <QDir>
#include <QFile>
#include <QHash>

#include <algorithm>
#include <optional>
#include <utility>

#include <arpa/inet.h>
#include <glob.h>
#include <netdb.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

namespace schedlab::remote {

namespace {

constexpr int kMaxIncludeDepth = 16; // READCONF_MAX_DEPTH in OpenSSH

struct ConfigLine
{
    QString keyword; // lower case
    QStringList arguments;
};

enum class LineKind { Empty, Setting, Bad };

bool isBlank(QChar c)
{
    return c == QLatin1Char(' ') || c == QLatin1Char('\t') || c == QLatin1Char('\r') ||
           c == QLatin1Char('\n') || c == QLatin1Char('\f');
}

// The keyword as the manual spells it, for messages.
QString shownKeyword(const QString &keyword)
{
    static const QHash<QString, QString> names = {
        {QStringLiteral("host"), QStringLiteral("Host")},
        {QStringLiteral("match"), QStringLiteral("Match")},
        {QStringLiteral("include"), QStringLiteral("Include")},
        {QStringLiteral("hostname"), QStringLiteral("HostName")},
        {QStringLiteral("port"), QStringLiteral("Port")},
        {QStringLiteral("user"), QStringLiteral("User")},
        {QStringLiteral("identityfile"), QStringLiteral("IdentityFile")},
    };
    return names.value(keyword, keyword);
}

// One word of argv_split(): quotes group, a backslash escapes a quote, a backslash or (outside
// quotes) a space. Returns false on an unterminated quote.
bool takeWord(QStringView text, qsizetype *at, QString *word)
{
    QChar quote;
    qsizetype i = *at;
    for (; i < text.size(); ++i) {
        const QChar c = text[i];
        const QChar next = i + 1 < text.size() ? text[i + 1] : QChar();
        if (c == QLatin1Char('\\') &&
            (next == QLatin1Char('\'') || next == QLatin1Char('"') || next == QLatin1Char('\\') ||
             (quote.isNull() && next == QLatin1Char(' ')))) {
            *word += next;
            ++i;
        } else if (quote.isNull() && (c == QLatin1Char(' ') || c == QLatin1Char('\t'))) {
            break;
        } else if (quote.isNull() && (c == QLatin1Char('"') || c == QLatin1Char('\''))) {
            quote = c;
        } else if (!quote.isNull() && c == quote) {
            quote = QChar();
        } else {
            *word += c;
        }
    }
    *at = i;
    return quote.isNull();
}

// OpenSSH's argv_split() with comments on: a '#' starting a word ends the line.
bool splitArguments(QStringView text, QStringList *arguments)
{
    qsizetype i = 0;
    while (i < text.size()) {
        if (isBlank(text[i])) {
            ++i;
            continue;
        }
        if (text[i] == QLatin1Char('#'))
            break;
        QString word;
        if (!takeWord(text, &i, &word))
            return false;
        arguments->append(word);
    }
    return true;
}

// "Keyword value", "Keyword=value" or "Keyword = value", as strdelim() splits them: one '='
// at most between the keyword and its arguments.
LineKind parseLine(QStringView text, ConfigLine *line, QString *problem)
{
    qsizetype i = 0;
    while (i < text.size() && isBlank(text[i]))
        ++i;
    if (i == text.size() || text[i] == QLatin1Char('#'))
        return LineKind::Empty;
    const qsizetype start = i;
    while (i < text.size() && !isBlank(text[i]) && text[i] != QLatin1Char('='))
        ++i;
    line->keyword = text.sliced(start, i - start).toString().toLower();
    while (i < text.size() && isBlank(text[i]))
        ++i;
    if (i < text.size() && text[i] == QLatin1Char('='))
        ++i;
    const QString keyword = shownKeyword(line->keyword);
    if (!splitArguments(text.sliced(i), &line->arguments)) {
        *problem = keyword + QStringLiteral(": unbalanced quotes");
        return LineKind::Bad;
    }
    if (line->arguments.isEmpty()) {
        *problem = keyword + QStringLiteral(": no value after the keyword");
        return LineKind::Bad;
    }
    return LineKind::Setting;
}

// a2port(): a number from 1 to 65535, or a service name from /etc/services ("ssh").
int parsePort(const QString &text)
{
    bool digits = !text.isEmpty();
    for (const QChar c : text)
        digits = digits && c.isDigit() && c.unicode() < 128;
    if (digits) {
        const int port = text.size() <= 5 ? text.toInt() : 0;
        return port >= 1 && port <= 65535 ? port : 0;
    }
    servent entry{};
    servent *service = nullptr;
    char buffer[1024];
    ::getservbyname_r(text.toLocal8Bit().constData(), "tcp", &entry, buffer, sizeof buffer,
                      &service);
    return service ? ntohs(quint16(service->s_port)) : 0;
}

QString homeFolder()
{
    return QDir::homePath();
}

QString localUserName()
{
    passwd entry{};
    passwd *found = nullptr;
    char buffer[4096];
    if (::getpwuid_r(::getuid(), &entry, buffer, sizeof buffer, &found) == 0 && found)
        return QString::fromLocal8Bit(found->pw_name);
    return qEnvironmentVariable("USER");
}

QString expandTilde(const QString &path)
{
    if (path == QLatin1String("~"))
        return homeFolder();
    if (path.startsWith(QLatin1String("~/")))
        return homeFolder() + path.mid(1);
    return path;
}

// percent_expand(): "%%" is '%', a known letter its value; anything else is kept as written.
QString expandPercent(const QString &text, const QHash<QChar, QString> &tokens)
{
    QString out;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar next = i + 1 < text.size() ? text[i + 1] : QChar();
        if (text[i] == QLatin1Char('%') && next == QLatin1Char('%')) {
            out += QLatin1Char('%');
            ++i;
        } else if (text[i] == QLatin1Char('%') && tokens.contains(next)) {
            out += tokens.value(next);
            ++i;
        } else {
            out += text[i];
        }
    }
    return out;
}

bool hasWildcard(const QString &pattern)
{
    return pattern.contains(QLatin1Char('*')) || pattern.contains(QLatin1Char('?')) ||
           pattern.contains(QLatin1Char('['));
}

// Relative Include paths live in ~/.ssh, as ssh reads them for a user's configuration.
QString includePattern(const QString &argument)
{
    if (argument.startsWith(QLatin1Char('~')))
        return expandTilde(argument);
    if (argument.startsWith(QLatin1Char('/')))
        return argument;
    return homeFolder() + QStringLiteral("/.ssh/") + argument;
}

// glob(3) as ssh calls it: sorted matches, none for a pattern that matches nothing.
QStringList globFiles(const QString &pattern)
{
    glob_t found{};
    QStringList files;
    if (::glob(QFile::encodeName(pattern).constData(), GLOB_TILDE, nullptr, &found) == 0) {
        for (size_t i = 0; i < found.gl_pathc; ++i)
            files.append(QFile::decodeName(found.gl_pathv[i]));
    }
    ::globfree(&found);
    return files;
}

// ssh stops on a config file that someone else could have written ("Bad owner or permissions"),
// a common reason why ssh refuses to start while the file looks right.
QString permissionProblem(const QString &path)
{
    struct stat info;
    if (::stat(QFile::encodeName(path).constData(), &info) != 0)
        return {};
    if ((info.st_uid != 0 && info.st_uid != ::getuid()) || (info.st_mode & 022) != 0)
        return QStringLiteral("bad owner or permissions: ssh refuses a config file that others "
                              "can write (chmod 600 ") +
               path + QLatin1Char(')');
    return {};
}

} // namespace

class SshConfigReader
{
public:
    using Block = SshConfig::Block;

    SshConfigReader(QList<Block> *blocks, QList<SshConfigError> *errors)
        : blocks_(blocks)
        , errors_(errors)
    {}

    void readTop(const QString &path)
    {
        if (!QFile::exists(path))
            return;
        Block everyHost; // the lines before the first Host apply to every host
        everyHost.patterns = QStringList{QStringLiteral("*")};
        const QString error = readFile(path, everyHost, 0);
        if (!error.isEmpty())
            report(path, 0, error);
    }

private:
    void report(const QString &file, int line, const QString &message)
    {
        errors_->append(SshConfigError{file, line, message});
    }

    // Reads `path` under `outer`, the block of the Include that names it (or every host).
    // Returns why the file cannot be read; parse problems are reported as they come.
    QString readFile(const QString &path, const Block &outer, int depth)
    {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return QStringLiteral("cannot read: ") + file.errorString();
        const QString permissions = permissionProblem(path);
        if (!permissions.isEmpty())
            report(path, 0, permissions);
        const QList<QByteArray> lines = file.readAll().split('\n');
        Block current = continuation(outer, path, 0);
        for (qsizetype i = 0; i < lines.size(); ++i)
            readLine(QString::fromUtf8(lines.at(i)), outer, &current, depth, int(i + 1));
        flush(current);
        return {};
    }

    void readLine(const QString &text, const Block &outer, Block *current, int depth, int number)
    {
        ConfigLine line;
        QString problem;
        const LineKind kind = parseLine(text, &line, &problem);
        if (kind == LineKind::Bad)
            report(current->file, number, problem);
        const bool startsBlock =
            line.keyword == QLatin1String("host") || line.keyword == QLatin1String("match");
        if (kind == LineKind::Empty || (kind == LineKind::Bad && !startsBlock))
            return;
        if (startsBlock) {
            flush(*current);
            *current = startBlock(outer, line, kind, current->file, number, depth);
        } else if (line.keyword == QLatin1String("include")) {
            flush(*current);
            include(line, *current, number, depth);
            *current = continuation(*current, current->file, number);
        } else {
            addSetting(line, current, number);
        }
    }

    // A Host block applies when its patterns match (and those of the blocks it was included
    // from); a Match block never does here: its criteria are not evaluated.
    static Block startBlock(const Block &outer, const ConfigLine &line, LineKind kind,
                            const QString &file, int number, int depth)
    {
        Block block;
        block.enclosing = outer.enclosing;
        if (depth > 0)
            block.enclosing.append(outer.patterns);
        block.hostLine = line.keyword == QLatin1String("host") && kind == LineKind::Setting;
        if (block.hostLine)
            block.patterns = line.arguments;
        block.file = file;
        block.line = number;
        return block;
    }

    static Block continuation(const Block &from, const QString &file, int number)
    {
        Block block = from;
        block.hostLine = false;
        block.settings.clear();
        block.file = file;
        block.line = number;
        return block;
    }

    // Host blocks are kept even when empty: they still name an alias.
    void flush(const Block &block)
    {
        if (block.hostLine || !block.settings.isEmpty())
            blocks_->append(block);
    }

    void addSetting(const ConfigLine &line, Block *block, int number)
    {
        static const QStringList used = {QStringLiteral("hostname"), QStringLiteral("port"),
                                         QStringLiteral("user"), QStringLiteral("identityfile")};
        if (!used.contains(line.keyword))
            return;
        const QString keyword = shownKeyword(line.keyword);
        if (line.arguments.size() > 1) {
            report(block->file, number,
                   keyword + QStringLiteral(": unexpected text after the value"));
            return;
        }
        QString value = line.arguments.first();
        if (line.keyword == QLatin1String("port")) {
            const int port = parsePort(value);
            if (port == 0) {
                report(block->file, number,
                       keyword + QStringLiteral(": bad number '") + value + QLatin1Char('\''));
                return;
            }
            value = QString::number(port);
        }
        block->settings.append({line.keyword, value});
    }

    void include(const ConfigLine &line, const Block &context, int number, int depth)
    {
        for (const QString &argument : line.arguments) {
            const QString pattern = includePattern(argument);
            const QStringList files = globFiles(pattern);
            // A pattern that matches nothing is normal (an empty config.d); a plain name is not.
            if (files.isEmpty() && !hasWildcard(pattern))
                report(context.file, number,
                       QStringLiteral("Include: no such file '") + pattern + QLatin1Char('\''));
            for (const QString &file : files)
                includeFile(file, context, number, depth);
        }
    }

    void includeFile(const QString &file, const Block &context, int number, int depth)
    {
        if (tooDeep_)
            return;
        if (depth + 1 > kMaxIncludeDepth) {
            tooDeep_ = true; // ssh stops here; going on would read the same files again
            report(context.file, number,
                   QStringLiteral("Include: more than 16 nested levels (does a file include "
                                  "itself?)"));
            return;
        }
        const QString error = readFile(file, context, depth + 1);
        if (!error.isEmpty())
            report(context.file, number,
                   QStringLiteral("Include: '") + file + QStringLiteral("': ") + error);
    }

    QList<Block> *blocks_;
    QList<SshConfigError> *errors_;
    bool tooDeep_ = false;
};

// ---------------------------------------------------------------------------------------------

namespace {

bool patternListMatches(const QStringList &patterns, const QString &host)
{
    bool matched = false;
    for (const QString &pattern : patterns) {
        if (pattern.startsWith(QLatin1Char('!'))) {
            if (sshPatternMatches(pattern.mid(1), host))
                return false; // a negated match excludes the block, whatever else matches
        } else if (sshPatternMatches(pattern, host)) {
            matched = true;
        }
    }
    return matched;
}

bool isPlainName(const QString &pattern)
{
    return !pattern.startsWith(QLatin1Char('!')) && !pattern.contains(QLatin1Char('*')) &&
           !pattern.contains(QLatin1Char('?'));
}

// What ssh has gathered for a host: the first value of each keyword, every IdentityFile.
struct Gathered
{
    std::optional<QString> hostName;
    std::optional<QString> user;
    std::optional<int> port;
    QStringList identityFiles;

    void add(const QString &keyword, const QString &value)
    {
        if (keyword == QLatin1String("hostname") && !hostName)
            hostName = value;
        else if (keyword == QLatin1String("user") && !user)
            user = value;
        else if (keyword == QLatin1String("port") && !port)
            port = value.toInt();
        else if (keyword == QLatin1String("identityfile"))
            identityFiles.append(value);
    }
};

} // namespace

bool sshPatternMatches(const QString &pattern, const QString &host)
{
    qsizetype p = 0;
    qsizetype h = 0;
    qsizetype starP = -1; // where to retry from when a '*' has to swallow one more character
    qsizetype starH = 0;
    while (h < host.size()) {
        if (p < pattern.size() && pattern[p] == QLatin1Char('*')) {
            starP = p++;
            starH = h;
        } else if (p < pattern.size() &&
                   (pattern[p] == QLatin1Char('?') || pattern[p] == host[h])) {
            ++p;
            ++h;
        } else if (starP >= 0) {
            p = starP + 1;
            h = ++starH;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == QLatin1Char('*'))
        ++p;
    return p == pattern.size();
}

SshConfig SshConfig::load(const QString &path, QList<SshConfigError> *errors)
{
    SshConfig config;
    QList<SshConfigError> ignored;
    SshConfigReader reader(&config.blocks_, errors ? errors : &ignored);
    reader.readTop(path);
    return config;
}

QString SshConfig::defaultPath()
{
    return QDir::homePath() + QStringLiteral("/.ssh/config");
}

QStringList SshConfig::aliases() const
{
    QStringList names;
    for (const Block &block : blocks_) {
        if (!block.hostLine)
            continue;
        for (const QString &pattern : block.patterns) {
            if (isPlainName(pattern) && !names.contains(pattern))
                names.append(pattern);
        }
    }
    return names;
}

std::optional<SshHostSettings> SshConfig::resolve(const QString &alias) const
{
    SshHostSettings settings;
    settings.alias = alias;
    Gathered gathered;
    bool found = false;
    bool named = false; // the block found names the alias itself, not through a wildcard
    for (const Block &block : blocks_) {
        const bool applies =
            patternListMatches(block.patterns, alias) &&
            std::all_of(block.enclosing.cbegin(), block.enclosing.cend(),
                        [&](const QStringList &outer) { return patternListMatches(outer, alias); });
        if (!applies)
            continue;
        const bool names = block.patterns.contains(alias);
        if (block.hostLine && (!found || (names && !named))) {
            settings.file = block.file;
            settings.line = block.line;
            found = true;
            named = names;
        }
        for (const auto &[keyword, value] : block.settings)
            gathered.add(keyword, value);
    }
    if (!found)
        return std::nullopt;

    // ssh expands %h in HostName with the alias, then connects to the name in lower case.
    settings.hostName =
        expandPercent(gathered.hostName.value_or(alias), {{QLatin1Char('h'), alias}}).toLower();
    settings.port = gathered.port.value_or(22);
    settings.user = gathered.user.value_or(QString());
    const QString localUser = localUserName();
    const QHash<QChar, QString> tokens = {
        {QLatin1Char('d'), homeFolder()},
        {QLatin1Char('u'), localUser},
        {QLatin1Char('h'), settings.hostName},
        {QLatin1Char('r'), settings.user.isEmpty() ? localUser : settings.user},
        {QLatin1Char('n'), alias},
        {QLatin1Char('p'), QString::number(settings.port)},
    };
    for (const QString &file : std::as_const(gathered.identityFiles)) {
        const QString expanded = expandPercent(expandTilde(file), tokens);
        if (!settings.identityFiles.contains(expanded)) // ssh ignores a repeated IdentityFile
            settings.identityFiles.append(expanded);
    }
    return settings;
}

} // namespace schedlab::remote
