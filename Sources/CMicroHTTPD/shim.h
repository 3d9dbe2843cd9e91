// GNU libmicrohttpd, the embedded HTTP server behind `breakdown serve`.
// Not linked: Sources/Server/MicroHTTPD.swift opens it with dlopen when `serve` starts and fills
// the table below with dlsym; the helpers here call through it. The members' types are the real
// header's own (__typeof__), so a call through the table is checked as a direct call would be.
// MHD_start_daemon is variadic, which Swift cannot call: this shim passes the options the
// server uses as one option array.
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// The libmicrohttpd functions breakdown calls (each member is non-null once the table is made).
/// Swift sees the variadic MHD_start_daemon's member as an OpaquePointer: only
/// breakdown_mhd_start calls it.
struct breakdown_mhd_functions {
    __typeof__(&MHD_start_daemon) _Nonnull start_daemon;
    __typeof__(&MHD_stop_daemon) _Nonnull stop_daemon;
    __typeof__(&MHD_quiesce_daemon) _Nonnull quiesce_daemon;
    __typeof__(&MHD_get_daemon_info) _Nonnull get_daemon_info;
    __typeof__(&MHD_create_response_from_buffer) _Nonnull create_response_from_buffer;
    __typeof__(&MHD_add_response_header) _Nonnull add_response_header;
    __typeof__(&MHD_queue_response) _Nonnull queue_response;
    __typeof__(&MHD_destroy_response) _Nonnull destroy_response;
    __typeof__(&MHD_lookup_connection_value) _Nonnull lookup_connection_value;
    __typeof__(&MHD_get_connection_info) _Nonnull get_connection_info;
    __typeof__(&MHD_get_connection_values_n) _Nonnull get_connection_values_n;
};

/// Starts a daemon on an already listening socket with a thread pool of `threads` threads,
/// each running its own epoll loop and calling `handler` for its connections.
static inline struct MHD_Daemon *breakdown_mhd_start(
    struct breakdown_mhd_functions mhd, int listen_fd, unsigned int threads, unsigned int connection_limit, unsigned int timeout_seconds,
    size_t memory_limit, MHD_AccessHandlerCallback handler, void *handler_cls,
    MHD_RequestCompletedCallback completed, void *completed_cls,
    void *(*uri_logger)(void *cls, const char *uri, struct MHD_Connection *connection), void *uri_logger_cls,
    MHD_NotifyConnectionCallback notify_connection, void *notify_connection_cls)
{
    struct MHD_OptionItem options[] = {
        {MHD_OPTION_LISTEN_SOCKET, (intptr_t)listen_fd, NULL},
        {MHD_OPTION_THREAD_POOL_SIZE, (intptr_t)threads, NULL},
        {MHD_OPTION_CONNECTION_LIMIT, (intptr_t)connection_limit, NULL},
        {MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t)timeout_seconds, NULL},
        {MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)memory_limit, NULL},
        {MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)completed, completed_cls},
        {MHD_OPTION_URI_LOG_CALLBACK, (intptr_t)uri_logger, uri_logger_cls},
        {MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)notify_connection, notify_connection_cls},
        {MHD_OPTION_END, 0, NULL},
    };
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ITC;
    return mhd.start_daemon(
        flags, 0, NULL, NULL, handler, handler_cls, MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/// The number of open connections, or -1.
static inline long breakdown_mhd_connections(struct breakdown_mhd_functions mhd, struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = mhd.get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? -1 : (long)info->num_connections;
}

/// A response holding a copy of `size` bytes.
static inline struct MHD_Response *breakdown_mhd_response(struct breakdown_mhd_functions mhd, size_t size, const void *bytes)
{
    return mhd.create_response_from_buffer(size, (void *)bytes, MHD_RESPMEM_MUST_COPY);
}

/// A request header's value, or NULL.
static inline const char *breakdown_mhd_header(
    struct breakdown_mhd_functions mhd, struct MHD_Connection *connection, const char *name)
{
    return mhd.lookup_connection_value(connection, MHD_HEADER_KIND, name);
}

/// Whether a request ended with its response sent in full.
static inline int breakdown_mhd_completed_ok(enum MHD_RequestTerminationCode code)
{
    return code == MHD_REQUEST_TERMINATED_COMPLETED_OK;
}

/// Whether a connection notification is the one for a closed connection.
static inline int breakdown_mhd_connection_closed(enum MHD_ConnectionNotificationCode code)
{
    return code == MHD_CONNECTION_NOTIFY_CLOSED;
}

/// A connection's socket, or -1.
static inline int breakdown_mhd_connection_fd(struct breakdown_mhd_functions mhd, struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = mhd.get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : (int)info->connect_fd;
}

/// The pointer the connection notification stored for this connection, or NULL.
static inline void *breakdown_mhd_socket_context(struct breakdown_mhd_functions mhd, struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = mhd.get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

/// What the request's header fields say, for the checks libmicrohttpd does not make.
struct breakdown_header_facts {
    /// Bytes of the request line and header fields as received.
    size_t head_bytes;
    /// The longest field, name and value.
    size_t longest_field;
    unsigned int fields;
    unsigned int content_lengths;
    /// Two Content-Length fields with different values.
    int content_lengths_differ;
    unsigned int transfer_encodings;
    const char *first_content_length;
    size_t first_content_length_size;
};

static enum MHD_Result breakdown_header_fact(
    void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size, const char *value, size_t value_size)
{
    struct breakdown_header_facts *facts = cls;
    (void)kind;
    facts->fields++;
    if (key_size + value_size > facts->longest_field) facts->longest_field = key_size + value_size;
    if (key_size == 14 && strncasecmp(key, "Content-Length", 14) == 0) {
        if (facts->content_lengths == 0) {
            facts->first_content_length = value;
            facts->first_content_length_size = value_size;
        } else if (value_size != facts->first_content_length_size || memcmp(value, facts->first_content_length, value_size) != 0) {
            facts->content_lengths_differ = 1;
        }
        facts->content_lengths++;
    }
    if (key_size == 17 && strncasecmp(key, "Transfer-Encoding", 17) == 0) facts->transfer_encodings++;
    return MHD_YES;
}

/// Reads the request's header fields (at the handler's first call, once they are all in).
static inline struct breakdown_header_facts breakdown_mhd_header_facts(
    struct breakdown_mhd_functions mhd, struct MHD_Connection *connection)
{
    struct breakdown_header_facts facts = {0};
    const union MHD_ConnectionInfo *info = mhd.get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    facts.head_bytes = info == NULL ? 0 : info->header_size;
    mhd.get_connection_values_n(connection, MHD_HEADER_KIND, breakdown_header_fact, &facts);
    return facts;
}
