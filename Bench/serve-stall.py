#!/usr/bin/env python3
"""Bench/serve-bench.sh's stalled clients: opens N connections to HOST:PORT and leaves them
stalled (a third idle, a third with half a request line, a third with a request line and no end
to the headers), prints "ready" and waits for standard input to close; then reports how many the
server closed. Usage: serve-stall.py PORT N"""
import socket
import sys

port, count = int(sys.argv[1]), int(sys.argv[2])
held = []
for index in range(count):
    connection = socket.create_connection(("127.0.0.1", port))
    if index % 3 == 1:
        connection.sendall(b"GET /hea")
    elif index % 3 == 2:
        connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
    held.append(connection)
print("ready", flush=True)
sys.stdin.read()
closed = 0
for connection in held:
    connection.settimeout(5)
    try:
        while connection.recv(65536):
            pass
        closed += 1
    except socket.timeout:
        pass
    except OSError:
        closed += 1
print(f"{closed} of {count} connections closed by the server", flush=True)
