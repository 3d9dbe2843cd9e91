// The part of Cairo (with its SVG and PDF surfaces) that breakdown calls, declared here instead of
// included from <cairo.h>: see GLibDeclarations.h for why, and for how it is checked against the
// installed headers. Enumerations declare the constants we use, with Cairo's values and tags, so
// Swift imports each type as it would from <cairo.h>.
#ifndef BREAKDOWN_CAIRO_DECLARATIONS_H
#define BREAKDOWN_CAIRO_DECLARATIONS_H

// Handles (reference-counted, opaque).
typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;
typedef struct _cairo_pattern cairo_pattern_t;
typedef struct _cairo_font_options cairo_font_options_t;

// Plain structs.
typedef struct _cairo_matrix cairo_matrix_t;
typedef struct _cairo_rectangle cairo_rectangle_t;
#ifndef BREAKDOWN_CHECK_AGAINST_REAL_HEADERS
/// An affine transformation: x' = xx·x + xy·y + x0, y' = yx·x + yy·y + y0.
struct _cairo_matrix {
    double xx;
    double yx;
    double xy;
    double yy;
    double x0;
    double y0;
};
struct _cairo_rectangle {
    double x, y, width, height;
};
#endif
typedef struct _cairo_rectangle_list cairo_rectangle_list_t;

#ifndef BREAKDOWN_CHECK_AGAINST_REAL_HEADERS
typedef enum _cairo_status {
    CAIRO_STATUS_SUCCESS = 0,
    CAIRO_STATUS_READ_ERROR = 10,
    CAIRO_STATUS_WRITE_ERROR = 11
} cairo_status_t;

typedef enum _cairo_content {
    CAIRO_CONTENT_COLOR_ALPHA = 0x3000
} cairo_content_t;

// CAIRO_FORMAT_INVALID (-1) makes the type signed, as in Cairo.
typedef enum _cairo_format {
    CAIRO_FORMAT_INVALID = -1,
    CAIRO_FORMAT_ARGB32 = 0,
    CAIRO_FORMAT_RGB24 = 1
} cairo_format_t;

typedef enum _cairo_operator {
    CAIRO_OPERATOR_SOURCE = 1,
    CAIRO_OPERATOR_OVER = 2
} cairo_operator_t;

typedef enum _cairo_extend {
    CAIRO_EXTEND_PAD = 3
} cairo_extend_t;

typedef enum _cairo_filter {
    CAIRO_FILTER_GOOD = 1
} cairo_filter_t;

typedef enum _cairo_antialias {
    CAIRO_ANTIALIAS_GRAY = 2
} cairo_antialias_t;

typedef enum _cairo_hint_style {
    CAIRO_HINT_STYLE_NONE = 1
} cairo_hint_style_t;

typedef enum _cairo_hint_metrics {
    CAIRO_HINT_METRICS_OFF = 1
} cairo_hint_metrics_t;

typedef enum _cairo_font_type {
    CAIRO_FONT_TYPE_FT = 1
} cairo_font_type_t;

typedef enum _cairo_surface_type {
    CAIRO_SURFACE_TYPE_IMAGE = 0
} cairo_surface_type_t;

typedef enum _cairo_svg_version {
    CAIRO_SVG_VERSION_1_1 = 0
} cairo_svg_version_t;

typedef enum _cairo_svg_unit {
    CAIRO_SVG_UNIT_PX = 3
} cairo_svg_unit_t;

typedef enum _cairo_pdf_metadata {
    CAIRO_PDF_METADATA_CREATOR = 4,
    CAIRO_PDF_METADATA_CREATE_DATE = 5
} cairo_pdf_metadata_t;
#endif

#ifndef BREAKDOWN_CHECK_AGAINST_REAL_HEADERS
/// The clip as rectangles in user space (cairo_copy_clip_rectangle_list); `status` says when it
/// is not representable so.
struct _cairo_rectangle_list {
    cairo_status_t status;
    cairo_rectangle_t *rectangles;
    int num_rectangles;
};
#endif

/// The tag name of a hyperlink (cairo_tag_begin/cairo_tag_end).
#define CAIRO_TAG_LINK "Link"

// Stream callbacks: Cairo writes (SVG, PDF, PNG) and reads (PNG) through them.
typedef cairo_status_t (*cairo_write_func_t)(void *closure, const unsigned char *data, unsigned int length);
typedef cairo_status_t (*cairo_read_func_t)(void *closure, unsigned char *data, unsigned int length);

const char *cairo_version_string(void);
const char *cairo_status_to_string(cairo_status_t status);

// Drawing contexts.
cairo_t *cairo_create(cairo_surface_t *target);
void cairo_destroy(cairo_t *cr);
cairo_status_t cairo_status(cairo_t *cr);
void cairo_save(cairo_t *cr);
void cairo_restore(cairo_t *cr);
cairo_surface_t *cairo_get_target(cairo_t *cr);
cairo_surface_t *cairo_get_group_target(cairo_t *cr);
void cairo_push_group(cairo_t *cr);
void cairo_pop_group_to_source(cairo_t *cr);
cairo_operator_t cairo_get_operator(cairo_t *cr);
cairo_rectangle_list_t *cairo_copy_clip_rectangle_list(cairo_t *cr);
void cairo_rectangle_list_destroy(cairo_rectangle_list_t *rectangle_list);
void cairo_translate(cairo_t *cr, double tx, double ty);
void cairo_scale(cairo_t *cr, double sx, double sy);
void cairo_identity_matrix(cairo_t *cr);
void cairo_get_matrix(cairo_t *cr, cairo_matrix_t *matrix);
void cairo_set_operator(cairo_t *cr, cairo_operator_t op);
void cairo_set_source_rgb(cairo_t *cr, double red, double green, double blue);
void cairo_set_source_rgba(cairo_t *cr, double red, double green, double blue, double alpha);
void cairo_set_source_surface(cairo_t *cr, cairo_surface_t *surface, double x, double y);
cairo_pattern_t *cairo_get_source(cairo_t *cr);
void cairo_pattern_set_extend(cairo_pattern_t *pattern, cairo_extend_t extend);
void cairo_pattern_set_filter(cairo_pattern_t *pattern, cairo_filter_t filter);
void cairo_move_to(cairo_t *cr, double x, double y);
void cairo_new_sub_path(cairo_t *cr);
void cairo_arc(cairo_t *cr, double xc, double yc, double radius, double angle1, double angle2);
void cairo_rectangle(cairo_t *cr, double x, double y, double width, double height);
void cairo_clip(cairo_t *cr);
void cairo_close_path(cairo_t *cr);
void cairo_fill(cairo_t *cr);
void cairo_paint(cairo_t *cr);
void cairo_tag_begin(cairo_t *cr, const char *tag_name, const char *attributes);
void cairo_tag_end(cairo_t *cr, const char *tag_name);

// Font options (hinting and antialiasing, given to Pango).
cairo_font_options_t *cairo_font_options_create(void);
void cairo_font_options_destroy(cairo_font_options_t *options);
void cairo_font_options_set_antialias(cairo_font_options_t *options, cairo_antialias_t antialias);
void cairo_font_options_set_hint_style(cairo_font_options_t *options, cairo_hint_style_t hint_style);
void cairo_font_options_set_hint_metrics(cairo_font_options_t *options, cairo_hint_metrics_t hint_metrics);

// Surfaces.
void cairo_surface_destroy(cairo_surface_t *surface);
cairo_status_t cairo_surface_status(cairo_surface_t *surface);
cairo_surface_type_t cairo_surface_get_type(cairo_surface_t *surface);
void cairo_surface_flush(cairo_surface_t *surface);
void cairo_surface_mark_dirty_rectangle(cairo_surface_t *surface, int x, int y, int width, int height);
void cairo_surface_get_device_offset(cairo_surface_t *surface, double *x_offset, double *y_offset);
void cairo_surface_get_device_scale(cairo_surface_t *surface, double *x_scale, double *y_scale);
void cairo_surface_finish(cairo_surface_t *surface);
cairo_surface_t *cairo_recording_surface_create(cairo_content_t content, const cairo_rectangle_t *extents);

// Image surfaces and PNG.
int cairo_format_stride_for_width(cairo_format_t format, int width);
cairo_surface_t *cairo_image_surface_create(cairo_format_t format, int width, int height);
cairo_surface_t *cairo_image_surface_create_for_data(
    unsigned char *data, cairo_format_t format, int width, int height, int stride);
unsigned char *cairo_image_surface_get_data(cairo_surface_t *surface);
cairo_format_t cairo_image_surface_get_format(cairo_surface_t *surface);
int cairo_image_surface_get_width(cairo_surface_t *surface);
int cairo_image_surface_get_height(cairo_surface_t *surface);
int cairo_image_surface_get_stride(cairo_surface_t *surface);
cairo_surface_t *cairo_image_surface_create_from_png(const char *filename);
cairo_surface_t *cairo_image_surface_create_from_png_stream(cairo_read_func_t read_func, void *closure);
cairo_status_t cairo_surface_write_to_png_stream(cairo_surface_t *surface, cairo_write_func_t write_func, void *closure);

// SVG surfaces.
cairo_surface_t *cairo_svg_surface_create_for_stream(
    cairo_write_func_t write_func, void *closure, double width_in_points, double height_in_points);
void cairo_svg_surface_restrict_to_version(cairo_surface_t *surface, cairo_svg_version_t version);
void cairo_svg_surface_set_document_unit(cairo_surface_t *surface, cairo_svg_unit_t unit);

// PDF surfaces.
cairo_surface_t *cairo_pdf_surface_create_for_stream(
    cairo_write_func_t write_func, void *closure, double width_in_points, double height_in_points);
void cairo_pdf_surface_set_metadata(cairo_surface_t *surface, cairo_pdf_metadata_t metadata, const char *utf8);

#endif
