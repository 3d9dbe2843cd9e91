#!/bin/bash
# `make sanitize`: the Swift toolchain's own sanitizers over the code that runs concurrently or
# parses and draws (issue 22). Builds into .build-tsan and .build-asan (the normal .build is left
# alone), logs into .build-sanitize/ (each process's reports in its own file: log_path), and
# fails on any report.
#   ThreadSanitizer: whether TSan sees Synchronization.Mutex (Tools/sanitize/mutex-proof); a
#     3,000-record `batch --jobs 2`; the serve suites run against the TSan binary, then 32
#     concurrent clients (wrk) and SIGTERM under that load (exit 0); the snapshot library's
#     tests in a TSan test bundle.
#   AddressSanitizer + LeakSanitizer: the rendering, artwork, PNG encoder/decoder and parser
#     tests in an ASan test bundle, leaks checked too; render of each format and a batch through the ASan binary.
# Known leaks in libraries, not in this project, are suppressed in Tools/sanitize/lsan.supp (and,
# for the SVG batch only, lsan-svg.supp), each with its reason; the script first runs the small C
# program that shows each such leak is the library's, and fails if it no longer is.
set -euo pipefail
cd "$(dirname "$0")/.."
logs=.build-sanitize
rm -rf "$logs"
mkdir -p "$logs"
work=$(mktemp -d "${TMPDIR:-/tmp}/breakdown-sanitize.XXXXXX")
server_pid=
cleanup() {
	[ -z "$server_pid" ] || kill -KILL "$server_pid" 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT
ulimit -f $((4 * 1024 * 1024))   # no file over 4 GiB
start=$(date +%s)
step() { echo "sanitize [$(($(date +%s) - start)) s]: $*"; }
failures=0
# Fails when any process of this step wrote a sanitizer report.
reports() {
	local prefix=$1 what=$2
	local found
	found=$(grep -l -E "WARNING: ThreadSanitizer|ERROR: (AddressSanitizer|LeakSanitizer)" "$logs"/"$prefix".* 2>/dev/null || true)
	if [ -n "$found" ]; then
		echo "sanitize: $what: reports in $found" >&2
		grep -h -E "^(WARNING|ERROR|SUMMARY):" $found | sort | uniq -c | head -20 >&2
		failures=$((failures + 1))
	else
		step "$what: no report"
	fi
}

export TSAN_OPTIONS="halt_on_error=0:exitcode=66:second_deadlock_stack=1:log_path=$PWD/$logs/tsan"
# fast_unwind_on_malloc=0: whole stacks through libraries built without frame pointers (fontconfig),
# so a suppression can name the function a leak was allocated under.
export ASAN_OPTIONS="detect_leaks=1:exitcode=67:fast_unwind_on_malloc=0:log_path=$PWD/$logs/asan"
export LSAN_OPTIONS="suppressions=$PWD/Tools/sanitize/lsan.supp:print_suppressions=1"

# --- Does TSan see Synchronization.Mutex? ---
step "the Mutex proof (Tools/sanitize/mutex-proof)"
swiftc -sanitize=thread -D USE_MUTEX Tools/sanitize/mutex-proof/main.swift -o "$work/mutex" 2>&1 | grep -v "^$" || true
swiftc -sanitize=thread -package-name breakdown Tools/sanitize/mutex-proof/main.swift Sources/Locking/Locked.swift -o "$work/locked" 2>&1 | grep -v "^$" || true
mutex_out=$(TSAN_OPTIONS="halt_on_error=0:exitcode=0" "$work/mutex" 2>&1)
locked_out=$(TSAN_OPTIONS="halt_on_error=0:exitcode=0" "$work/locked" 2>&1)
if grep -q "count 200000" <<<"$mutex_out" && grep -q "WARNING: ThreadSanitizer" <<<"$mutex_out" \
	&& grep -q "count 200000" <<<"$locked_out" && ! grep -q "WARNING: ThreadSanitizer" <<<"$locked_out"; then
	step "Mutex: exact count (200000) and $(grep -c 'WARNING: ThreadSanitizer' <<<"$mutex_out") TSan reports: TSan does not see it; Locked (NSLock): exact count, no report"
else
	echo "sanitize: the Mutex proof no longer holds (Mutex: $(grep -c WARNING <<<"$mutex_out") reports; Locked: $(grep -c WARNING <<<"$locked_out") reports); see Sources/Locking/Locked.swift" >&2
	failures=$((failures + 1))
fi

# --- The libraries' own leaks, shown without this project (the reasons for lsan*.supp) ---
step "the library leak proofs (Tools/sanitize/*.c)"
clang=$(dirname "$(command -v swiftc)")/clang
[ -x "$clang" ] || clang=clang
"$clang" -g -fsanitize=address Tools/sanitize/fontconfig-init.c $(pkg-config --cflags --libs fontconfig) -o "$work/fontconfig-init" 2>/dev/null
"$clang" -g -fsanitize=address Tools/sanitize/cairo-svg-recording.c $(pkg-config --cflags --libs cairo) -o "$work/cairo-svg-recording" 2>/dev/null
"$clang" -g -fsanitize=address Tools/sanitize/pango-app-font.c $(pkg-config --cflags --libs pangocairo pangofc fontconfig) -o "$work/pango-app-font" 2>/dev/null
proof=$(env -u LSAN_OPTIONS ASAN_OPTIONS=detect_leaks=1:fast_unwind_on_malloc=0 "$work/fontconfig-init" init 2>&1 || true)
proof_conf=$(env -u LSAN_OPTIONS FONTCONFIG_FILE=$PWD/Fonts/fonts.conf ASAN_OPTIONS=detect_leaks=1:fast_unwind_on_malloc=0 "$work/fontconfig-init" 2>&1 || true)
if grep -q "XML_ParseBuffer" <<<"$proof" && grep -q "XML_ParseBuffer" <<<"$proof_conf"; then
	step "fontconfig alone leaks under XML_ParseBuffer: $(grep -o 'SUMMARY.*' <<<"$proof" | sed 's/SUMMARY: AddressSanitizer: //') (FcInit), $(grep -o 'SUMMARY.*' <<<"$proof_conf" | sed 's/SUMMARY: AddressSanitizer: //') (Fonts/fonts.conf)"
else
	echo "sanitize: fontconfig no longer leaks while parsing its configuration: remove leak:XML_ParseBuffer from Tools/sanitize/lsan*.supp" >&2
	failures=$((failures + 1))
fi
app_font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
# Only fontconfig's own configuration-parser leak (suppressed above, shown by its proof) may remain.
printf 'leak:XML_ParseBuffer\n' >"$work/xml.supp"
app_run() { LSAN_OPTIONS="suppressions=$work/xml.supp" ASAN_OPTIONS=detect_leaks=1:fast_unwind_on_malloc=0 "$work/pango-app-font" "$app_font" "$@" 2>&1 || true; }
app_leak=$(app_run)
app_release=$(app_run release)
app_unset=$(app_run unset)
if grep -q "SUMMARY: AddressSanitizer" <<<"$app_leak" && ! grep -q "SUMMARY: AddressSanitizer" <<<"$app_release" && ! grep -q "SUMMARY: AddressSanitizer" <<<"$app_unset"; then
	step "a Pango font map never drops the configuration it was given: $(grep -o 'SUMMARY.*' <<<"$app_leak" | sed 's/SUMMARY: AddressSanitizer: //'); nothing once FontLibrary's pango_fc_font_map_set_config(map, NULL) releases it, nothing without a configuration"
elif ! grep -q "SUMMARY: AddressSanitizer" <<<"$app_leak"; then
	echo "sanitize: Pango drops a font map's configuration itself now (1.54 does): FontLibrary's release in deinit is only a safeguard" >&2
	failures=$((failures + 1))
else
	echo "sanitize: a font map's configuration leaks even when FontLibrary's way releases it: $(grep -o 'SUMMARY.*' <<<"$app_release$app_unset" | head -1)" >&2
	failures=$((failures + 1))
fi
swiftc -sanitize=address Tools/sanitize/foundation-process/main.swift -o "$work/foundation-process" 2>&1 | grep -E "error" || true
process_leak=$(env -u LSAN_OPTIONS ASAN_OPTIONS=detect_leaks=1:fast_unwind_on_malloc=0 "$work/foundation-process" 2>&1 || true)
if grep -q "status 0" <<<"$process_leak" && grep -q 'ProcessC3runyyKF' <<<"$process_leak"; then
	step "Foundation's Process.run leaks: $(grep -o 'SUMMARY.*' <<<"$process_leak" | sed 's/SUMMARY: AddressSanitizer: //')"
else
	echo "sanitize: Foundation's Process.run no longer leaks: remove its line from Tools/sanitize/lsan*.supp" >&2
	failures=$((failures + 1))
fi
if ASAN_OPTIONS=detect_leaks=0 "$work/cairo-svg-recording" | grep -q "references left: 2"; then
	step "Cairo's SVG surface keeps a reference to a recording painted onto it (2 left, not 1)"
else
	echo "sanitize: Cairo's SVG surface lets go of recordings now: remove leak:cairo_recording_surface_create from Tools/sanitize/lsan-svg.supp" >&2
	failures=$((failures + 1))
fi

# --- ThreadSanitizer ---
step "building with ThreadSanitizer (.build-tsan)"
swift build --build-tests --sanitize=thread --scratch-path .build-tsan 2>&1 | grep -E "error|Build" || true
swift build 2>&1 | grep -E "error|Build" || true   # the plain test bundle drives the TSan binary
tsan_binary=$PWD/.build-tsan/debug/breakdown

step "TSan: batch --jobs 2 of 3,000 records"
python3 -c '
import json
for i in range(3000):
    print(json.dumps({"amount": "%d.%02d" % (1 + i // 7, i % 100), "logo": ["badge", "lockup", "compactBadge"][i % 3], "format": ["png", "svg", "pdf"][i % 3]}))
' >"$work/m.ndjson"
# (stderr: the low-contrast warnings of the lockups, as the SDK draws them.)
BREAKDOWN_BATCH_GROUP_RECORDS=64 "$tsan_binary" batch "$work/m.ndjson" -o "$work/out" --jobs 2 >"$logs/batch.out" 2>"$logs/batch.err" || echo "sanitize: the TSan batch exited $?" >&2
tail -1 "$logs/batch.out"
grep -q "^rendered 3000," "$logs/batch.out" || { echo "sanitize: the TSan batch did not render 3,000 records" >&2; failures=$((failures + 1)); }
"$tsan_binary" batch "$work/m.ndjson" -o "$work/out" --jobs 2 >"$logs/resume.out" 2>/dev/null || true
tail -1 "$logs/resume.out"
grep -q "^rendered 0, skipped 3000," "$logs/resume.out" || { echo "sanitize: the TSan resume did not skip 3,000 records" >&2; failures=$((failures + 1)); }
reports "tsan" "TSan batch"

step "TSan: the serve suites against the TSan binary"
mkdir -p "$logs/serve"
BREAKDOWN_BINARY=$tsan_binary TSAN_OPTIONS="$TSAN_OPTIONS:log_path=$PWD/$logs/tsan-serve" \
	swift test --skip-build --filter 'ServeEndToEndTests|ServeVocabularyTests|ServeOfficialArtworkTests' >"$logs/serve-tests.log" 2>&1 \
	|| true
grep -E "^✔ Test run|^✘ Test run" "$logs/serve-tests.log" || true
# The suites' timing expectations are the plain binary's; the TSan binary is 10-20 times slower,
# so a test that waits on timing may fail here. That is named, not counted: this step is about
# TSan reports (counted below).
grep -E "^✘ Test [a-zA-Z]+\(.*\) failed" "$logs/serve-tests.log" | sed 's/^/sanitize: NOTE, under the TSan binary: /' || true
reports "tsan-serve" "TSan serve suites"

step "TSan: 32 concurrent clients (wrk), then SIGTERM under load"
# --port 0: a free port, which the server's first line names (http://127.0.0.1:PORT).
TSAN_OPTIONS="$TSAN_OPTIONS:log_path=$PWD/$logs/tsan-load" "$tsan_binary" serve --allow-unsigned --port 0 >"$logs/serve-load.log" 2>&1 &
server_pid=$!
port=
for _ in $(seq 150); do
	port=$(grep -m1 -oE '^http://127\.0\.0\.1:[0-9]+' "$logs/serve-load.log" | sed 's/.*://' || true)
	[ -n "$port" ] && curl -s -o /dev/null "http://127.0.0.1:$port/healthz" && break
	sleep 0.2
done
[ -n "$port" ] || { echo "sanitize: the TSan server did not start: $(head -3 "$logs/serve-load.log")" >&2; exit 1; }
wrk -t 2 -c 32 -d 10s "http://127.0.0.1:$port/v1/breakdown.png?amount=129.95&scale=2" >"$logs/wrk-1.log" 2>&1 || true
grep -E "Requests/sec|requests in" "$logs/wrk-1.log" || true
wrk -t 2 -c 32 -d 10s "http://127.0.0.1:$port/v1/breakdown.svg?amount=42&locale=en_GB" >"$logs/wrk-2.log" 2>&1 &
wrk_pid=$!
sleep 3
kill -TERM "$server_pid"
status=0
wait "$server_pid" || status=$?
server_pid=
wait "$wrk_pid" || true
if [ "$status" -ne 0 ]; then
	echo "sanitize: serve exited $status after SIGTERM under load (expected 0); $logs/serve-load.log" >&2
	failures=$((failures + 1))
else
	step "SIGTERM under 32 clients: exit 0 ($(grep -c 'status=' "$logs/serve-load.log") requests logged)"
fi
reports "tsan-load" "TSan serve under load"

step "TSan: the snapshot library's tests (TSan test bundle)"
swift test --skip-build --sanitize=thread --scratch-path .build-tsan --filter 'SnapshotTests' >"$logs/snapshot-tests.log" 2>&1 \
	|| { echo "sanitize: the snapshot tests failed under TSan (see $logs/snapshot-tests.log)" >&2; failures=$((failures + 1)); }
grep -E "^✔ Test run|^✘ Test run|Executed .* tests" "$logs/snapshot-tests.log" | tail -2 || true
reports "tsan" "TSan snapshot library"

# --- AddressSanitizer + LeakSanitizer ---
step "building with AddressSanitizer (.build-asan)"
swift build --build-tests --sanitize=address --scratch-path .build-asan 2>&1 | grep -E "error|Build" || true
asan_binary=$PWD/.build-asan/debug/breakdown

step "ASan + LSan: the test bundle's rendering, artwork, PNG encode/decode and parser tests"
# LeakSanitizer is on for the test bundle (issue 34), in two runs:
# - what draws (RenderTests, the drawing suites and halves in EndToEndTests that came from it,
#   and CSVSpacesTests, which runs the ASan binary): the slow unwinder,
#   so the suppressions by caller can see fontconfig's frames (built without frame pointers), and
#   lsan-svg.supp, since these tests draw SVGs too (PNG and PDF batches below still run without
#   its Cairo line);
# - what does not (content, manifests, options, the server's vocabulary, names): the slow
#   unwinder too, as `describe` in ParsedOptionsTests lays out (fontconfig); the manifest fuzz
#   tests on their own with the fast unwinder, no suppression needed (the slow one pushed
#   ManifestFuzzTests past its two-minute limit).
# --disable-xctest: these suites are Swift Testing's; XCTest's own runner, run for nothing, leaks
# 144 bytes (XCTMain's suite objects). What kept LSan off before: every freed renderer left its
# fontconfig configuration (Pango 1.50 never drops a font map's; FontLibrary releases it now,
# Tools/sanitize/pango-app-font.c), and OpenAPIDocument's static header table (indirect-enum
# boxes LSan cannot see the pointers to; computed now).
rm -f "$logs"/asan.*
ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=1:fast_unwind_on_malloc=0" LSAN_OPTIONS="suppressions=$PWD/Tools/sanitize/lsan-svg.supp:print_suppressions=1" \
	swift test --skip-build --disable-xctest --sanitize=address --scratch-path .build-asan --filter 'RenderTests|CSVSpacesTests' \
	--filter 'EndToEndTests\.(AndroidLookAlikeTests|OutputEndToEndTests|PNGEncoderEndToEndTests|PNGRunLengthEndToEndTests|VectorDrawableTests)/' \
	>"$logs/asan-tests.log" 2>&1 || { echo "sanitize: tests failed under ASan + LSan (see $logs/asan-tests.log)" >&2; failures=$((failures + 1)); }
grep -E "^✔ Test run|^✘ Test run" "$logs/asan-tests.log" | tail -1 || true
# ParsedOptionsTests runs `describe`, which lays out, so fontconfig's configuration: its
# suppressions (lsan.supp) need whole stacks, the slow unwinder's.
ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=1:fast_unwind_on_malloc=0" \
	swift test --skip-build --disable-xctest --sanitize=address --scratch-path .build-asan \
	--filter 'ContentTests|ManifestReaderTests|ParsedOptionsTests|ServeVocabularyTests|NameTableTests' \
	>"$logs/asan-tests-2.log" 2>&1 || { echo "sanitize: tests failed under ASan + LSan (see $logs/asan-tests-2.log)" >&2; failures=$((failures + 1)); }
grep -E "^✔ Test run|^✘ Test run" "$logs/asan-tests-2.log" | tail -1 || true
ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=1:fast_unwind_on_malloc=1" \
	swift test --skip-build --disable-xctest --sanitize=address --scratch-path .build-asan --filter 'ManifestFuzzTests' \
	>"$logs/asan-tests-3.log" 2>&1 || { echo "sanitize: tests failed under ASan + LSan (see $logs/asan-tests-3.log)" >&2; failures=$((failures + 1)); }
grep -E "^✔ Test run|^✘ Test run" "$logs/asan-tests-3.log" | tail -1 || true
reports "asan" "ASan + LSan tests"

step "ASan: render in each format, artwork from a folder, the Android view, a font file, verify, and a 1,500-record batch (500 of each format)"
for format in png svg pdf; do
	supp=$PWD/Tools/sanitize/lsan.supp
	[ "$format" != svg ] || supp=$PWD/Tools/sanitize/lsan-svg.supp
	LSAN_OPTIONS="suppressions=$supp:print_suppressions=1" "$asan_binary" render --amount 100 --logo lockup --scale 2 -o "$work/a.$format" --metadata "$work/a-$format.json" 2>/dev/null \
		|| { echo "sanitize: ASan render $format exited $?" >&2; failures=$((failures + 1)); }
done
"$asan_binary" render --amount 100 --logo-assets "$PWD/LogoAssets" -o "$work/b.png" || { echo "sanitize: ASan render with --logo-assets exited $?" >&2; failures=$((failures + 1)); }
# The Android view (its own font library: Roboto and Symbola as application fonts) and an added font file.
"$asan_binary" render --platform android --amount 100 --scale 1.5 -o "$work/android.png" || { echo "sanitize: ASan Android render exited $?" >&2; failures=$((failures + 1)); }
LSAN_OPTIONS="suppressions=$PWD/Tools/sanitize/lsan-svg.supp:print_suppressions=1" "$asan_binary" render --platform android --amount 5000 --link-style circledQuestionIcon -o "$work/android.svg" || { echo "sanitize: ASan Android SVG render exited $?" >&2; failures=$((failures + 1)); }
"$asan_binary" render --amount 100 --font-file /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf --font "DejaVu Sans" -o "$work/font-file.png" || { echo "sanitize: ASan render with --font-file exited $?" >&2; failures=$((failures + 1)); }
for format in png pdf svg; do
	head -1500 "$work/m.ndjson" | grep "\"$format\"" >"$work/k-$format.ndjson"
	supp=$PWD/Tools/sanitize/lsan.supp
	[ "$format" != svg ] || supp=$PWD/Tools/sanitize/lsan-svg.supp
	status=0
	LSAN_OPTIONS="suppressions=$supp:print_suppressions=1" "$asan_binary" batch "$work/k-$format.ndjson" -o "$work/asan-$format" --jobs 2 \
		>"$logs/asan-batch-$format.out" 2>/dev/null || status=$?
	echo "$format: $(tail -1 "$logs/asan-batch-$format.out")"
	[ "$status" -eq 0 ] && grep -q "^rendered 500," "$logs/asan-batch-$format.out" \
		|| { echo "sanitize: ASan batch ($format) exited $status" >&2; failures=$((failures + 1)); }
done
# verify names each reference and draws PNGs only: the first 10 PNG records, named, without "format".
head -10 "$work/k-png.ndjson" | python3 -c 'import json,sys; [print(json.dumps({**{k: v for k, v in json.loads(l).items() if k != "format"}, "name": "v%d" % i})) for i, l in enumerate(sys.stdin)]' >"$work/v.ndjson"
"$asan_binary" verify "$work/v.ndjson" --reference "$work/refs" --record >/dev/null 2>&1 || { echo "sanitize: ASan verify --record exited $?" >&2; failures=$((failures + 1)); }
"$asan_binary" verify "$work/v.ndjson" --reference "$work/refs" 2>/dev/null | tail -1 || { echo "sanitize: ASan verify exited $?" >&2; failures=$((failures + 1)); }
reports "asan" "ASan binary runs"

step "done in $(($(date +%s) - start)) s; $failures failing step(s); logs in $logs/"
[ "$failures" -eq 0 ]
