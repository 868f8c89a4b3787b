#!/usr/bin/env bash
# Type-checks Swift files exported by meshwarp-editor (key X) as they are
# pasted into an app: each file alone against the stand-in SwiftUI module
# (Tests/Apple/StandIns/SwiftUI.swift, which re-exports the stand-in
# CoreGraphics module) and the package's MeshWarpEffect module, built with the
# flags of Scripts/typecheck-apple.sh's first pass (Swift 6, warnings as
# errors, the package name, the CustomAvailability feature): stubs,
# MeshWarpEffect and each file alike. Like that pass it does not enforce
# per-platform availability.
#
# usage: Scripts/typecheck-exported.sh FILE.swift...
# Exits non-zero when a file does not type-check.
set -euo pipefail
[ "$#" -ge 1 ] || { echo "usage: $0 FILE.swift..." >&2; exit 2; }
files=()
for f in "$@"; do files+=("$(cd "$(dirname "$f")" && pwd)/$(basename "$f")"); done
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

swift build --target MeshWarpEffect >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
bin="$(swift build --show-bin-path)"
modules="$bin/Modules"
[ -d "$modules" ] || modules="$bin"
accessor="$bin/MeshWarpEffect.build/DerivedSources/resource_bundle_accessor.swift"
# SwiftPM's package name is the package identity: the root folder, lowercased.
package_name="$(basename "$root" | tr '[:upper:]' '[:lower:]')"
# MeshWarpRender's C span kernel, as in Scripts/typecheck-apple.sh: the
# debug build's modules ask clients to load it.
kernel_map="$bin/CSpanKernel.build/module.modulemap"
[ -f "$kernel_map" ] || { echo "missing CSpanKernel's module map"; exit 1; }
flags=(-swift-version 6 -parse-as-library -warnings-as-errors -package-name "$package_name"
  -enable-experimental-feature CustomAvailability -Xcc "-fmodule-map-file=$kernel_map"
  -I "$work" -I "$modules")
for stub in CoreGraphics SwiftUI; do
  swiftc -emit-module -module-name "$stub" "${flags[@]}" \
    -emit-module-path "$work/$stub.swiftmodule" "Tests/Apple/StandIns/$stub.swift"
done
swiftc -emit-module -module-name MeshWarpEffect "${flags[@]}" \
  -emit-module-path "$work/MeshWarpEffect.swiftmodule" Sources/MeshWarpEffect/*.swift "$accessor" \
  >"$work/effect.log" 2>&1 || { cat "$work/effect.log"; exit 1; }
status=0
for f in "${files[@]}"; do
  if swiftc -typecheck -module-name Exported "${flags[@]}" "$f"; then
    echo "typecheck-exported: OK $f"
  else
    echo "typecheck-exported: FAILED $f"
    status=1
  fi
done
exit "$status"
