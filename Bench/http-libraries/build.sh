#!/usr/bin/env bash
# Builds the minimal servers into Bench/http-libraries/bin with pkg-config.
# Needs: libmicrohttpd-dev libevent-dev libsoup-3.0-dev libh2o-evloop-dev (Debian 12).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$here/bin"
for pair in mhd:libmicrohttpd evhttp:libevent soup:libsoup-3.0 h2o:libh2o-evloop; do
    name=${pair%%:*}
    package=${pair#*:}
    # shellcheck disable=SC2046
    cc -O2 -Wall -Wextra -o "$here/bin/$name" "$here/$name.c" $(pkg-config --cflags --libs "$package")
done
echo "built: $(ls "$here/bin" | tr '\n' ' ')"
