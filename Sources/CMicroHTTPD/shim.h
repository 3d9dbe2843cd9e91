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
#include <sys/ioctl.h>
#include <linux/sockios.h>
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
    __typeof__(&MHD_create_response_from_callback) _Nonnull create_response_from_callback;
    __typeof__(&MHD_add_response_header) _Nonnull add_response_header;
    __typeof__(&MHD_queue_response) _Nonnull queue_response;
    __typeof__(&MHD_destroy_response) _Nonnull destroy_response;
    __typeof__(&MHD_lookup_connection_value) _Nonnull lookup_connection_value;
    __typeof__(&MHD_get_connection_info) _Nonnull get_connection_info;
    __typeof__(&MHD_get_connection_values_n) _Nonnull get_connection_values_n;
};

/// Starts a daemon on an already listening socket with a thread pool of `threads` threads,
/// each running its own poll(2) loop and calling `handler` for its connections.
/// poll, not epoll: with a thread pool and epoll, libmicrohttpd 0.9.75 (and its newest release)
/// aborts the process now and then when `MHD_quiesce_daemon` runs while a worker is busy: both
/// remove the listening socket from the worker's epoll set, and whichever comes second panics
/// ("Failed to remove listen FD from epoll set", daemon.c). A poll loop builds its set each round
/// from the quiesced flag, so stopping is race-free (Tools/mhd-quiesce-race.c shows both).
static inline struct MHD_Daemon *breakdown_mhd_start(
    struct breakdown_mhd_functions mhd, int listen_fd, unsigned int threads, unsigned int connection_limit, unsigned int per_address_limit,
    unsigned int timeout_seconds,
    size_t memory_limit, MHD_AccessHandlerCallback handler, void *handler_cls,
    MHD_RequestCompletedCallback completed, void *completed_cls,
    void *(*uri_logger)(void *cls, const char *uri, struct MHD_Connection *connection), void *uri_logger_cls,
    MHD_NotifyConnectionCallback notify_connection, void *notify_connection_cls)
{
    struct MHD_OptionItem options[] = {
        {MHD_OPTION_LISTEN_SOCKET, (intptr_t)listen_fd, NULL},
        {MHD_OPTION_THREAD_POOL_SIZE, (intptr_t)threads, NULL},
        {MHD_OPTION_CONNECTION_LIMIT, (intptr_t)connection_limit, NULL},
        // Connections from one address at once (0: no limit); more are accepted and closed at once.
        {MHD_OPTION_PER_IP_CONNECTION_LIMIT, (intptr_t)per_address_limit, NULL},
        {MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t)timeout_seconds, NULL},
        {MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)memory_limit, NULL},
        {MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)completed, completed_cls},
        {MHD_OPTION_URI_LOG_CALLBACK, (intptr_t)uri_logger, uri_logger_cls},
        {MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)notify_connection, notify_connection_cls},
        {MHD_OPTION_END, 0, NULL},
    };
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL | MHD_USE_ITC;
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

/// The body of a response of `length` bytes that sends none (a 304): never asked for.
static inline ssize_t breakdown_mhd_no_body(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)cls; (void)pos; (void)buf; (void)max;
    return MHD_CONTENT_READER_END_WITH_ERROR;
}

/// A response whose size is `length` with no body of its own: for a 304, whose Content-Length
/// libmicrohttpd takes from the response's size (and whose body it never sends), so that it
/// says the length of the representation the 304 stands for.
static inline struct MHD_Response *breakdown_mhd_response_of_length(struct breakdown_mhd_functions mhd, uint64_t length)
{
    return mhd.create_response_from_callback(length, 4096, breakdown_mhd_no_body, NULL, NULL);
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

/// The bytes written to socket `fd` that the peer's TCP has not taken yet (SIOCOUTQ: sent and
/// not acknowledged, or not sent because the peer's receive window is shut), or -1. ioctl is
/// variadic, which Swift cannot call.
static inline long breakdown_socket_unsent_bytes(int fd)
{
    int bytes = 0;
    return ioctl(fd, SIOCOUTQ, &bytes) == 0 ? (long)bytes : -1;
}

/// The pointer the connection notification stored for this connection, or NULL.
static inline void *breakdown_mhd_socket_context(struct breakdown_mhd_functions mhd, struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = mhd.get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

/// What is wrong with a request's head as RFC 9112 reads it, found in the bytes the library
/// parsed (see breakdown_mhd_header_facts).
enum breakdown_head_flaw {
    BREAKDOWN_HEAD_SOUND = 0,
    /// A field name that is empty or not a token: a space or tab before the colon, a control
    /// byte, a separator.
    BREAKDOWN_HEAD_FIELD_NAME = 1,
    /// A field value holding a control byte other than tab: a bare CR, DEL, another below 0x20.
    BREAKDOWN_HEAD_FIELD_VALUE = 2,
    /// A line that does not end in CR LF (a bare LF, a NUL inside it), or a line that is no field.
    BREAKDOWN_HEAD_LINE_END = 3,
    /// A field continued on the next line (obs-fold).
    BREAKDOWN_HEAD_FOLDED = 4,
    /// More than one space between the request line's method and target.
    BREAKDOWN_HEAD_REQUEST_LINE = 5,
};

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
    /// The first Content-Length is all digits and not zero: the request announces a body.
    int announces_body;
    unsigned int transfer_encodings;
    unsigned int hosts;
    /// The first flaw found (enum breakdown_head_flaw) and its offset in the head.
    int flaw;
    size_t flaw_offset;
    const char *first_content_length;
    size_t first_content_length_size;
    /// The head as the library holds it, and where the next field's line must begin.
    const char *head_start;
    const char *head_end;
    const char *cursor;
};

static inline int breakdown_is_token_byte(unsigned char c)
{
    if (c >= '0' && c <= '9') return 1;
    if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') return 1;
    return c != 0 && strchr("!#$%&'*+-.^_`|~", c) != NULL;
}

static inline void breakdown_head_flawed(struct breakdown_header_facts *facts, int flaw, const char *at)
{
    if (facts->flaw != BREAKDOWN_HEAD_SOUND) return;
    facts->flaw = flaw;
    facts->flaw_offset = (at >= facts->head_start && at <= facts->head_end) ? (size_t)(at - facts->head_start) : 0;
}

/// One field, as the library passes it up: its name and value point into the head it read,
/// in the order received, each line's CR LF turned into two NULs (a bare LF into one) and the
/// colon into one, the value ending at the first NUL. So the next field's name must begin two
/// bytes after this one's value ends: one byte means a bare LF, more a NUL inside the value or a
/// line that is no field. A field the library put together from two lines (obs-fold) points
/// outside the head. The one shape these bytes cannot tell from CR LF is a NUL right before a
/// bare LF.
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
            int digits = value_size > 0, zero = 1;
            for (size_t index = 0; index < value_size; index++) {
                if (value[index] < '0' || value[index] > '9') digits = 0;
                if (value[index] != '0') zero = 0;
            }
            facts->announces_body = digits && !zero;
        } else if (value_size != facts->first_content_length_size || memcmp(value, facts->first_content_length, value_size) != 0) {
            facts->content_lengths_differ = 1;
        }
        facts->content_lengths++;
    }
    if (key_size == 17 && strncasecmp(key, "Transfer-Encoding", 17) == 0) facts->transfer_encodings++;
    if (key_size == 4 && strncasecmp(key, "Host", 4) == 0) facts->hosts++;

    if (facts->head_start == NULL) return MHD_YES;
    if (key < facts->head_start || key + key_size >= facts->head_end || value < key || value + value_size > facts->head_end) {
        breakdown_head_flawed(facts, BREAKDOWN_HEAD_FOLDED, facts->cursor);
        return MHD_YES;
    }
    if (key != facts->cursor + 2) breakdown_head_flawed(facts, BREAKDOWN_HEAD_LINE_END, facts->cursor);
    if (key_size == 0) breakdown_head_flawed(facts, BREAKDOWN_HEAD_FIELD_NAME, key);
    for (size_t index = 0; index < key_size; index++)
        if (!breakdown_is_token_byte((unsigned char)key[index])) breakdown_head_flawed(facts, BREAKDOWN_HEAD_FIELD_NAME, key + index);
    // The colon, then only spaces and tabs up to the value.
    if (key[key_size] != 0) breakdown_head_flawed(facts, BREAKDOWN_HEAD_FIELD_NAME, key + key_size);
    for (const char *between = key + key_size + 1; between < value; between++)
        if (*between != ' ' && *between != '\t') breakdown_head_flawed(facts, BREAKDOWN_HEAD_FIELD_VALUE, between);
    for (size_t index = 0; index < value_size; index++) {
        unsigned char c = (unsigned char)value[index];
        if ((c < 0x20 && c != '\t') || c == 0x7F) breakdown_head_flawed(facts, BREAKDOWN_HEAD_FIELD_VALUE, value + index);
    }
    facts->cursor = value + value_size;
    return MHD_YES;
}

/// Reads the request's header fields (at the handler's first call, once they are all in) and
/// checks the head's lines against the bytes the library parsed them from: `method` and
/// `version` are the library's own pointers into the head (the method is its first byte).
static inline struct breakdown_header_facts breakdown_mhd_header_facts(
    struct breakdown_mhd_functions mhd, struct MHD_Connection *connection, const char *method, const char *url, const char *version)
{
    struct breakdown_header_facts facts = {0};
    const union MHD_ConnectionInfo *info = mhd.get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    facts.head_bytes = info == NULL ? 0 : info->header_size;
    if (method != NULL && version != NULL && url != NULL && facts.head_bytes > 0) {
        facts.head_start = method;
        facts.head_end = method + facts.head_bytes;
        if (url != method + strlen(method) + 1) breakdown_head_flawed(&facts, BREAKDOWN_HEAD_REQUEST_LINE, method + strlen(method));
        facts.cursor = version + strlen(version);
        if (facts.cursor >= facts.head_end) breakdown_head_flawed(&facts, BREAKDOWN_HEAD_LINE_END, facts.head_end);
    }
    mhd.get_connection_values_n(connection, MHD_HEADER_KIND, breakdown_header_fact, &facts);
    // The last line's CR LF, then the empty line's, end the head.
    if (facts.head_start != NULL && facts.cursor + 4 != facts.head_end)
        breakdown_head_flawed(&facts, BREAKDOWN_HEAD_LINE_END, facts.cursor);
    return facts;
}
