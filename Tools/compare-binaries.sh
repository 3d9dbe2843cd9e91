#!/usr/bin/env bash
# Renders one set of commands, batches, galleries, verify runs and server queries with two builds
# of breakdown and compares every byte they write (files, standard output and error, exit
# statuses, HTTP status, headers but Date, bodies). For restructurings that must change no
# picture and no byte: build the old tree into its own scratch path, then
#   Tools/compare-binaries.sh OLD/debug/breakdown .build/debug/breakdown
# Exit 0 when both wrote the same, 1 with the differences listed (`diff -r`) otherwise.
# Where a change is meant (a message that was wrong), list its case in EXPECTED_CHANGES: its
# differences are shown but do not fail the run.
set -u
if [ $# -ne 2 ]; then
    echo "usage: $0 OLD-BINARY NEW-BINARY" >&2
    exit 2
fi
old=$(realpath "$1") new=$(realpath "$2")
work=$(mktemp -d)
[ -n "${KEEP:-}" ] && echo "kept: $work" || trap 'rm -rf "$work"' EXIT
EXPECTED_CHANGES=${EXPECTED_CHANGES:-}

# A manifest with good records, one of each kind of bad field, a conflict and a hidden record.
mkdir -p "$work/in"
cat > "$work/in/m.ndjson" <<'EOF'
{"name": "plain", "amount": "100"}
{"name": "gb", "amount": "49.95", "locale": "en_GB", "scale": "2"}
{"name": "dark", "amount": "12", "appearance": "dark", "logo": "lockup", "background": "#000000"}
{"name": "ca", "amount": "1500", "locale": "fr_CA", "format": "png,svg,pdf"}
{"name": "wide", "amount": "7.5", "width": "120", "padding": "4", "font-size": "20"}
{"name": "badscale", "amount": "1", "scale": "5"}
{"name": "typo", "amout": "1"}
{"name": "both", "amount": "1", "font-size": "20", "content-size": "large"}
{"name": "minmax", "amount": "1", "min": "30", "max": "10"}
{"name": "currency", "amount": "1", "currency": "XYZ"}
{"name": "hidden", "amount": "1", "no-configuration": true}
{"name": "flag", "amount": "1", "cbt": "yes"}
{"name": "limits", "amount": "5000"}
EOF
cat > "$work/in/m.csv" <<'EOF'
SKU,Price,locale
a1,10.00,en_AU
b2,"1,299.00",en_US
c3,,en_GB
EOF
# The good records alone, for verify.
sed -n "1,3p;5p" "$work/in/m.ndjson" > "$work/in/good.ndjson"

run_cases() { # BINARY OUT
    local b=$1 out=$2 n=0
    mkdir -p "$out"
    cd "$out" || exit 2
    step() { # NAME COMMAND...
        local name=$1
        shift
        "$@" > "$name.stdout" 2> "$name.stderr"
        echo $? > "$name.status"
    }
    step render-png "$b" render --amount 100 -o r1.png --metadata r1.json
    step render-svg "$b" render --amount 49.95 --locale en_GB --scale 2 -o r2.svg
    step render-pdf "$b" render --amount 1500 --locale fr_CA --appearance dark -o r3.pdf
    step render-stdout "$b" render --amount 3 --link-text '<b>info</b>' -o -
    step render-typo "$b" render --amout 3 -o x.png
    step render-short "$b" render -x 3 -o x.png
    step render-conflict "$b" render --font-size 20 --content-size large -o x.png
    step render-minmax "$b" render --min 30 --max 10 -o x.png
    step render-hidden "$b" render --no-configuration -o x.png
    step render-bad-scale "$b" render --scale 5 -o x.png
    step render-flag-value "$b" render --cbt=1 -o x.png
    step render-needs-value "$b" render --amount
    step describe "$b" describe --amount 100 --locale en_GB
    # The Android view: every format, a clipped compact badge, a scale, its JSON.
    step android-png "$b" render --platform android --amount 100 --scale 2 -o a1.png --metadata a1.json
    step android-svg "$b" render --platform android --amount 5000 --locale en_GB -o a2.svg
    step android-pdf "$b" render --platform android --amount 100 --locale en_US -o a3.pdf
    step android-compact "$b" render --platform android --amount 100 --logo compactBadge --scale 1 -o a4.png
    step android-describe "$b" describe --platform android --amount 100 --locale en_CA
    step help "$b" --help
    step render-help "$b" render --help
    step batch-help "$b" batch --help
    step serve-help "$b" serve --help
    for command in describe verify gallery bench assets report completions schema version; do
        step "$command-help" "$b" "$command" --help
    done
    step man "$b" help --man
    step schema "$b" schema
    for shell in bash zsh fish; do step "completions-$shell" "$b" completions "$shell"; done
    step batch "$b" batch "$work/in/m.ndjson" -o batch --report batch-report.json --metadata --html --jobs 1
    step batch-again "$b" batch "$work/in/m.ndjson" -o batch --report batch-report-2.json --jobs 1
    step batch-csv "$b" batch "$work/in/m.csv" -o csv --map amount=Price,name=SKU --report csv-report.json --jobs 1
    step batch-bad-shard "$b" batch "$work/in/m.ndjson" -o x --shard 9
    step verify-record "$b" verify "$work/in/good.ndjson" --reference refs --record
    step verify "$b" verify "$work/in/good.ndjson" --reference refs
    step verify-bad "$b" verify "$work/in/m.ndjson" --reference refs
    # One bad record each: verify words them as batch does (field spelling); hidden is exit 3.
    local line
    for line in 7 8 9 11; do
        sed -n "${line}p" "$work/in/m.ndjson" > "$work/in/one-$line.ndjson"
        step "verify-line-$line" "$b" verify "$work/in/one-$line.ndjson" --reference refs
    done
    step gallery "$b" gallery -o gallery --jobs 2
    step gallery-drawing "$b" gallery -o gallery-big --jobs 2 --font-size 22 --background '#FFFFFF'
    # The journal and temporary names hold times and process ids: compare what they say, not when.
    rm -rf batch/.breakdown-batch csv/.breakdown-batch gallery/.breakdown-batch gallery-big/.breakdown-batch
    find . -name '*.versions.txt' -delete

    "$b" serve --port 0 --allow-unsigned --threads 1 > serve.log 2>&1 &
    local pid=$! url=""
    for _ in $(seq 1 100); do
        url=$(grep -o 'http://[0-9.:]*' serve.log | head -1)
        [ -n "$url" ] && break
        sleep 0.1
    done
    local queries=(
        "/v1/breakdown.png?amount=100"
        "/v1/breakdown.png?amount=100&locale=en_GB&scale=2"
        "/v1/breakdown.svg?amount=49.95&appearance=dark"
        "/v1/breakdown.pdf?amount=1500&locale=fr_CA"
        "/v1/breakdown.json?amount=100.00&background=%23FFFFFF"
        "/v1/breakdown.json?background=%23ffffffff&amount=100"
        "/v1/breakdown.png?amount=100.00&scale=1"
        "/v1/breakdown.html?amount=12&locale=en_GB"
        "/v1/breakdown.png?scal=2"
        "/v1/breakdown.png?amount=1&scale=5"
        "/v1/breakdown.png?amount=1&font-size=20&content-size=large"
        "/v1/breakdown.png?amount=1&min=30&max=10"
        "/v1/breakdown.png?amount=1&currency=XYZ"
        "/v1/breakdown.png?amount=1&no-configuration"
        "/v1/breakdown.png?amount=1&cbt=yes"
        "/v1/breakdown.png?amount=99999999999"
        "/v1/breakdown.png?amount=1&font-size=200"
        "/v1/breakdown.png?amount=1&font-file=/etc/passwd"
        "/v1/breakdown.png?amount=1&hidden=nope"
        "/v1/breakdown.png?amount=100&platform=android&scale=2"
        "/v1/breakdown.svg?amount=100&platform=android&logo=compactBadge"
    )
    for query in "${queries[@]}"; do
        n=$((n + 1))
        curl -s -D "q$n.head" -o "q$n.body" "$url$query"
        grep -iv '^date:' "q$n.head" > "q$n.headers"
        rm "q$n.head"
        echo "$query" > "q$n.query"
    done
    kill -TERM "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    rm serve.log
    # An ETag hashes the executable too, so it differs between any two builds: compare which
    # queries share one (the canonical option text), naming each by the first query that had it.
    local i j tag
    for i in $(seq 1 $n); do
        tag=$(grep -i '^etag:' "q$i.headers" | tr -d '\r')
        [ -z "$tag" ] && continue
        for j in $(seq 1 $i); do
            if grep -qiF "$tag" "q$j.headers"; then
                sed -i "s/^ETag: .*/ETag: (the ETag of q$j)/I" "q$i.headers"
                break
            fi
        done
    done
    # Times in summaries.
    sed -i -E 's/ in [0-9.]+ s, [0-9.]+ images\/s\)/ in T s, R images\/s)/' ./*.stdout
    cd - > /dev/null || exit 2
}

run_cases "$old" "$work/old"
run_cases "$new" "$work/new"
# Paths of the two runs differ only by old/new.
find "$work/old" "$work/new" -type f \( -name '*.stdout' -o -name '*.stderr' -o -name '*.json' -o -name '*.html' \) \
    -exec sed -i "s#$work/old#WORK#g; s#$work/new#WORK#g" {} +
# A batch's progress lines say how far it got at each second of the clock (records/s, time
# left): they differ run to run with the same binary, so they are left out of the comparison.
find "$work/old" "$work/new" -type f -name '*.stderr' \
    -exec sed -i -E '/^batch [0-9]+ records \([0-9]+% of the manifest\), .* records\/s, .* left$/d' {} +

status=0
differences=$(diff -r "$work/old" "$work/new")
if [ -n "$differences" ]; then
    unexpected=$(diff -rq "$work/old" "$work/new" | grep -v -E "${EXPECTED_CHANGES:-^$}" || true)
    echo "$differences"
    if [ -n "$unexpected" ]; then
        echo "DIFFERENT (not expected):"
        echo "$unexpected"
        status=1
    else
        echo "only the expected changes ($EXPECTED_CHANGES)"
    fi
fi
files=$(find "$work/old" -type f | wc -l)
[ $status -eq 0 ] && echo "same: $files files byte-identical but for the expected changes"
exit $status
