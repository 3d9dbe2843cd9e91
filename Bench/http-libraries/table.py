#!/usr/bin/env python3
"""Combines the probe's --json output of several servers into one table.
    python3 table.py NAME=FILE.json ...
A cell is ✓ when the shape was answered as RFC 9112 asks, else the status codes got ("none" for
no answer within the probe's 2 s); "(open)" marks a lone 4xx after which the connection stayed open."""
import json
import sys

columns = [arg.split("=", 1) for arg in sys.argv[1:]]
results = {name: json.load(open(path)) for name, path in columns}
names = [name for name, _ in columns]
shapes = [(row["shape"], row["expected"]) for row in results[names[0]]]


def cell(row):
    if row["ok"]:
        return "✓"
    got = ",".join(row["statuses"]) or "none"
    if len(row["statuses"]) == 1 and row["statuses"][0].startswith("4") and not row["closed"]:
        got += " (open)"
    return got


widths = [max(len(n), 9) for n in names]
shape_width = max(len(s) for s, _ in shapes) + 7
print(f"{'shape (expected)':<{shape_width}}" + "".join(f" | {n:<{w}}" for n, w in zip(names, widths)))
print("-" * shape_width + "".join("-+-" + "-" * w for w in widths))
for i, (shape, expected) in enumerate(shapes):
    cells = [cell(results[n][i]) for n in names]
    print(f"{shape + ' (' + expected + ')':<{shape_width}}" + "".join(f" | {c:<{w}}" for c, w in zip(cells, widths)))
print("-" * shape_width + "".join("-+-" + "-" * w for w in widths))
counts = [f"{sum(r['ok'] for r in results[n])}/{len(shapes)}" for n in names]
print(f"{'answered as RFC 9112 asks':<{shape_width}}" + "".join(f" | {c:<{w}}" for c, w in zip(counts, widths)))
