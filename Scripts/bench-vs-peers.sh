#!/usr/bin/env bash
# Runs the peer libraries (Pillow, OpenCV, cairo, a memory-copy floor) and
# `meshwarp bench` one after the other on this machine, then prints the
# ratios the performance issue asks about. The peers live in shared/peers
# (next to the repository, or $PEERS_DIR); their Python environment is made
# once by their setup.sh (PyPI: numpy, pillow, opencv-python-headless,
# scikit-image, pycairo; apt: libcairo2-dev).
#
# Usage: Scripts/bench-vs-peers.sh [--quick]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
PEERS_DIR=${PEERS_DIR:-$root/../shared/peers}
[ -d "$PEERS_DIR" ] || { echo "no peers folder at $PEERS_DIR (set PEERS_DIR)" >&2; exit 1; }
quick=0
[ "${1:-}" = "--quick" ] && quick=1
export PEERS_OUT=${PEERS_OUT:-$(mktemp -d /tmp/meshwarp-peers.XXXXXX)}
PY=$("$PEERS_DIR/setup.sh")
runs=40; bench_runs=21
[ $quick = 1 ] && { runs=8; bench_runs=7; }

swift build -c release --product meshwarp >&2
cd "$PEERS_DIR"
echo "# $(date -u +%FT%TZ) $(nproc) cores; peer outputs in $PEERS_OUT" >&2
$PY make_inputs.py >&2
$PY bench_memcopy.py --runs $((runs * 2)) >&2
$PY peer_pillow.py --meshes grid17x17 --runs $((runs / 2)) >&2
$PY peer_opencv.py --meshes grid2x2 grid17x17 grid65x65 --runs "$runs" --map-runs 1 >&2
$PY peer_cairo.py --runs $((runs / 2)) >&2
$PY peer_pipelines.py --cases pillow-jpeg --runs $((runs < 10 ? 3 : 5)) >&2
cd "$root"
.build/release/meshwarp bench --json --runs "$bench_runs" > "$PEERS_OUT/meshwarp_bench.jsonl"
# The whole command on Pillow's own 12 MP JPEG and 16x16-quad wave mesh,
# process start-up included, timed like the peer (median of runs after a
# warm-up).
python3 - "$PEERS_OUT" "$root/.build/release/meshwarp" <<'PY' >&2
import json, os, statistics, subprocess, sys, time
out, tool = sys.argv[1], sys.argv[2]
cmd = [tool, "warp", os.path.join(out, "pipe_12mp.jpg"), "-m", os.path.join(out, "mesh_wave17.json"),
       "-o", os.path.join(out, "pipe_12mp_meshwarp.jpg")]
subprocess.run(cmd, check=True, capture_output=True)
times = []
for _ in range(5):
    t0 = time.perf_counter(); subprocess.run(cmd, check=True, capture_output=True)
    times.append(time.perf_counter() - t0)
row = {"case": "meshwarp-jpeg", "median_s": statistics.median(times), "min_s": min(times)}
print(json.dumps(row))
json.dump([row], open(os.path.join(out, "results_meshwarp_cli.json"), "w"))
PY
python3 Scripts/compare_peers.py "$PEERS_OUT"
