#define _GNU_SOURCE
#include "CTestSupport.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <stdlib.h>
#include <unistd.h>

int listbench_test_open_pty(char *name, size_t size) {
    int controller = posix_openpt(O_RDWR | O_NOCTTY);
    if (controller < 0) return -1;
    if (grantpt(controller) != 0 || unlockpt(controller) != 0 || ptsname_r(controller, name, size) != 0) {
        close(controller);
        return -1;
    }
    return controller;
}

int listbench_test_limit_address_space(int pid, unsigned long long bytes) {
    struct rlimit limit = { .rlim_cur = (rlim_t)bytes, .rlim_max = (rlim_t)bytes };
    return prlimit((pid_t)pid, RLIMIT_AS, &limit, NULL);
}
