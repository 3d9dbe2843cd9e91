#!/usr/bin/env bash
# Tools/stress-tests.sh [N] [K]: runs the whole suite N times (default 5) with K busy loops
# (default 2) beside it, the way a loaded CI machine runs it, and lists every failure with its
# suite, test and message. Run it before landing a change to a test that waits for anything
# (a child, a socket, a thread, a file), and after a change to the test runner.
# Builds first (once); each run is Tools/run-tests.py --skip-build, its summary in
# .build/stress/run-N.txt. Exit status: 0 when all N runs passed, 1 otherwise.
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
loops=${2:-2}
if ! [[ "$runs" =~ ^[1-9][0-9]*$ && "$loops" =~ ^[0-9]+$ ]]; then
    echo "usage: Tools/stress-tests.sh [RUNS ≥ 1] [BUSY LOOPS ≥ 0]" >&2
    exit 2
fi
swift build --build-tests >/dev/null || { echo "error: the build failed" >&2; exit 1; }
mkdir -p .build/stress
busy=()
cleanup() { for pid in "${busy[@]}"; do kill "$pid" 2>/dev/null; done; }
trap cleanup EXIT INT TERM
for _ in $(seq 1 "$loops"); do
    ( while :; do :; done ) &
    busy+=($!)
done
passed=0
for run in $(seq 1 "$runs"); do
    summary=.build/stress/run-$run.txt
    start=$(date +%s)
    if python3 Tools/run-tests.py --skip-build > "$summary" 2>&1; then
        passed=$((passed + 1))
        echo "run $run of $runs: passed in $(( $(date +%s) - start )) s ($(tail -n 1 "$summary"))"
    else
        echo "run $run of $runs: FAILED in $(( $(date +%s) - start )) s; failures:"
        grep -E '^=== |^  ✘' "$summary" | sed 's/^/    /'
    fi
done
echo "$passed of $runs runs passed with $loops busy loops beside them"
[ "$passed" = "$runs" ]
