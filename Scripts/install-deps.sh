#!/usr/bin/env bash
# Installs the Debian packages MeshWarp needs. Idempotent: installs only
# what is missing, so a second run costs a second.
#
#   Scripts/install-deps.sh --run   building and running: the compiler's
#                                   pkg-config, the codec, font and SDL2
#                                   libraries, a font, ffmpeg (what
#                                   Scripts/demo.sh needs)
#   Scripts/install-deps.sh         the above, and what the tests use
#                                   (Scripts/test.sh and CI)
set -euo pipefail
# What building and running need. ffmpeg: video in and out, run as a
# process. fonts-dejavu-core: the default font of `meshwarp text`.
# liblcms2-dev: CMYK JPEGs to sRGB, colour profiles; libtiff-dev: TIFF;
# libheif-dev: HEIC and AVIF in; libgs-common: Ghostscript's CMYK ICC
# profiles, the default_cmyk.icc a CMYK JPEG without a profile goes
# through (and the profiles the tests embed).
packages=(
  pkg-config libpng-dev zlib1g-dev libdeflate-dev libturbojpeg0-dev libjpeg62-turbo-dev libwebp-dev libgif-dev libfreetype-dev libfontconfig-dev libharfbuzz-dev
  liblcms2-dev libtiff-dev libheif-dev libgs-common
  libsdl2-dev fonts-dejavu-core ffmpeg
)
# What only the tests use. fonts-dejavu-extra: DejaVu Math TeX Gyre, the
# installed fallback font the text tests set characters DejaVu Sans lacks
# in. xvfb, xdotool, x11-apps: the editor in a real X window.
# python3-numpy, python3-pil and python3-opencv: the tests' independent
# references (Debian's Python at /usr/bin/python3; the product never runs
# Python). man-db, zsh, fish: the man page and the completion scripts run
# for real in the tests. dpkg-dev, binutils, debootstrap:
# Scripts/package.sh (dpkg-shlibdeps, strip, readelf) and
# Scripts/test-package.sh (a clean Debian root). time: GNU time's peak
# memory of a `meshwarp validate` run on a dense mesh. libheif-examples:
# heif-enc and heif-convert, which make and decode the HEIC test files.
if [ "${1:-}" != "--run" ]; then
  packages+=(
    fonts-dejavu-extra xvfb xdotool x11-apps
    python3 python3-numpy python3-pil python3-opencv
    man-db zsh fish dpkg-dev binutils debootstrap time libheif-examples
  )
fi
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
