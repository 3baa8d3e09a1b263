// listbench-peak-memory (tests only): runs a command and writes its peak
// resident memory, in KiB, to a file.
//
//     listbench-peak-memory REPORT ADDRESS_SPACE_BYTES PROGRAM [ARGUMENT...]
//
// Why a program of its own: Linux keeps the largest resident size a process
// ever had across exec, and a process started by the test process (fork, or
// posix_spawn's shared-memory clone) has had the test process's memory, so
// its ru_maxrss says how big the test process was. This program is started
// that way, but the command it forks has only ever had this small program's
// memory, so the command's ru_maxrss (from wait4) is its own: the most it
// held, its own children included. The command also runs with its address
// space limited to ADDRESS_SPACE_BYTES (RLIMIT_AS), a safety net so that a
// regression fails a test instead of exhausting the machine.
//
// Exits with the command's status (128 + the signal when a signal ended it),
// or 125 when this program itself cannot work.
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: listbench-peak-memory REPORT ADDRESS_SPACE_BYTES PROGRAM [ARGUMENT...]\n");
        return 125;
    }
    const char *report = argv[1];
    char *end = NULL;
    unsigned long long bytes = strtoull(argv[2], &end, 10);
    if (end == argv[2] || *end != '\0') {
        fprintf(stderr, "listbench-peak-memory: not a number of bytes: %s\n", argv[2]);
        return 125;
    }
    pid_t child = fork();
    if (child < 0) {
        perror("listbench-peak-memory: fork");
        return 125;
    }
    if (child == 0) {
        struct rlimit limit = { .rlim_cur = (rlim_t)bytes, .rlim_max = (rlim_t)bytes };
        if (setrlimit(RLIMIT_AS, &limit) != 0) {
            perror("listbench-peak-memory: setrlimit");
            _exit(125);
        }
        execv(argv[3], argv + 3);
        perror("listbench-peak-memory: exec");
        _exit(125);
    }
    int status = 0;
    struct rusage usage;
    while (wait4(child, &status, 0, &usage) < 0) {
        if (errno != EINTR) {
            perror("listbench-peak-memory: wait4");
            return 125;
        }
    }
    FILE *file = fopen(report, "w");
    if (file == NULL || fprintf(file, "%ld\n", usage.ru_maxrss) < 0 || fclose(file) != 0) {
        perror("listbench-peak-memory: report");
        return 125;
    }
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return 125;
}
