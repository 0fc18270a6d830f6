#include "cull_libraw.h"
#include <stdio.h>
#include <string.h>
#include <new>
#include <vector>

namespace {

/// LibRaw's reads, served from a window of the file that the source refills; every byte fetched
/// counts against the budget.
class Stream : public LibRaw_abstract_datastream {
public:
    explicit Stream(const cull_libraw_source &source) : source(source), budget(source.budget) {}

    bool exceeded = false;
    bool failed = false;
    int64_t budget;

    int valid() override { return 1; }

    int read(void *target, size_t size, size_t count) override {
        if (size == 0 || count == 0 || position >= source.size) return 0;
        int64_t wanted = (int64_t)size * (int64_t)count;
        if (count > (size_t)INT32_MAX / size) wanted = INT32_MAX;
        if (wanted > source.size - position) wanted = source.size - position;
        int64_t done = 0;
        uint8_t *out = (uint8_t *)target;
        while (done < wanted) {
            if (position >= windowStart && position < windowStart + (int64_t)window.size()) {
                int64_t at = position - windowStart;
                int64_t take = (int64_t)window.size() - at;
                if (take > wanted - done) take = wanted - done;
                memcpy(out + done, window.data() + at, (size_t)take);
                done += take;
                position += take;
                continue;
            }
            if (wanted - done >= windowSize) {
                // A large read (a preview) goes straight to its buffer.
                int64_t got = fetch(out + done, position, wanted - done);
                if (got <= 0) break;
                done += got;
                position += got;
                continue;
            }
            if (!refill(position)) break;
        }
        return (int)(done / (int64_t)size);
    }

    int seek(INT64 offset, int whence) override {
        int64_t base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? position : source.size;
        int64_t target = base + offset;
        if (target < 0) target = 0;
        if (target > source.size) target = source.size;
        position = target;
        return 0;
    }

    INT64 tell() override { return position; }
    INT64 size() override { return source.size; }

    int get_char() override {
        unsigned char c;
        return read(&c, 1, 1) == 1 ? c : -1;
    }

    char *gets(char *line, int size) override {
        if (size <= 0) return NULL;
        int n = 0;
        while (n < size - 1) {
            int c = get_char();
            if (c < 0) break;
            line[n++] = (char)c;
            if (c == '\n') break;
        }
        line[n] = 0;
        return n > 0 ? line : NULL;
    }

    int scanf_one(const char *format, void *value) override {
        // One whitespace-delimited token of at most 24 characters, as LibRaw's own buffer stream reads.
        char token[32];
        int c, n = 0;
        do { c = get_char(); } while (c == ' ' || c == '\t' || c == '\n' || c == '\r');
        if (c < 0) return -1;
        while (c >= 0 && c != 0 && c != ' ' && c != '\t' && c != '\n' && c != '\r' && n < 24) {
            token[n++] = (char)c;
            c = get_char();
        }
        token[n] = 0;
        return sscanf(token, format, value);
    }

    int eof() override { return position >= source.size; }
    void *make_jas_stream() override { return NULL; }

private:
    static const int64_t windowSize = 64 * 1024;
    const cull_libraw_source source;
    int64_t position = 0;
    int64_t windowStart = 0;
    std::vector<uint8_t> window;

    int64_t fetch(uint8_t *target, int64_t offset, int64_t count) {
        if (count > budget) {
            exceeded = true;
            throw LIBRAW_EXCEPTION_IO_EOF;
        }
        int64_t got = source.read(source.context, target, offset, count);
        if (got < 0) {
            failed = true;
            throw LIBRAW_EXCEPTION_IO_EOF;
        }
        budget -= got;
        return got;
    }

    bool refill(int64_t at) {
        int64_t count = source.size - at < windowSize ? source.size - at : windowSize;
        window.resize((size_t)count);
        windowStart = at;
        int64_t got = fetch(window.data(), at, count);
        window.resize((size_t)(got > 0 ? got : 0));
        return got > 0;
    }
};

// LibRaw's defaults print to stderr; a damaged file is reported by its result code instead.
void quiet_data(void *, const char *, const int) {}
void quiet_memory(void *, const char *, const char *) {}

}  // namespace

struct cull_libraw {
    // Made by libraw_init, so the library allocates its own object at the size it was built with.
    libraw_data_t *data;
    LibRaw *raw;
    Stream stream;
    cull_libraw_source source;
    cull_libraw(libraw_data_t *data, const cull_libraw_source &source)
        : data(data), raw((LibRaw *)data->parent_class), stream(source), source(source) {}
};

static int tiff_type_size(int type) {
    static const int sizes[] = {0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4};
    return type > 0 && type < 14 ? sizes[type] : 0;
}

static void forward_tag(void *context, int tag, int type, int count, unsigned order, void *ifp, INT64) {
    cull_libraw *handle = (cull_libraw *)context;
    if (!handle->source.tag || count <= 0) return;
    int unit = tiff_type_size(type);
    if (unit == 0) return;
    // Text, numbers and short values only: a tag's first 128 bytes are all Cull looks at.
    int64_t bytes = (int64_t)unit * count;
    uint8_t value[128];
    int length = (int)(bytes < (int64_t)sizeof value ? bytes : (int64_t)sizeof value);
    length = ((LibRaw_abstract_datastream *)ifp)->read(value, 1, (size_t)length);
    if (length <= 0) return;
    handle->source.tag(handle->source.context, tag, type, count, order, value, length);
}

extern "C" cull_libraw *cull_libraw_open(const cull_libraw_source *source, unsigned max_memory_mb, int *result) {
    libraw_data_t *data = libraw_init(LIBRAW_OPTIONS_NONE);
    cull_libraw *handle = data ? new (std::nothrow) cull_libraw(data, *source) : NULL;
    if (!handle) {
        if (data) libraw_close(data);
        *result = LIBRAW_UNSUFFICIENT_MEMORY;
        return NULL;
    }
    try {
        handle->raw->imgdata.params.max_raw_memory_mb = max_memory_mb;
        handle->raw->set_dataerror_handler(quiet_data, NULL);
        handle->raw->set_memerror_handler(quiet_memory, NULL);
        handle->raw->set_exifparser_handler(forward_tag, handle);
        *result = handle->raw->open_datastream(&handle->stream);
    } catch (...) {
        *result = LIBRAW_UNSPECIFIED_ERROR;
    }
    return handle;
}

extern "C" libraw_data_t *cull_libraw_data(cull_libraw *handle) { return handle->data; }

extern "C" int cull_libraw_adjust_sizes(cull_libraw *handle) {
    try {
        return handle->raw->adjust_sizes_info_only();
    } catch (...) {
        return LIBRAW_UNSPECIFIED_ERROR;
    }
}

extern "C" int cull_libraw_unpack_thumb(cull_libraw *handle, int64_t max_bytes, int64_t budget) {
    if ((int64_t)handle->raw->imgdata.thumbnail.tlength > max_bytes) return LIBRAW_TOO_BIG;
    handle->stream.budget += budget;
    try {
        return handle->raw->unpack_thumb();
    } catch (...) {
        return LIBRAW_UNSPECIFIED_ERROR;
    }
}

extern "C" int cull_libraw_budget_exceeded(cull_libraw *handle) { return handle->stream.exceeded; }
extern "C" int cull_libraw_read_failed(cull_libraw *handle) { return handle->stream.failed; }
extern "C" const char *cull_libraw_strerror(int result) { return libraw_strerror(result); }

extern "C" void cull_libraw_close(cull_libraw *handle) {
    libraw_data_t *data = handle->data;
    try {
        handle->raw->recycle();
    } catch (...) {
    }
    delete handle;
    libraw_close(data);
}
