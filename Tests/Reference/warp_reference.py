#!/usr/bin/env python3
"""Independent per-pixel references for the warp tests (numpy).

Reads one JSON request on stdin, writes one JSON answer on stdout.
Written from the formulas (thin-plate spline, Catmull-Rom surfaces), not
from the Swift code:

- "tps": the thin-plate spline f with f(c_k) = v_k, U(r) = r^2 log r plus
  an affine part, solved with numpy.linalg.solve in plain pixel
  coordinates; answers f at the query points.
- "smooth": the bicubic uniform Catmull-Rom surfaces through a grid's
  `from` and `to` points (boundary neighbours P_-1 = 2 P_0 - P_1); for each
  query output point p, the grid parameter (s, t) with to(s, t) = p by
  Newton's method from the best of a coarse scan, and from(s, t).
- "bicubic": Keys cubic convolution (a = -0.5) of an RGBA image on
  premultiplied colour, clamp-to-edge taps, each channel clamped to
  [0, alpha], at the query points (pixel centres at i + 0.5); answers
  straight-alpha floats.
"""
import json
import sys

import numpy as np


def tps(req):
    c = np.array(req["controls"], dtype=float)
    v = np.array(req["values"], dtype=float)
    q = np.array(req["queries"], dtype=float)
    n = len(c)

    def U(d2):
        out = np.zeros_like(d2)
        m = d2 > 0
        out[m] = d2[m] * np.log(np.sqrt(d2[m]))
        return out

    d2 = ((c[:, None, :] - c[None, :, :]) ** 2).sum(-1)
    A = np.zeros((n + 3, n + 3))
    A[:n, :n] = U(d2)
    A[:n, n] = 1
    A[:n, n + 1:] = c
    A[n, :n] = 1
    A[n + 1:, :n] = c.T
    b = np.zeros((n + 3, 2))
    b[:n] = v
    sol = np.linalg.solve(A, b)
    w, a = sol[:n], sol[n:]
    dq = ((q[:, None, :] - c[None, :, :]) ** 2).sum(-1)
    f = a[0] + q[:, :1] * a[1] + q[:, 1:] * a[2] + U(dq) @ w
    return {"values": f.tolist()}


def cr_weights(t):
    return 0.5 * np.array([-t + 2 * t * t - t ** 3, 2 - 5 * t * t + 3 * t ** 3,
                           t + 4 * t * t - 3 * t ** 3, -t * t + t ** 3])


def cr_dweights(t):
    return 0.5 * np.array([-1 + 4 * t - 3 * t * t, -10 * t + 9 * t * t,
                           1 + 8 * t - 9 * t * t, -2 * t + 3 * t * t])


class Surface:
    def __init__(self, pts, cols, rows):
        g = np.array(pts, dtype=float).reshape(rows, cols, 2)
        g = np.concatenate([2 * g[:, :1] - g[:, 1:2], g, 2 * g[:, -1:] - g[:, -2:-1]], axis=1)
        g = np.concatenate([2 * g[:1] - g[1:2], g, 2 * g[-1:] - g[-2:-1]], axis=0)
        self.g, self.cols, self.rows = g, cols, rows

    def cell(self, s, t):
        c = int(min(max(np.floor(s), 0), self.cols - 2))
        r = int(min(max(np.floor(t), 0), self.rows - 2))
        return c, r, s - c, t - r

    def eval(self, s, t, du=False, dv=False):
        c, r, u, v = self.cell(s, t)
        wu = cr_dweights(u) if du else cr_weights(u)
        wv = cr_dweights(v) if dv else cr_weights(v)
        patch = self.g[r:r + 4, c:c + 4]  # rows, cols, 2
        return np.einsum("i,j,ijk->k", wv, wu, patch)


def smooth(req):
    cols, rows = req["columns"], req["rows"]
    W, H = req["outputSize"]
    CW, CH = req["contentSize"]
    frm = Surface(req["from"], cols, rows)
    to = Surface(req["to"], cols, rows)
    scale_to = np.array([W, H], dtype=float)
    scale_from = np.array([CW, CH], dtype=float)
    # Coarse scan for starting points.
    ss = np.linspace(0, cols - 1, 8 * (cols - 1) + 1)
    ts = np.linspace(0, rows - 1, 8 * (rows - 1) + 1)
    scan = np.array([[to.eval(s, t) * scale_to for s in ss] for t in ts])
    out = []
    for p in req["queries"]:
        p = np.array(p, dtype=float)
        d = ((scan - p) ** 2).sum(-1)
        j, i = np.unravel_index(np.argmin(d), d.shape)
        s, t = ss[i], ts[j]
        ok = False
        for _ in range(50):
            f = to.eval(s, t) * scale_to - p
            if np.hypot(*f) < 1e-10:
                ok = True
                break
            J = np.stack([to.eval(s, t, du=True) * scale_to,
                          to.eval(s, t, dv=True) * scale_to], axis=1)
            step = np.linalg.solve(J, -f)
            s = min(max(s + step[0], 0), cols - 1)
            t = min(max(t + step[1], 0), rows - 1)
        if not ok and np.hypot(*(to.eval(s, t) * scale_to - p)) < 1e-6:
            ok = True
        out.append((frm.eval(s, t) * scale_from).tolist() if ok else None)
    return {"values": out}


def keys(d):
    a = -0.5
    d = abs(d)
    if d <= 1:
        return (a + 2) * d ** 3 - (a + 3) * d ** 2 + 1
    if d < 2:
        return a * d ** 3 - 5 * a * d ** 2 + 8 * a * d - 4 * a
    return 0.0


def bicubic(req):
    w, h = req["width"], req["height"]
    img = np.array(req["pixels"], dtype=float).reshape(h, w, 4)
    pm = img.copy()
    pm[..., :3] *= img[..., 3:] / 255
    out = []
    for sx, sy in req["queries"]:
        x, y = sx - 0.5, sy - 0.5
        x0, y0 = int(np.floor(x)), int(np.floor(y))
        acc = np.zeros(4)
        for j in range(y0 - 1, y0 + 3):
            wy = keys(y - j)
            for i in range(x0 - 1, x0 + 3):
                acc += wy * keys(x - i) * pm[min(max(j, 0), h - 1), min(max(i, 0), w - 1)]
        a = min(max(acc[3], 0), 255)
        rgb = np.clip(acc[:3], 0, a)
        out.append((list(rgb * 255 / a) if a > 0 else [0, 0, 0]) + [a])
    return {"values": out}


def main():
    req = json.load(sys.stdin)
    json.dump({"tps": tps, "smooth": smooth, "bicubic": bicubic}[req["kind"]](req), sys.stdout)


if __name__ == "__main__":
    main()
