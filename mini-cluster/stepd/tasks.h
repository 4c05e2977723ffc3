#pragma once
// schedlab-stepd's tasks mode, for srun's steps (run by the client behind srun, in its
// terminal):
//   schedlab-stepd --tasks --notify CLIENT --owner PREFIX --task NODE:NODEID:LOCALID ...
//                  -- PROGRAM ARGS...
// runs one copy of the program per --task, all at once, with SLURM_PROCID / SLURM_LOCALID /
// SLURM_NODEID / SLURMD_NODENAME set per task. Each task reports its virtual sleeps as
// PREFIX.<task>; when a task ends, but the last one, it says so to the engine with
// `CLIENT schedlab-task-exit` (so the clock may move on without it). Then it prints srun's
// lines for the tasks that failed ("srun: error: n1: task 0: Terminated") and ends as the
// worst task did: killed by its signal, or with its exit code. SIGTERM, SIGKILL (as
// SIGUSR1), SIGINT and SIGHUP go to every task.
//
// Output order: real srun interleaves its tasks' output as it arrives, which no two runs
// repeat. Here task 0 writes to the streams it was given (a terminal stays a terminal), and
// each later task's output is held back until every task before it has ended, so a run
// prints the same bytes every time, in rank order.

int runTasks(int argc, char **argv);
