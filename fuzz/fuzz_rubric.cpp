// libFuzzer target: an instructor's rubric file, however broken, gives a result or an error
// naming the line, never a crash.
#include "checkers.h"
#include "rubric.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace schedlab::grader;
    const RubricLoad load =
        parseRubric(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)),
                    QStringLiteral("rubric.yaml"));
    if (load.rubric)
        (void)validateRubric(*load.rubric);
    return 0;
}
