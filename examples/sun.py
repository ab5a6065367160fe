#!/usr/bin/env python3
"""Draws examples/sun.png, the PNG icon examples/icons.ini and the reference images use: a
96x96 RGBA sun (an amber disc and eight rays, its edges smoothed by 4x4 samples a pixel, the
rest transparent), to show an icon drawn in its own colours.

    python3 examples/sun.py

Python's standard library only (zlib, struct); the output is the same on every run.
"""
import math
import os
import struct
import zlib

SIZE = 96
DISC = (0xF5, 0xB0, 0x1E)
RAYS = (0xE0, 0x6C, 0x12)


def inside(x, y):
    """The colour at (x, y), in pixels from the top left, or None outside the sun."""
    dx, dy = x - SIZE / 2, y - SIZE / 2
    r = math.hypot(dx, dy)
    if r <= 24:
        return DISC
    angle = math.atan2(dy, dx) % (math.pi / 4)
    if 30 <= r <= 46 and min(angle, math.pi / 4 - angle) * r <= 4:
        return RAYS
    return None


def main():
    rows = []
    for y in range(SIZE):
        row = bytearray([0])
        for x in range(SIZE):
            hits = [inside(x + (i + 0.5) / 4, y + (j + 0.5) / 4) for j in range(4) for i in range(4)]
            colours = [c for c in hits if c]
            if not colours:
                row += bytes(4)
                continue
            total = [sum(c[k] for c in colours) for k in range(3)]
            row += bytes([round(t / len(colours)) for t in total] + [round(255 * len(colours) / 16)])
        rows.append(bytes(row))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sun.png")
    with open(path, "wb") as out:
        out.write(png)


if __name__ == "__main__":
    main()
