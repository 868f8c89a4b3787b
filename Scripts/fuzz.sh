#!/usr/bin/env bash
# Builds the libFuzzer targets (the package in Fuzz/) with AddressSanitizer
# and runs each for SECONDS (default 60) on its corpus in Fuzz/Corpus/, or
# for FUZZ_RUNS executions when that is set (then SECONDS, if given, is an
# upper bound on the time).
#
#   Scripts/fuzz.sh [SECONDS]
#
# Per target: inputs found go to a scratch folder; afterwards the corpus is
# minimized with `-merge=1` into a fresh folder and written back to
# Fuzz/Corpus/<target>/ (hand-made seeds, the names with an extension, are
# always kept; fuzzer-found inputs are named by their SHA-1). Prints the
# executions of each target and whether it crashed; exits non-zero on a
# crash, a timeout (an input running over FUZZ_TIMEOUT seconds), a leak or
# running out of memory (over 2 GB), keeping the reproducer in
# .build/fuzz/artifacts/.
# Replay one with `.build/fuzz/bin/fuzz-<target> <file>`, or add it to
# Fuzz/Corpus/<target>/ so that `swift test` replays it.
#
# Environment:
#   FUZZ_TARGETS        targets to run (default "png mesh gradient jpeg webp
#                       gif tiff heif keyframes pointset video")
#   FUZZ_RUNS           executions per target (libFuzzer -runs); the run
#                       stops at FUZZ_RUNS or SECONDS, whichever comes first
#                       (SECONDS defaults to 0, no limit, when FUZZ_RUNS is set)
#   FUZZ_CONFIGURATION  release (default: what the tool ships) or debug
#   FUZZ_JOBS           parallel fuzzing processes per target (libFuzzer
#                       -fork; default 1)
#   FUZZ_MERGE          0 leaves Fuzz/Corpus unchanged (default 1)
#   FUZZ_TIMEOUT        seconds (wall clock) one input may run (libFuzzer
#                       -timeout; default 10); raise it on a loaded machine,
#                       where the slowest corpus inputs (0.2 s of CPU) can
#                       take longer than that in wall time
#
# Why these flags (Documentation/Reliability.md): swiftc keeps only the
# last `-sanitize=` it is given, so `--sanitize fuzzer --sanitize address`
# builds without coverage; `-Xswiftc -sanitize=fuzzer,address` comes last
# and turns on both, while `--sanitize fuzzer` tells SwiftPM that libFuzzer
# supplies `main`. SWIFT_BACKTRACE=enable=no keeps Swift's crash handler
# away from ASan's.
set -euo pipefail

runs_limit="${FUZZ_RUNS:-}"
if [ -n "$runs_limit" ]; then seconds="${1:-0}"; else seconds="${1:-60}"; fi
targets="${FUZZ_TARGETS:-png mesh gradient jpeg webp gif tiff heif keyframes pointset video}"
configuration="${FUZZ_CONFIGURATION:-release}"
jobs="${FUZZ_JOBS:-1}"
merge="${FUZZ_MERGE:-1}"
timeout="${FUZZ_TIMEOUT:-10}"

root="$(cd "$(dirname "$0")/.." && pwd)"
work="$root/.build/fuzz"
mkdir -p "$work/artifacts" "$work/bin" "$work/logs"

# SwiftPM names a path dependency after its folder: a checkout folder called
# "fuzz" would clash with the Fuzz package itself. Build from a copy then.
package_root="$root"
if [ "$(basename "$root" | tr '[:upper:]' '[:lower:]')" = "fuzz" ]; then
  package_root="${TMPDIR:-/tmp}/meshwarp-fuzz-source/MeshWarp"
  echo "fuzz.sh: the checkout folder is named 'fuzz'; building from a copy in $package_root"
  rm -rf "$package_root/Sources" "$package_root/Fuzz/Sources"
  mkdir -p "$package_root"
  (cd "$root" && tar --exclude=./.build --exclude=./Fuzz/.build --exclude=./.git -cf - .) |
    (cd "$package_root" && tar -xf -)
fi

echo "fuzz.sh: building fuzz-{${targets// /,}} ($configuration, fuzzer + address sanitizers)"
build_flags=(
  --package-path "$package_root/Fuzz" -c "$configuration"
  --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
)
for target in $targets; do
  swift build "${build_flags[@]}" --product "fuzz-$target" 2>&1 |
    grep -v -e "Cannot export local symbol" -e "prohibited flag" || true
done
bin_dir="$(swift build "${build_flags[@]}" --show-bin-path)"
for target in $targets; do
  [ -x "$bin_dir/fuzz-$target" ] || { echo "fuzz.sh: fuzz-$target did not build" >&2; exit 2; }
  cp "$bin_dir/fuzz-$target" "$work/bin/"
done

export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}"

failed=0
summary=()
for target in $targets; do
  fuzzer="$work/bin/fuzz-$target"
  corpus="$root/Fuzz/Corpus/$target"
  scratch="$(mktemp -d "$work/scratch-$target.XXXXXX")"
  log="$work/logs/$target.log"
  before=$(ls "$corpus" | wc -l)
  echo "fuzz.sh: fuzz-$target for ${runs_limit:+$runs_limit runs, }${seconds}s on $before corpus files (log: $log)"
  options=(
    -max_total_time="$seconds" -rss_limit_mb=2048 -timeout="$timeout" -print_final_stats=1
    -artifact_prefix="$work/artifacts/$target-" -dict="$root/Fuzz/Dictionaries/$target.dict"
  )
  [ -n "$runs_limit" ] && options+=(-runs="$runs_limit")
  [ "$jobs" -gt 1 ] && options+=(-fork="$jobs" -ignore_crashes=0)
  status=0
  "$fuzzer" "${options[@]}" "$scratch" "$corpus" >"$log" 2>&1 || status=$?

  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1 || true)
  if [ -z "$runs" ]; then # fork mode: the last "#N" progress line
    runs=$(grep -o '^#[0-9]*' "$log" | tr -d '#' | sort -n | tail -1 || true)
  fi
  rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1 || true)
  artifacts=$(grep -o "Test unit written to .*" "$log" | sed 's/Test unit written to //' || true)
  if [ "$status" -ne 0 ] || [ -n "$artifacts" ]; then
    failed=1
    # What: Swift's trap message (a release build keeps it in the stack
    # trace only) or the sanitizer's; where: the first frame in our sources.
    reason=$(grep -m1 -o -e 'Fatal error: .*' -e 'Swift runtime failure: [^/]*' "$log" ||
      grep -m1 -o 'ERROR: [A-Za-z]*: .*' "$log" || true)
    # (stack frames only: libFuzzer's NEW_FUNC lines also name sources).
    place=$(grep -E '^ *#[0-9]+ 0x' "$log" | grep -v -e MeshWarpFuzzing -e '/fuzz-' |
      grep -m1 -o 'Sources/[A-Za-z]*/[A-Za-z/+]*\.swift:[0-9]*' || true)
    summary+=("fuzz-$target: ${runs:-?} executions, FAILED (exit $status): ${reason% } at ${place:-?}; reproducer: ${artifacts:-see $log}")
  else
    summary+=("fuzz-$target: ${runs:-?} executions (${rate:-?}/s), no crash")
  fi

  if [ "$merge" = 1 ] && [ "$status" -eq 0 ]; then
    fresh="$(mktemp -d "$work/merged-$target.XXXXXX")"
    "$fuzzer" -merge=1 -rss_limit_mb=2048 -timeout="$timeout" "$fresh" "$corpus" "$scratch" \
      >"$work/logs/$target-merge.log" 2>&1
    # Replace the fuzzer-found files (SHA-1 names) by the minimized set,
    # leaving out copies of hand-made seeds.
    handmade=$(find "$corpus" -maxdepth 1 -type f -name '*.*' -exec sha1sum {} + | cut -d' ' -f1)
    find "$corpus" -maxdepth 1 -type f ! -name '*.*' -delete
    for file in "$fresh"/*; do
      [ -e "$file" ] || continue
      name=$(basename "$file")
      grep -qx "$name" <<<"$handmade" || cp "$file" "$corpus/$name"
    done
    rm -rf "$fresh"
    after=$(ls "$corpus" | wc -l)
    summary[-1]+="; corpus $before -> $after files"
  fi
  rm -rf "$scratch"
done

echo
echo "fuzz.sh: results (${runs_limit:+$runs_limit runs or }${seconds}s per target; 0 s: no time limit)"
printf '  %s\n' "${summary[@]}"
if [ "$failed" -ne 0 ]; then
  echo "fuzz.sh: FAILED; reproducers are in $work/artifacts/" >&2
  exit 1
fi
