// Checkers of exercise 2's answers against the simulated situation: which jobs wait and
// why, the scancel command, which job starts after it and why the other still waits.
#include "answerstructure.h"
#include "checkers.h"
#include "textmatch.h"

#include <QRegularExpression>

#include <algorithm>

namespace schedlab::grader {

namespace {

struct Sentence
{
    QString text;   // as written, for the evidence shown
    QString folded; // lower case, without accents, same length: what the patterns read
    int line = 0;
};

// Folded one UTF-16 unit at a time so that a match's offsets are the written text's: "occupé",
// "noeud" and "nœud" read alike, and \b stays true after a letter that had an accent.
QString foldKeepingOffsets(const QString &text)
{
    QString out;
    out.reserve(text.size());
    for (const QChar ch : text) {
        if (ch.unicode() < 0x80 || ch.isSurrogate()) {
            out += ch.toLower();
            continue;
        }
        const QString folded = normalizeText(QString(ch));
        out += folded.isEmpty() ? QChar(u' ') : folded[0];
    }
    return out;
}

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
            if (!current.trimmed().isEmpty()) {
                const QString written = current.trimmed();
                out << Sentence{written, foldKeepingOffsets(written), currentLine};
            }
            current.clear();
        }
    }
    return out;
}

QRegularExpression idPattern(const QString &id)
{
    return QRegularExpression(
        QStringLiteral("(?<![\\w.:-])%1(?![\\w]|:\\d)").arg(QRegularExpression::escape(id)));
}

// Whether the id at `at` is a verb's or a preposition's complement ("pris par le 50", "plus
// prioritaire que 53", "52 passe devant 53"), not the job the clause is about.
bool isComplement(const QString &folded, qsizetype at)
{
    static const QRegularExpression before(
        QStringLiteral("\\b(par|que|qu'|derriere|devant|avant|apres|than|by|behind|after|before|"
                       "ahead\\s+of)\\s+(l[ea]\\s+|l'|the\\s+)?(jobs?\\s+|travail\\s+)?$"));
    return before.match(folded.left(at)).hasMatch();
}

// The offsets of the ids a clause is about, in a sentence (complements left out).
QList<std::pair<qsizetype, qsizetype>> subjectsAt(const QString &folded, const QString &id)
{
    QList<std::pair<qsizetype, qsizetype>> out;
    for (auto it = idPattern(id).globalMatch(folded); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        if (!isComplement(folded, m.capturedStart()))
            out << std::pair(m.capturedStart(), m.capturedEnd());
    }
    return out;
}

// Hedged: two reasons offered for the same jobs without choosing ("soit Resources soit
// Priority").
enum class Reason { None, Resources, Priority, Other, Hedged };

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
        QStringLiteral("(\\bne\\b|\\bn['’]\\w*|\\bpas\\b|\\bjamais\\b|\\bnot\\b|n['’]t\\b|\\bno\\b)"
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
            "occup|pris)|\\bheld\\b|\\bfree\\s+node|\\bno\\s+(free\\s+)?node|n[oe]+ud\\s+libre|"
            "plus\\s+de\\s+n[oe]+ud|\\blibere\\w*|\\bfrees\\b|(jusqu'?\\s*a|until)\\s+\\d{1,2}\\s*["
            ":h]"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression priority(QStringLiteral("priorit|\\bprio\\b"),
                                             QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression comparative(
        QStringLiteral("(plus|moins|le\\s+plus)\\s+prioritaire|priorit[ée]\\s+(plus|moins)\\s+("
                       "haute|[ée]lev[ée]e|forte|basse|grande)|"
                       "priorit[ée]\\s+sup[ée]rieure|(higher|lower|highest|bigger)\\s+priority|"
                       "\\bpass\\w*\\s+(devant|avant)|\\b(go|goes|went|gone)\\s+(first|ahead)|"
                       "\\bahead\\b"),
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

// A time limit said to be too long for the partition: the scenario's limits all fit its
// MaxTime, and such a job would wait for PartitionTimeLimit, not for Resources or Priority.
bool blamesPartitionLimit(const QString &folded)
{
    static const QRegularExpression partitionLimit(
        QStringLiteral("(trop\\s+long\\w*|d[ée]pass\\w*|sup[ée]rieure?s?\\s+[àa]|exceed\\w*|"
                       "too\\s+long)[^.;!?]{0,40}\\bpartition|partition\\w*\\s*time\\s*limit|"
                       "\\bmax\\s*time\\b[^.;!?]{0,30}d[ée]pass"),
        QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = partitionLimit.match(folded);
    return m.hasMatch() && !negatedAt(folded, m.capturedStart());
}

QString partitionLimitNote(const QString &id)
{
    return QStringLiteral("%1 n'attend pas pour sa limite de temps : elle tient dans celle de "
                          "la partition")
        .arg(id);
}

// "soit Resources soit Priority", "Resources ou Priority", "Resources / Priority": the second
// of two different reasons offered as an alternative to the first, with no job named between.
bool offeredAsAlternative(const QString &sentence, const Mention &first, const Mention &second,
                          const QList<std::pair<qsizetype, QString>> &jobMentions)
{
    static const QRegularExpression alternative(QStringLiteral("\\b(ou|or|soit|either)\\b|/"),
                                                QRegularExpression::CaseInsensitiveOption);
    if (second.negated || second.reason == first.reason || second.at - first.at > 40)
        return false;
    const bool jobBetween = std::any_of(jobMentions.begin(), jobMentions.end(), [&](const auto &m) {
        return m.first > first.at && m.first < second.at;
    });
    return !jobBetween &&
           alternative.match(sentence.mid(first.at, second.at - first.at)).hasMatch();
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
            for (const auto &[from, to] : subjectsAt(s.folded, id))
                mentions << std::pair(from, id);
        std::sort(mentions.begin(), mentions.end());
        QStringList group;
        int next = 0;
        const QList<Mention> reasons = reasonsIn(s.folded);
        for (qsizetype i = 0; i < reasons.size(); ++i) {
            const Mention &r = reasons[i];
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
            const bool hedged = i + 1 < reasons.size() &&
                                offeredAsAlternative(s.folded, r, reasons[i + 1], mentions);
            assign(group, hedged ? Reason::Hedged : r.reason, s);
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
    case Reason::Hedged:
        return QStringLiteral("deux raisons sans choisir");
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
                       "ress?ources?|priorit[ée]s?\\b|\\bpriority|\\bprio\\b"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression running(
        QStringLiteral(
            "\\bR\\b|\\btourn\\w*|\\bpar(t|tent|tira)\\b|d[ée]marr\\w*|\\blanc[ée]\\w*|running|"
            "backfill|s'ex[ée]cut\\w*|\\bruns?\\b|\\bstarts?\\b"),
        QRegularExpression::CaseInsensitiveOption);
    // Only separators between a state and the ids listed after it ("en attente : 51, 52 et 53");
    // an opening parenthesis starts an aside ("PD (50 tourne...)"), not the list.
    static const QRegularExpression listing(
        QStringLiteral("^[\\s:,;)*`>-]*(et|and|jobs?)?[\\s:,;)*`>-]*$"),
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
            for (const auto &[from, to] : subjectsAt(s.folded, id))
                events << Event{from, to, State::Unsaid, id};
        for (const auto &[re, state] :
             {std::pair(&waiting, State::Waiting), std::pair(&running, State::Running)})
            for (auto it = re->globalMatch(s.folded); it.hasNext();) {
                const QRegularExpressionMatch m = it.next();
                if (!negatedAt(s.folded, m.capturedStart()))
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
            if (listEnd >= 0 && listing.match(s.folded.mid(listEnd, e.at - listEnd)).hasMatch()) {
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
    const bool anyReason =
        std::any_of(a->sentences.begin(), a->sentences.end(),
                    [](const Sentence &s) { return !reasonsIn(s.folded).isEmpty(); });
    for (const auto &[id, reason] : expected) {
        const auto found = allGiven.constFind(id);
        const auto given = found == allGiven.constEnd()
                               ? std::nullopt
                               : std::optional(std::pair(found->reason, found->sentence));
        if (!given) {
            wrong << QStringLiteral("aucune raison reconnue pour %1").arg(id);
            // Perhaps said in other words, if the answer names any reason at all.
            confidence = std::min(confidence, anyReason ? 0.7 : 0.85);
            continue;
        }
        evidence << quote(given->second);
        if (given->first == reason && blamesPartitionLimit(given->second.folded))
            wrong << partitionLimitNote(id);
        else if (given->first != reason)
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

// Whether a command is cited as the one not to use: denied or contrasted before it ("pas
// scancel -u leo", "au lieu de", "rather than"), or given a consequence in the conditional
// after it ("scancel -u leo annulerait tous ses jobs", "would cancel", "sinon").
bool rejected(const QString &text, qsizetype from, qsizetype to)
{
    static const QRegularExpression before(
        QStringLiteral(
            "(\\bpas|\\bnon|\\bnot|\\bjamais|\\bnever|au\\s+lieu\\s+d[e']|plut[oô]t\\s+que|"
            "rather\\s+than|instead\\s+of|\\bsans|\\bwithout|\\b[eé]vit\\w*|\\bavoid\\w*)"
            "[^.;,\\n]{0,12}$"),
        QRegularExpression::CaseInsensitiveOption | QRegularExpression::UseUnicodePropertiesOption);
    static const QRegularExpression after(
        QStringLiteral("^[^.;\\n]{0,40}?(\\w+(rait|raient)\\b|\\bwould\\b|\\bsinon\\b|"
                       "\\botherwise\\b|\\bmais\\b|\\bbut\\b)"),
        QRegularExpression::CaseInsensitiveOption | QRegularExpression::UseUnicodePropertiesOption);
    const qsizetype lineStart = text.lastIndexOf(u'\n', from - 1) + 1;
    return before.match(text.mid(lineStart, from - lineStart)).hasMatch() ||
           after.match(text.mid(to)).hasMatch();
}

// "scancel 51 ne suffit pas", "scancel 51 isn't enough": the command cited to be set aside.
bool deniedAfter(const QString &text, qsizetype to)
{
    static const QRegularExpression denial(
        QStringLiteral("^[`*\"\\s]{0,4}(ne\\s+suffi\\w*\\s+pas|n'est\\s+pas|ne\\s+marche\\s+pas|"
                       "ne\\s+sert\\s+[àa]\\s+rien|is\\s+not|isn't|not\\s+enough|won't|doesn't)"),
        QRegularExpression::CaseInsensitiveOption | QRegularExpression::UseUnicodePropertiesOption);
    return denial.match(text.mid(to, 40).replace(u'’', u'\'')).hasMatch();
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
    QStringList others, setAside;
    bool found = false;
    for (auto it = command.globalMatch(a->text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const QString written = m.captured(0).simplified().remove(u'*').remove(u'"');
        const QString head = written.section(u' ', 0, 1);
        const bool isRight = head == right && written.section(u' ', 2).trimmed().isEmpty();
        if (isRight && !deniedAfter(a->text, m.capturedEnd()))
            found = true;
        else if (isRight || rejected(a->text, m.capturedStart(), m.capturedEnd()))
            setAside << written;
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
    } else if (!found && others.isEmpty() && !setAside.isEmpty()) {
        out.evidence = setAside.join(QStringLiteral(" ; "));
        out.note =
            QStringLiteral("La réponse écarte %1, mais ne donne pas %2.").arg(out.evidence, right);
    } else if (!found) {
        out.note = others.isEmpty() ? QStringLiteral("Aucune commande scancel n'a été trouvée.")
                                    : QStringLiteral("La commande donnée (%1) n'est pas %2.")
                                          .arg(others.join(QStringLiteral(" ; ")), right);
    }
    out.confidence *= a->penalty;
    return out;
}

// What follows a start verb puts the start off until the running job frees its node ("quand
// 50 aura fini", "after job 50 ends"), or, for a verb in the future, until a later time
// ("partira à 10h00"): a wait, not a start now.
bool putOffUntilFreed(const QString &afterVerb, const QString &running, bool future)
{
    static const QRegularExpression until(
        QStringLiteral("^[^.;]{0,20}\\b(quand|lorsque|des\\s+que|apres|une\\s+fois|when|once|after|"
                       "until|seulement|only|plus\\s+tard|later|a|at|vers)\\b"));
    static const QRegularExpression freed(
        QStringLiteral("\\b(fini\\w*|termin\\w*|liber\\w*|ends?|finish\\w*|free\\w*|done)"));
    static const QRegularExpression clock(QStringLiteral("\\b\\d{1,2}\\s*([:h]\\d{0,2}|am|pm)"));
    const QRegularExpressionMatch m = until.match(afterVerb);
    if (!m.hasMatch())
        return false;
    const QString rest = afterVerb.mid(m.capturedEnd())
                             .section(QRegularExpression(QStringLiteral("[.;]")), 0, 0)
                             .left(60);
    const QStringList runningIds = running.split(QStringLiteral(", "), Qt::SkipEmptyParts);
    return freed.match(rest).hasMatch() || (future && clock.match(rest).hasMatch()) ||
           std::any_of(runningIds.begin(), runningIds.end(),
                       [&rest](const QString &id) { return idPattern(id).match(rest).hasMatch(); });
}

// Whether a sentence says `id` starts: a start verb next to it (after it, or before it as in
// "c'est 52 qui part" / "part ... 52"), with no other job id and no wait in between ("53
// reste PD, il partira..."), and not put off until the running job ends ("53 partira quand
// 50 aura fini"). `negated` when a negation covers the pair ("ce n'est pas 53 qui part").
bool saysStarts(const Sentence &s, const QString &id, const QString &running, bool *negated)
{
    static const QRegularExpression starts(
        QStringLiteral("\\b(part|partira|demarr\\w*|lanc\\w*|commenc\\w*|tourn\\w*|execut\\w*|"
                       "obtient|prend|passe\\s+en\\s+R|running|start\\w*|runs?|gets)\\b|\\bR\\b"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression otherId(QStringLiteral("\\b\\d{2,}\\b"));
    static const QRegularExpression waits(
        QStringLiteral("\\b(reste\\w*|attend\\w*|pd|pending|wait\\w*|stay\\w*|bloque\\w*)\\b|"
                       "[.;]"));
    const auto subjects = subjectsAt(s.folded, id);
    if (subjects.isEmpty())
        return false;
    const auto [idFrom, idTo] = subjects.first();
    std::optional<std::pair<qsizetype, qsizetype>> best; // the verb's span, nearest first
    for (auto it = starts.globalMatch(s.folded); it.hasNext();) {
        const QRegularExpressionMatch v = it.next();
        const bool after = v.capturedStart() >= idTo;
        const QString between = after ? s.folded.mid(idTo, v.capturedStart() - idTo)
                                      : s.folded.mid(v.capturedEnd(), idFrom - v.capturedEnd());
        if (otherId.match(between).hasMatch() || waits.match(between).hasMatch())
            continue;
        // A verb before the id is its own only in "part alors 52", not across a clause.
        if (!after && between.contains(QRegularExpression(QStringLiteral("[,:()]|\\bdonc\\b"))))
            continue;
        // "partira", "démarrera", "will start", "va partir": a start to come, not one now.
        static const QRegularExpression futureEnding(QStringLiteral("(ra|rait|ront|raient)$"));
        static const QRegularExpression futureAuxiliary(
            QStringLiteral("\\b(will|va|vont|pourra|pourront)\\s+$"));
        const bool future = futureEnding.match(v.captured(0)).hasMatch() ||
                            futureAuxiliary.match(s.folded.left(v.capturedStart())).hasMatch();
        if (after && putOffUntilFreed(s.folded.mid(v.capturedEnd()), running, future))
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
    const qsizetype from = std::min(idFrom, best->second);
    const qsizetype to = std::max(idTo, best->second);
    static const QRegularExpression negation(
        QStringLiteral("\\b(ne|n'|pas|jamais|not|never)\\b|n't\\b"),
        QRegularExpression::CaseInsensitiveOption);
    // The negation in the pair, or just before it ("n'est pas 53 qui part", "53 ne part pas").
    const QString around = s.folded.mid(std::max<qsizetype>(0, from - 12), to - from + 12 + 6);
    *negated = negation.match(around).hasMatch() &&
               !around.contains(QRegularExpression(QStringLiteral("\\bmais\\b|\\bbut\\b")));
    return true;
}

// The first sentence that says `id` starts now (not negated, not put off), if any.
std::optional<Sentence> sentenceStarting(const Answer &a, const QString &id)
{
    const QString running = a.p.value(QStringLiteral("running"));
    for (const Sentence &s : a.sentences) {
        bool negated = false;
        if (saysStarts(s, id, running, &negated) && !negated)
            return s;
    }
    return std::nullopt;
}

CheckOutcome checkStarts(const Criterion &c, CheckContext &ctx)
{
    CheckOutcome out;
    const auto a = answerTo(c, ctx, &out);
    if (!a)
        return out;
    const QString starter = a->p.value(QStringLiteral("starts"));
    const QString stayer = a->p.value(QStringLiteral("stays"));
    const std::optional<Sentence> said = sentenceStarting(*a, starter);
    const std::optional<Sentence> wrong = sentenceStarting(*a, stayer);
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

// Why the job left waiting still waits: either reason is right, the other job comes first
// (Priority) or no node is free until the running job's limit (Resources). A job said to
// start, a reason negated or the cancelled job still holding it back is not an explanation.
CheckOutcome checkWhyWaits(const Criterion &c, CheckContext &ctx)
{
    CheckOutcome out;
    const auto a = answerTo(c, ctx, &out);
    if (!a)
        return out;
    const QString stayer = a->p.value(QStringLiteral("stays"));
    const QString cancelled = a->p.value(QStringLiteral("cancelled"));
    if (const std::optional<Sentence> starts = sentenceStarting(*a, stayer)) {
        out.evidence = quote(*starts);
        out.confidence = 0.9 * a->penalty;
        out.note = QStringLiteral("%1 ne part pas : il reste en attente.").arg(stayer);
        return out;
    }
    bool onlyOtherReasons = false;
    for (const Sentence &s : a->sentences) {
        if (subjectsAt(s.folded, stayer).isEmpty())
            continue;
        if (blamesPartitionLimit(s.folded)) {
            out.evidence = quote(s);
            out.confidence = 0.85 * a->penalty;
            out.note = partitionLimitNote(stayer) + u'.';
            return out;
        }
        QList<Mention> reasons = reasonsIn(s.folded);
        reasons.removeIf([](const Mention &m) { return m.negated; });
        if (reasons.isEmpty())
            continue;
        if (idPattern(cancelled).match(s.folded).hasMatch()) {
            // The cancelled job no longer holds anything back.
            out.evidence = quote(s);
            out.confidence = 0.85 * a->penalty;
            out.note = QStringLiteral("Le job %1 est arrêté : il ne retient plus %2.")
                           .arg(cancelled, stayer);
            return out;
        }
        const bool known = std::any_of(reasons.begin(), reasons.end(), [](const Mention &m) {
            return m.reason == Reason::Resources || m.reason == Reason::Priority;
        });
        if (!known) {
            onlyOtherReasons = true;
            continue;
        }
        out.evidence = quote(s);
        out.passed = true;
        out.confidence = a->penalty;
        return out;
    }
    if (onlyOtherReasons) {
        out.confidence = 0.6;
        out.note = QStringLiteral("La raison donnée pour %1 n'est ni la priorité ni les "
                                  "ressources.")
                       .arg(stayer);
        return out;
    }
    const bool anyReason =
        std::any_of(a->sentences.begin(), a->sentences.end(),
                    [](const Sentence &s) { return !reasonsIn(s.folded).isEmpty(); });
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
