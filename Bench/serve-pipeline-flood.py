#!/usr/bin/env python3
"""Clients that pipeline requests and never read, against `breakdown serve`, with liveness probes.

Usage: python3 Bench/serve-pipeline-flood.py [BINARY] [CONNECTIONS] [REQUESTS]
(defaults: .build/release/breakdown, 300 connections, 60 PNG requests each).

Starts `serve --port 0 --health-port 0 --allow-unsigned`, opens CONNECTIONS connections that each
send REQUESTS pipelined PNG requests (different amounts) and read nothing, then probes
`/healthz` on the health port 20 times, half a second apart. Prints each probe's status and
seconds, the server's `breakdown_http_unread_closes_total` and `breakdown_cache_misses_total`
(images drawn), and how many of the requests were answered 200 (docs/serve.md, "Clients that do
not read their responses").
"""
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/breakdown"
connections = int(sys.argv[2]) if len(sys.argv) > 2 else 300
requests = int(sys.argv[3]) if len(sys.argv) > 3 else 60

log = tempfile.TemporaryFile(mode="w+")
server = subprocess.Popen([binary, "serve", "--port", "0", "--health-port", "0", "--allow-unsigned"],
                          stdout=subprocess.PIPE, stderr=log, text=True)
try:
    port = int(server.stdout.readline().strip().rsplit(":", 1)[1])
    health = int(re.search(r":(\d+)/healthz", server.stdout.readline()).group(1))
    held = []
    for c in range(connections):
        s = socket.create_connection(("127.0.0.1", port))
        s.setblocking(False)
        batch = b"".join(b"GET /v1/breakdown.png?amount=%d.%02d&scale=2 HTTP/1.1\r\nHost: x\r\n\r\n" % (100 + c, i % 100)
                         for i in range(requests))
        try:
            s.send(batch)
        except BlockingIOError:
            pass
        held.append(s)
    probes = []
    for _ in range(20):
        start = time.monotonic()
        try:
            status = urllib.request.urlopen(f"http://127.0.0.1:{health}/healthz", timeout=10).status
        except Exception as error:  # a probe that times out is a result, not a crash
            status = f"{type(error).__name__}"
        probes.append((status, round(time.monotonic() - start, 3)))
        time.sleep(0.5)
    print("health probes (status, seconds):", probes)
    metrics = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=120).read().decode()
    for line in metrics.splitlines():
        if line.startswith(("breakdown_http_unread_closes_total", "breakdown_cache_misses_total")):
            print(line)
finally:
    server.terminate()
    server.wait()
log.seek(0)
answered = sum(1 for line in log if "status=200" in line and "breakdown.png" in line)
print(f"PNG requests answered 200: {answered} of {connections * requests}")
