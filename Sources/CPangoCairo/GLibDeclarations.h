// The part of GLib and GObject that breakdown calls, declared here instead of included from
// <glib.h>, so SwiftPM needs no pkg-config flags for these modules (pkg-config's `-pthread`
// would make SwiftPM warn "prohibited flag(s)" in every package that depends on this one).
// Included by CPangoCairo.h, CRsvg.h and CPoppler.h.
//
// Every declaration is checked against the installed GLib headers by
// Tools/check-c-declarations.py (run by the tests): prototypes must be compatible, structs must
// have the same size and field offsets, constants the same values. Struct and enum definitions sit
// inside `#ifndef BREAKDOWN_CHECK_AGAINST_REAL_HEADERS`: the check compiles this file after the
// real headers with that macro set, so the real definitions are used, and the compiler compares our
// prototypes, typedefs and macros (outside the guard) with theirs.
#ifndef BREAKDOWN_GLIB_DECLARATIONS_H
#define BREAKDOWN_GLIB_DECLARATIONS_H

// Basic types, as glibconfig.h defines them on 64-bit Linux.
typedef char gchar;
typedef int gint;
typedef unsigned int guint;
typedef gint gboolean;
typedef unsigned char guint8;
typedef unsigned short guint16;
typedef signed int gint32;
typedef unsigned int guint32;
typedef unsigned long gsize;
typedef double gdouble;
typedef void *gpointer;
typedef const void *gconstpointer;
typedef guint32 gunichar;
typedef guint32 GQuark;

// Errors: a library that fails sets a GError the caller frees.
typedef struct _GError GError;
#ifndef BREAKDOWN_CHECK_AGAINST_REAL_HEADERS
struct _GError {
    GQuark domain;
    gint code;
    gchar *message;
};
#endif
void g_error_free(GError *error);

// Memory.
void g_free(gpointer mem);
typedef void (*GDestroyNotify)(gpointer data);

// Singly linked lists (Pango returns attribute lists as one).
typedef struct _GSList GSList;
#ifndef BREAKDOWN_CHECK_AGAINST_REAL_HEADERS
struct _GSList {
    gpointer data;
    GSList *next;
};
#endif
void g_slist_free(GSList *list);
void g_slist_free_full(GSList *list, GDestroyNotify free_func);

// Immutable byte buffers (poppler reads a PDF from one).
typedef struct _GBytes GBytes;
GBytes *g_bytes_new(gconstpointer data, gsize size);
void g_bytes_unref(GBytes *bytes);

// Log messages: Pango and fontconfig warnings are collected instead of printed.
// G_LOG_LEVEL_MASK is declared too, as in GLib: being negative, it makes the type signed.
#ifndef BREAKDOWN_CHECK_AGAINST_REAL_HEADERS
typedef enum {
    G_LOG_FLAG_RECURSION = 1 << 0,
    G_LOG_FLAG_FATAL = 1 << 1,
    G_LOG_LEVEL_ERROR = 1 << 2,
    G_LOG_LEVEL_CRITICAL = 1 << 3,
    G_LOG_LEVEL_WARNING = 1 << 4,
    G_LOG_LEVEL_MESSAGE = 1 << 5,
    G_LOG_LEVEL_INFO = 1 << 6,
    G_LOG_LEVEL_DEBUG = 1 << 7,
    G_LOG_LEVEL_MASK = ~(G_LOG_FLAG_RECURSION | G_LOG_FLAG_FATAL)
} GLogLevelFlags;
#endif
typedef void (*GLogFunc)(const gchar *log_domain, GLogLevelFlags log_level, const gchar *message, gpointer user_data);
GLogFunc g_log_set_default_handler(GLogFunc log_func, gpointer user_data);

// GObject reference counting (Pango objects, RsvgHandle, poppler documents and pages).
void g_object_unref(gpointer object);

#endif
