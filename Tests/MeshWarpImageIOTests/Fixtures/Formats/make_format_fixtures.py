#!/usr/bin/env python3
"""Writes the JPEG, WebP and GIF fixtures with Pillow (an independent
encoder), and the expected pixels as PNG (what Pillow decodes, after
ImageOps.exif_transpose for the orientation files).

Run from this folder: python3 make_format_fixtures.py
"""
import numpy as np
from PIL import Image, ImageCms, ImageOps

h, w = 24, 36
y, x = np.mgrid[0:h, 0:w]
rgb = np.stack([x * 7, y * 10, (x + y) * 4 % 256], axis=-1).astype(np.uint8)
# An asymmetric mark so that every orientation is distinguishable.
rgb[2:6, 2:12] = [255, 255, 255]
base = Image.fromarray(rgb, "RGB")
srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()

for value in range(1, 9):
    exif = base.getexif()
    exif[0x0112] = value
    name = f"orientation{value}.jpg"
    base.save(name, quality=95, exif=exif.tobytes())
    ImageOps.exif_transpose(Image.open(name)).convert("RGBA").save(f"orientation{value}.expected.png")

base.save("icc.jpg", quality=90, icc_profile=srgb)
open("icc.icc", "wb").write(srgb)
base.convert("L").save("grey.jpg", quality=90)
Image.open("grey.jpg").convert("RGBA").save("grey.expected.png")
base.convert("CMYK").save("cmyk.jpg", quality=95)
Image.open("cmyk.jpg").convert("RGBA").save("cmyk.expected.png")

rgba = np.dstack([rgb, (x * 7).astype(np.uint8)])
Image.fromarray(rgba, "RGBA").save("alpha_lossless.webp", lossless=True, icc_profile=srgb)
Image.fromarray(rgba, "RGBA").save("alpha_lossless.expected.png")
base.save("lossy.webp", quality=90)
Image.open("lossy.webp").convert("RGBA").save("lossy.expected.png")

pal = base.quantize(16)
pal.save("first_frame.gif", save_all=True, append_images=[pal.rotate(90)], transparency=0)
Image.open("first_frame.gif").convert("RGBA").save("first_frame.expected.png")
