#ifndef CULL_PNG_H
#define CULL_PNG_H

#include <stddef.h>
#include <stdint.h>

/// One PNG being read from memory. libpng reports every error by longjmp; each function below
/// sets its own jump point, so an error returns -1 (with `message` filled) instead of unwinding
/// through Swift frames.
typedef struct cull_png cull_png;

/// Starts reading `size` bytes at `data` (which must outlive the reader) and reads the header,
/// with transforms to 8-bit grey or RGB: 16-bit stripped, palette and low-bit grey expanded,
/// alpha and tRNS dropped. NULL only when out of memory. `width` and `height` are 0 on an error
/// (see `cull_png_error`).
cull_png *cull_png_open(const uint8_t *data, size_t size);

/// The error message of the last failed call ("" when none).
const char *cull_png_error(const cull_png *png);

/// The header as read by `cull_png_open`; channels is 1 (grey) or 3 (RGB) after the transforms.
uint32_t cull_png_width(const cull_png *png);
uint32_t cull_png_height(const cull_png *png);
int cull_png_channels(const cull_png *png);
/// 1, or 7 for an Adam7-interlaced image (whose rows must then be read once per pass into the
/// same whole-image buffer).
int cull_png_passes(const cull_png *png);
/// How many bytes of the data libpng has taken so far.
size_t cull_png_bytes_read(const cull_png *png);

/// Reads the next row (width * channels bytes) into `row`; 0, or -1 on an error.
int cull_png_read_row(cull_png *png, uint8_t *row);

void cull_png_close(cull_png *png);

#endif
