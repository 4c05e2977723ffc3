// kubectl: the command line read as cobra reads it, and the subcommands that change the
// cluster (apply, create, delete, wait) plus version.
#include "kubectlcontext.h"
#include "kubectloutput.h"

#include "manifest.h"
#include "printers.h"
#include "yamlreader.h"

#include <QDir>
#include <QRegularExpression>

namespace schedlab::kube {

namespace {

struct FlagSpec
{
    const char *longName;
    char shortName; // 0: none
    bool takesValue;
};

// Flags per subcommand; the global ones apply everywhere.
const QList<FlagSpec> &globalFlags()
{
    static const QList<FlagSpec> flags{{"namespace", 'n', true}, {"all-namespaces", 'A', false},
                                       {"help", 'h', false},     {"context", 0, true},
                                       {"kubeconfig", 0, true},  {"request-timeout", 0, true},
                                       {"v", 'v', true}};
    return flags;
}

QList<FlagSpec> flagsFor(const QString &sub)
{
    if (sub == QLatin1String("apply") || sub == QLatin1String("create"))
        return {{"filename", 'f', true},   {"recursive", 'R', false}, {"output", 'o', true},
                {"dry-run", 0, true},      {"validate", 0, true},     {"save-config", 0, false},
                {"server-side", 0, false}, {"force", 0, false}};
    if (sub == QLatin1String("get"))
        return {{"output", 'o', true},
                {"selector", 'l', true},
                {"watch", 'w', false},
                {"show-labels", 0, false},
                {"filename", 'f', true},
                {"no-headers", 0, false},
                {"sort-by", 0, true},
                {"field-selector", 0, true},
                {"watch-only", 0, false},
                {"template", 0, true},
                {"allow-missing-template-keys", 0, false}};
    if (sub == QLatin1String("describe"))
        return {{"selector", 'l', true}, {"filename", 'f', true}, {"show-events", 0, true}};
    if (sub == QLatin1String("logs"))
        return {{"follow", 'f', false},
                {"container", 'c', true},
                {"previous", 'p', false},
                {"selector", 'l', true},
                {"tail", 0, true},
                {"prefix", 0, false},
                {"all-pods", 0, false},
                {"all-containers", 0, false},
                {"timestamps", 0, false},
                {"since", 0, true},
                {"max-log-requests", 0, true}};
    if (sub == QLatin1String("delete"))
        return {{"filename", 'f', true}, {"selector", 'l', true}, {"grace-period", 0, true},
                {"now", 0, false},       {"force", 0, false},     {"all", 0, false},
                {"wait", 0, true},       {"cascade", 0, true},    {"ignore-not-found", 0, false},
                {"output", 'o', true},   {"timeout", 0, true}};
    if (sub == QLatin1String("wait"))
        return {{"for", 0, true},
                {"timeout", 0, true},
                {"selector", 'l', true},
                {"all", 0, false},
                {"filename", 'f', true}};
    if (sub == QLatin1String("version"))
        return {{"client", 0, false}, {"output", 'o', true}};
    return {};
}

// --flag=VALUE for a boolean flag, read as pflag does (strconv.ParseBool).
bool setBoolFlag(const FlagSpec &spec, const QString &value, const QString &sub, KubectlArgs *out,
                 QString *error)
{
    static const QStringList yes{QStringLiteral("1"),    QStringLiteral("t"),
                                 QStringLiteral("T"),    QStringLiteral("TRUE"),
                                 QStringLiteral("true"), QStringLiteral("True")};
    static const QStringList no{QStringLiteral("0"),     QStringLiteral("f"),
                                QStringLiteral("F"),     QStringLiteral("FALSE"),
                                QStringLiteral("false"), QStringLiteral("False")};
    const QString name = QLatin1String(spec.longName);
    if (yes.contains(value)) {
        out->switches.insert(name);
        out->negated.remove(name);
        return true;
    }
    if (no.contains(value)) {
        out->switches.remove(name);
        out->negated.insert(name);
        return true;
    }
    const QString shown =
        spec.shortName ? QStringLiteral("-%1, --%2").arg(QLatin1Char(spec.shortName)).arg(name)
                       : QStringLiteral("--") + name;
    *error = QStringLiteral("error: invalid argument \"%1\" for \"%2\" flag: strconv.ParseBool: "
                            "parsing \"%1\": invalid syntax\nSee 'kubectl %3 --help' for usage.")
                 .arg(value, shown, sub);
    return false;
}

// Boolean flags may be written --flag=true/false.
bool parseArgs(const QString &sub, const QStringList &argv, KubectlArgs *out, QString *error)
{
    QList<FlagSpec> specs = flagsFor(sub);
    specs += globalFlags();
    auto byLong = [&](const QString &name) -> const FlagSpec * {
        for (const FlagSpec &f : specs)
            if (name == QLatin1String(f.longName))
                return &f;
        return nullptr;
    };
    auto byShort = [&](QChar c) -> const FlagSpec * {
        for (const FlagSpec &f : specs)
            if (f.shortName && c == QLatin1Char(f.shortName))
                return &f;
        return nullptr;
    };
    for (int i = 0; i < argv.size(); ++i) {
        const QString &arg = argv[i];
        if (arg == QLatin1String("--")) {
            out->positional += argv.mid(i + 1);
            break;
        }
        if (arg.startsWith(QLatin1String("--"))) {
            const QString body = arg.mid(2);
            const qsizetype eq = body.indexOf(u'=');
            const QString name = eq < 0 ? body : body.left(eq);
            const FlagSpec *spec = byLong(name);
            if (!spec) {
                *error =
                    QStringLiteral("error: unknown flag: --%1\nSee 'kubectl %2 --help' for usage.")
                        .arg(name, sub);
                return false;
            }
            if (spec->takesValue) {
                QString value;
                if (eq >= 0) {
                    value = body.mid(eq + 1);
                } else if (i + 1 < argv.size()) {
                    value = argv[++i];
                } else {
                    *error = QStringLiteral("error: flag needs an argument: --%1\nSee 'kubectl %2 "
                                            "--help' for usage.")
                                 .arg(name, sub);
                    return false;
                }
                out->values[name] << value;
            } else if (eq < 0) {
                out->switches.insert(name);
            } else if (!setBoolFlag(*spec, body.mid(eq + 1), sub, out, error)) {
                return false;
            }
            continue;
        }
        if (arg.startsWith(u'-') && arg.size() > 1) {
            for (int k = 1; k < arg.size(); ++k) {
                const FlagSpec *spec = byShort(arg[k]);
                if (!spec) {
                    *error = QStringLiteral("error: unknown shorthand flag: '%1' in %2\nSee "
                                            "'kubectl %3 --help' for usage.")
                                 .arg(arg[k])
                                 .arg(arg, sub);
                    return false;
                }
                const QString name = QLatin1String(spec->longName);
                if (!spec->takesValue) {
                    out->switches.insert(name);
                    continue;
                }
                QString value = arg.mid(k + 1);
                if (value.startsWith(u'='))
                    value = value.mid(1);
                if (value.isEmpty()) {
                    if (i + 1 >= argv.size()) {
                        *error = QStringLiteral("error: flag needs an argument: '%1' in -%1\nSee "
                                                "'kubectl %2 --help' for usage.")
                                     .arg(arg[k])
                                     .arg(sub);
                        return false;
                    }
                    value = argv[++i];
                }
                out->values[name] << value;
                break;
            }
            continue;
        }
        out->positional << arg;
    }
    return true;
}

const QString kVersion = QStringLiteral("v1.31.0");

int kubectlVersion(KubectlContext &ctx)
{
    QString text = QStringLiteral("Client Version: %1\nKustomize Version: v5.4.2\n").arg(kVersion);
    if (!ctx.args.has(QStringLiteral("client")))
        text += QStringLiteral("Server Version: %1\n").arg(kVersion);
    ctx.out(text);
    return ctx.finish(0);
}

int kubectlHelp(KubectlContext &ctx)
{
    ctx.out(QStringLiteral(
        "kubectl controls the Kubernetes cluster manager.\n\n"
        " Find more information at: https://kubernetes.io/docs/reference/kubectl/\n\n"
        "Basic Commands (Beginner):\n"
        "  create          Create a resource from a file or from stdin\n\n"
        "Basic Commands (Intermediate):\n"
        "  get             Display one or many resources\n"
        "  delete          Delete resources by file names, stdin, resources and names, or by "
        "resources and label selector\n\n"
        "Troubleshooting and Debugging Commands:\n"
        "  describe        Show details of a specific resource or group of resources\n"
        "  logs            Print the logs for a container in a pod\n\n"
        "Advanced Commands:\n"
        "  apply           Apply a configuration to a resource by file name or stdin\n"
        "  wait            Experimental: Wait for a specific condition on one or many "
        "resources\n\n"
        "Other Commands:\n"
        "  version         Print the client and server version information\n\n"
        "Usage:\n  kubectl [flags] [options]\n\n"
        "Use \"kubectl <command> --help\" for more information about a given command.\n"
        "Use \"kubectl options\" for a list of global command-line options (applies to all "
        "commands).\n"));
    return ctx.finish(0);
}

// `kubectl SUB --help`: what the subcommand does, its usage line and the flags the
// mini-cluster takes (kubectl's own pages list many more).
int subcommandHelp(KubectlContext &ctx)
{
    struct Page
    {
        const char *name;
        const char *summary;
        const char *usage;
    };
    static const Page pages[] = {
        {"apply", "Apply a configuration to a resource by file name or stdin.",
         "kubectl apply (-f FILENAME | -k DIRECTORY) [options]"},
        {"create", "Create a resource from a file or from stdin.",
         "kubectl create -f FILENAME [options]"},
        {"get", "Display one or many resources.",
         "kubectl get [(-o|--output=)json|yaml|name|go-template|go-template-file|template|"
         "templatefile|jsonpath|jsonpath-as-json|jsonpath-file|custom-columns|"
         "custom-columns-file|wide] (TYPE[.VERSION][.GROUP] [NAME | -l label] | "
         "TYPE[.VERSION][.GROUP]/NAME ...) [flags] [options]"},
        {"describe", "Show details of a specific resource or group of resources.",
         "kubectl describe (-f FILENAME | TYPE [NAME_PREFIX | -l label] | TYPE/NAME) [options]"},
        {"logs", "Print the logs for a container in a pod or specified resource.",
         "kubectl logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER] [options]"},
        {"delete",
         "Delete resources by file names, stdin, resources and names, or by resources and label "
         "selector.",
         "kubectl delete ([-f FILENAME] | [-k DIRECTORY] | TYPE [(NAME | -l label | --all)]) "
         "[options]"},
        {"wait", "Experimental: Wait for a specific condition on one or many resources.",
         "kubectl wait ([-f FILENAME] | resource.group/resource.name | resource.group "
         "[(-l label | --all)]) [--for=delete|--for condition=available|--for=jsonpath='{}'"
         "[=value]] [options]"},
        {"version", "Print the client and server version information for the current context.",
         "kubectl version [flags] [options]"},
    };
    QStringList flags;
    for (const FlagSpec &f : flagsFor(ctx.subcommand))
        flags << (f.shortName ? QStringLiteral("    -%1, --%2")
                                    .arg(QLatin1Char(f.shortName))
                                    .arg(QLatin1String(f.longName))
                              : QStringLiteral("        --%1").arg(QLatin1String(f.longName)));
    for (const Page &page : pages) {
        if (ctx.subcommand != QLatin1String(page.name))
            continue;
        ctx.out(
            QStringLiteral("%1\n\nOptions:\n%2\n\nUsage:\n  %3\n\nUse \"kubectl options\" for "
                           "a list of global command-line options (applies to all commands).\n")
                .arg(QLatin1String(page.summary), flags.join(u'\n'), QLatin1String(page.usage)));
    }
    return ctx.finish(0);
}

} // namespace

qint64 durationSeconds(QString text)
{
    qint64 unit = 1;
    if (text.endsWith(u's')) {
        text.chop(1);
    } else if (text.endsWith(u'm')) {
        text.chop(1);
        unit = 60;
    } else if (text.endsWith(u'h')) {
        text.chop(1);
        unit = 3600;
    }
    return qint64(text.toDouble() * double(unit));
}

QString ageOf(const Value &object, qint64 now)
{
    const qint64 created = parseRfc3339(at(object, {"metadata", "creationTimestamp"}).toString());
    if (created < 0)
        return QStringLiteral("<unknown>");
    return humanDuration(now - created);
}

QList<ResourceRef> parseResourceArgs(const QStringList &positional, QString *error)
{
    QList<ResourceRef> refs;
    if (positional.isEmpty())
        return refs;
    auto resolve = [&](const QString &typed) -> const KindInfo * {
        const KindInfo *kind = kindForResource(typed);
        if (!kind && error && error->isEmpty())
            *error =
                QStringLiteral("error: the server doesn't have a resource type \"%1\"").arg(typed);
        return kind;
    };
    if (positional.first().contains(u'/')) {
        for (const QString &arg : positional) {
            const qsizetype slash = arg.indexOf(u'/');
            if (slash < 0) {
                if (error && error->isEmpty())
                    *error = QStringLiteral("error: there is no need to specify a resource type "
                                            "as a separate argument when passing arguments in "
                                            "resource/name form (e.g. 'kubectl get "
                                            "resource/<resource_name>' instead of 'kubectl get "
                                            "resource resource/<resource_name>'");
                return {};
            }
            const KindInfo *kind = resolve(arg.left(slash));
            if (!kind)
                return {};
            refs << ResourceRef{kind, arg.mid(slash + 1)};
        }
        return refs;
    }
    QList<const KindInfo *> kinds;
    for (const QString &typed : positional.first().split(u',', Qt::SkipEmptyParts)) {
        const KindInfo *kind = resolve(typed);
        if (!kind)
            return {};
        kinds << kind;
    }
    const QStringList names = positional.mid(1);
    for (const KindInfo *kind : kinds) {
        if (names.isEmpty())
            refs << ResourceRef{kind, QString()};
        for (const QString &name : names)
            refs << ResourceRef{kind, name};
    }
    return refs;
}

bool matchesSelector(const Value &labels, const QString &selector, bool *valid)
{
    if (valid)
        *valid = true;
    // Split on commas outside parentheses.
    QStringList terms;
    int depth = 0;
    QString current;
    for (QChar c : selector) {
        if (c == u'(')
            ++depth;
        if (c == u')')
            --depth;
        if (c == u',' && depth == 0) {
            terms << current.trimmed();
            current.clear();
        } else {
            current += c;
        }
    }
    if (!current.trimmed().isEmpty())
        terms << current.trimmed();
    static const QRegularExpression setTerm(
        QStringLiteral("^([A-Za-z0-9_./-]+)\\s+(in|notin)\\s+\\(([^)]*)\\)$"));
    for (const QString &term : std::as_const(terms)) {
        if (term.isEmpty())
            continue;
        const QRegularExpressionMatch m = setTerm.match(term);
        if (m.hasMatch()) {
            QStringList values;
            for (const QString &v : m.captured(3).split(u','))
                values << v.trimmed();
            const Value *v = labels.find(m.captured(1));
            const bool in = v && values.contains(v->toString());
            if ((m.captured(2) == QLatin1String("in")) != in)
                return false;
            continue;
        }
        if (term.startsWith(u'!')) {
            if (labels.contains(term.mid(1).trimmed()))
                return false;
            continue;
        }
        qsizetype op = term.indexOf(QLatin1String("!="));
        if (op >= 0) {
            const Value *v = labels.find(term.left(op).trimmed());
            if (v && v->toString() == term.mid(op + 2).trimmed())
                return false;
            continue;
        }
        op = term.indexOf(QLatin1String("=="));
        qsizetype width = 2;
        if (op < 0) {
            op = term.indexOf(u'=');
            width = 1;
        }
        if (op >= 0) {
            const Value *v = labels.find(term.left(op).trimmed());
            if (!v || v->toString() != term.mid(op + width).trimmed())
                return false;
            continue;
        }
        if (term.contains(u' ') || term.contains(u'(')) {
            if (valid)
                *valid = false;
            return false;
        }
        if (!labels.contains(term))
            return false;
    }
    return true;
}

namespace {

// os.Open's and io.ReadAll's words for a file kubectl could not read.
QString fileError(const ClientFile &file)
{
    const bool opening = file.status == QLatin1String("denied") ||
                         file.status == QLatin1String("missing") ||
                         file.status == QLatin1String("error");
    return QStringLiteral("error: %1 %2: %3")
        .arg(opening ? QStringLiteral("open") : QStringLiteral("read"), file.name, file.reason());
}

} // namespace

bool readManifests(const QStringList &paths, const NamedFiles &files, const QByteArray &stdinData,
                   QList<ManifestObject> *objects, QString *error)
{
    struct Source
    {
        QString name;
        QByteArray bytes;
        bool tooLarge = false;
    };
    QList<Source> sources;
    for (const QString &path : paths) {
        if (path == QLatin1String("-")) {
            sources << Source{QStringLiteral("STDIN"), stdinData};
            continue;
        }
        const FileAnswer answer = files.value(path);
        if (answer.isEmpty() || answer.first().status == QLatin1String("missing")) {
            *error = QStringLiteral("error: the path \"%1\" does not exist").arg(path);
            return false;
        }
        // A folder comes first as itself, then as the files kubectl reads in it.
        const bool folder = answer.first().status == QLatin1String("folder");
        for (qsizetype i = folder ? 1 : 0; i < answer.size(); ++i) {
            const ClientFile &file = answer[i];
            // Over the client's cap (8 MiB), so over the API server's 3 MiB too: kubectl would
            // read it and the server refuse it, as below for a large document.
            if (file.status == QLatin1String("toobig")) {
                sources << Source{file.name, QByteArray(), true};
                continue;
            }
            if (!file.ok()) {
                *error = fileError(file);
                return false;
            }
            sources << Source{file.name, file.data};
        }
    }
    for (const auto &[source, bytes, tooLarge] : sources) {
        if (tooLarge) {
            objects->append(ManifestObject{Value::map(), source, true});
            continue;
        }
        const YamlReadResult read = readYamlDocuments(bytes);
        if (!read.ok()) {
            *error = QStringLiteral("error: error parsing %1: error converting YAML to JSON: %2")
                         .arg(source, read.error);
            return false;
        }
        for (const YamlDocument &doc : read.documents) {
            ManifestObject m;
            m.object = doc.root;
            m.source = source;
            if (doc.root.isNull() && doc.size > 3 * 1024 * 1024) {
                m.object = Value::map();
                m.tooLarge = true;
            } else if (!doc.root.isMap()) {
                *error = QStringLiteral("error: error parsing %1: error unmarshaling JSON: while "
                                        "decoding JSON: json: cannot unmarshal %2 into Go value "
                                        "of type map[string]interface {}")
                             .arg(source, doc.root.isList() ? QStringLiteral("array")
                                                            : QStringLiteral("string"));
                return false;
            }
            objects->append(m);
        }
    }
    return true;
}

namespace {

int applyManifests(KubectlContext &ctx, bool createOnly, const QByteArray &stdinData)
{
    const QStringList files = ctx.args.all(QStringLiteral("filename"));
    {
        QList<ManifestObject> objects;
        QString error;
        if (!readManifests(files, ctx.files, stdinData, &objects, &error))
            return ctx.fail(error);
        if (objects.isEmpty())
            return ctx.fail(
                QStringLiteral("error: no objects passed to %1")
                    .arg(createOnly ? QStringLiteral("create") : QStringLiteral("apply")));
        QStringList errors;
        const QString outputMode = ctx.args.value(QStringLiteral("output"));
        for (ManifestObject &m : objects) {
            if (m.tooLarge) {
                errors << QStringLiteral("Error from server (RequestEntityTooLarge): error when "
                                         "creating \"%1\": Request entity too large: limit is "
                                         "3145728")
                              .arg(m.source);
                continue;
            }
            const QString apiVersion = m.object[QStringLiteral("apiVersion")].toString();
            const QString kindName = m.object[QStringLiteral("kind")].toString();
            if (kindName.isEmpty() || apiVersion.isEmpty()) {
                errors << QStringLiteral("error: error validating \"%1\": error validating data: "
                                         "%2 not set; if you choose to ignore these errors, turn "
                                         "validation off with --validate=false")
                              .arg(m.source, kindName.isEmpty() ? QStringLiteral("kind")
                                                                : QStringLiteral("apiVersion"));
                continue;
            }
            const KindInfo *kind = kindFor(apiVersion, kindName);
            if (!kind || !kind->creatable) {
                errors << QStringLiteral(
                              "error: resource mapping not found for name: \"%1\" "
                              "namespace: \"%2\" from \"%3\": no matches for kind "
                              "\"%4\" in version \"%5\"\nensure CRDs are installed first")
                              .arg(nameOf(m.object), namespaceOf(m.object), m.source, kindName,
                                   apiVersion);
                continue;
            }
            if (kind->namespaced && namespaceOf(m.object).isEmpty() &&
                ctx.args.has(QStringLiteral("namespace")))
                childAt(m.object, {"metadata"})
                    .set(QStringLiteral("namespace"), Value::string(ctx.ns()));
            const KubeCluster::Answer answer =
                ctx.cluster.apply(*kind, m.object, createOnly, m.source);
            for (const QString &w : answer.warnings)
                ctx.err(w.startsWith(QLatin1String("Warning: "))
                            ? w + u'\n'
                            : QStringLiteral("Warning: ") + w + u'\n');
            if (!answer.ok) {
                errors << answer.error;
                continue;
            }
            const QString name = nameOf(m.object);
            if (outputMode == QLatin1String("name"))
                ctx.out(QStringLiteral("%1/%2\n").arg(kind->qualifiedSingular(), name));
            else
                ctx.out(QStringLiteral("%1/%2 %3\n")
                            .arg(kind->qualifiedSingular(), name, answer.operation));
        }
        ctx.cluster.reconcile(); // the controllers react to what was sent
        for (const QString &e : std::as_const(errors))
            ctx.err(e + u'\n');
        return ctx.finish(errors.isEmpty() ? 0 : 1);
    }
}

} // namespace

int kubectlApply(KubectlContext &ctx, bool createOnly)
{
    const QStringList files = ctx.args.all(QStringLiteral("filename"));
    if (files.isEmpty())
        return ctx.fail(QStringLiteral("error: must specify one of -f and -k"));
    const auto proceed = [&](const QByteArray &data) {
        return applyManifests(ctx, createOnly, data);
    };
    if (!files.contains(QStringLiteral("-")))
        return proceed(QByteArray());
    // Standard input arrives later: what the answer needs is copied into the callback.
    auto invocation = std::make_shared<Invocation>(ctx.invocation);
    auto keep = std::make_shared<KubectlContext>(KubectlContext{
        *invocation, ctx.cluster, ctx.session, ctx.waiter, ctx.args, ctx.subcommand, ctx.files});
    ctx.session->readStdin([invocation, keep, createOnly](const QByteArray &data) {
        KubectlContext &c = *keep;
        applyManifests(c, createOnly, data);
    });
    return 0;
}

int kubectlDelete(KubectlContext &ctx)
{
    std::optional<int> grace;
    if (ctx.args.has(QStringLiteral("now")))
        grace = 1;
    if (ctx.args.has(QStringLiteral("grace-period"))) {
        bool ok = false;
        const int g = ctx.args.value(QStringLiteral("grace-period")).toInt(&ok);
        if (!ok)
            return ctx.fail(QStringLiteral("error: invalid argument \"%1\" for \"--grace-period\" "
                                           "flag: strconv.ParseInt: parsing \"%1\": invalid syntax")
                                .arg(ctx.args.value(QStringLiteral("grace-period"))));
        if (g >= 0)
            grace = g;
    }
    const bool force = ctx.args.has(QStringLiteral("force"));
    if (grace == 0 && !force)
        grace = 1; // --grace-period=0 without --force means 1 s, as kubectl says
    if (force && grace.value_or(-1) == 0)
        ctx.err(
            QStringLiteral("Warning: Immediate deletion does not wait for confirmation that the "
                           "running resource has been terminated. The resource may continue "
                           "to run on the cluster indefinitely.\n"));

    struct Target
    {
        const KindInfo *kind;
        QString ns;
        QString name;
    };
    QList<Target> targets;
    QStringList errors;
    const QStringList files = ctx.args.all(QStringLiteral("filename"));
    if (!files.isEmpty()) {
        QList<ManifestObject> objects;
        QString error;
        if (!readManifests(files, ctx.files, QByteArray(), &objects, &error))
            return ctx.fail(error);
        for (const ManifestObject &m : std::as_const(objects)) {
            const KindInfo *kind = kindFor(m.object[QStringLiteral("apiVersion")].toString(),
                                           m.object[QStringLiteral("kind")].toString());
            if (!kind)
                continue;
            const QString ns = namespaceOf(m.object).isEmpty() ? ctx.ns() : namespaceOf(m.object);
            targets << Target{kind, ns, nameOf(m.object)};
        }
    } else {
        QString error;
        const QList<ResourceRef> refs = parseResourceArgs(ctx.args.positional, &error);
        if (!error.isEmpty())
            return ctx.fail(error);
        if (refs.isEmpty())
            return ctx.fail(QStringLiteral(
                "error: You must provide one or more resources by argument or filename.\n"
                "Example resource specifications include:\n   '-f rsrc.yaml'\n   "
                "'--filename=rsrc.json'\n"
                "   '<resource> <name>'\n   '<resource>'"));
        const QString selector = ctx.args.value(QStringLiteral("selector"));
        for (const ResourceRef &ref : refs) {
            if (!ref.name.isEmpty()) {
                targets << Target{ref.kind, ctx.ns(), ref.name};
                continue;
            }
            if (selector.isEmpty() && !ctx.args.has(QStringLiteral("all")))
                return ctx.fail(QStringLiteral("error: resource(s) were provided, but no name was "
                                               "specified"));
            const QList<Value *> all = ctx.cluster.api().list(*ref.kind, ctx.ns());
            for (Value *object : all)
                if (selector.isEmpty() ||
                    matchesSelector(at(*object, {"metadata", "labels"}), selector))
                    targets << Target{ref.kind, namespaceOf(*object), nameOf(*object)};
            if (all.isEmpty() || targets.isEmpty())
                ctx.err(QStringLiteral("No resources found\n"));
        }
    }
    QList<Target> pods; // deletions to wait for
    for (const Target &t : std::as_const(targets)) {
        const KubeCluster::Answer answer = ctx.cluster.remove(*t.kind, t.ns, t.name, grace);
        if (!answer.ok) {
            if (!ctx.args.has(QStringLiteral("ignore-not-found")))
                errors << answer.error;
            continue;
        }
        ctx.out(QStringLiteral("%1 \"%2\" %3\n")
                    .arg(t.kind->qualifiedSingular(), t.name,
                         force && grace.value_or(-1) == 0 ? QStringLiteral("force deleted")
                                                          : QStringLiteral("deleted")));
        if (t.kind->kind == QLatin1String("Pod"))
            pods << t;
    }
    ctx.cluster.reconcile();
    const int code = errors.isEmpty() ? 0 : 1;
    for (const QString &e : std::as_const(errors))
        ctx.err(e + u'\n');
    // --wait=true: the command returns once the pods it deleted are gone.
    const bool wait =
        ctx.args.value(QStringLiteral("wait"), QStringLiteral("true")) != QLatin1String("false");
    if (!wait || pods.isEmpty() || !ctx.waiter)
        return ctx.finish(code);
    KubeCluster *cluster = &ctx.cluster;
    CommandSessionPtr session = ctx.session;
    const KindInfo *podKind = kindForResource(QStringLiteral("pods"));
    ctx.waiter->waitFor(
        session, ctx.invocation.env(QStringLiteral("SCHEDLAB_OWNER")),
        [cluster, pods, session, code, podKind]() {
            for (const Target &t : pods)
                if (cluster->api().find(*podKind, t.ns, t.name))
                    return false;
            session->finish(code);
            return true;
        },
        0, nullptr);
    return code;
}

int kubectlWait(KubectlContext &ctx)
{
    const QString forText = ctx.args.value(QStringLiteral("for"));
    if (forText.isEmpty())
        return ctx.fail(QStringLiteral("error: --for must be specified"));
    QString condition;
    bool waitDelete = false;
    if (forText.startsWith(QLatin1String("condition="), Qt::CaseInsensitive))
        condition = forText.mid(10);
    else if (forText == QLatin1String("delete"))
        waitDelete = true;
    else
        return ctx.fail(QStringLiteral("error: unrecognized condition: \"%1\"").arg(forText));
    QString wantedStatus = QStringLiteral("True");
    if (const qsizetype eq = condition.indexOf(u'='); eq >= 0) {
        wantedStatus = condition.mid(eq + 1);
        condition = condition.left(eq);
    }
    QString error;
    const QList<ResourceRef> refs = parseResourceArgs(ctx.args.positional, &error);
    if (!error.isEmpty())
        return ctx.fail(error);
    if (refs.isEmpty())
        return ctx.fail(
            QStringLiteral("error: resource(s) were provided, but no name was specified"));
    const qint64 timeout = ctx.args.has(QStringLiteral("timeout"))
                               ? durationSeconds(ctx.args.value(QStringLiteral("timeout")))
                               : 30;
    struct Item
    {
        const KindInfo *kind;
        QString ns;
        QString name;
        bool done = false;
    };
    auto items = std::make_shared<QList<Item>>();
    for (const ResourceRef &ref : refs) {
        if (ref.name.isEmpty()) {
            for (Value *object : ctx.cluster.api().list(*ref.kind, ctx.ns()))
                items->append(Item{ref.kind, namespaceOf(*object), nameOf(*object)});
            continue;
        }
        if (!ctx.cluster.api().find(*ref.kind, ctx.ns(), ref.name) && !waitDelete)
            return ctx.fail(QStringLiteral("Error from server (NotFound): %1 \"%2\" not found")
                                .arg(ref.kind->qualifiedResource(), ref.name));
        items->append(Item{ref.kind, ctx.ns(), ref.name});
    }
    KubeCluster *cluster = &ctx.cluster;
    CommandSessionPtr session = ctx.session;
    auto check = [cluster, items, session, condition, wantedStatus, waitDelete]() {
        bool all = true;
        for (Item &item : *items) {
            if (item.done)
                continue;
            const Value *object = cluster->api().find(*item.kind, item.ns, item.name);
            bool met = false;
            if (waitDelete) {
                met = !object;
            } else if (object) {
                for (const Value &c : at(*object, {"status", "conditions"}).items())
                    if (c[QStringLiteral("type")].toString().compare(condition,
                                                                     Qt::CaseInsensitive) == 0 &&
                        c[QStringLiteral("status")].toString().compare(wantedStatus,
                                                                       Qt::CaseInsensitive) == 0)
                        met = true;
            }
            if (met) {
                item.done = true;
                session->writeOut(QStringLiteral("%1/%2 condition met\n")
                                      .arg(item.kind->qualifiedSingular(), item.name)
                                      .toUtf8());
            } else {
                all = false;
            }
        }
        if (all)
            session->finish(0);
        return all;
    };
    if (check())
        return 0;
    auto timedOut = [items, session]() {
        for (const Item &item : *items)
            if (!item.done) {
                session->writeErr(
                    QStringLiteral("error: timed out waiting for the condition on %1/%2\n")
                        .arg(item.kind->resource, item.name)
                        .toUtf8());
                break;
            }
        session->finish(1);
    };
    if (!ctx.waiter) {
        timedOut();
        return 1;
    }
    ctx.waiter->waitFor(session, ctx.invocation.env(QStringLiteral("SCHEDLAB_OWNER")), check,
                        cluster->now() + timeout, timedOut);
    return 0;
}

namespace {

// The first word that is not a global flag or its value, or -1.
int subcommandIndex(const QStringList &argv)
{
    for (int i = 0; i < argv.size(); ++i) {
        const QString &a = argv[i];
        if (a == QLatin1String("-n") || a == QLatin1String("--namespace")) {
            ++i;
            continue;
        }
        if (a.startsWith(u'-'))
            continue;
        return i;
    }
    return -1;
}

} // namespace

// What the subcommand will read: -f files and folders (apply, create, delete) and the
// template of get's -o jsonpath-file= / go-template-file= / custom-columns-file=.
QList<FileRequest> kubectlNamedFiles(const QString &sub, const KubectlArgs &args)
{
    QList<FileRequest> requests;
    if (args.has(QStringLiteral("help")))
        return requests;
    if (sub == QLatin1String("apply") || sub == QLatin1String("create") ||
        sub == QLatin1String("delete")) {
        const bool recursive = args.flag(QStringLiteral("recursive"), false);
        QStringList seen;
        for (const QString &path : args.all(QStringLiteral("filename"))) {
            if (path == QLatin1String("-") || seen.contains(path))
                continue;
            seen << path;
            FileRequest request;
            request.path = path;
            request.folder = true;
            request.recursive = recursive;
            requests << request;
        }
    }
    if (sub == QLatin1String("get")) {
        const QString file = OutputPrinter::templateFile(args);
        if (!file.isEmpty())
            requests << FileRequest{file, {}, false, false};
    }
    return requests;
}

namespace {

void runSubcommand(KubectlContext &ctx)
{
    const QString &sub = ctx.subcommand;
    if (ctx.args.has(QStringLiteral("help")))
        subcommandHelp(ctx);
    else if (sub == QLatin1String("version"))
        kubectlVersion(ctx);
    else if (sub == QLatin1String("apply"))
        kubectlApply(ctx, false);
    else if (sub == QLatin1String("create"))
        kubectlApply(ctx, true);
    else if (sub == QLatin1String("get"))
        kubectlGet(ctx);
    else if (sub == QLatin1String("describe"))
        kubectlDescribe(ctx);
    else if (sub == QLatin1String("logs"))
        kubectlLogs(ctx);
    else if (sub == QLatin1String("delete"))
        kubectlDelete(ctx);
    else if (sub == QLatin1String("wait"))
        kubectlWait(ctx);
}

} // namespace

void runKubectl(const Invocation &invocation, KubeCluster &cluster, CommandSessionPtr session,
                KubectlWaiter *waiter)
{
    KubectlContext ctx{invocation, cluster, session, waiter, {}, {}, {}};
    QStringList argv = invocation.args;
    const int subIndex = subcommandIndex(argv);
    if (subIndex < 0) {
        kubectlHelp(ctx);
        return;
    }
    ctx.subcommand = argv.takeAt(subIndex);
    static const QStringList known{QStringLiteral("apply"), QStringLiteral("create"),
                                   QStringLiteral("get"),   QStringLiteral("describe"),
                                   QStringLiteral("logs"),  QStringLiteral("delete"),
                                   QStringLiteral("wait"),  QStringLiteral("version")};
    if (!known.contains(ctx.subcommand)) {
        ctx.fail(QStringLiteral("error: unknown command \"%1\" for \"kubectl\"\nRun 'kubectl "
                                "--help' for usage.")
                     .arg(ctx.subcommand));
        return;
    }
    QString error;
    if (!parseArgs(ctx.subcommand, argv, &ctx.args, &error)) {
        ctx.fail(error);
        return;
    }
    // Read by the client before the command ran (the engine never opens a path a client
    // names); in process, read here.
    for (const FileRequest &request : kubectlNamedFiles(ctx.subcommand, ctx.args))
        ctx.files.insert(request.path, invocation.file(request));
    runSubcommand(ctx);
}

QList<FileRequest> kubectlNamedFiles(const Invocation &invocation)
{
    QStringList argv = invocation.args;
    const int subIndex = subcommandIndex(argv);
    if (subIndex < 0)
        return {};
    const QString sub = argv.takeAt(subIndex);
    KubectlArgs args;
    QString error;
    if (!parseArgs(sub, argv, &args, &error))
        return {};
    return kubectlNamedFiles(sub, args);
}

} // namespace schedlab::kube
