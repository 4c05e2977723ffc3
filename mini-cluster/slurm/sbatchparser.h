// sbatch's reading of its command line, the batch script and its #SBATCH directives. No I/O:
// the caller reads files and standard input.
#pragma once

#include "jobrequest.h"

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QStringList>

#include <variant>

namespace schedlab::slurm {

// Text as sbatch would print it, and the exit status it would end with.
struct ToolFailure
{
    QString stderrText; // complete lines, each ending in '\n'
    int exitCode = 1;
    // sbatch also stops after printing a help on stdout (--gres=help exits 0, --hint=help 1,
    // --mem-bind=help 255): the caller writes stderrText, then stdoutText.
    QString stdoutText;
};

// A remark on a script that sbatch accepts, for the editor and `schedlab-explain`.
struct ScriptDiagnostic
{
    enum class Kind {
        DirectiveAfterCommand, // an #SBATCH line after the first command: ignored
        IndentedDirective,     // "  #SBATCH": a comment for sbatch
        LowercaseDirective,    // "#sbatch" or "# SBATCH": a comment for sbatch
        ShellVariable,         // "$HOME" in a directive: not expanded
        TimeRounded,           // --time with seconds, rounded up to the minute
        SlurmPrefix,           // "#SLURM" accepted with an error line
        Rejected               // sbatch refuses the directive: message is sbatch's own text
    };
    Kind kind;
    int line = 0; // 1-based
    QString option;
    QString message; // English, for logs; interfaces render from kind/option
};

// First pass over sbatch's command line.
struct SbatchCommandLine
{
    QStringList options; // the option words before the script (getopt stops there)
    QString scriptPath;  // empty: none given
    QStringList scriptArgs;
    bool wantsHelp = false;    // --help / -h
    bool wantsUsage = false;   // --usage
    bool wantsVersion = false; // --version / -V
    bool hasWrap = false;
    // Additions.
    QStringList arguments;  // argv as given (without argv[0]): the second pass reads it again
    QString chdir;          // -D from the command line: sbatch looks for the script there
                            // first (then PATH), before the submission directory
    int errorExit = 1;      // SLURM_EXIT_ERROR: sbatch's exit status for most failures
    QString startupErrors;  // what sbatch printed on stderr before reading the script (e.g.
                            // "SLURM_EXIT_ERROR has zero value"): parseSbatch() repeats it
    bool quiet = false;     // -Q on the command line (a #SBATCH -Q is ignored by sbatch)
    bool hasScript = false; // a script word was given (it may be "", which sbatch fails to open)
    // True when the script must come from standard input (no path, no --wrap).
    bool readsStdin() const { return scriptPath.isEmpty() && !hasScript && !hasWrap; }
};

// Splits argv (without argv[0]) as sbatch's first getopt pass does. Unknown options and
// missing arguments fail here with sbatch's messages (exit 255).
std::variant<SbatchCommandLine, ToolFailure> parseSbatchCommandLine(const QStringList &args);
// The same with the environment, which the first pass reads too (SLURM_EXIT_ERROR,
// SBATCH_IGNORE_PBS, SLURM_DIST_PLANESIZE).
std::variant<SbatchCommandLine, ToolFailure>
parseSbatchCommandLine(const QStringList &args, const QHash<QString, QString> &environment);

// "sbatch: error: Unable to open file NAME" with the exit status sbatch would use, for a
// script the caller could not read (NAME as the caller shows it: sbatch prints the path it
// found in -D or PATH, else the name given).
ToolFailure sbatchOpenFailure(const SbatchCommandLine &commandLine, const QString &name);

struct SbatchInput
{
    SbatchCommandLine commandLine;
    QByteArray script;                   // the script's bytes (file or stdin), or empty for --wrap
    QString scriptName;                  // as given on the command line; empty for stdin / --wrap
    QHash<QString, QString> environment; // SBATCH_* variables are read from here
    qint64 submitEpoch = 0;              // for --begin=now+1hour and the like
    QString cwd; // sbatch's working directory: relative -D, -o, -e and -i are made
                 // absolute against it (and -o/-e/-i against -D), as sbatch does;
                 // empty: they stay as given
};

struct SbatchParse
{
    JobRequest request;
    QByteArray script; // the script that will run (generated for --wrap)
    QList<ScriptDiagnostic> diagnostics;
    QString warnings; // lines sbatch prints on stderr and still submits (e.g. #SLURM)
    // A heterogeneous job ("hetjob" directive or ':' on the command line): only the first
    // component is in `request` (the mini-cluster does not run heterogeneous jobs).
    bool heterogeneous = false;
};

// Checks the script (shebang, NUL, CRLF, empty), reads its directives until the first
// command, then SBATCH_* variables, then the command line, each overriding the one before.
std::variant<SbatchParse, ToolFailure> parseSbatch(const SbatchInput &input);

// Only the directives of a script, for the editor: never fails; errors become diagnostics
// with the line that caused them.
struct DirectiveScan
{
    struct Directive
    {
        int line;
        QStringList words;
    };
    QList<Directive> directives; // read by sbatch
    QList<ScriptDiagnostic> diagnostics;
    int firstCommandLine = 0; // 0: no command
};
DirectiveScan scanDirectives(const QByteArray &script);

// The long options sbatch knows, in alphabetical order (for the editor's completion).
struct SbatchOptionName
{
    QString name;    // "cpus-per-task"
    bool takesValue; // needs one: "--cpus-per-task=" (not "--exclusive", optional)
    QChar shortName; // 'c', or a null QChar
};
QList<SbatchOptionName> sbatchOptionNames();

// parse_time() of src/common/parse_time.c on the virtual clock: "now[+-]N[units]",
// "YYYY-MM-DD[THH:MM[:SS]]", "MMDD[YY]", "MM/DD[/YY]", "HH:MM[:SS]", "today", "midnight"...
// `past` is sacct's reading (-S/-E): a time alone is today's, a date without a year is in
// the past twelve months. On error `value` is 0 and `errorLine` holds Slurm's message
// ("Invalid time specification (pos=N): TEXT\n", printed without a prefix); a text that
// names no time at all gives 0 without a message, as Slurm's.
struct SlurmTimeSpec
{
    qint64 value = 0;
    QString errorLine;
};
SlurmTimeSpec parseSlurmTimeSpec(const QString &text, qint64 now, bool past);

// sbatch --help, --usage and --version texts of Slurm 22.05.8.
QString sbatchHelpText();
QString sbatchUsageText();
QString sbatchVersionText(); // "slurm-wlm 22.05.8\n", as Debian's build prints it

} // namespace schedlab::slurm
