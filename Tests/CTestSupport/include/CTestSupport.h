#ifndef LISTBENCH_C_TEST_SUPPORT_H
#define LISTBENCH_C_TEST_SUPPORT_H

#include <stddef.h>

/// Opens a pseudo-terminal pair for a test: returns the controller's file
/// descriptor and writes the device path of the terminal side into `name`
/// (`size` bytes), or returns -1 with errno set.
int listbench_test_open_pty(char *name, size_t size);

/// Limits another process's address space (RLIMIT_AS) to `bytes` with
/// Linux's prlimit (glibc declares it only with _GNU_SOURCE, which Swift's
/// Glibc module does not define); returns 0, or -1 with errno set.
int listbench_test_limit_address_space(int pid, unsigned long long bytes);

#endif
