"""Pillow's Image.MESH and the recipe of Documentation/CommandLine.md.

usage: pillow_mesh.py COMMANDLINE_MD FOLDER

Runs the Python block under "From Pillow's" in COMMANDLINE_MD (it defines
meshwarp_mesh), then writes into FOLDER: src.png (a smooth 160x120 picture
with detail), pillow.png (Pillow's transform of it to 200x150 through a
5x4 mesh of perturbed quads, bilinear) and mesh.json (the recipe's mesh of
the same data).
"""
import json
import re
import sys

import numpy as np
from PIL import Image

page, folder = sys.argv[1], sys.argv[2]
text = open(page, encoding="utf-8").read()
section = text[text.index("### From Pillow's"):]
recipe = re.search(r"```python\n(.*?)```", section, re.S).group(1)
namespace = {}
exec(recipe, namespace)

rng = np.random.default_rng(7)
sw, sh = 160, 120
y, x = np.mgrid[0:sh, 0:sw].astype(np.float64)
picture = np.stack(
    [
        127 + 100 * np.sin(x / 7.0) * np.cos(y / 11.0),
        127 + 90 * np.cos((x + y) / 9.0),
        127 + 80 * np.sin(x * y / 900.0),
    ],
    axis=-1,
) + rng.normal(0, 6, (sh, sw, 3))
source = Image.fromarray(np.clip(picture, 0, 255).astype(np.uint8), "RGB")
source.save(folder + "/src.png")

w, h, columns, rows = 200, 150, 5, 4
# The source grid's points, moved inward a little (the frame's own stay on it).
gx = np.linspace(0, sw, columns + 1)
gy = np.linspace(0, sh, rows + 1)
points = {}
for j in range(rows + 1):
    for i in range(columns + 1):
        px, py = gx[i], gy[j]
        if 0 < i < columns and 0 < j < rows:
            px += rng.uniform(-6, 6)
            py += rng.uniform(-5, 5)
        points[i, j] = (px, py)
data = []
for j in range(rows):
    for i in range(columns):
        box = (i * w // columns, j * h // rows, (i + 1) * w // columns, (j + 1) * h // rows)
        ul, ll, lr, ur = points[i, j], points[i, j + 1], points[i + 1, j + 1], points[i + 1, j]
        data.append((box, ul + ll + lr + ur))
source.transform((w, h), Image.MESH, data, Image.BILINEAR).save(folder + "/pillow.png")
with open(folder + "/mesh.json", "w") as f:
    json.dump(namespace["meshwarp_mesh"](data, (w, h), (sw, sh)), f)
