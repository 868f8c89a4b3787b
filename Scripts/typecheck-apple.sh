#!/usr/bin/env bash
# Type-checks the Apple-only Swift code on Linux: MeshWarpEffect's SwiftUI
# layer, the seed README example (Examples/SeedReadme/WarpedCardView.swift,
# unchanged) and the demo (library + app), against a stand-in SwiftUI module
# (Scripts/AppleStubs/SwiftUI.swift, each declaration written from Apple's
# documentation page named beside it) and the real MeshWarpCore module.
#
# Steps: build MeshWarpCore with SwiftPM; emit the stub as module `SwiftUI`;
# emit MeshWarpEffect from its sources against it, in debug (-D DEBUG) and
# release configurations; type-check the README example; emit the demo
# library; type-check the demo app. Exits non-zero on the first failure.
#
# Usage: Scripts/typecheck-apple.sh   (from anywhere; Linux or macOS with a
# Swift 6 toolchain; on macOS it still uses the stub, not the real SwiftUI).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "== building MeshWarpCore and MeshWarpEffect (SwiftPM)"
swift build --target MeshWarpEffect >"$work/build.log" 2>&1 || {
  cat "$work/build.log"
  exit 1
}
bin="$(swift build --show-bin-path)"
modules="$bin/Modules"
[ -d "$modules" ] || modules="$bin"
accessor="$bin/MeshWarpEffect.build/DerivedSources/resource_bundle_accessor.swift"
[ -f "$accessor" ] || { echo "missing $accessor"; exit 1; }

flags=(-swift-version 6 -parse-as-library -I "$work" -I "$modules")

echo "== stub SwiftUI module"
swiftc -emit-module -module-name SwiftUI -swift-version 6 -parse-as-library \
  -emit-module-path "$work/SwiftUI.swiftmodule" Scripts/AppleStubs/SwiftUI.swift

effect_sources=(Sources/MeshWarpEffect/*.swift "$accessor")
for config in DEBUG RELEASE; do
  echo "== MeshWarpEffect ($config)"
  defines=()
  [ "$config" = DEBUG ] && defines=(-D DEBUG)
  swiftc -emit-module -module-name MeshWarpEffect "${flags[@]}" "${defines[@]}" \
    -emit-module-path "$work/MeshWarpEffect.swiftmodule" "${effect_sources[@]}"
done

echo "== seed README example"
swiftc -typecheck -module-name SeedReadme "${flags[@]}" Examples/SeedReadme/WarpedCardView.swift

echo "== demo library"
swiftc -emit-module -module-name MeshWarpEffectDemoUI "${flags[@]}" -D DEBUG \
  -emit-module-path "$work/MeshWarpEffectDemoUI.swiftmodule" \
  Examples/MeshWarpEffectDemo/MeshWarpEffectDemoUI/*.swift

echo "== demo app"
# The stub is not macOS: check the app's `os(macOS)` branch by forcing it on,
# as a main.swift (top-level code, main-actor isolated).
mkdir -p "$work/app"
sed -e 's/#if canImport(SwiftUI) \&\& os(macOS)/#if canImport(SwiftUI)/' \
  Examples/MeshWarpEffectDemo/MeshWarpEffectDemoApp/main.swift >"$work/app/main.swift"
grep -q "^#if canImport(SwiftUI)$" "$work/app/main.swift" || { echo "demo app: rewrite failed"; exit 1; }
swiftc -typecheck -module-name MeshWarpEffectDemoApp -swift-version 6 -I "$work" -I "$modules" \
  "$work/app/main.swift"

echo "typecheck-apple: OK (MeshWarpEffect debug+release, seed README example, demo library, demo app)"
