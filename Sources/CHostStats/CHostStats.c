#include "CHostStats.h"
#include <stdlib.h> /* defines __GLIBC__ on glibc systems */

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
#include <malloc.h>

long long listbench_heap_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return (long long)(info.uordblks + info.hblkhd);
}
#else
long long listbench_heap_in_use(void) { return -1; }
#endif

#if defined(__GLIBC__)
#include <malloc.h>

int listbench_keep_freed_memory(void) {
    int mapped = mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
    int unmapped = mallopt(M_MMAP_MAX, 0);
    int trimmed = mallopt(M_TRIM_THRESHOLD, 256 * 1024 * 1024);
    return mapped == 1 && unmapped == 1 && trimmed == 1 ? 0 : -1;
}
#else
int listbench_keep_freed_memory(void) { return -1; }
#endif

#if defined(__linux__)
#include <sys/prctl.h>
#include <signal.h>

int listbench_die_with_parent(void) { return prctl(PR_SET_PDEATHSIG, SIGKILL); }
#else
int listbench_die_with_parent(void) { return -1; }
#endif
