// The part of poppler's GLib API that breakdown calls (it draws official PDF artwork into a Cairo
// context, keeping it vector): declared here instead of included from <poppler.h>, so SwiftPM
// needs no pkg-config for this module (see Sources/CPangoCairo/CPangoCairo.h for why). Checked
// against the installed headers by Tools/check-c-declarations.py, as the GLib part is.
#ifndef BREAKDOWN_CPOPPLER_H
#define BREAKDOWN_CPOPPLER_H

#include "../CPangoCairo/GLibDeclarations.h"

typedef struct _cairo cairo_t;
typedef struct _PopplerDocument PopplerDocument;
typedef struct _PopplerPage PopplerPage;

PopplerDocument *poppler_document_new_from_bytes(GBytes *bytes, const char *password, GError **error);
int poppler_document_get_n_pages(PopplerDocument *document);
PopplerPage *poppler_document_get_page(PopplerDocument *document, int index);
void poppler_page_get_size(PopplerPage *page, double *width, double *height);
void poppler_page_render(PopplerPage *page, cairo_t *cairo);

#endif
