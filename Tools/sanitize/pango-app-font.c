/* Does Pango, given a fontconfig configuration with an application font, let go of that font's
 * pattern when everything is freed? This program uses only fontconfig and Pango: it makes a
 * configuration, adds one font file (FcConfigAppFontAddFile, as --font-file and the Android
 * view's Roboto do), hands it to a Pango FreeType font map (pango_fc_font_map_set_config), then
 * frees the context, the font map and the configuration. Run by Tools/sanitize.sh under
 * LeakSanitizer: the font's pattern (its charset, language set and values, allocated under
 * FcConfigAppFontAddFile) is reported leaked with the font map given the configuration, and not
 * with "unset" (the same steps without pango_fc_font_map_set_config). That is the reason
 * Tools/sanitize/lsan.supp may suppress leaks allocated under FcConfigAppFontAddFile, and only
 * those: a configuration, context or font map we failed to free is allocated elsewhere. (The
 * system's fonts come from fontconfig's mmapped caches, so the same lost reference to one of
 * theirs allocates nothing and shows nowhere.) */
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s FONT-FILE [unset]\n", argv[0]);
        return 2;
    }
    FcConfig *config = FcConfigCreate();
    printf("added %d\n", FcConfigAppFontAddFile(config, (const FcChar8 *)argv[1]));
    FcConfigBuildFonts(config);
    PangoFontMap *map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    if (argc < 3 || strcmp(argv[2], "unset") != 0) pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config);
    PangoContext *context = pango_font_map_create_context(map);
    g_object_unref(context);
    g_object_unref(map);
    FcConfigDestroy(config);
    return 0;
}
