/* Shared by the minimal servers: when BENCH_DUMP is set in the environment, print each request
 * field as the library hands it to the application, escaped, on stderr. */
#include <stdio.h>
#include <stdlib.h>

static int dump_enabled(void) { return getenv("BENCH_DUMP") != NULL; }

static void dump_bytes(const char *bytes, size_t length) {
    if (bytes == NULL) { fputs("(null)", stderr); return; }
    fputc('"', stderr);
    for (size_t i = 0; i < length; i++) {
        unsigned char c = (unsigned char)bytes[i];
        if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\') fprintf(stderr, "\\x%02x", c);
        else fputc(c, stderr);
    }
    fputc('"', stderr);
}

static void dump_field(const char *name, size_t name_length, const char *value, size_t value_length) {
    fputs("  field ", stderr);
    dump_bytes(name, name_length);
    fputs(" = ", stderr);
    dump_bytes(value, value_length);
    fputc('\n', stderr);
}
