// Verbatim --help and --usage texts of the Slurm 22.05.8 client commands (Debian 12 build).
#include "helptexts.h"

namespace schedlab::slurm {

namespace {

// Each text is what Debian's slurm-client 22.05.8 prints on stdout, byte for byte. srun and
// salloc are shown for a TaskPlugin without "affinity" and no SPANK plugin (as for sbatch):
// with task/affinity they add --cpu-bind, --hint and --mem-bind lines.

// squeue --help (tabs and trailing blanks kept, hence plain literals).
const char kSqueueHelp[] =
    "Usage: squeue [OPTIONS]\n"
    "  -A, --account=account(s)        comma separated list of accounts\n"
    "\t\t\t\t  to view, default is all accounts\n"
    "  -a, --all                       display jobs in hidden partitions\n"
    "      --array-unique              display one unique pending job array\n"
    "                                  element per line\n"
    "      --federation                Report federated information if a member\n"
    "                                  of one\n"
    "  -h, --noheader                  no headers on output\n"
    "      --hide                      do not display jobs in hidden partitions\n"
    "  -i, --iterate=seconds           specify an interation period\n"
    "  -j, --job=job(s)                comma separated list of jobs IDs\n"
    "                                  to view, default is all\n"
    "      --json                      Produce JSON output\n"
    "      --local                     Report information only about jobs on the\n"
    "                                  local cluster. Overrides --federation.\n"
    "  -l, --long                      long report\n"
    "  -L, --licenses=(license names)  comma separated list of license names to view\n"
    "  -M, --clusters=cluster_name     cluster to issue commands to.  Default is\n"
    "                                  current cluster.  cluster with no name will\n"
    "                                  reset to default. Implies --local.\n"
    "  -n, --name=job_name(s)          comma separated list of job names to view\n"
    "      --noconvert                 don't convert units from their original type\n"
    "                                  (e.g. 2048M won't be converted to 2G).\n"
    "  -o, --format=format             format specification\n"
    "  -O, --Format=format             format specification\n"
    "  -p, --partition=partition(s)    comma separated list of partitions\n"
    "\t\t\t\t  to view, default is all partitions\n"
    "  -q, --qos=qos(s)                comma separated list of qos's\n"
    "\t\t\t\t  to view, default is all qos's\n"
    "  -R, --reservation=name          reservation to view, default is all\n"
    "  -r, --array                     display one job array element per line\n"
    "      --sibling                   Report information about all sibling jobs\n"
    "                                  on a federated cluster. Implies --federation.\n"
    "  -s, --step=step(s)              comma separated list of job steps\n"
    "\t\t\t\t  to view, default is all\n"
    "  -S, --sort=fields               comma separated list of fields to sort on\n"
    "      --start                     print expected start times of pending jobs\n"
    "  -t, --states=states             comma separated list of states to view,\n"
    "\t\t\t\t  default is pending and running,\n"
    "\t\t\t\t  '--states=all' reports all states\n"
    "  -u, --user=user_name(s)         comma separated list of users to view\n"
    "      --name=job_name(s)          comma separated list of job names to view\n"
    "  -v, --verbose                   verbosity level\n"
    "  -V, --version                   output version information and exit\n"
    "  -w, --nodelist=hostlist         list of nodes to view, default is \n"
    "\t\t\t\t  all nodes\n"
    "      --yaml                      Produce YAML output\n"
    "\n"
    "Help options:\n"
    "  --help                          show this help message\n"
    "  --usage                         display a brief summary of squeue options\n";

// squeue --usage (tabs and trailing blanks kept, hence plain literals).
const char kSqueueUsage[] =
    "Usage: squeue [-A account] [--clusters names] [-i seconds] [--job jobid]\n"
    "              [-n name] [-o format] [-p partitions] [--qos qos]\n"
    "              [--reservation reservation] [--sort fields] [--start]\n"
    "              [--step step_id] [-t states] [-u user_name] [--usage]\n"
    "              [-L licenses] [-w nodes] [--federation] [--local] [--sibling]\n"
    "\t      [-ahjlrsv]\n";

// sinfo --help (tabs and trailing blanks kept, hence plain literals).
const char kSinfoHelp[] =
    "Usage: sinfo [OPTIONS]\n"
    "  -a, --all                  show all partitions (including hidden and those\n"
    "\t\t\t     not accessible)\n"
    "  -d, --dead                 show only non-responding nodes\n"
    "  -e, --exact                group nodes only on exact match of configuration\n"
    "      --federation           Report federated information if a member of one\n"
    "  -h, --noheader             no headers on output\n"
    "  --hide                     do not show hidden or non-accessible partitions\n"
    "  -i, --iterate=seconds      specify an iteration period\n"
    "      --json                 Produce JSON output\n"
    "      --local                show only local cluster in a federation.\n"
    "                             Overrides --federation.\n"
    "  -l, --long                 long output - displays more information\n"
    "  -M, --clusters=names       clusters to issue commands to. Implies --local.\n"
    "                             NOTE: SlurmDBD must be up.\n"
    "  -n, --nodes=NODES          report on specific node(s)\n"
    "  --noconvert                don't convert units from their original type\n"
    "\t\t\t     (e.g. 2048M won't be converted to 2G).\n"
    "  -N, --Node                 Node-centric format\n"
    "  -o, --format=format        format specification\n"
    "  -O, --Format=format        long format specification\n"
    "  -p, --partition=PARTITION  report on specific partition\n"
    "  -r, --responding           report only responding nodes\n"
    "  -R, --list-reasons         list reason nodes are down or drained\n"
    "  -s, --summarize            report state summary only\n"
    "  -S, --sort=fields          comma separated list of fields to sort on\n"
    "  -t, --states=node_state    specify the what states of nodes to view\n"
    "  -T, --reservation          show only reservation information\n"
    "  -v, --verbose              verbosity level\n"
    "  -V, --version              output version information and exit\n"
    "      --yaml                 Produce YAML output\n"
    "\n"
    "Help options:\n"
    "  --help                     show this help message\n"
    "  --usage                    display brief usage message\n";

// sinfo --usage.
const char kSinfoUsage[] =
    R"(Usage: sinfo [-abdelNRrsTv] [-i seconds] [-t states] [-p partition] [-n nodes]
             [-S fields] [-o format] [-O Format] [--federation] [--local]
)";

// scancel --help.
const char kScancelHelp[] = R"(Usage: scancel [OPTIONS] [job_id[_array_id][.step_id]]
  -A, --account=account           act only on jobs charging this account
  -b, --batch                     signal batch shell for specified job
  -f, --full                      signal batch shell and all steps for specified job
  -H, --hurry                     avoid burst buffer stage out
  -i, --interactive               require response from user for each job
  -M, --clusters                  clusters to issue commands to.
                                  NOTE: SlurmDBD must be up.
  -n, --name=job_name             act only on jobs with this name
  -p, --partition=partition       act only on jobs in this partition
  -Q, --quiet                     disable warnings
  -q, --qos=qos                   act only on jobs with this quality of service
  -R, --reservation=reservation   act only on jobs with this reservation
      --sibling=cluster_name      remove an active sibling job from a federated job
  -s, --signal=name | integer     signal to send to job, default is SIGKILL
  -t, --state=states              act only on jobs in this state.  Valid job
                                  states are PENDING, RUNNING and SUSPENDED
  -u, --user=user_name            act only on jobs of this user
  -V, --version                   output version information and exit
  -v, --verbose                   verbosity level
  -w, --nodelist                  act only on jobs on these nodes
      --wckey=wckey               act only on jobs with this workload
                                  charactization key

Help options:
  --help                          show this help message
  --usage                         display brief usage message
)";

// scancel --usage.
const char kScancelUsage[] =
    R"(Usage: scancel [-A account] [--batch] [--full] [--interactive] [-n job_name]
               [-p partition] [-Q] [-q qos] [-R reservation] [-s signal | integer]
               [-t PENDING | RUNNING | SUSPENDED] [--usage] [-u user_name]
               [--hurry] [-V] [-v] [-w hosts...] [--wckey=wckey]
               [job_id[_array_id][.step_id]]
)";

// sacct --help (tabs and trailing blanks kept, hence plain literals).
const char kSacctHelp[] =
    "sacct [<OPTION>]                                                            \n"
    "     Valid <OPTION> values are:                                              \n"
    "     -a, --allusers:                                                        \n"
    "\t           Display jobs for all users. By default, only the         \n"
    "                   current user's jobs are displayed.  If ran by user root  \n"
    "                   this is the default.                                     \n"
    "     -A, --accounts:                                                        \n"
    "\t           Use this comma separated list of accounts to select jobs \n"
    "                   to display.  By default, all accounts are selected.      \n"
    "     -b, --brief:                                                           \n"
    "\t           Equivalent to '--format=jobstep,state,error'.            \n"
    "     -B, --batch-script:                                                    \n"
    "\t           Print batch script of job.                               \n"
    "                   NOTE: AccountingStoreFlags=job_script is required for this\n"
    "                   NOTE: Requesting specific job(s) with '-j' is required   \n"
    "                         for this.                                          \n"
    "     -c, --completion: Use job completion instead of accounting data.       \n"
    "         --delimiter:                                                       \n"
    "\t           ASCII characters used to separate the fields when        \n"
    "\t           specifying the  -p  or  -P options. The default delimiter\n"
    "\t           is a '|'. This options is ignored if -p or -P options    \n"
    "\t           are not specified.                                       \n"
    "     -D, --duplicates:                                                      \n"
    "\t           If Slurm job ids are reset, some job numbers may         \n"
    "\t           appear more than once referring to different jobs.       \n"
    "\t           Without this option only the most recent jobs will be    \n"
    "                   displayed.                                               \n"
    "     -e, --helpformat:                                                      \n"
    "\t           Print a list of fields that can be specified with the    \n"
    "\t           '--format' option                                        \n"
    "     -E, --endtime:                                                         \n"
    "                   Select jobs eligible before this time.  If states are    \n"
    "                   given with the -s option return jobs in this state before\n"
    "                   this period.                                             \n"
    "         --env-vars:                                                        \n"
    "\t           Print the environment to launch the batch script of job. \n"
    "                   NOTE: AccountingStoreFlags=job_env is required for this  \n"
    "                   NOTE: Requesting specific job(s) with '-j' is required   \n"
    "                         for this.                                          \n"
    "         --federation: Report jobs from federation if a member of a one.    \n"
    "     -f, --file=file:                                                       \n"
    "\t           Read data from the specified file, rather than Slurm's   \n"
    "                   current accounting log file. (Only appliciable when      \n"
    "                   running the jobcomp/filetxt plugin.)                     \n"
    "     -g, --gid, --group:                                                    \n"
    "\t           Use this comma separated list of gids or group names     \n"
    "                   to select jobs to display.  By default, all groups are   \n"
    "                   selected.                                                \n"
    "     -h, --help:   Print this description of use.                           \n"
    "     -i, --nnodes=N:                                                        \n"
    "                   Return jobs which ran on this many nodes (N = min[-max]) \n"
    "     -I, --ncpus=N:                                                         \n"
    "                   Return jobs which ran on this many cpus (N = min[-max])  \n"
    "     -j, --jobs:                                                            \n"
    "\t           Format is <job(.step)>. Display information about this   \n"
    "                   job or comma-separated list of jobs. The default is all  \n"
    "                   jobs. Adding .step will display the specific job step of \n"
    "                   that job. (A step id of 'batch' will display the         \n"
    "                   information about the batch step.)                       \n"
    "     --json:                                                                \n"
    "                   Produce JSON output                                      \n"
    "     -k, --timelimit-min:                                                   \n"
    "                   Only send data about jobs with this timelimit.           \n"
    "                   If used with timelimit_max this will be the minimum      \n"
    "                   timelimit of the range.  Default is no restriction.      \n"
    "     -K, --timelimit-max:                                                   \n"
    "                   Ignored by itself, but if timelimit_min is set this will \n"
    "                   be the maximum timelimit of the range.  Default is no    \n"
    "                   restriction.                                             \n"
    "         --local   Report information only about jobs on the local cluster. \n"
    "\t           Overrides --federation.                                  \n"
    "     -l, --long:                                                            \n"
    "\t           Equivalent to specifying                                 \n"
    "\t           '--format=jobid,jobidraw,jobname,partition,maxvmsize,    \n"
    "                             maxvmsizenode,maxvmsizetask,avevmsize,maxrss,  \n"
    "                             maxrssnode,maxrsstask,averss,maxpages,         \n"
    "                             maxpagesnode,maxpagestask,avepages,mincpu,     \n"
    "                             mincpunode,mincputask,avecpu,ntasks,alloccpus, \n"
    "                             elapsed,state,exitcode,avecpufreq,reqcpufreqmin,\n"
    "                             reqcpufreqmax,reqcpufreqgov,reqmem,            \n"
    "                             consumedenergy,maxdiskread,maxdiskreadnode,    \n"
    "                             maxdiskreadtask,avediskread,maxdiskwrite,      \n"
    "                             maxdiskwritenode,maxdiskwritetask,avediskwrite,\n"
    "                             reqtres,alloctres,                             \n"
    "                             tresusageinave,tresusageinmax,tresusageinmaxn, \n"
    "                             tresusageinmaxt,tresusageinmin,tresusageinminn,\n"
    "                             tresusageinmint,tresusageintot,tresusageoutmax,\n"
    "                             tresusageoutmaxn,tresusageoutmaxt,             \n"
    "                             tresusageoutave,tresusageouttot                \n"
    "     -L, --allclusters:                                                     \n"
    "\t           Display jobs ran on all clusters. By default, only jobs  \n"
    "                   ran on the cluster from where sacct is called are        \n"
    "                   displayed.                                               \n"
    "     -M, --clusters:                                                        \n"
    "                   Only send data about these clusters. Use \"all\" for all \n"
    "                   clusters.\n"
    "     -n, --noheader:                                                        \n"
    "\t           No header will be added to the beginning of output.      \n"
    "                   The default is to print a header.                        \n"
    "     --noconvert:                                                           \n"
    "\t\t   Don't convert units from their original type             \n"
    "\t\t   (e.g. 2048M won't be converted to 2G).                   \n"
    "     -N, --nodelist:                                                        \n"
    "                   Display jobs that ran on any of these nodes,             \n"
    "                   can be one or more using a ranged string.                \n"
    "     --name:                                                                \n"
    "                   Display jobs that have any of these name(s).             \n"
    "     -o, --format:                                                          \n"
    "\t           Comma separated list of fields. (use \"--helpformat\"    \n"
    "                   for a list of available fields).                         \n"
    "     -p, --parsable: output will be '|' delimited with a '|' at the end     \n"
    "     -P, --parsable2: output will be '|' delimited without a '|' at the end \n"
    "     -q, --qos:                                                             \n"
    "                   Only send data about jobs using these qos.  Default is all.\n"
    "     -r, --partition:                                                       \n"
    "\t           Comma separated list of partitions to select jobs and    \n"
    "                   job steps from. The default is all partitions.           \n"
    "     -s, --state:                                                           \n"
    "\t           Select jobs based on their current state or the state    \n"
    "                   they were in during the time period given: running (r),  \n"
    "                   completed (cd), failed (f), timeout (to), resizing (rs), \n"
    "                   deadline (dl) and node_fail (nf).                        \n"
    "     -S, --starttime:                                                       \n"
    "                   Select jobs eligible after this time.  Default is        \n"
    "                   00:00:00 of the current day, unless '-s' is set then     \n"
    "                   the default is 'now'.                                    \n"
    "     -T, --truncate:                                                        \n"
    "                   Truncate time.  So if a job started before --starttime   \n"
    "                   the start time would be truncated to --starttime.        \n"
    "                   The same for end time and --endtime.                     \n"
    "     -u, --uid, --user:                                                     \n"
    "\t           Use this comma separated list of uids or user names      \n"
    "                   to select jobs to display.  By default, the running      \n"
    "                   user's uid is used.                                      \n"
    "     --units=[KMGTP]:                                                       \n"
    "                   Display values in specified unit type. Takes precedence  \n"
    "\t\t   over --noconvert option.                                 \n"
    "     --usage:      Display brief usage message.                             \n"
    "     -v, --verbose:                                                         \n"
    "\t           Primarily for debugging purposes, report the state of    \n"
    "                   various variables during processing.                     \n"
    "     -V, --version: Print version.                                          \n"
    "     -W, --wckeys:                                                          \n"
    "                   Only send data about these wckeys.  Default is all.      \n"
    "     --whole-hetjob[=yes|no]:                                               \n"
    "\t\t   If set to 'yes' (or no argument), then information about \n"
    "\t\t   all the heterogeneous components will be retrieved. If   \n"
    "\t\t   set to 'no' only the specific filtered components will   \n"
    "\t\t   be retrieved. The default behavior without this option is\n"
    "\t\t   that all components are retrieved only if filtering the  \n"
    "\t\t   leader component with --jobs.                            \n"
    "     -x, --associations:                                                    \n"
    "                   Only send data about these association id.  Default is all.\n"
    "     -X, --allocations:                                                     \n"
    "\t           Only show statistics relevant to the job allocation      \n"
    "\t           itself, not taking steps into consideration.             \n"
    "     --yaml:                                                                \n"
    "                   Produce YAML output                                      \n"
    "\t                                                                    \n"
    "     Note, valid start/end time formats are...                              \n"
    "\t           HH:MM[:SS] [AM|PM]                                       \n"
    "\t           MMDD[YY] or MM/DD[/YY] or MM.DD[.YY]                     \n"
    "\t           MM/DD[/YY]-HH:MM[:SS]                                    \n"
    "\t           YYYY-MM-DD[THH:MM[:SS]]                                  \n"
    "\t           now[{+|-}count[seconds(default)|minutes|hours|days|weeks]]\n"
    "\n";

// sacct --usage (tabs and trailing blanks kept, hence plain literals).
const char kSacctUsage[] = "Usage: sacct [options]\n"
                           "\tUse --help for help\n";

// scontrol --help, --usage and "help" (tabs and trailing blanks kept, hence plain literals).
const char kScontrolHelp[] =
    "scontrol [<OPTION>] [<COMMAND>]                                            \n"
    "    Valid <OPTION> values are:                                             \n"
    "     -a, --all      Equivalent to \"all\" command                          \n"
    "     -d, --details  Equivalent to \"details\" command                      \n"
    "     --federation   Report federated job information if a member of a  one \n"
    "     -F, --future   Report information about nodes in \"FUTURE\" state.    \n"
    "     -h, --help     Equivalent to \"help\" command                         \n"
    "     --hide         Equivalent to \"hide\" command                         \n"
    "     --local        Report information only about jobs on the local cluster.\n"
    "\t            Overrides --federation.                                \n"
    "     -M, --cluster  Equivalent to \"cluster\" command. Implies --local.    \n"
    "                    NOTE: SlurmDBD must be up.                             \n"
    "     -o, --oneliner Equivalent to \"oneliner\" command                     \n"
    "     -Q, --quiet    Equivalent to \"quiet\" command                        \n"
    "     --sibling      Report information about all sibling jobs on a         \n"
    "\t            federated cluster. Implies --federation option.        \n"
    "     -u,--uid       Update job as user \"uid\" instead of the invoking user.\n"
    "     -v, --verbose  Equivalent to \"verbose\" command                      \n"
    "     -V, --version  Equivalent to \"version\" command                      \n"
    "\t\t\t\t\t\t\t\t\t   \n"
    "  <keyword> may be omitted from the execute line and scontrol will execute \n"
    "  in interactive mode. It will process commands as entered until explicitly\n"
    "  terminated.                                                              \n"
    "\t\t\t\t\t\t\t\t\t   \n"
    "    Valid <COMMAND> values are:                                            \n"
    "     abort                    shutdown slurm controller immediately        \n"
    "\t\t\t      generating a core file.                      \n"
    "     all                      display information about all partitions,    \n"
    "\t\t\t      including hidden partitions.                 \n"
    "     cancel_reboot <nodelist> Cancel pending reboot on nodes.              \n"
    "     cluster                  cluster to issue commands to.  Default is    \n"
    "\t\t\t      current cluster.  cluster with no name will  \n"
    "\t\t\t      reset to default.                            \n"
    "                              NOTE: SlurmDBD must be up.                   \n"
    "     completing               display jobs in completing state along with  \n"
    "\t\t\t      their completing or down nodes               \n"
    "     create <SPECIFICATIONS>  create a new partition or reservation        \n"
    "     details                  evokes additional details from the \"show\"  \n"
    "\t\t\t      command                                      \n"
    "     delete <SPECIFICATIONS>  delete the specified partition or reservation\n"
    "     errnumstr <ERRNO>        Given a Slurm error number, return a         \n"
    "                              descriptive string.                          \n"
    "     exit                     terminate scontrol                           \n"
    "     fsdampeningfactor <factor> Set the FairShareDampeningFactor in slurmctld\n"
    "     help                     print this description of use.               \n"
    "     hold <job_list>          prevent specified job from starting. <job_list>\n"
    "\t\t\t      is either a space separate list of job IDs or\n"
    "\t\t\t      job names \n"
    "     holdu <job_list>         place user hold on specified job (see hold)  \n"
    "     hide                     do not display information about hidden      \n"
    "\t\t\t      partitions                                   \n"
    "     listpids <job_id<.step>> List pids associated with the given jobid, or\n"
    "\t\t\t      all jobs if no id is given (This will only   \n"
    "\t\t\t      display the processes on the node which the  \n"
    "\t\t\t      scontrol is ran on, and only for those       \n"
    "\t\t\t      processes spawned by Slurm and their         \n"
    "\t\t\t      descendants)                                 \n"
    "     notify <job_id> msg      send message to specified job                \n"
    "     oneliner                 report output one record per line.           \n"
    "     pidinfo <pid>            return slurm job information for given pid.  \n"
    "     ping                     print status of slurmctld daemons.           \n"
    "     quiet                    print no messages other than error messages. \n"
    "     quit                     terminate this command.                      \n"
    "     reboot [ASAP] [nextstate=] [reason=] <ALL|nodelist>\t\t   \n"
    "\t\t\t      reboot the nodes when they become idle.      \n"
    "     reconfigure              re-read configuration files.                 \n"
    "     release <job_list>       permit specified job to start (see hold)     \n"
    "     requeue <job_id>         re-queue a batch job                         \n"
    "     requeuehold <job_id>     re-queue and hold a batch                    \n"
    "     resume <jobid_list>      resume previously suspended job (see suspend)\n"
    "     setdebug <level>         set slurmctld debug level                    \n"
    "     setdebugflags [+|-]<flag>  add or remove slurmctld DebugFlags         \n"
    "     schedloglevel <level>    set scheduler log level                      \n"
    "     show <ENTITY> [<ID>]     display state of identified entity, default  \n"
    "\t\t\t      is all records.                              \n"
    "     shutdown <OPTS>          shutdown slurm daemons                       \n"
    "\t\t\t      (the primary controller will be stopped)     \n"
    "     suspend <job_list>       susend specified job (see resume)            \n"
    "     top <job_list>           Put specified job first in queue for user    \n"
    "     token [lifespan=] [username=] fetch an auth token                     \n"
    "     takeover                 ask slurm backup controller to take over     \n"
    "     uhold <jobid_list>       place user hold on specified job (see hold)  \n"
    "     update <SPECIFICATIONS>  update job, node, partition, reservation, or \n"
    "\t\t\t      step                                         \n"
    "     verbose                  enable detailed logging.                     \n"
    "     version                  display tool version number.                 \n"
    "     wait_job <job_id>        wait until the nodes allocated to the job    \n"
    "\t\t\t      are booted and usable                        \n"
    "     write batch_script <job_id> <optional filename>                       \n"
    "                              Write the batch script for a given job to a  \n"
    "                              local file. Default is slurm-<job_id>.sh if  \n"
    "                              the (optional) filename is not given.        \n"
    "     write config <optional filename>                                      \n"
    "                              Write the current configuration to a file    \n"
    "                              with the naming convention of                \n"
    "                              slurm.conf.<datetime> in the same directory  \n"
    "                              as the original slurm.conf.                  \n"
    "                              If a filename is given that file location    \n"
    "                              with a .<datetime> suffix is created.        \n"
    "     !!                       Repeat the last command entered.             \n"
    "\t\t\t\t\t\t\t\t\t   \n"
    "  <ENTITY> may be \"aliases\", \"assoc_mgr\", \"bbstat\", \"burstBuffer\", \n"
    "       \"config\", \"daemons\", \"dwstat\", \"federation\", \"frontend\",  \n"
    "       \"hostlist\", \"hostlistsorted\", \"hostnames\", \"job\",           \n"
    "       \"licenses\", \"node\", \"partition\", \"reservation\", \"slurmd\", \n"
    "       \"step\", or \"topology\"                                           \n"
    "\t\t\t\t\t\t\t\t\t   \n"
    "  <ID> may be a configuration parameter name, job id, node name, partition \n"
    "       name, reservation name, job step id, license name or hostlist or    \n"
    "       pathname to a list of host names.                                   \n"
    "\t\t\t\t\t\t\t\t\t   \n"
    "  <HOSTLIST> may either be a comma separated list of host names or the     \n"
    "       absolute pathname of a file (with leading '/' containing host names \n"
    "       either separated by commas or new-lines                             \n"
    "\t\t\t\t\t\t\t\t\t   \n"
    "  <LEVEL> may be an integer value like SlurmctldDebug in the slurm.conf    \n"
    "       file or the name of the most detailed errors to report (e.g. \"info\",\n"
    "       \"verbose\", \"debug\", \"debug2\", etc.).                          \n"
    "\t\t\t\t\t\t\t\t\t   \n"
    "  <SLEVEL> may be an integer value like SlurmSchedLogLevel in the          \n"
    "       slurm.conf file or \"enable\" or \"disable\".                       \n"
    "\t\t\t\t\t\t\t\t\t   \n"
    "  <OPTS> may be \"slurmctld\" to shutdown just the slurmctld daemon,       \n"
    "       otherwise all slurm daemons are shutdown                            \n"
    "\t\t\t\t\t\t\t\t\t   \n"
    "  Node names may be specified using simple range expressions,              \n"
    "  (e.g. \"lx[10-20]\" corresponds to lx10, lx11, lx12, ...)                \n"
    "  The job step id is the job id followed by a period and the step id.      \n"
    "\t\t\t\t\t\t\t\t\t   \n"
    "  <SPECIFICATIONS> are specified in the same format as the configuration   \n"
    "  file. You may wish to use the \"show\" keyword then use its output as    \n"
    "  input for the update keyword, editing as needed.                         \n"
    "\t\t\t\t\t\t\t\t\t   \n"
    "  All commands and options are case-insensitive, although node names and   \n"
    "  partition names tests are case-sensitive (node names \"LX\" and \"lx\"   \n"
    "  are distinct).                                                       \n"
    "\n";

// sprio --help.
const char kSprioHelp[] = R"(Usage: sprio [OPTIONS]
      --federation                display jobs in federation if a member of one
  -h, --noheader                  no headers on output
  -j, --jobs                      comma separated list of jobs
                                  to view, default is all
      --local                     display jobs on local cluster only
  -l, --long                      long report
  -M, --cluster=cluster_name      cluster to issue commands to.  Default is
                                  current cluster.  cluster with no name will
                                  reset to default.
                                  NOTE: SlurmDBD must be up.
  -n, --norm                      display normalized values
  -o, --format=format             format specification
      --sibling                   display job records separately for each federation cluster
  -p, --partition=partition_name  comma separated list of partitions
  -u, --user=user_name            comma separated list of users to view
  -v, --verbose                   verbosity level
  -V, --version                   output version information and exit
  -w, --weights                   show the weights for each priority factor

Help options:
  --help                          show this help message
  --usage                         display a brief summary of sprio options
)";

// sprio --usage.
const char kSprioUsage[] = R"(Usage: sprio [-j jid[s]] [-u user_name[s]] [-o format] [-p partitions]
   [--federation] [--local] [--sibling] [--usage] [-hlnvVw]
)";

// srun --help.
const char kSrunHelp[] =
    R"(Usage: srun [OPTIONS(0)... [executable(0) [args(0)...]]] [ : [OPTIONS(N)...]] executable(N) [args(N)...]

Parallel run options:
  -A, --account=name          charge job to specified account
      --acctg-freq=<datatype>=<interval> accounting and profiling sampling
                              intervals. Supported datatypes:
                              task=<interval> energy=<interval>
                              network=<interval> filesystem=<interval>
      --bb=<spec>             burst buffer specifications
      --bbf=<file_name>       burst buffer specification file
      --bcast=<dest_path>     Copy executable file to compute nodes
      --bcast-exclude=<paths> Shared object directory paths to exclude
  -b, --begin=time            defer job until HH:MM MM/DD/YY
  -c, --cpus-per-task=ncpus   number of cpus required per task
      --comment=name          arbitrary comment
      --compress[=library]    data compression library used with --bcast
      --container             Path to OCI container bundle
      --cpu-freq=min[-max[:gov]] requested cpu frequency (and governor)
  -d, --dependency=type:jobid[:time] defer job until condition on jobid is satisfied
      --deadline=time         remove the job if no ending possible before
                              this deadline (start > (deadline - time[-min]))
      --delay-boot=mins       delay boot for desired node features
  -D, --chdir=path            change remote current working directory
      --export=env_vars|NONE  environment variables passed to launcher with
                              optional values or NONE (pass no variables)
  -e, --error=err             location of stderr redirection
      --epilog=program        run "program" after launching job step
  -E, --preserve-env          env vars for node and task counts override
                              command-line flags
      --gres=list             required generic resources
      --gres-flags=opts       flags related to GRES management
  -H, --hold                  submit job in held state
  -i, --input=in              location of stdin redirection
  -I, --immediate[=secs]      exit if resources not available in "secs"
      --jobid=id              run under already allocated job
  -J, --job-name=jobname      name of job
  -k, --no-kill               do not kill job on node failure
  -K, --kill-on-bad-exit      kill the job if any task terminates with a
                              non-zero exit code
  -l, --label                 prepend task number to lines of stdout/err
  -L, --licenses=names        required license, comma separated
  -M, --clusters=names        Comma separated list of clusters to issue
                              commands to.  Default is current cluster.
                              Name of 'all' will submit to run on all clusters.
                              NOTE: SlurmDBD must up.
  -m, --distribution=type     distribution method for processes to nodes
                              (type = block|cyclic|arbitrary)
      --mail-type=type        notify on state change: BEGIN, END, FAIL or ALL
      --mail-user=user        who to send email notification for job state
                              changes
      --mcs-label=mcs         mcs label if mcs plugin mcs/group is used
      --mpi=type              type of MPI being used
      --multi-prog            if set the program name specified is the
                              configuration specification for multiple programs
  -n, --ntasks=ntasks         number of tasks to run
      --nice[=value]          decrease scheduling priority by value
      --ntasks-per-node=n     number of tasks to invoke on each node
  -N, --nodes=N               number of nodes on which to run (N = min[-max])
  -o, --output=out            location of stdout redirection
  -O, --overcommit            overcommit resources
      --overlap               Allow other steps to overlap this step
      --het-group=value       hetjob component allocation(s) in which to launch
                              application
  -p, --partition=partition   partition requested
      --power=flags           power management options
      --priority=value        set the priority of the job to value
      --prolog=program        run "program" before launching job step
      --profile=value         enable acct_gather_profile for detailed data
                              value is all or none or any combination of
                              energy, lustre, network or task
      --propagate[=rlimits]   propagate all [or specific list of] rlimits
      --pty                   run task zero in pseudo terminal
      --quit-on-interrupt     quit on single Ctrl-C
  -q, --qos=qos               quality of service
  -Q, --quiet                 quiet mode (suppress informational messages)
      --reboot                reboot block before starting job
  -r, --relative=n            run job step relative to node n of allocation
  -s, --oversubscribe         over-subscribe resources with other jobs
  -S, --core-spec=cores       count of reserved cores
      --send-libs[=yes|no]    autodetect and broadcast shared objects
      --signal=[R:]num[@time] send signal when time limit within time seconds
      --slurmd-debug=level    slurmd debug level
      --spread-job            spread job across as many nodes as possible
      --switches=max-switches{@max-time-to-wait}
                              Optimum switches and max time to wait for optimum
      --task-epilog=program   run "program" after launching task
      --task-prolog=program   run "program" before launching task
      --thread-spec=threads   count of reserved threads
  -T, --threads=threads       set srun launch fanout
  -t, --time=minutes          time limit
      --time-min=minutes      minimum time limit (if distinct)
  -u, --unbuffered            do not line-buffer stdout/err
      --use-min-nodes         if a range of node counts is given, prefer the
                              smaller count
  -v, --verbose               verbose mode (multiple -v's increase verbosity)
  -W, --wait=sec              seconds to wait after first task exits
                              before killing job
      --wckey=wckey           wckey to run job under
  -X, --disable-status        Disable Ctrl-C status feature

Constraint options:
      --cluster-constraint=list specify a list of cluster-constraints
      --contiguous            demand a contiguous range of nodes
  -C, --constraint=list       specify a list of constraints
      --mem=MB                minimum amount of real memory
      --mincpus=n             minimum number of logical processors (threads)
                              per node
      --reservation=name      allocate resources from named reservation
      --tmp=MB                minimum amount of temporary disk
  -w, --nodelist=hosts...     request a specific list of hosts
  -x, --exclude=hosts...      exclude a specific list of hosts
  -Z, --no-allocate           don't allocate nodes (must supply -w)

Consumable resources related options:
      --exact                 use only the resources requested for the step
                              (by default, all non-gres resources on each node
                              in the allocation will be used in the step)
      --exclusive[=user]      for job allocation, this allocates nodes in
                              in exclusive mode
                              for job steps, this is equivalent to --exact
      --exclusive[=mcs]       allocate nodes in exclusive mode when
                              cpu consumable resource is enabled
                              and mcs plugin is enabled (--exact implied)
                              or don't share CPUs for job steps
      --mem-per-cpu=MB        maximum amount of real memory per allocated
                              cpu required by the job.
                              --mem >= --mem-per-cpu if --mem is specified.
      --resv-ports            reserve communication ports

Affinity/Multi-core options: (when the task/affinity plugin is enabled)
                              For the following 4 options, you are
                              specifying the minimum resources available for
                              the node(s) allocated to the job.
      --sockets-per-node=S    number of sockets per node to allocate
      --cores-per-socket=C    number of cores per socket to allocate
      --threads-per-core=T    number of threads per core to allocate
  -B  --extra-node-info=S[:C[:T]]  combine request of sockets per node,
                              cores per socket and threads per core.
                              Specify an asterisk (*) as a placeholder,
                              a minimum value, or a min-max range.

      --ntasks-per-core=n     number of tasks to invoke on each core
      --ntasks-per-socket=n   number of tasks to invoke on each socket

GPU scheduling options:
      --cpus-per-gpu=n        number of CPUs required per allocated GPU
  -G, --gpus=n                count of GPUs required for the job
      --gpu-bind=...          task to gpu binding options
      --gpu-freq=...          frequency and voltage of GPUs
      --gpus-per-node=n       number of GPUs required per allocated node
      --gpus-per-socket=n     number of GPUs required per allocated socket
      --gpus-per-task=n       number of GPUs required per spawned task
      --mem-per-gpu=n         real memory required per allocated GPU

Help options:
  -h, --help                  show this help message
      --usage                 display brief usage message

Other options:
  -V, --version               output version information and exit

)";

// srun --usage.
const char kSrunUsage[] = R"(Usage: srun [-N nnodes] [-n ntasks] [-i in] [-o out] [-e err]
            [-c ncpus] [-r n] [-p partition] [--hold] [-t minutes]
            [-D path] [--immediate[=secs]] [--overcommit] [--overlap] [--no-kill]
            [--oversubscribe] [--label] [--unbuffered] [-m dist] [-J jobname]
            [--jobid=id] [--verbose] [--slurmd_debug=#] [--gres=list]
            [-T threads] [-W sec] [--gres-flags=opts]
            [--licenses=names] [--clusters=cluster_names]
            [--qos=qos] [--time-min=minutes]
            [--contiguous] [--mincpus=n] [--mem=MB] [--tmp=MB] [-C list]
            [--mpi=type] [--account=name] [--dependency=type:jobid[+time]]
            [--kill-on-bad-exit] [--propagate[=rlimits] [--comment=name]
            [--cpu-bind=...] [--mem-bind=...] [--network=type]
            [--ntasks-per-node=n] [--ntasks-per-socket=n] [reservation=name]
            [--ntasks-per-core=n] [--mem-per-cpu=MB] [--preserve-env]
            [--profile=...] [--exact]
            [--mail-type=type] [--mail-user=user] [--nice[=value]]
            [--prolog=fname] [--epilog=fname]
            [--task-prolog=fname] [--task-epilog=fname]
            [--ctrl-comm-ifhn=addr] [--multi-prog] [--mcs-label=mcs]
            [--cpu-freq=min[-max[:gov]]] [--power=flags] [--spread-job]
            [--switches=max-switches{@max-time-to-wait}] [--reboot]
            [--core-spec=cores] [--thread-spec=threads]
            [--bb=burst_buffer_spec] [--bbf=burst_buffer_file]
            [--bcast=<dest_path>] [--bcast-exclude=<NONE|path1,...,pathN>]
            [--send-libs[=y|n]] [--compress[=library]]
            [--acctg-freq=<datatype>=<interval>] [--delay-boot=mins]
            [-w hosts...] [-x hosts...] [--use-min-nodes]
            [--mpi-combine=yes|no] [--het-group=value]
            [--cpus-per-gpu=n] [--gpus=n] [--gpu-bind=...] [--gpu-freq=...]
            [--gpus-per-node=n] [--gpus-per-socket=n] [--gpus-per-task=n]
            [--mem-per-gpu=MB]
            executable [args...]
)";

// salloc --help.
const char kSallocHelp[] =
    R"(Usage: salloc [OPTIONS(0)...] [ : [OPTIONS(N)]] [command(0) [args(0)...]]

Parallel run options:
  -A, --account=name          charge job to specified account
  -b, --begin=time            defer job until HH:MM MM/DD/YY
      --bell                  ring the terminal bell when the job is allocated
      --bb=<spec>             burst buffer specifications
      --bbf=<file_name>       burst buffer specification file
  -c, --cpus-per-task=ncpus   number of cpus required per task
      --comment=name          arbitrary comment
      --container             Path to OCI container bundle
      --cpu-freq=min[-max[:gov]] requested cpu frequency (and governor)
      --delay-boot=mins       delay boot for desired node features
  -d, --dependency=type:jobid[:time] defer job until condition on jobid is satisfied
      --deadline=time         remove the job if no ending possible before
                              this deadline (start > (deadline - time[-min]))
  -D, --chdir=path            change working directory
      --get-user-env          used by Moab.  See srun man page.
      --gid=group_id          group ID to run job as (user root only)
      --gres=list             required generic resources
      --gres-flags=opts       flags related to GRES management
  -H, --hold                  submit job in held state
  -I, --immediate[=secs]      exit if resources not available in "secs"
  -J, --job-name=jobname      name of job
  -k, --no-kill               do not kill job on node failure
  -K, --kill-command[=signal] signal to send terminating job
  -L, --licenses=names        required license, comma separated
  -M, --clusters=names        Comma separated list of clusters to issue
                              commands to.  Default is current cluster.
                              Name of 'all' will submit to run on all clusters.
                              NOTE: SlurmDBD must up.
  -m, --distribution=type     distribution method for processes to nodes
                              (type = block|cyclic|arbitrary)
      --mail-type=type        notify on state change: BEGIN, END, FAIL or ALL
      --mail-user=user        who to send email notification for job state
                              changes
      --mcs-label=mcs         mcs label if mcs plugin mcs/group is used
  -n, --ntasks=N              number of processors required
      --nice[=value]          decrease scheduling priority by value
      --no-bell               do NOT ring the terminal bell
      --ntasks-per-node=n     number of tasks to invoke on each node
  -N, --nodes=N               number of nodes on which to run (N = min[-max])
  -O, --overcommit            overcommit resources
      --power=flags           power management options
      --priority=value        set the priority of the job to value
      --profile=value         enable acct_gather_profile for detailed data
                              value is all or none or any combination of
                              energy, lustre, network or task
  -p, --partition=partition   partition requested
  -q, --qos=qos               quality of service
  -Q, --quiet                 quiet mode (suppress informational messages)
      --reboot                reboot compute nodes before starting job
  -s, --oversubscribe         oversubscribe resources with other jobs
      --signal=[R:]num[@time] send signal when time limit within time seconds
      --spread-job            spread job across as many nodes as possible
      --switches=max-switches{@max-time-to-wait}
                              Optimum switches and max time to wait for optimum
  -S, --core-spec=cores       count of reserved cores
      --thread-spec=threads   count of reserved threads
  -t, --time=minutes          time limit
      --time-min=minutes      minimum time limit (if distinct)
      --uid=user_id           user ID to run job as (user root only)
      --use-min-nodes         if a range of node counts is given, prefer the
                              smaller count
  -v, --verbose               verbose mode (multiple -v's increase verbosity)
      --wckey=wckey           wckey to run job under

Constraint options:
      --cluster-constraint=list specify a list of cluster constraints
      --contiguous            demand a contiguous range of nodes
  -C, --constraint=list       specify a list of constraints
  -F, --nodefile=filename     request a specific list of hosts
      --mem=MB                minimum amount of real memory
      --mincpus=n             minimum number of logical processors (threads)
                              per node
      --reservation=name      allocate resources from named reservation
      --tmp=MB                minimum amount of temporary disk
  -w, --nodelist=hosts...     request a specific list of hosts
  -x, --exclude=hosts...      exclude a specific list of hosts

Consumable resources related options:
      --exclusive[=user]      allocate nodes in exclusive mode when
                              cpu consumable resource is enabled
      --exclusive[=mcs]       allocate nodes in exclusive mode when
                              cpu consumable resource is enabled
                              and mcs plugin is enabled
      --mem-per-cpu=MB        maximum amount of real memory per allocated
                              cpu required by the job.
                              --mem >= --mem-per-cpu if --mem is specified.

Affinity/Multi-core options: (when the task/affinity plugin is enabled)
                              For the following 4 options, you are
                              specifying the minimum resources available for
                              the node(s) allocated to the job.
      --sockets-per-node=S    number of sockets per node to allocate
      --cores-per-socket=C    number of cores per socket to allocate
      --threads-per-core=T    number of threads per core to allocate
  -B  --extra-node-info=S[:C[:T]]  combine request of sockets per node,
                              cores per socket and threads per core.
                              Specify an asterisk (*) as a placeholder,
                              a minimum value, or a min-max range.

      --ntasks-per-core=n     number of tasks to invoke on each core
      --ntasks-per-socket=n   number of tasks to invoke on each socket

GPU scheduling options:
      --cpus-per-gpu=n        number of CPUs required per allocated GPU
  -G, --gpus=n                count of GPUs required for the job
      --gpu-bind=...          task to gpu binding options
      --gpu-freq=...          frequency and voltage of GPUs
      --gpus-per-node=n       number of GPUs required per allocated node
      --gpus-per-socket=n     number of GPUs required per allocated socket
      --gpus-per-task=n       number of GPUs required per spawned task
      --mem-per-gpu=n         real memory required per allocated GPU


Help options:
  -h, --help                  show this help message
      --usage                 display brief usage message

Other options:
  -V, --version               output version information and exit

)";

// salloc --usage.
const char kSallocUsage[] =
    R"(Usage: salloc [-N numnodes|[min nodes]-[max nodes]] [-n num-processors]
              [-c cpus-per-node] [-r n] [-p partition] [--hold] [-t minutes]
              [--immediate[=secs]] [--no-kill] [--overcommit] [-D path]
              [--oversubscribe] [-J jobname]
              [--verbose] [--gid=group] [--uid=user] [--licenses=names]
              [--clusters=cluster_names]
              [--contiguous] [--mincpus=n] [--mem=MB] [--tmp=MB] [-C list]
              [--account=name] [--dependency=type:jobid[+time]] [--comment=name]
              [--mail-type=type] [--mail-user=user] [--nice[=value]]
              [--bell] [--no-bell] [--kill-command[=signal]] [--spread-job]
              [--nodefile=file] [--nodelist=hosts] [--exclude=hosts]
              [--network=type] [--mem-per-cpu=MB] [--qos=qos]
              [--mem-bind=...] [--reservation=name] [--mcs-label=mcs]
              [--time-min=minutes] [--gres=list] [--gres-flags=opts]
              [--cpu-freq=min[-max[:gov]]] [--power=flags] [--profile=...]
              [--switches=max-switches[@max-time-to-wait]]
              [--core-spec=cores] [--thread-spec=threads] [--reboot]
              [--bb=burst_buffer_spec] [--bbf=burst_buffer_file]
              [--delay-boot=mins] [--use-min-nodes]
              [--cpus-per-gpu=n] [--gpus=n] [--gpu-bind=...] [--gpu-freq=...]
              [--gpus-per-node=n] [--gpus-per-socket=n] [--gpus-per-task=n]
              [--mem-per-gpu=MB]
              [command [args...]]
)";

struct CommandTexts
{
    const char *command;
    const char *help;
    const char *usage;
};

const CommandTexts kTexts[] = {
    {"squeue", kSqueueHelp, kSqueueUsage},
    {"sinfo", kSinfoHelp, kSinfoUsage},
    {"scancel", kScancelHelp, kScancelUsage},
    {"sacct", kSacctHelp, kSacctUsage},
    {"scontrol", kScontrolHelp, kScontrolHelp},
    {"sprio", kSprioHelp, kSprioUsage},
    {"srun", kSrunHelp, kSrunUsage},
    {"salloc", kSallocHelp, kSallocUsage},
};

const CommandTexts *findTexts(const QString &command)
{
    for (const CommandTexts &t : kTexts) {
        if (command == QLatin1String(t.command))
            return &t;
    }
    return nullptr;
}

} // namespace

QString helpText(const QString &command)
{
    const CommandTexts *t = findTexts(command);
    return t ? QString::fromLatin1(t->help) : QString();
}

QString usageText(const QString &command)
{
    const CommandTexts *t = findTexts(command);
    return t ? QString::fromLatin1(t->usage) : QString();
}

} // namespace schedlab::slurm
