#!/usr/bin/env bash
# On a machine with an NVIDIA GPU and nvcc: times the layer effect
# (layer_bench.cu) of the shipped shader and, when given, of a baseline copy
# of MeshWarp.metal (e.g. `git show REV:Sources/MeshWarpEffect/Shaders/MeshWarp.metal`),
# on data/grid1x1.floats and data/grid64x64.floats (prepare.sh).
#
# Usage: run-layer-bench.sh [BASELINE.metal]
set -euo pipefail
cd "$(dirname "$0")"
arch="${CUDA_ARCH:-sm_90}"
work="$(mktemp -d)"
build() { # build LABEL SHADER
  # The entry point must be callable from a kernel: `[[ stitchable ]]` becomes
  # `__host__ __device__` in a copy; nothing else changes.
  sed 's/\[\[ stitchable \]\]/__host__ __device__/' "$2" >"$work/$1.metal"
  nvcc -O3 -std=c++17 -arch="$arch" -I shim -DSHADER_FILE="\"$work/$1.metal\"" \
    -DSHADER_LABEL="\"$1\"" layer_bench.cu -o "$work/$1"
}
build shipped ../../Sources/MeshWarpEffect/Shaders/MeshWarp.metal
[ $# -ge 1 ] && build baseline "$1"
nvidia-smi --query-gpu=name --format=csv,noheader || true
for round in 1 2; do
  [ $# -ge 1 ] && "$work/baseline" data/grid1x1.floats data/grid64x64.floats
  "$work/shipped" data/grid1x1.floats data/grid64x64.floats
done
