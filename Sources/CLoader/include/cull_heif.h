#ifndef CULL_HEIF_H
#define CULL_HEIF_H

// libheif, for HEIC and AVIF: it pulls in libde265, libx265, libaom, libdav1d and libnuma, whose
// mapping and constructors were the largest single part of every command's start.

#include "cull_loader.h"
#include <libheif/heif.h>

#define CULL_HEIF_FUNCTIONS(X) \
    X(heif_context_alloc) X(heif_context_free) X(heif_context_set_maximum_image_size_limit) \
    X(heif_context_read_from_memory_without_copy) X(heif_context_get_primary_image_handle) \
    X(heif_image_handle_release) X(heif_image_handle_get_width) X(heif_image_handle_get_height) \
    X(heif_image_handle_get_number_of_thumbnails) X(heif_image_handle_get_list_of_thumbnail_IDs) \
    X(heif_image_handle_get_thumbnail) X(heif_decode_image) X(heif_image_release) \
    X(heif_image_get_width) X(heif_image_get_height) X(heif_image_get_plane_readonly)

/// The libheif functions Cull calls (`cull_heif_load` opens libheif.so.1, ABI 1 since 1.0).
CULL_LIBRARY_DECLARE(heif, CULL_HEIF_FUNCTIONS)

#endif
