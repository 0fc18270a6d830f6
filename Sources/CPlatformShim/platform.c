#include "cull_platform.h"

// Any C library header says which C library this is (glibc defines __GLIBC__ in <features.h>).
#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

void cull_keep_freed_memory(size_t bytes) {
#if defined(__GLIBC__)
    // mallopt's settings are ints, and glibc refuses an mmap threshold above HEAP_MAX_SIZE / 2.
    size_t threshold = bytes < ((size_t)32 << 20) ? bytes : ((size_t)32 << 20);
    size_t trim = bytes < ((size_t)1 << 30) ? bytes : ((size_t)1 << 30);
    mallopt(M_MMAP_THRESHOLD, (int)threshold);
    mallopt(M_TRIM_THRESHOLD, (int)trim);
#else
    (void)bytes;
#endif
}
