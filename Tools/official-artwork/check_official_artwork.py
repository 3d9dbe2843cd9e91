#!/usr/bin/env python3
"""Checks that breakdown draws the official artwork exactly as its own readers do.

For each case it runs `breakdown render --scale 3 --logo-assets CATALOG --metadata …`, takes the
logo rectangle from the metadata, renders the same file with poppler's `pdftoppm` (PDF) or
librsvg's `rsvg-convert` (SVG) at 8× that size, places it at the rectangle's sub-pixel offset,
averages 8 × 8 blocks down to pixels, lays both over white, and compares the pixels inside the
rectangle: mean channel difference (must be ≤ 2) and largest (must be ≤ 64).

Usage: Tools/official-artwork/check_official_artwork.py [CATALOG] [--binary PATH] [--keep DIR]
Default catalog: ../shared/reference/sdk-assets/Assets.xcassets beside the checkout.
Needs only Python 3, pdftoppm (poppler-utils) and rsvg-convert (librsvg2-bin). Exit 1 on failure.
"""
import json
import os
import struct
import subprocess
import sys
import tempfile
import zlib

SUPERSAMPLE = 8
MEAN_LIMIT = 2.0
MAX_LIMIT = 64

CASES = [
    ("en_AU badge (PDF)", ["--amount", "100"]),
    ("en_AU compact badge (PDF)", ["--amount", "100", "--logo", "compactBadge"]),
    ("en_GB Clearpay lockup (PDF)", ["--amount", "100", "--locale", "en_GB", "--logo", "lockup"]),
    ("en_US Cash App Afterpay lockup (SVG)", ["--amount", "100", "--locale", "en_US"]),
    ("en_AU badge alt, dark (PDF)", ["--amount", "100", "--palette", "alt", "--appearance", "dark"]),
]


def read_png(path):
    """Decodes an 8-bit RGB or RGBA, non-interlaced PNG into (width, height, rows of RGBA tuples flattened)."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat, width = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and color in (2, 6) and interlace == 0, (path, depth, color, interlace)
            channels = 4 if color == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    pixels = bytearray(width * height * 4)
    previous = bytearray(stride)
    offset = 0
    for y in range(height):
        kind = raw[offset]
        line = bytearray(raw[offset + 1:offset + 1 + stride])
        offset += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            upleft = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - upleft
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - upleft)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else upleft)) & 255
        for x in range(width):
            src = x * channels
            dst = (y * width + x) * 4
            pixels[dst:dst + 3] = line[src:src + 3]
            pixels[dst + 3] = line[src + 3] if channels == 4 else 255
        previous = line
    return width, height, pixels


def over_white(r, g, b, a):
    """Straight-alpha RGBA over white, as floats."""
    k = a / 255.0
    return (r * k + 255 * (1 - k), g * k + 255 * (1 - k), b * k + 255 * (1 - k))


def run(command):
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{result.stderr}")
    return result


def check(binary, catalog, label, arguments, folder):
    image = os.path.join(folder, "image.png")
    metadata_path = os.path.join(folder, "image.json")
    run([binary, "render", *arguments, "--logo-assets", catalog, "--scale", "3", "-o", image, "--metadata", metadata_path])
    metadata = json.load(open(metadata_path))
    scale = metadata["scale"]
    rect = metadata["logo"]
    artwork = os.path.join(catalog, metadata["logoArtwork"]["file"])
    x0, y0 = rect["x"] * scale, rect["y"] * scale
    w, h = rect["width"] * scale, rect["height"] * scale
    sw, sh = round(w * SUPERSAMPLE), round(h * SUPERSAMPLE)
    reference = os.path.join(folder, "reference")
    if artwork.endswith(".pdf"):
        run(["pdftoppm", "-png", "-singlefile", "-scale-to-x", str(sw), "-scale-to-y", str(sh), artwork, reference])
    else:
        run(["rsvg-convert", "-w", str(sw), "-h", str(sh), "-o", reference + ".png", artwork])
    rw, rh, ref = read_png(reference + ".png")
    ours_w, ours_h, ours = read_png(image)

    px0, py0 = int(x0 // 1), int(y0 // 1)
    px1, py1 = min(ours_w, int(-(-(x0 + w) // 1))), min(ours_h, int(-(-(y0 + h) // 1)))
    px0, py0 = max(0, px0), max(0, py0)
    # The reference's top-left in supersampled pixels of the canvas that starts at (px0, py0).
    ox = round((x0 - px0) * SUPERSAMPLE)
    oy = round((y0 - py0) * SUPERSAMPLE)
    total, count, worst, worst_at = 0.0, 0, 0.0, None
    area = SUPERSAMPLE * SUPERSAMPLE
    for py in range(py0, py1):
        for px in range(px0, px1):
            acc = [0.0, 0.0, 0.0]
            for sy in range(SUPERSAMPLE):
                ry = (py - py0) * SUPERSAMPLE + sy - oy
                for sx in range(SUPERSAMPLE):
                    rx = (px - px0) * SUPERSAMPLE + sx - ox
                    if 0 <= rx < rw and 0 <= ry < rh:
                        i = (ry * rw + rx) * 4
                        c = over_white(ref[i], ref[i + 1], ref[i + 2], ref[i + 3])
                    else:
                        c = (255.0, 255.0, 255.0)
                    acc[0] += c[0]
                    acc[1] += c[1]
                    acc[2] += c[2]
            i = (py * ours_w + px) * 4
            mine = over_white(ours[i], ours[i + 1], ours[i + 2], ours[i + 3])
            for channel in range(3):
                diff = abs(mine[channel] - acc[channel] / area)
                total += diff
                count += 1
                if diff > worst:
                    worst, worst_at = diff, (px, py)
    mean = total / count
    ok = mean <= MEAN_LIMIT and worst <= MAX_LIMIT
    tool = "pdftoppm" if artwork.endswith(".pdf") else "rsvg-convert"
    print(
        f"{'ok  ' if ok else 'FAIL'} {label}: {metadata['logoArtwork']['image']} vs {tool}, "
        f"{px1 - px0}×{py1 - py0} px at ({x0:.3f}, {y0:.3f}): mean channel difference {mean:.3f} (≤ {MEAN_LIMIT}), "
        f"largest {worst:.1f} at {worst_at} (≤ {MAX_LIMIT})")
    return ok


def main():
    args = sys.argv[1:]
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    binary = os.path.join(root, ".build", "debug", "breakdown")
    keep = None
    catalog = os.path.join(os.path.dirname(root), "shared", "reference", "sdk-assets", "Assets.xcassets")
    while args:
        word = args.pop(0)
        if word == "--binary":
            binary = args.pop(0)
        elif word == "--keep":
            keep = args.pop(0)
        else:
            catalog = word
    if not os.path.isdir(catalog):
        sys.exit(f"no asset catalog at {catalog}: give its path")
    all_ok = True
    with tempfile.TemporaryDirectory() as scratch:
        for number, (label, arguments) in enumerate(CASES):
            folder = os.path.join(keep or scratch, f"case-{number}")
            os.makedirs(folder, exist_ok=True)
            all_ok = check(binary, catalog, label, arguments, folder) and all_ok
    sys.exit(0 if all_ok else 1)


if __name__ == "__main__":
    main()
