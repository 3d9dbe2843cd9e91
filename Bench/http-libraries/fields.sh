#!/usr/bin/env bash
# Shows what each library hands the application for a few malformed fields: each server runs
# with BENCH_DUMP=1 and prints the fields it was given; a shape the library refused prints none.
# (h2o keeps Host, Content-Length, Transfer-Encoding, Expect and Upgrade out of its field list.)
# Run after build.sh.   usage: bash Bench/http-libraries/fields.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
shapes="obs-fold in another field|space before colon in another field|tab before colon|bare CR in a value|control byte in a value|NUL in a value|non-token byte in a name|Host given twice|Content-Length twice, different values"
freeport() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
for server in "mhd" "mhd strict" "mhd tolerant" "evhttp" "soup" "h2o"; do
    port=$(freeport)
    log=$(mktemp)
    BENCH_DUMP=1 "$here/bin/${server%% *}" "$port" ${server#mhd} 2>"$log" &
    pid=$!
    sleep 0.5
    echo "=== $server"
    python3 - "$here/../../Tools/http-shapes.py" "$port" "$shapes" "$log" <<'PY'
import importlib.util, sys, time
spec = importlib.util.spec_from_file_location("shapes", sys.argv[1])
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
wanted, log = sys.argv[3].split("|"), open(sys.argv[4])
for name, data, _ in m.shapes("/healthz"):
    if name not in wanted:
        continue
    statuses, closed = m.probe("127.0.0.1:" + sys.argv[2], data, timeout=0.5)
    time.sleep(0.1)
    fields = [l for l in log.read().splitlines() if l.startswith("  field")]
    print(f"--- {name}: got {','.join(statuses) or 'none'}")
    for f in fields:
        print("  " + f)
PY
    kill $pid
    wait $pid 2>/dev/null
    rm -f "$log"
done
