#pragma once
// What schedlab-stepd's two modes share about the processes they start and keep contained.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include <sys/types.h>

// The payload gets a clean slate: default dispositions (an engine started by `nohup` or as a
// background job would otherwise pass on ignored SIGHUP/SIGINT) and nothing blocked.
void resetSignalsForPayload();

// Prints the problem and the usage on stderr, and exits with status 2.
[[noreturn]] void usage(const std::string &problem);

// Writes all of data to fd, retrying after signals; gives up quietly if the reader is gone.
void writeAll(int fd, const char *data, std::size_t size);

// Makes this process the keeper of everything it starts: a child subreaper (an orphan of the
// tree, after a double fork or a setsid, comes back to us instead of going to init), killed by
// SIGHUP when its parent dies. False when the parent is already gone (nothing may start then).
bool becomeSubreaper(pid_t expectedParent);

// Every process below us, from the parent links in /proc.
std::vector<pid_t> descendants();

// Sends `signal` to every process below us; SIGTERM is followed by SIGCONT, so that a stopped
// process acts on it, as slurmstepd does.
void signalDescendants(int signal);

// SIGKILLs every process below us, again and again, until `reap` (which reaps what has exited)
// says no child is left. `signalFd` is only waited on between rounds and drained.
void killEverything(int signalFd, const std::function<bool()> &reap);
