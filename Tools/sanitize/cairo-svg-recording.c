#include <cairo.h>
#include <cairo-svg.h>
#include <stdio.h>
/* Does Cairo's SVG surface let go of a recording surface painted onto it? A recording is painted
 * once onto an SVG surface, the SVG surface is finished and destroyed, and the recording's
 * reference count printed before our own reference goes: 1 means Cairo let go, 2 that the SVG
 * backend kept one (Cairo 1.16, Debian 12), so the recording's struct can never be freed
 * whatever its owner does. Run by Tools/sanitize.sh: the reason Tools/sanitize/lsan-svg.supp may
 * suppress the recording surfaces of SVG output (and the SVG batch is the only run that uses it).
 * With an argument, the recording is finished first (what ArtworkLibrary does when it goes):
 * its contents are then freed, the struct still is not. */
int main(int argc, char **argv) {
    int finish = argc > 1;
    cairo_rectangle_t extents = {0, 0, 10, 10};
    cairo_surface_t *recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents);
    cairo_t *r = cairo_create(recording);
    cairo_rectangle(r, 1, 1, 5, 5);
    cairo_fill(r);
    cairo_destroy(r);
    cairo_surface_t *svg = cairo_svg_surface_create("/dev/null", 20, 20);
    cairo_t *cr = cairo_create(svg);
    cairo_set_source_surface(cr, recording, 2, 2);
    cairo_paint(cr);
    cairo_destroy(cr);
    cairo_surface_finish(svg);
    cairo_surface_destroy(svg);
    if (finish) cairo_surface_finish(recording);
    printf("recording references left: %u\n", cairo_surface_get_reference_count(recording));
    cairo_surface_destroy(recording);
    return 0;
}
