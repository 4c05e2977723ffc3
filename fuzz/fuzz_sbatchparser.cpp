// libFuzzer target for sbatch's parsing: command line, script, directives and the editor scan.
#include "sbatchparser.h"

#include <cstddef>
#include <cstdint>

using namespace schedlab::slurm;

// The first line of the input is the command line (words split on spaces, a few of them
// turned into SBATCH_* variables), the rest is the script: both halves get mutated.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    const qsizetype newline = input.indexOf('\n');
    const QByteArray head = newline < 0 ? input : input.left(newline);
    const QByteArray script = newline < 0 ? QByteArray() : input.mid(newline + 1);

    QStringList args;
    QHash<QString, QString> env;
    for (const QByteArray &word : head.split(' ')) {
        if (word.startsWith("SBATCH_") || word.startsWith("SLURM_")) {
            const qsizetype eq = word.indexOf('=');
            if (eq > 0) {
                env.insert(QString::fromUtf8(word.left(eq)), QString::fromUtf8(word.mid(eq + 1)));
                continue;
            }
        }
        if (!word.isEmpty())
            args << QString::fromUtf8(word);
    }

    scanDirectives(input);
    scanDirectives(script);

    auto first = parseSbatchCommandLine(args, env);
    if (const auto *cl = std::get_if<SbatchCommandLine>(&first)) {
        SbatchInput in;
        in.commandLine = *cl;
        in.script = script;
        in.scriptName = cl->scriptPath;
        in.environment = env;
        in.submitEpoch = 1796075406;
        in.cwd = QStringLiteral("/home/kim");
        auto parsed = parseSbatch(in);
        if (const auto *p = std::get_if<SbatchParse>(&parsed)) {
            // The request must be self-consistent enough for the controller to read.
            if (p->request.array && !p->request.arrayInvalid) {
                for (std::uint32_t id : p->request.array->taskIds) {
                    if (id > 1000)
                        __builtin_trap();
                }
            }
        }
    }
    return 0;
}
