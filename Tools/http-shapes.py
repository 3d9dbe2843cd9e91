#!/usr/bin/env python3
"""Sends each request-head shape of the smuggling table to an HTTP server on a raw socket and
prints what came back: how many responses, their status codes, and whether the connection was
closed after them. RFC 9112 asks a server to refuse every shape marked 400 (and close); a server
that answers 200, or answers twice, could be smuggled past by a proxy that reads it otherwise.

    python3 Tools/http-shapes.py HOST:PORT [PATH]     # a table on stdout
    python3 Tools/http-shapes.py --json HOST:PORT     # the same as JSON

PATH is a path the server answers 200 to (default /healthz).
"""
import json
import re
import socket
import sys


def shapes(path):
    p = path.encode()
    line = b"GET " + p + b" HTTP/1.1\r\n"
    host = b"Host: a\r\n"
    second = b"GET " + p + b" HTTP/1.1\r\nHost: a\r\n\r\n"
    return [
        # name, bytes, expected status ("400" = refused then closed, "200" = answered once)
        ("plain request", line + host + b"\r\n", "200"),
        ("space before colon in Transfer-Encoding", line + host + b"Transfer-Encoding : chunked\r\n\r\n0\r\n\r\n", "400"),
        ("space before colon in Content-Length", line + host + b"Content-Length: 0\r\nContent-Length : 5\r\n\r\n" + second, "400"),
        ("space before colon in another field", line + host + b"X-A : b\r\n\r\n", "400"),
        ("tab before colon", line + host + b"X-A\t: b\r\n\r\n", "400"),
        ("obs-fold Transfer-Encoding with Content-Length", line + host + b"Transfer-Encoding:\r\n chunked\r\nContent-Length: 5\r\n\r\n" + second, "400"),
        ("obs-fold in another field", line + host + b"X-A: b\r\n c\r\n\r\n", "400"),
        ("bare CR in a value", line + host + b"X-A: b\rc\r\n\r\n", "400"),
        ("bare CR in the request line", b"GET " + p + b" HTTP/1.1\rX\r\n" + host + b"\r\n", "400"),
        ("bare LF line ends", b"GET " + p + b" HTTP/1.1\n" + b"Host: a\n\n", "400"),
        ("control byte in a value", line + host + b"X-A: b\x01c\r\n\r\n", "400"),
        ("DEL in a value", line + host + b"X-A: b\x7fc\r\n\r\n", "400"),
        ("NUL in a value", line + host + b"X-A: b\x00c\r\n\r\n", "400"),
        ("control byte in a name", line + host + b"X\x01A: b\r\n\r\n", "400"),
        ("non-token byte in a name", line + host + b"X(A): b\r\n\r\n", "400"),
        ("empty field name", line + host + b": b\r\n\r\n", "400"),
        ("field without a colon", line + host + b"X-A b\r\n\r\n", "400"),
        ("HTTP/1.1 without Host", line + b"\r\n", "400"),
        ("Host given twice", line + host + b"Host: b\r\n\r\n", "400"),
        ("Host given twice, same value", line + host + host + b"\r\n", "400"),
        ("HTTP/1.0 without Host", b"GET " + p + b" HTTP/1.0\r\n\r\n", "200"),
        ("Content-Length +5", line + host + b"Content-Length: +5\r\n\r\nabcde", "400"),
        ("Content-Length 0x10", line + host + b"Content-Length: 0x10\r\n\r\n", "400"),
        ("Content-Length list '0, 5'", line + host + b"Content-Length: 0, 5\r\n\r\n", "400"),
        ("Content-Length of 20 digits", line + host + b"Content-Length: 99999999999999999999\r\n\r\n", "400"),
        ("Content-Length -1", line + host + b"Content-Length: -1\r\n\r\n", "400"),
        ("Content-Length empty", line + host + b"Content-Length:\r\n\r\n", "400"),
        ("Content-Length twice, same value", line + host + b"Content-Length: 5\r\nContent-Length: 5\r\n\r\nabcde", "400"),
        ("Content-Length twice, different values", line + host + b"Content-Length: 0\r\nContent-Length: 5\r\n\r\n" + second, "400"),
        ("Content-Length 0", line + host + b"Content-Length: 0\r\n\r\n", "200"),
        ("Content-Length 5 (a body)", line + host + b"Content-Length: 5\r\n\r\nabcde", "413"),
        ("Transfer-Encoding chunked", line + host + b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n", "400"),
        ("Transfer-Encoding identity", line + host + b"Transfer-Encoding: identity\r\n\r\n", "400"),
        ("Transfer-Encoding and Content-Length", line + host + b"Transfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n" + second, "400"),
        ("space before the request line", b" " + line + host + b"\r\n", "400"),
        ("two spaces in the request line", b"GET  " + p + b" HTTP/1.1\r\n" + host + b"\r\n", "400"),
        ("lower-case version", b"GET " + p + b" http/1.1\r\n" + host + b"\r\n", "400"),
        ("version HTTP/1.10", b"GET " + p + b" HTTP/1.10\r\n" + host + b"\r\n", "400"),
    ]


STATUS = re.compile(rb"HTTP/1\.[01] (\d{3})")


def probe(address, data, timeout=2.0):
    host, port = address.rsplit(":", 1)
    s = socket.create_connection((host, int(port)), timeout=timeout)
    s.sendall(data)
    received = b""
    closed = False
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk:
                closed = True
                break
            received += chunk
    except socket.timeout:
        pass
    except ConnectionResetError:
        closed = True
    s.close()
    # A status line begins the bytes or follows a line end (a body such as "ok\n" ends in one).
    statuses = [m.group(1).decode() for m in STATUS.finditer(received) if m.start() == 0 or received[m.start() - 1:m.start()] == b"\n"]
    return statuses, closed


def verdict(expected, statuses, closed):
    if expected == "200":
        return statuses == ["200"]
    # A refusal: exactly one 4xx answer, then the connection closed.
    return len(statuses) == 1 and statuses[0].startswith("4") and closed


def main(argv):
    as_json = "--json" in argv
    argv = [a for a in argv if a != "--json"]
    if not argv:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    address = argv[0]
    path = argv[1] if len(argv) > 1 else "/healthz"
    rows = []
    for name, data, expected in shapes(path):
        statuses, closed = probe(address, data)
        rows.append({"shape": name, "expected": expected, "statuses": statuses, "closed": closed,
                     "ok": verdict(expected, statuses, closed)})
    if as_json:
        print(json.dumps(rows, indent=1))
    else:
        for row in rows:
            answer = ",".join(row["statuses"]) or "none"
            print(f"{'ok ' if row['ok'] else 'BAD'}  {row['shape']:<50} expected {row['expected']}  got {answer}{' closed' if row['closed'] else ''}")
        print(f"{sum(r['ok'] for r in rows)} of {len(rows)} shapes answered as RFC 9112 asks")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
