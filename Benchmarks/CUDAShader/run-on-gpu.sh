#!/usr/bin/env bash
# On a machine with an NVIDIA GPU and nvcc: builds shader_bench.cu for the
# GPU found (or sm_90, the H100/H200) and runs it on data/ (prepare.sh).
set -euo pipefail
cd "$(dirname "$0")"
arch="${CUDA_ARCH:-sm_90}"
nvcc --version | tail -2
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader || true
nvcc -O3 -std=c++17 -arch="$arch" -I shim shader_bench.cu -o /tmp/shader_bench
/tmp/shader_bench data/grid1x1.floats data/grid10x10.floats data/grid50x50.floats \
  data/grid100x100.floats
