#ifndef LISTBENCH_C_TEST_SUPPORT_H
#define LISTBENCH_C_TEST_SUPPORT_H

#include <stddef.h>

/// Opens a pseudo-terminal pair for a test: returns the controller's file
/// descriptor and writes the device path of the terminal side into `name`
/// (`size` bytes), or returns -1 with errno set.
int listbench_test_open_pty(char *name, size_t size);

#endif
