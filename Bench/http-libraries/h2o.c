/* Minimal H2O (libh2o-evloop, HTTP/1 parsed by picohttpparser) server for the request-head
 * comparison (Bench/http-libraries). GET /healthz -> 200 "ok\n", anything else -> 404.
 * usage: h2o PORT */
#define H2O_USE_LIBUV 0
#include <h2o.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include "dump.h"

static h2o_globalconf_t config;
static h2o_context_t context;
static h2o_accept_ctx_t accept_context;
static volatile sig_atomic_t stop;

static int answer(h2o_handler_t *self, h2o_req_t *req) {
    (void)self;
    if (dump_enabled()) {
        fprintf(stderr, "request %.*s %.*s\n", (int)req->method.len, req->method.base, (int)req->path.len, req->path.base);
        for (size_t i = 0; i != req->headers.size; i++) {
            h2o_header_t *field = req->headers.entries + i;
            dump_field(field->orig_name, field->name->len, field->value.base, field->value.len);
        }
    }
    int found = h2o_memis(req->method.base, req->method.len, H2O_STRLIT("GET")) &&
                h2o_memis(req->path_normalized.base, req->path_normalized.len, H2O_STRLIT("/healthz"));
    req->res.status = found ? 200 : 404;
    req->res.reason = found ? "OK" : "Not Found";
    req->res.content_length = found ? 3 : 10;
    h2o_add_header(&req->pool, &req->res.headers, H2O_TOKEN_CONTENT_TYPE, NULL, H2O_STRLIT("text/plain"));
    if (found)
        h2o_send_inline(req, H2O_STRLIT("ok\n"));
    else
        h2o_send_inline(req, H2O_STRLIT("not found\n"));
    return 0;
}

static void on_accept(h2o_socket_t *listener, const char *error) {
    if (error != NULL) return;
    h2o_socket_t *sock;
    while ((sock = h2o_evloop_socket_accept(listener)) != NULL)
        h2o_accept(&accept_context, sock);
}

static void on_signal(int sig) { (void)sig; stop = 1; }

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s PORT\n", argv[0]); return 2; }
    signal(SIGPIPE, SIG_IGN);
    h2o_config_init(&config);
    config.max_request_entity_size = 0;   /* any body is refused with 413 */
    config.http1.req_timeout = 5000;      /* ms, from the start of a request's head */
    h2o_hostconf_t *host = h2o_config_register_host(&config, h2o_iovec_init(H2O_STRLIT("default")), 65535);
    h2o_pathconf_t *path = h2o_config_register_path(host, "/", 0);
    h2o_handler_t *handler = h2o_create_handler(path, sizeof(*handler));
    handler->on_req = answer;

    h2o_evloop_t *loop = h2o_evloop_create();
    h2o_context_init(&context, loop, &config);
    accept_context.ctx = &context;
    accept_context.hosts = config.hosts;

    int fd = socket(AF_INET, SOCK_STREAM, 0), on = 1;
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)atoi(argv[1])),
                                  .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof(on));
    if (fd < 0 || bind(fd, (struct sockaddr *)&address, sizeof(address)) != 0 || listen(fd, SOMAXCONN) != 0) {
        perror("listen");
        return 1;
    }
    h2o_socket_t *listener = h2o_evloop_socket_create(loop, fd, H2O_SOCKET_FLAG_DONT_READ);
    h2o_socket_read_start(listener, on_accept);

    struct sigaction action = {.sa_handler = on_signal};   /* no SA_RESTART: the loop's wait returns */
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGINT, &action, NULL);
    while (!stop && h2o_evloop_run(loop, 1000) == 0)
        ;
    return 0;
}
