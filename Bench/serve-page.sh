#!/usr/bin/env bash
# A page of six images from `breakdown serve`, as a web developer would embed them, screenshotted
# in headless Chromium in light and in dark mode (`make serve-page`): five /v1/breakdown.html
# snippets (<picture> with the dark source, <img> with width, height, alt and srcset 1x/2x/3x)
# and one plain <img> of a hidden breakdown with hidden=transparent (nothing drawn, no broken
# image). Writes Output/serve-page/index.html, light.png and dark.png.
#
# Needs chromium (apt-get install chromium); BREAKDOWN_BINARY picks the build (default release).
set -euo pipefail
cd "$(dirname "$0")/.."
B=${BREAKDOWN_BINARY:-.build/release/breakdown}
CHROMIUM=${CHROMIUM:-chromium}
[ -x "$B" ] || { echo "$B is missing: swift build -c release" >&2; exit 2; }
command -v "$CHROMIUM" >/dev/null || { echo "$CHROMIUM is missing: apt-get install chromium" >&2; exit 2; }
# The official artwork when it is there (as Bench/serve-bench.sh): LOGO_ASSETS= for the project's.
ASSETS=${LOGO_ASSETS-../shared/reference/sdk-assets/Assets.xcassets}
artwork=()
if [ -n "$ASSETS" ] && [ -d "$ASSETS" ]; then artwork=(--logo-assets "$ASSETS"); fi
out=Output/serve-page
mkdir -p "$out"
work=$(mktemp -d)
pid=""
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT

"$B" serve --allow-unsigned --port 0 --threads 2 > "$work/url" 2> "$work/access.log" &
pid=$!
for _ in $(seq 100); do [ -s "$work/url" ] && break; sleep 0.1; done
url=$(head -1 "$work/url")
# The snippets' URLs start with the server's own address, as an email's would with --base-url.
kill "$pid"; wait "$pid" 2>/dev/null || true
port=${url##*:}
"$B" serve --allow-unsigned --port "$port" --threads 2 --base-url "$url" "${artwork[@]}" > "$work/url" 2> "$work/access.log" &
pid=$!
for _ in $(seq 100); do curl -s -o /dev/null "$url/healthz" && break; sleep 0.1; done

snippet() { curl -s --fail "$url/v1/breakdown.html?$1"; }
{
  cat <<'HTML'
<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="color-scheme" content="light dark">
<title>breakdown serve: six images</title>
<style>
  body { font: 15px/1.4 system-ui, sans-serif; margin: 24px; background: #fff; color: #111; }
  @media (prefers-color-scheme: dark) { body { background: #111; color: #eee; } }
  .product { margin: 0 0 18px; } .price { font-weight: 600; margin: 0 0 4px; }
</style></head><body>
<h1>Product page</h1>
HTML
  printf '<div class="product"><p class="price">A$100.00</p>%s</div>\n' "$(snippet 'amount=100')"
  printf '<div class="product"><p class="price">£129.95</p>%s</div>\n' "$(snippet 'amount=129.95&locale=en_GB')"
  printf '<div class="product"><p class="price">$49.99</p>%s</div>\n' "$(snippet 'amount=49.99&locale=en_US')"
  printf '<div class="product"><p class="price">250,00 $</p>%s</div>\n' "$(snippet 'amount=250&locale=fr_CA')"
  printf '<div class="product"><p class="price">NZ$80.00</p>%s</div>\n' "$(snippet 'amount=80&locale=en_NZ&logo=lockup&font-size=20')"
  printf '<div class="product"><p class="price">A$5,000.00 (hidden: no configuration)</p><img src="%s" width="1" height="1" alt="">[nothing above this]</div>\n' \
    "$url/v1/breakdown.png?amount=5000&no-configuration=true&hidden=transparent&scale=2"
  echo '</body></html>'
} > "$out/index.html"

shot() {
  "$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=820,760 \
    --virtual-time-budget=5000 "$@" "file://$PWD/$out/index.html" 2>/dev/null
}
shot --screenshot="$PWD/$out/light.png"
shot --force-dark-mode --blink-settings=preferredColorScheme=0 --screenshot="$PWD/$out/dark.png"
echo "wrote $out/index.html, $out/light.png and $out/dark.png"
echo "images requested by the browser: $(grep -c '^method=GET path=/v1/breakdown.png' "$work/access.log")"
