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
// worst task did: killed by its signal, or with its exit code.
//
// Containment, as for a batch step: it is a child subreaper and dies with its parent (the
// client behind srun), and when the step ends, the tasks having exited or being killed, every
// process left below it is killed (a `setsid` or double-forked process included), since a
// step's processes do not outlive it on a real node either. Signals:
//   SIGTERM                 SIGTERM then SIGCONT to every process of the step (scancel, the
//                           time limit: KillWait later comes the kill below)
//   SIGUSR1 queued with kKillStepValue (sigqueue, by the client: the engine's SIGKILL)
//                           SIGKILL to every process of the step, then the step ends
//   SIGHUP, not queued      the same: the terminal hung up or the client died, and real srun
//                           forces the step's termination on SIGHUP
//   anything else handled   passed on to the tasks (Ctrl-C, `scancel -s USR1`, a queued SIGHUP)
//
// Output order: real srun interleaves its tasks' output as it arrives, which no two runs
// repeat. Here task 0 writes to the streams it was given (a terminal stays a terminal), and
// each later task's output is held back until every task before it has ended, so a run
// prints the same bytes every time, in rank order.

// The value the client queues with SIGUSR1 to kill the whole step (SIGKILL itself would kill
// only this supervisor and leave the tasks behind).
inline constexpr int kKillStepValue = 0x5c1ed;

int runTasks(int argc, char **argv);
