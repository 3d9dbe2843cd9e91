#!/usr/bin/env python3
"""Screenshots of parts of a web page in headless Chromium, as a person's screen shows them.

    Tools/page-shots.py URL WIDTH OUTDIR NAME=SELECTOR... [--height H] [--click SELECTOR]

Loads URL in a window WIDTH CSS pixels wide (device scale 1, so one CSS pixel is one screenshot
pixel), optionally clicks an element first (a checkbox, say), waits for the page's images, then
for each NAME=SELECTOR writes OUTDIR/NAME.png, the screenshot of the first element the CSS
selector matches, clipped to its box (the page scrolled to it; no taller than the window). The
scrollbars are overlaid and not drawn, as on a phone. Prints one JSON object: the
page's width and height and, by NAME, the element's box in page pixels (x, y, width, height) and,
for an <img>, its natural size, and the text it shows (innerText). A selector that matches nothing is an error (exit 1).

Chromium is driven through its DevTools protocol over a pipe (--remote-debugging-pipe: JSON
messages ending in a NUL byte on file descriptors 3 and 4), with nothing but the standard library.
"""
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time


class Browser:
    def __init__(self, width, height):
        executable = shutil.which("chromium") or shutil.which("chromium-browser")
        if executable is None:
            sys.exit("page-shots: chromium is not installed (apt-get install chromium)")
        self.profile = tempfile.mkdtemp(prefix="page-shots-")
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()
        # The browser reads commands on fd 3 and writes answers on fd 4 (set in the child before
        # exec; every other pipe end is close-on-exec, as os.pipe makes them).
        def child_fds():
            # Copied out of the way first: a pipe end may itself be fd 3 or 4, and dup2 onto
            # itself would keep its close-on-exec flag.
            read_end, write_end = os.dup(to_browser_read), os.dup(from_browser_write)
            os.dup2(read_end, 3)
            os.dup2(write_end, 4)
        self.process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--no-first-run", "--user-data-dir=" + self.profile, f"--window-size={width},{height}",
             "--hide-scrollbars", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=child_fds, close_fds=False)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def close(self):
        try:
            self.send("Browser.close")
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self.to_browser)
        os.close(self.from_browser)
        shutil.rmtree(self.profile, ignore_errors=True)

    def read_message(self, deadline):
        while b"\0" not in self.buffer:
            if time.monotonic() > deadline:
                raise TimeoutError("no answer from chromium")
            chunk = os.read(self.from_browser, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed its pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method, params=None, session=None, timeout=60):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            answer = self.read_message(deadline)
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self.events.append(answer)

    def wait_event(self, method, session, timeout=60):
        deadline = time.monotonic() + timeout
        while True:
            for index, event in enumerate(self.events):
                if event.get("method") == method and event.get("sessionId") == session:
                    del self.events[index]
                    return event
            self.events.append(self.read_message(deadline))


def open_page(browser, url, width, height, mobile=False, bypass_csp=False):
    """Opens URL in a new tab of WIDTH × HEIGHT CSS pixels (device scale 1) and waits for its load
    event; returns the tab's session and a function that evaluates a script there (awaiting a
    promise) and returns its value. `bypass_csp` lets the caller's scripts do what the page's
    own policy forbids it (read its blob: images back)."""
    target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    browser.send("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}, session)
    browser.send("Page.enable", {}, session)
    if bypass_csp:
        browser.send("Page.setBypassCSP", {"enabled": True}, session)
    browser.send("Page.navigate", {"url": url}, session)
    browser.wait_event("Page.loadEventFired", session)

    def evaluate(expression):
        result = browser.send("Runtime.evaluate",
                              {"expression": expression, "returnByValue": True, "awaitPromise": True}, session)
        if "exceptionDetails" in result:
            raise RuntimeError(f"script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    return session, evaluate


def main(argv):
    height, click, positional = 1200, None, []
    index = 0
    while index < len(argv):
        if argv[index] in ("--height", "--click"):
            if argv[index] == "--height":
                height = int(argv[index + 1])
            else:
                click = argv[index + 1]
            index += 2
        else:
            positional.append(argv[index])
            index += 1
    if len(positional) < 4:
        sys.exit(__doc__)
    url, width, folder = positional[0], int(positional[1]), positional[2]
    parts = [item.split("=", 1) for item in positional[3:]]
    browser = Browser(width, height)
    try:
        session, evaluate = open_page(browser, url, width, height)

        if click:
            if not evaluate(f"(function () {{ var e = document.querySelector({json.dumps(click)});"
                            " if (!e) return false; e.click(); return true; })()"):
                sys.exit(f"page-shots: nothing matches {click}")
        # Every image decoded, then two frames so layout and scripts have settled.
        evaluate("Promise.all(Array.from(document.images).map(function (i) { return i.decode().catch(function () {}); }))"
                 ".then(function () { return new Promise(function (r) { requestAnimationFrame(function () {"
                 " requestAnimationFrame(function () { r(true); }); }); }); })")
        report = {"width": evaluate("document.documentElement.scrollWidth"),
                  "height": evaluate("document.documentElement.scrollHeight"), "elements": {}}
        os.makedirs(folder, exist_ok=True)
        for name, selector in parts:
            # Scrolled to the element's top, then captured inside the viewport: capturing beyond it
            # would resize the window and lay the page out again.
            box = evaluate(
                f"(function () {{ var e = document.querySelector({json.dumps(selector)}); if (!e) return null;"
                " e.scrollIntoView({block: 'start', inline: 'nearest'}); var r = e.getBoundingClientRect();"
                " return {x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height,"
                " naturalWidth: e.naturalWidth || null, naturalHeight: e.naturalHeight || null, text: e.innerText}; })()")
            if box is None:
                sys.exit(f"page-shots: nothing matches {selector}")
            if box["height"] > height:
                sys.exit(f"page-shots: {selector} is {box['height']} px tall, more than the window's {height}: give --height")
            report["elements"][name] = box
            shot = browser.send("Page.captureScreenshot", {
                "format": "png", "captureBeyondViewport": False,
                "clip": {"x": box["x"], "y": box["y"], "width": box["width"], "height": box["height"], "scale": 1}},
                session)
            with open(os.path.join(folder, name + ".png"), "wb") as file:
                file.write(base64.b64decode(shot["data"]))
        print(json.dumps(report))
    finally:
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
