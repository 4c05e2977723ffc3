// Internal to the text matcher: folding code points and words to their normalised form.
#pragma once

#include <QChar>
#include <QString>

namespace schedlab::grader::detail {

// What one code point becomes once normalised: nothing (a combining accent), one character,
// or a ligature's two.
struct Folded
{
    char32_t c[3] = {0, 0, 0};
    int n = 0;
    void add(char32_t ch)
    {
        if (n < 3)
            c[n++] = ch;
    }
};

bool isLineBreak(char32_t cp);
Folded fold(char32_t cp);
void appendCodePoint(QString &out, char32_t cp);

// Calls f(codePoint, index, length) for each code point; a lone surrogate is one of its own.
template <typename F> void forEachCodePoint(const QString &text, F f)
{
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n;) {
        char32_t cp = text[i].unicode();
        qsizetype len = 1;
        if (QChar::isHighSurrogate(cp) && i + 1 < n && text[i + 1].isLowSurrogate()) {
            cp = QChar::surrogateToUcs4(text[i], text[i + 1]);
            len = 2;
        }
        f(cp, i, len);
        i += len;
    }
}

QString foldWord(const QString &word);
bool isLetters(const QString &word);

} // namespace schedlab::grader::detail
