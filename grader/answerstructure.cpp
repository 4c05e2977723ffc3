#include "answerstructure.h"

namespace schedlab::grader {

namespace {

constexpr int kLabelLevel = 7; // below every Markdown heading (# to ######)

// "## Question 2", "# 3. Annuler": a Markdown heading, its level and its words.
const QRegularExpression &headingLine()
{
    static const QRegularExpression re(QStringLiteral("^\\s{0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$"));
    return re;
}

// "Q2 :", "Q 2)", "Question 2 -", "**Question 2**", "- Q2.", "Réponse 2", "Answer 2", "Partie
// 2" at the start of a line: a label that names its question whatever follows it.
const QRegularExpression &namedLabel()
{
    static const QRegularExpression re(
        QStringLiteral("^\\s*(?:[-*+]\\s+)?(?:\\*\\*|__)?\\s*(?:question|q|r[ée]ponse|r[ée]p\\.?|"
                       "answer|ans\\.?|partie|part)\\s*(?:n°|n\\.|no\\.?|°|"
                       "\\.)?\\s*(?<n>\\d{1,2})"
                       "(?![\\d\\w])\\s*(?:\\*\\*|__)?\\s*(?:[:.)/–—-]+\\s*)?(?:\\*\\*|__)?\\s*"),
        QRegularExpression::CaseInsensitiveOption | QRegularExpression::UseUnicodePropertiesOption);
    return re;
}

// "2)", "2.", "2 -", "2 :", "2/", "(2)", "**2.**", "II.", "III -": a bare number (or a Roman
// one), a label only in a file that names no question otherwise (else it is a list inside an
// answer).
const QRegularExpression &numberLabel()
{
    static const QRegularExpression re(QStringLiteral(
        "^\\s*(?:\\*\\*|__)?(?:(?<n>\\d{1,2})(?:\\s*[.)/]|\\s+[:–—-])|\\((?<p>\\d{1,2})\\)|"
        "(?<r>I{1,3}|IV|VI{0,3}|IX|X)(?:\\s*[.)]|\\s+[:–—-]))(?:\\*\\*|__)?(?=\\s|$)"
        "\\s*"));
    return re;
}

// "a)", "b.", "(c)", "**b)**": a letter for each question, in order (a is question 1). Read like
// a bare number, and only when no bare number follows the first letter (else the letters are
// points inside a numbered answer: "1. a) ... b) ...").
const QRegularExpression &letterLabel()
{
    static const QRegularExpression re(
        QStringLiteral("^\\s*(?:\\*\\*|__)?(?:(?<l>[a-hA-H])\\s*[.)]|\\((?<b>[a-hA-H])\\))(?:\\*\\*"
                       "|__)?(?=\\s)\\s*"));
    return re;
}

int letterNumber(const QRegularExpressionMatch &m)
{
    QString letter = m.captured(QStringLiteral("l"));
    if (letter.isEmpty())
        letter = m.captured(QStringLiteral("b"));
    return letter.toLower().at(0).unicode() - u'a' + 1;
}

// The question number a label gives: digits, in brackets, or a Roman numeral up to X.
int labelNumber(const QRegularExpressionMatch &m)
{
    static const QStringList roman{
        QStringLiteral("I"),  QStringLiteral("II"), QStringLiteral("III"), QStringLiteral("IV"),
        QStringLiteral("V"),  QStringLiteral("VI"), QStringLiteral("VII"), QStringLiteral("VIII"),
        QStringLiteral("IX"), QStringLiteral("X")};
    if (const QString n = m.captured(QStringLiteral("n")); !n.isEmpty())
        return n.toInt();
    if (const QString p = m.captured(QStringLiteral("p")); !p.isEmpty())
        return p.toInt();
    return int(roman.indexOf(m.captured(QStringLiteral("r")))) + 1;
}

// The number a heading's words give their question ("Question 2 — Annuler", "Q2", "2.").
int numberInHeading(const QString &words)
{
    for (const QRegularExpression *re : {&namedLabel(), &numberLabel()}) {
        const QRegularExpressionMatch m = re->match(words);
        if (m.hasMatch())
            return labelNumber(m);
    }
    return 0;
}

QString questionWords(int number)
{
    return QStringLiteral("Question %1").arg(number);
}

} // namespace

AnswerStructure::AnswerStructure(const QString &text)
    : text_(text)
{
    QList<Title> bare, letters;
    bool &named = named_;
    qsizetype pos = 0;
    while (pos <= text.size()) {
        qsizetype end = text.indexOf(u'\n', pos);
        if (end < 0)
            end = text.size();
        const QString line = text.mid(pos, end - pos);
        const qsizetype next = std::min(end + 1, text.size());
        if (const QRegularExpressionMatch h = headingLine().match(line); h.hasMatch()) {
            QString words = h.captured(2);
            words.remove(QStringLiteral("**")).remove(QStringLiteral("__"));
            const int number = numberInHeading(words);
            named = named || number > 0;
            titles_ << Title{number > 0 ? questionWords(number) + u' ' + words : words, number,
                             int(h.captured(1).size()), pos, next};
        } else if (const QRegularExpressionMatch l = namedLabel().match(line); l.hasMatch()) {
            named = true;
            const int number = labelNumber(l);
            titles_ << Title{questionWords(number), number, kLabelLevel, pos,
                             pos + l.capturedEnd()};
        } else if (const QRegularExpressionMatch b = numberLabel().match(line); b.hasMatch()) {
            const int number = labelNumber(b);
            bare << Title{questionWords(number), number, kLabelLevel, pos, pos + b.capturedEnd()};
        } else if (const QRegularExpressionMatch l = letterLabel().match(line); l.hasMatch()) {
            const int number = letterNumber(l);
            letters << Title{questionWords(number), number, kLabelLevel, pos,
                             pos + l.capturedEnd()};
        }
        pos = end + 1;
    }
    const bool lettersName = !letters.isEmpty() && letters.first().number == 1 &&
                             std::none_of(bare.begin(), bare.end(), [&](const Title &t) {
                                 return t.lineStart > letters.first().lineStart;
                             });
    if (!named) {
        // Letters that run from a, after the numbered lines, name the questions as surely as
        // "Q1" would; bare numbers may be a list inside an answer.
        named = lettersName;
        titles_ << (lettersName ? letters : bare);
        std::sort(titles_.begin(), titles_.end(),
                  [](const Title &a, const Title &b) { return a.lineStart < b.lineStart; });
    }
}

// From after the title to the next title that closes it: a heading of the same or a higher
// level, any heading after a label, or the title of another question.
std::optional<TextSpan> AnswerStructure::answerUnder(int index) const
{
    const Title &t = titles_[index];
    qsizetype to = text_.size();
    for (int j = index + 1; j < titles_.size(); ++j) {
        const Title &u = titles_[j];
        const bool closingHeading = u.level < kLabelLevel && u.level <= t.level;
        const bool otherQuestion = u.number != 0 && u.number != t.number;
        if (closingHeading || otherQuestion) {
            to = u.lineStart;
            break;
        }
    }
    return TextSpan{t.contentStart, std::max(t.contentStart, to)};
}

std::optional<TextSpan> AnswerStructure::section(const QRegularExpression &title) const
{
    for (int i = 0; i < titles_.size(); ++i)
        if (title.match(titles_[i].words).hasMatch())
            return answerUnder(i);
    return std::nullopt;
}

std::optional<TextSpan> AnswerStructure::question(int number) const
{
    for (int i = 0; i < titles_.size(); ++i)
        if (titles_[i].number == number)
            return answerUnder(i);
    return std::nullopt;
}

} // namespace schedlab::grader
