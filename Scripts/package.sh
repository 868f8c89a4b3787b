#!/usr/bin/env bash
# Builds the installable packages of meshwarp and its editor, meshwarp-editor
# (also installed as meshwarp-demo, its former name, a link),
# for people without a Swift toolchain:
#
#   dist/meshwarp_<version>_<debian-arch>.deb       (apt install ./that.deb)
#   dist/meshwarp-<version>-linux-<machine>.tar.gz  (other distributions)
#
# Both hold the release binaries, linked with the Swift runtime and Foundation
# statically (--static-swift-stdlib) and stripped, the man page (the output of
# `meshwarp manpage`) and the bash, zsh and fish completions (`meshwarp
# completions SHELL`). The version is the one `meshwarp --version` prints.
# The .deb's Depends is computed by dpkg-shlibdeps from the binaries' NEEDED
# libraries; ffmpeg (video) is recommended, fonts-dejavu-core (the text
# command's default font) is a dependency. The script fails when a binary
# still needs a Swift or Foundation library.
#
# usage: Scripts/package.sh   (needs dpkg-dev and binutils; no root: dpkg-deb
#                               --root-owner-group makes the files root's)
#   MESHWARP_MAINTAINER="Name <mail>" sets the Maintainer field.
# Measured: the .deb is 30.6 MB (117 MB installed); each binary carries
# Foundation's ICU data, 32.4 MiB (8.1 MB in xz), about half the .deb.
set -euo pipefail
cd "$(dirname "$0")/.."
maintainer="${MESHWARP_MAINTAINER:-MeshWarp maintainers <meshwarp@users.noreply.github.com>}"

start=$SECONDS
build=(swift build -c release --static-swift-stdlib)
"${build[@]}" --product meshwarp
"${build[@]}" --product meshwarp-editor
bin="$("${build[@]}" --show-bin-path)"
echo "release build: $((SECONDS - start)) s" >&2

version="$("$bin/meshwarp" --version | awk '{print $2}')"
arch="$(dpkg --print-architecture)"
machine="$(uname -m)"
# Reproducible dates and modes: the last commit's time.
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p dist

# The payload, laid out as installed under /usr.
root="$work/deb"
install -d "$root/usr/bin" "$root/usr/share/man/man1" "$root/usr/share/doc/meshwarp" \
  "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
  "$root/usr/share/fish/vendor_completions.d"
for tool in meshwarp meshwarp-editor; do
  install -m 755 "$bin/$tool" "$root/usr/bin/$tool"
  strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/$tool"
done
# The editor's former name keeps working: meshwarp-demo is a link to it.
ln -s meshwarp-editor "$root/usr/bin/meshwarp-demo"
tool="$root/usr/bin/meshwarp"
"$tool" manpage > "$work/meshwarp.1"
gzip -9n < "$work/meshwarp.1" > "$root/usr/share/man/man1/meshwarp.1.gz"
"$tool" completions bash > "$root/usr/share/bash-completion/completions/meshwarp"
"$tool" completions zsh > "$root/usr/share/zsh/vendor-completions/_meshwarp"
"$tool" completions fish > "$root/usr/share/fish/vendor_completions.d/meshwarp.fish"
install -m 644 Scripts/packaging/copyright "$root/usr/share/doc/meshwarp/copyright"
{
  echo "meshwarp ($version) stable; urgency=medium"
  echo
  echo "  * meshwarp $version, built from commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)."
  echo
  echo " -- $maintainer  $(date -R -u -d "@$SOURCE_DATE_EPOCH")"
} | gzip -9n > "$root/usr/share/doc/meshwarp/changelog.Debian.gz"

# The shared libraries a binary loads (readelf's NEEDED entries).
needed() { readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort -u; }
# No Swift or Foundation library may be left to load at run time.
for tool in meshwarp meshwarp-editor; do
  if needed "$root/usr/bin/$tool" | grep -Ei 'swift|foundation|dispatch|BlocksRuntime|icu'; then
    echo "package.sh: $tool still needs the libraries above" >&2
    exit 1
  fi
done

# Depends: dpkg-shlibdeps maps every NEEDED library to its package and the
# version its symbols need; it reads a debian/control, made here.
mkdir -p "$work/src/debian"
printf 'Source: meshwarp\n\nPackage: meshwarp\nArchitecture: any\n' > "$work/src/debian/control"
libdepends="$(cd "$work/src" && dpkg-shlibdeps -O -e "$root/usr/bin/meshwarp" \
  -e "$root/usr/bin/meshwarp-editor" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')"
[ -n "$libdepends" ] || { echo "package.sh: dpkg-shlibdeps found no libraries" >&2; exit 1; }

install -d "$root/DEBIAN"
cat > "$root/DEBIAN/control" <<CONTROL
Package: meshwarp
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $libdepends, fonts-dejavu-core
Recommends: ffmpeg, libgs-common
Section: graphics
Priority: optional
Description: warp pictures and video through 2D meshes, render mesh gradients
 meshwarp warps images (PNG, JPEG, WebP, GIF, TIFF) and video through a mesh of
 control points, renders Apple-faithful mesh gradients (SwiftUI's
 MeshGradient) and draws text filled with them. meshwarp-editor is the
 interactive editor (SDL2) for meshes and gradients. Video needs ffmpeg.
CONTROL
find "$root" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
deb="dist/meshwarp_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" > /dev/null

# The tarball: the same files under meshwarp-<version>/, with a README that
# names the shared libraries to install.
name="meshwarp-$version"
tree="$work/tar/$name"
install -d "$tree/bin" "$tree/share"
cp -a "$root/usr/bin/." "$tree/bin/"
cp -a "$root/usr/share/man" "$root/usr/share/bash-completion" "$root/usr/share/zsh" \
  "$root/usr/share/fish" "$tree/share/"
cp "$root/usr/share/doc/meshwarp/copyright" "$tree/COPYRIGHT"
cli_libraries="$(needed "$root/usr/bin/meshwarp" | tr '\n' ' ')"
demo_libraries="$(comm -13 <(needed "$root/usr/bin/meshwarp") \
  <(needed "$root/usr/bin/meshwarp-editor") | tr '\n' ' ')"
{
  echo "meshwarp $version for Linux ($machine): bin/meshwarp (the command-line tool)"
  echo "and bin/meshwarp-editor (the editor; bin/meshwarp-demo links to it), with no"
  echo "Swift runtime needed."
  echo
  echo "Shared libraries meshwarp loads (install them with your distribution's"
  echo "packages):"
  fold -s -w 76 <<< "$cli_libraries" | sed 's/^/  /'
  echo "meshwarp-editor also loads: $demo_libraries"
  echo
  echo "On Debian 12 these come from:"
  fold -s -w 76 <<< "$libdepends." | sed 's/^/  /'
  echo
  echo "Video also needs ffmpeg on PATH; the text command's default font is"
  echo "DejaVu Sans Bold (fonts-dejavu-core)."
  echo
  echo "Install: copy bin/* to a folder on PATH (e.g. /usr/local/bin) and"
  echo "share/man to /usr/local/share/man; share/ also holds the bash, zsh and"
  echo "fish completions, at the paths under /usr/share those shells read."
} > "$tree/README"
find "$tree" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
tarball="dist/$name-linux-$machine.tar.gz"
tar --sort=name --owner=0 --group=0 --numeric-owner -C "$work/tar" -cf - "$name" \
  | gzip -n > "$tarball"

for file in "$deb" "$tarball"; do
  echo "$file: $(du -k "$file" | cut -f1) KiB"
done
echo "Depends: $libdepends, fonts-dejavu-core"
echo "package.sh: $((SECONDS - start)) s in all" >&2
