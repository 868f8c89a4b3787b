#!/usr/bin/env python3
"""Prints MeshWarp's bench against the peers' results (one run, one machine).

Usage: compare_peers.py PEERS_OUT   (the folder with results_*.json and
meshwarp_bench.jsonl written by Scripts/bench-vs-peers.sh)."""
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
pipelines = {r["case"]: r["median_s"] * 1000 for r in load("results_pipelines.json")}
cli = {r["case"]: r["median_s"] * 1000 for r in load("results_meshwarp_cli.json")}

rows = []


def row(what, ours_ms, peer, peer_ms, target, better_when_lower):
    if ours_ms is None or peer_ms is None:
        rows.append((what, "n/a", peer, "n/a", "n/a", target, "not measured"))
        return
    ratio = ours_ms / peer_ms if better_when_lower else peer_ms / ours_ms
    rows.append((what, f"{ours_ms:.2f}", peer, f"{peer_ms:.2f}", f"{ratio:.2f}", target, ""))


for t in sorted({1, threads_all}):
    row(f"warp 16x16 quads, {t} thread(s) / OpenCV remap (precomputed map)",
        ours.get(("warp-16x16", t)), "opencv", opencv.get(("grid17x17", t)), "<= 1", True)
row("Pillow MESH 16x16 / warp 16x16 (1 thread)", ours.get(("warp-16x16", 1)), "pillow",
    pillow.get("grid17x17"), ">= 5", False)
row("warp 64x64 / warp 1 quad (1 thread)", ours.get(("warp-64x64", 1)), "ours",
    ours.get(("warp-1", 1)), "<= 1.25", True)
row("cairo smooth mesh 1080p / gradient 3x3 (1 thread)", ours.get(("gradient-3x3", 1)), "cairo",
    cairo.get(("smooth", (1920, 1080))), ">= 3", False)
row(f"warp 16x16 ({threads_all} threads) / one frame copy (memory floor)",
    ours.get(("warp-16x16", threads_all)), "memcopy", memcopy.get("hot"), "<= 8", True)
row("Pillow JPEG 12 MP open+MESH 16x16+save q90 / `meshwarp warp` on the same file",
    cli.get("meshwarp-jpeg"), "pillow", pipelines.get("pillow-jpeg"), ">= 3", False)
for t in sorted({1, threads_all}):
    row(f"Pillow JPEG pipeline / bench pipeline-jpeg ({t} thread(s), no process start)",
        ours.get(("pipeline-jpeg", t)), "pillow", pipelines.get("pillow-jpeg"), ">= 3", False)

print("| comparison | ours ms | peer | peer ms | ratio | target |")
print("| --- | --- | --- | --- | --- | --- |")
for what, o, peer, p, ratio, target, note in rows:
    print(f"| {what} | {o} | {peer} | {p} | {ratio} | {target} {note}|")
