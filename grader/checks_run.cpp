// Checkers of what a student hands in around their files: that the files are there, and the
// trace of a real run pasted into an explanation (the hostname line and the squeue line).
#include "checkers.h"

#include <QRegularExpression>

namespace schedlab::grader {

namespace {

CheckOutcome checkFilesPresent(const Criterion &c, CheckContext &ctx)
{
    QStringList missing, empty;
    for (const QString &name : c.params.value(QStringLiteral("files")).toStringList()) {
        const SubmittedFile &f = ctx.file(name);
        if (!f.present)
            missing << name;
        else if (!f.usable())
            empty << f.error;
    }
    CheckOutcome out;
    out.passed = missing.isEmpty() && empty.isEmpty();
    QStringList notes;
    if (!missing.isEmpty())
        notes << QStringLiteral("Fichiers absents : %1.").arg(missing.join(QStringLiteral(", ")));
    notes += empty;
    out.note = notes.join(u' ');
    return out;
}

// One line of `squeue`'s default output for a running job.
struct SqueueLine
{
    QString jobId, name, nodeList;
    int line = 0;
};

std::optional<SqueueLine> runningSqueueLine(const QString &text)
{
    // JOBID PARTITION NAME USER ST TIME NODES NODELIST(REASON)
    static const QRegularExpression row(QStringLiteral(
        "^\\s*(\\d+)\\s+\\S+\\s+(\\S+)\\s+\\S+\\s+R\\s+[\\d:-]+\\s+\\d+\\s+(\\S+)\\s*$"));
    const QStringList lines = text.split(u'\n');
    for (int i = 0; i < lines.size(); ++i) {
        QString line = lines[i];
        line.remove(u'`');
        const QRegularExpressionMatch m = row.match(line);
        if (m.hasMatch())
            return SqueueLine{m.captured(1), m.captured(2), m.captured(3), i + 1};
    }
    return std::nullopt;
}

// The hostname line: a line other than squeue's that shows the node's name as a word (the
// output file's content, alone or after "sommeil-17.out :").
int hostnameLine(const QString &text, const QString &node, int squeueLine)
{
    const QRegularExpression name(
        QStringLiteral("(?<![\\w-])%1(?![\\w-])").arg(QRegularExpression::escape(node)));
    const QStringList lines = text.split(u'\n');
    for (int i = 0; i < lines.size(); ++i)
        if (i + 1 != squeueLine && name.match(lines[i]).hasMatch() &&
            !lines[i].contains(QLatin1String("NODELIST")))
            return i + 1;
    return 0;
}

// Signs that the student ran the job: squeue's header or a row in any state, sbatch's
// answer, an output file named with a job id.
bool tracesOfARun(const QString &text)
{
    static const QRegularExpression run(
        QStringLiteral("NODELIST\\(REASON\\)|Submitted batch job \\d+|sommeil-\\d+\\.out|"
                       "^\\s*\\d+\\s+\\S+\\s+\\S+\\s+\\S+\\s+(PD|R|CG|CD|F|TO|CA)\\s"),
        QRegularExpression::MultilineOption);
    return run.match(text).hasMatch();
}

CheckOutcome checkRunEvidence(const Criterion &c, CheckContext &ctx)
{
    const SubmittedFile &f = ctx.file(c.file);
    CheckOutcome out;
    if (!f.usable())
        return unusableFile(f, c.file);
    const auto squeue = runningSqueueLine(f.text);
    if (!squeue) {
        if (tracesOfARun(f.text)) {
            // A run is reported, but not the squeue line in state R the project asks for.
            out.note =
                QStringLiteral("La trace d'exécution n'a pas de ligne de squeue où le job est en "
                               "état R : lancez squeue pendant le sleep.");
            return out;
        }
        // Without sinfo, the laptop branch ends with the files: nothing to check.
        out.passed = true;
        out.note =
            QStringLiteral("Aucune trace d'exécution collée : sans sinfo, les fichiers suffisent.");
        return out;
    }
    out.evidence = QStringLiteral("ligne %1 : job %2 en R sur %3")
                       .arg(squeue->line)
                       .arg(squeue->jobId, squeue->nodeList);
    const int host = hostnameLine(f.text, squeue->nodeList, squeue->line);
    if (host == 0) {
        out.note = QStringLiteral("La ligne de squeue montre le job sur %1, mais aucune ligne de "
                                  "hostname ne nomme ce nœud.")
                       .arg(squeue->nodeList);
        return out;
    }
    const Concept compared = conceptFrom(c.params.value(QStringLiteral("compared")), ctx.rubric());
    const ConceptMatch said = ctx.matcher(c.file).match(compared);
    if (!said.found && !said.contradicted) {
        out.confidence = 0.6;
        out.note = QStringLiteral("La trace est cohérente, mais l'explication ne dit pas si le "
                                  "nœud est la machine de soumission.");
        return out;
    }
    out.passed = true;
    // A typo in the comparison (0.7) casts no doubt on a coherent trace; a comparison the
    // student doubts ("je sais pas si c'est le même nom") or contradicts elsewhere does.
    out.confidence = said.confidence >= 0.7 ? std::max(said.confidence, 0.8) : said.confidence;
    out.evidence += QStringLiteral(" ; hostname ligne %1 ; « %2 »").arg(host).arg(said.evidence);
    return out;
}

} // namespace

void addRunCheckers(CheckerTable &table)
{
    // The files it checks are its `files:`, all of them.
    table.insert(QStringLiteral("files.present"),
                 {checkFilesPresent, [](const Criterion &c, const Rubric &) {
                      return c.params.value(QStringLiteral("files")).toStringList();
                  }});
    // Its pass without a trace ("sans sinfo, les fichiers suffisent") rests on the project's
    // files being there, not only on the explanation it reads.
    table.insert(QStringLiteral("run.evidence"),
                 {checkRunEvidence, [](const Criterion &c, const Rubric &rubric) {
                      QStringList names{c.file};
                      for (const QString &name : rubric.files)
                          if (!names.contains(name))
                              names << name;
                      return names;
                  }});
}

} // namespace schedlab::grader
