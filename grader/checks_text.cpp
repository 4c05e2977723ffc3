// The checker of written answers (text.concepts): concepts found in the right paragraph (or
// section), what the answer denies, and where a person must look.
#include "checkers.h"
#include "comparisonsides.h"
#include "textspans.h"

#include <QRegularExpression>

#include <algorithm>
#include <tuple>

namespace schedlab::grader {

namespace {

// A block this short that names a question ("1. **Démarrage**") is a label for what follows.
constexpr int kLabelWords = 6;

// How well one paragraph answers: the required concepts it states, and what it denies.
struct BlockVerdict
{
    Span span;
    QList<ConceptMatch> all; // one per required concept
    std::optional<ConceptMatch> any;
    std::optional<ConceptMatch> forbidden;
    int found = 0;
    int contradicted = 0;
    bool unreadClause = false; // a clause of three words or more where nothing was recognised
};

// Whether a clause of the block carries three words or more and none of the concepts found:
// a concept missing from the rest may be stated there in words the grader does not know. A
// block whose every clause carried something recognised has simply left the concept out.
// A clause that names another question's subject ("On n'a pas Kueue." under the second
// passage) was read too: it answers that question, not this one.
bool hasUnreadClause(const TextMatcher &m, Span span, const BlockVerdict &v,
                     const QList<Concept> &otherQuestions)
{
    QSet<int> read;
    for (const ConceptMatch &cm : v.all)
        if (cm.found || cm.contradicted)
            read.insert(cm.clause);
    if (v.any)
        read.insert(v.any->clause);
    QHash<int, Span> unread;
    QHash<int, int> words;
    for (const Token &t : m.tokens()) {
        if (t.start < span.from || t.start >= span.to || read.contains(t.clause))
            continue;
        auto it = unread.find(t.clause);
        if (it == unread.end())
            it = unread.insert(t.clause, Span{t.start, t.end});
        it->to = t.end;
        ++words[t.clause];
    }
    for (auto it = unread.constBegin(); it != unread.constEnd(); ++it) {
        if (words.value(it.key()) < 3)
            continue;
        const bool elsewhere =
            std::any_of(otherQuestions.begin(), otherQuestions.end(),
                        [&](const Concept &q) { return m.matchIn(q, it->from, it->to).found; });
        if (!elsewhere)
            return true;
    }
    return false;
}

BlockVerdict judgeBlock(const TextMatcher &m, Span span, const QList<Concept> &all,
                        const QList<Concept> &any, const QList<Concept> &forbid,
                        const QList<Concept> &otherQuestions)
{
    BlockVerdict v;
    v.span = span;
    for (const Concept &c : all) {
        const ConceptMatch cm = m.matchIn(c, span.from, span.to);
        v.all << cm;
        v.found += cm.found ? 1 : 0;
        v.contradicted += cm.contradicted && !cm.found ? 1 : 0;
    }
    bool anyDenied = false;
    for (const Concept &c : any) {
        const ConceptMatch cm = m.matchIn(c, span.from, span.to);
        if (cm.found && (!v.any || cm.confidence > v.any->confidence))
            v.any = cm;
        anyDenied = anyDenied || (cm.contradicted && !cm.found);
    }
    if (!any.isEmpty()) {
        v.found += v.any ? 1 : 0;
        v.contradicted += !v.any && anyDenied ? 1 : 0;
    }
    for (const Concept &c : forbid) {
        const ConceptMatch cm = m.matchIn(c, span.from, span.to);
        if (cm.found && !v.forbidden)
            v.forbidden = cm;
    }
    v.unreadClause = hasUnreadClause(m, span, v, otherQuestions);
    return v;
}

// The concepts naming a criterion's question (`near:`). An anchor names the question's subject
// whatever the polarity: "sans --error" names it as much as "--error".
QList<Concept> questionAnchors(const Criterion &c, const Rubric &rubric)
{
    QList<Concept> anchors = conceptsFrom(c.params.value(QStringLiteral("near")), rubric);
    for (Concept &anchor : anchors)
        anchor.anyPolarity = true;
    return anchors;
}

// The paragraphs an answer is looked for in: those of the section, narrowed to those that
// mention the anchor (the question's subject) when the rubric names one.
// A paragraph written as lines (one point per line, no blank line between): from the first
// line that names the question to the paragraph's end. The lines before it answer other
// questions ("relance" said of the Deployment is not the Job's new pod).
Span fromFirstNamedLine(const QString &text, Span block, const TextMatcher &m,
                        const QList<Concept> &anchors)
{
    for (qsizetype from = block.from; from < block.to;) {
        qsizetype to = text.indexOf(u'\n', from);
        to = to < 0 || to > block.to ? block.to : to;
        if (std::any_of(anchors.begin(), anchors.end(),
                        [&](const Concept &a) { return m.matchIn(a, from, to).found; }))
            return Span{from, block.to};
        from = to + 1;
    }
    return block;
}

// A block that is a question copied before its answer: quoted ("> Quelle durée ...") or
// ending with a question mark.
bool isQuotedQuestion(const QString &block)
{
    return block.startsWith(u'>') || block.endsWith(u'?');
}

// Where an answer is looked for, and how sure the grader is that it is this question's.
struct Candidates
{
    QList<Span> blocks;
    double sectionConfidence = 1.0; // AnswerRegion::confidence()
    bool questionNamed = true;      // some paragraph names the question's subject (`near:`)
    QString note;
    // A section not found, or a question never named: what passes may answer another one.
    double penalty() const { return sectionConfidence * (questionNamed ? 1.0 : 0.7); }
};

Candidates candidateBlocks(const Criterion &c, CheckContext &ctx)
{
    Candidates out;
    const QString &text = ctx.file(c.file).text;
    const AnswerRegion answer = answerRegion(c, text);
    const QList<Concept> anchors = questionAnchors(c, ctx.rubric());
    // A file written as one block is read as a whole, and surely enough only where a
    // paragraph names the question (`near:`): without it, every fact of the file is in reach.
    out.sectionConfidence = answer.unstructured && anchors.isEmpty() ? 0.7 : answer.confidence();
    if (!answer.found) {
        out.note = QStringLiteral("La partie attendue (titre « %1 ») est introuvable : la "
                                  "réponse a été cherchée dans tout le fichier.")
                       .arg(c.params
                                .value(QStringLiteral("section_title"),
                                       c.params.value(QStringLiteral("section")))
                                .toString());
    }
    const QList<Span> blocks = paragraphs(text, Span{answer.span.from, answer.span.to});
    out.blocks = blocks;
    if (anchors.isEmpty())
        return out;
    // The answer the student labelled with the question's number ("Q2 : 1 minute"), when the
    // rubric gives it (`question:`): found even when it does not repeat the question's words.
    // Not a bare "2." alone: the line-by-line explanation may be numbered too.
    std::optional<Span> labelled;
    if (const int number = c.params.value(QStringLiteral("question")).toInt(); number > 0) {
        const AnswerStructure structure(text);
        const auto s = structure.namesQuestions() ? structure.question(number) : std::nullopt;
        if (s && s->from >= answer.span.from && s->to <= answer.span.to && s->to > s->from)
            labelled = Span{s->from, s->to};
    }
    QList<Span> near;
    if (labelled)
        near << *labelled;
    const TextMatcher &m = ctx.matcher(c.file);
    for (int i = 0; i < blocks.size(); ++i) {
        const Span &b = blocks[i];
        const bool named = std::any_of(anchors.begin(), anchors.end(), [&](const Concept &a) {
            return m.matchIn(a, b.from, b.to).found;
        });
        if (!named)
            continue;
        const QString blockText = text.mid(b.from, b.to - b.from).trimmed();
        const bool label = !blockText.startsWith(u'#') &&
                           (wordCount(blockText) < kLabelWords || isQuotedQuestion(blockText));
        if (!blockText.startsWith(u'#') && !label) {
            near << fromFirstNamedLine(text, b, m, anchors);
            continue;
        }
        if (headingLevel(blockText) == 1)
            continue; // a title names the document, not one of its questions
        // A heading, a short label ("1. **Démarrage**") or the question quoted ("> Quelle
        // durée ... ?") names the question: its answer is what follows, up to the next
        // heading, numbered item or quoted question.
        static const QRegularExpression numbered(QStringLiteral("^\\s*\\d+[.)]\\s"));
        Span under{b.to, b.to};
        for (int j = i + 1; j < blocks.size(); ++j) {
            const QString next = text.mid(blocks[j].from, blocks[j].to - blocks[j].from);
            if (next.trimmed().startsWith(u'#') ||
                (label && (numbered.match(next).hasMatch() || isQuotedQuestion(next.trimmed()))))
                break;
            under.to = blocks[j].to;
        }

        near << Span{b.from, under.to};
    }
    if (near.isEmpty()) {
        // The answer may be there without the words that name the question, or elsewhere:
        // the grader cannot tell which part answers, so an instructor looks at a pass.
        out.questionNamed = false;
        return out;
    }
    out.blocks = near;
    return out;
}

// Whether the wrong answer found beside the right one is only mentioned as what it is not:
// "au lieu de slurm-%j.out", "sinon slurm-%j.out", "slurm-%j.out ne sert que sans --output",
// "slurm-%j.out par défaut". Extra correct detail never withholds points; a second answer does.
// A bracket closed in between ends the aside: "(backoffLimit par défaut) le Deployment
// s'arrête" claims the stop, "par défaut" was said of something else.
bool setAside(const QString &text, const ConceptMatch &wrong)
{
    // Before the wrong words, in the few words just ahead of them.
    static const QRegularExpression before(
        QStringLiteral("(sinon|otherwise|au lieu d[eu']?|instead of|plutot que|rather than|"
                       "et non|and not|non pas|par defaut|by default|contrairement a|unlike)"
                       "[^\\w)]+(\\S+\\s+){0,3}$"));
    // After them, in the rest of their clause.
    static const QRegularExpression after(
        QStringLiteral("^[^.!?\\n,;]*?\\b(ne\\s+\\S+\\s+que|n'\\S+\\s+que|only (if|when|without)|"
                       "seulement (si|sans|quand)|uniquement (si|sans|quand)|par defaut|by default|"
                       "quand il n'y a pas|s'il n'y a pas|without --output|sans --output)"));
    // Given to a stream in its own clause ("stderr dans slurm-%j.out par défaut"): a claim.
    static const QRegularExpression stream(
        QStringLiteral("\\b(stderr|stdout|erreurs?|errors?|sortie d'erreur)\\b[^.!?\\n,;]{0,20}$"));
    const qsizetype lineStart = text.lastIndexOf(u'\n', wrong.start) + 1;
    const QString ahead = normalizeText(text.mid(lineStart, wrong.start - lineStart));
    const QString rest = normalizeText(text.mid(wrong.start + wrong.evidence.size()));
    if (stream.match(ahead).hasMatch())
        return false;
    return before.match(ahead + u' ').hasMatch() || after.match(rest).hasMatch();
}

CheckOutcome decide(const BlockVerdict &best, int required, double penalty, const QString &text)
{
    CheckOutcome out;
    if (best.forbidden && best.found == required && setAside(text, *best.forbidden)) {
        BlockVerdict right = best;
        right.forbidden.reset();
        return decide(right, required, penalty, text);
    }
    if (best.forbidden && best.found == required) {
        // Right and wrong side by side ("sommeil-%j.out, pas slurm-%j.out" is right; two
        // answers at once is not): an instructor decides.
        out.passed = true;
        out.confidence = 0.5;
        out.evidence = quoteMatch(text, *best.forbidden);
        out.note = QStringLiteral("La réponse contient aussi : %1.").arg(out.evidence);
        return out;
    }
    if (best.forbidden) {
        out.confidence = 0.85 * penalty;
        out.evidence = quoteMatch(text, *best.forbidden);
        out.note = QStringLiteral("La réponse affirme ce qui est faux : %1.").arg(out.evidence);
        return out;
    }
    if (best.found == required) {
        out.passed = true;
        double confidence = 1.0;
        QStringList evidence;
        for (const ConceptMatch &m : best.all) {
            confidence = std::min(confidence, m.confidence);
            evidence << quoteMatch(text, m);
        }
        if (best.any) {
            confidence = std::min(confidence, best.any->confidence);
            evidence << quoteMatch(text, *best.any);
        }
        out.confidence = confidence * penalty;
        out.evidence = evidence.join(QStringLiteral(" ; "));
        return out;
    }
    QStringList evidence;
    for (const ConceptMatch &m : best.all)
        if (m.found || m.contradicted)
            evidence << quoteMatch(text, m);
    out.evidence = evidence.join(QStringLiteral(" ; "));
    if (best.contradicted > 0) {
        out.confidence = 0.9 * penalty;
        out.note = QStringLiteral("La réponse dit le contraire de ce qui est attendu : %1.")
                       .arg(out.evidence);
    } else if (best.found > 0) {
        // Part of the answer is there: the rest may be phrased in words the grader does not
        // know, if some words were not read at all.
        out.confidence = (best.unreadClause ? 0.6 : 0.85) * penalty;
    } else {
        out.confidence =
            nothingRecognisedConfidence(text.mid(best.span.from, best.span.to - best.span.from)) *
            penalty;
    }
    return out;
}

// Words that often go with a right answer but also with a wrong one ("commentaire": for
// Slurm, or only for bash?): found where the answer is, they make a guess an instructor
// confirms, never a decision.
void considerWeakSignals(const Criterion &c, CheckContext &ctx, const BlockVerdict &best,
                         CheckOutcome *out)
{
    const QList<Concept> weak = conceptsFrom(c.params.value(QStringLiteral("weak")), ctx.rubric());
    const TextMatcher &m = ctx.answerMatcher(c.file);
    for (const Concept &w : weak) {
        const ConceptMatch cm = m.matchIn(w, best.span.from, best.span.to);
        if (!cm.found)
            continue;
        out->passed = true;
        out->confidence = 0.5;
        out->evidence = quoteMatch(ctx.file(c.file).text, cm);
        out->note = QStringLiteral("La réponse n'est pas assez explicite pour être jugée seule.");
        return;
    }
}

// The subjects of the file's other questions (their `near:` anchors, when not this one's).
QList<Concept> otherQuestionAnchors(const Criterion &c, const Rubric &rubric)
{
    const QStringList own = c.params.value(QStringLiteral("near")).toStringList();
    QList<Concept> out;
    for (const Criterion &other : rubric.criteria) {
        if (other.id == c.id || other.file != c.file)
            continue;
        const QStringList names = other.params.value(QStringLiteral("near")).toStringList();
        if (std::any_of(names.begin(), names.end(),
                        [&](const QString &name) { return !own.contains(name); }))
            out << questionAnchors(other, rubric);
    }
    return out;
}

// With `order: true`, the required concepts are steps in that order (a second pod, then the
// Job failed; SIGTERM, then SIGKILL). A later step stated first and followed by a word that
// moves time forward ("Failed d'abord, puis un nouveau pod") tells the steps reversed. Stated
// the other way round without such a word ("Failed après un second pod") is no claim on order.
std::optional<Span> reversedSteps(const QString &text, const BlockVerdict &v)
{
    static const QRegularExpression forward(
        QStringLiteral("\\b(puis|ensuite|apres ca|apres cela|et apres|et seulement apres|"
                       "then|afterwards|after that|next)\\b|=>|->|→"));
    for (qsizetype i = 0; i + 1 < v.all.size(); ++i) {
        const ConceptMatch &earlier = v.all[i];
        const ConceptMatch &later = v.all[i + 1];
        if (!earlier.found || !later.found || later.start >= earlier.start)
            continue;
        const qsizetype from = later.start + later.evidence.size();
        const QString between = normalizeText(text.mid(from, earlier.start - from));
        if (forward.match(between).hasMatch())
            return Span{later.start, earlier.start + earlier.evidence.size()};
    }
    return std::nullopt;
}

CheckOutcome checkConcepts(const Criterion &c, CheckContext &ctx)
{
    const SubmittedFile &f = ctx.file(c.file);
    if (!f.usable())
        return unusableFile(f, c.file);
    const QList<Concept> all = conceptsFrom(c.params.value(QStringLiteral("all")), ctx.rubric());
    const QList<Concept> any = conceptsFrom(c.params.value(QStringLiteral("any")), ctx.rubric());
    const QList<Concept> forbid =
        conceptsFrom(c.params.value(QStringLiteral("forbid")), ctx.rubric());
    const QList<Concept> otherQuestions = otherQuestionAnchors(c, ctx.rubric());
    const Candidates candidates = candidateBlocks(c, ctx);
    const QList<Span> &blocks = candidates.blocks;
    const double penalty = candidates.penalty();
    const QString &note = candidates.note;
    const TextMatcher &m = ctx.answerMatcher(c.file);
    std::optional<BlockVerdict> best;
    for (const Span &b : blocks) {
        const BlockVerdict v = judgeBlock(m, b, all, any, forbid, otherQuestions);
        // The block saying most for the answer; then the one saying most about the question
        // at all (a right and a wrong answer side by side beats a block that names neither).
        const auto rank = [](const BlockVerdict &x) {
            const int wrong = x.contradicted + (x.forbidden ? 1 : 0);
            return std::tuple(x.found - wrong, x.found + wrong, -x.span.from);
        };
        if (!best || rank(v) > rank(*best))
            best = v;
    }
    const int required = int(all.size()) + (any.isEmpty() ? 0 : 1);
    if (best && c.params.contains(QStringLiteral("sides")))
        for (int i = 0; i < all.size(); ++i)
            best->all[i].confidence = confidenceOnItsSide(c, ctx, best->span, all[i], best->all[i]);
    CheckOutcome out = best ? decide(*best, required, penalty, f.text) : CheckOutcome{};
    if (!best)
        out.confidence = 0.85 * penalty;
    if (best && !out.passed && !best->forbidden && best->contradicted == 0 && best->found == 0)
        // Nothing recognised: how much the student wrote, the starting file's words aside.
        out.confidence = nothingRecognisedConfidence(
                             m.text().mid(best->span.from, best->span.to - best->span.from)) *
                         penalty;
    if (best && !out.passed && !best->forbidden && best->contradicted == 0 &&
        !candidates.questionNamed && c.params.value(QStringLiteral("near_required")).toBool()) {
        // The answer never names what the point is about (Kueue, the free nodes): it has not
        // answered it, whatever else it says. (A question's own words, or a verb, may be
        // missing from a right answer: there a person decides.)
        out.confidence = std::max(out.confidence, 0.8 * candidates.sectionConfidence);
    }
    if (best && !out.passed && !best->forbidden && best->contradicted == 0)
        considerWeakSignals(c, ctx, *best, &out);
    if (const auto swapped = best ? swappedSide(c, ctx, best->span) : std::nullopt) {
        const QString &text = f.text;
        out.passed = false;
        out.confidence = 0.9 * penalty;
        out.evidence = QStringLiteral("« %1 » (ligne %2)")
                           .arg(text.mid(swapped->from, swapped->to - swapped->from).simplified())
                           .arg(lineAt(text, swapped->from));
        out.note = QStringLiteral("Les deux côtés sont inversés : %1.").arg(out.evidence);
    }
    if (best && out.passed && c.params.value(QStringLiteral("order")).toBool())
        if (const auto reversed = reversedSteps(f.text, *best)) {
            out.passed = false;
            out.confidence = 0.85 * penalty;
            out.evidence =
                QStringLiteral("« %1 » (ligne %2)")
                    .arg(f.text.mid(reversed->from, reversed->to - reversed->from).simplified())
                    .arg(lineAt(f.text, reversed->from));
            out.note =
                QStringLiteral("Les étapes sont dans le mauvais ordre : %1.").arg(out.evidence);
        }
    if (!note.isEmpty())
        out.note = out.note.isEmpty() ? note : note + u' ' + out.note;
    return out;
}

} // namespace

QString answerExcerpt(const Criterion &c, CheckContext &ctx)
{
    const SubmittedFile &f = ctx.file(c.file);
    if (!f.usable() || f.blank)
        return QString();
    const QList<Concept> anchors = questionAnchors(c, ctx.rubric());
    const TextMatcher &m = ctx.matcher(c.file);
    QStringList parts;
    for (const Span &b : candidateBlocks(c, ctx).blocks) {
        // Answers written as lines of one paragraph (a list): the lines naming the question.
        // A title naming it ("## Arrondi") keeps what follows it: a short line is no answer.
        QStringList named;
        for (qsizetype from = b.from; from < b.to;) {
            qsizetype to = f.text.indexOf(u'\n', from);
            to = to < 0 || to > b.to ? b.to : to;
            const QString line = f.text.mid(from, to - from).trimmed();
            if (wordCount(line) >= kLabelWords &&
                std::any_of(anchors.begin(), anchors.end(),
                            [&](const Concept &a) { return m.matchIn(a, from, to).found; }))
                named << line;
            from = to + 1;
        }
        parts << (named.isEmpty() ? f.text.mid(b.from, b.to - b.from).trimmed()
                                  : named.join(u'\n'));
    }
    parts.removeAll(QString());
    return parts.join(QStringLiteral("\n\n"));
}

void addTextCheckers(CheckerTable &table)
{
    table.insert(QStringLiteral("text.concepts"), {checkConcepts});
}

} // namespace schedlab::grader
