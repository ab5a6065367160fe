#!/usr/bin/env python3
"""Writes the PNG files the decoder's tests read (Tests/PanelDriversTests/Display/Image) and the
png fuzz target starts from: into Tests/PNGFixtures/ and Fuzz/corpus/png/.

    python3 Tests/PNGFixtures/make.py

Python's standard library only (zlib, struct), so the files come from an encoder that shares no
code with the decoder under test (libpng through CLinux/png.c). Every file is small; the output
is the same on every run (zlib level 9), so a run over a checkout changes nothing. The pixel
values each file holds are written out again, independently, in the Swift tests.

Rows are filtered with each of the five PNG filters in turn (row y uses filter y % 5), so
every file also checks libpng's unfiltering, not only its colour conversion.
"""
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUTPUTS = [HERE, os.path.join(ROOT, "Fuzz", "corpus", "png")]

SIGNATURE = b"\x89PNG\r\n\x1a\n"
GRAY, RGB, PALETTE, GRAY_ALPHA, RGBA = 0, 2, 3, 4, 6
CHANNELS = {GRAY: 1, RGB: 3, PALETTE: 1, GRAY_ALPHA: 2, RGBA: 4}
# Adam7: (x start, y start, x step, y step) of the seven passes.
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def chunk(kind, data, crc=None):
    """One chunk: length, type, data, CRC-32 of type and data (or the CRC given)."""
    kind = kind.encode("ascii")
    if crc is None:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def ihdr(width, height, depth, color, interlace=0):
    return chunk("IHDR", struct.pack(">IIBBBBB", width, height, depth, color, 0, 0, interlace))


def pack_row(pixels, depth):
    """A row of pixels (tuples of samples) as bytes: samples below 8 bits packed from the
    high bit, the row padded to a whole byte; 16-bit samples big-endian."""
    samples = [s for p in pixels for s in p]
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if depth == 8:
        return bytes(samples)
    out, acc, bits = bytearray(), 0, 0
    for s in samples:
        assert 0 <= s < (1 << depth)
        acc = (acc << depth) | s
        bits += depth
        if bits == 8:
            out.append(acc)
            acc, bits = 0, 0
    if bits:
        out.append(acc << (8 - bits))
    return bytes(out)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def filter_row(kind, row, prior, bpp):
    """Row bytes filtered with filter `kind` (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth)."""
    out = bytearray([kind])
    for i, x in enumerate(row):
        a = row[i - bpp] if i >= bpp else 0
        b = prior[i]
        c = prior[i - bpp] if i >= bpp else 0
        predictor = [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]
        out.append((x - predictor) & 0xFF)
    return bytes(out)


def filtered(rows, depth, color):
    """The filtered bytes of one (sub)image: rows of pixels, row y with filter y % 5."""
    bpp = max(1, CHANNELS[color] * depth // 8)
    out = bytearray()
    prior = None
    for y, pixels in enumerate(rows):
        row = pack_row(pixels, depth)
        prior = prior if prior is not None else bytes(len(row))
        out += filter_row(y % 5, row, prior, bpp)
        prior = row
    return bytes(out)


def image_data(rows, depth, color, interlace):
    if not interlace:
        return filtered(rows, depth, color)
    height, width = len(rows), len(rows[0])
    out = bytearray()
    for x0, y0, dx, dy in ADAM7:
        sub = [[rows[y][x] for x in range(x0, width, dx)] for y in range(y0, height, dy)]
        if sub and sub[0]:          # an empty pass has no bytes at all, not even filter bytes
            out += filtered(sub, depth, color)
    return bytes(out)


def png(rows, depth, color, interlace=0, before_idat=(), idat_parts=1, end=True):
    """A whole file. `rows`: height lists of width pixels, each a tuple of samples (palette
    index for PALETTE). `before_idat`: chunks between IHDR and IDAT (PLTE, tRNS, others).
    `idat_parts`: the zlib stream split over that many IDAT chunks."""
    data = zlib.compress(image_data(rows, depth, color, interlace), 9)
    step = -(-len(data) // idat_parts)
    idats = b"".join(chunk("IDAT", data[i:i + step]) for i in range(0, len(data), step))
    return (SIGNATURE + ihdr(len(rows[0]), len(rows), depth, color, interlace) + b"".join(before_idat)
            + idats + (chunk("IEND", b"") if end else b""))


def plte(colors):
    return chunk("PLTE", b"".join(bytes(c) for c in colors))


def grid(width, height, pixel):
    return [[pixel(x, y) for x in range(width)] for y in range(height)]


def files():
    f = {}
    # --- every colour type and bit depth --------------------------------------------------------
    f["gray1.png"] = png([[(1,), (0,), (1,)], [(0,), (1,), (1,)]], 1, GRAY)
    f["gray2.png"] = png([[(0,), (1,), (2,), (3,)]], 2, GRAY)
    f["gray4.png"] = png([[(0,), (7,), (15,)]], 4, GRAY)
    f["gray8.png"] = png([[(0,), (128,), (255,)]], 8, GRAY)
    f["gray8-trns.png"] = png([[(0,), (128,), (255,)]], 8, GRAY, before_idat=[chunk("tRNS", struct.pack(">H", 128))])
    f["gray16.png"] = png([[(0x1234,), (0x12FF,), (0xFFFF,)]], 16, GRAY)
    # The key is compared at 16 bits: 0x12FF has 0x1234's high byte and stays opaque.
    f["gray16-trns.png"] = png([[(0x1234,), (0x12FF,), (0xFFFF,)]], 16, GRAY,
                               before_idat=[chunk("tRNS", struct.pack(">H", 0x1234))])
    f["gray-alpha8.png"] = png([[(10, 20), (200, 255)]], 8, GRAY_ALPHA)
    f["gray-alpha16.png"] = png([[(0xABCD, 0x8001), (0x0000, 0xFFFF)]], 16, GRAY_ALPHA)
    f["palette1.png"] = png([[(0,), (1,), (0,)], [(1,), (1,), (0,)]], 1, PALETTE,
                            before_idat=[plte([(255, 0, 0), (0, 0, 255)])])
    f["palette2.png"] = png([[(3,), (0,), (2,), (1,), (3,)]], 2, PALETTE,
                            before_idat=[plte([(0, 0, 0), (85, 0, 170), (170, 255, 85), (255, 128, 1)])])
    f["palette8.png"] = png([[(2,), (0,), (1,)]], 8, PALETTE,
                            before_idat=[plte([(10, 20, 30), (40, 50, 60), (70, 80, 90)])])
    # tRNS shorter than the palette: entry 2 has none and is opaque.
    f["palette8-trns.png"] = png([[(2,), (0,), (1,)]], 8, PALETTE,
                                 before_idat=[plte([(10, 20, 30), (40, 50, 60), (70, 80, 90)]), chunk("tRNS", bytes([0, 128]))])
    f["palette4-trns.png"] = png([[(0,), (1,), (2,), (3,), (4,)]], 4, PALETTE,
                                 before_idat=[plte([(i * 50, 255 - i * 50, i) for i in range(5)]), chunk("tRNS", bytes([64]))])
    # Ancillary chunks that would change colours if they were applied (gamma 1.0, a
    # chromaticity) or that libpng would store (text, time): skipped, the bytes stay.
    f["rgb8.png"] = png([[(1, 2, 3), (4, 5, 6)], [(250, 251, 252), (0, 0, 0)]], 8, RGB,
                        before_idat=[chunk("gAMA", struct.pack(">I", 100000)),
                                     chunk("cHRM", struct.pack(">8I", 31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000)),
                                     chunk("tEXt", b"Comment\0a PNG fixture"), chunk("tIME", struct.pack(">HBBBBB", 2026, 1, 2, 3, 4, 5))])
    f["rgb8-trns.png"] = png([[(1, 2, 3), (4, 5, 6)]], 8, RGB, before_idat=[chunk("tRNS", struct.pack(">HHH", 4, 5, 6))])
    # The key is compared at 16 bits: the second pixel has the key's high bytes and stays opaque.
    f["rgb16-trns.png"] = png([[(0x0102, 0x0304, 0x0506), (0x0102, 0x0304, 0x05FF)]], 16, RGB,
                              before_idat=[chunk("tRNS", struct.pack(">HHH", 0x0102, 0x0304, 0x0506))])
    f["rgb16.png"] = png([[(0x0102, 0x0304, 0x0506), (0xFFFE, 0x8000, 0x00FF)]], 16, RGB)
    f["rgba8.png"] = png([[(1, 2, 3, 4), (255, 128, 0, 0)]], 8, RGBA)
    f["rgba16.png"] = png([[(0x1111, 0x2222, 0x3333, 0x4444), (0xFFFF, 0x0000, 0x8080, 0x7F00)]], 16, RGBA)
    # Larger values in every filter (row y uses filter y): Average and Paeth see carries.
    f["rgb8-filters.png"] = png(grid(7, 5, lambda x, y: ((x * 37 + y * 11) % 256, (x * x * 5 + y * 53) % 256, (255 - x * 19 - y * 7) % 256)),
                                8, RGB)
    # Adam7: every pass non-empty (9x9), spread over three IDAT chunks.
    f["rgba8-adam7.png"] = png(grid(9, 9, lambda x, y: (x * 16 + y, y * 16 + x, x * y, 255 - x - y)), 8, RGBA,
                               interlace=1, idat_parts=3)
    f["gray2-adam7.png"] = png(grid(7, 5, lambda x, y: ((x + 2 * y) % 4,)), 2, GRAY, interlace=1)
    # 2x3: passes 2, 3 and 5 are empty.
    f["rgb16-adam7.png"] = png(grid(2, 3, lambda x, y: (x * 0x4000 + y * 0x100 + 0xFF, 0xFF00 - y * 0x1000, 0x00FF)), 16, RGB, interlace=1)
    # The size limit is inclusive: 4096 pixels wide or tall decodes.
    f["limit-4096x1.png"] = png([[(1 if x == 4095 else 0,) for x in range(4096)]], 1, GRAY)
    f["limit-1x4096.png"] = png([[(1 if y == 4095 else 0,)] for y in range(4096)], 1, GRAY)

    # --- broken files ---------------------------------------------------------------------------
    good = f["rgb8-filters.png"]
    f["empty.png"] = b""
    f["not-png.png"] = b"GIF89a\x01\x00\x01\x00\x00\x00\x00;"
    f["signature-only.png"] = SIGNATURE
    f["signature-partial.png"] = SIGNATURE[:5]
    # IHDR's length and type, then 5 of its 13 data bytes.
    f["truncated-ihdr.png"] = good[:8 + 8 + 5]
    idat = good.index(b"IDAT")
    idat_length = struct.unpack(">I", good[idat - 4:idat])[0]
    f["truncated-idat.png"] = good[:idat + 4 + idat_length // 2]
    f["no-iend.png"] = good[:-12]
    f["bad-crc-ihdr.png"] = SIGNATURE + chunk("IHDR", struct.pack(">IIBBBBB", 7, 5, 8, RGB, 0, 0, 0), crc=0x12345678) + good[33:]
    crc_at = idat + 4 + idat_length
    f["bad-crc-idat.png"] = good[:crc_at] + bytes([good[crc_at] ^ 0xFF]) + good[crc_at + 1:]
    # An IDAT whose CRC is right but whose data is not a zlib stream.
    f["bad-zlib.png"] = (SIGNATURE + ihdr(2, 2, 8, RGB) + chunk("IDAT", b"\x00\x01\x02\x03\x04\x05\x06\x07") + chunk("IEND", b""))
    f["bad-depth.png"] = SIGNATURE + ihdr(2, 2, 3, RGB) + good[33:]
    f["zero-width.png"] = SIGNATURE + ihdr(0, 2, 8, RGB) + good[33:]
    # A text chunk before IHDR, every CRC right: the spec puts IHDR first (libpng would skip
    # the text and decode the rest).
    f["chunk-before-ihdr.png"] = SIGNATURE + chunk("tEXt", b"Comment\0first") + good[8:]
    # Too large by the header. The image data is a valid zlib stream of far too few bytes for
    # the size: a decoder that started on the pixels would call the file corrupt, not too large.
    short = chunk("IDAT", zlib.compress(b"\x00" * 16, 9)) + chunk("IEND", b"")
    f["too-wide-5000x10.png"] = SIGNATURE + ihdr(5000, 10, 8, RGBA) + short
    f["too-tall-10x5000.png"] = SIGNATURE + ihdr(10, 5000, 8, RGBA) + short
    f["too-wide-4097x1.png"] = SIGNATURE + ihdr(4097, 1, 1, GRAY) + short
    f["too-tall-1x4097.png"] = SIGNATURE + ihdr(1, 4097, 1, GRAY) + short
    return f


def main():
    made = files()
    for out in OUTPUTS:
        os.makedirs(out, exist_ok=True)
        for name, data in sorted(made.items()):
            with open(os.path.join(out, name), "wb") as fh:
                fh.write(data)
    print(f"make.py: {len(made)} files into " + ", ".join(os.path.relpath(o, ROOT) for o in OUTPUTS))


if __name__ == "__main__":
    main()
