#!/usr/bin/env bash
# Type-checks the Apple-only Swift code on Linux, with warnings as errors:
# MeshWarpEffect's SwiftUI layer, the original MeshWarpEffect README example
# (Examples/OriginalReadme/WarpedCardView.swift, unchanged) and the demo
# (library + app), against stand-in SwiftUI and Core Graphics modules
# (Scripts/AppleStubs/*.swift, each declaration written from the Apple
# documentation page named beside it, with Apple's availability) and the
# real MeshWarpCore and MeshWarpRender modules.
#
# Per platform (iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, the package's
# deployment targets), Scripts/AppleStubs/availability.py rewrites the stubs
# and sources so that the Linux compiler enforces that platform's rules:
# an API Apple does not ship there is `unavailable`, one introduced later is
# a custom availability domain that only `if #available` or a matching
# `@available` may use, and `#if os(…)` takes that platform's branch.
# Then: the app-level re-export check (Scripts/AppleChecks: an app's own
# `cross(_:_:)` is unambiguous; the core's helpers are not visible), and the
# manifest as a Mac sees it (`MESHWARP_MANIFEST_AS_MAC=1 swift package
# dump-package`: no product or target that needs a system library).
#
# Limits: the stubs are written by hand from Apple's pages, not Apple's
# SDK; only the declarations this code uses are there. Nothing here runs
# SwiftUI or Metal.
#
# Usage: Scripts/typecheck-apple.sh   (from anywhere; Linux or macOS with a
# Swift 6.2+ toolchain; on macOS it still uses the stubs).
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

# Only the Apple code is held to -warnings-as-errors (SwiftPM's build above
# is not), and CustomAvailability is the experimental feature the per-platform
# availability domains need.
base=(-swift-version 6 -parse-as-library -warnings-as-errors
  -enable-experimental-feature CustomAvailability)

for target in iOS:17.0 macOS:14.0 tvOS:17.0 visionOS:1.0; do
  platform="${target%%:*}"
  minimum="${target##*:}"
  dir="$work/$platform"
  mkdir -p "$dir/stub" "$dir/effect" "$dir/readme" "$dir/demo" "$dir/app" "$dir/modules"
  : >"$dir/domains.txt"
  rewrite() { python3 Scripts/AppleStubs/availability.py "$platform" "$minimum" "$@"; }
  rewrite "$dir/stub" Scripts/AppleStubs/SwiftUI.swift Scripts/AppleStubs/CoreGraphics.swift
  rewrite "$dir/effect" Sources/MeshWarpEffect/*.swift
  rewrite "$dir/readme" Examples/OriginalReadme/WarpedCardView.swift
  rewrite "$dir/demo" Examples/MeshWarpEffectDemo/MeshWarpEffectDemoUI/*.swift
  rewrite "$dir/app" Examples/MeshWarpEffectDemo/MeshWarpEffectDemoApp/main.swift
  domains=(-Xfrontend -define-always-enabled-availability-domain -Xfrontend Deployed)
  for d in $(cat "$dir"/*/domains.txt | sort -u); do
    domains+=(-Xfrontend -define-dynamic-availability-domain -Xfrontend "$d")
  done
  flags=("${base[@]}" -I "$dir/modules" -I "$modules" "${domains[@]}")
  out=(-emit-module-path)

  echo "== $platform $minimum: stub Core Graphics and SwiftUI modules"
  swiftc -emit-module -module-name CoreGraphics "${flags[@]}" \
    "${out[@]}" "$dir/modules/CoreGraphics.swiftmodule" "$dir/stub/CoreGraphics.swift"
  swiftc -emit-module -module-name SwiftUI "${flags[@]}" \
    "${out[@]}" "$dir/modules/SwiftUI.swiftmodule" "$dir/stub/SwiftUI.swift"

  configs=(DEBUG)
  [ "$platform" = iOS ] && configs=(DEBUG RELEASE)
  for config in "${configs[@]}"; do
    echo "== $platform: MeshWarpEffect ($config)"
    defines=()
    [ "$config" = DEBUG ] && defines=(-D DEBUG)
    swiftc -emit-module -module-name MeshWarpEffect "${flags[@]}" "${defines[@]}" \
      "${out[@]}" "$dir/modules/MeshWarpEffect.swiftmodule" "$dir"/effect/*.swift "$accessor"
  done

  echo "== $platform: original MeshWarpEffect README example"
  swiftc -typecheck -module-name OriginalReadme "${flags[@]}" "$dir/readme/WarpedCardView.swift"

  echo "== $platform: demo library and app"
  swiftc -emit-module -module-name MeshWarpEffectDemoUI "${flags[@]}" -D DEBUG \
    "${out[@]}" "$dir/modules/MeshWarpEffectDemoUI.swiftmodule" "$dir"/demo/*.swift
  # The app is top-level code (main.swift, main-actor isolated).
  app_flags=()
  for f in "${flags[@]}"; do [ "$f" != -parse-as-library ] && app_flags+=("$f"); done
  swiftc -typecheck -module-name MeshWarpEffectDemoApp "${app_flags[@]}" "$dir/app/main.swift"
done

echo "== re-exports: an app's own cross(_:_:) next to MeshWarpEffect"
dir="$work/iOS"
flags=("${base[@]}" -I "$dir/modules" -I "$modules"
  -Xfrontend -define-always-enabled-availability-domain -Xfrontend Deployed)
for d in $(cat "$dir"/*/domains.txt | sort -u); do
  flags+=(-Xfrontend -define-dynamic-availability-domain -Xfrontend "$d")
done
app_flags=()
for f in "${flags[@]}"; do [ "$f" != -parse-as-library ] && app_flags+=("$f"); done
cp Scripts/AppleChecks/AppCrossProduct.swift "$work/main.swift"
swiftc -typecheck -module-name ReexportApp "${app_flags[@]}" "$work/main.swift"
cp Scripts/AppleChecks/CoreHelpersHidden.swift "$work/main.swift"
if swiftc -typecheck -module-name HiddenApp "${app_flags[@]}" "$work/main.swift" \
  >"$work/hidden.log" 2>&1; then
  echo "MeshWarpEffect re-exports the core's helpers (smoothstep is visible to apps)"
  exit 1
fi
grep -q "cannot find 'smoothstep' in scope" "$work/hidden.log" || {
  cat "$work/hidden.log"
  exit 1
}

echo "== Package.swift as a Mac sees it"
MESHWARP_MANIFEST_AS_MAC=1 swift package --manifest-cache none dump-package >"$work/mac.json"
python3 - "$work/mac.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
targets = {t["name"]: t for t in d["targets"]}
system = [n for n, t in targets.items() if t["type"] == "system"]
assert not system, f"system library targets on a Mac: {system}"
for t in targets.values():
    for dep in t.get("dependencies", []):
        for kind in ("byName", "target"):
            if kind in dep:
                name = dep[kind][0]
                assert name in targets, f"{t['name']} depends on {name}, absent on a Mac"
products = {p["name"]: p for p in d["products"]}
for p in products.values():
    for name in p["targets"]:
        assert name in targets, f"product {p['name']} needs {name}, absent on a Mac"
for name in ("MeshWarpEffect", "MeshWarpCore", "MeshWarpRender", "MeshWarpEffectDemoUI"):
    assert name in products, f"{name} missing from the Mac products"
for name in ("MeshWarpIO", "meshwarp", "meshwarp-demo"):
    assert name not in products, f"{name} offered on a Mac"
print("Mac products:", ", ".join(sorted(products)))
PY

echo "typecheck-apple: OK (iOS, macOS, tvOS, visionOS: stubs, MeshWarpEffect, README example, demo; re-exports; Mac manifest)"
