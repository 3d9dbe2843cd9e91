/* libmicrohttpd's thread pool stopping under load, in epoll mode and in poll mode: the reason
 * `breakdown serve` polls (Sources/CMicroHTTPD/shim.h). Each round starts a pool of four workers
 * on a fresh loopback socket, keeps them busy with eight keep-alive clients for a few
 * milliseconds, then calls MHD_quiesce_daemon, as serve does at SIGTERM, and stops the daemon.
 *
 * In epoll mode the quiesce removes the listening socket from each worker's epoll set while the
 * worker, seeing the quiesced flag, may remove it too: the second removal fails and the library
 * aborts ("Failed to remove listen FD from epoll set", daemon.c, 0.9.75 and its newest release).
 * Measured on this project's machine (2 cores): 3 of 6 runs of 200 rounds aborted in epoll
 * mode; 5 runs of 200 rounds in poll mode, none.
 *
 *   cc -O2 Tools/mhd-quiesce-race.c -lmicrohttpd -lpthread -o /tmp/mhd-quiesce-race
 *   /tmp/mhd-quiesce-race epoll 200    # exit 134 now and then (SIGABRT)
 *   /tmp/mhd-quiesce-race poll 200     # "poll: 200 rounds, no abort", exit 0
 */
#include <microhttpd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static struct MHD_Response *ok;
static atomic_int running;
static int port;

static enum MHD_Result answer(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                              const char *version, const char *data, size_t *size, void **state) {
    (void)cls; (void)url; (void)method; (void)version; (void)data; (void)size; (void)state;
    return MHD_queue_response(c, 200, ok);
}

static void *client(void *unused) {
    (void)unused;
    const char *request = "GET / HTTP/1.1\r\nHost: x\r\n\r\n";
    char buffer[4096];
    while (atomic_load(&running)) {
        int fd = socket(AF_INET, SOCK_STREAM, 0);
        struct timeval limit = {0, 100000};
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
        struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons(port), .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
        if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0) { close(fd); continue; }
        for (int i = 0; i < 20 && atomic_load(&running); i++) {
            if (send(fd, request, strlen(request), MSG_NOSIGNAL) <= 0) break;
            if (recv(fd, buffer, sizeof buffer, 0) <= 0) break;
        }
        close(fd);
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 3 || (strcmp(argv[1], "epoll") != 0 && strcmp(argv[1], "poll") != 0) || atoi(argv[2]) <= 0) {
        fprintf(stderr, "usage: %s epoll|poll ROUNDS\n", argv[0]);
        return 2;
    }
    unsigned int mode = strcmp(argv[1], "epoll") == 0 ? MHD_USE_EPOLL : MHD_USE_POLL;
    int rounds = atoi(argv[2]);
    ok = MHD_create_response_from_buffer(3, "ok\n", MHD_RESPMEM_PERSISTENT);
    for (int round = 0; round < rounds; round++) {
        int listener = socket(AF_INET, SOCK_STREAM, 0);
        struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
        socklen_t length = sizeof a;
        bind(listener, (struct sockaddr *)&a, sizeof a);
        listen(listener, 128);
        getsockname(listener, (struct sockaddr *)&a, &length);
        port = ntohs(a.sin_port);
        if (listener < 0 || getsockname(listener, (struct sockaddr *)&a, &length) != 0) return 1;
        struct MHD_Daemon *d = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | mode | MHD_USE_ITC, 0, NULL, NULL, answer, NULL,
                                                MHD_OPTION_LISTEN_SOCKET, listener, MHD_OPTION_THREAD_POOL_SIZE, 4,
                                                MHD_OPTION_END);
        if (d == NULL) { fprintf(stderr, "MHD_start_daemon failed\n"); return 1; }
        atomic_store(&running, 1);
        pthread_t clients[8];
        for (int i = 0; i < 8; i++) pthread_create(&clients[i], NULL, client, NULL);
        usleep(5000 + (round % 10) * 1000);
        int fd = MHD_quiesce_daemon(d);
        atomic_store(&running, 0);
        for (int i = 0; i < 8; i++) pthread_join(clients[i], NULL);
        MHD_stop_daemon(d);
        if (fd >= 0) close(fd);
    }
    printf("%s: %d rounds, no abort\n", argv[1], rounds);
    return 0;
}
