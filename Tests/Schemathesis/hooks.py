# Schemathesis hooks for the serve tests (SCHEMATHESIS_HOOKS=hooks): one check of our own.
#
# A query key's schema in /openapi.json is exactly what the server reads from that key alone.
# What keys say together (a minimum above the maximum, font-scale without platform=android, an
# iOS view at an Android density, the pixel cap), and link-text's Pango markup (a grammar no
# pattern holds), no OpenAPI schema can state; the server answers them 400, as the document
# says. So schema-valid requests may be refused, but only for one of those reasons: this check
# fails a 400 to a schema-valid request whose detail is not one of them (a value the schema
# allows and the server refuses alone is a bug in one of the two).
import json
import os
import re

import schemathesis

# The server's wording of every refusal that needs two keys, the drawn image, or markup.
TOGETHER = [
    r"^link text is not valid Pango markup: ",
    # Markup whose text has nothing visible (spaces, zero-width characters): no pattern holds
    # "some character draws something" across markup.
    r"^link text shows nothing: ",
    # A key of one view's with the other view (font-scale, environment, tracking, dark-palette,
    # content-size, an Android density): every such refusal names the platform key's value.
    r"platform android",
    r" cannot be used together",
    # Two keys of which one may be given (font-size with content-size or font-scale).
    r" cannot both be given: choose one$",
    r"^Minimum \(.*\) is not strictly less than maximum \(.*\) \(min, max\)$",
    r"^(Minimum|Maximum) order amount is invalid \(",
    # font is one of the families of either view's fonts; each view has its own.
    r"^font family \".*\" is not available; available: ",
    r" pixels",
    # A width too narrow for the sentence depends on the words, the font and its size together.
    r"^the width .* cannot hold the sentence: ",
    # A character no font of the set has (link-text is any text, a device locale any digits):
    # it depends on the text and the fonts together.
    r"^no font has (a glyph|glyphs) for U\+",
]
PATTERN = re.compile("|".join(f"(?:{p})" for p in TOGETHER))
SEEN = os.environ.get("BREAKDOWN_ST_SEEN")


@schemathesis.check
def refused_only_for_keys_together(ctx, response, case):
    meta = getattr(case, "meta", None)
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 400:
        return None
    try:
        detail = json.loads(response.content)["detail"]
    except Exception:
        detail = response.text
    if SEEN:
        with open(SEEN, "a") as seen:
            seen.write(detail + "\n")
    if not PATTERN.search(detail):
        raise AssertionError(f"a schema-valid request was refused for one key alone: {detail}")
    return None
