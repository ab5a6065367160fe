#!/usr/bin/env python3
"""Writes the kernel VM's page backgrounds (issue 27's `[page NAME] image`) as PNG files:

  pictures.py OUT_DIR

  looks.png     800x480 RGBA for the looks run: every pixel its own colour (red across, green
                down, blue from both), so a picture drawn a pixel off or a row out of place
                shows; opaque but for the bottom band's right part, x >= 400 and y >= 420:
                x < 600 fully transparent (with a colour that must not show) and x >= 600 at
                alpha 0x80, where the page's background colour shows through.
  page-N.png    N = 1..4, 800x480 RGB for the iconpages run: the same ramps tinted per page,
                so that each page's picture differs from the others.

The rows cycle through PNG's five filter types (none, sub, up, average, Paeth), so the
firmware's libpng undoes each. Tests/VM/console.py reads these files back (its own decoder)
for the values the display must show. Standard library only; the same bytes on every run.
"""
import os
import struct
import sys
import zlib

WIDTH, HEIGHT = 800, 480


def looks_pixel(x, y):
    r, g, b = x * 255 // (WIDTH - 1), y * 255 // (HEIGHT - 1), (x * 7 + y * 3) & 255
    if y >= 420 and x >= 400:
        if x < 600:
            return (255, 0, 255, 0)       # transparent: the page's background colour shows
        return (r, g, b, 0x80)
    return (r, g, b, 255)


def page_pixel(page):
    def pixel(x, y):
        base = (x * 255 // (WIDTH - 1), y * 255 // (HEIGHT - 1), (x * 5 + y * 11 + page * 40) & 255)
        return tuple((value + page * 61) & 255 if k == page % 3 else value for k, value in enumerate(base))
    return pixel


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def filtered(row, previous, kind, size):
    """`row` (bytes of one scanline) filtered with PNG filter `kind` against `previous`."""
    out = bytearray(len(row))
    for i, value in enumerate(row):
        left = row[i - size] if i >= size else 0
        up = previous[i]
        corner = previous[i - size] if i >= size else 0
        predictor = (0, left, up, (left + up) // 2, paeth(left, up, corner))[kind]
        out[i] = (value - predictor) & 255
    return bytes(out)


def write_png(path, pixel, channels):
    colour_type = {3: 2, 4: 6}[channels]
    previous = bytes(WIDTH * channels)
    raw = bytearray()
    for y in range(HEIGHT):
        row = bytes(v for x in range(WIDTH) for v in pixel(x, y)[:channels])
        kind = y % 5
        raw += bytes((kind,)) + filtered(row, previous, kind, channels)
        previous = row

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", WIDTH, HEIGHT, 8, colour_type, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(bytes(raw), 9)))
        f.write(chunk(b"IEND", b""))


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    write_png(os.path.join(out, "looks.png"), looks_pixel, 4)
    for page in (1, 2, 3, 4):
        write_png(os.path.join(out, f"page-{page}.png"), page_pixel(page), 3)


if __name__ == "__main__":
    main()
