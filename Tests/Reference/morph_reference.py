#!/usr/bin/env python3
"""Independent reference of a morph frame (numpy), from the definition.

Usage: morph_reference.py A.png B.png MORPH.json T OUT.png [WIDTH HEIGHT]

Written from the definition in Documentation/Morph.md, not from the Swift
code. At progress T with linear easings (the only ones read here):

- m = (1 - T) a + T b, each point normalized (A's to A, B's to B);
- for each output pixel centre p = ((x + 0.5) / W, (y + 0.5) / H) and each
  face (the first face wins where several hold p), the face's quad in m is
  inverted per pixel, in float64: the (u, v) in [0, 1]^2 with
  (1-u)(1-v) m0 + u(1-v) m1 + u v m2 + (1-u) v m3 = p, from the quadratic
  in v (cross products), then u from the larger of the two linear
  equations; the source point is the same bilinear blend of the face's
  corners in a (for A) or b (for B), times the source size;
- the source is sampled bilinearly at that point (pixel centres at
  i + 0.5, clamp to edge) on premultiplied colour; pixels no face covers
  are transparent;
- the frame is (1 - T) A_t + T B_t on premultiplied colour, written as
  straight alpha rounded to 8 bits.
"""
import json
import sys

import numpy as np
from PIL import Image


def grid_faces(columns, rows):
    return [[r * columns + c, r * columns + c + 1, (r + 1) * columns + c + 1, (r + 1) * columns + c]
            for r in range(rows - 1) for c in range(columns - 1)]


def inverse_bilinear(q, px, py):
    """(u, v) of points (px, py) in quad q (4 x 2), nan where outside."""
    p0, p1, p2, p3 = q
    e = p1 - p0
    f = p3 - p0
    g = p0 - p1 + p2 - p3
    hx = px - p0[0]
    hy = py - p0[1]

    def cross(ax, ay, bx, by):
        return ax * by - ay * bx

    k2 = cross(g[0], g[1], f[0], f[1])
    k1 = cross(e[0], e[1], f[0], f[1]) + cross(hx, hy, g[0], g[1])
    k0 = cross(hx, hy, e[0], e[1])
    best_u = np.full(px.shape, np.nan)
    best_v = np.full(px.shape, np.nan)
    if abs(k2) < 1e-14:
        candidates = [-k0 / k1]
    else:
        disc = np.sqrt(np.maximum(k1 * k1 - 4 * k0 * k2, 0))
        candidates = [(-k1 + disc) / (2 * k2), (-k1 - disc) / (2 * k2)]
    for v in candidates:
        dx = e[0] + g[0] * v
        dy = e[1] + g[1] * v
        with np.errstate(divide="ignore", invalid="ignore"):
            u = np.where(np.abs(dx) > np.abs(dy), (hx - f[0] * v) / dx, (hy - f[1] * v) / dy)
        eps = 1e-9
        ok = (u >= -eps) & (u <= 1 + eps) & (v >= -eps) & (v <= 1 + eps) & np.isnan(best_u)
        best_u = np.where(ok, np.clip(u, 0, 1), best_u)
        best_v = np.where(ok, np.clip(v, 0, 1), best_v)
    return best_u, best_v


def sample(pre, x, y):
    """Bilinear sample of premultiplied image `pre` (H x W x 4) at pixel
    coordinates (x, y) (centres at i + 0.5), clamp to edge."""
    h, w = pre.shape[:2]
    fx = x - 0.5
    fy = y - 0.5
    x0 = np.floor(fx)
    y0 = np.floor(fy)
    ax = (fx - x0)[..., None]
    ay = (fy - y0)[..., None]
    x0 = x0.astype(int)
    y0 = y0.astype(int)
    xa = np.clip(x0, 0, w - 1)
    xb = np.clip(x0 + 1, 0, w - 1)
    ya = np.clip(y0, 0, h - 1)
    yb = np.clip(y0 + 1, 0, h - 1)
    top = pre[ya, xa] * (1 - ax) + pre[ya, xb] * ax
    bottom = pre[yb, xa] * (1 - ax) + pre[yb, xb] * ax
    return top * (1 - ay) + bottom * ay


def warp(image, source_points, target_points, faces, width, height):
    """Premultiplied float picture (H x W x 4, alpha 0..1) of `image`
    warped from source_points to target_points (normalized)."""
    rgba = image.astype(np.float64) / 255
    pre = rgba.copy()
    pre[..., :3] *= rgba[..., 3:4]
    sh, sw = image.shape[:2]
    out = np.zeros((height, width, 4))
    done = np.zeros((height, width), dtype=bool)
    ys, xs = np.mgrid[0:height, 0:width]
    px = (xs + 0.5) / width
    py = (ys + 0.5) / height
    for face in faces:
        q = target_points[face]
        s = source_points[face]
        lo = q.min(axis=0)
        hi = q.max(axis=0)
        box = (~done) & (px >= lo[0] - 1e-9) & (px <= hi[0] + 1e-9) & (py >= lo[1] - 1e-9) & (py <= hi[1] + 1e-9)
        if not box.any():
            continue
        u, v = inverse_bilinear(q, px[box], py[box])
        inside = ~np.isnan(u)
        u = u[inside]
        v = v[inside]
        sx = ((1 - u) * (1 - v) * s[0, 0] + u * (1 - v) * s[1, 0] + u * v * s[2, 0] + (1 - u) * v * s[3, 0]) * sw
        sy = ((1 - u) * (1 - v) * s[0, 1] + u * (1 - v) * s[1, 1] + u * v * s[2, 1] + (1 - u) * v * s[3, 1]) * sh
        idx_y = ys[box][inside]
        idx_x = xs[box][inside]
        out[idx_y, idx_x] = sample(pre, sx, sy)
        done[idx_y, idx_x] = True
    return out


def main():
    path_a, path_b, path_morph, t, path_out = sys.argv[1:6]
    t = float(t)
    a_img = np.array(Image.open(path_a).convert("RGBA"))
    b_img = np.array(Image.open(path_b).convert("RGBA"))
    width, height = (int(sys.argv[6]), int(sys.argv[7])) if len(sys.argv) > 7 else (a_img.shape[1], a_img.shape[0])
    doc = json.load(open(path_morph))
    a = np.array(doc["a"], dtype=np.float64)
    b = np.array(doc["b"], dtype=np.float64)
    faces = doc.get("faces") or grid_faces(doc["columns"], doc["rows"])
    faces = np.array(faces)
    m = (1 - t) * a + t * b
    warped_a = warp(a_img, a, m, faces, width, height)
    warped_b = warp(b_img, b, m, faces, width, height)
    pre = (1 - t) * warped_a + t * warped_b
    alpha = pre[..., 3:4]
    with np.errstate(divide="ignore", invalid="ignore"):
        straight = np.where(alpha > 0, pre[..., :3] / alpha, 0)
    out = np.concatenate([straight, alpha], axis=-1)
    out = np.clip(np.floor(out * 255 + 0.5), 0, 255).astype(np.uint8)
    Image.fromarray(out, "RGBA").save(path_out)


if __name__ == "__main__":
    main()
