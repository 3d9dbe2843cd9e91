/* Minimal libevent evhttp server for the request-head comparison (Bench/http-libraries).
 * GET /healthz -> 200 "ok\n", anything else -> 404.   usage: evhttp PORT */
#include <event2/buffer.h>
#include <event2/event.h>
#include <event2/http.h>
#include <event2/keyvalq_struct.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dump.h"

static void answer(struct evhttp_request *request, void *unused) {
    (void)unused;
    if (dump_enabled()) {
        fprintf(stderr, "request %d %s\n", (int)evhttp_request_get_command(request), evhttp_request_get_uri(request));
        struct evkeyval *field;
        for (field = evhttp_request_get_input_headers(request)->tqh_first; field; field = field->next.tqe_next)
            dump_field(field->key, strlen(field->key), field->value, strlen(field->value));
    }
    struct evbuffer *body = evbuffer_new();
    const char *path = evhttp_uri_get_path(evhttp_request_get_evhttp_uri(request));
    if (evhttp_request_get_command(request) == EVHTTP_REQ_GET && path && strcmp(path, "/healthz") == 0) {
        evbuffer_add(body, "ok\n", 3);
        evhttp_send_reply(request, 200, "OK", body);
    } else {
        evbuffer_add(body, "not found\n", 10);
        evhttp_send_reply(request, 404, "Not Found", body);
    }
    evbuffer_free(body);
}

static void on_signal(evutil_socket_t fd, short what, void *base) {
    (void)fd; (void)what;
    event_base_loopbreak(base);
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s PORT\n", argv[0]); return 2; }
    struct event_base *base = event_base_new();
    struct evhttp *http = evhttp_new(base);
    evhttp_set_allowed_methods(http, EVHTTP_REQ_GET | EVHTTP_REQ_HEAD);
    evhttp_set_max_headers_size(http, 8192);
    evhttp_set_max_body_size(http, 0);   /* any body is refused with 413 */
    evhttp_set_timeout(http, 5);
    evhttp_set_gencb(http, answer, NULL);
    if (evhttp_bind_socket(http, "127.0.0.1", (ev_uint16_t)atoi(argv[1])) != 0) {
        fprintf(stderr, "evhttp_bind_socket failed on port %s\n", argv[1]);
        return 1;
    }
    struct event *term = evsignal_new(base, SIGTERM, on_signal, base);
    struct event *intr = evsignal_new(base, SIGINT, on_signal, base);
    event_add(term, NULL);
    event_add(intr, NULL);
    event_base_dispatch(base);
    event_free(term);
    event_free(intr);
    evhttp_free(http);
    event_base_free(base);
    return 0;
}
