#!/usr/bin/env bash
# Writes the inputs of shader_bench.cu into Benchmarks/CUDAShader/data/:
# the packed shader data (`meshwarp shader-data`) of the peers' sinusoidal
# mesh (MeshPresets.sinusoidal, the peer benchmarks' warp, border pinned) at 1, 100, 2 500
# and 10 000 quads. Runs here (it needs the Swift build); the GPU machine
# only compiles and runs the .cu file (run-on-gpu.sh).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
(cd "$root" && swift build -c release --product meshwarp >&2)
mkdir -p "$here/data"
for n in 1 10 50 100; do
  python3 - "$n" >"$here/data/grid${n}x${n}.json" <<'PY'
import json, math, sys
n = int(sys.argv[1])
cols = rows = n + 1
grid = [[c / n, r / n] for r in range(rows) for c in range(cols)]
def warp(x, y):
    if x in (0.0, 1.0) or y in (0.0, 1.0):
        return [x, y]
    w = math.sin(math.pi * x) * math.sin(math.pi * y)
    return [x + 0.040 * w * math.sin(3.0 * math.pi * y + 0.4),
            y + 0.045 * w * math.sin(2.5 * math.pi * x + 1.0)]
faces = [[r * cols + c, r * cols + c + 1, (r + 1) * cols + c + 1, (r + 1) * cols + c]
         for r in range(rows - 1) for c in range(cols - 1)]
print(json.dumps({"from": grid, "to": [warp(x, y) for x, y in grid], "faces": faces}))
PY
  "$root/.build/release/meshwarp" shader-data "$here/data/grid${n}x${n}.json" \
    -o "$here/data/grid${n}x${n}.floats"
done
ls -l "$here/data"
