#include "payload.h"

#include <csignal>
#include <cstdio>
#include <cstdlib>

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
