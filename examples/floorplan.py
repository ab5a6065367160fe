#!/usr/bin/env python3
"""Draws examples/floorplan.png, the floor plan examples/floorplan.ini puts under its invisible
zones: an 800x480 flat with four rooms, walls and doors, as an 8-bit palette PNG (a few KB).

    python3 examples/floorplan.py

Python's standard library only (zlib, struct); the output is the same on every run.
"""
import os
import struct
import zlib

WIDTH, HEIGHT = 800, 480
PALETTE = [
    (0x10, 0x12, 0x14),  # 0 outside: the panel's background
    (0xE9, 0xE4, 0xDA),  # 1 living room floor
    (0xD8, 0xE6, 0xEE),  # 2 kitchen tiles
    (0xE4, 0xDC, 0xEC),  # 3 bedroom
    (0xD4, 0xEC, 0xE0),  # 4 bathroom
    (0x3A, 0x3F, 0x46),  # 5 walls
    (0xB8, 0xA9, 0x90),  # 6 furniture
]


def main():
    px = [[0] * WIDTH for _ in range(HEIGHT)]

    def rect(x0, y0, x1, y1, color):
        for y in range(max(0, y0), min(HEIGHT, y1)):
            row = px[y]
            for x in range(max(0, x0), min(WIDTH, x1)):
                row[x] = color

    # Rooms (floors), then the walls around and between them, then doors cut into the walls.
    rect(20, 20, 460, 460, 1)     # living room
    rect(460, 20, 780, 220, 2)    # kitchen
    rect(460, 220, 780, 360, 3)   # bedroom
    rect(460, 360, 780, 460, 4)   # bathroom
    wall = 8
    rect(16, 16, 784, 16 + wall, 5)
    rect(16, 456, 784, 456 + wall, 5)
    rect(16, 16, 16 + wall, 464, 5)
    rect(776, 16, 776 + wall, 464, 5)
    rect(456, 16, 456 + wall, 464, 5)
    rect(456, 216, 784, 216 + wall, 5)
    rect(456, 356, 784, 356 + wall, 5)
    rect(456, 90, 456 + wall, 150, 1)    # living room to kitchen
    rect(456, 260, 456 + wall, 320, 1)   # to the bedroom
    rect(456, 380, 456 + wall, 430, 1)   # to the bathroom
    # Furniture: a sofa and a table, a counter, a bed, a bath.
    rect(60, 360, 300, 420, 6)
    rect(150, 150, 290, 240, 6)
    rect(480, 40, 760, 70, 6)
    rect(600, 240, 760, 340, 6)
    rect(620, 380, 760, 440, 6)

    raw = b"".join(b"\x00" + bytes(row) for row in px)
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    png = (b"\x89PNG\r\n\x1a\n"
           + chunk(b"IHDR", struct.pack(">IIBBBBB", WIDTH, HEIGHT, 8, 3, 0, 0, 0))
           + chunk(b"PLTE", b"".join(bytes(c) for c in PALETTE))
           + chunk(b"IDAT", zlib.compress(raw, 9))
           + chunk(b"IEND", b""))
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "floorplan.png")
    with open(path, "wb") as out:
        out.write(png)
    print(f"{path}: {len(png)} bytes")


if __name__ == "__main__":
    main()
