#include "cull_png.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

struct cull_png {
    png_structp png;
    png_infop info;
    const uint8_t *data;
    size_t size;
    size_t offset;
    uint32_t width;
    uint32_t height;
    int channels;
    int passes;
    /* Rows the image holds (over all Adam7 passes), and those libpng has decoded so far. */
    uint32_t rows;
    uint32_t rows_done;
    /* Set once every row is decoded: libpng is given no more data. */
    int complete;
    char message[256];
};

static void on_error(png_structp png, png_const_charp message) {
    cull_png *reader = png_get_error_ptr(png);
    strncpy(reader->message, message ? message : "PNG error", sizeof reader->message - 1);
    png_longjmp(png, 1);
}

/* Warnings (a bad CRC in an ancillary chunk, an unknown chunk, ...) are not worth a failure. */
static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

/* After the last row, libpng's sequential reader inflates whatever is left of the IDAT stream to
 * find its end; a few KB of zeros after a 10x10 image inflate to gigabytes, about a thousand times
 * the work of the file's size. Once every row is decoded, the data ends: the jump below leaves
 * libpng, and `cull_png_read_row` sees `complete` and reports the row it already holds. */
static void read_bytes(png_structp png, png_bytep out, png_size_t count) {
    cull_png *reader = png_get_io_ptr(png);
    if (reader->complete) png_longjmp(png, 1);
    if (reader->size - reader->offset < count) png_error(png, "truncated PNG data");
    memcpy(out, reader->data + reader->offset, count);
    reader->offset += count;
}

/* A user transform sees every decoded row (after libpng's own transforms, before the row is
 * copied out and before libpng goes on to the end of the stream): it counts them. */
static void count_row(png_structp png, png_row_infop info, png_bytep data) {
    (void)info;
    (void)data;
    cull_png *reader = png_get_io_ptr(png);
    if (++reader->rows_done >= reader->rows) reader->complete = 1;
}

/* The rows of all Adam7 passes that hold pixels (a pass with no columns or rows has no data). */
static uint32_t interlaced_rows(uint32_t width, uint32_t height) {
    uint32_t rows = 0;
    for (int pass = 0; pass < 7; pass++) {
        if (PNG_PASS_COLS(width, pass) > 0) rows += PNG_PASS_ROWS(height, pass);
    }
    return rows;
}

cull_png *cull_png_open(const uint8_t *data, size_t size) {
    cull_png *reader = calloc(1, sizeof *reader);
    if (!reader) return NULL;
    reader->data = data;
    reader->size = size;
    reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, reader, on_error, on_warning);
    if (!reader->png) { free(reader); return NULL; }
    reader->info = png_create_info_struct(reader->png);
    if (!reader->info) { png_destroy_read_struct(&reader->png, NULL, NULL); free(reader); return NULL; }
    if (setjmp(png_jmpbuf(reader->png))) {
        reader->width = 0;
        reader->height = 0;
        return reader;
    }
    png_set_read_fn(reader->png, reader, read_bytes);
    /* Bound what ancillary chunks may cost; dimensions are checked by the caller before any row. */
    png_set_chunk_cache_max(reader->png, 1000);
    png_set_chunk_malloc_max(reader->png, 8 * 1024 * 1024);
    png_read_info(reader->png, reader->info);
    int color = png_get_color_type(reader->png, reader->info);
    int depth = png_get_bit_depth(reader->png, reader->info);
    if (depth == 16) png_set_strip_16(reader->png);
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(reader->png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(reader->png);
    if (depth < 8) png_set_packing(reader->png);
    if (color & PNG_COLOR_MASK_ALPHA) png_set_strip_alpha(reader->png);
    /* tRNS is dropped by not expanding it to alpha. */
    reader->passes = png_set_interlace_handling(reader->png);
    png_set_read_user_transform_fn(reader->png, count_row);
    png_read_update_info(reader->png, reader->info);
    reader->width = png_get_image_width(reader->png, reader->info);
    reader->height = png_get_image_height(reader->png, reader->info);
    reader->channels = png_get_channels(reader->png, reader->info);
    reader->rows = reader->passes > 1 ? interlaced_rows(reader->width, reader->height) : reader->height;
    if (reader->channels != 1 && reader->channels != 3) {
        strncpy(reader->message, "unexpected PNG channel count", sizeof reader->message - 1);
        reader->width = 0;
        reader->height = 0;
    }
    return reader;
}

const char *cull_png_error(const cull_png *png) { return png->message; }
uint32_t cull_png_width(const cull_png *png) { return png->width; }
uint32_t cull_png_height(const cull_png *png) { return png->height; }
int cull_png_channels(const cull_png *png) { return png->channels; }
int cull_png_passes(const cull_png *png) { return png->passes; }
size_t cull_png_bytes_read(const cull_png *png) { return png->offset; }

int cull_png_read_row(cull_png *png, uint8_t *row) {
    /* Rows of an interlaced image after its last decoded one were filled by earlier passes. */
    if (png->complete) return 0;
    if (setjmp(png_jmpbuf(png->png))) return png->complete ? 0 : -1;
    png_read_row(png->png, row, NULL);
    return 0;
}

void cull_png_close(cull_png *png) {
    if (!png) return;
    png_destroy_read_struct(&png->png, &png->info, NULL);
    free(png);
}
