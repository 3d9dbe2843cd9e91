// poppler's GLib API draws official PDF artwork into a Cairo context, keeping it vector.
#include <poppler.h>
