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

/// Keeps freed memory for reuse instead of handing it back to the kernel
/// (glibc): every block comes from the heap rather than from a fresh mmap
/// each (M_MMAP_MAX 0; with M_MMAP_THRESHOLD alone, at most 32 MiB, a
/// two-million-item run's largest arrays were still mapped afresh each
/// time; glibc still maps a block when the heap cannot grow, and a block
/// of more than about 64 MiB asked for by a thread other than the main
/// one), and up to 256 MiB free at
/// the heap's top is kept (M_TRIM_THRESHOLD). A run that
/// frees and rebuilds its row arrays on every update then reuses pages it
/// has touched instead of faulting fresh zeroed ones in again. It moves no
/// modeled figure, and in-use bytes (listbench_heap_in_use) count the same.
/// Returns 0 when both settings took, -1 where they are not available (not
/// glibc) or glibc refused one.
int listbench_keep_freed_memory(void);

#endif
