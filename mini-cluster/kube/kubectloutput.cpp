// get's PrintFlags.ToPrinter (kubectl 1.31) and the printers it returns for objects: the
// format is chosen in kubectl's order and each error is worded as kubectl words it.
#include "kubectloutput.h"

#include "goformat.h"
#include "gotemplate.h"
#include "jsonpath.h"
#include "kinds.h"
#include "kubectlcontext.h"
#include "printers.h"

namespace schedlab::kube {

namespace {

// os.ReadFile's errors, relative paths kept as given. The client read the file (the engine
// never opens a path a client names).
bool readFile(const QString &path, const NamedFiles &files, QString *text, QString *error)
{
    const FileAnswer answer = files.value(path);
    if (answer.isEmpty()) {
        *error = QStringLiteral("open %1: no such file or directory").arg(path);
        return false;
    }
    const ClientFile &file = answer.first();
    if (!file.ok()) {
        const bool opening = file.status == QLatin1String("missing") ||
                             file.status == QLatin1String("denied") ||
                             file.status == QLatin1String("error");
        *error = QStringLiteral("%1 %2: %3")
                     .arg(opening ? QStringLiteral("open") : QStringLiteral("read"), path,
                          file.reason());
        return false;
    }
    *text = QString::fromUtf8(file.data);
    return true;
}

// "jsonpath={.x}" -> ("jsonpath", "{.x}"); with --template given the format is taken whole.
bool splitFormat(const QString &output, const QString &templateArg, const QStringList &formats,
                 QString *format, QString *value)
{
    *format = output;
    *value = templateArg;
    if (templateArg.isEmpty()) {
        for (const QString &candidate : formats) {
            if (output.startsWith(candidate + u'=')) {
                *format = candidate;
                *value = output.mid(candidate.size() + 1);
                break;
            }
        }
    }
    return formats.contains(*format);
}

bool isList(const Value &object)
{
    return object[QStringLiteral("items")].isList();
}

QString nameLine(const Value &object)
{
    const QString apiVersion = object[QStringLiteral("apiVersion")].toString();
    const QString kindName = object[QStringLiteral("kind")].toString();
    const KindInfo *kind = kindFor(apiVersion, kindName);
    const QString group = apiVersion.contains(u'/') ? apiVersion.section(u'/', 0, 0) : QString();
    const QString groupKind =
        kind ? kind->qualifiedSingular() : (group.isEmpty() ? kindName : kindName + u'.' + group);
    return groupKind.toLower() + u'/' + nameOf(object) + u'\n';
}

} // namespace

QList<Value> itemsOf(const Value &object)
{
    return isList(object) ? object[QStringLiteral("items")].items() : QList<Value>{object};
}

OutputPrinter::OutputPrinter() = default;
OutputPrinter::~OutputPrinter() = default;

QString OutputPrinter::templateFile(const KubectlArgs &args)
{
    static const QStringList fileFormats{
        QStringLiteral("jsonpath-file"), QStringLiteral("go-template-file"),
        QStringLiteral("templatefile"), QStringLiteral("custom-columns-file")};
    QString format;
    QString value;
    if (!splitFormat(args.value(QStringLiteral("output")), args.value(QStringLiteral("template")),
                     fileFormats, &format, &value))
        return {};
    return value;
}

bool OutputPrinter::configure(const KubectlArgs &args, const NamedFiles &files, QString *error)
{
    QString output = args.value(QStringLiteral("output"));
    const QString templateArg = args.value(QStringLiteral("template"));
    noHeaders_ = args.has(QStringLiteral("no-headers"));
    allowMissingKeys_ = args.flag(QStringLiteral("allow-missing-template-keys"), true);
    // get takes a --template alone as a go-template.
    if (!templateArg.isEmpty() && output.isEmpty())
        output = QStringLiteral("go-template");
    bool matched = false;
    if (!configureTemplate(output, templateArg, files, &matched, error))
        return false;
    if (matched)
        return true;
    static const QList<QPair<QString, Format>> plain{{QStringLiteral("json"), Format::Json},
                                                     {QStringLiteral("yaml"), Format::Yaml},
                                                     {QString(), Format::Table},
                                                     {QStringLiteral("wide"), Format::Wide}};
    for (const auto &[name, format] : plain) {
        if (output == name) {
            format_ = format;
            return true;
        }
    }
    if (!configureColumns(output, templateArg, files, &matched, error))
        return false;
    if (matched)
        return true;
    if (output == QLatin1String("name")) {
        format_ = Format::Name;
        return true;
    }
    *error = QStringLiteral("unable to match a printer suitable for the output format \"%1\", "
                            "allowed formats are: custom-columns,custom-columns-file,go-template,"
                            "go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,"
                            "template,templatefile,wide,yaml")
                 .arg(output);
    return false;
}

bool OutputPrinter::configureTemplate(const QString &output, const QString &templateArg,
                                      const NamedFiles &files, bool *matched, QString *error)
{
    static const QStringList jsonPathFormats{QStringLiteral("jsonpath"),
                                             QStringLiteral("jsonpath-file"),
                                             QStringLiteral("jsonpath-as-json")};
    static const QStringList goFormats{QStringLiteral("go-template"), QStringLiteral("template"),
                                       QStringLiteral("go-template-file"),
                                       QStringLiteral("templatefile")};
    QString format;
    QString value;
    const bool jsonPath = splitFormat(output, templateArg, jsonPathFormats, &format, &value);
    if (!jsonPath && !splitFormat(output, templateArg, goFormats, &format, &value))
        return true;
    *matched = true;
    if (value.isEmpty()) {
        *error = QStringLiteral("template format specified but no template given");
        return false;
    }
    if (format.endsWith(QLatin1String("file"))) {
        QString readError;
        const QString path = value;
        if (!readFile(path, files, &value, &readError)) {
            *error = QStringLiteral("error reading --template %1, %2").arg(path, readError);
            return false;
        }
    }
    template_ = value;
    if (jsonPath) {
        format_ = Format::JsonPath;
        jsonPath_ = std::make_unique<JsonPath>();
        if (!jsonPath_->parse(value, error)) {
            *error = QStringLiteral("error parsing jsonpath %1, %2").arg(value, *error);
            return false;
        }
        jsonPath_->setAllowMissingKeys(allowMissingKeys_);
        jsonPath_->setJsonOutput(format == QLatin1String("jsonpath-as-json"));
        return true;
    }
    format_ = Format::GoTemplate;
    goTemplate_ = std::make_unique<GoTemplate>();
    if (!goTemplate_->parse(value, error)) {
        *error = QStringLiteral("error parsing template %1, %2\n").arg(value, *error);
        return false;
    }
    goTemplate_->setAllowMissingKeys(allowMissingKeys_);
    return true;
}

bool OutputPrinter::configureColumns(const QString &output, const QString &templateArg,
                                     const NamedFiles &files, bool *matched, QString *error)
{
    static const QStringList formats{QStringLiteral("custom-columns"),
                                     QStringLiteral("custom-columns-file")};
    QString format;
    QString value;
    if (output.isEmpty() || !splitFormat(output, templateArg, formats, &format, &value))
        return true;
    *matched = true;
    format_ = Format::CustomColumns;
    if (value.isEmpty()) {
        *error = QStringLiteral("custom-columns format specified but no custom columns given");
        return false;
    }
    if (format == QLatin1String("custom-columns"))
        return parseCustomColumnsSpec(value, &columns_, error);
    QString text;
    QString readError;
    if (!readFile(value, files, &text, &readError)) {
        *error = QStringLiteral("error reading template %1, %2\n").arg(value, readError);
        return false;
    }
    // A columns file always prints its header: kubectl ignores --no-headers for it.
    noHeaders_ = false;
    return parseCustomColumnsTemplate(text, &columns_, error);
}

bool OutputPrinter::print(const Value &object, QString *out, QString *error)
{
    switch (format_) {
    case Format::Json:
        *out += toJson(object);
        return true;
    case Format::Yaml:
        *out += toYaml(object);
        return true;
    case Format::Name:
        for (const Value &item : itemsOf(object))
            *out += nameLine(item);
        return true;
    case Format::JsonPath:
        return printJsonPath(object, out, error);
    case Format::CustomColumns:
        return printCustomColumns(columns_, itemsOf(object), noHeaders_, out, error);
    case Format::GoTemplate:
        return goTemplate_->print(object, template_, out, error);
    case Format::Table:
    case Format::Wide:
        break;
    }
    return true;
}

bool OutputPrinter::printJsonPath(const Value &object, QString *out, QString *error)
{
    QString engineError;
    if (jsonPath_->execute(object, out, &engineError))
        return true;
    *error = QStringLiteral("error executing jsonpath %1: Error executing template: %2. Printing "
                            "more information for debugging the template:\n\ttemplate was:\n\t\t"
                            "%3\n\tobject given to jsonpath engine was:\n\t\t%4\n\n")
                 .arg(goQuote(template_), engineError, template_, goSharpV(object));
    return false;
}

} // namespace schedlab::kube
