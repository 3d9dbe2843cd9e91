#!/usr/bin/env bash
# Measures `breakdown serve` on loopback with wrk (keep-alive, 32 connections, PNG at scale 2,
# a different amount on every request) beside `breakdown batch --jobs 2` on the same machine,
# in the same run. Prints: batch images/s, server req/s and p50/p99 latency, 304/s, and the
# server's resident memory after 10,000 and after 200,000 requests (one in ten hostile:
# Bench/serve-hostile.lua), the stall case of issue 20 (2,000 query arguments) answered, the
# in-flight gauge at the end, and SIGTERM with 1,000 stalled clients, with the load average.
# With the official artwork when it is there (LOGO_ASSETS, default
# ../shared/reference/sdk-assets/Assets.xcassets; LOGO_ASSETS= for the project's artwork).
#
#   Bench/serve-bench.sh                 # the full run (about 10 minutes: 200,000 requests)
#   QUICK=1 Bench/serve-bench.sh         # a short run (20,000 requests for the memory figure)
#
# Needs a release build (swift build -c release) and wrk (Debian package wrk).
set -euo pipefail
cd "$(dirname "$0")/.."
B=${BREAKDOWN_BINARY:-.build/release/breakdown}
DURATION=${DURATION:-15}
TOTAL=${TOTAL:-200000}
[ -n "${QUICK:-}" ] && { DURATION=5; TOTAL=20000; }
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 2; }
[ -x "$B" ] || { echo "$B is missing: swift build -c release" >&2; exit 2; }

ASSETS=${LOGO_ASSETS-../shared/reference/sdk-assets/Assets.xcassets}
artwork=()
if [ -n "$ASSETS" ] && [ -d "$ASSETS" ]; then artwork=(--logo-assets "$ASSETS"); fi
ulimit -n 4096 2>/dev/null || true

work=$(mktemp -d)
pid=""
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
load() { cut -d' ' -f1-3 /proc/loadavg; }
rss_kib() { awk '/^VmRSS/ {print $2}' "/proc/$1/status"; }

echo "machine: $(nproc) cores; load average before: $(load); artwork: ${artwork[1]:-the project artwork}"

# 1. batch --jobs 2: 4,000 images, PNG at scale 2, amounts varying.
for i in $(seq 0 3999); do printf '{"amount":"%d.%02d"}\n' $((i * 37 % 2000)) $((i % 100)); done > "$work/manifest.ndjson"
calc() { awk "BEGIN { print $1 }"; }
# CPU seconds of finished children (user + system): bash's `times`, run in this shell (not in a
# subshell, whose counts start at zero), written to a file.
child_cpu() { tail -1 "$work/times" | awk '{ split($1, u, "m"); split($2, s, "m"); print u[1] * 60 + u[2] + s[1] * 60 + s[2] }'; }
times > "$work/times"; cpu0=$(child_cpu)
start=$(date +%s.%N)
"$B" batch "$work/manifest.ndjson" -o "$work/images" --jobs 2 --scale 2 --quiet "${artwork[@]}"
end=$(date +%s.%N)
times > "$work/times"; cpu1=$(child_cpu)
batch_rate=$(calc "4000 / ($end - $start)")
printf 'batch --jobs 2: 4000 images in %.2f s: %.0f images/s, %.2f ms CPU an image (load %s)\n' "$(calc "$end - $start")" "$batch_rate" \
  "$(calc "($cpu1 - $cpu0) * 1000 / 4000")" "$(load)"

# 2. The server: 2 threads, unsigned URLs, access log to a file.
"$B" serve --allow-unsigned --port 0 --threads 2 "${artwork[@]}" > "$work/url" 2> "$work/access.log" &
pid=$!
for _ in $(seq 100); do [ -s "$work/url" ] && break; sleep 0.1; done
url=$(head -1 "$work/url")
echo "server: $url (pid $pid), RSS at start $(rss_kib "$pid") KiB"

# The server's CPU time (user + system, clock ticks → ms) and its count of rendered requests.
server_cpu_ms() { awk -v hz="$(getconf CLK_TCK)" '{ print ($14 + $15) * 1000 / hz }' "/proc/$pid/stat"; }
answered() { curl -s "$url/metrics" | awk '/^breakdown_render_seconds_count/ {print $2}'; }

# 3. Throughput and latency: wrk, 1 thread (the client must not take a core from the server), 32 connections.
scpu0=$(server_cpu_ms); n0=$(answered)
wrk -t1 -c32 -d"${DURATION}s" --latency -s Bench/serve-amounts.lua "$url" > "$work/wrk.txt"
scpu1=$(server_cpu_ms); n1=$(answered)
rate=$(awk '/^Requests\/sec/ {print $2}' "$work/wrk.txt")
p50=$(awk '$1 == "50%" {print $2}' "$work/wrk.txt")
p99=$(awk '$1 == "99%" {print $2}' "$work/wrk.txt")
printf 'serve: %.0f req/s (%.2f × batch), latency p50 %s, p99 %s (load %s)\n' "$rate" "$(calc "$rate / $batch_rate")" "$p50" "$p99" "$(load)"
printf 'serve: %.2f ms CPU a request (all server threads, HTTP included)\n' "$(calc "($scpu1 - $scpu0) / ($n1 - $n0)")"
grep -E "Non-2xx|Socket errors" "$work/wrk.txt" || true

# Latency is connections / throughput in a closed loop: also at 4 connections.
wrk -t1 -c4 -d5s --latency -s Bench/serve-amounts.lua "$url" > "$work/wrk4.txt"
printf 'serve at 4 connections: %.0f req/s, latency p50 %s, p99 %s (load %s)\n' "$(awk '/^Requests\/sec/ {print $2}' "$work/wrk4.txt")" \
  "$(awk '$1 == "50%" {print $2}' "$work/wrk4.txt")" "$(awk '$1 == "99%" {print $2}' "$work/wrk4.txt")" "$(load)"

# 4. 304s: the same URL with its ETag in If-None-Match.
etag=$(curl -s -D - -o /dev/null "$url/v1/breakdown.png?amount=100&scale=2" | awk -F': ' 'tolower($1) == "etag" {print $2}' | tr -d '\r')
wrk -t1 -c32 -d5s -H "If-None-Match: $etag" "$url/v1/breakdown.png?amount=100&scale=2" > "$work/wrk304.txt"
printf '304 Not Modified: %.0f req/s (load %s)\n' "$(awk '/^Requests\/sec/ {print $2}' "$work/wrk304.txt")" "$(load)"

# 5. The stall case of issue 20: 2,000 query arguments (an 8 KB URL), 20 times, each on its own
# connection with nothing else going on: the 414 must come at once (target: 100 ms).
many="$url/v1/breakdown.png?$(printf 'a=1&%.0s' $(seq 2000))"
for _ in $(seq 20); do curl -s -o /dev/null -w '%{http_code} %{time_total}\n' --max-time 10 "$many"; done > "$work/stall.txt"
printf 'stall case (2,000 arguments): statuses %s; slowest of 20 answered in %.1f ms (load %s)\n' \
  "$(cut -d' ' -f1 "$work/stall.txt" | sort | uniq -c | tr -s ' ' | tr '\n' ' ')" \
  "$(sort -k2 -n "$work/stall.txt" | tail -1 | awk '{print $2 * 1000}')" "$(load)"

# 6. Memory: RSS after 10,000 rendered requests, then after TOTAL (in 5-second wrk runs), one
# request in ten hostile.
run_until() {
  local have
  while have=$(answered); [ "$have" -lt "$1" ]; do
    AMOUNT_OFFSET=$have wrk -t1 -c32 -d5s -s Bench/serve-hostile.lua "$url" > /dev/null
  done
}
run_until 10000
rss10=$(rss_kib "$pid"); n10=$(answered)
run_until "$TOTAL"
rssN=$(rss_kib "$pid"); nN=$(answered)
printf 'RSS after %d renders: %d KiB; after %d: %d KiB (%.3f×) (load %s)\n' "$n10" "$rss10" "$nN" "$rssN" "$(calc "$rssN / $rss10")" "$(load)"
printf 'hostile requests refused: %s; requests in flight at the end (besides the /metrics request): %s\n' \
  "$(grep -cE 'status=(400|414|431)' "$work/access.log")" \
  "$(curl -s "$url/metrics" | awk '/^breakdown_http_requests_in_flight/ {print $2 - 1}')"

# 7. SIGTERM with 1,000 stalled clients (idle, half a request line, a line without the end of its
# headers): the server must exit 0 well inside its 30 s drain.
mkfifo "$work/hold"
python3 Bench/serve-stall.py "${url##*:}" 1000 < "$work/hold" > "$work/stall-clients.txt" &
stall=$!
exec 9> "$work/hold"
for _ in $(seq 300); do grep -q ready "$work/stall-clients.txt" 2>/dev/null && break; sleep 0.1; done
start=$(date +%s.%N)
kill -TERM "$pid"
status=0
wait "$pid" || status=$?
end=$(date +%s.%N)
pid=""
exec 9>&-
wait "$stall" || true
printf 'SIGTERM with 1,000 stalled clients: exit status %d after %.2f s (drain timeout 30 s); %s\n' "$status" "$(calc "$end - $start")" \
  "$(tail -1 "$work/stall-clients.txt")"
echo "access log: $(grep -c '^method=' "$work/access.log") lines"
