#include "cull_loader.h"
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

void cull_library_open(struct cull_library *library) {
    void *handles[sizeof library->sonames / sizeof library->sonames[0]] = { NULL };
    size_t opened = 0;
    for (; library->sonames[opened]; opened++) {
        handles[opened] = dlopen(library->sonames[opened], RTLD_NOW | RTLD_LOCAL);
        if (!handles[opened]) {
            const char *error = dlerror();
            snprintf(library->failure, sizeof library->failure, "%s", error ? error : library->sonames[opened]);
            return;
        }
    }
    // Each function from the first library that has it (dlsym also searches a handle's dependencies).
    const char *symbol = library->symbols;
    for (size_t slot = 0; slot < library->count; slot++, symbol += strlen(symbol) + 1) {
        void *found = NULL;
        for (size_t handle = 0; handle < opened && !found; handle++) found = dlsym(handles[handle], symbol);
        if (!found) {
            snprintf(library->failure, sizeof library->failure, "%s lacks %s", library->sonames[0], symbol);
            return;
        }
        library->slots[slot] = found;
    }
    library->loaded = 1;
}
