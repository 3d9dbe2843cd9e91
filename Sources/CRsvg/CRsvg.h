// The part of librsvg that breakdown calls (it draws the logo artwork, SVG, into a Cairo context,
// keeping it vector): declared here instead of included from <librsvg/rsvg.h>, so SwiftPM needs no
// pkg-config for this module (see Sources/CPangoCairo/CPangoCairo.h for why). Checked against the
// installed headers by Tools/check-c-declarations.py, as the GLib part is.
#ifndef BREAKDOWN_CRSVG_H
#define BREAKDOWN_CRSVG_H

#include "../CPangoCairo/GLibDeclarations.h"

typedef struct _cairo cairo_t;
typedef struct _RsvgHandle RsvgHandle;

typedef struct _RsvgRectangle RsvgRectangle;
#ifndef BREAKDOWN_CHECK_AGAINST_REAL_HEADERS
struct _RsvgRectangle {
    double x;
    double y;
    double width;
    double height;
};

typedef enum {
    RSVG_UNIT_PERCENT,
    RSVG_UNIT_PX,
    RSVG_UNIT_EM,
    RSVG_UNIT_EX,
    RSVG_UNIT_IN,
    RSVG_UNIT_CM,
    RSVG_UNIT_MM,
    RSVG_UNIT_PT,
    RSVG_UNIT_PC
} RsvgUnit;

/// A length from the SVG's width or height attribute, in its unit.
typedef struct {
    double length;
    RsvgUnit unit;
} RsvgLength;
#endif

/// The version of the librsvg library loaded (not of these declarations).
extern const guint rsvg_major_version;
extern const guint rsvg_minor_version;
extern const guint rsvg_micro_version;

RsvgHandle *rsvg_handle_new_from_data(const guint8 *data, gsize data_len, GError **error);
gboolean rsvg_handle_set_stylesheet(RsvgHandle *handle, const guint8 *css, gsize css_len, GError **error);
void rsvg_handle_get_intrinsic_dimensions(
    RsvgHandle *handle, gboolean *out_has_width, RsvgLength *out_width, gboolean *out_has_height,
    RsvgLength *out_height, gboolean *out_has_viewbox, RsvgRectangle *out_viewbox);
gboolean rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, gdouble *out_width, gdouble *out_height);
gboolean rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error);

#endif
