#!/usr/bin/env python3
"""Generate the project's own logo artwork (LogoAssets/*.svg and the Android
look-alikes LogoAssets/android/drawable/*.xml).

Everything here is drawn from scratch:
  * the wordmarks are outlines of the Inter typeface (SIL Open Font License),
    shaped with HarfBuzz and merged into one path per word;
  * the arrows glyph is a thick rounded polyline whose outline is computed
    analytically (straight edges and circular arcs);
  * the Cash App square, the circles and the info / question icons are
    geometric primitives (the "$", "i" and "?" are Inter glyphs).

The Android files are VectorDrawables with the same shapes (the same wordmarks,
arrows, "$" and "?"), placed into the boxes that android.md section 5.2 gives for the Android SDK's
drawables (the reference named in docs/android.md).

Usage:  python3 Tools/artwork/make_artwork.py [OUTPUT_DIR]
        (writes OUTPUT_DIR/*.svg and OUTPUT_DIR/android/drawable/*.xml)
Needs:  pip install fonttools uharfbuzz skia-pathops
"""

import math
import os
import sys

import pathops
import uharfbuzz as hb
from fontTools.pens.basePen import BasePen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont

INTER_DIR = os.environ.get("INTER_DIR", "/usr/share/fonts/opentype/inter")

MINT = "#B2FCE4"
BLACK = "#000000"
WHITE = "#FFFFFF"
CASH_GREEN = "#00D633"


# --------------------------------------------------------------------------
# Number formatting and path output

def num(v, prec):
    s = f"{v:.{prec}f}"
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    if s in ("-0", ""):
        s = "0"
    return s


class SVGOut(BasePen):
    """A pen that writes absolute SVG path data with a fixed precision."""

    def __init__(self, prec):
        super().__init__(None)
        self.prec = prec
        self.parts = []

    def _p(self, pt):
        return num(pt[0], self.prec) + " " + num(pt[1], self.prec)

    def _moveTo(self, pt):
        self.parts.append("M" + self._p(pt))

    def _lineTo(self, pt):
        self.parts.append("L" + self._p(pt))

    def _curveToOne(self, p1, p2, p3):
        self.parts.append("C" + " ".join(self._p(p) for p in (p1, p2, p3)))

    def _qCurveToOne(self, p1, p2):
        self.parts.append("Q" + " ".join(self._p(p) for p in (p1, p2)))

    def _closePath(self):
        self.parts.append("Z")

    def d(self):
        return "".join(self.parts).replace(" -", "-")


class Xform:
    """Uniform scale then translate: (x, y) -> (s*x + tx, s*y + ty)."""

    def __init__(self, s=1.0, tx=0.0, ty=0.0):
        self.s, self.tx, self.ty = s, tx, ty

    def pt(self, p):
        return (self.s * p[0] + self.tx, self.s * p[1] + self.ty)

    def then(self, other):
        return Xform(self.s * other.s, other.s * self.tx + other.tx, other.s * self.ty + other.ty)


# --------------------------------------------------------------------------
# Shapes.  Each shape knows its bounds and writes SVG path data under a Xform.

class OutlineShape:
    """A pathops.Path (from font outlines or boolean operations)."""

    def __init__(self, path):
        self.path = path

    def bounds(self):
        return self.path.bounds

    def d(self, xf, prec):
        out = SVGOut(prec)
        self.path.draw(TransformPen(out, (xf.s, 0, 0, xf.s, xf.tx, xf.ty)))
        return out.d()


class ArcShape:
    """Path made of M / L / A (circular arcs) / Z primitives."""

    def __init__(self, ops):
        self.ops = ops  # ('M', p) ('L', p) ('A', r, large, sweep, p) ('Z',)

    def bounds(self):
        pts = []
        cur = None
        for op in self.ops:
            if op[0] in "ML":
                cur = op[1]
                pts.append(cur)
            elif op[0] == "A":
                _, r, large, sweep, end = op
                pts.extend(sample_arc(cur, end, r, large, sweep))
                cur = end
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        return (min(xs), min(ys), max(xs), max(ys))

    def d(self, xf, prec):
        parts = []
        for op in self.ops:
            if op[0] in "ML":
                x, y = xf.pt(op[1])
                parts.append(f"{op[0]}{num(x, prec)} {num(y, prec)}")
            elif op[0] == "A":
                _, r, large, sweep, end = op
                x, y = xf.pt(end)
                rr = num(r * xf.s, prec)
                parts.append(f"A{rr} {rr} 0 {large} {sweep} {num(x, prec)} {num(y, prec)}")
            else:
                parts.append("Z")
        return "".join(parts).replace(" -", "-")


def sample_arc(p0, p1, r, large, sweep, n=48):
    """Points along an SVG circular arc (used for bounds only)."""
    (x0, y0), (x1, y1) = p0, p1
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    dx, dy = x1 - x0, y1 - y0
    chord = math.hypot(dx, dy)
    if chord < 1e-9:
        return [p1]
    r = max(r, chord / 2)
    hgt = math.sqrt(max(r * r - chord * chord / 4, 0))
    # centre on the side given by large/sweep (y-down coordinates)
    nx, ny = -dy / chord, dx / chord
    sign = 1 if large != sweep else -1
    cx, cy = mx + sign * nx * hgt, my + sign * ny * hgt
    a0 = math.atan2(y0 - cy, x0 - cx)
    a1 = math.atan2(y1 - cy, x1 - cx)
    da = a1 - a0
    if sweep:  # clockwise on screen = increasing angle in y-down
        while da < 0:
            da += 2 * math.pi
    else:
        while da > 0:
            da -= 2 * math.pi
    return [(cx + r * math.cos(a0 + da * i / n), cy + r * math.sin(a0 + da * i / n)) for i in range(n + 1)]


def union_bounds(shapes):
    bs = [s.bounds() for s in shapes]
    return (min(b[0] for b in bs), min(b[1] for b in bs), max(b[2] for b in bs), max(b[3] for b in bs))


# --------------------------------------------------------------------------
# Thick rounded polyline -> outline (used for the arrows glyph)

def _sub(a, b):
    return (a[0] - b[0], a[1] - b[1])


def _add(a, b):
    return (a[0] + b[0], a[1] + b[1])


def _mul(a, k):
    return (a[0] * k, a[1] * k)


def _unit(a):
    n = math.hypot(*a)
    return (a[0] / n, a[1] / n)


def _left(u):  # left-hand normal when walking along u (y-down screen coordinates)
    return (u[1], -u[0])


def _intersect(p, u, q, v):
    den = u[0] * v[1] - u[1] * v[0]
    t = ((q[0] - p[0]) * v[1] - (q[1] - p[1]) * v[0]) / den
    return (p[0] + u[0] * t, p[1] + u[1] * t)


def _one_side(points, radii, h):
    """Left-hand offset of a filleted polyline, walking forward. Returns ops after the start."""
    ops = []
    n = len(points)
    for i in range(1, n - 1):
        p = points[i]
        u = _unit(_sub(p, points[i - 1]))
        v = _unit(_sub(points[i + 1], p))
        cross = u[0] * v[1] - u[1] * v[0]
        phi = math.acos(max(-1.0, min(1.0, u[0] * v[0] + u[1] * v[1])))
        r = radii[i]
        t = r * math.tan(phi / 2)
        t1, t2 = _sub(p, _mul(u, t)), _add(p, _mul(v, t))
        a, b = _add(t1, _mul(_left(u), h)), _add(t2, _mul(_left(v), h))
        if cross > 0:  # right turn: left side is the outside of the bend
            ops += [("L", a), ("A", r + h, 0, 1, b)]
        elif r - h > 1e-6:  # left turn, inner fillet still has a radius
            ops += [("L", a), ("A", r - h, 0, 0, b)]
        else:  # left turn, sharp inner corner
            ops.append(("L", _intersect(_add(p, _mul(_left(u), h)), u, _add(p, _mul(_left(v), h)), v)))
    u = _unit(_sub(points[-1], points[-2]))
    ops.append(("L", _add(points[-1], _mul(_left(u), h))))
    return ops


def stroke_outline(points, radii, width):
    """Outline of a polyline of the given width, round caps, filleted corners.

    radii[i] is the fillet radius of the centre line at interior vertex i."""
    h = width / 2
    u0 = _unit(_sub(points[1], points[0]))
    start = _add(points[0], _mul(_left(u0), h))
    ops = [("M", start)]
    ops += _one_side(points, radii, h)
    back = list(reversed(points))
    ub = _unit(_sub(back[1], back[0]))
    ops.append(("A", h, 0, 1, _add(back[0], _mul(_left(ub), h))))  # end cap
    ops += _one_side(back, list(reversed(radii)), h)
    ops.append(("A", h, 0, 1, start))  # start cap
    ops.append(("Z",))
    return ArcShape(ops)


def arrows_glyph(width=16.0):
    """The loop of two arrows, centred on (0, 0), about 131 x 117 units.

    Seven points: a short hook, the right-pointing chevron, an S-bend through
    the centre, the left-pointing chevron and the closing hook.  The second
    half is the first half turned by 180 degrees."""
    a = (-0.5, -39.0)  # end of the upper hook
    b = (-0.5, -57.0)  # top corner (almost all fillet: the hook curls over)
    c = (66.0, -19.5)  # apex of the right chevron
    d = (4.0, 16.3)    # lower end of the right chevron
    half = [a, b, c, d]
    pts = half + [(-x, -y) for (x, y) in reversed(half)]
    radii = [0, 10.0, 9.0, 8.0, 8.0, 9.0, 10.0, 0]
    return stroke_outline(pts, radii, width)


# --------------------------------------------------------------------------
# Text -> outlines

class Face:
    def __init__(self, name):
        path = os.path.join(INTER_DIR, name + ".otf")
        self.tt = TTFont(path)
        self.glyphs = self.tt.getGlyphSet()
        self.order = self.tt.getGlyphOrder()
        self.upem = self.tt["head"].unitsPerEm
        self.xheight = self.tt["OS/2"].sxHeight
        self.capheight = self.tt["OS/2"].sCapHeight
        self.hbfont = hb.Font(hb.Face(hb.Blob.from_file_path(path)))

    def glyph_path(self, gname, xf):
        """pathops.Path of one glyph under a font-units -> design (y-down) transform."""
        p = pathops.Path()
        self.glyphs[gname].draw(TransformPen(p.getPen(), xf))
        return p

    def text(self, s, size, x=0.0, baseline=0.0, tracking=0.0, features=None, per_gap=None):
        """Outline of a word: size = em in design units, tracking in em/1000."""
        buf = hb.Buffer()
        buf.add_str(s)
        buf.guess_segment_properties()
        hb.shape(self.hbfont, buf, features or {})
        k = size / self.upem
        result = pathops.Path()
        pen_x = 0.0
        for i, (info, pos) in enumerate(zip(buf.glyph_infos, buf.glyph_positions)):
            gname = self.order[info.codepoint]
            ox = x + (pen_x + pos.x_offset) * k
            oy = baseline - pos.y_offset * k
            gp = self.glyph_path(gname, (k, 0, 0, -k, ox, oy))
            result = pathops.op(result, gp, pathops.PathOp.UNION)
            pen_x += pos.x_advance + tracking * self.upem / 1000
            if per_gap and i < len(per_gap):
                pen_x += per_gap[i] * self.upem / 1000
        return OutlineShape(result)


def glyph_shape(face, char, size, cx, cy, skew=0.0, features=None):
    """One glyph, centred (by its ink box) on (cx, cy); optional slant."""
    buf = hb.Buffer()
    buf.add_str(char)
    buf.guess_segment_properties()
    hb.shape(face.hbfont, buf, features or {})
    gname = face.order[buf.glyph_infos[0].codepoint]
    k = size / face.upem
    p = face.glyph_path(gname, (k, 0, skew * k, -k, 0, 0))
    p = pathops.op(p, pathops.Path(), pathops.PathOp.UNION)  # remove overlaps
    x0, y0, x1, y1 = p.bounds
    p = p.transform(1, 0, 0, 1, cx - (x0 + x1) / 2, cy - (y0 + y1) / 2)
    return OutlineShape(p)


# --------------------------------------------------------------------------
# Primitive outlines

def circle_ops(cx, cy, r, clockwise=True):
    s = 1 if clockwise else 0
    return [("M", (cx, cy - r)), ("A", r, 0, s, (cx, cy + r)), ("A", r, 0, s, (cx, cy - r)), ("Z",)]


def rounded_rect_ops(x, y, w, h, r):
    return [
        ("M", (x + r, y)), ("L", (x + w - r, y)), ("A", r, 0, 1, (x + w, y + r)),
        ("L", (x + w, y + h - r)), ("A", r, 0, 1, (x + w - r, y + h)),
        ("L", (x + r, y + h)), ("A", r, 0, 1, (x, y + h - r)),
        ("L", (x, y + r)), ("A", r, 0, 1, (x + r, y)), ("Z",),
    ]


def pill(w, h):
    r = h / 2
    return ArcShape([
        ("M", (r, 0)), ("L", (w - r, 0)), ("A", r, 0, 1, (w - r, h)),
        ("L", (r, h)), ("A", r, 0, 1, (r, 0)), ("Z",),
    ])


# --------------------------------------------------------------------------
# The marks, in one design space: x-height 65, baseline at y = 92.

XHEIGHT = 65.0
BASELINE = 92.0
STROKE = 16.0   # arrows stroke, about the stem weight of the wordmark
COMPACT_STROKE = 18.0
COMPACT_FACE = "Inter-Bold"

WORD_FACE = "Inter-SemiBold"
WORD_FEATURES = {"cv11": True, "kern": True}  # cv11: single-storey a
# Ink width of each wordmark in x-heights: tracking is solved to match it.
WORD_WIDTH = {"afterpay": 7.42, "clearpay": 7.77}
ARROWS_GAP = 67.0    # from the right ink edge of the "y" to the arrows' centre


def wordmark_and_arrows(word, face, stroke=STROKE):
    size = XHEIGHT * face.upem / face.xheight
    text = face.text(word, size, 0, BASELINE, 0, WORD_FEATURES)
    x0, y0, x1, y1 = text.bounds()
    gaps = len(word) - 1
    tracking = (WORD_WIDTH[word] * XHEIGHT - (x1 - x0)) / gaps / size * 1000
    text = face.text(word, size, 0, BASELINE, tracking, WORD_FEATURES)
    x0, y0, x1, y1 = text.bounds()
    print(f"{word}: tracking {tracking:.1f}/1000 em")
    text.path = text.path.transform(1, 0, 0, 1, -x0, 0)
    x1 -= x0
    arrows = arrows_glyph(stroke)
    ab = arrows.bounds()
    cx = x1 + ARROWS_GAP
    cy = BASELINE - XHEIGHT / 2  # arrows centred on the x-height band
    # place the glyph's box centre at (cx, cy)
    ops = []
    ox, oy = cx - (ab[0] + ab[2]) / 2, (cy - (ab[1] + ab[3]) / 2)
    for op in arrows.ops:
        if op[0] in "ML":
            ops.append((op[0], (op[1][0] + ox, op[1][1] + oy)))
        elif op[0] == "A":
            ops.append(("A", op[1], op[2], op[3], (op[4][0] + ox, op[4][1] + oy)))
        else:
            ops.append(op)
    return text, ArcShape(ops)


def fit(shapes, box_w, box_h, content_h, content_w=None, cx=None, cy=None):
    """Xform scaling the shapes' joint ink box to content_h (and at most
    content_w wide), centred in the box."""
    x0, y0, x1, y1 = union_bounds(shapes)
    s = content_h / (y1 - y0)
    if content_w is not None:
        s = min(s, content_w / (x1 - x0))
    cx = box_w / 2 if cx is None else cx
    cy = box_h / 2 if cy is None else cy
    return Xform(s, cx - s * (x0 + x1) / 2, cy - s * (y0 + y1) / 2)


# --------------------------------------------------------------------------
# SVG writing

def svg_doc(vw, vh, body, title):
    vb = f"0 0 {num(vw, 2)} {num(vh, 2)}"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{vb}" '
        f'width="{num(vw, 2)}" height="{num(vh, 2)}">\n'
        f"<title>{title}</title>\n" + body + "</svg>\n"
    )


def path_el(shape, xf, prec, cls=None, fill=None, evenodd=False, extra_d=""):
    attrs = []
    if cls:
        attrs.append(f'class="{cls}"')
    if fill:
        attrs.append(f'fill="{fill}"')
    if evenodd:
        attrs.append('fill-rule="evenodd"')
    d = shape.d(xf, prec) + extra_d
    return f'<path {" ".join(attrs)} d="{d}"/>\n'


def write(outdir, name, text):
    with open(os.path.join(outdir, name), "w") as f:
        f.write(text)
    print(f"{name}: {len(text)} bytes")


def make_brand(outdir, brand, word, face, compact_face, lockup, badge, compact):
    text, arrows = wordmark_and_arrows(word, face)
    shapes = [text, arrows]

    # Lockup: the ink fills the box with a hair of room.
    lw, lh = lockup
    xf = fit(shapes, lw, lh, lh - 2.5, lw - 2.5)
    body = path_el(text, xf, 1, "mark", MINT) + path_el(arrows, xf, 1, "mark", MINT)
    write(outdir, f"lockup-{brand}.svg", svg_doc(lw, lh, body, f"{word} lockup"))

    # Badge: the lockup artwork on a pill, roughly 0.30 of the width as side margins.
    bw, bh = badge
    xf = fit(shapes, bw, bh, (lh - 2.5) * 0.985)
    body = (path_el(pill(bw, bh), Xform(), 2, "ground", BLACK)
            + path_el(text, xf, 1, "mark", MINT) + path_el(arrows, xf, 1, "mark", MINT))
    write(outdir, f"badge-{brand}.svg", svg_doc(bw, bh, body, f"{word} badge"))

    # Compact badge: a small pill with the same artwork filling about two thirds of its height.
    # A heavier cut (Inter Bold, thicker arrows) that holds up at 15-20 px high.
    text, arrows = wordmark_and_arrows(word, compact_face, COMPACT_STROKE)
    shapes = [text, arrows]
    cw, ch = compact
    xf = fit(shapes, cw, ch, ch * 0.66)
    body = (path_el(pill(cw, ch), Xform(), 3, "ground", BLACK)
            + path_el(text, xf, 3, "mark", MINT) + path_el(arrows, xf, 3, "mark", MINT))
    write(outdir, f"compact-badge-{brand}.svg", svg_doc(cw, ch, body, f"{word} compact badge"))


def make_cashapp(outdir):
    vw, vh = 98.0, 24.0
    semibold = Face("Inter-SemiBold")
    black = Face("Inter-Black")
    # square with the "$" knocked out; the "$" itself drawn on top (accent)
    square = rounded_rect_ops(0, 0, 24, 24, 5.6)
    dollar = glyph_shape(black, "$", 22.0, 12.0, 12.0, skew=0.15)
    x0, y0, x1, y1 = dollar.bounds()
    k = 15.0 / (y1 - y0)
    dollar.path = dollar.path.transform(0.9 * k, 0, 0, k, 12 - 0.9 * k * 12, 12 - k * 12)
    sq = ArcShape(square)
    ground_d = sq.d(Xform(), 2) + dollar.d(Xform(), 2)
    body = (f'<path class="ground" fill="{CASH_GREEN}" fill-rule="evenodd" d="{ground_d}"/>\n'
            + path_el(dollar, Xform(), 2, "accent", WHITE))
    # the word, cap height about 12.2, ink from x = 30.8 to 97.2, baseline 18.2
    cap = 12.2
    size = cap * semibold.upem / semibold.capheight
    word = semibold.text("Afterpay", size, 0, 18.2, 0, {"kern": True})
    x0, y0, x1, y1 = word.bounds()
    tracking = ((97.2 - 30.8) - (x1 - x0)) / 7 / size * 1000
    word = semibold.text("Afterpay", size, 0, 18.2, tracking, {"kern": True})
    wx0, _, wx1, _ = word.bounds()
    word.path = word.path.transform(1, 0, 0, 1, 97.2 - wx1, 0)
    body += path_el(word, Xform(), 2, "mark", BLACK)
    write(outdir, "lockup-cashappafterpay.svg", svg_doc(vw, vh, body, "Cash App Afterpay lockup"))


def ring(cx, cy, r_out, r_in):
    return ArcShape(circle_ops(cx, cy, r_out, True) + circle_ops(cx, cy, r_in, False))


def make_icons(outdir):
    face = Face("Inter-SemiBold")
    bold = Face("Inter-Bold")
    # circled info: ring plus a lower-case i
    r = ring(12, 12, 10.6, 9.0)
    i_glyph = glyph_shape(bold, "i", 13.0, 12, 12.2)
    body = path_el(r, Xform(), 2, "mark", BLACK) + path_el(i_glyph, Xform(), 2, "mark", BLACK)
    write(outdir, "icon-circled-info.svg", svg_doc(24, 24, body, "info"))

    q_glyph = glyph_shape(bold, "?", 13.5, 12, 12.0)
    body = path_el(r, Xform(), 2, "mark", BLACK) + path_el(q_glyph, Xform(), 2, "mark", BLACK)
    write(outdir, "icon-circled-question.svg", svg_doc(24, 24, body, "question"))

    disc = ArcShape(circle_ops(12, 12, 12))
    arrows = arrows_glyph(STROKE)
    ab = arrows.bounds()
    s = 14.0 / (ab[2] - ab[0])
    xf = Xform(s, 12 - s * (ab[0] + ab[2]) / 2, 12 - s * (ab[1] + ab[3]) / 2)
    for brand in ("afterpay", "clearpay"):
        body = path_el(disc, Xform(), 2, None, MINT) + path_el(arrows, xf, 2, None, BLACK)
        write(outdir, f"icon-circled-logo-{brand}.svg", svg_doc(24, 24, body, f"{brand} logo"))

    black = Face("Inter-Black")
    dollar = glyph_shape(black, "$", 17.0, 12, 12, skew=0.15)
    x0, y0, x1, y1 = dollar.bounds()
    k = 13.5 / (y1 - y0)
    dollar.path = dollar.path.transform(0.9 * k, 0, 0, k, 12 - 0.9 * k * 12, 12 - k * 12)
    body = path_el(disc, Xform(), 2, None, CASH_GREEN) + path_el(dollar, Xform(), 2, None, WHITE)
    write(outdir, "icon-circled-logo-cashappafterpay.svg", svg_doc(24, 24, body, "Cash App Afterpay logo"))


# --------------------------------------------------------------------------
# Android VectorDrawables (LogoAssets/android/drawable/*.xml)
#
# One file per drawable the Android view draws, with the declared size and
# viewport of the SDK's (AndroidLogoSize.drawableSizes) and the content where
# android.md 5.2 puts it.  Only what VectorDrawable.swift converts: <path> with
# fillColor / fillType / stroke attributes.  Shapes that the view tints (SRC_IN)
# are #000000; the polychrome ones carry their own colours.

def vd_path(d, fill=None, evenodd=False, stroke=None, stroke_width=None):
    attrs = []
    if fill:
        attrs.append(f'android:fillColor="{fill}"')
    if evenodd:
        attrs.append('android:fillType="evenOdd"')
    if stroke:
        attrs.append(f'android:strokeColor="{stroke}"')
        attrs.append(f'android:strokeWidth="{num(stroke_width, 3)}"')
    attrs.append(f'android:pathData="{d}"')
    return "    <path " + " ".join(attrs) + "/>\n"


def vd_doc(w, h, body, title):
    W, H = num(w, 2), num(h, 2)
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        f"<!-- {title}: breakdown's own look-alike, drawn from scratch by Tools/artwork/make_artwork.py -->\n"
        '<vector xmlns:android="http://schemas.android.com/apk/res/android"\n'
        f'    android:width="{W}dp" android:height="{H}dp"\n'
        f'    android:viewportWidth="{W}" android:viewportHeight="{H}">\n'
        + body + "</vector>\n"
    )


def fit_box(shapes, x0, y0, x1, y1):
    """Xform scaling the shapes' joint ink box uniformly to fit the box (x0, y0)-(x1, y1), centred."""
    bx0, by0, bx1, by1 = union_bounds(shapes)
    s = min((x1 - x0) / (bx1 - bx0), (y1 - y0) / (by1 - by0))
    return Xform(s, (x0 + x1) / 2 - s * (bx0 + bx1) / 2, (y0 + y1) / 2 - s * (by0 + by1) / 2)


def cash_square_and_dollar(side):
    """The Cash App square (side x side at the origin) and its "$", as in the iOS lockup, scaled."""
    k = side / 24.0
    square = ArcShape(rounded_rect_ops(0, 0, side, side, 5.6 * k))
    black = Face("Inter-Black")
    dollar = glyph_shape(black, "$", 22.0 * k, side / 2, side / 2, skew=0.15)
    x0, y0, x1, y1 = dollar.bounds()
    q = 15.0 * k / (y1 - y0)
    c = side / 2
    dollar.path = dollar.path.transform(0.9 * q, 0, 0, q, c - 0.9 * q * c, c - q * c)
    return square, dollar


def cash_word(x0, x1, y0, y1):
    """The word "Afterpay" (Inter Bold: the Android lockup's word is heavier than the iOS one's)
    with its ink box at x0-x1, y0-y1: the size gives the height, the tracking the width."""
    face = Face("Inter-Bold")
    trial = face.text("Afterpay", 100.0, 0, 0, 0, {"kern": True})
    bx0, by0, bx1, by1 = trial.bounds()
    size = 100.0 * (y1 - y0) / (by1 - by0)
    word = face.text("Afterpay", size, 0, 0, 0, {"kern": True})
    bx0, by0, bx1, by1 = word.bounds()
    tracking = ((x1 - x0) - (bx1 - bx0)) / 7 / size * 1000
    word = face.text("Afterpay", size, 0, 0, tracking, {"kern": True})
    bx0, by0, bx1, by1 = word.bounds()
    word.path = word.path.transform(1, 0, 0, 1, x0 - bx0, y0 - by0)
    return word


def make_android(outdir):
    os.makedirs(outdir, exist_ok=True)
    face = Face(WORD_FACE)
    marks = {w: wordmark_and_arrows(w, face) for w in ("afterpay", "clearpay")}

    def mark_body(word, box, prec=1):
        text, arrows = marks[word]
        xf = fit_box([text, arrows], *box)
        d = text.d(xf, prec) + arrows.d(xf, prec)
        return vd_path(d, BLACK)

    # Badge grounds: pills filling the viewport, end radius as android.md gives it.
    w, h = 1582.0, 551.0
    body = vd_path(ArcShape(rounded_rect_ops(0, 0, w, h, 275.2)).d(Xform(), 2), BLACK)
    write(outdir, "afterpay_badge_bg.xml", vd_doc(w, h, body, "afterpay_badge_bg"))
    w, h = 100.0, 21.0
    body = vd_path(ArcShape(rounded_rect_ops(0, 0, w, h, 10.42)).d(Xform(), 3), BLACK)
    write(outdir, "afterpay_badge_narrow_bg.xml", vd_doc(w, h, body, "afterpay_badge_narrow_bg"))

    # Badge foregrounds: the mark in the box of android.md 5.2, on a transparent viewport.
    write(outdir, "afterpay_badge_fg.xml", vd_doc(
        1582, 551, mark_body("afterpay", (216.6, 164.9, 1365.5, 385.8)), "afterpay_badge_fg"))
    write(outdir, "clearpay_badge_fg.xml", vd_doc(
        1620, 551, mark_body("clearpay", (216.5, 164.9, 1403.0, 385.8)), "clearpay_badge_fg"))

    # The same marks cropped to their box.
    for word, (w, h) in (("afterpay", (1148.9, 220.8)), ("clearpay", (1186.5, 220.8))):
        name = f"{word}_badge_fg_cropped"
        write(outdir, f"{name}.xml", vd_doc(w, h, mark_body(word, (0, 0, w, h)), name))

    # Lockups: the mark filling the viewport but for a margin of 1.6 (afterpay: x 1.6-1150.4).
    for word, (w, h) in (("afterpay", (1152.0, 224.0)), ("clearpay", (1188.0, 223.0))):
        name = f"{word}_lockup"
        write(outdir, f"{name}.xml", vd_doc(w, h, mark_body(word, (1.6, 1.6, w - 1.6, h - 1.6)), name))

    # Cash App Afterpay lockups, 130 x 32: the square x 0-32, the word at x 41-129.9 (dark: 40-129), y 7.8-28.2.
    square, dollar = cash_square_and_dollar(32.0)
    sq_d, dollar_d = square.d(Xform(), 2), dollar.d(Xform(), 2)
    word = cash_word(41.0, 129.9, 7.8, 28.2)
    body = vd_path(sq_d + dollar_d, BLACK, evenodd=True) + vd_path(word.d(Xform(), 2), BLACK)
    name = "afterpay_cash_app_lockup_monochrome"
    write(outdir, f"{name}.xml", vd_doc(130, 32, body, name))
    body = vd_path(sq_d, CASH_GREEN) + vd_path(dollar_d, WHITE) + vd_path(word.d(Xform(), 2), WHITE)
    name = "afterpay_cash_app_lockup_polychrome_light"
    write(outdir, f"{name}.xml", vd_doc(130, 32, body, name))
    word = cash_word(40.0, 129.0, 7.8, 28.2)
    body = vd_path(sq_d, CASH_GREEN) + vd_path(dollar_d, WHITE) + vd_path(word.d(Xform(), 2), BLACK)
    name = "afterpay_cash_app_lockup_polychrome_dark"
    write(outdir, f"{name}.xml", vd_doc(130, 32, body, name))

    # Circled question, 15 x 15: a stroked ring centred at (7.3, 7.3), r 6.3, width 1.17, and a filled "?".
    bold = Face("Inter-Bold")
    ring_d = ArcShape(circle_ops(7.3, 7.3, 6.3)).d(Xform(), 3)
    q_glyph = glyph_shape(bold, "?", 13.5 * 6.3 / 9.8, 7.3, 7.3)
    body = (vd_path(ring_d, stroke=BLACK, stroke_width=1.17) + vd_path(q_glyph.d(Xform(), 3), BLACK))
    write(outdir, "icon_circled_question.xml", vd_doc(15, 15, body, "icon_circled_question"))

    # Small logo, 50 x 50: a mint disc filling the viewport, black arrows in x 9-41, y 11-39.
    arrows = arrows_glyph(STROKE)
    xf = fit_box([arrows], 9, 11, 41, 39)
    body = vd_path(ArcShape(circle_ops(25, 25, 25)).d(Xform(), 2), MINT) + vd_path(arrows.d(xf, 2), BLACK)
    write(outdir, "afterpay_logo_small.xml", vd_doc(50, 50, body, "afterpay_logo_small"))


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "LogoAssets")
    face = Face(WORD_FACE)
    cface = Face(COMPACT_FACE)
    make_brand(outdir, "afterpay", "afterpay", face, cface, (864, 168), (1186.5, 413.25), (75, 15.75))
    make_brand(outdir, "clearpay", "clearpay", face, cface, (891, 167.25), (1215, 413.25), (75, 15.75))
    make_cashapp(outdir)
    make_icons(outdir)
    make_android(os.path.join(outdir, "android", "drawable"))


if __name__ == "__main__":
    main()
