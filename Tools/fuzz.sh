#!/bin/sh
# The long fuzz pass of issue 12, by hand: thousands of seeded random command lines and manifests
# against the built debug binary (Tests/EndToEndTests/BinaryFuzzTests.swift). Every run must end with a
# status (no crash signal), within 30 s, under 1 GiB resident, and exit 2 with one stderr line.
#   Tools/fuzz.sh [CASES] [SEED]      (default 3000 cases, the CI seed)
# Prints the figures: runs by exit status, peak resident memory, slowest run.
set -eu
cd "$(dirname "$0")/.."
swift build
env BREAKDOWN_FUZZ_CASES="${1:-3000}" ${2:+BREAKDOWN_FUZZ_SEED="$2"} \
  swift test --filter 'BinaryFuzzTests|ManifestFuzzTests' 2>&1 | grep -E 'binary fuzz:|✘|✔ Suite|Expectation failed' || true
