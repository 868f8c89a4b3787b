#!/usr/bin/env bash
# Runs the peer libraries (Pillow, OpenCV, cairo, a memory-copy floor) and
# `meshwarp bench` one after the other on this machine, then prints the
# ratios Documentation/Performance.md tabulates. The peer scripts are not part of
# this repository: give their folder as $PEERS_DIR; their Python environment
# is made once by their setup.sh (PyPI: numpy, pillow, opencv-python-headless,
# scikit-image, pycairo; apt: libcairo2-dev).
#
# Then the video case: ffmpeg's own `remap` filter (nearest neighbour, maps
# precomputed as 16-bit PGM, libx264 at its defaults: preset medium, CRF 23)
# against `meshwarp warp` (bilinear, anti-aliased edges, the same x264 preset
# and `--crf 23`) on 1080p 30 fps H.264 clips with a sine tone (AAC, copied by
# both) of $VIDEO_SECONDS seconds (default "10 100": a clip and one 10x
# longer): frames per second and peak RSS (/usr/bin/time -v; the largest
# process of each run, ffmpeg children included). The first clip is run
# $VIDEO_RUNS times (default 3), the two tools alternating, and the medians
# printed; the load average is printed beside them (on a shared machine the
# ratio is the figure to compare). `--video-only` runs just that part (needs
# ffmpeg, python3 with numpy, /usr/bin/time; $VIDEO_DIR keeps its files).
#
# Usage: Benchmarks/Peers/bench-vs-peers.sh [--quick] [--video-only] [--no-video]
#   (from anywhere; relative $PEERS_DIR, $PEERS_OUT and $VIDEO_DIR are taken
#   from the folder it is run in). The ratios are printed by
#   Benchmarks/Peers/compare_peers.py.
set -euo pipefail
for arg in "$@"; do
  case $arg in
    --quick | --video-only | --no-video) ;;
    -h | --help)
      sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "bench-vs-peers: unknown argument $arg" >&2
      echo "usage: Benchmarks/Peers/bench-vs-peers.sh [--quick] [--video-only] [--no-video]" >&2
      exit 2
      ;;
  esac
done
# Folders given relative to where the script is run, before it moves to the
# repository root.
absolute() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
[ -n "${PEERS_DIR:-}" ] && PEERS_DIR=$(absolute "$PEERS_DIR")
[ -n "${PEERS_OUT:-}" ] && PEERS_OUT=$(absolute "$PEERS_OUT")
[ -n "${VIDEO_DIR:-}" ] && VIDEO_DIR=$(absolute "$VIDEO_DIR")
cd "$(dirname "$0")/../.."
root=$PWD

# Times one command; prints "<seconds> <peak RSS KiB>".
timed() {
  local log; log=$(mktemp)
  /usr/bin/time -v "$@" 2>"$log" >/dev/null || { cat "$log" >&2; rm -f "$log"; return 1; }
  local wall rss
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$log" |
    awk -F: '{ if (NF == 3) print $1*3600 + $2*60 + $3; else print $1*60 + $2 }')
  rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$log")
  rm -f "$log"
  echo "$wall $rss"
}

# The median of column $1 of the lines on standard input.
median_of() {
  awk -v c="$1" '{print $c}' | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'
}

video_bench() {
  swift build -c release --product meshwarp >&2
  # $VIDEO_DIR: a folder to work in, whose clips (clip_<seconds>s.mp4) are
  # reused when there.
  local dir=${VIDEO_DIR:-}
  [ -n "$dir" ] || dir=$(mktemp -d /tmp/meshwarp-video-bench.XXXXXX)
  local w=1920 h=1080
  # The 16x16 wave mesh and the remap filter's maps of the same displacement
  # (the mesh's map inverted per output pixel).
  python3 - "$dir" <<'PY'
import json, sys
import numpy as np
d = sys.argv[1]
c = 17
frm = [[i / (c - 1), j / (c - 1)] for j in range(c) for i in range(c)]
to = [p[:] for p in frm]
for k, (x, y) in enumerate(frm):
    if 0 < x < 1 and 0 < y < 1:
        to[k] = [x + 0.25 / (c - 1) * np.sin(2 * np.pi * y * 1.5),
                 y + 0.25 / (c - 1) * np.sin(2 * np.pi * x)]
faces = [[j * c + i, j * c + i + 1, (j + 1) * c + i + 1, (j + 1) * c + i]
         for j in range(c - 1) for i in range(c - 1)]
json.dump({"columns": c, "rows": c, "from": frm, "to": to, "faces": faces},
          open(f"{d}/mesh16.json", "w"))
# The remap filter's maps: for each output pixel centre p, the source point
# s with F(s) = p, F being the mesh's own map. With its `from` points a
# uniform grid, F(s) = s + D(s), D the bilinear interpolation of the
# vertices' displacements over the grid's cells; |grad D| < 0.3 here, so the
# fixed-point iteration s <- p - D(s) converges (40 steps: far below a
# pixel). The map holds the source pixel containing s (nearest neighbour).
w, h = 1920, 1080
n = c - 1
frm_a, to_a = np.array(frm), np.array(to)
dx = ((to_a[:, 0] - frm_a[:, 0]) * w).reshape(c, c)
dy = ((to_a[:, 1] - frm_a[:, 1]) * h).reshape(c, c)
py, px = np.mgrid[0:h, 0:w].astype(np.float64) + 0.5

def displacement(sx, sy):
    u = np.clip(sx / w * n, 0, n)
    v = np.clip(sy / h * n, 0, n)
    i = np.minimum(u.astype(np.int64), n - 1)
    j = np.minimum(v.astype(np.int64), n - 1)
    fu, fv = u - i, v - j
    def lerp(d):
        top = d[j, i] * (1 - fu) + d[j, i + 1] * fu
        bottom = d[j + 1, i] * (1 - fu) + d[j + 1, i + 1] * fu
        return top * (1 - fv) + bottom * fv
    return lerp(dx), lerp(dy)

sx, sy = px.copy(), py.copy()
for _ in range(40):
    ddx, ddy = displacement(sx, sy)
    sx, sy = px - ddx, py - ddy
ddx, ddy = displacement(sx, sy)
assert max(abs(sx + ddx - px).max(), abs(sy + ddy - py).max()) < 1e-6
mx = np.clip(np.floor(sx), 0, w - 1).astype(">u2")
my = np.clip(np.floor(sy), 0, h - 1).astype(">u2")
for name, a in (("xmap.pgm", mx), ("ymap.pgm", my)):
    with open(f"{d}/{name}", "wb") as f:
        f.write(b"P5\n%d %d\n65535\n" % (w, h))
        f.write(a.tobytes())
PY
  echo "# video: $(nproc) cores; files in $dir" >&2
  local lengths=${VIDEO_SECONDS:-10 100} runs=${VIDEO_RUNS:-3} first=1
  printf '%-28s %8s %8s %10s  %s\n' case seconds fps "peak MiB" "load average (1/5/15 min)"
  for seconds in $lengths; do
    local clip="$dir/clip_${seconds}s.mp4" frames=$((seconds * 30))
    [ -s "$clip" ] || ffmpeg -v error -nostdin -y -f lavfi \
      -i "testsrc2=size=${w}x${h}:rate=30:duration=$seconds" -f lavfi -i "sine=frequency=440:duration=$seconds" -c:v libx264 -preset veryfast \
      -pix_fmt yuv420p -c:a aac -shortest "$clip"
    local n=1 peers=() ours=()
    [ $first = 1 ] && n=$runs
    first=0
    for ((i = 1; i <= n; i++)); do
      local peer mine
      peer=$(timed ffmpeg -v error -nostdin -y -i "$clip" -i "$dir/xmap.pgm" -i "$dir/ymap.pgm" \
        -lavfi "[0:v][1:v][2:v]remap,format=yuv420p" -c:v libx264 -c:a copy \
        "$dir/remap_${seconds}s.mp4")
      mine=$(timed .build/release/meshwarp warp "$clip" --mesh "$dir/mesh16.json" \
        --edges unwarped --crf 23 -o "$dir/meshwarp_${seconds}s.mp4")
      peers+=("$peer") ours+=("$mine")
      local load; load=$(cut -d' ' -f1-3 /proc/loadavg)
      for row in "ffmpeg-remap ${seconds}s #$i:$peer" "meshwarp warp ${seconds}s #$i:$mine"; do
        local name=${row%%:*} t rss
        read -r t rss <<<"${row#*:}"
        printf '%-28s %8.2f %8.1f %10.1f  %s\n' "$name" "$t" "$(echo "$frames / $t" | bc -l)" \
          "$(echo "$rss / 1024" | bc -l)" "$load"
      done
    done
    if [ "$n" -gt 1 ]; then
      local tool rows
      for tool in ffmpeg-remap meshwarp; do
        if [ $tool = meshwarp ]; then rows=$(printf '%s\n' "${ours[@]}"); else rows=$(printf '%s\n' "${peers[@]}"); fi
        local t rss
        t=$(median_of 1 <<<"$rows")
        rss=$(median_of 2 <<<"$rows")
        printf '%-28s %8.2f %8.1f %10.1f  median of %d\n' "$tool ${seconds}s" "$t" \
          "$(echo "$frames / $t" | bc -l)" "$(echo "$rss / 1024" | bc -l)" "$n"
      done
    fi
  done
}

case " $* " in *" --video-only "*)
  video_bench
  exit 0
  ;;
esac

[ -n "${PEERS_DIR:-}" ] && [ -d "$PEERS_DIR" ] || {
  echo "set PEERS_DIR to the folder of the peer benchmark scripts" >&2
  exit 2
}
quick=0
case " $* " in *" --quick "*) quick=1 ;; esac
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
# Whole runs as a user runs them, process start-up included: Pillow's open +
# transform(MESH) + save on its 48 MP PNG and 12 MP JPEG, then `meshwarp
# warp` of the same files through the same 16x16-quad wave mesh (median of
# the runs after one warm-up) and the output size of each.
$PY peer_pipelines.py --cases pillow-png pillow-jpeg --runs 3 >&2
cd "$root"
python3 - "$PEERS_OUT" "$root/.build/release/meshwarp" <<'PY' >&2
import json, os, statistics, subprocess, sys, time
out, tool = sys.argv[1], sys.argv[2]
rows = []
for case, name, runs in (("meshwarp-png", "pipe_48mp", 3), ("meshwarp-jpeg", "pipe_12mp", 5)):
    ext = ".png" if case.endswith("png") else ".jpg"
    dst = os.path.join(out, name + "_meshwarp" + ext)
    cmd = [tool, "warp", os.path.join(out, name + ext), "--mesh",
           os.path.join(out, "mesh_wave17.json"), "-o", dst]
    if ext == ".jpg":
        cmd += ["--subsampling", "420"]  # as Pillow saves at quality 90
    subprocess.run(cmd, check=True, capture_output=True)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        times.append(time.perf_counter() - t0)
    rows.append({"case": case, "median_s": statistics.median(times), "min_s": min(times),
                 "output_bytes": os.path.getsize(dst)})
    print(json.dumps(rows[-1]))
json.dump(rows, open(os.path.join(out, "results_meshwarp_cli.json"), "w"))
PY
.build/release/meshwarp bench --json --runs "$bench_runs" > "$PEERS_OUT/meshwarp_bench.jsonl"
python3 Benchmarks/Peers/compare_peers.py "$PEERS_OUT"
case " $* " in *" --no-video "*) exit 0 ;; esac
video_bench
