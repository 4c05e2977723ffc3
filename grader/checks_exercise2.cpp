// Checkers of exercise 2's answers against the simulated situation: which jobs wait and
// why, the scancel command, which job starts after it and why the other still waits.
#include "checkers.h"

#include <QRegularExpression>

#include <algorithm>

namespace schedlab::grader {

namespace {

struct Sentence
{
    QString text;
    int line = 0;
};

// The answer to one question: the text under its heading ("## Question 2"), or the whole
// file when the student used no headings (with less confidence).
QString questionText(const QString &text, int question, bool *found)
{
    const QRegularExpression heading(
        QStringLiteral("^\\s*(#+\\s*)?(question|q)\\s*%1\\b.*$").arg(question),
        QRegularExpression::CaseInsensitiveOption | QRegularExpression::MultilineOption);
    const QRegularExpressionMatch start = heading.match(text);
    *found = start.hasMatch();
    if (!*found)
        return text;
    const QRegularExpression next(QStringLiteral("^\\s*(#+\\s*)?(question|q)\\s*\\d+\\b"),
                                  QRegularExpression::CaseInsensitiveOption |
                                      QRegularExpression::MultilineOption);
    const QRegularExpressionMatch end = next.match(text, start.capturedEnd());
    return text.mid(start.capturedEnd(),
                    end.hasMatch() ? end.capturedStart() - start.capturedEnd() : -1);
}

QList<Sentence> sentencesOf(const QString &text)
{
    QList<Sentence> out;
    int line = 1;
    QString current;
    int currentLine = 1;
    for (int i = 0; i < text.size(); ++i) {
        const QChar ch = text[i];
        if (current.trimmed().isEmpty())
            currentLine = line;
        if (ch == u'\n')
            ++line;
        const bool ends = ch == u'\n' || ch == u';' ||
                          ((ch == u'.' || ch == u'!' || ch == u'?') &&
                           (i + 1 == text.size() || text[i + 1].isSpace()));
        if (!ends)
            current += ch;
        if (ends || i + 1 == text.size()) {
            if (!current.trimmed().isEmpty())
                out << Sentence{current.trimmed(), currentLine};
            current.clear();
        }
    }
    return out;
}

QRegularExpression idPattern(const QString &id)
{
    return QRegularExpression(
        QStringLiteral("(?<![\\w.:-])%1(?![\\w:])").arg(QRegularExpression::escape(id)));
}

enum class Reason { None, Resources, Priority };

// The reasons a sentence gives, by position.
QList<QPair<qsizetype, Reason>> reasonsIn(const QString &sentence)
{
    static const QRegularExpression resources(
        QStringLiteral(
            "ress?ources?|\\bplace\\b|n[œo]e?uds?\\s+(occup|pris|libre)|pas\\s+assez\\s+de\\s+n|"
            "deux\\s+n[œo]e?uds|\\bbusy\\b|nodes?\\s+(busy|free)"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression priority(QStringLiteral("priorit"),
                                             QRegularExpression::CaseInsensitiveOption);
    QList<QPair<qsizetype, Reason>> found;
    for (auto it = resources.globalMatch(sentence); it.hasNext();)
        found << qMakePair(it.next().capturedStart(), Reason::Resources);
    for (auto it = priority.globalMatch(sentence); it.hasNext();)
        found << qMakePair(it.next().capturedStart(), Reason::Priority);
    std::sort(found.begin(), found.end());
    return found;
}

// The reason each job is given. Within a sentence, the ids met since the last reason share
// the next one ("51, 52 et 53 : 51 (Resources), 52 et 53 (Priority)"); a later statement
// replaces an earlier one; ids after the last reason take the one before them.
QHash<QString, std::pair<Reason, Sentence>> reasonsGiven(const QList<Sentence> &sentences,
                                                         const QStringList &ids)
{
    QHash<QString, std::pair<Reason, Sentence>> given;
    for (const Sentence &s : sentences) {
        QList<std::tuple<qsizetype, QString, Reason>> events;
        for (const QString &id : ids)
            for (auto it = idPattern(id).globalMatch(s.text); it.hasNext();)
                events << std::tuple(it.next().capturedStart(), id, Reason::None);
        const auto reasons = reasonsIn(s.text);
        for (const auto &[pos, reason] : reasons)
            events << std::tuple(pos, QString(), reason);
        std::sort(events.begin(), events.end(),
                  [](const auto &a, const auto &b) { return std::get<0>(a) < std::get<0>(b); });
        QStringList group;
        Reason last = Reason::None;
        for (const auto &[pos, id, reason] : events) {
            if (reason == Reason::None) {
                group << id;
                continue;
            }
            for (const QString &g : std::as_const(group))
                given.insert(g, std::pair(reason, s));
            group.clear();
            last = reason;
        }
        for (const QString &g : std::as_const(group))
            if (last != Reason::None && !given.contains(g))
                given.insert(g, std::pair(last, s));
    }
    return given;
}

QString reasonWord(Reason r)
{
    return r == Reason::Resources ? QStringLiteral("Resources") : QStringLiteral("Priority");
}

CheckOutcome unusable(const SubmittedFile &f, const QString &name)
{
    CheckOutcome out;
    out.note = f.present ? f.error : QStringLiteral("Le fichier %1 est absent.").arg(name);
    return out;
}

CheckOutcome noFacts(const Exercise2Facts &facts)
{
    CheckOutcome out;
    out.confidence = 0;
    out.note =
        QStringLiteral("La situation de l'exercice n'a pas pu être simulée : %1").arg(facts.error);
    return out;
}

// Shared start: the answer to `question` and the simulated parameters.
struct Answer
{
    QString text;
    QList<Sentence> sentences;
    double penalty = 1.0;
    QHash<QString, QString> p;
};

std::optional<Answer> answerTo(const Criterion &c, CheckContext &ctx, CheckOutcome *failure)
{
    const SubmittedFile &f = ctx.file(c.file);
    if (!f.usable()) {
        *failure = unusable(f, c.file);
        return std::nullopt;
    }
    if (!ctx.scenarioFacts().structureKept()) {
        *failure = noFacts(ctx.scenarioFacts());
        return std::nullopt;
    }
    Answer a;
    bool headed = false;
    a.text = questionText(f.text, c.params.value(QStringLiteral("question")).toInt(), &headed);
    a.penalty = headed ? 1.0 : 0.7;
    a.sentences = sentencesOf(a.text);
    a.p = ctx.parameters();
    return a;
}

QString quote(const Sentence &s)
{
    return QStringLiteral("« %1 » (ligne %2 de la réponse)").arg(s.text).arg(s.line);
}

CheckOutcome checkPendingJobs(const Criterion &c, CheckContext &ctx)
{
    CheckOutcome out;
    const auto a = answerTo(c, ctx, &out);
    if (!a)
        return out;
    QStringList missing;
    for (const char *key : {"resources", "priority1", "priority2"})
        if (!idPattern(a->p.value(QLatin1String(key))).match(a->text).hasMatch())
            missing << a->p.value(QLatin1String(key));
    out.passed = missing.isEmpty();
    out.confidence = a->penalty;
    if (!out.passed)
        out.note = QStringLiteral("Jobs en attente non cités : %1.")
                       .arg(missing.join(QStringLiteral(", ")));
    return out;
}

CheckOutcome checkReasons(const Criterion &c, CheckContext &ctx)
{
    CheckOutcome out;
    const auto a = answerTo(c, ctx, &out);
    if (!a)
        return out;
    QStringList wrong, evidence;
    double confidence = a->penalty;
    const QList<std::pair<QString, Reason>> expected{
        {a->p.value(QStringLiteral("resources")), Reason::Resources},
        {a->p.value(QStringLiteral("priority1")), Reason::Priority},
        {a->p.value(QStringLiteral("priority2")), Reason::Priority}};
    QStringList ids;
    for (const auto &[id, reason] : expected)
        ids << id;
    const auto allGiven = reasonsGiven(a->sentences, ids);
    for (const auto &[id, reason] : expected) {
        const auto given = allGiven.contains(id) ? std::optional(allGiven.value(id)) : std::nullopt;
        if (!given) {
            wrong << QStringLiteral("aucune raison reconnue pour %1").arg(id);
            confidence = std::min(confidence, 0.7); // perhaps said in other words
            continue;
        }
        evidence << quote(given->second);
        if (given->first != reason)
            wrong << QStringLiteral("%1 attend pour %2, pas pour %3")
                         .arg(id, reasonWord(reason), reasonWord(given->first));
    }
    evidence.removeDuplicates();
    out.passed = wrong.isEmpty();
    out.confidence = out.passed ? confidence : std::min(confidence, 0.9);
    out.evidence = evidence.join(QStringLiteral(" ; "));
    if (!out.passed)
        out.note = wrong.join(QStringLiteral(" ; ")) + u'.';
    return out;
}

CheckOutcome checkCancelCommand(const Criterion &c, CheckContext &ctx)
{
    CheckOutcome out;
    const auto a = answerTo(c, ctx, &out);
    if (!a)
        return out;
    static const QRegularExpression command(QStringLiteral("scancel\\b[^\\n`]*"));
    const QString right = QStringLiteral("scancel ") + a->p.value(QStringLiteral("cancelled"));
    QStringList others;
    bool found = false;
    for (auto it = command.globalMatch(a->text); it.hasNext();) {
        const QString written = it.next().captured(0).simplified().remove(u'*').remove(u'"');
        const QString head = written.section(u' ', 0, 1);
        if (head == right && written.section(u' ', 2).trimmed().isEmpty())
            found = true;
        else
            others << written;
    }
    out.passed = found;
    out.evidence = found ? right : others.join(QStringLiteral(" ; "));
    if (found && !others.isEmpty()) {
        // "et non scancel -u leo" is fine; two commands offered as answers is not.
        out.confidence = 0.6;
        out.note =
            QStringLiteral("La réponse cite aussi : %1.").arg(others.join(QStringLiteral(" ; ")));
    } else if (!found) {
        out.note = others.isEmpty() ? QStringLiteral("Aucune commande scancel n'a été trouvée.")
                                    : QStringLiteral("La commande donnée (%1) n'est pas %2.")
                                          .arg(others.join(QStringLiteral(" ; ")), right);
    }
    out.confidence *= a->penalty;
    return out;
}

// Whether a sentence says `id` starts (and not that it waits).
bool saysStarts(const Sentence &s, const QString &id, bool *negated)
{
    static const QRegularExpression starts(
        QStringLiteral(
            "\\b(part|partira|d[ée]marr\\w*|lanc\\w*|commenc\\w*|tourn\\w*|ex[ée]cut\\w*|"
            "obtient|prend|passe\\s+en\\s+R|running|start\\w*|runs?)\\b|\\bR\\b"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression negation(
        QStringLiteral("\\b(ne|n'|n’|pas|jamais|not|never)\\b"),
        QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch id_ = idPattern(id).match(s.text);
    if (!id_.hasMatch())
        return false;
    const QRegularExpressionMatch verb = starts.match(s.text, id_.capturedEnd());
    if (!verb.hasMatch())
        return false;
    // The next id between the job and the verb takes the verb ("52 part, 53 reste").
    const QString between = s.text.mid(id_.capturedEnd(), verb.capturedStart() - id_.capturedEnd());
    if (between.contains(QRegularExpression(QStringLiteral("\\b\\d{2,}\\b"))))
        return false;
    *negated = negation.match(between).hasMatch() ||
               negation.match(s.text.mid(verb.capturedEnd(), 6)).hasMatch();
    return true;
}

CheckOutcome checkStarts(const Criterion &c, CheckContext &ctx)
{
    CheckOutcome out;
    const auto a = answerTo(c, ctx, &out);
    if (!a)
        return out;
    const QString starter = a->p.value(QStringLiteral("starts"));
    const QString stayer = a->p.value(QStringLiteral("stays"));
    std::optional<Sentence> said, wrong;
    for (const Sentence &s : a->sentences) {
        bool negated = false;
        if (saysStarts(s, starter, &negated) && !negated && !said)
            said = s;
        negated = false;
        if (saysStarts(s, stayer, &negated) && !negated && !wrong)
            wrong = s;
    }
    out.passed = said && !wrong;
    out.confidence = a->penalty;
    if (said)
        out.evidence = quote(*said);
    if (wrong) {
        out.evidence = quote(*wrong);
        out.note = QStringLiteral("La réponse fait partir %1, qui reste en attente.").arg(stayer);
    } else if (!said) {
        // Not found with the words the grader knows: an instructor decides.
        out.confidence = idPattern(starter).match(a->text).hasMatch() ? 0.6 : 0.85 * a->penalty;
    }
    return out;
}

CheckOutcome checkWhyWaits(const Criterion &c, CheckContext &ctx)
{
    CheckOutcome out;
    const auto a = answerTo(c, ctx, &out);
    if (!a)
        return out;
    const QString stayer = a->p.value(QStringLiteral("stays"));
    // Either reason is right: the other job comes first (Priority), or no node is free
    // until the running job's limit (Resources).
    for (const Sentence &s : a->sentences) {
        if (!idPattern(stayer).match(s.text).hasMatch() || reasonsIn(s.text).isEmpty())
            continue;
        out.passed = true;
        out.confidence = a->penalty;
        out.evidence = quote(s);
        return out;
    }
    const bool anyReason =
        std::any_of(a->sentences.begin(), a->sentences.end(),
                    [](const Sentence &s) { return !reasonsIn(s.text).isEmpty(); });
    out.confidence = anyReason ? 0.6 : 0.85 * a->penalty;
    return out;
}

} // namespace

void addExercise2Checkers(CheckerTable &table)
{
    table.insert(QStringLiteral("ex2.pending-jobs"), checkPendingJobs);
    table.insert(QStringLiteral("ex2.reasons"), checkReasons);
    table.insert(QStringLiteral("ex2.cancel-command"), checkCancelCommand);
    table.insert(QStringLiteral("ex2.starts"), checkStarts);
    table.insert(QStringLiteral("ex2.why-waits"), checkWhyWaits);
}

} // namespace schedlab::grader
