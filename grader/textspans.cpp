#include "textspans.h"

#include <QRegularExpression>

#include <algorithm>

namespace schedlab::grader {

int wordCount(const QString &text)
{
    return int(text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts).size());
}

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

namespace {

// Prose wrapped by the editor ("... exécuté par bash, et Slurm\nla prend pour un commentaire"):
// in a paragraph with no list item, heading, table row or code fence, where most lines are
// long (wrapped at a width), a line that does not end its sentence and runs on into a line
// starting in lower case. The positions of those line breaks, which are only spaces. A list
// of short lines, one point per line, has none.
QList<qsizetype> wrappingBreaks(const QString &text)
{
    static const QRegularExpression marked(
        QStringLiteral("^\\s*([-*+]\\s|[>|]|#{1,6}\\s|```|\\d+\\s*[.)°/:-]|[a-zA-Z][)]|\\(\\d)"));
    constexpr int kWrapWidth = 55;
    QList<qsizetype> out;
    for (const Span &p : paragraphs(text, Span{0, text.size()})) {
        QList<Span> lines;
        for (qsizetype from = p.from; from < p.to;) {
            qsizetype end = text.indexOf(u'\n', from);
            end = end < 0 || end > p.to ? p.to : end;
            if (!text.mid(from, end - from).trimmed().isEmpty())
                lines << Span{from, end};
            from = end + 1;
        }
        const auto line = [&](const Span &l) { return text.mid(l.from, l.to - l.from).trimmed(); };
        const qsizetype longLines =
            std::count_if(lines.begin(), lines.end() - std::min<qsizetype>(1, lines.size()),
                          [&](const Span &l) { return line(l).size() >= kWrapWidth; });
        const bool anyMarked = std::any_of(lines.begin(), lines.end(), [&](const Span &l) {
            return marked.match(line(l)).hasMatch();
        });
        if (lines.size() < 2 || anyMarked || 2 * longLines < lines.size() - 1)
            continue;
        for (qsizetype k = 0; k + 1 < lines.size(); ++k) {
            const QString here = line(lines[k]);
            if (!QStringLiteral(".!?:;").contains(here.back()) &&
                line(lines[k + 1]).front().isLower())
                out << lines[k].to;
        }
    }
    return out;
}

} // namespace

QList<Span> sentences(const QString &text)
{
    const QList<qsizetype> wrapping = wrappingBreaks(text);
    QList<Span> out;
    qsizetype start = 0;
    const auto close = [&](qsizetype end) {
        if (!text.mid(start, end - start).trimmed().isEmpty())
            out << Span{start, end};
        start = end;
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar ch = text[i];
        if (ch == u'\n' && !wrapping.contains(i))
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

QString quoteMatch(const QString &text, const ConceptMatch &m)
{
    return QStringLiteral("« %1 » (ligne %2)").arg(m.evidence).arg(lineAt(text, m.start));
}

} // namespace schedlab::grader
