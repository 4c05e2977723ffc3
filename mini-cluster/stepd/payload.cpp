#include "payload.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>

#include <unistd.h>

void resetSignalsForPayload()
{
    struct sigaction action = {};
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    for (int sig = 1; sig < NSIG; ++sig) {
        if (sig != SIGKILL && sig != SIGSTOP)
            ::sigaction(sig, &action, nullptr);
    }
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
}

void usage(const std::string &problem)
{
    std::fprintf(stderr,
                 "schedlab-stepd: %s\nusage: schedlab-stepd --stdout PATH --stderr PATH "
                 "[--stdin PATH] [--append] --cwd DIR [--make-cwd] -- PROGRAM ARGS...\n"
                 "       schedlab-stepd --tasks [--notify CLIENT] [--owner PREFIX] "
                 "--task NODE:NODEID:LOCALID... -- PROGRAM ARGS...\n",
                 problem.c_str());
    std::exit(2);
}

void writeAll(int fd, const char *data, std::size_t size)
{
    while (size > 0) {
        const ssize_t n = ::write(fd, data, size);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return;
        data += n;
        size -= static_cast<std::size_t>(n);
    }
}
