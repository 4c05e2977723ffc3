#include "textspans.h"

#include <QRegularExpression>

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

QString quoteMatch(const QString &text, const ConceptMatch &m)
{
    return QStringLiteral("« %1 » (ligne %2)").arg(m.evidence).arg(lineAt(text, m.start));
}

} // namespace schedlab::grader
