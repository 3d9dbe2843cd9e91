// The only C headers of Cairo, Pango and fontconfig the project sees.
#include <cairo.h>
#include <cairo-svg.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
// For the library versions a snapshot reference records (LibraryVersions).
#include <hb.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <pixman.h>
