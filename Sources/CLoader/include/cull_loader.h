#ifndef CULL_LOADER_H
#define CULL_LOADER_H

// Libraries that Cull opens with dlopen the first time a feature needs them, not at start-up.
// Linked, each one (and what it pulls in: libheif brings four codecs, libmicrohttpd GnuTLS and
// eight more) was mapped, relocated and initialised by every `cull` command, `--version`
// included. Each library's header lists the functions Cull calls in an X-macro; the macros
// below turn that list into a table of pointers typed by the library's own headers
// (__typeof__, so a signature can never be written wrong here) and a loader that fills it once.

#include <pthread.h>
#include <stddef.h>

/// What the loader of one library keeps; the `CULL_LIBRARY_*` macros define one per library.
struct cull_library {
    /// The sonames to open, in order (a library before those that need it), NULL-terminated.
    const char * _Nullable sonames[5];
    /// The function names, each NUL-terminated, one after the other, in the table's order.
    const char * _Nonnull symbols;
    /// The table, seen as an array of `count` pointers.
    void * _Nullable * _Nonnull slots;
    size_t count;
    pthread_once_t once;
    int loaded;
    /// Why the library could not be opened (dlerror's text, copied: it lives in the calling thread).
    char failure[512];
};

/// Opens every soname of `library` and fills its table; on failure fills `failure` and leaves
/// `loaded` 0. Called once per library, under its `once`.
void cull_library_open(struct cull_library * _Nonnull library);

#define CULL_STRING2(x) #x
#define CULL_STRING(x) CULL_STRING2(x)
/// The file name of a library by its major version (that of the headers Cull was built with:
/// their ABI is the one the table has).
#ifdef __APPLE__
#define CULL_SONAME(name, major) "lib" #name "." CULL_STRING(major) ".dylib"
#else
#define CULL_SONAME(name, major) "lib" #name ".so." CULL_STRING(major)
#endif

#define CULL_LIBRARY_FIELD(name) __typeof__(name) * _Nonnull name;
#define CULL_LIBRARY_SYMBOL(name) #name "\0"

/// Declares `struct cull_<prefix>` (one typed pointer per function of `FUNCTIONS`) and its loader:
/// `cull_<prefix>_load(&why)` returns the filled table (once per process, thread-safe), or NULL
/// with the dynamic loader's reason in `*why`.
#define CULL_LIBRARY_DECLARE(prefix, FUNCTIONS) \
    struct cull_##prefix { FUNCTIONS(CULL_LIBRARY_FIELD) }; \
    const struct cull_##prefix * _Nullable cull_##prefix##_load(const char * _Nullable * _Nonnull why);

/// Defines the loader `CULL_LIBRARY_DECLARE` declared, opening the sonames given after `FUNCTIONS`.
#define CULL_LIBRARY_DEFINE(prefix, FUNCTIONS, ...) \
    static struct cull_##prefix prefix##_table; \
    static struct cull_library prefix##_library = { \
        .sonames = { __VA_ARGS__, NULL }, .symbols = FUNCTIONS(CULL_LIBRARY_SYMBOL), \
        .slots = (void **)&prefix##_table, .count = sizeof prefix##_table / sizeof(void *), \
        .once = PTHREAD_ONCE_INIT, \
    }; \
    static void prefix##_open(void) { cull_library_open(&prefix##_library); } \
    const struct cull_##prefix *cull_##prefix##_load(const char **why) { \
        pthread_once(&prefix##_library.once, prefix##_open); \
        if (!prefix##_library.loaded) { *why = prefix##_library.failure; return NULL; } \
        return &prefix##_table; \
    }

#endif
