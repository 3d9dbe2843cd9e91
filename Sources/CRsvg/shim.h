// librsvg renders the logo artwork (SVG) into a Cairo context, keeping it vector.
#include <librsvg/rsvg.h>
