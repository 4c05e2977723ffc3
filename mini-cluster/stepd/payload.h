#pragma once
// What schedlab-stepd's two modes share about the processes they start.
#include <cstddef>
#include <string>

// The payload gets a clean slate: default dispositions (an engine started by `nohup` or as a
// background job would otherwise pass on ignored SIGHUP/SIGINT) and nothing blocked.
void resetSignalsForPayload();

// Prints the problem and the usage on stderr, and exits with status 2.
[[noreturn]] void usage(const std::string &problem);

// Writes all of data to fd, retrying after signals; gives up quietly if the reader is gone.
void writeAll(int fd, const char *data, std::size_t size);
