#!/usr/bin/env python3
"""Writes a shop's product export as it comes out of a shop's admin, for trying `breakdown batch`:

    python3 Tools/shop-catalogue.py 20000 catalogue.csv

Header `SKU,Product Name,Price,Category`, a UTF-8 byte order mark, CRLF line ends, prices written
the ways shops write them (`1,299.00`, `$49.95`, `49.9`, `AUD 120`, `  35.00 `), some empty, some
above the usual $2,000 limit, product names with commas and quotes (quoted), and three SKUs that
appear twice with other prices. The same count always gives the same bytes (no randomness)."""
import sys

CATEGORIES = ["Shoes", "Dresses", "Home & Living", "Beauty", "Outdoor, Camping", "Kids"]
WORDS = ["Linen", "Canvas", "Merino", "Suede", "Bamboo", "Crème", "Walnut", "Coastal", "Nordic", "Classic"]
THINGS = ["Sneaker", "Throw", "Lamp", "Tote", "Jacket", "Serum", "Tent", "Mug", "Blazer", "Rug"]


def price(i):
    """A price for product i, in one of the shapes shops export."""
    kind = i % 10
    cents = (i * 7919) % 100
    dollars = 5 + (i * 104729) % 2400  # some above 2000: outside the limits
    if i % 53 == 0:
        return ""  # empty
    if kind == 0:
        return f"{dollars:,}.{cents:02d}"  # 1,299.00 (or 45.00)
    if kind == 1:
        return f"${dollars}.{cents:02d}"
    if kind == 2:
        return f"{dollars}.{cents // 10}"  # 49.9
    if kind == 3:
        return f"AUD {dollars}"
    if kind == 4:
        return f"  {dollars}.{cents:02d} "
    return f"{dollars}.{cents:02d}"


def quoted(cell):
    return '"' + cell.replace('"', '""') + '"' if any(c in cell for c in ',"\r\n') else cell


def main():
    count, path = int(sys.argv[1]), sys.argv[2]
    duplicates = {count // 4: 1, count // 2: 2, (3 * count) // 4: 3}  # row → an earlier SKU it repeats
    with open(path, "w", encoding="utf-8", newline="") as out:
        out.write("\ufeffSKU,Product Name,Price,Category\r\n")
        for i in range(count):
            sku = f"SKU-{i:05d}"
            if i in duplicates:
                sku = f"SKU-{duplicates[i]:05d}"
            name = f'{WORDS[i % len(WORDS)]} {THINGS[(i // 10) % len(THINGS)]}'
            if i % 17 == 0:
                name += ', 2 pack'
            if i % 29 == 0:
                name += ' "limited"'
            row = [sku, name, price(i), CATEGORIES[i % len(CATEGORIES)]]
            out.write(",".join(quoted(c) for c in row) + "\r\n")


if __name__ == "__main__":
    main()
