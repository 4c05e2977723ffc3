#include "answergroups.h"

#include "checkers.h"
#include "submission.h"
#include "textmatch.h"

#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <vector>

namespace schedlab::grader {

namespace {

// A word that carries no decision: leaving it out or adding it changes nothing an instructor
// would judge differently.
bool isSmallWord(const QString &word)
{
    static const QSet<QString> words = {
        QStringLiteral("le"),      QStringLiteral("la"),    QStringLiteral("les"),
        QStringLiteral("l"),       QStringLiteral("un"),    QStringLiteral("une"),
        QStringLiteral("des"),     QStringLiteral("de"),    QStringLiteral("du"),
        QStringLiteral("d"),       QStringLiteral("et"),    QStringLiteral("a"),
        QStringLiteral("au"),      QStringLiteral("aux"),   QStringLiteral("en"),
        QStringLiteral("ce"),      QStringLiteral("c"),     QStringLiteral("cet"),
        QStringLiteral("cette"),   QStringLiteral("y"),     QStringLiteral("donc"),
        QStringLiteral("alors"),   QStringLiteral("bien"),  QStringLiteral("oui"),
        QStringLiteral("son"),     QStringLiteral("sa"),    QStringLiteral("ses"),
        QStringLiteral("leur"),    QStringLiteral("leurs"), QStringLiteral("its"),
        QStringLiteral("their"),   QStringLiteral("the"),   QStringLiteral("an"),
        QStringLiteral("of"),      QStringLiteral("so"),    QStringLiteral("yes"),
        QStringLiteral("reponse"), QStringLiteral("answer")};
    return words.contains(word);
}

// A word whose change can turn a right answer into a wrong one: a negation, a number, an
// option, a file name, a variable.
bool isDecisive(const Token &t)
{
    if (t.negator)
        return true;
    for (const QChar c : t.word)
        if (!c.isLetter())
            return true;
    return false;
}

struct Word
{
    QString key; // the stem, or the word itself when decisive
    bool decisive = false;
};

// "Q2 :", "Question 2 -", "**2)**", "# Question 2" at the start of the answer: the label, not
// the answer (an answer with no `section:` is the whole file, label included).
QString withoutLabel(const QString &answer)
{
    static const QRegularExpression label(
        QStringLiteral("^\\s*(?:#+\\s*)?(?:\\*\\*|__)?\\s*(?:(?:q|question)\\s*(?:n\\s*°\\s*)?\\d+"
                       "|\\d+\\s*[).:-])\\s*[).:-]?\\s*(?:\\*\\*|__)?"),
        QRegularExpression::CaseInsensitiveOption);
    QString text = answer;
    return text.remove(label);
}

// An answer read once: its words for comparison, and every word as written (case, accents
// and punctuation aside, small words included) for "identical".
struct ReadAnswer
{
    QList<Word> words;
    QStringList exact;
};

ReadAnswer read(const QString &answer)
{
    ReadAnswer out;
    for (const Token &t : tokenize(withoutLabel(answer))) {
        out.exact << t.word;
        const bool decisive = isDecisive(t);
        if (!decisive && isSmallWord(t.word))
            continue;
        out.words << Word{decisive || t.stemFr.isEmpty() ? t.word : t.stemFr, decisive};
    }
    return out;
}

int editDistance(const QString &a, const QString &b)
{
    std::vector<int> row(b.size() + 1);
    for (qsizetype j = 0; j <= b.size(); ++j)
        row[j] = int(j);
    for (qsizetype i = 1; i <= a.size(); ++i) {
        int diagonal = row[0];
        row[0] = int(i);
        for (qsizetype j = 1; j <= b.size(); ++j) {
            const int above = row[j];
            row[j] =
                std::min({above + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

// The same word, maybe misspelt: one slip in a word of six letters or more, two from nine.
bool sameWord(const Word &a, const Word &b)
{
    if (a.key == b.key)
        return true;
    if (a.decisive || b.decisive)
        return false;
    // Snowball leaves a plural verb whole ("attendent"), its singular stemmed ("attend").
    static const QString plural = QStringLiteral("ent");
    if ((a.key.endsWith(plural) && a.key.chopped(3) == b.key) ||
        (b.key.endsWith(plural) && b.key.chopped(3) == a.key))
        return true;
    const qsizetype shorter = std::min(a.key.size(), b.key.size());
    const int allowed = shorter >= 9 ? 2 : shorter >= 6 ? 1 : 0;
    return allowed > 0 && editDistance(a.key, b.key) <= allowed;
}

// Editing a decisive word costs more than any answer can hold: a sum at or above it means
// the two answers differ by one.
constexpr int kDecisiveEdit = 1 << 20;

int cost(const Word &w)
{
    return w.decisive ? kDecisiveEdit : 1;
}

// The cheapest way to turn one answer's words into the other's, word by word.
int wordDistance(const QList<Word> &a, const QList<Word> &b)
{
    std::vector<int> row(b.size() + 1);
    row[0] = 0;
    for (qsizetype j = 1; j <= b.size(); ++j)
        row[j] = row[j - 1] + cost(b[j - 1]);
    for (qsizetype i = 1; i <= a.size(); ++i) {
        int diagonal = row[0];
        row[0] += cost(a[i - 1]);
        for (qsizetype j = 1; j <= b.size(); ++j) {
            const int above = row[j];
            const int replace =
                sameWord(a[i - 1], b[j - 1]) ? 0 : std::max(cost(a[i - 1]), cost(b[j - 1]));
            row[j] =
                std::min({above + cost(a[i - 1]), row[j - 1] + cost(b[j - 1]), diagonal + replace});
            diagonal = above;
        }
    }
    return row[b.size()];
}

double similarity(const QList<Word> &a, const QList<Word> &b)
{
    if (a.isEmpty() && b.isEmpty())
        return 1;
    const int distance = wordDistance(a, b);
    if (distance >= kDecisiveEdit)
        return 0;
    return 1.0 - double(distance) / double(std::max(a.size(), b.size()));
}

} // namespace

QString criterionAnswer(const Rubric &rubric, const Criterion &criterion,
                        const ExerciseSubmission &submission)
{
    CheckContext context(rubric, submission);
    return answerExcerpt(criterion, context);
}

QStringList comparableWords(const QString &answer)
{
    QStringList out;
    for (const Word &w : read(answer).words)
        out << w.key;
    return out;
}

double answerSimilarity(const QString &a, const QString &b)
{
    return similarity(read(a).words, read(b).words);
}

QList<AnswerGroup> groupAnswers(const QList<ReviewAnswer> &answers, double threshold)
{
    struct Forming
    {
        AnswerGroup group;
        ReadAnswer first; // what the others are compared with
    };
    QList<Forming> forming;
    for (const ReviewAnswer &a : answers) {
        const ReadAnswer answer = read(a.answer);
        auto joins = [&](const Forming &f) {
            if (answer.words.isEmpty() || f.first.words.isEmpty())
                return answer.words.isEmpty() && f.first.words.isEmpty();
            return similarity(f.first.words, answer.words) >= threshold;
        };
        const auto it = std::find_if(forming.begin(), forming.end(), joins);
        if (it == forming.end()) {
            forming << Forming{AnswerGroup{a.answer, {a.student}, {a.answer}, true}, answer};
            continue;
        }
        it->group.students << a.student;
        it->group.answers << a.answer;
        it->group.identical = it->group.identical && answer.exact == it->first.exact;
    }
    QList<AnswerGroup> out;
    for (const Forming &f : forming)
        out << f.group;
    // Stable: equal sizes keep the order of their first student.
    std::stable_sort(out.begin(), out.end(), [](const AnswerGroup &x, const AnswerGroup &y) {
        return x.students.size() > y.students.size();
    });
    return out;
}

} // namespace schedlab::grader
