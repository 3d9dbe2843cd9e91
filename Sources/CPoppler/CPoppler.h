// The part of poppler's GLib API that breakdown calls (it draws official PDF artwork into a Cairo
// context, keeping it vector): declared here instead of included from <poppler.h>, so SwiftPM
// needs no pkg-config for this module (see Sources/CPangoCairo/CPangoCairo.h for why).
//
// poppler is not linked: Sources/Paint/Poppler.swift opens libpoppler-glib with dlopen the first
// time a PDF is drawn and looks each function up with dlsym, so this header declares the
// functions' pointer types, not the functions: breakdown_NAME_fn is the type of &NAME.
// Tools/check-c-declarations.py checks each against the installed <poppler.h> (it compiles
// `breakdown_NAME_fn f = &NAME;` with -Werror), as it checks the GLib part.
#ifndef BREAKDOWN_CPOPPLER_H
#define BREAKDOWN_CPOPPLER_H

#include "../CPangoCairo/GLibDeclarations.h"

typedef struct _cairo cairo_t;
typedef struct _PopplerDocument PopplerDocument;
typedef struct _PopplerPage PopplerPage;

typedef PopplerDocument *(*breakdown_poppler_document_new_from_bytes_fn)(GBytes *bytes, const char *password, GError **error);
typedef int (*breakdown_poppler_document_get_n_pages_fn)(PopplerDocument *document);
typedef PopplerPage *(*breakdown_poppler_document_get_page_fn)(PopplerDocument *document, int index);
typedef void (*breakdown_poppler_page_get_size_fn)(PopplerPage *page, double *width, double *height);
typedef void (*breakdown_poppler_page_render_fn)(PopplerPage *page, cairo_t *cairo);

#endif
