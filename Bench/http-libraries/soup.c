/* Minimal libsoup 3 SoupServer for the request-head comparison (Bench/http-libraries).
 * GET /healthz -> 200 "ok\n", anything else -> 404.   usage: soup PORT */
#include <glib-unix.h>
#include <libsoup/soup.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dump.h"

static void answer(SoupServer *server, SoupServerMessage *message, const char *path,
                   GHashTable *query, gpointer unused) {
    (void)server; (void)query; (void)unused;
    if (dump_enabled()) {
        fprintf(stderr, "request %s %s\n", soup_server_message_get_method(message), path);
        SoupMessageHeadersIter iter;
        const char *name, *value;
        soup_message_headers_iter_init(&iter, soup_server_message_get_request_headers(message));
        while (soup_message_headers_iter_next(&iter, &name, &value))
            dump_field(name, strlen(name), value, strlen(value));
    }
    if (soup_server_message_get_method(message) == SOUP_METHOD_GET && strcmp(path, "/healthz") == 0) {
        soup_server_message_set_status(message, SOUP_STATUS_OK, NULL);
        soup_server_message_set_response(message, "text/plain", SOUP_MEMORY_STATIC, "ok\n", 3);
    } else {
        soup_server_message_set_status(message, SOUP_STATUS_NOT_FOUND, NULL);
        soup_server_message_set_response(message, "text/plain", SOUP_MEMORY_STATIC, "not found\n", 10);
    }
}

static gboolean on_signal(gpointer loop) {
    g_main_loop_quit(loop);
    return G_SOURCE_REMOVE;
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s PORT\n", argv[0]); return 2; }
    GError *error = NULL;
    SoupServer *server = soup_server_new("server-header", "soup-bench", NULL);
    soup_server_add_handler(server, NULL, answer, NULL, NULL);
    if (!soup_server_listen_local(server, (guint)atoi(argv[1]), SOUP_SERVER_LISTEN_IPV4_ONLY, &error)) {
        fprintf(stderr, "soup_server_listen_local: %s\n", error->message);
        return 1;
    }
    GMainLoop *loop = g_main_loop_new(NULL, FALSE);
    g_unix_signal_add(SIGTERM, on_signal, loop);
    g_unix_signal_add(SIGINT, on_signal, loop);
    g_main_loop_run(loop);
    g_main_loop_unref(loop);
    g_object_unref(server);
    return 0;
}
