#!/usr/bin/env bash
# The demo window under a real X server with real mouse and keyboard events:
# starts Xvfb, runs the release meshwarp-demo in it, finds its window with
# xdotool, saves an unwarped frame (S), drags the centre control point with
# the mouse (button down, moves in steps, button up), clicks where the ON/OFF
# toggle appears after the warp (the demo logs that place), saves a frame
# again, takes a screenshot of the screen (xwd), quits with Escape, and checks:
# the log (point moved, toggle flipped, frames saved), the saved PNGs (the
# warped one differs from the unwarped one and shows the toggle's ON colour
# where it appears) and the screenshot (the window shows ON there too).
#
# usage: Scripts/demo-window-test.sh [OUT_DIR]
#   OUT_DIR keeps the log, the frames and the screenshot (default: a temp dir,
#   kept on failure). MESHWARP_DEMO=path/to/meshwarp-demo skips the build.
# Needs: xvfb, xdotool, x11-apps (xwd), ffmpeg (Scripts/install-deps.sh).
# Exits non-zero when any check fails; the last line counts the checks.
set -uo pipefail
cd "$(dirname "$0")/.."

out="${1:-$(mktemp -d "${TMPDIR:-/tmp}/meshwarp-demo-window.XXXXXX")}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
passed=0
failed=0
check() { # check NAME COMMAND...: runs the command, counts and reports it
  local name="$1"
  shift
  if "$@"; then
    passed=$((passed + 1))
    echo "PASS: $name"
  else
    failed=$((failed + 1))
    echo "FAIL: $name"
    return 1
  fi
}
finish() {
  echo "demo-window-test: files in $out"
  echo "demo-window-test: $passed passed, $failed failed"
  [ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
  exit $?
}

for tool in Xvfb xdotool xwd ffmpeg; do
  command -v "$tool" >/dev/null || {
    echo "demo-window-test: $tool is missing (run Scripts/install-deps.sh)" >&2
    failed=$((failed + 1))
    finish
  }
done

demo="${MESHWARP_DEMO:-}"
if [ -z "$demo" ]; then
  swift build -c release --product meshwarp-demo >"$out/build.log" 2>&1 || {
    tail -20 "$out/build.log"
    failed=$((failed + 1))
    finish
  }
  demo="$PWD/.build/release/meshwarp-demo"
fi

# A free display number, :99 first.
display=99
while [ -e "/tmp/.X${display}-lock" ] || [ -e "/tmp/.X11-unix/X${display}" ]; do
  display=$((display + 1))
done
export DISPLAY=":$display"

xvfb_pid=""
demo_pid=""
cleanup() {
  [ -n "$demo_pid" ] && kill "$demo_pid" 2>/dev/null && wait "$demo_pid" 2>/dev/null
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null && wait "$xvfb_pid" 2>/dev/null
}
trap cleanup EXIT

Xvfb "$DISPLAY" -screen 0 1024x768x24 -nolisten tcp >"$out/xvfb.log" 2>&1 &
xvfb_pid=$!
xvfb_ready() {
  for _ in $(seq 100); do
    xdotool getmouselocation >/dev/null 2>&1 && return 0
    kill -0 "$xvfb_pid" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}
check "Xvfb runs on $DISPLAY" xvfb_ready || finish

log="$out/demo.log"
(cd "$out" && exec env SDL_VIDEODRIVER=x11 "$demo" --paused >"$log" 2>"$out/demo.err") &
demo_pid=$!

# wait_for PATTERN [SECONDS]: waits until the log has a line matching the
# extended regular expression PATTERN.
wait_for() {
  local deadline=$((SECONDS + ${2:-30}))
  while [ "$SECONDS" -lt "$deadline" ]; do
    grep -Eq "$1" "$log" 2>/dev/null && return 0
    kill -0 "$demo_pid" 2>/dev/null || { grep -Eq "$1" "$log" 2>/dev/null; return; }
    sleep 0.1
  done
  return 1
}

window="$(timeout 60 xdotool search --sync --onlyvisible --name meshwarp 2>/dev/null | head -1)"
check "xdotool finds the demo window ($window)" test -n "$window" || finish
wait_for '^toggle appears at ' 60 || true
eval "$(xdotool getwindowgeometry --shell "$window")" # X, Y, WIDTH, HEIGHT
echo "window $window at $X,$Y size ${WIDTH}x$HEIGHT"

# Keys go to the window under the pointer (no window manager): park the
# pointer inside, give it the focus, and type with XTEST.
press() {
  xdotool mousemove --window "$window" 20 20
  xdotool windowfocus --sync "$window" 2>/dev/null || true
  xdotool key "$1"
}

# 1. An unwarped frame.
press s
wait_for '^saved: .*meshwarp-demo-frame-1\.png$' 30 || true

# 2. Drag the centre control point from (400, 300) to (480, 360) in steps.
xdotool mousemove --window "$window" 400 300
sleep 0.2
xdotool mousedown 1
for i in $(seq 1 10); do
  xdotool mousemove --window "$window" $((400 + 8 * i)) $((300 + 6 * i))
  sleep 0.05
done
sleep 0.2
xdotool mouseup 1
check "log: control point dragged" \
  wait_for '^point 4 \(column 1, row 1\) moved to 480\.0 360\.0 px' 30

# 3. Click where the toggle appears now (the demo logs that after each change).
read -r tx ty < <(grep '^toggle appears at ' "$log" | tail -1 | awk '{ printf "%d %d\n", $4, $5 }')
echo "toggle appears at $tx,$ty"
xdotool mousemove --window "$window" "$tx" "$ty"
sleep 0.2
xdotool click 1
check "log: toggle flipped by the click at ($tx, $ty)" wait_for '^toggle: on$' 30

# 4. The warped frame, a screenshot, quit.
press s
check "log: frames saved" wait_for '^saved: .*meshwarp-demo-frame-2\.png$' 30
sleep 0.5 # a few more frames on screen
title="$(xdotool getwindowname "$window")"
title_ok() { [[ "$title" =~ [0-9.]+\ fps.*render\ [0-9.]+\ ms ]]; }
check "window title shows fps and render ms ($title)" title_ok
xwd -root -silent -out "$out/screen.xwd"
ffmpeg -v error -y -i "$out/screen.xwd" "$out/screen.png"
press Escape
for _ in $(seq 100); do kill -0 "$demo_pid" 2>/dev/null || break; sleep 0.1; done
wait "$demo_pid"
status=$?
demo_pid=""
check "demo quits cleanly on Escape (exit $status)" test "$status" -eq 0

# pixel FILE X Y: "R G B A" of one pixel, decoded by ffmpeg.
pixel() {
  ffmpeg -v error -i "$1" -vf "crop=1:1:$2:$3" -f rawvideo -pix_fmt rgba - | od -An -tu1 | xargs
}
# near "R G B A" R G B: whether the colour is within 8 of (R, G, B), opaque.
near() {
  local c=($1)
  [ "${#c[@]}" -eq 4 ] && [ "${c[3]}" -eq 255 ] || return 1
  for k in 0 1 2; do
    local want=$((k == 0 ? $2 : k == 1 ? $3 : $4))
    local d=$((c[k] - want))
    [ "${d#-}" -le 8 ] || return 1
  done
}

unwarped="$out/meshwarp-demo-frame-1.png"
warped="$out/meshwarp-demo-frame-2.png"
check "saved PNGs exist" test -s "$unwarped" -a -s "$warped"
ffmpeg -v error -y -i "$unwarped" -f rawvideo -pix_fmt rgba "$out/unwarped.rgba"
ffmpeg -v error -y -i "$warped" -f rawvideo -pix_fmt rgba "$out/warped.rgba"
check "the warped frame differs from the unwarped one" \
  bash -c "test -s '$out/warped.rgba' && ! cmp -s '$out/unwarped.rgba' '$out/warped.rgba'"
on="52 199 89"   # DemoToggle.onColour
off="142 142 147" # DemoToggle.offColour
saved_px="$(pixel "$warped" "$tx" "$ty")"
check "saved frame shows ON ($on) at the toggle ($saved_px)" near "$saved_px" $on
read -r hx hy < <(grep '^toggle appears at ' "$log" | head -1 | awk '{ printf "%d %d\n", $4, $5 }')
home_px="$(pixel "$unwarped" "$hx" "$hy")" # the toggle's unwarped place
check "unwarped frame shows OFF ($off) at the toggle's home ($hx, $hy: $home_px)" \
  near "$home_px" $off
screen_px="$(pixel "$out/screen.png" $((X + tx)) $((Y + ty)))"
check "screenshot shows ON in the window at the toggle ($screen_px)" near "$screen_px" $on
check "log ends with frame statistics" bash -c "tail -1 '$log' | grep -q '^stats: '"
grep -E '^(sdl|point|toggle|click|saved|stats)' "$log"
finish
