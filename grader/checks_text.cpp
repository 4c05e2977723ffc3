// Checkers of written answers: concepts found in the right paragraph (or section), and one
// explanation per script line, in order.
#include "checkers.h"

#include <QRegularExpression>

#include <algorithm>
#include <tuple>

namespace schedlab::grader {

namespace {

// A block this short that names a question ("1. **Démarrage**") is a label for what follows.
constexpr int kLabelWords = 6;

int wordCount(const QString &text)
{
    return int(text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts).size());
}

struct Span
{
    qsizetype from = 0;
    qsizetype to = 0;
};

// Paragraphs, list items and table rows: where one answer usually sits.
QList<Span> paragraphs(const QString &text, Span within)
{
    static const QRegularExpression itemStart(QStringLiteral("^\\s*([-*+]|\\d+[.)]|\\|)\\s"));
    QList<Span> out;
    qsizetype start = -1;
    qsizetype pos = within.from;
    while (pos < within.to) {
        qsizetype end = text.indexOf(u'\n', pos);
        if (end < 0 || end > within.to)
            end = within.to;
        const QString line = text.mid(pos, end - pos);
        const bool blank = line.trimmed().isEmpty();
        const bool startsBlock =
            line.trimmed().startsWith(u'#') || itemStart.match(line).hasMatch();
        if ((blank || startsBlock) && start >= 0) {
            out << Span{start, pos};
            start = -1;
        }
        if (!blank && start < 0)
            start = pos;
        if (line.trimmed().startsWith(u'#') && start >= 0) {
            out << Span{start, end}; // a heading stands alone
            start = -1;
        }
        pos = end + 1;
    }
    if (start >= 0)
        out << Span{start, within.to};
    return out;
}

// Sentences (and lines): the unit of "one sentence per script line".
QList<Span> sentences(const QString &text)
{
    QList<Span> out;
    qsizetype start = 0;
    const auto close = [&](qsizetype end) {
        if (!text.mid(start, end - start).trimmed().isEmpty())
            out << Span{start, end};
        start = end;
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar ch = text[i];
        if (ch == u'\n')
            close(i + 1);
        else if ((ch == u'.' || ch == u'!' || ch == u'?') &&
                 (i + 1 == text.size() || text[i + 1].isSpace()))
            close(i + 1);
    }
    close(text.size());
    return out;
}

int headingLevel(const QString &line)
{
    int level = 0;
    while (level < line.size() && line[level] == u'#')
        ++level;
    return level > 0 && level < line.size() && line[level] == u' ' ? level : 0;
}

int lineAt(const QString &text, qsizetype pos)
{
    return int(text.left(pos).count(u'\n')) + 1;
}

QString quote(const QString &text, const ConceptMatch &m)
{
    return QStringLiteral("« %1 » (ligne %2)").arg(m.evidence).arg(lineAt(text, m.start));
}

// How well one paragraph answers: the required concepts it states, and what it denies.
struct BlockVerdict
{
    Span span;
    QList<ConceptMatch> all; // one per required concept
    std::optional<ConceptMatch> any;
    std::optional<ConceptMatch> forbidden;
    int found = 0;
    int contradicted = 0;
};

BlockVerdict judgeBlock(const TextMatcher &m, Span span, const QList<Concept> &all,
                        const QList<Concept> &any, const QList<Concept> &forbid)
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
QList<Span> candidateBlocks(const Criterion &c, CheckContext &ctx, double *penalty, QString *note)
{
    const QString &text = ctx.file(c.file).text;
    const AnswerRegion answer = answerRegion(c, text);
    if (!answer.found) {
        *penalty *= 0.7;
        *note = QStringLiteral("La partie attendue (titre « %1 ») est introuvable : la "
                               "réponse a été cherchée dans tout le fichier.")
                    .arg(c.params
                             .value(QStringLiteral("section_title"),
                                    c.params.value(QStringLiteral("section")))
                             .toString());
    }
    QList<Span> blocks = paragraphs(text, Span{answer.span.from, answer.span.to});
    const QList<Concept> anchors = questionAnchors(c, ctx.rubric());
    if (anchors.isEmpty())
        return blocks;
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
        const bool label = !blockText.startsWith(u'#') && wordCount(blockText) < kLabelWords;
        if (!blockText.startsWith(u'#') && !label) {
            near << b;
            continue;
        }
        if (headingLevel(blockText) == 1)
            continue; // a title names the document, not one of its questions
        // A heading, or a short label ("1. **Démarrage**"), names the question: its answer
        // is what follows, up to the next heading or numbered item.
        static const QRegularExpression numbered(QStringLiteral("^\\s*\\d+[.)]\\s"));
        Span under{b.to, b.to};
        for (int j = i + 1; j < blocks.size(); ++j) {
            const QString next = text.mid(blocks[j].from, blocks[j].to - blocks[j].from);
            if (next.trimmed().startsWith(u'#') || (label && numbered.match(next).hasMatch()))
                break;
            under.to = blocks[j].to;
        }

        near << Span{b.from, under.to};
    }
    if (near.isEmpty()) {
        // The answer may be there without the words that name the question, or elsewhere:
        // the grader cannot tell which part answers, so an instructor looks.
        *penalty *= 0.7;
        return blocks;
    }
    return near;
}

// Whether the wrong answer found beside the right one is only mentioned as what it is not:
// "au lieu de slurm-%j.out", "sinon slurm-%j.out", "slurm-%j.out ne sert que sans --output",
// "slurm-%j.out par défaut". Extra correct detail never withholds points; a second answer does.
bool setAside(const QString &text, const ConceptMatch &wrong)
{
    // Before the wrong words, in the few words just ahead of them.
    static const QRegularExpression before(
        QStringLiteral("(sinon|otherwise|au lieu d[eu']?|instead of|plutot que|rather than|"
                       "et non|and not|non pas|par defaut|by default|contrairement a|unlike)"
                       "\\W+(\\S+\\s+){0,3}$"));
    // After them, in the rest of their clause.
    static const QRegularExpression after(
        QStringLiteral("^[^.!?\\n,;]*?\\b(ne\\s+\\S+\\s+que|n'\\S+\\s+que|only (if|when|without)|"
                       "seulement (si|sans|quand)|uniquement (si|sans|quand)|par defaut|by default|"
                       "quand il n'y a pas|s'il n'y a pas|without --output|sans --output)"));
    const qsizetype lineStart = text.lastIndexOf(u'\n', wrong.start) + 1;
    const QString ahead = normalizeText(text.mid(lineStart, wrong.start - lineStart));
    const QString rest = normalizeText(text.mid(wrong.start + wrong.evidence.size()));
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
        out.evidence = quote(text, *best.forbidden);
        out.note = QStringLiteral("La réponse contient aussi : %1.").arg(out.evidence);
        return out;
    }
    if (best.forbidden) {
        out.confidence = 0.85 * penalty;
        out.evidence = quote(text, *best.forbidden);
        out.note = QStringLiteral("La réponse affirme ce qui est faux : %1.").arg(out.evidence);
        return out;
    }
    if (best.found == required) {
        out.passed = true;
        double confidence = 1.0;
        QStringList evidence;
        for (const ConceptMatch &m : best.all) {
            confidence = std::min(confidence, m.confidence);
            evidence << quote(text, m);
        }
        if (best.any) {
            confidence = std::min(confidence, best.any->confidence);
            evidence << quote(text, *best.any);
        }
        out.confidence = confidence * penalty;
        out.evidence = evidence.join(QStringLiteral(" ; "));
        return out;
    }
    QStringList evidence;
    for (const ConceptMatch &m : best.all)
        if (m.found || m.contradicted)
            evidence << quote(text, m);
    out.evidence = evidence.join(QStringLiteral(" ; "));
    if (best.contradicted > 0) {
        out.confidence = 0.9 * penalty;
        out.note = QStringLiteral("La réponse dit le contraire de ce qui est attendu : %1.")
                       .arg(out.evidence);
    } else if (best.found > 0) {
        // Part of the answer is there: the rest may be phrased in words the grader does not know.
        out.confidence = 0.6 * penalty;
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
        out->evidence = quote(ctx.file(c.file).text, cm);
        out->note = QStringLiteral("La réponse n'est pas assez explicite pour être jugée seule.");
        return;
    }
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
    double penalty = 1.0;
    QString note;
    const QList<Span> blocks = candidateBlocks(c, ctx, &penalty, &note);
    const TextMatcher &m = ctx.answerMatcher(c.file);
    std::optional<BlockVerdict> best;
    for (const Span &b : blocks) {
        const BlockVerdict v = judgeBlock(m, b, all, any, forbid);
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
    CheckOutcome out = best ? decide(*best, required, penalty, f.text) : CheckOutcome{};
    if (!best)
        out.confidence = 0.85 * penalty;
    if (best && !out.passed && !best->forbidden && best->contradicted == 0 && best->found == 0)
        // Nothing recognised: how much the student wrote, the starting file's words aside.
        out.confidence = nothingRecognisedConfidence(
                             m.text().mid(best->span.from, best->span.to - best->span.from)) *
                         penalty;
    if (best && !out.passed && !best->forbidden && best->contradicted == 0)
        considerWeakSignals(c, ctx, *best, &out);
    if (!note.isEmpty())
        out.note = out.note.isEmpty() ? note : note + u' ' + out.note;
    return out;
}

// What is wrong with the sentence explaining a line: it says something the line does not do
// (`forbid`), or nothing of what it does (`meaning`). Empty when it reads right.
QString meaningProblem(const Criterion &c, const QVariantMap &line, CheckContext &ctx,
                       Span sentence)
{
    const TextMatcher &m = ctx.matcher(c.file);
    for (const Concept &wrong : conceptsFrom(line.value(QStringLiteral("forbid")), ctx.rubric())) {
        const ConceptMatch cm = m.matchIn(wrong, sentence.from, sentence.to);
        if (cm.found)
            return QStringLiteral("« %1 »").arg(cm.evidence);
    }
    const QList<Concept> meaning =
        conceptsFrom(line.value(QStringLiteral("meaning")), ctx.rubric());
    if (meaning.isEmpty())
        return QString();
    for (const Concept &right : meaning)
        if (m.matchIn(right, sentence.from, sentence.to).found)
            return QString();
    return QStringLiteral("son rôle n'est pas dit");
}

// One explanation per script line, in the script's order, each in its own sentence, saying
// what that line does.
CheckOutcome checkOnePerLine(const Criterion &c, CheckContext &ctx)
{
    const SubmittedFile &f = ctx.file(c.file);
    if (!f.usable())
        return unusableFile(f, c.file);
    const QVariantList lines = c.params.value(QStringLiteral("lines")).toList();
    const QList<Span> units = sentences(f.text);
    const TextMatcher &m = ctx.matcher(c.file);
    int next = 0; // the first sentence the next line's explanation may be in
    QStringList missing, misread, evidence;
    double confidence = 1.0;
    for (const QVariant &entry : lines) {
        const QVariantMap line = entry.toMap();
        const QString label = line.value(QStringLiteral("label")).toString();
        const Concept identifies = conceptFrom(line.value(QStringLiteral("concept")), ctx.rubric());
        bool found = false;
        for (int u = next; u < units.size() && !found; ++u) {
            const ConceptMatch cm = m.matchIn(identifies, units[u].from, units[u].to);
            if (!cm.found)
                continue;
            found = true;
            next = u + 1;
            confidence = std::min(confidence, cm.confidence);
            evidence << QStringLiteral("%1 → %2").arg(label, quote(f.text, cm));
            const QString problem = meaningProblem(c, line, ctx, units[u]);
            if (!problem.isEmpty())
                misread << QStringLiteral("%1 : %2").arg(label, problem);
        }
        if (!found)
            missing << label;
    }
    CheckOutcome out;
    out.passed = missing.isEmpty() && misread.isEmpty();
    out.evidence = evidence.join(QStringLiteral(" ; "));
    QStringList notes;
    if (!missing.isEmpty())
        notes << QStringLiteral("Pas d'explication reconnue, à sa place dans l'ordre, pour : %1.")
                     .arg(missing.join(QStringLiteral(", ")));
    if (!misread.isEmpty())
        notes << QStringLiteral("Explication à revoir pour %1.")
                     .arg(misread.join(QStringLiteral(" ; ")));
    out.note = notes.join(u' ');
    // One line missed or unclear may be one phrased in words the grader does not know.
    if (!out.passed)
        confidence = missing.size() + misread.size() == 1 ? 0.6 : 0.9;
    out.confidence = confidence;
    return out;
}

} // namespace

QString answerExcerpt(const Criterion &c, CheckContext &ctx)
{
    const SubmittedFile &f = ctx.file(c.file);
    if (!f.usable() || f.blank)
        return QString();
    double penalty = 1.0;
    QString note;
    const QList<Concept> anchors = questionAnchors(c, ctx.rubric());
    const TextMatcher &m = ctx.matcher(c.file);
    QStringList parts;
    for (const Span &b : candidateBlocks(c, ctx, &penalty, &note)) {
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
    table.insert(QStringLiteral("text.one-per-line"), {checkOnePerLine});
}

} // namespace schedlab::grader
