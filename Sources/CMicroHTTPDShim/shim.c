#include "CMicroHTTPDShim.h"

#include <arpa/inet.h>
#include <string.h>

/* The table Swift has already loaded before it starts a daemon (NULL only if it has not). */
static const struct cull_microhttpd *library(void) {
    const char *why = NULL;
    return cull_microhttpd_load(&why);
}

struct MHD_Daemon *cull_mhd_start_loopback(uint16_t port, struct cull_mhd_limits limits,
                                           MHD_AccessHandlerCallback handler, void *context,
                                           MHD_RequestCompletedCallback completed) {
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    const struct cull_microhttpd *mhd = library();
    if (!mhd) return NULL;
    return mhd->MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO | MHD_ALLOW_SUSPEND_RESUME,
                            port, NULL, NULL, handler, context,
                            MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
                            MHD_OPTION_THREAD_POOL_SIZE, limits.threads,
                            MHD_OPTION_CONNECTION_LIMIT, limits.connections,
                            MHD_OPTION_CONNECTION_TIMEOUT, limits.timeout_seconds,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, limits.memory_per_connection,
                            MHD_OPTION_UNESCAPE_CALLBACK, cull_mhd_unescape_strict, (void *)NULL,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                            MHD_OPTION_END);
}

uint16_t cull_mhd_bound_port(struct MHD_Daemon *daemon) {
    const struct cull_microhttpd *mhd = library();
    const union MHD_DaemonInfo *info = mhd ? mhd->MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT) : NULL;
    return info == NULL ? 0 : info->port;
}

size_t cull_mhd_unescape_strict(void *context, struct MHD_Connection *connection, char *value) {
    (void)context;
    (void)connection;
    for (const char *at = strchr(value, '%'); at != NULL; at = strchr(at + 1, '%')) {
        if (at[1] == '0' && at[2] == '0') return strlen(value);
    }
    /* Called only by a daemon, which exists only once the library is loaded. */
    return library()->MHD_http_unescape(value);
}
