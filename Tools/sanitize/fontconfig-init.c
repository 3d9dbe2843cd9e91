/* Does fontconfig itself leak while it parses a configuration? This program only asks fontconfig
 * to load a configuration (FONTCONFIG_FILE, else the system's) and frees it; run by
 * Tools/sanitize.sh under LeakSanitizer with the system configuration (what Pango's start-up
 * thread does with FcInit) and with Fonts/fonts.conf. A leak reported here, with
 * XML_ParseBuffer (expat, fontconfig's XML parser) on its stack, is fontconfig's: the reason
 * Tools/sanitize/lsan.supp may suppress leaks allocated under XML_ParseBuffer, and only those. */
#include <fontconfig/fontconfig.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "init") == 0) {
        printf("FcInit %d\n", FcInit());
        return 0;
    }
    FcConfig *config = FcInitLoadConfig();
    printf("config %s\n", config ? "loaded" : "missing");
    FcConfigDestroy(config);
    return 0;
}
