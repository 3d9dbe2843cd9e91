#!/bin/bash
# `make fuzz`: coverage-guided fuzzing (libFuzzer + AddressSanitizer/LeakSanitizer) of each parser,
# through the harnesses of Fuzz/Harnesses, FUZZ_SECONDS each (default 60).
#   Tools/fuzz-harnesses.sh [HARNESS…]        (default: all)
# A crash, a leak, an input that takes more than 1 s, or an allocation over 256 MiB fails the run
# and leaves the reproducer in .build-fuzz/findings/ (replay it with
# `.build/debug/breakdown-fuzz HARNESS FILE` after `swift build`, or the fuzz build itself).
# Prints, per harness: executions, executions/s, coverage (edges) and features, corpus size.
# Corpora are made fresh by Tools/fuzz-seeds.py in a temporary folder and grow there only; files
# written are capped (ulimit -f), and the folder is removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH="${FUZZ_SECONDS:-60}"
SCRATCH=.build-fuzz
HARNESSES=("$@")
[ ${#HARNESSES[@]} -gt 0 ] || HARNESSES=(ndjson json csv query signature contents-json artwork png png-encode journal)

# libFuzzer without its main (the harness binary has a Swift main that calls LLVMFuzzerRunDriver).
resources=$(swiftc -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["paths"]["runtimeResourcePath"])')
fuzzer=$(ls "$resources"/../clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a 2>/dev/null | head -1)
[ -n "$fuzzer" ] || { echo "fuzz: libclang_rt.fuzzer_no_main-x86_64.a is not in this Swift toolchain ($resources/../clang)" >&2; exit 2; }

echo "fuzz: building the harnesses with ASan and libFuzzer coverage (in $SCRATCH)"
swift build --product breakdown-fuzz --scratch-path "$SCRATCH" --sanitize=address \
	-Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp -Xswiftc -DBREAKDOWN_FUZZ \
	-Xlinker "$fuzzer" -Xlinker -lstdc++ 2>&1 | grep -E "error|warning: unre|Compiling|Build" | grep -v "^\[" || true
binary="$SCRATCH/debug/breakdown-fuzz"
[ -x "$binary" ] || { echo "fuzz: the harness binary was not built" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/breakdown-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT
python3 Tools/fuzz-seeds.py "$work/seeds" >/dev/null
mkdir -p "$SCRATCH/findings"
ulimit -f $((1024 * 1024))   # no file over 1 GiB (in 1 KiB blocks)

declare -A max_len=([ndjson]=4096 [json]=4096 [csv]=4096 [query]=2048 [signature]=512 [contents-json]=4096 [artwork]=65536 [png]=65536 [png-encode]=16385 [journal]=8192)
failed=()
printf '%-14s %10s %8s %8s %9s %7s  %s\n' harness runs "exec/s" edges features corpus result
for harness in "${HARNESSES[@]}"; do
	corpus="$work/corpus/$harness"
	mkdir -p "$corpus"
	log="$work/$harness.log"
	status=0
	# detect_leaks: LeakSanitizer after each input that grew the heap; the exit codes tell a finding from a clean end.
	ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=0:handle_abort=1" TMPDIR="$work" \
		timeout --kill-after=30 $((SECONDS_EACH + 120)) "$binary" "$harness" "$corpus" "$work/seeds/$harness" \
		-max_total_time="$SECONDS_EACH" -timeout=1 -malloc_limit_mb=256 -rss_limit_mb=1024 \
		-max_len="${max_len[$harness]}" -print_final_stats=1 -close_fd_mask=1 \
		-artifact_prefix="$SCRATCH/findings/$harness-" >"$log" 2>&1 || status=$?
	runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo 0)
	speed=$(grep -oE 'stat::average_exec_per_sec: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo 0)
	last=$(grep -E '^#[0-9]+' "$log" | tail -1)
	edges=$(echo "$last" | grep -oE 'cov: [0-9]+' | grep -oE '[0-9]+' || echo "?")
	features=$(echo "$last" | grep -oE 'ft: [0-9]+' | grep -oE '[0-9]+' || echo "?")
	units=$(echo "$last" | grep -oE 'corp: [0-9]+' | grep -oE '[0-9]+' || echo "?")
	result=ok
	if [ "$status" -ne 0 ]; then
		artifact=$(grep -oE "Test unit written to [^ ]+" "$log" | tail -1 | sed 's/Test unit written to //')
		kind=$(grep -oE 'ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer): [a-z-]+|breakdown-fuzz: .*' "$log" | head -1)
		result="FAILED (status $status): ${kind:-see log} ${artifact:+→ $artifact}"
		cp "$log" "$SCRATCH/findings/$harness.log"
		failed+=("$harness")
	fi
	printf '%-14s %10s %8s %8s %9s %7s  %s\n' "$harness" "$runs" "$speed" "$edges" "$features" "$units" "$result"
done
if [ ${#failed[@]} -gt 0 ]; then
	echo "fuzz: findings in ${failed[*]}: reproducers and logs in $SCRATCH/findings/" >&2
	exit 1
fi
echo "fuzz: no finding in ${#HARNESSES[@]} harnesses × ${SECONDS_EACH} s"
