/* Does Pango let go of a fontconfig configuration given to its font map? This program uses only
 * fontconfig and Pango: it makes a configuration, adds one font file (FcConfigAppFontAddFile, as
 * --font-file and the Android view's Roboto do), hands it to a Pango FreeType font map
 * (pango_fc_font_map_set_config, as FontLibrary does), then frees the context, the font map and
 * its own reference to the configuration. Run by Tools/sanitize.sh under LeakSanitizer:
 *   (no argument)  the configuration (FcConfigCreate) and everything it holds, the font's pattern
 *                  among them, are reported leaked: Pango 1.50's font map never drops the reference
 *                  set_config took (its finalize forgets it; fixed upstream in Pango 1.54);
 *   release        the same, with pango_fc_font_map_set_config(map, NULL) before the font map is
 *                  freed, as FontLibrary's deinit does: nothing leaks;
 *   unset          the same steps without pango_fc_font_map_set_config: nothing leaks.
 * (The system's fonts come from fontconfig's mmapped caches, so a lost reference to one of theirs
 * allocates nothing and shows nowhere; the application font is what makes the leak visible.) */
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s FONT-FILE [release|unset]\n", argv[0]);
        return 2;
    }
    const char *mode = argc > 2 ? argv[2] : "";
    FcConfig *config = FcConfigCreate();
    printf("added %d\n", FcConfigAppFontAddFile(config, (const FcChar8 *)argv[1]));
    FcConfigBuildFonts(config);
    PangoFontMap *map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    if (strcmp(mode, "unset") != 0) pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config);
    PangoContext *context = pango_font_map_create_context(map);
    g_object_unref(context);
    if (strcmp(mode, "release") == 0) pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), NULL);
    g_object_unref(map);
    FcConfigDestroy(config);
    return 0;
}
