#!/usr/bin/env bash
# make check-install: install into a temporary prefix, hide the Swift toolchain, and check the
# installed binary: --version, a PNG identical to the checkout's own build, a hidden breakdown
# exiting 3, and that it never reads the checkout (BREAKDOWN_HOME unset, run from elsewhere).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/breakdown-install-XXXXXX")
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"

# Installing must not touch the checkout's release binary: its bytes are the batch's renderer
# identity, so replacing it would make the next batch redraw everything.
release="$root/.build/release/breakdown"
before=$( [ -e "$release" ] && stat -c '%s %Y %i' "$release" && sha256sum < "$release" || echo absent )
make install PREFIX="$prefix"
after=$( [ -e "$release" ] && stat -c '%s %Y %i' "$release" && sha256sum < "$release" || echo absent )
[ "$before" = "$after" ] || { echo "check-install: make install replaced $release" >&2; exit 1; }
swift build --product breakdown >/dev/null

# The same options with the checkout's debug build, for the expected bytes.
"$root/.build/debug/breakdown" render --amount 100 --scale 2 -o "$work/expected.png"

# Move the checkout's resources out of reach of the installed binary: it must use its own.
mkdir "$work/run"
cd "$work/run"
run() { env -i PATH=/usr/bin:/bin "$prefix/bin/breakdown" "$@"; }
if env -i PATH=/usr/bin:/bin command -v swift >/dev/null 2>&1; then
    echo "check-install: swift is still on PATH=/usr/bin:/bin" >&2; exit 1
fi
version=$(run --version)
expected="breakdown $(sed -n 's/^## \([0-9][0-9.]*\)$/\1/p' "$root/CHANGELOG.md" | head -1)"
[ "$version" = "$expected" ] || { echo "check-install: --version printed '$version', expected '$expected'" >&2; exit 1; }
run render --amount 100 --scale 2 -o x.png 2>errors.txt
[ ! -s errors.txt ] || { echo "check-install: a successful render printed: $(cat errors.txt)" >&2; exit 1; }
cmp x.png "$work/expected.png" || { echo "check-install: the installed binary's PNG differs from the checkout's" >&2; exit 1; }
run render --amount 100 -o x.svg
run render --amount 100 -o x.pdf
# The Android look-alike drawables are installed with the artwork (LogoAssets/android).
run assets "$prefix/share/breakdown/LogoAssets/android" > android.txt \
    || { echo "check-install: the installed Android look-alikes: $(tail -1 android.txt)" >&2; exit 1; }
grep -qx '13 drawables: 13 found, 0 missing' android.txt \
    || { echo "check-install: the installed Android look-alikes: $(tail -1 android.txt)" >&2; exit 1; }
set +e
run render --no-configuration -o hidden.png 2>/dev/null; status=$?
set -e
[ "$status" = 3 ] && [ ! -e hidden.png ] || { echo "check-install: a hidden breakdown exited $status" >&2; exit 1; }
# The artwork it draws is the installed copy: without it, rendering fails naming the installed file.
rm "$prefix/share/breakdown/LogoAssets/badge-afterpay.svg"
set +e
message=$(run render --amount 100 -o gone.png 2>&1); status=$?
set -e
case "$message" in
*"$prefix/share/breakdown/LogoAssets"*) [ "$status" = 2 ] ;;
*) echo "check-install: without its artwork the installed binary said (status $status): $message" >&2; exit 1 ;;
esac
# No Swift runtime library from the toolchain is needed.
if ldd "$prefix/bin/breakdown" | grep -E 'libswift|libFoundation|not found'; then
    echo "check-install: the binary needs libraries that are not installed system-wide" >&2; exit 1
fi
echo "check-install: $version from $prefix runs without the toolchain; PNG identical ($(wc -c < x.png) bytes); SVG, PDF, Android look-alikes, hidden exit 3 ok"
