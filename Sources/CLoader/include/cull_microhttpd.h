#ifndef CULL_MICROHTTPD_H
#define CULL_MICROHTTPD_H

// libmicrohttpd, for `cull review`: it pulls in GnuTLS and eight more libraries (p11-kit, nettle,
// gmp, libidn2, …) whose constructors ran on every command.

#include "cull_loader.h"
// microhttpd.h expects the socket types to be declared before it.
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>

#define CULL_MICROHTTPD_FUNCTIONS(X) \
    X(MHD_start_daemon) X(MHD_stop_daemon) X(MHD_get_daemon_info) X(MHD_http_unescape) \
    X(MHD_suspend_connection) X(MHD_resume_connection) X(MHD_lookup_connection_value) \
    X(MHD_create_response_from_buffer) X(MHD_create_response_from_fd_at_offset64) \
    X(MHD_add_response_header) X(MHD_queue_response) X(MHD_destroy_response)

/// The libmicrohttpd functions Cull calls (`cull_microhttpd_load` opens libmicrohttpd.so.12, its ABI
/// since 0.9.45).
CULL_LIBRARY_DECLARE(microhttpd, CULL_MICROHTTPD_FUNCTIONS)

#endif
