#!/usr/bin/env bash
# The library used as README.md says, built and run: a fresh package whose
# Package.swift is the README's dependency block verbatim (the URL pointing
# at a clone of this checkout's HEAD named MeshWarp, on a branch "main", as
# the README's `branch: "main"` and `package: "MeshWarp"` expect), with two
# executables:
# - App: the README's Swift blocks under "The library on Linux" (stills,
#   then video), run in a folder holding the in.png and clip.mp4 they
#   read; out.png and warped.mp4 must come out;
# - video-warp: Examples/LibraryVideoWarp's source, run on a short clip made
#   here by ffmpeg with an audio track, its output checked with ffprobe: as
#   many frames as the input, the same size, an audio stream, and a picture
#   that the warp changed.
# Both build in release, as the README tells users to build their tools, in
# .build/readme-code (kept between runs). Examples/LibraryVideoWarp's own
# manifest (it depends by path) is checked with `swift package describe`.
#
# usage: Scripts/check-library-use.sh
#   (needs git, python3, ffmpeg and ffprobe)
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "check-library-use.sh: $*" >&2; exit 1; }
root="$(pwd)"

# 2 s of testsrc2 at 15 fps (30 frames, 160x120) with a 440 Hz tone as AAC.
ffmpeg -v error -nostdin -f lavfi -i testsrc2=size=160x120:rate=15 \
  -f lavfi -i sine=frequency=440:sample_rate=44100 -t 2 \
  -c:v libx264 -pix_fmt yuv420p -c:a aac "$work/in.mp4"
# A 3x3 grid whose centre is pulled up and right.
cat > "$work/mesh.json" << 'JSON'
{"columns": 3, "rows": 3, "to": [[0, 0], [0.5, 0], [1, 0], [0, 0.5], [0.65, 0.35], [1, 0.5],
  [0, 1], [0.5, 1], [1, 1]]}
JSON

# This checkout's HEAD as the README's dependency: a clone named MeshWarp
# with that commit on "main".
git clone -q --no-hardlinks "$root" "$work/MeshWarp"
git -C "$work/MeshWarp" checkout -q -B main "$(git -C "$root" rev-parse HEAD)"
mkdir -p "$work/readme/Sources/App" "$work/readme/Sources/video-warp"
python3 - "$root/README.md" "$work" << 'PY'
import re, sys
readme, work = open(sys.argv[1]).read(), sys.argv[2]
blocks = lambda text: re.findall(r"```swift\n(.*?)```", text, re.S)
# The dependency block: the first Swift block after "In `Package.swift`".
dependency = blocks(readme[readme.index("In `Package.swift`"):])[0]
url = "https://github.com/OWNER/MeshWarp.git"
assert url in dependency and '.target(name: "App"' in dependency, "README's block changed"
dependency = dependency.replace(url, "file://" + work + "/MeshWarp")
dependency = dependency.replace('.target(name: "App"', '.executableTarget(name: "App"')
open(work + "/readme/Package.swift", "w").write(
    "// swift-tools-version: 6.0\nimport PackageDescription\n\nlet package = Package(\n"
    + '  name: "ReadmeCode",\n  platforms: [.macOS(.v14)],\n' + dependency + ")\n"
    + "package.targets.append(\n  .executableTarget(\n    name: \"video-warp\",\n"
    + '    dependencies: [.product(name: "MeshWarpIO", package: "MeshWarp")]))\n')
# The library's code: the Swift blocks of "The library on Linux".
section = readme[readme.index("## The library on Linux"):]
section = section[: section.index("\n## ", 1)]
code = blocks(section)
assert len(code) >= 2, "README's library section has %d Swift blocks" % len(code)
open(work + "/readme/Sources/App/main.swift", "w").write("\n".join(code))
PY
cp Examples/LibraryVideoWarp/Sources/video-warp/main.swift "$work/readme/Sources/video-warp/"
swift package --package-path Examples/LibraryVideoWarp describe > /dev/null

start=$SECONDS
swift build -c release --package-path "$work/readme" --scratch-path "$root/.build/readme-code"
echo "check-library-use.sh: built in $((SECONDS - start)) s"
bin="$(swift build -c release --package-path "$work/readme" --scratch-path "$root/.build/readme-code" --show-bin-path)"

# The README's code, where its files are.
mkdir "$work/run"
ffmpeg -v error -nostdin -f lavfi -i testsrc2=size=160x120 -frames:v 1 "$work/run/in.png"
ffmpeg -v error -nostdin -f lavfi -i testsrc2=size=160x120:rate=15 -t 1 \
  -c:v libx264 -pix_fmt yuv420p "$work/run/clip.mp4"
(cd "$work/run" && "$bin/App") || fail "the README's library code failed"
[ -s "$work/run/out.png" ] || fail "the README's stills code wrote no out.png"
[ -s "$work/run/warped.mp4" ] || fail "the README's video code wrote no warped.mp4"
echo "check-library-use.sh: the README's library code wrote out.png and warped.mp4"

"$bin/video-warp" "$work/in.mp4" "$work/mesh.json" "$work/out.mp4"

probe() { # FILE STREAM ENTRIES: ffprobe's values, one a line
  ffprobe -v error -count_frames -select_streams "$2" -show_entries "stream=$3" \
    -of default=noprint_wrappers=1:nokey=1 "$1"
}
frames_in="$(probe "$work/in.mp4" v:0 nb_read_frames)"
frames_out="$(probe "$work/out.mp4" v:0 nb_read_frames)"
size_out="$(probe "$work/out.mp4" v:0 width,height | paste -sd x)"
audio_out="$(probe "$work/out.mp4" a:0 codec_name)"
[ "$frames_out" = "$frames_in" ] || fail "$frames_out frames written, $frames_in read"
[ "$size_out" = "160x120" ] || fail "output is $size_out, not 160x120"
[ "$audio_out" = "aac" ] || fail "no AAC audio stream in the output (got '$audio_out')"
# The warp moved the picture: the middle frame differs clearly from the
# input's (mean absolute difference of the luma above 2 of 255, where
# re-encoding alone stays below 1).
difference="$(ffmpeg -v error -nostdin -i "$work/in.mp4" -i "$work/out.mp4" \
  -filter_complex "[0:v][1:v]blend=all_mode=difference,select=eq(n\,15),signalstats,metadata=print:key=lavfi.signalstats.YAVG:file=-" \
  -an -f null - | sed -n 's/.*YAVG=//p' | head -1)"
awk -v d="$difference" 'BEGIN { exit !(d > 2) }' || fail "the output looks unwarped (difference $difference)"
echo "check-library-use.sh: video-warp: $frames_out frames, $size_out, audio $audio_out, warped (mean difference $difference)"
