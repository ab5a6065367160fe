#!/usr/bin/env python3
"""PNG pixels for the reference images, with zlib only (no Pillow).

  png.py compare REFERENCE RENDERED   exit 0 if every pixel is the same, else print where they
                                      differ and exit 1
  png.py compare-all REFDIR RENDERDIR for each image path (under both) read on stdin, one line
                                      PATH<tab>RESULT: "same", "no reference", "not rendered"
                                      or where they differ (one process: python starts once)
  png.py contact-sheet OUT COLUMNS FRAME...
                                      the frames at half size on one PNG, COLUMNS to a row in
                                      the order given, with a gap between (scripts/demo.sh)

Reads 8-bit greyscale, RGB, grey+alpha and RGBA PNGs, non-interlaced, filter types 0-4: what
the panel writes (libpng: RGB, deflated, filter 0) and what earlier versions of it wrote.
Pixels are compared as RGBA (alpha 255 where the file has none).
"""
import os
import struct
import sys
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHANNELS = {0: 1, 2: 3, 4: 2, 6: 4}  # colour type -> samples per pixel


class PNGError(Exception):
    pass


def decode(path):
    """(width, height, rows): rows is a list of bytes, 4 bytes RGBA per pixel."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != SIGNATURE:
        raise PNGError(f"{path}: not a PNG")
    pos, header, idat = 8, None, []
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    if header is None:
        raise PNGError(f"{path}: no IHDR")
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in CHANNELS or interlace != 0:
        raise PNGError(f"{path}: depth {depth}, colour type {colour}, interlace {interlace}: not read here")
    bpp = CHANNELS[colour]
    stride = width * bpp
    raw = zlib.decompress(b"".join(idat))
    if len(raw) != (stride + 1) * height:
        raise PNGError(f"{path}: {len(raw)} bytes of image data, expected {(stride + 1) * height}")
    rows, previous = [], bytes(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:  # Sub
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif kind == 2:  # Up
            line = bytearray((a + b) & 255 for a, b in zip(line, previous))
        elif kind == 3:  # Average
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + previous[i]) >> 1)) & 255
        elif kind == 4:  # Paeth
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = previous[i]
                c = previous[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                predictor = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + predictor) & 255
        elif kind != 0:
            raise PNGError(f"{path}: row {y} has filter type {kind}")
        previous = bytes(line)
        rows.append(rgba(previous, colour))
    return width, height, rows


def rgba(line, colour):
    if colour == 6:
        return line
    pixels = len(line) // CHANNELS[colour]
    out = bytearray(b"\xff" * (pixels * 4))
    if colour == 2:
        out[0::4], out[1::4], out[2::4] = line[0::3], line[1::3], line[2::3]
    elif colour == 0:
        out[0::4] = out[1::4] = out[2::4] = line
    else:  # 4: grey + alpha
        out[0::4] = out[1::4] = out[2::4] = line[0::2]
        out[3::4] = line[1::2]
    return bytes(out)


def colour_at(row, x):
    r, g, b, a = row[4 * x:4 * x + 4]
    return f"#{r:02X}{g:02X}{b:02X}" + ("" if a == 255 else f"/{a}")


def difference(reference, rendered):
    """None if the two have the same pixels, else a line saying where they differ."""
    rw, rh, rrows = decode(reference)
    gw, gh, grows = decode(rendered)
    if (rw, rh) != (gw, gh):
        return f"size {gw}x{gh}, the reference is {rw}x{rh}"
    differing, first = 0, None
    for y, (want, got) in enumerate(zip(rrows, grows)):
        if want == got:
            continue
        for x in range(rw):
            if want[4 * x:4 * x + 4] != got[4 * x:4 * x + 4]:
                differing += 1
                if first is None:
                    first = (x, y, colour_at(want, x), colour_at(got, x))
    if differing == 0:
        return None
    x, y, want, got = first
    return f"{differing} of {rw * rh} pixels differ; the first at ({x}, {y}): reference {want}, rendered {got}"


def compare_all(reference_dir, rendered_dir, images):
    for image in images:
        reference, rendered = os.path.join(reference_dir, image), os.path.join(rendered_dir, image)
        if not os.path.exists(rendered):
            result = "not rendered"
        elif not os.path.exists(reference):
            result = "no reference"
        else:
            try:
                result = difference(reference, rendered) or "same"
            except (OSError, PNGError, zlib.error) as error:
                result = str(error)
        print(f"{image}\t{result}", flush=True)


def encode(path, width, height, rows):
    """Writes RGB rows (3 bytes a pixel) as an 8-bit RGB PNG, filter 0."""
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + row for row in rows)
    with open(path, "wb") as f:
        f.write(SIGNATURE + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def contact_sheet(out, columns, frames, gap=16, background=b"\x30\x34\x3a"):
    """The frames at half size (each 2x2 block's top left pixel), COLUMNS a row, on one PNG."""
    halves = []
    for frame in frames:
        width, height, rows = decode(frame)
        halves.append((width // 2, height // 2,
                       [b"".join(row[8 * x:8 * x + 3] for x in range(width // 2)) for row in rows[0::2][:height // 2]]))
    cell_w = max(w for w, _, _ in halves)
    cell_h = max(h for _, h, _ in halves)
    grid_rows = (len(halves) + columns - 1) // columns
    sheet_w = gap + columns * (cell_w + gap)
    sheet_h = gap + grid_rows * (cell_h + gap)
    sheet = [bytearray(background * sheet_w) for _ in range(sheet_h)]
    for index, (w, h, rows) in enumerate(halves):
        left = gap + (index % columns) * (cell_w + gap)
        top = gap + (index // columns) * (cell_h + gap)
        for y, row in enumerate(rows):
            sheet[top + y][3 * left:3 * (left + w)] = row
    encode(out, sheet_w, sheet_h, [bytes(row) for row in sheet])


def main(argv):
    if len(argv) == 4 and argv[1] == "compare":
        result = difference(argv[2], argv[3])
        if result:
            print(result)
        return 1 if result else 0
    if len(argv) == 4 and argv[1] == "compare-all":
        compare_all(argv[2], argv[3], sys.stdin.read().split())
        return 0
    if len(argv) >= 5 and argv[1] == "contact-sheet" and argv[3].isdigit() and int(argv[3]) > 0:
        contact_sheet(argv[2], int(argv[3]), argv[4:])
        return 0
    print("usage: png.py compare REFERENCE RENDERED | compare-all REFDIR RENDERDIR"
          " | contact-sheet OUT COLUMNS FRAME...", file=sys.stderr)
    return 2


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except (OSError, PNGError, zlib.error) as error:
        print(error)
        sys.exit(1)
