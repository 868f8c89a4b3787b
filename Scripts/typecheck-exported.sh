#!/usr/bin/env bash
# Type-checks Swift files exported by meshwarp-editor (key X) as they are
# pasted into an app: each file alone against the stand-in SwiftUI module
# (Tests/Apple/StandIns/SwiftUI.swift, which re-exports the stand-in
# CoreGraphics module) and the package's MeshWarpEffect module, built by
# Scripts/stand-in-modules.sh with the flags of Scripts/typecheck-apple.sh's
# first pass (Swift 6, warnings as errors, the package name, the
# CustomAvailability feature): stubs, MeshWarpEffect and each file alike.
# Like that pass it does not enforce per-platform availability.
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
# The stubs and MeshWarpEffect as Scripts/typecheck-apple.sh's first pass
# compiles them (Scripts/stand-in-modules.sh, shared; it sets $flags).
source Scripts/stand-in-modules.sh
stand_in_flags "$(swift build --show-bin-path)" "$work"
stand_in_apple_modules
stand_in_effect_module >"$work/effect.log" 2>&1 || { cat "$work/effect.log"; exit 1; }
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
