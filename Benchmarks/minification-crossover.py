#!/usr/bin/env python3
"""Reproduces the figures behind MinificationFilter.bilinearLimit.

1-D white noise (piecewise-constant pixels), shrunk m-fold: each output
pixel's exact value is the area average of the source over its footprint.
Compared with it: one bilinear sample at the footprint's centre, and the
filter's n = ceil(1 + 2(m - 1)) bilinear samples box-averaged. Prints the RMS
error of each per m; the filter starts to win at about m = 1.25.

    python3 Benchmarks/minification-crossover.py
"""
import math

import numpy as np

rng = np.random.default_rng(1)
N = 200_000
src = rng.random(N)
prefix = np.concatenate([[0.0], np.cumsum(src)])


def integral(x):
    i = np.floor(x).astype(int)
    return prefix[i] + (x - i) * src[np.minimum(i, N - 1)]


def bilinear(x):
    x = x - 0.5
    i = np.floor(x).astype(int)
    f = x - i
    return src[i] * (1 - f) + src[i + 1] * f


for m in (1.05, 1.1, 1.15, 1.2, 1.225, 1.25, 1.275, 1.3, 1.35, 1.45, 1.55, 2.5, 4.0):
    i = np.arange(1, int((N - 10) / m) - 2)
    exact = (integral((i + 1) * m) - integral(i * m)) / m
    plain = bilinear((i + 0.5) * m)
    n = math.ceil(1 + 2 * (m - 1))
    filtered = np.mean([bilinear(i * m + (k + 0.5) * m / n) for k in range(n)], axis=0)
    rms = lambda v: float(np.sqrt(np.mean((v - exact) ** 2)))
    print(f"m = {m:5.3f}: bilinear {rms(plain):.4f}, filtered (n = {n}) {rms(filtered):.4f}")
