#!/usr/bin/env bash
# Builds the minimal servers, starts each on a free loopback port, and prints:
#  1. one table of how each answers the request-head shapes of Tools/http-shapes.py;
#  2. whether each bounds a whole request's time (drip.py: one byte every 0.5 s, 5 s timeouts set);
#  3. wrk throughput against GET /healthz (library overhead only), with the load average.
# usage: bash Bench/http-libraries/run.sh      (about 2 minutes; needs wrk, python3)
#        PROBE=other-probe.py ONLY_SHAPES=1 bash Bench/http-libraries/run.sh   (table only)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
probe=${PROBE:-$here/../../Tools/http-shapes.py}
out=$(mktemp -d)
bash "$here/build.sh" >/dev/null
freeport() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# column name = command line (after the port)
configs=("mhd:mhd" "mhd-strict:mhd strict" "mhd-tolerant:mhd tolerant" "h2o:h2o" "soup:soup" "evhttp:evhttp")
declare -A port pid
cleanup() { for n in "${!pid[@]}"; do kill "${pid[$n]}" 2>/dev/null || true; done; rm -rf "$out"; }
trap cleanup EXIT
for c in "${configs[@]}"; do
    name=${c%%:*}; set -- ${c#*:}
    port[$name]=$(freeport)
    "$here/bin/$1" "${port[$name]}" "${@:2}" 2>"$out/$name.err" &
    pid[$name]=$!
done
sleep 1
for c in "${configs[@]}"; do
    name=${c%%:*}
    kill -0 "${pid[$name]}" || { echo "$name did not start:"; cat "$out/$name.err"; exit 1; }
done

echo "## Request heads (python3 Tools/http-shapes.py --json against each)"
for c in "${configs[@]}"; do   # the probe waits up to 2 s per silent shape: run them side by side
    name=${c%%:*}
    python3 "$probe" --json "127.0.0.1:${port[$name]}" >"$out/$name.json" &
done
wait $(jobs -p | grep -v -x -F "$(printf '%s\n' "${pid[@]}")") 2>/dev/null || true
args=()
for c in "${configs[@]}"; do name=${c%%:*}; args+=("$name=$out/$name.json"); done
python3 "$here/table.py" "${args[@]}"
[ -n "${ONLY_SHAPES:-}" ] && exit 0

echo
echo "## Whole-request time bound (python3 drip.py, idle timeouts set to 5 s)"
for c in "${configs[@]}"; do
    name=${c%%:*}
    (printf '%-13s %s\n' "$name" "$(python3 "$here/drip.py" "127.0.0.1:${port[$name]}")" >"$out/$name.drip") &
done
sleep 16
cat "$out"/*.drip

echo
echo "## Throughput: wrk -t2 -c32 -d5s http://127.0.0.1:PORT/healthz (library overhead only)"
echo "$(nproc) cores; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-13s %12s %10s %10s %s\n' library requests/s p50 p99 "load average after"
for c in "${configs[@]}"; do
    name=${c%%:*}
    sleep 2
    wrk -t2 -c32 -d5s --latency "http://127.0.0.1:${port[$name]}/healthz" >"$out/$name.wrk"
    rps=$(awk '/^Requests\/sec/ {print $2}' "$out/$name.wrk")
    p50=$(awk '$1 == "50%" {print $2}' "$out/$name.wrk")
    p99=$(awk '$1 == "99%" {print $2}' "$out/$name.wrk")
    errors=$(grep -E "Non-2xx|Socket errors" "$out/$name.wrk" | tr -s ' ' | tr '\n' ' ' || true)
    printf '%-13s %12s %10s %10s %s %s\n' "$name" "$rps" "$p50" "$p99" "$(cut -d' ' -f1-3 /proc/loadavg)" "$errors"
done
