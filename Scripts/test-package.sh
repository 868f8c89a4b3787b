#!/usr/bin/env bash
# Tests the .deb as a user meets it: makes a clean Debian 12 root with no
# Swift toolchain (debootstrap --variant=minbase bookworm), installs the
# package there with `apt-get install ./meshwarp_....deb` (so apt resolves
# Depends: a library missing from it fails here as it would for a user), and
# runs the user's steps in a chroot (Scripts/packaging/user-steps.sh:
# --version, a gradient, a JPEG warped to PNG, text, the editor starting,
# man meshwarp, bash completion). The first pass installs without
# Recommends, with the video step off (stills need no ffmpeg); then ffmpeg,
# the recommended package, is installed and every step runs again with a
# short video and its audio.
#
# Fallback, when the clean root cannot be made (not root, no debootstrap, no
# mirror): the same steps on the unpacked package, with the Swift toolchain
# off PATH and LD_LIBRARY_PATH empty; the script says why it fell back.
#
# usage: Scripts/test-package.sh [PACKAGE.deb]   (default: the newest in dist/)
#   MESHWARP_PACKAGE_TEST=root      fail instead of falling back
#   MESHWARP_PACKAGE_TEST=unpacked  run the fallback only
#   MESHWARP_DEBIAN_MIRROR          (default: the host's Debian mirror)
#   MESHWARP_PACKAGE_CACHE          downloaded .debs kept between runs, to save
#                                   time only (default .build/package-test-cache)
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
deb="${1:-$(ls -t dist/meshwarp_*_*.deb 2> /dev/null | head -1)}"
[ -f "$deb" ] || { echo "test-package.sh: no package; run Scripts/package.sh" >&2; exit 1; }
deb="$(realpath "$deb")"
version="$(dpkg-deb -f "$deb" Version)"
mode="${MESHWARP_PACKAGE_TEST:-auto}"
steps="$PWD/Scripts/packaging/user-steps.sh"
work="$(mktemp -d)"
root="$work/root"
cleanup() {
  if mountpoint -q "$root/proc" 2> /dev/null; then umount "$root/proc" || true; fi
  # Never delete through a mount that is still there.
  if grep -q " $work" /proc/mounts; then
    echo "test-package.sh: $work still has mounts; left in place" >&2
  else
    rm -rf "$work"
  fi
}
trap cleanup EXIT

# The host's Debian mirror: the first active "URIs:" (deb822) or "deb" line.
host_mirror="$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.sources \
  /etc/apt/sources.list.d/*.list 2> /dev/null \
  | sed -nE 's#^(URIs:|deb( \[[^]]*\])?) +(https?://[^ ]+/debian)/?( .*)?$#\3#p' | head -1 || true)"
mirror="${MESHWARP_DEBIAN_MIRROR:-$host_mirror}"
mirror="${mirror:-http://deb.debian.org/debian}"
cache="${MESHWARP_PACKAGE_CACHE:-$PWD/.build/package-test-cache}"

why=""
if [ "$mode" = unpacked ]; then
  why="MESHWARP_PACKAGE_TEST=unpacked"
elif [ "$(id -u)" -ne 0 ]; then
  why="debootstrap and chroot need root"
elif ! command -v debootstrap > /dev/null; then
  why="debootstrap is not installed"
else
  mkdir -p "$cache/debootstrap" "$cache/apt"
  echo "== debootstrap --variant=minbase bookworm ($mirror)"
  if ! debootstrap --variant=minbase --cache-dir="$cache/debootstrap" bookworm "$root" "$mirror" \
    > "$work/debootstrap.log" 2>&1; then
    tail -5 "$work/debootstrap.log" >&2
    why="debootstrap failed (see above)"
  fi
fi

if [ -z "$why" ]; then
  echo "== clean root made in $((SECONDS - start)) s"
  if [ -x "$root/usr/bin/swift" ] || find "$root" -xdev -name 'libswift*' | grep -q .; then
    echo "test-package.sh: the clean root has Swift" >&2
    exit 1
  fi
  mount -t proc proc "$root/proc"
  cp "$deb" "$root/tmp/"
  cp "$steps" "$root/usr/local/bin/user-steps.sh"
  cp "$cache/apt/"*.deb "$root/var/cache/apt/archives/" 2> /dev/null || true
  in_root() {
    chroot "$root" /usr/bin/env -i PATH=/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
      HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive MESHWARP_VERSION="$version" "$@"
  }
  in_root apt-get update -qq
  echo "== apt-get install ./$(basename "$deb") (Depends only)"
  in_root sh -c "cd /tmp && apt-get install -y -qq --no-install-recommends ./$(basename "$deb") man-db" \
    > "$work/apt.log"
  in_root env MESHWARP_VIDEO=0 user-steps.sh
  echo "== apt-get install ffmpeg (Recommends)"
  in_root apt-get install -y -qq --no-install-recommends ffmpeg > "$work/apt.log"
  in_root user-steps.sh
  cp -n "$root/var/cache/apt/archives/"*.deb "$cache/apt/" 2> /dev/null || true
  echo "test-package.sh: passed in a clean Debian 12 root in $((SECONDS - start)) s"
  exit 0
fi

if [ "$mode" = root ]; then
  echo "test-package.sh: no clean root: $why" >&2
  exit 1
fi
echo "== no clean root ($why): the unpacked package, the Swift toolchain hidden"
dpkg-deb -x "$deb" "$work/unpacked"
usr="$work/unpacked/usr"
for tool in "$usr/bin/"*; do
  if env -i LD_LIBRARY_PATH= ldd "$tool" | grep -Ei 'swift|not found'; then
    echo "test-package.sh: $tool loads the above" >&2
    exit 1
  fi
done
env -i PATH="$usr/bin:/usr/bin:/bin" LD_LIBRARY_PATH= HOME="$work" LANG=C.UTF-8 \
  MANPATH="$usr/share/man" MESHWARP_VERSION="$version" \
  MESHWARP_BASH_COMPLETION="$usr/share/bash-completion/completions/meshwarp" \
  MESHWARP_VIDEO="$(command -v ffmpeg > /dev/null && echo 1 || echo 0)" bash "$steps"
echo "test-package.sh: passed on the unpacked package (fallback) in $((SECONDS - start)) s"
