#ifndef CULL_ZBAR_H
#define CULL_ZBAR_H

// libzbar, for QR codes and barcodes: opened only when a rule reads a code field.

#include "cull_loader.h"
#include <zbar.h>

#define CULL_ZBAR_FUNCTIONS(X) \
    X(zbar_image_scanner_create) X(zbar_image_scanner_destroy) X(zbar_image_scanner_set_config) \
    X(zbar_image_create) X(zbar_image_destroy) X(zbar_image_set_format) X(zbar_image_set_size) \
    X(zbar_image_set_data) X(zbar_scan_image) X(zbar_image_first_symbol) X(zbar_symbol_next) \
    X(zbar_symbol_get_type) X(zbar_symbol_get_data) X(zbar_symbol_get_data_length)

/// The libzbar functions Cull calls (`cull_zbar_load` opens libzbar.so.0, its ABI since 0.10).
CULL_LIBRARY_DECLARE(zbar, CULL_ZBAR_FUNCTIONS)

#endif
