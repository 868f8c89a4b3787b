#!/usr/bin/env bash
# What a user does after installing the package, run by
# Scripts/test-package.sh inside a clean Debian root (or, as the fallback,
# on the unpacked package). Expects meshwarp and meshwarp-editor on PATH.
#   MESHWARP_VERSION       the version the package says (required)
#   MESHWARP_BASH_COMPLETION  the installed completion script
#   MESHWARP_VIDEO=0       skip the video step (no ffmpeg)
set -euo pipefail
: "${MESHWARP_VERSION:?}"
completion="${MESHWARP_BASH_COMPLETION:-/usr/share/bash-completion/completions/meshwarp}"
work="$(mktemp -d)"
cd "$work"
step() { echo "== $*"; }
is_png() { [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ]; }

step "meshwarp --version"
[ "$(meshwarp --version)" = "meshwarp $MESHWARP_VERSION" ]

step "a gradient (JPEG, and an animated APNG)"
meshwarp gradient --preset meshing --size 160x120 -o photo.jpg
[ "$(head -c 3 photo.jpg | od -An -tx1 | tr -d ' ')" = ffd8ff ]
meshwarp gradient --preset meshing --size 64x64 --duration 0.5 --fps 10 -o meshing.apng
is_png meshing.apng

step "a JPEG warped to PNG through a smooth mesh"
meshwarp mesh grid 3x3 --shorthand -o mesh.json
sed -i 's/\[0\.5, 0\.5\]/[0.6, 0.4]/' mesh.json
grep -q "0.6, 0.4" mesh.json
meshwarp validate mesh.json
meshwarp warp photo.jpg --mesh mesh.json --smooth --edges unwarped -o warped.png
is_png warped.png

step "the text command (default font)"
meshwarp text Meshing --font-size 40 -o title.png 2> text.log
cat text.log
is_png title.png
if grep -qi "warning" text.log; then exit 1; fi

step "the editor starts (its libraries load)"
meshwarp-editor --help > /dev/null
step "the editor's former name, meshwarp-demo, starts it too"
meshwarp-demo --help > demo-help.txt
grep -q '^Usage: meshwarp-editor ' demo-help.txt

if [ "${MESHWARP_VIDEO:-1}" = 1 ]; then
  step "a short video with audio, warped; the audio kept"
  ffmpeg -v error -f lavfi -i testsrc2=size=128x96:rate=10 -f lavfi -i sine=frequency=440 \
    -t 1 -c:v libx264 -pix_fmt yuv420p -c:a aac clip.mp4
  meshwarp warp clip.mp4 --mesh mesh.json -o warped.mp4
  streams="$(ffprobe -v error -show_entries stream=codec_type -of csv=p=0 warped.mp4 | sort | tr '\n' ' ')"
  [ "$streams" = "audio video " ] || { echo "streams: $streams" >&2; exit 1; }
fi

step "man meshwarp renders"
MANPAGER=cat MANWIDTH=80 man meshwarp > man.txt 2> man.err
[ ! -s man.err ] || { cat man.err >&2; exit 1; }
grep -q "EXIT STATUS" man.txt
grep -q "meshwarp warp" man.txt

step "bash completes 'meshwarp wa' and 'meshwarp warp --sm'"
# shellcheck source=/dev/null
source "$completion"
COMP_WORDS=(meshwarp wa)
COMP_CWORD=1
_meshwarp
[ "${COMPREPLY[*]}" = warp ]
COMP_WORDS=(meshwarp warp --sm)
COMP_CWORD=2
_meshwarp
[ "${COMPREPLY[*]}" = --smooth ]

cd / && rm -rf "$work"
echo "== every user step passed"
