#!/usr/bin/env python3
"""Prints MeshWarp's bench against the peers' results (one run, one machine).

Usage: compare_peers.py PEERS_OUT   (the folder with results_*.json and
meshwarp_bench.jsonl written by Benchmarks/Peers/bench-vs-peers.sh)."""
import json
import os
import sys

out = sys.argv[1]


def load(name):
    path = os.path.join(out, name)
    return json.load(open(path)) if os.path.exists(path) else []


ours = {}
for line in open(os.path.join(out, "meshwarp_bench.jsonl")):
    r = json.loads(line)
    ours[(r["case"], r["threads"])] = r["median_ms"]
threads_all = max(t for (_, t) in ours)
opencv = {(r["mesh"], r["threads"]): min(r["remap_median_ms"], r["remap16_median_ms"])
          for r in load("results_opencv.json")}
pillow = {r["mesh"]: r["rgba_median_ms"] for r in load("results_pillow.json")}
cairo = {(r["style"], tuple(r["size"])): r["median_ms"] for r in load("results_cairo.json")}
memcopy = {r["case"]: r["median_ms"] for r in load("results_memcopy.json")}
pipelines = {r["case"]: r for r in load("results_pipelines.json")}
cli = {r["case"]: r for r in load("results_meshwarp_cli.json")}

rows = []


def row(what, ours_ms, peer, peer_ms, target, better_when_lower):
    if ours_ms is None or peer_ms is None:
        rows.append((what, "n/a", peer, "n/a", "n/a", target, "not measured"))
        return
    ratio = ours_ms / peer_ms if better_when_lower else peer_ms / ours_ms
    rows.append((what, f"{ours_ms:.2f}", peer, f"{peer_ms:.2f}", f"{ratio:.2f}", target, ""))


for t in sorted({1, threads_all}):
    row(f"warp 16x16 quads, {t} thread(s) / OpenCV remap (precomputed map)",
        ours.get(("warp-16x16", t)), "opencv", opencv.get(("grid17x17", t)),
        "<= 0.90" if t == 1 else "<= 1.00", True)
row("Pillow MESH 16x16 / warp 16x16 (1 thread)", ours.get(("warp-16x16", 1)), "pillow",
    pillow.get("grid17x17"), ">= 5", False)
row("warp 64x64 / warp 16x16 (1 thread)", ours.get(("warp-64x64", 1)), "ours",
    ours.get(("warp-16x16", 1)), "<= 1.25", True)
row("warp 128x128 / warp 16x16 (1 thread)", ours.get(("warp-128x128", 1)), "ours",
    ours.get(("warp-16x16", 1)), "<= 1.5", True)
row("warp 1 quad, minification filter on / off (1 thread)", ours.get(("warp-1", 1)), "ours",
    ours.get(("warp-1-unfiltered", 1)), "<= 1.25", True)
for case in ("warp-16x16", "warp-64x64"):
    row(f"{case}: 1 thread / {threads_all} threads (scaling)", ours.get((case, threads_all)),
        "ours", ours.get((case, 1)), ">= 1.85", False)
row("smooth 9x9 / piecewise 9x9 (1 thread)", ours.get(("warp-9x9-smooth", 1)), "ours",
    ours.get(("warp-9x9", 1)), "<= 1.5", True)
row("thin-plate spline, 20 points / warp 16x16 (1 thread)", ours.get(("warp-tps-20", 1)), "ours",
    ours.get(("warp-16x16", 1)), "<= 1.5", True)
row("bicubic / bilinear, 16x16 (1 thread)", ours.get(("warp-16x16-bicubic", 1)), "ours",
    ours.get(("warp-16x16", 1)), "<= 2", True)
row("minification filter on / off, 16x16 (1 thread)", ours.get(("warp-16x16", 1)), "ours",
    ours.get(("warp-16x16-unfiltered", 1)), "<= 1.10", True)
row("warp 16x16, portable Swift loop / AVX2 kernel (1 thread)",
    ours.get(("warp-16x16", 1)), "ours", ours.get(("warp-16x16-portable", 1)), "(its gain)",
    False)
row("cairo smooth mesh 1080p / gradient 3x3 (1 thread)", ours.get(("gradient-3x3", 1)), "cairo",
    cairo.get(("smooth", (1920, 1080))), ">= 10", False)
row(f"warp 16x16 ({threads_all} threads) / one frame copy (memory floor)",
    ours.get(("warp-16x16", threads_all)), "memcopy", memcopy.get("hot"), "<= 15", True)


def seconds(table, case, field="median_s", scale=1000):
    """A pipeline row's field (seconds -> ms by default), or None."""
    r = table.get(case)
    return r and r[field] * scale


row("48 MP PNG: Pillow open+MESH 16x16+save / `meshwarp warp` on the same file",
    seconds(cli, "meshwarp-png"), "pillow", seconds(pipelines, "pillow-png"), ">= 4", False)
row("48 MP PNG: our file / Pillow's file (MB, not ms)",
    seconds(cli, "meshwarp-png", "output_bytes", 1e-6), "pillow",
    seconds(pipelines, "pillow-png", "output_bytes", 1e-6), "<= 1.10", True)
row("12 MP JPEG: Pillow open+MESH 16x16+save q90 / `meshwarp warp` on the same file",
    seconds(cli, "meshwarp-jpeg"), "pillow", seconds(pipelines, "pillow-jpeg"), ">= 3", False)
for t in sorted({1, threads_all}):
    row(f"Pillow JPEG pipeline / bench pipeline-jpeg ({t} thread(s), no process start)",
        ours.get(("pipeline-jpeg", t)), "pillow", seconds(pipelines, "pillow-jpeg"), ">= 3", False)

print("| comparison | ours ms | peer | peer ms | ratio | target |")
print("| --- | --- | --- | --- | --- | --- |")
for what, o, peer, p, ratio, target, note in rows:
    print(f"| {what} | {o} | {peer} | {p} | {ratio} | {target} {note}|")
