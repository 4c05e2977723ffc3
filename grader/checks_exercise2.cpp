// Checkers of exercise 2's answers against the simulated situation: which jobs wait and
// why, the scancel command, which job starts after it and why the other still waits.
#include "answerstructure.h"
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

// The answer to one question: the text under its title ("## Question 2", "Q2 :", "2)"), or
// the whole file when the student marked no questions (with less confidence).
QString questionText(const QString &text, int question, bool *found)
{
    const std::optional<TextSpan> answer = AnswerStructure(text).question(question);
    *found = answer.has_value();
    return answer ? text.mid(answer->from, answer->to - answer->from) : text;
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

enum class Reason { None, Resources, Priority, Other };

// A reason (or a state) named somewhere in a sentence.
struct Mention
{
    qsizetype at = 0;
    Reason reason = Reason::None;
    bool negated = false;     // "n'attend pas pour Priority"
    bool comparative = false; // "51 est plus prioritaire": about the job before it, not a wait
};

bool negatedAt(const QString &sentence, qsizetype at)
{
    static const QRegularExpression negator(
        QStringLiteral("(\\bne\\b|\\bn['’]\\w+|\\bpas\\b|\\bjamais\\b|\\bnot\\b|n['’]t\\b|\\bno\\b)"
                       "[^,;:.()]{0,24}$"),
        QRegularExpression::CaseInsensitiveOption);
    return negator.match(sentence.left(at)).hasMatch();
}

// The reasons a sentence gives, by position: Resources (named, or nodes busy), Priority
// (named, or a job ahead), and a wrong one (fairshare, which the squeue reason does not say).
QList<Mention> reasonsIn(const QString &sentence)
{
    static const QRegularExpression resources(
        QStringLiteral(
            "ress?ources?|\\bplace\\b|n[œo]e?uds?\\s+(occup|pris|libre)|pas\\s+assez\\s+de\\s+n|"
            "deux\\s+n[œo]e?uds|\\bbusy\\b|nodes?\\s+(busy|free)|\\boccup[ée]+s?\\b|"
            "\\bpris\\s+par\\b|node\\d+\\s+(est\\s+)?(encore\\s+|toujours\\s+|d[ée]j[àa]\\s+)?("
            "occup|pris)"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression priority(QStringLiteral("priorit"),
                                             QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression comparative(
        QStringLiteral("(plus|moins|le\\s+plus)\\s+prioritaire|priorit[ée]\\s+(plus|moins)\\s+("
                       "haute|[ée]lev[ée]e|forte|basse|grande)|"
                       "priorit[ée]\\s+sup[ée]rieure|(higher|lower|highest|bigger)\\s+priority"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression other(
        QStringLiteral("fair-?share|trop\\s+consomm|usage\\s+r[ée]cent"),
        QRegularExpression::CaseInsensitiveOption);
    QList<Mention> found;
    for (auto it = resources.globalMatch(sentence); it.hasNext();) {
        const qsizetype at = it.next().capturedStart();
        found << Mention{at, Reason::Resources, negatedAt(sentence, at), false};
    }
    for (auto it = other.globalMatch(sentence); it.hasNext();) {
        const qsizetype at = it.next().capturedStart();
        found << Mention{at, Reason::Other, negatedAt(sentence, at), false};
    }
    QList<std::pair<qsizetype, qsizetype>> comparatives;
    for (auto it = comparative.globalMatch(sentence); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        comparatives << std::pair(m.capturedStart(), m.capturedEnd());
        found << Mention{m.capturedStart(), Reason::Priority,
                         negatedAt(sentence, m.capturedStart()), true};
    }
    for (auto it = priority.globalMatch(sentence); it.hasNext();) {
        const qsizetype at = it.next().capturedStart();
        const bool inComparative =
            std::any_of(comparatives.begin(), comparatives.end(),
                        [at](const auto &c) { return at >= c.first && at < c.second; });
        if (!inComparative)
            found << Mention{at, Reason::Priority, negatedAt(sentence, at), false};
    }
    std::sort(found.begin(), found.end(),
              [](const Mention &x, const Mention &y) { return x.at < y.at; });
    return found;
}

struct Given
{
    Reason reason = Reason::None;
    Sentence sentence;
    int groupSize = 0; // how many jobs shared the statement: the fewer, the more specific
};

// The reason each job is given. Within a sentence, the ids met since the last reason share
// the next one ("52 et 53 : Priority"). A statement about fewer jobs wins over a list ("51, 52
// et 53 : 51 (Resources), 52 et 53 (Priority)"); between equals, the first. A negated reason
// says nothing; a comparative ("51 est plus prioritaire") is about the job just before it,
// and gives Priority to the others waiting behind it.
QHash<QString, Given> reasonsGiven(const QList<Sentence> &sentences, const QStringList &ids)
{
    QHash<QString, Given> given;
    const auto assign = [&](const QStringList &group, Reason reason, const Sentence &s) {
        for (const QString &id : group) {
            const auto it = given.constFind(id);
            if (it == given.constEnd() || group.size() < it->groupSize)
                given.insert(id, Given{reason, s, int(group.size())});
        }
    };
    for (const Sentence &s : sentences) {
        QList<std::pair<qsizetype, QString>> mentions;
        for (const QString &id : ids)
            for (auto it = idPattern(id).globalMatch(s.text); it.hasNext();)
                mentions << std::pair(it.next().capturedStart(), id);
        std::sort(mentions.begin(), mentions.end());
        QStringList group;
        int next = 0;
        for (const Mention &r : reasonsIn(s.text)) {
            while (next < mentions.size() && mentions[next].first < r.at)
                group << mentions[next++].second;
            if (r.negated || group.isEmpty())
                continue;
            if (r.comparative) {
                const QString subject = group.takeLast();
                assign(group, Reason::Priority, s);
                group = QStringList{subject};
                continue;
            }
            assign(group, r.reason, s);
            group.clear();
        }
    }
    return given;
}

QString reasonWord(Reason r)
{
    switch (r) {
    case Reason::Resources:
        return QStringLiteral("Resources");
    case Reason::Priority:
        return QStringLiteral("Priority");
    default:
        return QStringLiteral("une autre raison");
    }
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
        *failure = unusableFile(f, c.file);
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

// What the answer says of each job: waiting (PD, a reason) or running (R, starts, backfill).
enum class State { Unsaid, Waiting, Running };

QHash<QString, State> statesGiven(const QList<Sentence> &sentences, const QStringList &ids)
{
    static const QRegularExpression waiting(
        QStringLiteral("\\bPD\\b|attente|\\battend\\w*|pending|\\breste(nt)?\\b|bloqu\\w*|"
                       "\\bwait\\w*|\\bstay\\w*|"
                       "ress?ources?|priorit[ée]s?\\b|\\bpriority"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression running(
        QStringLiteral(
            "\\bR\\b|\\btourn\\w*|\\bpar(t|tent|tira)\\b|d[ée]marr\\w*|\\blanc[ée]\\w*|running|"
            "backfill|s'ex[ée]cut\\w*|\\bruns?\\b|\\bstarts?\\b"),
        QRegularExpression::CaseInsensitiveOption);
    // Only separators between a state and the ids listed after it ("en attente : 51, 52 et 53").
    static const QRegularExpression listing(
        QStringLiteral("^[\\s:,;()*`>-]*(et|and|jobs?)?[\\s:,;()*`>-]*$"),
        QRegularExpression::CaseInsensitiveOption);
    struct Event
    {
        qsizetype at, end;
        State state;
        QString id;
    };
    QHash<QString, State> states;
    const auto say = [&](const QString &id, State state) {
        if (states.value(id, State::Unsaid) == State::Unsaid)
            states.insert(id, state);
    };
    for (const Sentence &s : sentences) {
        QList<Event> events;
        for (const QString &id : ids)
            for (auto it = idPattern(id).globalMatch(s.text); it.hasNext();) {
                const QRegularExpressionMatch m = it.next();
                events << Event{m.capturedStart(), m.capturedEnd(), State::Unsaid, id};
            }
        for (const auto &[re, state] :
             {std::pair(&waiting, State::Waiting), std::pair(&running, State::Running)})
            for (auto it = re->globalMatch(s.text); it.hasNext();) {
                const QRegularExpressionMatch m = it.next();
                if (!negatedAt(s.text, m.capturedStart()))
                    events << Event{m.capturedStart(), m.capturedEnd(), state, QString()};
            }
        std::sort(events.begin(), events.end(),
                  [](const Event &x, const Event &y) { return x.at < y.at; });
        QStringList group;
        State last = State::Unsaid;
        qsizetype listEnd = -1; // where a list after the last state may go on
        for (const Event &e : events) {
            if (e.state != State::Unsaid) {
                for (const QString &g : std::as_const(group))
                    say(g, e.state);
                group.clear();
                last = e.state;
                listEnd = e.end;
                continue;
            }
            if (listEnd >= 0 && listing.match(s.text.mid(listEnd, e.at - listEnd)).hasMatch()) {
                say(e.id, last); // listed right after the state
                listEnd = e.end;
                continue;
            }
            listEnd = -1;
            group << e.id;
        }
    }
    return states;
}

CheckOutcome checkPendingJobs(const Criterion &c, CheckContext &ctx)
{
    CheckOutcome out;
    const auto a = answerTo(c, ctx, &out);
    if (!a)
        return out;
    QStringList pending{a->p.value(QStringLiteral("resources")),
                        a->p.value(QStringLiteral("priority1")),
                        a->p.value(QStringLiteral("priority2"))};
    const QStringList running =
        a->p.value(QStringLiteral("running")).split(QStringLiteral(", "), Qt::SkipEmptyParts);
    const QHash<QString, State> states = statesGiven(a->sentences, pending + running);
    QStringList missing, saidRunning, saidWaiting;
    for (const QString &id : pending) {
        if (!idPattern(id).match(a->text).hasMatch())
            missing << id;
        else if (states.value(id) == State::Running)
            saidRunning << id;
    }
    for (const QString &id : running)
        if (states.value(id) == State::Waiting)
            saidWaiting << id;
    out.passed = missing.isEmpty() && saidRunning.isEmpty() && saidWaiting.isEmpty();
    out.confidence = a->penalty;
    QStringList notes;
    if (!missing.isEmpty())
        notes << QStringLiteral("Jobs en attente non cités : %1.")
                     .arg(missing.join(QStringLiteral(", ")));
    if (!saidRunning.isEmpty())
        notes << QStringLiteral("%1 ne part pas : il reste PD.")
                     .arg(saidRunning.join(QStringLiteral(", ")));
    if (!saidWaiting.isEmpty())
        notes << QStringLiteral("%1 tourne déjà, il n'est pas en attente.")
                     .arg(saidWaiting.join(QStringLiteral(", ")));
    out.note = notes.join(u' ');
    // Cited but never said to wait: the answer may say it in words the grader does not know.
    if (out.passed)
        for (const QString &id : pending)
            if (states.value(id) != State::Waiting)
                out.confidence = std::min(out.confidence, 0.6);
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
        const auto found = allGiven.constFind(id);
        const auto given = found == allGiven.constEnd()
                               ? std::nullopt
                               : std::optional(std::pair(found->reason, found->sentence));
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
    // The command and its arguments only: options, their values, job ids ("scancel 51, qui
    // arrête..." is "scancel 51").
    static const QRegularExpression command(
        QStringLiteral("scancel(?:[ \\t]+(?:-{1,2}[A-Za-z][\\w-]*(?:=\\S+|[ "
                       "\\t]+(?!\\d)[\\w$.-]+)?|\\d[\\d_]*\\b))*"));
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

// Whether a sentence says `id` starts: a start verb next to it (after it, or before it as in
// "c'est 52 qui part" / "part ... 52"), with no other job id in between. `negated` when a
// negation covers the pair ("ce n'est pas 53 qui part").
bool saysStarts(const Sentence &s, const QString &id, bool *negated)
{
    static const QRegularExpression starts(
        QStringLiteral(
            "\\b(part|partira|d[ée]marr\\w*|lanc\\w*|commenc\\w*|tourn\\w*|ex[ée]cut\\w*|"
            "obtient|prend|passe\\s+en\\s+R|running|start\\w*|runs?|gets)\\b|\\bR\\b"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression otherId(QStringLiteral("\\b\\d{2,}\\b"));
    const QRegularExpressionMatch at = idPattern(id).match(s.text);
    if (!at.hasMatch())
        return false;
    std::optional<std::pair<qsizetype, qsizetype>> best; // the verb's span, nearest first
    for (auto it = starts.globalMatch(s.text); it.hasNext();) {
        const QRegularExpressionMatch v = it.next();
        const bool after = v.capturedStart() >= at.capturedEnd();
        const QString between =
            after ? s.text.mid(at.capturedEnd(), v.capturedStart() - at.capturedEnd())
                  : s.text.mid(v.capturedEnd(), at.capturedStart() - v.capturedEnd());
        if (otherId.match(between).hasMatch() ||
            between.contains(QRegularExpression(QStringLiteral("[.;]"))))
            continue;
        const qsizetype distance = between.size();
        if (!best || distance < std::abs(best->first))
            best = std::pair(after ? distance : -distance,
                             after ? v.capturedStart() : v.capturedEnd());
        if (after)
            break;
    }
    if (!best)
        return false;
    const qsizetype from = std::min(at.capturedStart(), best->second);
    const qsizetype to = std::max(at.capturedEnd(), best->second);
    static const QRegularExpression negation(
        QStringLiteral("\\b(ne|n'|n’|pas|jamais|not|never)\\b|n't\\b"),
        QRegularExpression::CaseInsensitiveOption);
    // The negation in the pair, or just before it ("n'est pas 53 qui part", "53 ne part pas").
    const QString around = s.text.mid(std::max<qsizetype>(0, from - 12), to - from + 12 + 6);
    *negated = negation.match(around).hasMatch() &&
               !around.contains(QRegularExpression(QStringLiteral("\\bmais\\b|\\bbut\\b")));
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
    const QString cancelled = a->p.value(QStringLiteral("cancelled"));
    for (const Sentence &s : a->sentences) {
        if (!idPattern(stayer).match(s.text).hasMatch() || reasonsIn(s.text).isEmpty())
            continue;
        if (idPattern(cancelled).match(s.text).hasMatch()) {
            // The cancelled job no longer holds anything back.
            out.evidence = quote(s);
            out.confidence = 0.85 * a->penalty;
            out.note = QStringLiteral("Le job %1 est arrêté : il ne retient plus %2.")
                           .arg(cancelled, stayer);
            return out;
        }
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
    // The answers only: the scenario is the rubric's (the instructor's), never a hand-in; when
    // it cannot be simulated the criterion goes to the instructor (noFacts).
    table.insert(QStringLiteral("ex2.pending-jobs"), {checkPendingJobs});
    table.insert(QStringLiteral("ex2.reasons"), {checkReasons});
    table.insert(QStringLiteral("ex2.cancel-command"), {checkCancelCommand});
    table.insert(QStringLiteral("ex2.starts"), {checkStarts});
    table.insert(QStringLiteral("ex2.why-waits"), {checkWhyWaits});
}

} // namespace schedlab::grader
