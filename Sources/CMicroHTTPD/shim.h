// GNU libmicrohttpd, the embedded HTTP server behind `breakdown serve`.
// MHD_start_daemon is variadic, which Swift cannot call: this shim passes the options the
// server uses as one option array.
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// Starts a daemon on an already listening socket with a thread pool of `threads` threads,
/// each running its own epoll loop and calling `handler` for its connections.
static inline struct MHD_Daemon *breakdown_mhd_start(
    int listen_fd, unsigned int threads, unsigned int connection_limit, unsigned int timeout_seconds,
    size_t memory_limit, MHD_AccessHandlerCallback handler, void *handler_cls,
    MHD_RequestCompletedCallback completed, void *completed_cls,
    void *(*uri_logger)(void *cls, const char *uri, struct MHD_Connection *connection), void *uri_logger_cls)
{
    struct MHD_OptionItem options[] = {
        {MHD_OPTION_LISTEN_SOCKET, (intptr_t)listen_fd, NULL},
        {MHD_OPTION_THREAD_POOL_SIZE, (intptr_t)threads, NULL},
        {MHD_OPTION_CONNECTION_LIMIT, (intptr_t)connection_limit, NULL},
        {MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t)timeout_seconds, NULL},
        {MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)memory_limit, NULL},
        {MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)completed, completed_cls},
        {MHD_OPTION_URI_LOG_CALLBACK, (intptr_t)uri_logger, uri_logger_cls},
        {MHD_OPTION_END, 0, NULL},
    };
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ITC;
    return MHD_start_daemon(
        flags, 0, NULL, NULL, handler, handler_cls, MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/// The number of open connections, or -1.
static inline long breakdown_mhd_connections(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? -1 : (long)info->num_connections;
}

/// A response holding a copy of `size` bytes.
static inline struct MHD_Response *breakdown_mhd_response(size_t size, const void *bytes)
{
    return MHD_create_response_from_buffer(size, (void *)bytes, MHD_RESPMEM_MUST_COPY);
}

/// A request header's value, or NULL.
static inline const char *breakdown_mhd_header(struct MHD_Connection *connection, const char *name)
{
    return MHD_lookup_connection_value(connection, MHD_HEADER_KIND, name);
}

/// Whether a request ended with its response sent in full.
static inline int breakdown_mhd_completed_ok(enum MHD_RequestTerminationCode code)
{
    return code == MHD_REQUEST_TERMINATED_COMPLETED_OK;
}
