#!/usr/bin/env python3
"""Writes the seed corpus of each fuzz harness (Fuzz/Harnesses) into DIR/HARNESS/: small inputs
made here (manifests, queries, signatures, Contents.json files, PNGs, a PDF, journals) and the
project's own SVG artwork and a few reference PNGs already in the repository, so no binary seed
is kept in git.   Tools/fuzz-seeds.py DIR"""
import base64, hashlib, hmac, json, os, struct, sys, zlib

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
out = sys.argv[1]
count = {}


def seed(harness, data):
    folder = os.path.join(out, harness)
    os.makedirs(folder, exist_ok=True)
    count[harness] = count.get(harness, 0) + 1
    with open(os.path.join(folder, "seed-%03d" % count[harness]), "wb") as f:
        f.write(data.encode() if isinstance(data, str) else data)


# Manifests: the README's and docs/batch.md's shapes, quoting, a BOM, unicode, bad records.
records = [
    {"amount": "100"}, {"name": "p", "amount": "129.95", "locale": "en_GB", "format": ["png", "svg"]},
    {"amount": "0", "logo": "lockup", "palette": "alt", "appearance": "dark", "scale": 2},
    {"amount": "1e3", "text-color": "#00000030", "intro": "payIn", "link-style": "none"},
]
ndjson = "".join(json.dumps(r) + "\n" for r in records)
for text in [ndjson, "\ufeff" + ndjson, ndjson.replace("\n", "\r\n"), '{"amount": "1\\u00e9"}\n{"amount": \n', '{"a": {"b": [1, 2]}}\n', "\n\n{}\n"]:
    seed("ndjson", text)
for text in [json.dumps(records), "[" + json.dumps(records[0]) + ",", "[]", '[{"amount": "100", "amount": "200"}]', ' [ {"x": null, "y": true} ] ']:
    seed("json", text)
for text in [
    "name,amount,locale\np,100,en_GB\nq,\"2,000.00\",en_AU\n", "amount\n100\n\"unterminated\n",
    "\ufeffamount, locale \n 100 , en_US\r\n200,en_CA\r\n", "a,b\n1,2,3\n", "amount,format\n100,\"png,svg\"\n",
]:
    seed("csv", text)

# Queries and signatures (HMAC-SHA256 of salt + path-and-query, URL-safe base64 without padding).
for text in ["amount=129.95&locale=en_GB&scale=2", "amount=100&cbt", "amount=1%2C000&text=a+b%C3%A9", "a=%zz", "amount=1&amount=2", "=x&&&", "%E2%82%AC=%F0%9F%98%80"]:
    seed("query", text)
for path in ["/v1/breakdown.png?amount=129.95&locale=en_GB", "/v1/breakdown.svg", ""]:
    digest = hmac.new(b"fuzz-key", b"fuzz-salt" + path.encode(), hashlib.sha256).digest()
    signature = base64.urlsafe_b64encode(digest).decode().rstrip("=")
    seed("signature", signature + "\n" + path)
    seed("signature", signature[:-1] + "\n" + path)
seed("signature", "not-a-signature\n/v1/breakdown.png")

# Contents.json of an imageset, as Xcode writes them.
def contents(images):
    return json.dumps({"images": images, "info": {"author": "xcode", "version": 1}}, indent=2)
seed("contents-json", contents([{"filename": "a.pdf", "idiom": "universal"}]))
seed("contents-json", contents([{"filename": n, "idiom": "universal", "scale": s} for n, s in [("a.png", "1x"), ("a@2x.png", "2x"), ("a@3x.png", "3x")]]))
seed("contents-json", contents([{"idiom": "universal", "scale": "1x"}, {"filename": "a.svg", "idiom": "iphone"}]))
seed("contents-json", contents([{"filename": "../a.pdf", "idiom": "universal"}]))
seed("contents-json", '{"images": [], "properties": {"preserves-vector-representation": true}}')


def png(width, height, color_type, depth, rows, extra=b""):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, 0)
    raw = b"".join(b"\0" + row for row in rows)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + extra + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")

pngs = [
    png(2, 2, 6, 8, [bytes([255, 0, 0, 255, 0, 255, 0, 128])] * 2),
    png(3, 1, 2, 8, [bytes(range(9))]),
    png(4, 2, 0, 8, [bytes([0, 64, 128, 255])] * 2),
    png(2, 1, 4, 8, [bytes([10, 20, 30, 40])]),
    png(2, 2, 6, 16, [bytes(range(16))] * 2),
    png(8, 1, 3, 1, [bytes([0b10100101])], extra=b"".join([
        struct.pack(">I", 6) + b"PLTE" + bytes([0, 0, 0, 255, 255, 255]) + struct.pack(">I", zlib.crc32(b"PLTE" + bytes([0, 0, 0, 255, 255, 255])) & 0xFFFFFFFF)])),
]
for data in pngs:
    seed("png", data)
snapshots = os.path.join(root, "Tests/SnapshotTests/__Snapshots__/ReferenceSuiteTests")
if os.path.isdir(snapshots):
    # The first three images (their words files, NAME.words.json, sit between them).
    for name in sorted(name for name in os.listdir(snapshots) if name.endswith(".png"))[:3]:
        seed("png", open(os.path.join(snapshots, name), "rb").read())

# The PNG encoder: a width byte, then ARGB32 words (transparent, opaque, black with partial alpha,
# colour with partial alpha, invalid premultiplied data).
seed("png-encode", bytes([7]) + bytes(4 * 16) + b"\x10\x20\x30\xff" * 8 + b"\x00\x00\x00\x80" * 8)
seed("png-encode", bytes([0]) + b"\xff\xff\xff\x10")
seed("png-encode", bytes([33]) + bytes(range(256)) * 3)
seed("png-encode", bytes([63]) + (bytes(4 * 20) + b"\x44\x33\x22\xff" * 12 + b"\x00\x00\x00\x3f" * 32) * 5)
seed("png-encode", bytes([3]) + b"\x00\x00\x00\x01" + b"\xff\x00\x00\x00" * 3 + bytes(16))

# Artwork: first byte picks the format (0 SVG, 1 PDF, 2 PNG), the rest is the file.
for name in sorted(os.listdir(os.path.join(root, "LogoAssets"))):
    if name.endswith(".svg"):
        seed("artwork", b"\0" + open(os.path.join(root, "LogoAssets", name), "rb").read())
def pdf(width, height):
    objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Contents 4 0 R >>" % (width, height)]
    stream = "0 0 1 rg 0 0 %d %d re f" % (width, height)
    objects.append("<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream))
    text, offsets = "%PDF-1.4\n", []
    for number, body in enumerate(objects, 1):
        offsets.append(len(text))
        text += "%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(text)
    text += "xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1) + "".join("%010d 00000 n \n" % o for o in offsets)
    return text + "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
seed("artwork", b"\1" + pdf(72, 24).encode())
seed("artwork", b"\2" + pngs[0])
seed("artwork", b"\0" + b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 0 10"/>')
# The shapes the artwork bounds read (Sources/Paint/ArtworkBounds.swift): Flate streams with
# direct and indirect lengths, an image XObject, an inline image, escaped names, filter arrays;
# SVGs embedding PNG and JPEG data URLs, spelt with character references.
def pdf_streams(streams):
    text = "%PDF-1.5\n" + "".join("%d 0 obj\n%s\nendobj\n" % (n, body) for n, body in enumerate(streams, 1))
    return text.encode("latin-1") + b"trailer\n<< /Root 1 0 R >>\n%%EOF\n"
content = zlib.compress(b"q BI /W 4 /H 2 /CS /G /BPC 8 ID \x00\x01\x02\x03\x04\x05\x06\x07 EI Q 0 0 m 1 1 l S")
image = zlib.compress(bytes(range(16)))
seed("artwork", b"\1" + pdf_streams([
    "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 40 20] /Contents 4 0 R /Resources << /XObject << /I 5 0 R >> >> >>",
    "<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream" % (len(content), content.decode("latin-1")),
    "<< /Type /XObject /Subtype /Image /Width 4 /Height 4 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 6 0 R /Filter [/FlateDecode] >>\nstream\n%s\nendstream" % image.decode("latin-1"),
    "%d" % len(image),
    "<< /Filt#65r /Fl#61teDecode /Length %d >>\nstream\n%s\nendstream" % (len(content), content.decode("latin-1")),
]))
tiny_png = base64.b64encode(pngs[0][:64]).decode()
jpeg = base64.b64encode(bytes([0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0, 0xFF, 0xC0, 0, 11, 8, 0, 2, 0, 3, 1, 1, 0x11, 0, 0xFF, 0xD9])).decode()
seed("artwork", b"\0" + ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 30 10">'
    '<image width="10" height="10" href="data:image/png;base64,%s"/><image x="10" width="10" height="10" xlink:href="&#100;ata:image/jpeg;base64,%s"/></svg>' % (tiny_png, jpeg)).encode())


# Journals: the header and lines with their CHECK (FNV-1a 64 of the line's body, then the
# separator step, as Sources/Batch/Fingerprint.swift computes it).
def check(body):
    value = 0xCBF29CE484222325
    for byte in body.encode():
        value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    value = ((value ^ 0xFF) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % value
lines = ["a 3cfe36282b0779a0 a.png:5841:1796119743713377858:16231515:0", "p 0 p.png:10:1:2:0 p.svg:20:3:4:0"]
journal = "breakdown batch journal 2\n" + "".join(l + " " + check(l) + "\n" for l in lines)
for text in [journal, journal[:-7], journal.replace("\n", "\r\n"), "breakdown batch journal 1\n" + journal.split("\n", 1)[1], "breakdown batch jou", ""]:
    seed("journal", text)

print(" ".join("%s %d" % item for item in sorted(count.items())))
