#!/usr/bin/env bash
# Installs the Debian packages MeshWarp builds, tests and demos with.
# Idempotent: installs only what is missing, so a second run costs a second.
set -euo pipefail
# fonts-dejavu-extra: DejaVu Math TeX Gyre, the installed fallback font the
# text tests set characters DejaVu Sans lacks in.
packages=(
  pkg-config libpng-dev zlib1g-dev libturbojpeg0-dev libwebp-dev libgif-dev libfreetype-dev libfontconfig-dev libharfbuzz-dev
  libsdl2-dev fonts-dejavu-core fonts-dejavu-extra ffmpeg xvfb xdotool x11-apps
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}" >&2
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi
# Python for the tests' independent references (numpy; Pillow reads and
# writes the formats tests' images). PyPI, tests only: the product never
# runs Python.
if ! python3 -c "import numpy, PIL" 2>/dev/null; then
  echo "installing: numpy pillow (pip, for the tests' references)" >&2
  python3 -m pip install -q numpy pillow >&2
fi
