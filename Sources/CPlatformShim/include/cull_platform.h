#ifndef CULL_PLATFORM_H
#define CULL_PLATFORM_H

#include <stddef.h>

/// Keeps up to `bytes` of memory the process frees in its allocator for the next allocation,
/// instead of handing it back to the kernel: glibc's malloc serves blocks of a few megabytes by
/// mmap and trims a thread's heap as soon as such a block is freed, so each decode of a photo
/// (its file, its pixels) faulted its buffers in again, page by page, zeroed by the kernel.
/// Sets `M_MMAP_THRESHOLD` (to at most 32 MB, glibc's ceiling) and `M_TRIM_THRESHOLD`. Elsewhere
/// (macOS's allocator keeps such memory anyway) it does nothing. Call before the threads start.
void cull_keep_freed_memory(size_t bytes);

#endif
