#!/usr/bin/env bash
# Builds and runs Examples/LibraryVideoWarp, the library example README.md
# shows (a package that depends on this repository by path and uses only
# public API), on a short clip made here by ffmpeg with an audio track, then
# checks the output with ffprobe: as many frames as the input, the same
# size, an audio stream, and a picture that the warp changed.
#
# usage: Scripts/example-video-warp.sh
#   (needs ffmpeg and ffprobe; the example builds in release into
#   Examples/LibraryVideoWarp/.build, kept between runs)
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "example-video-warp.sh: $*" >&2; exit 1; }

# 2 s of testsrc2 at 15 fps (30 frames, 160x120) with a 440 Hz tone as AAC.
ffmpeg -v error -nostdin -f lavfi -i testsrc2=size=160x120:rate=15 \
  -f lavfi -i sine=frequency=440:sample_rate=44100 -t 2 \
  -c:v libx264 -pix_fmt yuv420p -c:a aac "$work/in.mp4"
# A 3x3 grid whose centre is pulled up and right.
cat > "$work/mesh.json" << 'JSON'
{"columns": 3, "rows": 3, "to": [[0, 0], [0.5, 0], [1, 0], [0, 0.5], [0.65, 0.35], [1, 0.5],
  [0, 1], [0.5, 1], [1, 1]]}
JSON

start=$SECONDS
swift build -c release --package-path Examples/LibraryVideoWarp --product video-warp
echo "example-video-warp.sh: built in $((SECONDS - start)) s"
swift run -c release --skip-build --package-path Examples/LibraryVideoWarp \
  video-warp "$work/in.mp4" "$work/mesh.json" "$work/out.mp4"

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
echo "example-video-warp.sh: $frames_out frames, $size_out, audio $audio_out, warped (mean difference $difference)"
