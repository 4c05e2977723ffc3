// Checkers of an sbatch script, read by the mini-cluster's own parser: the shebang, the
// directives' values (compared after parsing), the commands, and directives left too late.
#include "checkers.h"

#include "sbatchparser.h"

#include <QRegularExpression>

namespace schedlab::grader {

namespace {

using slurm::JobRequest;
using slurm::ScriptDiagnostic;

// What sbatch makes of a script. A script sbatch refuses (no shebang, CRLF) is still read
// with those two repaired, so that its options can be judged on their own.
struct ScriptReading
{
    QStringList lines; // without line ends
    slurm::DirectiveScan scan;
    std::optional<JobRequest> request;
    QString refusal; // sbatch's message when it refuses the script as it is
};

slurm::SbatchCommandLine commandLineFor(const QString &name)
{
    return std::get<slurm::SbatchCommandLine>(slurm::parseSbatchCommandLine(QStringList{name}));
}

std::optional<JobRequest> parseRequest(const QByteArray &script, QString *refusal)
{
    slurm::SbatchInput input;
    input.commandLine = commandLineFor(QStringLiteral("sommeil.sbatch"));
    input.script = script;
    input.scriptName = QStringLiteral("sommeil.sbatch");
    const auto parsed = slurm::parseSbatch(input);
    if (const auto *ok = std::get_if<slurm::SbatchParse>(&parsed))
        return ok->request;
    if (refusal)
        *refusal = std::get<slurm::ToolFailure>(parsed).stderrText.trimmed();
    return std::nullopt;
}

ScriptReading readScript(const QByteArray &bytes)
{
    ScriptReading r;
    for (QByteArray line : bytes.split('\n')) {
        if (line.endsWith('\r'))
            line.chop(1);
        r.lines << QString::fromUtf8(line);
    }
    if (!r.lines.isEmpty() && r.lines.last().isEmpty())
        r.lines.removeLast();
    QByteArray repaired = bytes;
    repaired.replace("\r\n", "\n");
    r.scan = slurm::scanDirectives(repaired);
    r.request = parseRequest(bytes, &r.refusal);
    if (!r.request) {
        if (!repaired.startsWith("#!"))
            repaired.prepend("#!/bin/bash\n");
        r.request = parseRequest(repaired, nullptr);
    }
    return r;
}

QString quoteLine(const ScriptReading &r, int line)
{
    return QStringLiteral("ligne %1 : %2").arg(line).arg(r.lines.value(line - 1).trimmed());
}

// The options the rubric compares, and how to read each from a parsed request.
struct OptionField
{
    const char *name;
    std::function<QString(const JobRequest &)> value;
};

QString optionalInt(const std::optional<int> &v)
{
    return v ? QString::number(*v) : QString();
}

const QList<OptionField> &optionFields()
{
    static const QList<OptionField> fields{
        {"job-name", [](const JobRequest &r) { return r.jobName; }},
        {"output", [](const JobRequest &r) { return r.output; }},
        {"error", [](const JobRequest &r) { return r.error; }},
        {"time",
         [](const JobRequest &r) {
             return r.timeLimitMinutes == slurm::kNoValMinutes
                        ? QString()
                        : QString::number(r.timeLimitMinutes);
         }},
        {"cpus-per-task", [](const JobRequest &r) { return optionalInt(r.cpusPerTask); }},
        {"mem",
         [](const JobRequest &r) {
             return r.memPerNodeMb ? QString::number(*r.memPerNodeMb) : QString();
         }},
        {"mem-per-cpu",
         [](const JobRequest &r) {
             return r.memPerCpuMb ? QString::number(*r.memPerCpuMb) : QString();
         }},
        {"partition", [](const JobRequest &r) { return r.partition; }},
        {"account", [](const JobRequest &r) { return r.account; }},
        {"nodes", [](const JobRequest &r) { return optionalInt(r.minNodes); }},
        {"ntasks", [](const JobRequest &r) { return optionalInt(r.ntasks); }},
    };
    return fields;
}

const OptionField *optionField(const QString &name)
{
    for (const OptionField &f : optionFields())
        if (name == QLatin1String(f.name))
            return &f;
    return nullptr;
}

// The request one directive alone makes: tells which option a directive sets, however it
// is written (-t 2, --time 2, --ti=2).
std::optional<JobRequest> requestOfDirective(const QStringList &words)
{
    QByteArray script = "#!/bin/bash\n#SBATCH";
    for (const QString &w : words)
        script += ' ' + w.toUtf8();
    script += "\ntrue\n";
    return parseRequest(script, nullptr);
}

struct DirectiveWriting
{
    int line = 0;
    QString text; // as written after "#SBATCH "
};

// The directive lines that set `field`, first to last.
QList<DirectiveWriting> directivesSetting(const ScriptReading &r, const OptionField &field)
{
    static const JobRequest empty = *requestOfDirective({});
    QList<DirectiveWriting> found;
    for (const auto &d : r.scan.directives) {
        const auto alone = requestOfDirective(d.words);
        if (alone && field.value(*alone) != field.value(empty))
            found << DirectiveWriting{d.line, d.words.join(u' ')};
    }
    return found;
}

// Late directives (after the first command) that would have set `field`.
QList<int> lateDirectivesFor(const ScriptReading &r, const OptionField &field)
{
    static const JobRequest empty = *requestOfDirective({});
    QList<int> lines;
    for (const ScriptDiagnostic &d : r.scan.diagnostics) {
        if (d.kind != ScriptDiagnostic::Kind::DirectiveAfterCommand)
            continue;
        QString text = r.lines.value(d.line - 1).trimmed();
        text.remove(0, QStringLiteral("#SBATCH").size());
        const auto alone = requestOfDirective(text.split(u' ', Qt::SkipEmptyParts));
        if (alone && field.value(*alone) != field.value(empty))
            lines << d.line;
    }
    return lines;
}

ScriptReading readingOf(CheckContext &ctx, const Criterion &c)
{
    return readScript(ctx.file(c.file).bytes);
}

CheckOutcome checkShebang(const Criterion &c, CheckContext &ctx)
{
    if (!ctx.file(c.file).usable())
        return unusableFile(ctx.file(c.file), c.file);
    const ScriptReading r = readingOf(ctx, c);
    const QString first = r.lines.value(0).trimmed();
    const QString expected =
        c.params.value(QStringLiteral("expect"), QStringLiteral("#!/bin/bash")).toString();
    CheckOutcome out;
    out.evidence = quoteLine(r, 1);
    if (ctx.file(c.file).bytes.contains("\r\n")) {
        out.note = QStringLiteral("Le fichier a des fins de ligne Windows (CRLF) : sbatch le "
                                  "refuse. Enregistrez-le avec des fins de ligne Unix (LF).");
        return out;
    }
    if (first == expected) {
        out.passed = true;
        return out;
    }
    static const QRegularExpression otherBash(QStringLiteral("^#!\\s*(/usr)?/bin/(env\\s+)?bash$"));
    if (otherBash.match(first).hasMatch()) {
        // Runs bash all the same: right in substance, not the line the notes ask for.
        out.passed = true;
        out.confidence = 0.6;
        out.note = QStringLiteral("« %1 » lance bien bash, mais les notes demandent exactement %2.")
                       .arg(first, expected);
        return out;
    }
    out.note = first.startsWith(QLatin1String("#!"))
                   ? QStringLiteral("La première ligne lance un autre interpréteur que bash.")
                   : QStringLiteral("La première ligne n'est pas un shebang : sbatch refuse un "
                                    "script qui ne commence pas par #!.");
    return out;
}

// One expected option checked against the parsed request. Empty when it matches.
QString optionProblem(const ScriptReading &r, const OptionField &field, const QString &expected,
                      const JobRequest &reference, QStringList *notes, QStringList *evidence)
{
    const QString want = field.value(reference);
    const QString got = r.request ? field.value(*r.request) : QString();
    const QList<DirectiveWriting> writings = directivesSetting(r, field);
    for (const DirectiveWriting &w : writings)
        *evidence << QStringLiteral("ligne %1 : #SBATCH %2").arg(w.line).arg(w.text);
    if (got == want && !want.isEmpty()) {
        const QString canonical =
            QStringLiteral("--%1=%2").arg(QLatin1String(field.name), expected);
        if (!writings.isEmpty() && writings.last().text != canonical)
            *notes << QStringLiteral("« %1 » revient au même que %2, la forme des notes.")
                          .arg(writings.last().text, canonical);
        return QString();
    }
    if (got.isEmpty()) {
        if (!lateDirectivesFor(r, field).isEmpty())
            return QStringLiteral("--%1 est écrit après la première commande (ligne %2) : "
                                  "Slurm ne le lit plus")
                .arg(QLatin1String(field.name))
                .arg(lateDirectivesFor(r, field).first());
        return QStringLiteral("--%1=%2 manque").arg(QLatin1String(field.name), expected);
    }
    return QStringLiteral("--%1 ne vaut pas %2 (« %3 »)")
        .arg(QLatin1String(field.name), expected, writings.isEmpty() ? got : writings.last().text);
}

// What sbatch's parser remarks on the directives, said to the student: a shell variable left
// as text, a time limit rounded up to the minute.
QString parserRemarks(const ScriptReading &r)
{
    QStringList remarks;
    for (const ScriptDiagnostic &d : r.scan.diagnostics) {
        if (d.kind == ScriptDiagnostic::Kind::ShellVariable)
            remarks << QStringLiteral(
                           "Ligne %1 : « %2 » reste tel quel, Slurm ne développe pas les "
                           "variables du shell dans une directive.")
                           .arg(d.line)
                           .arg(d.option);
        else if (d.kind == ScriptDiagnostic::Kind::TimeRounded)
            remarks << QStringLiteral("Ligne %1 : Slurm arrondit --time à la minute supérieure.")
                           .arg(d.line);
    }
    return remarks.join(u' ');
}

CheckOutcome checkDirectives(const Criterion &c, CheckContext &ctx)
{
    if (!ctx.file(c.file).usable())
        return unusableFile(ctx.file(c.file), c.file);
    const ScriptReading r = readingOf(ctx, c);
    const QVariantMap expect = c.params.value(QStringLiteral("expect")).toMap();
    QStringList words;
    for (auto it = expect.constBegin(); it != expect.constEnd(); ++it)
        words << QStringLiteral("--%1=%2").arg(it.key(), it.value().toString());
    const std::optional<JobRequest> reference = requestOfDirective(words);
    QStringList problems, notes, evidence;
    for (auto it = expect.constBegin(); it != expect.constEnd(); ++it) {
        const OptionField *field = optionField(it.key());
        if (!field || !reference) {
            problems << QStringLiteral("la grille demande une option inconnue : %1").arg(it.key());
            continue;
        }
        const QString problem =
            optionProblem(r, *field, it.value().toString(), *reference, &notes, &evidence);
        if (!problem.isEmpty())
            problems << problem;
    }
    CheckOutcome out;
    out.passed = problems.isEmpty();
    out.evidence = evidence.join(QStringLiteral(" ; "));
    out.note = (problems.isEmpty() ? notes : problems).join(QStringLiteral(" ; "));
    if (!out.note.isEmpty())
        out.note = out.note.at(0).toUpper() + out.note.mid(1) + u'.';
    const QString remarks = parserRemarks(r);
    if (!remarks.isEmpty())
        out.note = out.note.isEmpty() ? remarks : out.note + u' ' + remarks;
    return out;
}

// A command line as the course means it: "sleep 30s" is "sleep 30", "/bin/hostname" is
// "hostname" (said in a note).
QString canonicalCommand(const QString &line, QString *note)
{
    QString command = line.simplified();
    static const QRegularExpression absolute(QStringLiteral("^/(usr/)?bin/"));
    if (command.contains(absolute)) {
        command.remove(absolute);
        *note = QStringLiteral("« %1 » lance le même programme que « %2 ».")
                    .arg(line.trimmed(), command);
    }
    if (command == QLatin1String("sleep 30s")) {
        command = QStringLiteral("sleep 30");
        *note = QStringLiteral("« sleep 30s » dort bien 30 secondes, comme « sleep 30 ».");
    }
    return command;
}

CheckOutcome checkCommands(const Criterion &c, CheckContext &ctx)
{
    if (!ctx.file(c.file).usable())
        return unusableFile(ctx.file(c.file), c.file);
    const ScriptReading r = readingOf(ctx, c);
    const QStringList expected = c.params.value(QStringLiteral("commands")).toStringList();
    QStringList found, notes, evidence;
    for (int i = r.scan.firstCommandLine; i > 0 && i <= r.lines.size(); ++i) {
        const QString line = r.lines[i - 1].trimmed();
        if (line.isEmpty() || line.startsWith(u'#'))
            continue;
        QString note;
        found << canonicalCommand(line, &note);
        if (!note.isEmpty())
            notes << note;
        evidence << QStringLiteral("ligne %1 : %2").arg(i).arg(line);
    }
    CheckOutcome out;
    out.evidence = evidence.join(QStringLiteral(" ; "));
    out.passed = found == expected;
    if (out.passed) {
        out.note = notes.join(u' ');
    } else if (found.isEmpty()) {
        out.note = QStringLiteral("Le script n'a aucune commande.");
    } else {
        out.note = QStringLiteral("Les commandes trouvées sont : %1 ; attendu : %2.")
                       .arg(found.join(QStringLiteral(", ")), expected.join(QStringLiteral(", ")));
    }
    return out;
}

CheckOutcome checkNoLateDirective(const Criterion &c, CheckContext &ctx)
{
    if (!ctx.file(c.file).usable())
        return unusableFile(ctx.file(c.file), c.file);
    const ScriptReading r = readingOf(ctx, c);
    QStringList late;
    for (const ScriptDiagnostic &d : r.scan.diagnostics)
        if (d.kind == ScriptDiagnostic::Kind::DirectiveAfterCommand)
            late << quoteLine(r, d.line);
    CheckOutcome out;
    out.passed = late.isEmpty();
    out.evidence = late.join(QStringLiteral(" ; "));
    if (!out.passed)
        out.note = QStringLiteral("Slurm cesse de lire les #SBATCH à la première commande "
                                  "(ligne %1) : %2 n'a aucun effet.")
                       .arg(r.scan.firstCommandLine)
                       .arg(late.size() == 1 ? QStringLiteral("cette directive")
                                             : QStringLiteral("ces directives"));
    return out;
}

// A rule about how directives are written says nothing of a script without any: it is not
// earned by writing none.
std::optional<CheckOutcome> noDirectiveToJudge(const ScriptReading &r)
{
    if (!r.scan.directives.isEmpty())
        return std::nullopt;
    CheckOutcome out;
    out.note = QStringLiteral("Le script n'a aucune directive #SBATCH lue par Slurm : il n'y a "
                              "rien à juger ici.");
    return out;
}

// A directive is read by sbatch, not by the shell: "$HOME" or "${USER}" in it stays as written
// (the course's rule). One line is enough to fail.
CheckOutcome checkNoVariable(const Criterion &c, CheckContext &ctx)
{
    if (!ctx.file(c.file).usable())
        return unusableFile(ctx.file(c.file), c.file);
    const ScriptReading r = readingOf(ctx, c);
    if (const auto none = noDirectiveToJudge(r))
        return *none;
    CheckOutcome out;
    out.passed = true;
    for (const ScriptDiagnostic &d : r.scan.diagnostics) {
        if (d.kind != ScriptDiagnostic::Kind::ShellVariable)
            continue;
        out.passed = false;
        out.evidence = quoteLine(r, d.line);
        out.note = QStringLiteral("Ligne %1 : « %2 » reste tel quel, Slurm ne développe pas les "
                                  "variables du shell dans une directive.")
                       .arg(d.line)
                       .arg(d.option);
        break;
    }
    return out;
}

// The values the organisers gave for `option` (the rubric's `given:`, set per class); none
// when they gave none.
QStringList givenValues(const Criterion &c, const QString &option)
{
    const QVariant v = c.params.value(QStringLiteral("given")).toMap().value(option);
    return v.typeId() == QMetaType::QVariantList
               ? v.toStringList()
               : (v.isValid() ? QStringList{v.toString()} : QStringList());
}

// --partition and --account only with the values the organisers gave: an invented one makes
// sbatch refuse the job on the real cluster, and the site's default is the right choice.
CheckOutcome checkOnlyGiven(const Criterion &c, CheckContext &ctx)
{
    if (!ctx.file(c.file).usable())
        return unusableFile(ctx.file(c.file), c.file);
    const ScriptReading r = readingOf(ctx, c);
    if (const auto none = noDirectiveToJudge(r))
        return *none;
    CheckOutcome out;
    out.passed = true;
    for (const QString &option : c.params.value(QStringLiteral("options")).toStringList()) {
        const OptionField *field = optionField(option);
        if (!field)
            continue; // validateRubric names it
        const QStringList given = givenValues(c, option);
        for (const DirectiveWriting &w : directivesSetting(r, *field)) {
            const QString value = field->value(*requestOfDirective(w.text.split(u' ')));
            if (given.contains(value))
                continue;
            out.passed = false;
            out.evidence = quoteLine(r, w.line);
            out.note = given.isEmpty()
                           ? QStringLiteral("Ligne %1 : les organisateurs n'ont donné aucune "
                                            "valeur pour --%2, la directive ne doit pas y être "
                                            "(la valeur par défaut du site s'applique).")
                                 .arg(w.line)
                                 .arg(option)
                           : QStringLiteral("Ligne %1 : « %2 » n'est pas une valeur donnée par "
                                            "les organisateurs pour --%3 (%4).")
                                 .arg(w.line)
                                 .arg(value, option, given.join(QStringLiteral(", ")));
            return out;
        }
    }
    return out;
}

} // namespace

void addScriptCheckers(CheckerTable &table)
{
    table.insert(QStringLiteral("script.shebang"), {checkShebang});
    table.insert(QStringLiteral("script.directives"), {checkDirectives});
    table.insert(QStringLiteral("script.commands"), {checkCommands});
    table.insert(QStringLiteral("script.no-late-directive"), {checkNoLateDirective});
    table.insert(QStringLiteral("script.no-variable"), {checkNoVariable});
    table.insert(QStringLiteral("script.only-given"), {checkOnlyGiven});
}

} // namespace schedlab::grader
