// Each student's feedback document: the grades gathered into one view, then written as
// Markdown or HTML with every text escaped; and the class's documents zipped for the LMS.
#include "feedback.h"

#include "checkers.h"
#include "report.h"
#include "zipwriter.h"

#include <QLocale>
#include <QRegularExpression>
#include <QSet>

#include <cmath>

namespace schedlab::handin {

namespace {

using grader::CriterionResult;
using grader::ExerciseResult;
using grader::Rubric;

enum class Status { Passed, Failed, Pending };

// One criterion as the student reads it. Texts are raw: each writer escapes them.
struct CriterionView
{
    QString title;
    QString points; // "1 / 2", or "? / 2" while pending
    Status status = Status::Failed;
    QString feedback;
    QString evidence;
    QString decision; // the instructor's, when they changed the grader's
};

struct DeliverableView
{
    QString heading; // "Exercice 1 — Écrire le script et expliquer chaque ligne"
    QString score;   // "10 / 13"
    QStringList notices;
    QList<CriterionView> criteria;
};

struct FeedbackView
{
    FeedbackHeader student;
    QString total;
    QString pending; // empty when nothing awaits the instructor
    QList<DeliverableView> deliverables;
};

QString number(double value)
{
    return QLocale(QLocale::French).toString(std::round(value * 100) / 100, 'g', 12);
}

QString outOf(double points, double max)
{
    return QStringLiteral("%1 / %2").arg(number(points), number(max));
}

QString deliverableName(const QString &exercise)
{
    static const QHash<QString, QString> names{
        {QStringLiteral("ex1"), QStringLiteral("Exercice 1")},
        {QStringLiteral("ex2"), QStringLiteral("Exercice 2")},
        {QStringLiteral("ex3"), QStringLiteral("Exercice 3")},
        {QStringLiteral("ex4"), QStringLiteral("Exercice 4")},
        {QStringLiteral("solo"), QStringLiteral("Projet individuel")},
        {QStringLiteral("groupe"), QStringLiteral("Projet de groupe")},
        {QStringLiteral("examen"), QStringLiteral("Examen")}};
    return names.value(exercise, exercise);
}

QString statusWord(Status status)
{
    switch (status) {
    case Status::Passed:
        return QStringLiteral("réussi");
    case Status::Pending:
        return QStringLiteral("à vérifier");
    case Status::Failed:
        break;
    }
    return QStringLiteral("non réussi");
}

CriterionView criterionView(const CriterionResult &c)
{
    CriterionView v;
    v.title = c.title.isEmpty() ? c.id : c.title;
    v.status = c.review ? Status::Pending : c.passed ? Status::Passed : Status::Failed;
    v.points = c.review ? QStringLiteral("? / %1").arg(number(c.max)) : outOf(c.points, c.max);
    v.feedback = c.feedback;
    v.evidence = c.evidence;
    if (c.overridden)
        v.decision = QStringLiteral("Décision de l'enseignant : %1").arg(c.overridden->why);
    return v;
}

double pendingPoints(const ExerciseResult &r)
{
    double points = 0;
    for (const CriterionResult &c : r.criteria)
        points += c.review ? c.max : 0;
    return points;
}

QStringList notices(const ExerciseResult &r)
{
    QStringList out;
    if (!r.error.isEmpty())
        out << QStringLiteral("Travail illisible : %1").arg(r.error);
    if (const grader::NotHandedIn gap{r.missingFiles, r.emptyFiles}; gap.any())
        out << gap.sentence();
    for (const CriterionResult &c : r.criteria)
        if (c.voidsExercise)
            out << QStringLiteral("L'exercice est compté faux (critère « %1 »).").arg(c.title);
    if (const double pending = pendingPoints(r); pending > 0)
        out << QStringLiteral("%1 point(s) en attente de la décision de l'enseignant : ils ne sont "
                              "pas comptés comme perdus.")
                   .arg(number(pending));
    return out;
}

DeliverableView deliverableView(const QString &exercise, const QString &title,
                                const ExerciseResult *result, double max)
{
    DeliverableView d;
    d.heading = deliverableName(exercise);
    if (!title.isEmpty() && title != exercise)
        d.heading += QStringLiteral(" — ") + title;
    if (!result) {
        d.score = outOf(0, max);
        d.notices << QStringLiteral("Non rendu : rien n'a été rendu pour ce livrable.");
        return d;
    }
    d.score = outOf(result->score, result->max);
    d.notices = notices(*result);
    for (const CriterionResult &c : result->criteria)
        d.criteria << criterionView(c);
    return d;
}

FeedbackView feedbackView(const FeedbackHeader &student, const QList<ExerciseResult> &results,
                          const QList<Rubric> &rubrics)
{
    FeedbackView view;
    view.student = student;
    double score = 0, max = 0, pending = 0;
    QSet<QString> shown;
    const auto add = [&](const QString &exercise, const QString &title, double rubricMax) {
        const ExerciseResult *found = nullptr;
        for (const ExerciseResult &r : results)
            if (r.exercise == exercise && !found)
                found = &r;
        view.deliverables << deliverableView(exercise, title, found, rubricMax);
        score += found ? found->score : 0;
        max += found ? found->max : rubricMax;
        pending += found ? pendingPoints(*found) : 0;
        shown.insert(exercise);
    };
    for (const Rubric &rubric : rubrics)
        if (!shown.contains(rubric.exercise))
            add(rubric.exercise, rubric.title, rubric.maxPoints());
    QStringList others; // graded with a rubric not given: after the course's, by name
    for (const ExerciseResult &r : results)
        if (!shown.contains(r.exercise) && !others.contains(r.exercise))
            others << r.exercise;
    others.sort();
    for (const QString &exercise : std::as_const(others))
        add(exercise, QString(), 0);
    view.total = outOf(score, max);
    if (pending > 0)
        view.pending = QStringLiteral("%1 point(s) sont en attente de la décision de l'enseignant "
                                      "(critères « à vérifier ») : ils ne sont pas comptés comme "
                                      "perdus.")
                           .arg(number(pending));
    return view;
}

// --- Markdown ----------------------------------------------------------------------------

// Characters CommonMark or its GitHub extensions would read as markup: escaped wherever they
// are (a backslash before ASCII punctuation always stands for the character itself).
bool isMarkdownSpecial(QChar ch)
{
    static const QString specials = QStringLiteral("\\`*_[](){}#+-!<>|=~&@");
    return specials.contains(ch);
}

// One line of text: specials escaped, and what would start an ordered list ("1.") or an
// autolink ("http://", "www.") broken by an escape.
QString markdownLine(const QString &line)
{
    static const QRegularExpression listStart(QStringLiteral("^\\s*\\d+\\."));
    static const QRegularExpression scheme(QStringLiteral("[A-Za-z]:(?=//)"));
    static const QRegularExpression www(QStringLiteral("(^|[^A-Za-z0-9])www\\."),
                                        QRegularExpression::CaseInsensitiveOption);
    QSet<qsizetype> escapeAt;
    if (const auto m = listStart.match(line); m.hasMatch())
        escapeAt.insert(m.capturedEnd() - 1);
    for (auto it = scheme.globalMatch(line); it.hasNext();)
        escapeAt.insert(it.next().capturedEnd() - 1);
    for (auto it = www.globalMatch(line); it.hasNext();)
        escapeAt.insert(it.next().capturedEnd() - 1);
    QString out;
    for (qsizetype i = 0; i < line.size(); ++i) {
        if (isMarkdownSpecial(line[i]) || escapeAt.contains(i))
            out += u'\\';
        out += line[i];
    }
    return out;
}

QString blockQuote(const QString &text)
{
    QString out;
    for (const QString &line : text.split(u'\n'))
        out += QStringLiteral("> ") + markdownText(line) + u'\n';
    return out + u'\n';
}

QString markdownCriterion(const CriterionView &c)
{
    QString md = QStringLiteral("### %1 — %2 — %3\n\n")
                     .arg(markdownText(c.title), statusWord(c.status), markdownText(c.points));
    if (c.status == Status::Pending)
        md += QStringLiteral("*En attente de la décision de l'enseignant : ces points ne sont pas "
                             "comptés comme perdus.*\n\n");
    if (!c.feedback.isEmpty())
        md += markdownText(c.feedback) + QStringLiteral("\n\n");
    if (!c.decision.isEmpty())
        md += markdownText(c.decision) + QStringLiteral("\n\n");
    if (!c.evidence.isEmpty())
        md += QStringLiteral("Extrait de votre travail :\n\n") + blockQuote(c.evidence);
    return md;
}

QString markdownDeliverable(const DeliverableView &d)
{
    QString md =
        QStringLiteral("## %1 : %2\n\n").arg(markdownText(d.heading), markdownText(d.score));
    for (const QString &notice : d.notices)
        md += markdownText(notice) + QStringLiteral("\n\n");
    for (const CriterionView &c : d.criteria)
        md += markdownCriterion(c);
    return md;
}

QString markdownHeader(const FeedbackView &v)
{
    QString md = QStringLiteral("# Retour de correction\n\n");
    md += QStringLiteral("- Nom : %1\n").arg(markdownText(v.student.name));
    md += QStringLiteral("- Numéro d'étudiant : %1\n").arg(markdownText(v.student.number));
    if (!v.student.group.isEmpty())
        md += QStringLiteral("- Groupe : %1\n").arg(markdownText(v.student.group));
    md += QStringLiteral("\n**Total : %1**\n\n").arg(markdownText(v.total));
    if (!v.pending.isEmpty())
        md += markdownText(v.pending) + QStringLiteral("\n\n");
    return md;
}

// --- HTML --------------------------------------------------------------------------------

QString htmlCriterion(const CriterionView &c)
{
    QString html = QStringLiteral("<h3>%1 — %2 — %3</h3>\n")
                       .arg(htmlText(c.title), statusWord(c.status), htmlText(c.points));
    if (c.status == Status::Pending)
        html += QStringLiteral("<p><i>En attente de la décision de l'enseignant : ces points ne "
                               "sont pas comptés comme perdus.</i></p>\n");
    if (!c.feedback.isEmpty())
        html += QStringLiteral("<p>%1</p>\n").arg(htmlText(c.feedback));
    if (!c.decision.isEmpty())
        html += QStringLiteral("<p>%1</p>\n").arg(htmlText(c.decision));
    if (!c.evidence.isEmpty())
        html += QStringLiteral("<p>Extrait de votre travail :</p>\n<blockquote>%1</blockquote>\n")
                    .arg(htmlText(c.evidence));
    return html;
}

QString htmlDeliverable(const DeliverableView &d)
{
    QString html = QStringLiteral("<h2>%1 : %2</h2>\n").arg(htmlText(d.heading), htmlText(d.score));
    for (const QString &notice : d.notices)
        html += QStringLiteral("<p>%1</p>\n").arg(htmlText(notice));
    for (const CriterionView &c : d.criteria)
        html += htmlCriterion(c);
    return html;
}

QString htmlHeader(const FeedbackView &v)
{
    QString html = QStringLiteral("<h1>Retour de correction</h1>\n<p>Nom : %1<br/>"
                                  "Numéro d'étudiant : %2")
                       .arg(htmlText(v.student.name), htmlText(v.student.number));
    if (!v.student.group.isEmpty())
        html += QStringLiteral("<br/>Groupe : %1").arg(htmlText(v.student.group));
    html += QStringLiteral("</p>\n<p><b>Total : %1</b></p>\n").arg(htmlText(v.total));
    if (!v.pending.isEmpty())
        html += QStringLiteral("<p>%1</p>\n").arg(htmlText(v.pending));
    return html;
}

// --- the bundle ----------------------------------------------------------------------------

// Why `path` may not name an entry of the bundle; empty when it may.
QString entryProblem(const QString &path)
{
    if (path.isEmpty())
        return QStringLiteral("empty path");
    if (path.startsWith(u'/'))
        return QStringLiteral("absolute path");
    if (path.contains(u'\\'))
        return QStringLiteral("backslash in the path");
    for (const QString &part : path.split(u'/'))
        if (part.isEmpty() || part == QLatin1String(".") || part == QLatin1String(".."))
            return QStringLiteral("empty, \".\" or \"..\" component");
    for (const char32_t ch : path.toUcs4())
        if (ch < 0x20 || grader::isUnsafeForTerminal(ch))
            return QStringLiteral("control or invisible character");
    return QString();
}

} // namespace

QString markdownText(const QString &text)
{
    const QStringList lines = grader::terminalSafe(text).split(u'\n');
    QStringList out;
    for (const QString &line : lines)
        out << markdownLine(line);
    return out.join(u'\n');
}

QString htmlText(const QString &text)
{
    return grader::terminalSafe(text).toHtmlEscaped().replace(u'\n', QStringLiteral("<br/>"));
}

QString studentFeedbackMarkdown(const FeedbackHeader &student, const QList<ExerciseResult> &results,
                                const QList<Rubric> &rubrics)
{
    const FeedbackView view = feedbackView(student, results, rubrics);
    QString md = markdownHeader(view);
    for (const DeliverableView &d : view.deliverables)
        md += markdownDeliverable(d);
    return md;
}

QString studentFeedbackHtml(const FeedbackHeader &student, const QList<ExerciseResult> &results,
                            const QList<Rubric> &rubrics)
{
    const FeedbackView view = feedbackView(student, results, rubrics);
    QString html = QStringLiteral("<!DOCTYPE html>\n<html lang=\"fr\">\n<head>\n<meta "
                                  "charset=\"utf-8\">\n<title>Retour de correction — %1</title>\n"
                                  "</head>\n<body>\n")
                       .arg(htmlText(student.name));
    html += htmlHeader(view);
    for (const DeliverableView &d : view.deliverables)
        html += htmlDeliverable(d);
    return html + QStringLiteral("</body>\n</html>\n");
}

std::optional<QByteArray> feedbackBundle(const QList<FeedbackFile> &files, QString *error)
{
    QList<ZipEntry> entries;
    QSet<QString> seen;
    for (const FeedbackFile &f : files) {
        QString problem = entryProblem(f.pathInZip);
        if (problem.isEmpty() && seen.contains(f.pathInZip.toCaseFolded()))
            problem = QStringLiteral("appears twice");
        if (!problem.isEmpty()) {
            *error = QStringLiteral("feedback bundle: entry \"%1\": %2")
                         .arg(grader::terminalSafe(f.pathInZip), problem);
            return std::nullopt;
        }
        seen.insert(f.pathInZip.toCaseFolded());
        entries << ZipEntry{f.pathInZip, f.bytes};
    }
    return zipInMemory(entries, error);
}

} // namespace schedlab::handin
