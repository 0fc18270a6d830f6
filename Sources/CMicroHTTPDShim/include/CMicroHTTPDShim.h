#ifndef CULL_MICROHTTPD_SHIM_H
#define CULL_MICROHTTPD_SHIM_H

#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>

/// Starts a daemon on 127.0.0.1 only (port 0: the kernel picks a free one), one internal polling
/// thread (so the handler is never called concurrently), a small connection limit and timeout.
/// NULL when it cannot start.
struct MHD_Daemon *cull_mhd_start_loopback(uint16_t port, MHD_AccessHandlerCallback handler, void *context);

/// The port the daemon is bound to, or 0 when it cannot say.
uint16_t cull_mhd_bound_port(struct MHD_Daemon *daemon);

#endif
