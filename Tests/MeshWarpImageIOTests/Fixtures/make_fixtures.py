#!/usr/bin/env python3
"""Writes the PNG decoding fixtures of MeshWarpIOTests and their expected
8-bit RGBA pixels, with the Python standard library only (zlib, struct).

An implementation independent of the Swift code under test: PNG chunks, row
filters (all five, cycled per row) and Adam7 interlacing written here from the
PNG specification (ISO/IEC 15948, W3C PNG 2nd edition).

For each NAME it writes NAME.png and NAME.rgba: width*height*4 bytes,
row-major, 8-bit straight alpha: what a correct decoder must produce
(16-bit samples map to round(v / 257); grey g to (g, g, g); a palette index to
its entry, alpha from tRNS or 255; a tRNS colour key to alpha 0).

Run from this folder: python3 make_fixtures.py
"""
import struct
import zlib

W, H = 13, 11  # odd sizes: partial bytes at row ends, every Adam7 pass present

ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4),
         (1, 0, 2, 2), (0, 1, 1, 2)]
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def filter_rows(rows, bpp):
    """Filters raw scanlines, cycling filter types 0..4 row by row."""
    out = bytearray()
    prev = bytes(len(rows[0])) if rows else b""
    for i, row in enumerate(rows):
        ftype = i % 5
        out.append(ftype)
        for x, v in enumerate(row):
            a = row[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            pred = [0, a, b, (a + b) // 2, paeth(a, b, c)][ftype]
            out.append((v - pred) & 0xFF)
        prev = row
    return bytes(out)


def pack_row(samples, depth):
    """Packs one scanline of samples (already flattened per channel)."""
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if depth == 8:
        return bytes(samples)
    out, acc, nbits = bytearray(), 0, 0
    for s in samples:
        acc = (acc << depth) | s
        nbits += depth
        if nbits == 8:
            out.append(acc)
            acc, nbits = 0, 0
    if nbits:
        out.append(acc << (8 - nbits))
    return bytes(out)


def image_data(pixels, ctype, depth, interlaced):
    """pixels[y][x] is a tuple of samples; returns the filtered data stream."""
    bpp = max(1, CHANNELS[ctype] * depth // 8)
    if not interlaced:
        rows = [pack_row([s for p in pixels[y] for s in p], depth) for y in range(H)]
        return filter_rows(rows, bpp)
    out = b""
    for x0, y0, dx, dy in ADAM7:
        xs, ys = range(x0, W, dx), range(y0, H, dy)
        if not xs or not ys:
            continue
        rows = [pack_row([s for x in xs for s in pixels[y][x]], depth) for y in ys]
        out += filter_rows(rows, bpp)
    return out


def write(name, ctype, depth, pixels, expected, interlaced=False, extra=b"", idats=1):
    """idats: how many IDAT chunks the zlib stream is cut into."""
    ihdr = struct.pack(">IIBBBBB", W, H, depth, ctype, 0, 0, 1 if interlaced else 0)
    data = zlib.compress(image_data(pixels, ctype, depth, interlaced), 9)
    cuts = [len(data) * i // idats for i in range(idats + 1)]
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra +
           b"".join(chunk(b"IDAT", data[cuts[i]:cuts[i + 1]]) for i in range(idats)) +
           chunk(b"IEND", b""))
    with open(name + ".png", "wb") as f:
        f.write(png)
    with open(name + ".rgba", "wb") as f:
        f.write(bytes(v for y in range(H) for x in range(W) for v in expected(x, y)))


def to8(v16):
    return (v16 * 255 + 32767) // 65535  # round(v / 257)


def r16(x, y): return (x * 5003 + y * 311) % 65536
def g16(x, y): return (y * 6007 + x * 77) % 65536
def b16(x, y): return ((x + y) * 2503 + 1000) % 65536
def a16(x, y): return 65535 - (x * y * 433) % 30000  # alpha ≥ 35535: well above 0


def grey8(x, y): return (x * 19 + y * 7) % 256


def main():
    px = lambda f: [[f(x, y) for x in range(W)] for y in range(H)]

    # 16-bit RGBA and RGB.
    write("rgba16", 6, 16, px(lambda x, y: (r16(x, y), g16(x, y), b16(x, y), a16(x, y))),
          lambda x, y: (to8(r16(x, y)), to8(g16(x, y)), to8(b16(x, y)), to8(a16(x, y))))
    write("rgb16", 2, 16, px(lambda x, y: (r16(x, y), g16(x, y), b16(x, y))),
          lambda x, y: (to8(r16(x, y)), to8(g16(x, y)), to8(b16(x, y)), 255))
    # Grey at every depth, grey+alpha at 8 and 16.
    write("grey16", 0, 16, px(lambda x, y: (r16(x, y),)),
          lambda x, y: (to8(r16(x, y)),) * 3 + (255,))
    for depth in (1, 2, 4, 8):
        top = (1 << depth) - 1
        g = lambda x, y, top=top: (x * 5 + y * 3) % (top + 1)
        write(f"grey{depth}", 0, depth, px(lambda x, y, g=g: (g(x, y),)),
              lambda x, y, g=g, top=top: (round(g(x, y) * 255 / top),) * 3 + (255,))
    write("greyalpha8", 4, 8, px(lambda x, y: (grey8(x, y), 255 - x * 9)),
          lambda x, y: (grey8(x, y),) * 3 + (255 - x * 9,))
    write("greyalpha16", 4, 16, px(lambda x, y: (r16(x, y), a16(x, y))),
          lambda x, y: (to8(r16(x, y)),) * 3 + (to8(a16(x, y)),))
    # Palettes with tRNS (fewer alpha entries than palette entries: the rest
    # are opaque), at 8 and 4 bits.
    for depth, entries in ((8, 40), (4, 16)):
        pal = [((i * 37) % 256, (i * 91 + 20) % 256, (255 - i * 13) % 256) for i in range(entries)]
        alphas = [(i * 41) % 256 for i in range(entries // 2)]
        idx = lambda x, y, n=entries: (x + y * 3) % n
        extra = chunk(b"PLTE", bytes(v for p in pal for v in p)) + chunk(b"tRNS", bytes(alphas))
        def exp(x, y, idx=idx, pal=pal, alphas=alphas):
            i = idx(x, y)
            return pal[i] + (alphas[i] if i < len(alphas) else 255,)
        write(f"palette{depth}_trns", 3, depth, px(lambda x, y, idx=idx: (idx(x, y),)), exp,
              extra=extra)
    # RGB with a tRNS colour key: pixels of that colour become transparent.
    key = (10, 20, 30)
    rgb = lambda x, y: key if (x + y) % 4 == 0 else ((x * 20) % 256, (y * 23) % 256, 200)
    write("rgb8_trns", 2, 8, px(rgb),
          lambda x, y: rgb(x, y) + ((0 if rgb(x, y) == key else 255),),
          extra=chunk(b"tRNS", struct.pack(">HHH", *key)))
    # 8-bit RGB and RGBA, the most common files, with the image data cut
    # into three IDAT chunks; channels that change irregularly, so that the
    # Paeth predictor picks each of its three neighbours.
    noise = lambda x, y, k: ((x * 37 + y * 91 + k) ^ (x * y * 13 + k * 7)) % 256
    rgb8 = lambda x, y: (noise(x, y, 1), (x * 20 + y * 3) % 256, noise(x, y, 2) // 2 + y * 9)
    write("rgb8", 2, 8, px(rgb8), lambda x, y: rgb8(x, y) + (255,), idats=3)
    rgba8_plain = lambda x, y: rgb8(x, y) + (noise(x, y, 3),)
    write("rgba8", 6, 8, px(rgba8_plain), rgba8_plain, idats=3)
    # Adam7 interlaced: 8-bit RGBA, 16-bit RGBA and grey, 2-bit palette.
    rgba8 = lambda x, y: ((x * 19) % 256, (y * 23) % 256, (x * y * 7) % 256, 255 - ((x + y) * 11) % 200)
    write("interlaced_rgba8", 6, 8, px(rgba8), rgba8, interlaced=True)
    write("interlaced_rgba16", 6, 16, px(lambda x, y: (r16(x, y), g16(x, y), b16(x, y), a16(x, y))),
          lambda x, y: (to8(r16(x, y)), to8(g16(x, y)), to8(b16(x, y)), to8(a16(x, y))),
          interlaced=True)
    write("interlaced_grey16", 0, 16, px(lambda x, y: (r16(x, y),)),
          lambda x, y: (to8(r16(x, y)),) * 3 + (255,), interlaced=True)
    pal2 = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (250, 250, 250)]
    write("interlaced_palette2", 3, 2, px(lambda x, y: ((x * 3 + y) % 4,)),
          lambda x, y: pal2[(x * 3 + y) % 4] + ((128 if (x * 3 + y) % 4 == 1 else 255),),
          interlaced=True,
          extra=chunk(b"PLTE", bytes(v for p in pal2 for v in p)) + chunk(b"tRNS", bytes([255, 128])))


if __name__ == "__main__":
    main()
