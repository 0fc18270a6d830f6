#ifndef CULL_LIBRAW_H
#define CULL_LIBRAW_H

// LibRaw through the file Cull already opened and checked, never by path: LibRaw's C API opens
// only a path (which could name another file by now) or a whole buffer (a 60 MB RAW read to learn
// its date), so this C++ shim hands LibRaw a datastream whose reads are Cull's own, buffered, and
// counted against a budget. No C++ exception ever leaves it.

#include <stdint.h>
#include <libraw/libraw.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Reads up to `count` bytes at `offset` into `buffer`: how many it read (0 at the end of the
/// file), or -1 when the read failed.
typedef int64_t (*cull_libraw_read_fn)(void *_Nullable context, void *_Nonnull buffer, int64_t offset, int64_t count);

/// One TIFF/EXIF entry as LibRaw's parser meets it: the tag (LibRaw 0.20 adds (IFD number + 1) << 20
/// for the entries of a TIFF IFD, 0x30000 for Panasonic's IFD0, nothing for the EXIF IFD), its TIFF
/// type, value count and byte order (0x4949 "II" or 0x4D4D "MM"), and the first `length` bytes of
/// its value.
typedef void (*cull_libraw_tag_fn)(void *_Nullable context, int tag, int type, int count, unsigned order,
                                   const uint8_t *_Nonnull value, int length);

/// Where LibRaw's bytes come from.
typedef struct cull_libraw_source {
    void *_Nullable context;
    /// The file's size in bytes.
    int64_t size;
    /// Bytes LibRaw may read in all while reading the headers; past it, reading fails.
    int64_t budget;
    cull_libraw_read_fn _Nonnull read;
    /// Called for each TIFF/EXIF entry LibRaw parses; may be NULL.
    cull_libraw_tag_fn _Nullable tag;
} cull_libraw_source;

typedef struct cull_libraw cull_libraw;

/// Reads the file's headers (LibRaw's open_datastream: identification, sizes, metadata, where the
/// preview is). `*result` is LibRaw's code, 0 on success. NULL only when out of memory; any other
/// handle must be closed with `cull_libraw_close`.
cull_libraw *_Nullable cull_libraw_open(const cull_libraw_source *_Nonnull source, unsigned max_memory_mb, int *_Nonnull result);

/// What LibRaw learned; valid until the handle is closed.
libraw_data_t *_Nonnull cull_libraw_data(cull_libraw *_Nonnull raw);

/// Fills in the output size (Fuji's rotated sensors, pixel aspect; sides swapped by the flip).
int cull_libraw_adjust_sizes(cull_libraw *_Nonnull raw);

/// Reads the embedded preview LibRaw chose (its largest) into `cull_libraw_data(raw)->thumbnail`,
/// with `budget` more bytes to read. Refuses one over `max_bytes` without reading it.
int cull_libraw_unpack_thumb(cull_libraw *_Nonnull raw, int64_t max_bytes, int64_t budget);

/// Whether a read was refused because the budget ran out (LibRaw then reports an I/O error).
int cull_libraw_budget_exceeded(cull_libraw *_Nonnull raw);

/// Whether the source reported a failed read (the file is unreadable, not damaged).
int cull_libraw_read_failed(cull_libraw *_Nonnull raw);

/// LibRaw's text for one of its result codes.
const char *_Nonnull cull_libraw_strerror(int result);

void cull_libraw_close(cull_libraw *_Nonnull raw);

#ifdef __cplusplus
}
#endif

#endif
