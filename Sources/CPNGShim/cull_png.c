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

static void read_bytes(png_structp png, png_bytep out, png_size_t count) {
    cull_png *reader = png_get_io_ptr(png);
    if (reader->size - reader->offset < count) png_error(png, "truncated PNG data");
    memcpy(out, reader->data + reader->offset, count);
    reader->offset += count;
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
    png_read_update_info(reader->png, reader->info);
    reader->width = png_get_image_width(reader->png, reader->info);
    reader->height = png_get_image_height(reader->png, reader->info);
    reader->channels = png_get_channels(reader->png, reader->info);
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

int cull_png_read_row(cull_png *png, uint8_t *row) {
    if (setjmp(png_jmpbuf(png->png))) return -1;
    png_read_row(png->png, row, NULL);
    return 0;
}

void cull_png_close(cull_png *png) {
    if (!png) return;
    png_destroy_read_struct(&png->png, &png->info, NULL);
    free(png);
}
