#!/usr/bin/env python3
"""Writes the hand-made starting inputs of Fuzz/Corpus/.

Run from anywhere: python3 Fuzz/make_corpus.py. The PNG fixtures of
Tests/MeshWarpIOTests/Fixtures (grey, palette, 16-bit, interlaced) are copied
in too. Inputs that libFuzzer finds later are merged into the same folders by
Scripts/fuzz.sh, under hash names; the names written here say what they are.
"""
import json
import math
import os
import shutil
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "Corpus")
FIXTURES = os.path.join(HERE, "..", "Tests", "MeshWarpIOTests", "Fixtures")


def write(kind, name, data):
    folder = os.path.join(CORPUS, kind)
    os.makedirs(folder, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


# MARK: PNG

def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


SIGNATURE = b"\x89PNG\r\n\x1a\n"


def rgba_idat(width, height, pixel, filter_type=0):
    rows = b"".join(bytes([filter_type]) + b"".join(bytes(pixel(x, y)) for x in range(width))
                    for y in range(height))
    return zlib.compress(rows)


def rgba_png(width, height, pixel, extra=b""):
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (SIGNATURE + chunk(b"IHDR", ihdr) + extra
            + chunk(b"IDAT", rgba_idat(width, height, pixel)) + chunk(b"IEND", b""))


def apng(width, height, frames):
    """An animated PNG: frame 0 is the IDAT image, later frames use fdAT."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    out = SIGNATURE + chunk(b"IHDR", ihdr)
    out += chunk(b"acTL", struct.pack(">II", len(frames), 0))
    seq = 0
    for i, (fw, fh, fx, fy, dispose, blend, pixel) in enumerate(frames):
        out += chunk(b"fcTL", struct.pack(">IIIIIHHBB", seq, fw, fh, fx, fy, 1, 10, dispose, blend))
        seq += 1
        data = rgba_idat(fw, fh, pixel)
        if i == 0:
            out += chunk(b"IDAT", data)
        else:
            out += chunk(b"fdAT", struct.pack(">I", seq) + data)
            seq += 1
    return out + chunk(b"IEND", b"")


def gradient_pixel(x, y):
    return (x * 60 % 256, y * 60 % 256, 128, 255 - 40 * x)


def png_seeds():
    for name in ["grey1", "grey16", "greyalpha8", "palette4_trns", "rgb8_trns", "rgba16",
                 "interlaced_rgba8", "interlaced_rgba16", "interlaced_palette2"]:
        shutil.copy(os.path.join(FIXTURES, name + ".png"),
                    os.path.join(CORPUS, "png", "fixture_" + name + ".png"))
    good = rgba_png(4, 3, gradient_pixel)
    write("png", "rgba8_4x3.png", good)
    write("png", "rgba8_gamma_4x3.png",
          rgba_png(4, 3, gradient_pixel, chunk(b"gAMA", struct.pack(">I", 45455))))
    write("png", "apng_2frames.png", apng(4, 4, [
        (4, 4, 0, 0, 0, 0, lambda x, y: (255, 0, 0, 255)),
        (2, 2, 1, 1, 2, 1, lambda x, y: (0, 0, 255, 128)),
    ]))
    write("png", "bad_truncated.png", good[: len(good) - 20])
    write("png", "bad_signature_only.png", SIGNATURE)
    write("png", "bad_not_png.txt", "this is not a PNG\n")
    huge = struct.pack(">IIBBBBB", 0x7FFFFFFF, 0x7FFFFFFF, 8, 6, 0, 0, 0)
    write("png", "bad_huge_ihdr.png",
          SIGNATURE + chunk(b"IHDR", huge) + chunk(b"IDAT", zlib.compress(b"\0" * 64))
          + chunk(b"IEND", b""))
    corrupt = bytearray(good)
    corrupt[40] ^= 0xFF  # inside the IDAT data: bad CRC and bad deflate
    write("png", "bad_corrupt_idat.png", bytes(corrupt))


# MARK: Mesh JSON

def grid(columns, rows, move=lambda c, r, p: p):
    pts = [[c / (columns - 1), r / (rows - 1)] for r in range(rows) for c in range(columns)]
    to = [list(move(i % columns, i // columns, p)) for i, p in enumerate(pts)]
    faces = [[r * columns + c, r * columns + c + 1, (r + 1) * columns + c + 1, (r + 1) * columns + c]
             for r in range(rows - 1) for c in range(columns - 1)]
    return {"from": pts, "to": to, "faces": faces, "columns": columns, "rows": rows}


def mesh_seeds():
    card = grid(2, 2, lambda c, r, p: (0.8, 0.75) if (c, r) == (1, 1) else p)
    write("mesh", "seed_readme_card.json", json.dumps(card))
    demo = grid(3, 3, lambda c, r, p: {(1, 1): (0.62, 0.40), (1, 0): (0.45, 0.08),
                                        (2, 2): (0.9, 0.92)}.get((c, r), p))
    write("mesh", "seed_demo_warp.json", json.dumps(demo, indent=1))
    write("mesh", "identity_4x4.json", json.dumps(grid(4, 4)))
    wave = grid(6, 5, lambda c, r, p: (p[0] + 0.05 * math.sin(3 * p[1]), p[1] + 0.04 * math.sin(4 * p[0])))
    write("mesh", "wave_6x5.json", json.dumps(wave))
    outside = grid(3, 3, lambda c, r, p: (p[0] * 1.6 - 0.3, p[1] * 1.4 - 0.2))
    write("mesh", "beyond_unit_square.json", json.dumps(outside))
    folded = grid(3, 3, lambda c, r, p: (1.3, 1.2) if (c, r) == (1, 1) else p)
    write("mesh", "folded_centre.json", json.dumps(folded))
    bowtie = {"from": [[0, 0], [1, 0], [1, 1], [0, 1]], "to": [[0, 0], [1, 0], [1, 1], [0, 1]],
              "faces": [[0, 1, 3, 2]]}
    write("mesh", "bad_bowtie.json", json.dumps(bowtie))
    write("mesh", "bad_index_out_of_range.json",
          '{"from": [[0,0],[1,0],[1,1]], "to": [[0,0],[1,0],[1,1]], "faces": [[0,1,2,7]]}')
    write("mesh", "bad_repeated_index.json",
          '{"from": [[0,0],[1,0],[1,1],[0,1]], "to": [[0,0],[1,0],[1,1],[0,1]], "faces": [[0,1,1,3]]}')
    write("mesh", "huge_coordinates.json",
          '{"from": [[0,0],[1,0],[1,1],[0,1]], "to": [[-1e308,0],[1e308,0],[1e308,1e-300],[0,1]], "faces": [[0,1,2,3]]}')
    write("mesh", "empty.json", '{"from": [], "to": [], "faces": []}')
    write("mesh", "bad_syntax.json", '{"from": [[0,0],[1,0],], "to": [}')
    write("mesh", "bad_types.json", '{"from": "no", "to": [[0,0]], "faces": [[0.5,1,2,3]]}')
    write("mesh", "bad_grid_claim.json",
          '{"from": [[0,0],[1,0],[1,1],[0,1]], "to": [[0,0],[1,0],[1,1],[0,1]], "faces": [[0,1,2,3]], "columns": 2, "rows": 2}')


# MARK: Gradient JSON

MESHING_COLOURS = [
    [0.922, 0.0, 0.0], [1.0, 0.535, 0.0], [0.924, 0.915, 0.0],
    [1.0, 0.0, 0.465], [0.0, 0.749, 1.0], [0.0, 1.0, 0.603],
    [0.576, 0.0, 1.0], [1.0, 0.0, 0.733], [0.0, 0.98, 0.864],
]


def meshing(t):
    """GradientPresets.meshing(at: t), the MeshGradient blog post's animation."""
    p = [[0, 0], [0.5, 0], [1, 0], [0, 0.5], [0.45, 0.55], [1, 0.5], [0, 1], [0.5, 1], [1, 1]]
    p[1][0] = 0.5 + 0.4 * math.cos(t)
    p[3][1] = 0.5 + 0.3 * math.cos(1.1 * t)
    p[4][1] = 0.5 - 0.4 * math.cos(0.9 * t)
    p[5][1] = 0.5 - 0.2 * math.cos(0.9 * t)
    p[7][0] = 0.5 - 0.4 * math.cos(1.2 * t)
    return {"width": 3, "height": 3, "points": p, "colors": [c + [1.0] for c in MESHING_COLOURS],
            "background": [0, 0, 0, 1], "smoothsColors": True, "colorSpace": "device"}


def gradient_seeds():
    write("gradient", "meshing_preset_t0.json", json.dumps(meshing(0), indent=1))
    write("gradient", "meshing_preset_t2.json", json.dumps(meshing(2)))
    flat = {"width": 2, "height": 2, "points": [[0, 0], [1, 0], [0, 1], [1, 1]],
            "colors": [[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 1, 0.5]],
            "smoothsColors": False, "colorSpace": "perceptual"}
    write("gradient", "bilinear_perceptual_2x2.json", json.dumps(flat))
    bezier = {"width": 2, "height": 2, "bezierPoints": [
        {"position": [0, 0], "leading": [0, 0], "top": [0, 0], "trailing": [0.4, 0.1], "bottom": [0.1, 0.4]},
        {"position": [1, 0], "leading": [0.6, -0.1], "top": [1, 0], "trailing": [1, 0], "bottom": [0.9, 0.3]},
        {"position": [0, 1], "leading": [0, 1], "top": [-0.1, 0.6], "trailing": [0.3, 0.9], "bottom": [0, 1]},
        {"position": [1, 1], "leading": [0.7, 1.1], "top": [1.1, 0.7], "trailing": [1, 1], "bottom": [1, 1]}],
        "colors": [[1, 0.5, 0], [0, 0.5, 1], [0.2, 0.9, 0.2], [0.9, 0.1, 0.6]]}
    write("gradient", "bezier_points_2x2.json", json.dumps(bezier))
    wide = {"width": 4, "height": 2,
            "points": [[x / 3, y] for y in (0, 1) for x in range(4)],
            "colors": [[x / 3, y, 0.5] for y in (0, 1) for x in range(4)], "background": [0, 0, 1, 1]}
    write("gradient", "row_4x2.json", json.dumps(wide))
    write("gradient", "bad_width_huge.json",
          '{"width": 1000000000, "height": 3, "points": [[0,0]], "colors": [[0,0,0]]}')
    write("gradient", "bad_both_locations.json",
          '{"width": 2, "height": 2, "points": [], "bezierPoints": [], "colors": []}')
    write("gradient", "bad_colour_arity.json",
          '{"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]], "colors": [[1,0],[0,1,0],[0,0,1],[1,1,1]]}')
    write("gradient", "bad_colour_space.json",
          '{"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]], "colors": [[1,0,0],[0,1,0],[0,0,1],[1,1,1]], "colorSpace": "lab"}')
    write("gradient", "far_points.json",
          '{"width": 2, "height": 2, "points": [[-1e300,0],[1e300,0],[0,1e300],[1,1]], "colors": [[1,0,0],[0,1,0],[0,0,1],[1,1,1]]}')


# MARK: JPEG and WebP (written by Pillow, an independent encoder)

def photo_seeds():
    import io
    import numpy as np
    from PIL import Image, ImageCms
    y, x = np.mgrid[0:16, 0:16]
    rgb = np.stack([x * 16, y * 16, (x ^ y) * 16], -1).astype(np.uint8)
    im = Image.fromarray(rgb)
    srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()

    def save(kind, name, img, **kw):
        b = io.BytesIO()
        img.save(b, **kw)
        write(kind, name, b.getvalue())
        return b.getvalue()

    save("jpeg", "rgb_16x16.jpg", im, format="JPEG", quality=90)
    save("jpeg", "grey_16x16.jpg", im.convert("L"), format="JPEG", quality=90)
    save("jpeg", "cmyk_adobe_8x8.jpg", im.resize((8, 8)).convert("CMYK"), format="JPEG", quality=90)
    save("jpeg", "progressive_16x16.jpg", im, format="JPEG", quality=80, progressive=True)
    save("jpeg", "subsampling444_8x8.jpg", im.resize((8, 8)), format="JPEG", quality=95, subsampling=0)
    exif = im.getexif()
    exif[0x0112] = 6
    save("jpeg", "orientation6_16x8.jpg", im.resize((16, 8)), format="JPEG", quality=90,
         exif=exif.tobytes())
    ok = save("jpeg", "icc_8x8.jpg", im.resize((8, 8)), format="JPEG", quality=90, icc_profile=srgb)
    write("jpeg", "bad_truncated.jpg", ok[:len(ok) // 2])
    write("jpeg", "bad_header_only.jpg", ok[:20])
    ima = Image.fromarray(np.dstack([rgb, (x * 16).astype(np.uint8)]), "RGBA")
    save("webp", "lossy_16x16.webp", im, format="WEBP", quality=80)
    save("webp", "lossless_alpha_16x16.webp", ima, format="WEBP", lossless=True)
    save("webp", "lossy_alpha_16x16.webp", ima, format="WEBP", quality=70)
    save("webp", "icc_extended_8x8.webp", im.resize((8, 8)), format="WEBP", quality=80, icc_profile=srgb)
    save("webp", "bad_animated_2frames.webp", im, format="WEBP", save_all=True,
         append_images=[im.rotate(90)], duration=100)
    ok = save("webp", "lossless_8x8.webp", im.resize((8, 8)), format="WEBP", lossless=True)
    write("webp", "bad_truncated.webp", ok[:len(ok) // 2])
    write("webp", "bad_riff_only.webp", ok[:12])


# MARK: GIF (written by Pillow)

def gif_seeds():
    import io
    import numpy as np
    from PIL import Image
    y, x = np.mgrid[0:12, 0:16]
    rgb = np.stack([x * 16, y * 20, (x ^ y) * 16], -1).astype(np.uint8)
    im = Image.fromarray(rgb)

    def save(name, img, **kw):
        b = io.BytesIO()
        img.save(b, format="GIF", **kw)
        write("gif", name, b.getvalue())
        return b.getvalue()

    ok = save("palette_16x12.gif", im.convert("P"))
    p = im.convert("P")
    save("transparent_16x12.gif", p, transparency=0)
    save("interlaced_16x12.gif", p, interlace=True)
    save("animated_2frames.gif", p, save_all=True, append_images=[p.rotate(90)], duration=100,
         loop=0)
    save("grey_8x8.gif", im.resize((8, 8)).convert("L"))
    write("gif", "bad_truncated.gif", ok[: len(ok) // 2])
    write("gif", "bad_header_only.gif", ok[:13])
    write("gif", "bad_zero_screen.gif", b"GIF89a\0\0\0\0\0\0\0;")
    write("gif", "bad_huge_screen.gif", b"GIF89a\xff\xff\xff\xff\0\0\0" + ok[13:])


# MARK: TIFF (written by Pillow)

def tiff_seeds():
    import io
    import numpy as np
    from PIL import Image
    y, x = np.mgrid[0:12, 0:16]
    rgba = np.stack([x * 16, y * 20, (x ^ y) * 16, x * y], -1).astype(np.uint8)
    im = Image.fromarray(rgba, "RGBA")

    def save(name, img, **kw):
        b = io.BytesIO()
        img.save(b, format="TIFF", **kw)
        write("tiff", name, b.getvalue())
        return b.getvalue()

    ok = save("rgb_deflate_16x12.tif", im.convert("RGB"), compression="tiff_adobe_deflate")
    save("rgba_lzw_16x12.tif", im, compression="tiff_lzw")
    save("grey_raw_16x12.tif", im.convert("L"))
    save("la_packbits_16x12.tif", im.convert("LA"), compression="packbits")
    save("palette_16x12.tif", im.convert("RGB").quantize(16))
    save("bilevel_16x12.tif", im.convert("1"), compression="group4")
    save("cmyk_16x12.tif", im.convert("CMYK"))
    save("deep_16x12.tif", Image.fromarray((rgba[..., 0].astype(np.uint16) * 257), "I;16"))
    save("rotated_16x12.tif", im.convert("RGB"), tiffinfo={274: 6})
    write("tiff", "bad_truncated.tif", ok[: len(ok) // 2])
    write("tiff", "bad_header_only.tif", ok[:8])
    # ImageWidth (tag 256) set to its type's largest value, strips unchanged.
    huge = bytearray(ok)
    ifd = struct.unpack_from("<I", huge, 4)[0]
    for i in range(struct.unpack_from("<H", huge, ifd)[0]):
        entry = ifd + 2 + 12 * i
        tag, kind = struct.unpack_from("<HH", huge, entry)
        if tag == 256:
            struct.pack_into("<I" if kind == 4 else "<H", huge, entry + 8,
                             0xFFFFFFFF if kind == 4 else 0xFFFF)
    write("tiff", "bad_huge_size.tif", bytes(huge))


# MARK: HEIF (HEIC and AVIF, written by libheif's heif-enc)

def heif_seeds():
    import subprocess
    import tempfile
    import numpy as np
    from PIL import Image
    y, x = np.mgrid[0:12, 0:16]
    rgba = np.stack([x * 16, y * 20, (x ^ y) * 16, 128 + x * y], -1).astype(np.uint8)
    deep = np.stack([x * 4000, y * 5000, (x + y) * 2000], -1).astype(np.uint16)
    with tempfile.TemporaryDirectory() as d:
        Image.fromarray(rgba[..., :3], "RGB").save(d + "/rgb.png")
        Image.fromarray(rgba, "RGBA").save(d + "/rgba.png")
        import cv2
        cv2.imwrite(d + "/deep.png", deep[..., ::-1])
        made = {}
        for name, source, extra in [
            ("rgb_16x12.heic", "rgb.png", []), ("rgba_16x12.heic", "rgba.png", []),
            ("ten_bit_16x12.heic", "deep.png", ["-b", "10"]),
            ("rgb_16x12.avif", "rgb.png", ["-A"]),
        ]:
            subprocess.run(["heif-enc", "-q", "60", *extra, d + "/" + source, "-o", d + "/" + name],
                           check=True, capture_output=True)
            made[name] = open(d + "/" + name, "rb").read()
            write("heif", name, made[name])
    ok = made["rgb_16x12.heic"]
    write("heif", "bad_truncated.heic", ok[: len(ok) // 2])
    write("heif", "bad_ftyp_only.heic", ok[:28])


# MARK: Keyframe JSON

def keyframe_seeds():
    a = grid(2, 2)
    b = grid(2, 2, lambda c, r, p: (0.8, 0.75) if (c, r) == (1, 1) else p)
    c3 = grid(3, 3)
    write("keyframes", "mesh_two_keyframes.json", json.dumps(
        {"keyframes": [{"time": 0, "mesh": a, "easing": "easeInOut"}, {"time": 2, "mesh": b}]}))
    write("keyframes", "mesh_loop_bezier.json", json.dumps(
        {"loop": True, "duration": 3, "keyframes": [
            {"time": 0, "mesh": a, "easing": {"cubicBezier": [0.25, 0.1, 0.25, 1]}},
            {"time": 1, "mesh": b, "easing": "ease"}, {"time": 2.5, "mesh": a}]}))
    write("keyframes", "mesh_pingpong_reference.json", json.dumps(
        {"loop": "pingPong", "keyframes": [{"time": 0, "mesh": a}, {"time": 1, "mesh": "b.json"}]}))
    write("keyframes", "gradient_two_keyframes.json", json.dumps(
        {"loop": True, "keyframes": [{"time": 0, "gradient": meshing(0)},
                                     {"time": 2, "gradient": meshing(2), "easing": "easeIn"}]}))
    write("keyframes", "single_keyframe_duration.json", json.dumps(
        {"duration": 3, "keyframes": [{"time": 0, "mesh": a}]}))
    write("keyframes", "bad_single_keyframe.json", json.dumps({"keyframes": [{"time": 0, "mesh": a}]}))
    write("keyframes", "bad_topology.json", json.dumps(
        {"keyframes": [{"time": 0, "mesh": a}, {"time": 1, "mesh": c3}]}))
    write("keyframes", "bad_unsorted_times.json", json.dumps(
        {"keyframes": [{"time": 2, "mesh": a}, {"time": 1, "mesh": b}]}))
    write("keyframes", "bad_duplicate_times.json", json.dumps(
        {"keyframes": [{"time": 1, "mesh": a}, {"time": 1, "mesh": b}]}))
    write("keyframes", "bad_negative_duration.json", json.dumps(
        {"duration": -2, "keyframes": [{"time": 0, "mesh": a}, {"time": 1, "mesh": b}]}))
    write("keyframes", "bad_negative_time.json", json.dumps(
        {"keyframes": [{"time": -1, "mesh": a}, {"time": 1, "mesh": b}]}))
    write("keyframes", "bad_no_keyframes.json", '{"keyframes": []}')
    write("keyframes", "bad_easing.json", json.dumps(
        {"keyframes": [{"time": 0, "mesh": a, "easing": {"cubicBezier": [2, 0, -1, 1]}},
                       {"time": 1, "mesh": b}]}))


# MARK: Point-set JSON

def pointset_seeds():
    write("pointset", "one_pull.json", json.dumps({"from": [[0.5, 0.5]], "to": [[0.6, 0.4]]}))
    write("pointset", "pairs_three.json", json.dumps({"pairs": [
        {"from": [0.2, 0.2], "to": [0.25, 0.2]}, {"from": [0.8, 0.3], "to": [0.7, 0.35]},
        {"from": [0.5, 0.8], "to": [0.5, 0.9]}]}))
    write("pointset", "unpinned_four.json", json.dumps({"pinCorners": False, "from": [
        [0, 0], [1, 0], [0, 1], [1, 1]], "to": [[0.1, 0], [1, 0.1], [0, 0.9], [0.9, 1]]}))
    write("pointset", "pixels_units.json", json.dumps({"units": "pixels", "width": 16, "height": 16, "from": [
        [8, 8], [4, 12]], "to": [[10, 6], [4, 12]]}))
    ring = [[0.5 + 0.3 * math.cos(k), 0.5 + 0.3 * math.sin(k)] for k in range(12)]
    write("pointset", "ring_12.json", json.dumps(
        {"from": ring, "to": [[x * 0.9 + 0.05, y] for x, y in ring]}))
    # The spline's control points are the "to" points: those are on a line.
    write("pointset", "bad_collinear.json", json.dumps({"pinCorners": False, "from": [
        [0, 0], [0.5, 0.6], [1, 1]], "to": [[0, 0], [0.5, 0.5], [1, 1]]}))
    write("pointset", "bad_duplicate.json", json.dumps({"from": [
        [0.3, 0.3], [0.6, 0.6]], "to": [[0.4, 0.4], [0.4, 0.4]]}))
    write("pointset", "bad_huge.json", json.dumps({"from": [[0.5, 0.5]], "to": [[1e300, 0.5]]}))
    write("pointset", "bad_is_a_mesh.json", json.dumps(grid(2, 2)))
    write("pointset", "bad_counts.json", '{"from": [[0,0],[1,1]], "to": [[0,0]]}')


# MARK: Video: ffprobe's JSON and ffmpeg's raw frames

def probe_report(streams, duration="10.0"):
    return json.dumps({"streams": streams, "format": {"duration": duration}}, indent=1)


def video_seeds():
    h264 = {"index": 0, "codec_name": "h264", "codec_type": "video", "width": 64, "height": 48,
            "pix_fmt": "yuv420p", "r_frame_rate": "30/1", "avg_frame_rate": "30/1",
            "duration": "2.000000", "nb_frames": "60", "disposition": {"attached_pic": 0}}
    write("video", "probe_h264.json", probe_report([h264]))
    rotated = dict(h264, side_data_list=[{"rotation": -90}], nb_frames=None)
    del rotated["nb_frames"]
    write("video", "probe_rotated_no_count.json", probe_report([rotated]))
    audio = {"index": 1, "codec_name": "aac", "codec_type": "audio"}
    tagged = dict(h264, tags={"rotate": "180", "alpha_mode": "1"}, codec_name="vp9",
                  pix_fmt="yuva420p", avg_frame_rate="0/0", r_frame_rate="30000/1001")
    write("video", "probe_vp9_alpha_audio.json", probe_report([audio, tagged]))
    write("video", "bad_probe_no_video.json", probe_report([audio]))
    write("video", "bad_probe_no_rate.json",
          probe_report([dict(h264, avg_frame_rate="0/0", r_frame_rate="0/0")]))
    # Found by review of the probe code (not by the fuzzer in 941 659 runs):
    # a claimed duration of 1e300 s made estimatedFrameCount trap in Int().
    write("video", "probe_huge_duration.json",
          probe_report([dict(rotated, duration="1e300")], duration="1e300"))
    write("video", "bad_probe_not_json.txt", "Invalid data found when processing input\n")
    # Raw streams: bytes 0-2 choose the frame size (b % 8 + 1) and rate (b / 4).
    frame = bytes(range(2 * 3 * 4))
    write("video", "raw_2x3_two_frames.bin", bytes([1, 2, 120]) + frame + frame[::-1])
    write("video", "raw_1x1_ten_frames.bin", bytes([0, 0, 100]) + bytes(range(40)))
    write("video", "bad_raw_ended_early.bin", bytes([1, 2, 120]) + frame + frame[:5])
    write("video", "bad_raw_zero_rate.bin", bytes([1, 1, 0]) + bytes(16))


if __name__ == "__main__":
    for kind in ["png", "mesh", "gradient", "jpeg", "webp", "gif", "tiff", "heif", "keyframes",
                 "pointset", "video"]:
        os.makedirs(os.path.join(CORPUS, kind), exist_ok=True)
    png_seeds()
    mesh_seeds()
    gradient_seeds()
    photo_seeds()
    gif_seeds()
    tiff_seeds()
    heif_seeds()
    keyframe_seeds()
    pointset_seeds()
    video_seeds()
