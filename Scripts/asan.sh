#!/usr/bin/env bash
# Runs the test suite and a few `meshwarp` command lines under
# AddressSanitizer with LeakSanitizer, failing on any report.
#
#   Scripts/asan.sh                 every test, then the CLI runs
#   Scripts/asan.sh --filter REGEX  only matching tests (swift test --filter)
#
# Builds into .build/asan (its own scratch folder: an ASan build shares no
# objects with the normal one). Environment:
#   ASAN_SUITE=0   skip the test suite (CLI runs only)
#
# ASan reports heap/stack overflows, use after free and the like at once and
# ends the process; LeakSanitizer reports memory still unreachable at exit.
# SWIFT_BACKTRACE=enable=no keeps Swift's crash handler away from ASan's (it
# would otherwise give a false report of its own). Exit tests (Swift
# Testing) run their child processes under the same options.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build/asan
logs="$scratch/logs"
mkdir -p "$logs"
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1"
# Third-party leaks (fontconfig's configuration, XCTest's runner, a side
# table inside Foundation's Process.run) are suppressed by library or
# function name, each with its reason, in lsan-suppressions.txt.
export LSAN_OPTIONS="print_suppressions=0:suppressions=$PWD/Scripts/lsan-suppressions.txt"
# The SDL demo (its binary tests) without EGL and with SDL's software
# renderer: Mesa's EGL/GL driver leaks at exit and is unloaded before
# LeakSanitizer reports, so its leaks could be neither named nor suppressed.
export SDL_VIDEO_EGL_DRIVER=none SDL_RENDER_DRIVER=software
flags=(--sanitize address --scratch-path "$scratch")

failed=0
# A log holds a sanitizer report when it names one of these.
reports='ERROR: (AddressSanitizer|LeakSanitizer)|SUMMARY: (AddressSanitizer|LeakSanitizer)'

if [ "${ASAN_SUITE:-1}" != 0 ]; then
  echo "asan.sh: building the tests with AddressSanitizer (into $scratch)"
  swift build --build-tests "${flags[@]}" 2>&1 | grep -E "error|warning: .*sanitiz|Compiling|Build" |
    grep -v "^\[" || true
  echo "asan.sh: swift test $*"
  status=0
  swift test --skip-build "${flags[@]}" "$@" >"$logs/test.log" 2>&1 || status=$?
  grep -E "✘|Executed|Test run with" "$logs/test.log" | tail -15 || true
  if grep -Eq "$reports" "$logs/test.log"; then
    echo "asan.sh: sanitizer report in the test run:" >&2
    grep -E -A12 "$reports" "$logs/test.log" | head -60 >&2
    failed=1
  elif [ "$status" -ne 0 ]; then
    echo "asan.sh: swift test failed (exit $status) without a sanitizer report; see $logs/test.log" >&2
    failed=1
  else
    echo "asan.sh: test suite clean"
  fi
fi

echo "asan.sh: CLI runs under AddressSanitizer"
swift build "${flags[@]}" --product meshwarp 2>&1 | grep -E "error|Build" | grep -v "^\[" || true
tool="$(swift build "${flags[@]}" --show-bin-path)/meshwarp"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp Fuzz/Corpus/mesh/seed_demo_warp.json "$work/mesh.json"
printf '{"from": [[0,0],[1,0]], "to": [[0,0]], "faces": []}' >"$work/bad-mesh.json"
printf 'not a png' >"$work/bad.png"
# The newer inputs: a GIF, a keyframe file, a smooth grid, a point set, a
# clip (ffmpeg), a text fill.
cp Fuzz/Corpus/gif/transparent_16x12.gif "$work/in.gif"
cp Fuzz/Corpus/keyframes/mesh_two_keyframes.json "$work/anim.json"
cp Fuzz/Corpus/pointset/pairs_three.json "$work/points.json"
printf '{"columns": 3, "rows": 3, "to": [[0,0],[0.5,0.1],[1,0],[0.1,0.5],[0.6,0.45],[0.9,0.5],[0,1],[0.5,0.95],[1,1]]}' >"$work/grid.json"
have_ffmpeg=0
if command -v ffmpeg >/dev/null; then
  have_ffmpeg=1
  ffmpeg -v error -nostdin -f lavfi -i testsrc2=size=96x64:rate=10:duration=1 -f lavfi \
    -i sine=duration=1 -c:v libx264 -pix_fmt yuv420p -c:a aac -shortest "$work/clip.mp4"
fi

# Each: expected exit status, then the arguments.
runs=(
  "0 demo -o $work/demo --threads 2"
  "0 warp $work/demo/card.png --mesh $work/mesh.json --size 64x48 --antialias 4 -o $work/warped.png"
  "0 warp $work/demo/card.png --mesh $work/mesh.json --edges clamp --supersample 2 --threads 1 -o $work/clamped.png"
  "0 validate $work/mesh.json"
  "1 validate $work/bad-mesh.json"
  "1 warp $work/bad.png --mesh $work/mesh.json -o $work/never.png"
  "1 warp Fuzz/Corpus/png/bad_huge_ihdr.png --mesh $work/mesh.json -o $work/never.png"
  "1 warp $work/demo/card.png --mesh Fuzz/Corpus/mesh/bad_syntax.json -o $work/never.png"
  "0 warp $work/demo/card.png --mesh $work/mesh.json --size 64x48 -o $work/card.jpg"
  "0 warp $work/card.jpg --mesh $work/mesh.json -o $work/card.webp --quality 80"
  "0 warp $work/card.webp --mesh $work/mesh.json -o $work/card-lossless.webp --lossless"
  "0 warp $work/in.gif --mesh $work/mesh.json -o $work/from-gif.png"
  "0 warp $work/card.jpg --mesh $work/grid.json --smooth -o $work/smooth.png"
  "0 warp $work/card.jpg --mesh $work/points.json -o $work/points.png"
  "0 warp $work/card.jpg --mesh $work/anim.json --fps 5 -o $work/anim.apng"
  "0 gradient --preset meshing --size 64x64 --duration 0.4 --fps 5 -o $work/gradient.apng"
  "0 text MESH --font-size 40 --warp $work/mesh.json -o $work/text.png"
  "1 warp $work/card.jpg --mesh Fuzz/Corpus/keyframes/bad_topology.json -o $work/never.apng"
  "1 warp $work/card.jpg --mesh Fuzz/Corpus/pointset/bad_duplicate.json -o $work/never.png"
  "1 warp Fuzz/Corpus/jpeg/bad_truncated.jpg --mesh $work/mesh.json -o $work/never.png"
)
if [ "$have_ffmpeg" = 1 ]; then
  runs+=(
    "0 warp $work/clip.mp4 --mesh $work/anim.json -o $work/warped.mp4"
    "0 warp $work/clip.mp4 --mesh $work/mesh.json -o $work/warped.apng"
    "0 warp $work/in.gif --mesh $work/anim.json -o $work/from-gif.mp4"
    "0 gradient --preset meshing --size 64x64 --duration 0.4 --fps 5 -o $work/gradient.mp4"
    "0 genie $work/card.jpg --duration 0.3 --fps 10 -o $work/genie.mp4"
    "1 warp $work/clip.mp4 --mesh $work/mesh.json --max-pixels 1000 -o $work/never.mp4"
  )
fi
for run in "${runs[@]}"; do
  expected="${run%% *}"
  args="${run#* }"
  status=0
  # shellcheck disable=SC2086 # the arguments are words
  "$tool" $args >"$logs/cli.log" 2>&1 || status=$?
  if grep -Eq "$reports" "$logs/cli.log"; then
    echo "asan.sh: sanitizer report from: meshwarp $args" >&2
    grep -E -A12 "$reports" "$logs/cli.log" | head -40 >&2
    failed=1
  elif { [ "$expected" = 0 ] && [ "$status" -ne 0 ]; } || { [ "$expected" != 0 ] && [ "$status" -eq 0 ]; } ||
    [ "$status" -gt 2 ]; then
    echo "asan.sh: meshwarp $args: exit $status, expected $expected" >&2
    sed 's/^/    /' "$logs/cli.log" | head -10 >&2
    failed=1
  else
    echo "  ok (exit $status): meshwarp $args"
  fi
done

if [ "$failed" -ne 0 ]; then
  echo "asan.sh: FAILED" >&2
  exit 1
fi
echo "asan.sh: no AddressSanitizer or LeakSanitizer report"
