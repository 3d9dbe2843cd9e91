// The C API of Pango (with its Cairo and fontconfig back ends), Cairo, fontconfig, FreeType,
// HarfBuzz and pixman that breakdown calls: declared here, not included from the libraries'
// headers, so that SwiftPM needs no pkg-config for this module. pkg-config's Cflags for
// pangocairo carry `-pthread`, which SwiftPM refuses from a dependency: every package that
// depends on breakdown then printed "warning: prohibited flag(s): -pthread".
//
// Only what the Swift sources use is declared. Handles are opaque (`typedef struct _X X;`);
// structs whose fields Swift reads, enumerations and callbacks are spelled as in the libraries, so
// Swift imports them the same way. Tools/check-c-declarations.py (run by the tests) compiles every
// prototype here against the installed headers and compares every struct's size and field offsets,
// every constant's value and every macro with theirs (see GLibDeclarations.h).
#ifndef BREAKDOWN_CPANGOCAIRO_H
#define BREAKDOWN_CPANGOCAIRO_H

#include "GLibDeclarations.h"
#include "CairoDeclarations.h"

// MARK: - fontconfig

typedef unsigned char FcChar8;
typedef int FcBool;
#define FcTrue 1
/// The pattern property holding a font's family name.
#define FC_FAMILY "family"
/// The pattern property holding a font's file path.
#define FC_FILE "file"
/// The pattern property holding a font's style name ("Regular", "Bold"…).
#define FC_STYLE "style"

typedef struct _FcConfig FcConfig;
typedef struct _FcPattern FcPattern;
#ifndef BREAKDOWN_CHECK_AGAINST_REAL_HEADERS
typedef struct _FcFontSet {
    int nfont;
    int sfont;
    FcPattern **fonts;
} FcFontSet;

typedef enum _FcResult {
    FcResultMatch = 0
} FcResult;

typedef enum _FcSetName {
    FcSetSystem = 0,
    FcSetApplication = 1
} FcSetName;
#endif

int FcGetVersion(void);
FcConfig *FcConfigCreate(void);
void FcConfigDestroy(FcConfig *config);
FcBool FcConfigParseAndLoadFromMemory(FcConfig *config, const FcChar8 *buffer, FcBool complain);
FcBool FcConfigAppFontAddFile(FcConfig *config, const FcChar8 *file);
FcBool FcConfigBuildFonts(FcConfig *config);
FcFontSet *FcConfigGetFonts(FcConfig *config, FcSetName set);
FcResult FcPatternGetString(const FcPattern *p, const char *object, int n, FcChar8 **s);

// MARK: - FreeType, HarfBuzz, pixman (their versions only)

typedef signed int FT_Int;
typedef int FT_Error;
typedef struct FT_LibraryRec_ *FT_Library;
FT_Error FT_Init_FreeType(FT_Library *alibrary);
FT_Error FT_Done_FreeType(FT_Library library);
void FT_Library_Version(FT_Library library, FT_Int *amajor, FT_Int *aminor, FT_Int *apatch);

const char *hb_version_string(void);

int pixman_version(void);

// MARK: - Pango: types

/// Pango units per point (layout positions and sizes are in 1/1024 pt).
#define PANGO_SCALE 1024

typedef struct _PangoContext PangoContext;
typedef struct _PangoFontMap PangoFontMap;
typedef struct _PangoFcFontMap PangoFcFontMap;
typedef struct _PangoFontFamily PangoFontFamily;
typedef struct _PangoFont PangoFont;
typedef struct _PangoFontDescription PangoFontDescription;
typedef struct _PangoFontMetrics PangoFontMetrics;
typedef struct _PangoLanguage PangoLanguage;
typedef struct _PangoLayout PangoLayout;
typedef struct _PangoLayoutIter PangoLayoutIter;
typedef struct _PangoAttrList PangoAttrList;
typedef struct _PangoEngineShape PangoEngineShape;
typedef struct _PangoEngineLang PangoEngineLang;

typedef guint32 PangoGlyph;
typedef gint32 PangoGlyphUnit;

typedef struct _PangoRectangle PangoRectangle;
#ifndef BREAKDOWN_CHECK_AGAINST_REAL_HEADERS
struct _PangoRectangle {
    int x;
    int y;
    int width;
    int height;
};
#endif

#ifndef BREAKDOWN_CHECK_AGAINST_REAL_HEADERS
typedef enum {
    PANGO_WRAP_WORD = 0,
    PANGO_WRAP_WORD_CHAR = 2
} PangoWrapMode;

typedef enum {
    PANGO_UNDERLINE_SINGLE = 1
} PangoUnderline;

typedef enum {
    PANGO_WEIGHT_NORMAL = 400,
    PANGO_WEIGHT_SEMIBOLD = 600
} PangoWeight;

typedef enum {
    PANGO_FONT_MASK_SIZE = 1 << 5
} PangoFontMask;

typedef enum {
    PANGO_ATTR_FAMILY = 2,
    PANGO_ATTR_STYLE = 3,
    PANGO_ATTR_WEIGHT = 4,
    PANGO_ATTR_VARIANT = 5,
    PANGO_ATTR_STRETCH = 6,
    PANGO_ATTR_SIZE = 7,
    PANGO_ATTR_FONT_DESC = 8,
    PANGO_ATTR_FOREGROUND = 9,
    PANGO_ATTR_UNDERLINE = 11,
    PANGO_ATTR_RISE = 13,
    PANGO_ATTR_SCALE = 15,
    PANGO_ATTR_LETTER_SPACING = 17,
    PANGO_ATTR_UNDERLINE_COLOR = 18,
    PANGO_ATTR_ABSOLUTE_SIZE = 20,
    PANGO_ATTR_FONT_FEATURES = 23,
    PANGO_ATTR_FOREGROUND_ALPHA = 24,
    PANGO_ATTR_ALLOW_BREAKS = 26,
    PANGO_ATTR_LINE_HEIGHT = 31,
    PANGO_ATTR_ABSOLUTE_LINE_HEIGHT = 32,
    PANGO_ATTR_FONT_SCALE = 37
} PangoAttrType;
#endif

// Attributes: a class pointer and a byte range, then the value of each kind.
typedef struct _PangoAttribute PangoAttribute;
typedef struct _PangoAttrClass PangoAttrClass;
typedef struct _PangoAttrInt PangoAttrInt;
typedef struct _PangoAttrFloat PangoAttrFloat;
typedef struct _PangoAttrSize PangoAttrSize;
typedef struct _PangoAttrFontDesc PangoAttrFontDesc;
#ifndef BREAKDOWN_CHECK_AGAINST_REAL_HEADERS
struct _PangoAttribute {
    const PangoAttrClass *klass;
    guint start_index;
    guint end_index;
};
struct _PangoAttrClass {
    PangoAttrType type;
    PangoAttribute *(*copy)(const PangoAttribute *attr);
    void (*destroy)(PangoAttribute *attr);
    gboolean (*equal)(const PangoAttribute *attr1, const PangoAttribute *attr2);
};
/// PANGO_ATTR_RISE, PANGO_ATTR_LETTER_SPACING, PANGO_ATTR_ABSOLUTE_LINE_HEIGHT, …
struct _PangoAttrInt {
    PangoAttribute attr;
    int value;
};
/// PANGO_ATTR_SCALE, PANGO_ATTR_LINE_HEIGHT.
struct _PangoAttrFloat {
    PangoAttribute attr;
    double value;
};
/// PANGO_ATTR_SIZE, PANGO_ATTR_ABSOLUTE_SIZE.
struct _PangoAttrSize {
    PangoAttribute attr;
    int size;
    guint absolute : 1;
};
/// PANGO_ATTR_FONT_DESC.
struct _PangoAttrFontDesc {
    PangoAttribute attr;
    PangoFontDescription *desc;
};
#endif

// Laid-out lines and runs: the typesetter reads byte ranges and glyph widths from them.
typedef struct _PangoAnalysis PangoAnalysis;
typedef struct _PangoItem PangoItem;
typedef struct _PangoGlyphGeometry PangoGlyphGeometry;
typedef struct _PangoGlyphVisAttr PangoGlyphVisAttr;
typedef struct _PangoGlyphInfo PangoGlyphInfo;
typedef struct _PangoGlyphString PangoGlyphString;
typedef struct _PangoGlyphItem PangoGlyphItem;
typedef PangoGlyphItem PangoLayoutRun;
typedef struct _PangoLayoutLine PangoLayoutLine;
#ifndef BREAKDOWN_CHECK_AGAINST_REAL_HEADERS
struct _PangoAnalysis {
    PangoEngineShape *shape_engine;
    PangoEngineLang *lang_engine;
    PangoFont *font;
    guint8 level;
    guint8 gravity;
    guint8 flags;
    guint8 script;
    PangoLanguage *language;
    GSList *extra_attrs;
};
struct _PangoItem {
    int offset;
    int length;
    int num_chars;
    PangoAnalysis analysis;
};
struct _PangoGlyphGeometry {
    PangoGlyphUnit width;
    PangoGlyphUnit x_offset;
    PangoGlyphUnit y_offset;
};
struct _PangoGlyphVisAttr {
    guint is_cluster_start : 1;
    guint is_color : 1;
};
struct _PangoGlyphInfo {
    PangoGlyph glyph;
    PangoGlyphGeometry geometry;
    PangoGlyphVisAttr attr;
};
struct _PangoGlyphString {
    int num_glyphs;
    PangoGlyphInfo *glyphs;
    int *log_clusters;
    int space;
};
struct _PangoGlyphItem {
    PangoItem *item;
    PangoGlyphString *glyphs;
    int y_offset;
    int start_x_offset;
    int end_x_offset;
};
struct _PangoLayoutLine {
    PangoLayout *layout;
    gint start_index;
    gint length;
    GSList *runs;
    guint is_paragraph_start : 1;
    guint resolved_dir : 3;
};
#endif

// MARK: - Pango: functions

const char *pango_version_string(void);
PangoLanguage *pango_language_from_string(const char *language);

// Font maps, families, fonts, metrics.
PangoFontMap *pango_cairo_font_map_new(void);
PangoFontMap *pango_cairo_font_map_new_for_font_type(cairo_font_type_t fonttype);
void pango_fc_font_map_set_config(PangoFcFontMap *fcfontmap, FcConfig *fcconfig);
PangoContext *pango_font_map_create_context(PangoFontMap *fontmap);
void pango_font_map_list_families(PangoFontMap *fontmap, PangoFontFamily ***families, int *n_families);
PangoFont *pango_font_map_load_font(PangoFontMap *fontmap, PangoContext *context, const PangoFontDescription *desc);
const char *pango_font_family_get_name(PangoFontFamily *family);
gboolean pango_font_has_char(PangoFont *font, gunichar wc);
int pango_font_metrics_get_ascent(PangoFontMetrics *metrics);
int pango_font_metrics_get_descent(PangoFontMetrics *metrics);
void pango_font_metrics_unref(PangoFontMetrics *metrics);

// Font descriptions.
PangoFontDescription *pango_font_description_new(void);
PangoFontDescription *pango_font_description_from_string(const char *str);
void pango_font_description_free(PangoFontDescription *desc);
void pango_font_description_set_family(PangoFontDescription *desc, const char *family);
void pango_font_description_set_absolute_size(PangoFontDescription *desc, double size);
void pango_font_description_set_variations(PangoFontDescription *desc, const char *variations);
void pango_font_description_set_weight(PangoFontDescription *desc, PangoWeight weight);
gint pango_font_description_get_size(const PangoFontDescription *desc);
PangoFontMask pango_font_description_get_set_fields(const PangoFontDescription *desc);

// Contexts.
void pango_context_set_language(PangoContext *context, PangoLanguage *language);
void pango_context_set_round_glyph_positions(PangoContext *context, gboolean round_positions);
PangoFontMetrics *pango_context_get_metrics(PangoContext *context, const PangoFontDescription *desc, PangoLanguage *language);
void pango_cairo_context_set_font_options(PangoContext *context, const cairo_font_options_t *options);
void pango_cairo_context_set_resolution(PangoContext *context, double dpi);

// Attributes and markup.
PangoAttrList *pango_attr_list_new(void);
void pango_attr_list_unref(PangoAttrList *list);
void pango_attr_list_insert(PangoAttrList *list, PangoAttribute *attr);
GSList *pango_attr_list_get_attributes(PangoAttrList *list);
void pango_attribute_destroy(PangoAttribute *attr);
PangoAttribute *pango_attr_foreground_new(guint16 red, guint16 green, guint16 blue);
PangoAttribute *pango_attr_foreground_alpha_new(guint16 alpha);
PangoAttribute *pango_attr_underline_new(PangoUnderline underline);
PangoAttribute *pango_attr_underline_color_new(guint16 red, guint16 green, guint16 blue);
PangoAttribute *pango_attr_allow_breaks_new(gboolean allow_breaks);
PangoAttribute *pango_attr_insert_hyphens_new(gboolean insert_hyphens);
PangoAttribute *pango_attr_letter_spacing_new(int letter_spacing);
PangoAttribute *pango_attr_shape_new(const PangoRectangle *ink_rect, const PangoRectangle *logical_rect);
gboolean pango_parse_markup(
    const char *markup_text, int length, gunichar accel_marker, PangoAttrList **attr_list, char **text,
    gunichar *accel_char, GError **error);

// Layouts.
PangoLayout *pango_layout_new(PangoContext *context);
void pango_layout_set_text(PangoLayout *layout, const char *text, int length);
void pango_layout_set_font_description(PangoLayout *layout, const PangoFontDescription *desc);
void pango_layout_set_attributes(PangoLayout *layout, PangoAttrList *attrs);
void pango_layout_set_width(PangoLayout *layout, int width);
void pango_layout_set_wrap(PangoLayout *layout, PangoWrapMode wrap);
void pango_layout_get_extents(PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
void pango_layout_get_pixel_size(PangoLayout *layout, int *width, int *height);
int pango_layout_get_unknown_glyphs_count(PangoLayout *layout);
PangoLayoutLine *pango_layout_get_line_readonly(PangoLayout *layout, int line);
void pango_layout_index_to_pos(PangoLayout *layout, int index_, PangoRectangle *pos);

// Walking a layout's lines and runs.
PangoLayoutIter *pango_layout_get_iter(PangoLayout *layout);
void pango_layout_iter_free(PangoLayoutIter *iter);
gboolean pango_layout_iter_next_line(PangoLayoutIter *iter);
gboolean pango_layout_iter_next_run(PangoLayoutIter *iter);
PangoLayoutLine *pango_layout_iter_get_line_readonly(PangoLayoutIter *iter);
PangoLayoutRun *pango_layout_iter_get_run_readonly(PangoLayoutIter *iter);
void pango_layout_iter_get_line_extents(PangoLayoutIter *iter, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
void pango_layout_iter_get_run_extents(PangoLayoutIter *iter, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
int pango_layout_iter_get_baseline(PangoLayoutIter *iter);

// Drawing with Cairo.
void pango_cairo_show_layout(cairo_t *cr, PangoLayout *layout);
void pango_cairo_show_layout_line(cairo_t *cr, PangoLayoutLine *line);

#endif
