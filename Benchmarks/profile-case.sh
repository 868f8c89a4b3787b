#!/usr/bin/env bash
# Where a `meshwarp bench` case spends its time: the share of perf's samples
# in each function (self time, names demangled), from the software clock
# (`cpu-clock`), which needs no hardware counters and so works in virtual
# machines and containers that have none. The process's set-up (the bench
# pictures are generated first) is included; compare a case's functions,
# not its total.
#
# Usage: Benchmarks/profile-case.sh CASE [THREADS] [RUNS] [MIN_PERCENT]
#   CASE         a `meshwarp bench --case` name, e.g. warp-16x16
#   THREADS      default 1
#   RUNS         timed runs (default 30: a few thousand samples)
#   MIN_PERCENT  functions below this share are left out (default 1)
#
# Needs `perf` (Debian: linux-perf) and a release build:
#   swift build -c release --product meshwarp
# MESHWARP_BIN picks another binary (default: the repository's
# .build/release/meshwarp, wherever this is run from).
set -euo pipefail

if [[ $# -lt 1 || $1 == -h || $1 == --help ]]; then
  sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'
  exit $(($# < 1 ? 2 : 0))
fi
case_name=$1
threads=${2:-1}
runs=${3:-30}
limit=${4:-1}
root="$(cd "$(dirname "$0")/.." && pwd)"
bin=${MESHWARP_BIN:-$root/.build/release/meshwarp}

command -v perf >/dev/null || {
  echo "profile-case: perf not found (Debian: apt-get install linux-perf)" >&2
  exit 1
}
[[ -x $bin ]] || {
  echo "profile-case: $bin not found; build it: (cd $root && swift build -c release --product meshwarp)" >&2
  exit 1
}
demangle() {
  if command -v swift >/dev/null; then swift demangle --simplified; else cat; fi
}

data=$(mktemp)
trap 'rm -f "$data"' EXIT
perf record -q -e cpu-clock -F 4000 -o "$data" \
  "$bin" bench --case "$case_name" --threads "$threads" --runs "$runs" >&2
echo "# $case_name, $threads thread(s), $runs runs: share of cpu-clock samples (self)"
perf report -i "$data" --no-children --sort symbol --stdio -g none \
  --percent-limit "$limit" 2>/dev/null | grep -v '^#' | grep '%' | demangle |
  sed -E 's/\[\.\] //; s/ +(- +-)? *$//' | cut -c1-160
