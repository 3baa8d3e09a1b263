#ifndef CHOSTSTATS_H
#define CHOSTSTATS_H

/// Bytes the C heap holds in use: glibc's mallinfo2() uordblks (in-use heap
/// chunks) plus hblkhd (mmapped blocks, where large allocations go).
/// Returns -1 where glibc's mallinfo2 (2.33+) is not available.
long long listbench_heap_in_use(void);

/// Asks the kernel to kill this process (SIGKILL) when its parent dies, so
/// an isolated run never outlives the listbench that started it. Returns 0
/// on success, -1 where this is not available (not Linux).
int listbench_die_with_parent(void);

#endif
