#!/usr/bin/env python3
"""Does a server bound the whole request's time, or only the gap between bytes?
Sends a request head one byte every GAP seconds (default 0.5, shorter than any idle timeout
the servers here are given, 5 s) for at most LIMIT seconds (default 15) and prints how long
the server kept the connection open: "closed after N s" or "open after LIMIT s".

    python3 drip.py HOST:PORT [GAP] [LIMIT]
"""
import socket
import sys
import time


def drip(address, gap=0.5, limit=15.0):
    host, port = address.rsplit(":", 1)
    s = socket.create_connection((host, int(port)), timeout=gap)
    head = b"GET /healthz HTTP/1.1\r\nHost: a\r\nX-Slow: " + b"b" * 1000
    start = time.monotonic()
    i = 0
    try:
        while time.monotonic() - start < limit:
            try:
                s.send(head[i:i + 1])
            except (BrokenPipeError, ConnectionResetError):
                return f"closed after {time.monotonic() - start:.1f} s"
            i += 1
            try:
                if s.recv(4096) == b"":
                    return f"closed after {time.monotonic() - start:.1f} s"
                return f"answered after {time.monotonic() - start:.1f} s"
            except socket.timeout:
                pass
            except ConnectionResetError:
                return f"closed after {time.monotonic() - start:.1f} s"
        return f"open after {limit:.0f} s"
    finally:
        s.close()


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)
    gap = float(sys.argv[2]) if len(sys.argv) > 2 else 0.5
    limit = float(sys.argv[3]) if len(sys.argv) > 3 else 15.0
    print(drip(sys.argv[1], gap, limit))
