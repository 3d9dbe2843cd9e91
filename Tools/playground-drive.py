#!/usr/bin/env python3
"""Uses `serve --playground`'s page in headless Chromium as a person would, and reports what it shows.

    Tools/playground-drive.py URL WIDTH SCREENSHOT [ACTION...]

ACTION is `type:NAME=TEXT` (click into the field NAME, select what it holds, type TEXT: the
browser sends the keystrokes' input events) or `choose:NAME=VALUE` (pick VALUE in the drop-down
NAME, as the keyboard does: the value changes and a change event follows). After the page has
loaded and after every action it waits until the page says it is ready for the form's current
query (body data-state="ready"); then it writes a screenshot of the window (WIDTH × 900 CSS
pixels, device scale 1) to SCREENSHOT and prints one JSON object: the page's scroll width, the
image URL and snippet fields, and each preview (platform, appearance, the URL it asked for, the
problem it shows, and the bytes of the image it shows, base64, read back from the page itself).
"""
import base64
import importlib.util
import json
import os
import sys
import time

spec = importlib.util.spec_from_file_location("page_shots", os.path.join(os.path.dirname(__file__), "page-shots.py"))
page_shots = importlib.util.module_from_spec(spec)
spec.loader.exec_module(page_shots)


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    url, width, screenshot, actions = argv[0], int(argv[1]), argv[2], argv[3:]
    height = 900
    browser = page_shots.Browser(width, height)
    try:
        # The page's policy lets it fetch from the server only; reading its blob images back
        # is this tool's, not the page's.
        session, evaluate = page_shots.open_page(browser, url, width, height, mobile=width < 600, bypass_csp=True)

        def wait_ready():
            # Ready, and for the query the form holds now (not an earlier one still answering).
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                if evaluate("document.body.dataset.state === 'ready' && document.body.dataset.query === query(pairs())"):
                    return
                time.sleep(0.05)
            sys.exit("playground-drive: the page did not become ready in 30 s: " + str(evaluate("document.body.dataset.state")))

        wait_ready()
        for action in actions:
            kind, _, rest = action.partition(":")
            name, _, value = rest.partition("=")
            selector = json.dumps(f"[name='{name}']")
            if not evaluate(f"document.querySelector({selector}) !== null"):
                sys.exit(f"playground-drive: the form has no field {name}")
            if kind == "type":
                evaluate(f"(function () {{ var e = document.querySelector({selector}); e.focus(); e.select(); return true; }})()")
                browser.send("Input.insertText", {"text": value}, session)
            elif kind == "choose":
                found = evaluate(
                    f"(function () {{ var e = document.querySelector({selector}); e.focus();"
                    f" if (!Array.from(e.options).some(function (o) {{ return o.value === {json.dumps(value)}; }})) return false;"
                    f" e.value = {json.dumps(value)}; e.dispatchEvent(new Event('input', {{bubbles: true}}));"
                    " e.dispatchEvent(new Event('change', {bubbles: true})); return true; })()")
                if not found:
                    sys.exit(f"playground-drive: {name} has no choice {value}")
            else:
                sys.exit(f"playground-drive: unknown action {action}")
            time.sleep(0.3)
            wait_ready()
        report = evaluate("""(async function () {
            const figures = [];
            for (const figure of document.querySelectorAll('figure[data-platform]')) {
              const image = figure.querySelector('img');
              let bytes = null;
              if (!image.hidden && image.src) {
                const buffer = new Uint8Array(await (await fetch(image.src)).arrayBuffer());
                let text = '';
                for (let i = 0; i < buffer.length; i += 0x8000) text += String.fromCharCode.apply(null, buffer.subarray(i, i + 0x8000));
                bytes = btoa(text);
              }
              const box = image.getBoundingClientRect();
              figures.push({platform: figure.dataset.platform, appearance: figure.dataset.appearance, url: image.dataset.url || null,
                problem: figure.querySelector('.problem').textContent, warning: figure.querySelector('.warning').textContent,
                bytes: bytes, shownWidth: image.hidden ? 0 : box.width, naturalWidth: image.naturalWidth});
            }
            return {scrollWidth: document.documentElement.scrollWidth, url: document.getElementById('url').value,
              snippet: document.getElementById('snippet').value, fields: document.querySelectorAll('#options [name]').length,
              figures: figures};
        })()""")
        evaluate("window.scrollTo(0, 0)")
        shot = browser.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": False}, session)
        with open(screenshot, "wb") as file:
            file.write(base64.b64decode(shot["data"]))
        print(json.dumps(report))
    finally:
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
