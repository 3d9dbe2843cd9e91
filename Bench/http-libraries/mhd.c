/* Minimal libmicrohttpd server for the request-head comparison (Bench/http-libraries).
 * GET /healthz -> 200 "ok\n", anything else -> 404.
 * usage: mhd PORT [strict|tolerant]   (strict = MHD_OPTION_STRICT_FOR_CLIENT 1, tolerant = -1) */
#include <microhttpd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "dump.h"

static enum MHD_Result dump_one(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
                                const char *value, size_t value_size) {
    (void)cls; (void)kind;
    dump_field(key, key_size, value, value_size);
    return MHD_YES;
}

static struct MHD_Response *ok_response, *missing_response;

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url,
                              const char *method, const char *version, const char *upload_data,
                              size_t *upload_data_size, void **request_state) {
    (void)cls; (void)version; (void)upload_data;
    static int seen;
    /* The usual idiom: the first call only sees the head; answer once the request (and any
     * body, which is read and dropped) is complete, so keep-alive works as it normally would. */
    if (*request_state == NULL) {
        *request_state = &seen;
        if (dump_enabled()) {
            fprintf(stderr, "request %s %s\n", method, url);
            MHD_get_connection_values_n(connection, MHD_HEADER_KIND, dump_one, NULL);
        }
        return MHD_YES;
    }
    if (*upload_data_size != 0) { *upload_data_size = 0; return MHD_YES; }
    if (strcmp(method, "GET") == 0 && strcmp(url, "/healthz") == 0)
        return MHD_queue_response(connection, MHD_HTTP_OK, ok_response);
    return MHD_queue_response(connection, MHD_HTTP_NOT_FOUND, missing_response);
}

static volatile sig_atomic_t stop;
static void on_signal(int sig) { (void)sig; stop = 1; }

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s PORT [strict|tolerant]\n", argv[0]); return 2; }
    int port = atoi(argv[1]);
    int strictness = 0;
    if (argc > 2 && strcmp(argv[2], "strict") == 0) strictness = 1;
    if (argc > 2 && strcmp(argv[2], "tolerant") == 0) strictness = -1;

    ok_response = MHD_create_response_from_buffer(3, (void *)"ok\n", MHD_RESPMEM_PERSISTENT);
    missing_response = MHD_create_response_from_buffer(10, (void *)"not found\n", MHD_RESPMEM_PERSISTENT);

    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL, (uint16_t)port, NULL, NULL, answer, NULL,
        MHD_OPTION_STRICT_FOR_CLIENT, strictness,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)5,
        MHD_OPTION_END);
    if (daemon == NULL) { fprintf(stderr, "MHD_start_daemon failed on port %d\n", port); return 1; }
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    while (!stop) pause();
    MHD_stop_daemon(daemon);
    MHD_destroy_response(ok_response);
    MHD_destroy_response(missing_response);
    return 0;
}
