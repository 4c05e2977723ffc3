// libFuzzer target: an instructor's rubric file, however broken, gives a result or an error
// naming the line, never a crash.
#include "checkers.h"
#include "rubric.h"

#include <cstddef>
#include <cstdint>

namespace {

// A random text rarely makes a rubric with an exercise, criteria and a criterion with all
// its keys, so the conversion of a criterion's parameters (the one that recurses into
// nested lists and maps, aliases included) would go untried. The input is also given as
// the value of a parameter of a valid criterion, indented below its key.
QByteArray asCriterionParameter(const QByteArray &input)
{
    QByteArray yaml = "exercise: fuzz\n"
                      "concepts:\n"
                      "  c: {patterns: [x]}\n"
                      "criteria:\n"
                      "  - id: fuzz.a\n"
                      "    points: 1\n"
                      "    check: text.concepts\n"
                      "    file: a.md\n"
                      "    pass: oui\n"
                      "    fail: non\n"
                      "    params:\n";
    for (const QByteArray &line : input.split('\n'))
        yaml += "      " + line + '\n';
    return yaml;
}

void tryRubric(const QByteArray &yaml)
{
    using namespace schedlab::grader;
    const RubricLoad load = parseRubric(yaml, QStringLiteral("rubric.yaml"));
    if (load.rubric)
        (void)validateRubric(*load.rubric);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    tryRubric(input);
    tryRubric(asCriterionParameter(input));
    return 0;
}
