#include "cull_ffmpeg.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define CULL_STRING2(x) #x
#define CULL_STRING(x) CULL_STRING2(x)
#ifdef __APPLE__
#define CULL_LIBRARY(name, major) "lib" #name "." CULL_STRING(major) ".dylib"
#else
#define CULL_LIBRARY(name, major) "lib" #name ".so." CULL_STRING(major)
#endif

static struct cull_ffmpeg table;
static const struct cull_ffmpeg *loaded;
static const char *failure = "FFmpeg was not loaded";
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    // The major versions of the headers Cull was built with: their ABI is the one the table has.
    void *avutil = dlopen(CULL_LIBRARY(avutil, LIBAVUTIL_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL);
    void *avcodec = avutil ? dlopen(CULL_LIBRARY(avcodec, LIBAVCODEC_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL) : NULL;
    void *avformat = avcodec ? dlopen(CULL_LIBRARY(avformat, LIBAVFORMAT_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL) : NULL;
    void *swscale = avformat ? dlopen(CULL_LIBRARY(swscale, LIBSWSCALE_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL) : NULL;
    if (!swscale) {
        // dlerror's text lives in the calling thread's storage: keep a copy other threads can read.
        static char reason[512];
        const char *error = dlerror();
        snprintf(reason, sizeof reason, "%s", error ? error : "FFmpeg's libraries cannot be opened");
        failure = reason;
        return;
    }
#define CULL_FFMPEG_LOAD(library, name) \
    table.name = (__typeof__(name) *)dlsym(library, #name); \
    if (!table.name) { failure = "FFmpeg lacks " #name; return; }
    CULL_FFMPEG_FUNCTIONS(CULL_FFMPEG_LOAD)
#undef CULL_FFMPEG_LOAD
    loaded = &table;
}

const struct cull_ffmpeg *cull_ffmpeg_load(const char **why) {
    pthread_once(&once, load);
    if (!loaded) *why = failure;
    return loaded;
}
