#!/usr/bin/env python3
"""Independent per-pixel references for the mesh effects (numpy, OpenCV).

Reads one JSON request on stdin, writes one JSON answer on stdout.
Written from the effects' formulas, not from the Swift code.

Coordinates are pixels, y down, pixel centres at i + 0.5; s = min(W, H);
c = (cx W, cy H); d = p - c; rho = |d| / (R s). Forward maps F (content
point -> where it is drawn), identity outside rho < 1:

- twirl:  c + rot(phi (1 - rho)^2) d            (phi in degrees, clockwise on screen)
- bulge:  c + d (1 + k (1 - rho)^2)
- ripple: c + d/|d| (|d| + A s sin(2 pi |d| / (L s) - phase) (1 - rho)^2)
- wave:   axis x: p + (0, A s sin(2 pi p.x / (L s) + phase)); axis y swaps
- lens:   OpenCV's radial-tangential model on normalized points
          ((p - 0.5 - (cx, cy)) / (fx, fy)); the content point of output
          point q is the distortion of q (F is its inverse); "inverse"
          makes F the distortion itself.

With "aspect": "fill" the twirl, bulge and ripple act on an ellipse over
the whole picture (ImageMagick's scaling of the short axis): s = max(W, H)
and d = (p - c) * (s / W, s / H); the formula's displacement is made in
those stretched coordinates and divided by the stretch again.

Kinds of request:
- "warp": for every output pixel centre q, the content point F^-1(q) by
  Newton's method on F (Jacobian by central differences, steps halved
  until the residual shrinks), sampled bilinearly on premultiplied RGBA
  with clamp-to-edge taps. Answers the RGBA bytes (base64) and the
  fraction of pixels where Newton converged (to 1e-6 px); pixels where it
  did not are transparent. With "depth": 16 the image is 16-bit RGBA
  (little-endian), sampled the same way with 65535 for 255, and the
  answer is the unrounded float64 straight-alpha values ("values",
  base64, little-endian), the reference a 16-bit warp is measured against.
- "undistort": cv2.undistort(image, K, D, None, newK) of an RGBA image
  (OpenCV's camera matrix convention, its default border: zeros), D of 4,
  5 or 8 coefficients; newK is K, "new_camera", or with "alpha"
  cv2.getOptimalNewCameraMatrix(K, D, (W, H), alpha). With "fisheye":
  cv2.fisheye.undistortImage(image, K, D, Knew=newK), newK from "alpha"
  through cv2.fisheye.estimateNewCameraMatrixForUndistortRectify(K, D,
  (W, H), I, balance=alpha). Answers the bytes and newK (fx, fy, cx, cy).
- "calibration": writes K (fx, fy, cx, cy), D and the image size to
  "path" with cv2.FileStorage (YAML or JSON by the path's extension),
  under the names "camera_key" and "distortion_key". Answers {}.
"""
import base64
import json
import sys

import numpy as np


def forward(req, p):
    """F at points p (n x 2 array, pixels)."""
    W, H = req["width"], req["height"]
    s = min(W, H)
    e = req["effect"]
    kind = e["kind"]
    if kind == "wave":
        A, L, ph = e["amplitude"] * s, e["wavelength"] * s, e["phase"]
        out = p.copy()
        if e["axis"] == "x":
            out[:, 1] += A * np.sin(2 * np.pi * p[:, 0] / L + ph)
        else:
            out[:, 0] += A * np.sin(2 * np.pi * p[:, 1] / L + ph)
        return out
    if kind == "lens":
        if e["inverse"]:
            return distort(e, p)
        raise ValueError("lens F is the inverse distortion: use source() directly")
    stretch = np.array([1.0, 1.0])
    if e.get("aspect") == "fill":
        s = max(W, H)
        stretch = np.array([s / W, s / H])
    c = np.array([e["center"][0] * W, e["center"][1] * H])
    d = (p - c) * stretch
    r = np.hypot(d[:, 0], d[:, 1])
    rho = r / (e["radius"] * s)
    w = np.where(rho < 1, (1 - rho) ** 2, 0.0)
    if kind == "twirl":
        a = np.radians(e["angle"]) * w
        cs, sn = np.cos(a), np.sin(a)
        turned = np.stack([cs * d[:, 0] - sn * d[:, 1], sn * d[:, 0] + cs * d[:, 1]], 1)
        return c + turned / stretch
    if kind == "bulge":
        return c + d * (1 + e["strength"] * w)[:, None] / stretch
    if kind == "ripple":
        A, L, ph = e["amplitude"] * s, e["wavelength"] * s, e["phase"]
        safe = np.where(r > 0, r, 1.0)
        u = d / safe[:, None]
        newr = r + A * np.sin(2 * np.pi * r / L - ph) * w
        return np.where((r > 0)[:, None], c + u * newr[:, None] / stretch, p)
    raise ValueError(kind)


def distort(e, p):
    fx, fy, cx, cy = e["camera"]
    k1, k2, p1, p2, k3 = e["distortion"]
    x = (p[:, 0] - 0.5 - cx) / fx
    y = (p[:, 1] - 0.5 - cy) / fy
    r2 = x * x + y * y
    radial = 1 + k1 * r2 + k2 * r2 ** 2 + k3 * r2 ** 3
    xd = x * radial + 2 * p1 * x * y + p2 * (r2 + 2 * x * x)
    yd = y * radial + p1 * (r2 + 2 * y * y) + 2 * p2 * x * y
    return np.stack([xd * fx + cx + 0.5, yd * fy + cy + 0.5], 1)


def source(req, q):
    """F^-1 at output points q by Newton's method; returns (points, converged)."""
    e = req["effect"]
    if e["kind"] == "lens" and not e["inverse"]:
        return distort(e, q), np.ones(len(q), bool)
    p = q.copy()
    h = 1e-4

    def resid(x):
        return forward(req, x) - q

    f = resid(p)
    for _ in range(80):
        jx = (forward(req, p + [h, 0]) - forward(req, p - [h, 0])) / (2 * h)
        jy = (forward(req, p + [0, h]) - forward(req, p - [0, h])) / (2 * h)
        det = jx[:, 0] * jy[:, 1] - jy[:, 0] * jx[:, 1]
        det = np.where(np.abs(det) > 1e-12, det, 1e-12)
        step = np.stack([(jy[:, 1] * f[:, 0] - jy[:, 0] * f[:, 1]) / det,
                         (jx[:, 0] * f[:, 1] - jx[:, 1] * f[:, 0]) / det], 1)
        t = np.ones(len(p))
        norm = np.hypot(f[:, 0], f[:, 1])
        for _ in range(20):
            cand = p - step * t[:, None]
            fc = resid(cand)
            worse = np.hypot(fc[:, 0], fc[:, 1]) > norm
            if not worse.any():
                break
            t = np.where(worse, t / 2, t)
        p = p - step * t[:, None]
        f = resid(p)
        if np.hypot(f[:, 0], f[:, 1]).max() < 1e-9:
            break
    return p, np.hypot(f[:, 0], f[:, 1]) < 1e-6


def bilinear(img, pts, top=255):
    """Premultiplied bilinear samples of RGBA `img` (values 0..top) at pixel points."""
    Hh, Ww = img.shape[:2]
    a = img[..., 3:4].astype(float) / top
    pre = np.concatenate([img[..., :3] * a, img[..., 3:4].astype(float)], -1)
    x = pts[:, 0] - 0.5
    y = pts[:, 1] - 0.5
    x0 = np.floor(x).astype(int)
    y0 = np.floor(y).astype(int)
    fx = (x - x0)[:, None]
    fy = (y - y0)[:, None]

    def tap(xi, yi):
        return pre[np.clip(yi, 0, Hh - 1), np.clip(xi, 0, Ww - 1)]

    v = (tap(x0, y0) * (1 - fx) + tap(x0 + 1, y0) * fx) * (1 - fy) + \
        (tap(x0, y0 + 1) * (1 - fx) + tap(x0 + 1, y0 + 1) * fx) * fy
    alpha = v[:, 3:4]
    rgb = np.where(alpha > 0, v[:, :3] * top / np.maximum(alpha, 1e-9), 0)
    return np.concatenate([rgb, alpha], 1)


def warp(req):
    W, H = req["width"], req["height"]
    deep = req.get("depth") == 16
    kind = np.dtype("<u2") if deep else np.uint8
    img = np.frombuffer(base64.b64decode(req["image"]), kind).reshape(H, W, 4)
    ys, xs = np.mgrid[0:H, 0:W]
    q = np.stack([xs.ravel() + 0.5, ys.ravel() + 0.5], 1).astype(float)
    p, ok = source(req, q)
    out = bilinear(img, p, 65535 if deep else 255)
    out[~ok] = 0
    if deep:
        values = out.astype("<f8").tobytes()
        return {"values": base64.b64encode(values).decode(), "converged": float(ok.mean())}
    out = np.clip(np.rint(out), 0, 255).astype(np.uint8)
    return {"image": base64.b64encode(out.tobytes()).decode(), "converged": float(ok.mean())}


def matrix(camera):
    fx, fy, cx, cy = camera
    return np.array([[fx, 0, cx], [0, fy, cy], [0, 0, 1]], float)


def undistort(req):
    import cv2
    W, H = req["width"], req["height"]
    img = np.frombuffer(base64.b64decode(req["image"]), np.uint8).reshape(H, W, 4)
    K = matrix(req["camera"])
    D = np.array(req["distortion"], float)
    newK = matrix(req["new_camera"]) if "new_camera" in req else K
    if req.get("fisheye"):
        if "alpha" in req:
            newK = cv2.fisheye.estimateNewCameraMatrixForUndistortRectify(
                K, D, (W, H), np.eye(3), balance=req["alpha"])
        out = cv2.fisheye.undistortImage(img, K, D, Knew=newK)
    else:
        if "alpha" in req:
            newK = cv2.getOptimalNewCameraMatrix(K, D, (W, H), req["alpha"])[0]
        out = cv2.undistort(img, K, D, None, newK)
    return {"image": base64.b64encode(np.ascontiguousarray(out).tobytes()).decode(),
            "new_camera": [newK[0, 0], newK[1, 1], newK[0, 2], newK[1, 2]]}


def calibration(req):
    import cv2
    fs = cv2.FileStorage(req["path"], cv2.FILE_STORAGE_WRITE)
    if "size" in req:
        fs.write("image_width", req["size"][0])
        fs.write("image_height", req["size"][1])
    fs.write(req["camera_key"], matrix(req["camera"]))
    fs.write(req["distortion_key"], np.array([req["distortion"]], float))
    fs.release()
    return {}


def main():
    req = json.load(sys.stdin)
    answer = {"warp": warp, "undistort": undistort, "calibration": calibration}[req["kind"]](req)
    json.dump(answer, sys.stdout)


if __name__ == "__main__":
    main()
