#ifndef CULL_MICROHTTPD_SHIM_H
#define CULL_MICROHTTPD_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include "cull_microhttpd.h"

/// The limits a review server runs under (see HTTPServer.Limits).
struct cull_mhd_limits {
    /// Worker threads of libmicrohttpd's pool, each polling its share of the connections.
    unsigned int threads;
    /// Connections open at once, over all workers (idle, trickling and suspended ones count).
    unsigned int connections;
    /// Seconds of inactivity after which a connection is closed.
    unsigned int timeout_seconds;
    /// Bytes of memory per connection: the request line and headers must fit in it.
    size_t memory_per_connection;
};

/// Starts a daemon on 127.0.0.1 only (port 0: the kernel picks a free one) with a pool of worker
/// threads, suspend/resume allowed (slow answers are made off the workers), the given limits, the
/// strict unescaper below and `completed` called when a request is done. NULL when it cannot start
/// (or libmicrohttpd is not loaded: call `cull_microhttpd_load` first, for its reason).
struct MHD_Daemon *cull_mhd_start_loopback(uint16_t port, struct cull_mhd_limits limits,
                                           MHD_AccessHandlerCallback handler, void *context,
                                           MHD_RequestCompletedCallback completed);

/// The port the daemon is bound to, or 0 when it cannot say.
uint16_t cull_mhd_bound_port(struct MHD_Daemon *daemon);

/// libmicrohttpd's own %HH decoding of a URL or query value, except that a value encoding a NUL
/// byte (`%00`) is left as it came: decoded, the NUL would end the C string early, and
/// `/original/2%00junk` would read as `/original/2`.
size_t cull_mhd_unescape_strict(void *context, struct MHD_Connection *connection, char *value);

#endif
