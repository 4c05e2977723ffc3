// The checker of line-by-line explanations (text.one-per-line): one explanation per script
// line, in the script's order, each in its own sentence, saying what that line does.
#include "checkers.h"
#include "textspans.h"

#include <QRegularExpression>

#include <algorithm>

namespace schedlab::grader {

namespace {

// What is wrong with the sentence explaining a line: it says something the line does not do
// (`forbid`: a wrong meaning, unless the student takes it back further on, "2 heures... non,
// 2 minutes"), or nothing of what it does (`meaning`). Empty when it reads right.
struct MeaningProblem
{
    QString text;
    bool wrong = false; // a wrong meaning stated, not only a role left unsaid
};

// Taken back further on its line ("2 heures... non, 2 minutes": the ellipsis ends a sentence,
// not the student's explanation of the line).
bool takenBack(const QString &text, qsizetype from)
{
    static const QRegularExpression correction(
        QStringLiteral("\\b(non|enfin|pardon|oups|plutot|je veux dire|i mean|no|sorry)\\b"),
        QRegularExpression::CaseInsensitiveOption);
    qsizetype to = text.indexOf(u'\n', from);
    to = to < 0 ? text.size() : to;
    return correction.match(normalizeText(text.mid(from, to - from))).hasMatch();
}

MeaningProblem meaningProblem(const Criterion &c, const QVariantMap &line, CheckContext &ctx,
                              Span sentence)
{
    const TextMatcher &m = ctx.matcher(c.file);
    for (const Concept &wrong : conceptsFrom(line.value(QStringLiteral("forbid")), ctx.rubric())) {
        const ConceptMatch cm = m.matchIn(wrong, sentence.from, sentence.to);
        if (cm.found && !takenBack(m.text(), cm.start + cm.evidence.size()))
            return {QStringLiteral("« %1 »").arg(cm.evidence), true};
    }
    const QList<Concept> meaning =
        conceptsFrom(line.value(QStringLiteral("meaning")), ctx.rubric());
    if (meaning.isEmpty())
        return {};
    for (const Concept &right : meaning)
        if (m.matchIn(right, sentence.from, sentence.to).found)
            return {};
    return {QStringLiteral("son rôle n'est pas dit"), false};
}

// Whether a sentence of three words or more, not a heading, sits where the one line not
// found would be explained: between the sentences of the lines around it, within their part
// of the file (the answers after a heading are not explanations).
bool sentenceInGap(const QString &text, const QList<Span> &units, const QList<int> &foundAt)
{
    const int missing = int(foundAt.indexOf(-1));
    int before = -1, after = int(units.size());
    for (int k = missing - 1; k >= 0 && before < 0; --k)
        before = foundAt[k];
    for (int k = missing + 1; k < foundAt.size() && after == units.size(); ++k)
        if (foundAt[k] >= 0)
            after = foundAt[k];
    const auto heading = [&](int u) {
        return text.mid(units[u].from, units[u].to - units[u].from).trimmed().startsWith(u'#');
    };
    for (int u = before + 1; u < after; ++u) {
        if (heading(u)) {
            if (before >= 0)
                break; // the explanations' part ends here
            continue;
        }
        if (wordCount(text.mid(units[u].from, units[u].to - units[u].from)) >= 3)
            return true;
    }
    return false;
}

// The script line a sentence names by its rank: "La deuxième donne au job le nom sommeil",
// "la 3e ligne", "Ligne 4 :", "The second line". 0 when it names none.
int lineRank(const QString &sentence)
{
    static const QRegularExpression rank(QStringLiteral(
        "^\\W*(?:(?:la|le|the|en)\\s+)?(?:(?<word>premiere|deuxieme|seconde|second|troisieme|"
        "quatrieme|cinquieme|sixieme|septieme|huitieme|first|third|fourth|fifth|sixth|seventh|"
        "eighth)|(?<nth>[1-8])\\s*(?:e|eme|re|ere|nd|rd|th|st)|(?:ligne|line)\\s*(?<n>[1-8]))\\b"));
    static const QStringList words{QStringLiteral("premiere"),  QStringLiteral("deuxieme"),
                                   QStringLiteral("troisieme"), QStringLiteral("quatrieme"),
                                   QStringLiteral("cinquieme"), QStringLiteral("sixieme"),
                                   QStringLiteral("septieme"),  QStringLiteral("huitieme")};
    static const QStringList english{QStringLiteral("first"),   QStringLiteral("second"),
                                     QStringLiteral("third"),   QStringLiteral("fourth"),
                                     QStringLiteral("fifth"),   QStringLiteral("sixth"),
                                     QStringLiteral("seventh"), QStringLiteral("eighth")};
    const QRegularExpressionMatch m = rank.match(normalizeText(sentence));
    if (!m.hasMatch())
        return 0;
    for (const QString &group : {QStringLiteral("nth"), QStringLiteral("n")})
        if (const QString n = m.captured(group); !n.isEmpty())
            return n.toInt();
    const QString w = m.captured(QStringLiteral("word"));
    if (w == QLatin1String("seconde"))
        return 2;
    return int(std::max(words.indexOf(w), english.indexOf(w))) + 1;
}

// One explanation per script line, in the script's order, each in its own sentence, saying
// what that line does. A sentence that names a line by its rank ("La deuxième ...") is about
// that line, whatever words it uses.
CheckOutcome checkOnePerLine(const Criterion &c, CheckContext &ctx)
{
    const SubmittedFile &f = ctx.file(c.file);
    if (!f.usable())
        return unusableFile(f, c.file);
    const QVariantList lines = c.params.value(QStringLiteral("lines")).toList();
    const QList<Span> units = sentences(f.text);
    const TextMatcher &m = ctx.matcher(c.file);
    int next = 0;       // the first sentence the next line's explanation may be in
    QList<int> foundAt; // per script line, the sentence explaining it; -1 when none
    QStringList missing, misread, evidence;
    double confidence = 1.0;
    bool wrongMeaning = false;
    for (const QVariant &entry : lines) {
        const QVariantMap line = entry.toMap();
        const QString label = line.value(QStringLiteral("label")).toString();
        // Which line a sentence is about, whatever it says of it ("ne doit pas durer plus de 2
        // minutes" is about --time): what it says is the `meaning`'s business.
        Concept identifies = conceptFrom(line.value(QStringLiteral("concept")), ctx.rubric());
        identifies.anyPolarity = true;
        bool found = false;
        const int number = int(foundAt.size()) + 1;
        for (int u = next; u < units.size() && !found; ++u) {
            const int rank = lineRank(f.text.mid(units[u].from, units[u].to - units[u].from));
            const ConceptMatch cm = m.matchIn(identifies, units[u].from, units[u].to);
            if (rank != number && (rank != 0 || !cm.found))
                continue;
            found = true;
            next = u + 1;
            foundAt << u;
            if (cm.found) {
                confidence = std::min(confidence, cm.confidence);
                evidence << QStringLiteral("%1 → %2").arg(label, quoteMatch(f.text, cm));
            } else {
                evidence << QStringLiteral("%1 → phrase %2 (ligne %3)")
                                .arg(label)
                                .arg(u + 1)
                                .arg(lineAt(f.text, units[u].from));
            }
            const MeaningProblem problem = meaningProblem(c, line, ctx, units[u]);
            if (!problem.text.isEmpty())
                misread << QStringLiteral("%1 : %2").arg(label, problem.text);
            wrongMeaning = wrongMeaning || problem.wrong;
        }
        if (!found) {
            missing << label;
            foundAt << -1;
        }
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
    // One line missed or unclear may be one phrased in words the grader does not know; not
    // when no sentence is there to explain it, nor when a wrong meaning is stated.
    if (!out.passed)
        confidence = missing.size() + misread.size() == 1 && !wrongMeaning &&
                             (!misread.isEmpty() || sentenceInGap(f.text, units, foundAt))
                         ? 0.6
                         : 0.9;
    out.confidence = confidence;
    return out;
}

} // namespace

void addLineCheckers(CheckerTable &table)
{
    table.insert(QStringLiteral("text.one-per-line"), {checkOnePerLine});
}

} // namespace schedlab::grader
