// Reading the grader's evidence back into positions of the file it quotes.
#include "evidencematch.h"

#include <QRegularExpression>

#include <algorithm>
#include <optional>

namespace schedlab::gui {

namespace {

struct Quote
{
    QString words;
    int line = 0; // 1-based, 0 when the evidence names none
};

// The quotes of one piece of evidence: the «...» parts, else what follows "ligne N : ",
// else the whole piece.
QList<Quote> quotesIn(const QString &piece)
{
    static const QRegularExpression guillemets(
        QStringLiteral("«\\s*(.+?)\\s*»(?:\\s*\\(ligne (\\d+)\\))?"));
    static const QRegularExpression lineQuote(QStringLiteral("^ligne (\\d+) : (.+)$"));
    QList<Quote> out;
    for (auto it = guillemets.globalMatch(piece); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out << Quote{m.captured(1), m.captured(2).toInt()};
    }
    if (!out.isEmpty())
        return out;
    if (const QRegularExpressionMatch m = lineQuote.match(piece); m.hasMatch())
        return {Quote{m.captured(2).trimmed(), m.captured(1).toInt()}};
    return {Quote{piece.trimmed(), 0}};
}

qsizetype lineStart(const QString &text, int line)
{
    qsizetype pos = 0;
    for (int l = 1; l < line && pos >= 0; ++l) {
        pos = text.indexOf(u'\n', pos);
        if (pos >= 0)
            ++pos;
    }
    return pos < 0 ? text.size() : pos;
}

qsizetype lineLength(const QString &text, qsizetype start)
{
    const qsizetype end = text.indexOf(u'\n', start);
    return (end < 0 ? text.size() : end) - start;
}

// The first match at or after `from`, else the first anywhere.
std::optional<EvidenceRange> search(const QString &text, const QRegularExpression &re,
                                    qsizetype from, bool exact)
{
    for (const qsizetype start : {from, qsizetype(0)}) {
        const QRegularExpressionMatch m = re.match(text, start);
        if (m.hasMatch() && m.capturedLength() > 0)
            return EvidenceRange{m.capturedStart(), m.capturedLength(), exact};
    }
    return std::nullopt;
}

// The quote as it was written, whatever the spacing and case.
std::optional<EvidenceRange> findWhole(const QString &text, const Quote &q, qsizetype from)
{
    QStringList parts;
    for (const QString &word :
         q.words.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts))
        parts << QRegularExpression::escape(word);
    if (parts.isEmpty())
        return std::nullopt;
    const QRegularExpression re(parts.join(QStringLiteral("\\s+")),
                                QRegularExpression::CaseInsensitiveOption);
    return search(text, re, from, true);
}

// Each word of three letters or more, as a whole word.
QList<EvidenceRange> findWords(const QString &text, const Quote &q, qsizetype from)
{
    static const QRegularExpression word(QStringLiteral("[\\w%-]{3,}"),
                                         QRegularExpression::UseUnicodePropertiesOption);
    QList<EvidenceRange> out;
    for (auto it = word.globalMatch(q.words); it.hasNext();) {
        const QString w = it.next().captured(0);
        const QRegularExpression re(
            QStringLiteral("(?<![\\w])%1(?![\\w])").arg(QRegularExpression::escape(w)),
            QRegularExpression::CaseInsensitiveOption |
                QRegularExpression::UseUnicodePropertiesOption);
        if (const auto r = search(text, re, from, false))
            out << *r;
    }
    return out;
}

QList<EvidenceRange> locateQuote(const QString &text, const Quote &q)
{
    const qsizetype from = q.line > 0 ? lineStart(text, q.line) : 0;
    if (const auto whole = findWhole(text, q, from))
        return {*whole};
    if (QList<EvidenceRange> words = findWords(text, q, from); !words.isEmpty())
        return words;
    if (q.line > 0 && from < text.size())
        return {EvidenceRange{from, lineLength(text, from), false}};
    return {};
}

} // namespace

QList<EvidenceRange> locateEvidence(const QString &text, const QString &evidence)
{
    QList<EvidenceRange> out;
    if (text.isEmpty() || evidence.trimmed().isEmpty())
        return out;
    for (const QString &piece : evidence.split(QStringLiteral(" ; "), Qt::SkipEmptyParts))
        for (const Quote &q : quotesIn(piece))
            out << locateQuote(text, q);
    std::sort(out.begin(), out.end(), [](const EvidenceRange &a, const EvidenceRange &b) {
        return std::pair(a.start, a.length) < std::pair(b.start, b.length);
    });
    out.erase(std::unique(out.begin(), out.end(),
                          [](const EvidenceRange &a, const EvidenceRange &b) {
                              return a.start == b.start && a.length == b.length;
                          }),
              out.end());
    return out;
}

} // namespace schedlab::gui
