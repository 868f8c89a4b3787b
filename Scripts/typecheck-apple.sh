#!/usr/bin/env bash
# Type-checks the Apple-only Swift code on Linux, with warnings as errors:
# MeshWarpEffect's SwiftUI layer, the original MeshWarpEffect README example
# (Examples/OriginalReadme/WarpedCardView.swift, unchanged) and the demo
# (library + app), against stand-in SwiftUI and Core Graphics modules
# (Tests/Apple/StandIns/*.swift, each declaration written from the Apple
# documentation page named beside it, with Apple's availability) and the
# real MeshWarpCore and MeshWarpRender modules.
#
# Per platform (iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, the package's
# deployment targets), Tests/Apple/StandIns/availability.py rewrites the stubs
# and sources so that the Linux compiler enforces that platform's rules:
# an API Apple does not ship there is `unavailable`, one introduced later is
# a custom availability domain that only `if #available` or a matching
# `@available` may use, and `#if os(…)` takes that platform's branch.
# Then: the app-level re-export checks (Tests/Apple/Checks: an app's own
# `cross(_:_:)` is unambiguous; every public type of MeshWarpCore that
# Documentation/API/MeshWarpCore.txt lists is visible, but those
# Tests/Apple/Checks/NotReexported.txt excludes; the core's helpers are
# not), the must-fail fixtures (Tests/Apple/Checks/*.swift with a
# `// must-fail:` line: code each pass must reject, e.g. a tvOS-unavailable
# gesture on tvOS, `MeshGradient` outside `if #available` at iOS 17, a
# main-actor gesture built off the main actor; the script fails if one
# type-checks or fails otherwise than its `// expect:` line says), and the
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

# Pass 1, access control and concurrency: the stubs, MeshWarpEffect, the
# README example, the demo library and app as separate modules, as an app
# sees them (the stubs' availability is ignored here, as on Linux). The
# stubs and MeshWarpEffect are compiled by Scripts/stand-in-modules.sh,
# which Scripts/api-list.sh and Scripts/typecheck-exported.sh share; it
# sets $flags, $base, $c_modules, $package_name, $swiftpm_modules and
# $accessor.
# Only the Apple code is held to -warnings-as-errors (SwiftPM's build above
# is not).
source Scripts/stand-in-modules.sh
dir="$work/modules"
stand_in_flags "$(swift build --show-bin-path)" "$dir"
echo "== stub Core Graphics and SwiftUI modules"
stand_in_apple_modules
for config in DEBUG RELEASE; do
  echo "== MeshWarpEffect ($config)"
  defines=()
  [ "$config" = DEBUG ] && defines=(-D DEBUG)
  stand_in_effect_module "${defines[@]}"
done
echo "== original MeshWarpEffect README example"
swiftc -typecheck -module-name OriginalReadme "${flags[@]}" Examples/OriginalReadme/WarpedCardView.swift
# The demo is a package of its own (Examples/MeshWarpEffectDemo) that uses
# only public API: no -package-name, so the core's `package` helpers are as
# hidden from it as from any app.
app_flags=()
skip=0
for f in "${flags[@]}"; do
  if [ "$skip" = 1 ]; then skip=0; continue; fi
  [ "$f" = -package-name ] && { skip=1; continue; }
  app_flags+=("$f")
done
echo "== demo library (Examples/MeshWarpEffectDemo)"
swiftc -emit-module -module-name MeshWarpEffectDemoUI "${app_flags[@]}" -D DEBUG \
  -emit-module-path "$dir/MeshWarpEffectDemoUI.swiftmodule" \
  Examples/MeshWarpEffectDemo/MeshWarpEffectDemoUI/*.swift
# Top-level code (main.swift, main-actor isolated): no -parse-as-library.
lib_flags=("${app_flags[@]}")
app_flags=()
for f in "${lib_flags[@]}"; do
  [ "$f" != -parse-as-library ] && app_flags+=("$f")
done
echo "== demo app (macOS branch forced on)"
mkdir -p "$work/app"
sed -e 's/#if canImport(SwiftUI) \&\& os(macOS)/#if canImport(SwiftUI)/' \
  Examples/MeshWarpEffectDemo/MeshWarpEffectDemoApp/main.swift >"$work/app/main.swift"
grep -q "^#if canImport(SwiftUI)$" "$work/app/main.swift" || { echo "demo app: rewrite failed"; exit 1; }
swiftc -typecheck -module-name MeshWarpEffectDemoApp "${app_flags[@]}" "$work/app/main.swift"

# An app with a new Xcode 26 project's build settings: Swift 6 mode,
# main-actor default isolation (SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor),
# approachable concurrency (SWIFT_APPROACHABLE_CONCURRENCY: the upcoming
# features NonisolatedNonsendingByDefault and InferIsolatedConformances)
# and MemberImportVisibility. Its source is the original MeshWarpEffect
# README example verbatim, then Tests/Apple/Checks/XcodeDefaultsApp.swift.txt
# (the @main app and a gradient closure that captures view state).
echo "== app with Xcode 26's new-project settings (README example verbatim)"
mkdir -p "$work/xcode-app"
cat Examples/OriginalReadme/WarpedCardView.swift Tests/Apple/Checks/XcodeDefaultsApp.swift.txt \
  >"$work/xcode-app/MeshWarpApp.swift"
swiftc -typecheck -module-name XcodeDefaultsApp "${flags[@]}" -default-isolation MainActor \
  -enable-upcoming-feature NonisolatedNonsendingByDefault \
  -enable-upcoming-feature InferIsolatedConformances \
  -enable-upcoming-feature MemberImportVisibility "$work/xcode-app/MeshWarpApp.swift"

echo "== re-exports: an app's own cross(_:_:) next to MeshWarpEffect"
mkdir -p "$work/reexport"
cp Tests/Apple/Checks/AppCrossProduct.swift "$work/reexport/main.swift"
swiftc -typecheck -module-name ReexportApp "${app_flags[@]}" "$work/reexport/main.swift"

# Every public type of MeshWarpCore (Documentation/API/MeshWarpCore.txt, which
# Scripts/api-list.sh --check keeps equal to the build) is visible to an app
# that imports only MeshWarpEffect, but those listed, with a reason, in
# Tests/Apple/Checks/NotReexported.txt: one empty extension per type.
echo "== re-exports: every public type of MeshWarpCore"
python3 - Documentation/API/MeshWarpCore.txt Tests/Apple/Checks/NotReexported.txt \
  >"$work/reexport/types.swift" <<'PY'
import re, sys
api, exclusions = sys.argv[1], sys.argv[2]
types = []
for line in open(api, encoding="utf-8"):
    m = re.match(r"(?:final )?(?:enum|struct|class|actor|protocol|typealias) ([A-Za-z_][A-Za-z0-9_]*)", line)
    if m:
        types.append(m.group(1))
assert types, f"no types in {api}"
excluded = [l.strip() for l in open(exclusions, encoding="utf-8") if l.strip() and not l.startswith("#")]
stale = sorted(set(excluded) - set(types))
assert not stale, f"{exclusions} names what is not a public type of MeshWarpCore: {stale}"
print("// Generated by Scripts/typecheck-apple.sh: each public type of MeshWarpCore")
print("// must be visible through `import MeshWarpEffect` alone.")
print("import MeshWarpEffect")
for name in types:
    if name not in excluded:
        print(f"extension {name} {{}}")
print(f"re-exports: {len(types) - len(excluded)} of {len(types)} core types checked, {len(excluded)} excluded", file=sys.stderr)
PY
swiftc -typecheck -module-name ReexportTypes "${flags[@]}" "$work/reexport/types.swift"

# The mesh effects' and the morph's examples: every ```swift block of the
# DocC pages MeshEffects.md and Morphing.md and of the "## Mesh effects" section of
# Documentation/SwiftUI.md must appear, line for line (indentation, blank
# lines and imports aside), in Tests/Apple/Checks/MeshEffectExamples.swift,
# which type-checks here as an app (and in each platform's availability
# pass below): the pages show the code that is checked.
echo "== documentation examples (mesh effects)"
python3 - Tests/Apple/Checks/MeshEffectExamples.swift \
  Sources/MeshWarpEffect/MeshWarpEffect.docc/MeshEffects.md "Documentation/SwiftUI.md#Mesh effects" \
  Sources/MeshWarpEffect/MeshWarpEffect.docc/Morphing.md <<'PY'
import re, sys
checked, pages = sys.argv[1], sys.argv[2:]
def lines(text):
    out = [l.strip() for l in text.splitlines()]
    return [l for l in out if l and not l.startswith("import ")]
have = lines(open(checked, encoding="utf-8").read())
count = 0
for page in pages:
    path, _, section = page.partition("#")
    text = open(path, encoding="utf-8").read()
    if section:
        m = re.search(r"^## " + re.escape(section) + r"\n(.*?)(?=^## |\Z)", text, re.S | re.M)
        assert m, f"{path}: no section '## {section}'"
        text = m.group(1)
    blocks = re.findall(r"^[ \t]*```swift\n(.*?)^[ \t]*```", text, re.S | re.M)
    assert blocks, f"{page}: no swift blocks"
    for i, block in enumerate(blocks):
        want = lines(block)
        if not any(have[k:k + len(want)] == want for k in range(len(have) - len(want) + 1)):
            sys.exit(f"{page}: swift block {i} is not in {checked} line for line:\n{block}")
        count += 1
print(f"   {count} blocks of {len(pages)} pages found in {checked}")
PY
swiftc -typecheck -module-name MeshEffectExamples "${app_flags[@]}" Tests/Apple/Checks/MeshEffectExamples.swift

# Fixtures that MUST NOT type-check (Tests/Apple/Checks/*.swift with a
# `// must-fail:` line): each fails with its `// expect:` error, reported in
# the fixture itself, or this script fails. `must-fail: modules` runs in this
# pass (as an app's main.swift); `must-fail: iOS 17.0, tvOS 17.0, …` in the
# availability pass of each platform named (below).
must_fail() { # must_fail FIXTURE LOG: the compile failed; the expected error is in LOG
  local expect
  expect="$(sed -n 's#^// expect: ##p' "$1")"
  [ -n "$expect" ] || { echo "$1: no // expect: line"; exit 1; }
  if ! grep -F "error: $expect" "$2" | grep -qF "$(basename "$3"):"; then
    echo "$1: failed, but not with \"$expect\" in the fixture:"
    cat "$2"
    exit 1
  fi
  echo "   rejected as expected: $(basename "$1") ($expect)"
}
fixtures=()
for f in Tests/Apple/Checks/*.swift; do
  grep -q '^// must-fail: ' "$f" && fixtures+=("$f")
done
[ "${#fixtures[@]}" -ge 5 ] || { echo "expected the must-fail fixtures in Tests/Apple/Checks"; exit 1; }
echo "== must-fail fixtures (modules)"
for f in "${fixtures[@]}"; do
  grep -q '^// must-fail: modules$' "$f" || continue
  name="$(basename "$f" .swift)"
  mkdir -p "$work/fail-$name"
  cp "$f" "$work/fail-$name/main.swift"
  if swiftc -typecheck -module-name "$name" "${app_flags[@]}" "$work/fail-$name/main.swift" \
    >"$work/fail-$name.log" 2>&1; then
    echo "$f type-checks, but must not"
    exit 1
  fi
  must_fail "$f" "$work/fail-$name.log" "$work/fail-$name/main.swift"
done

# Pass 2, availability, per platform. Custom availability domains do not
# survive module serialization in Swift 6.3 (the importer aborts with
# "Invalid availability domain"), so each platform's check compiles the
# stubs, MeshWarpEffect, the README example and the demo (library + app) as
# ONE module; empty modules stand in for the names they import.
mkdir -p "$work/empty"
for name in SwiftUI CoreGraphics MeshWarpEffect MeshWarpEffectDemoUI; do
  echo "" >"$work/empty/$name.swift"
  swiftc -emit-module -module-name "$name" -parse-as-library \
    -emit-module-path "$work/empty/$name.swiftmodule" "$work/empty/$name.swift"
done
# check_platform PLATFORM MINIMUM DIR [FIXTURE]: the availability pass; with
# FIXTURE, the same files plus the fixture, which must fail.
check_platform() {
  local platform="$1" minimum="$2" dir="$3" fixture="${4:-}"
  python3 Tests/Apple/StandIns/availability.py "$platform" "$minimum" "$dir" \
    Tests/Apple/StandIns/SwiftUI.swift Tests/Apple/StandIns/CoreGraphics.swift \
    Sources/MeshWarpEffect/*.swift Examples/OriginalReadme/WarpedCardView.swift \
    Examples/MeshWarpEffectDemo/MeshWarpEffectDemoUI/*.swift \
    Examples/MeshWarpEffectDemo/MeshWarpEffectDemoApp/main.swift \
    Tests/Apple/Checks/MeshEffectExamples.swift ${fixture:+"$fixture"}
  local domains=(-Xfrontend -define-always-enabled-availability-domain -Xfrontend Deployed)
  for d in $(sort -u "$dir/domains.txt"); do
    domains+=(-Xfrontend -define-dynamic-availability-domain -Xfrontend "$d")
  done
  if [ -z "$fixture" ]; then
    echo "== $platform $minimum availability: $(sort -u "$dir/domains.txt" | tr '\n' ' ')"
  fi
  swiftc -typecheck -module-name AppleCheck -swift-version 6 -warnings-as-errors -D DEBUG \
    -package-name "$package_name" \
    -enable-experimental-feature CustomAvailability "${domains[@]}" \
    "${c_modules[@]}" -I "$work/empty" -I "$swiftpm_modules" "$dir"/*.swift "$accessor"
}
for target in iOS:17.0 macOS:14.0 tvOS:17.0 visionOS:1.0; do
  platform="${target%%:*}"
  minimum="${target##*:}"
  check_platform "$platform" "$minimum" "$work/$platform"
  ran=0
  for f in "${fixtures[@]}"; do
    grep -q "^// must-fail: .*\b$platform $minimum\b" "$f" || continue
    name="$(basename "$f" .swift)"
    dir="$work/$platform-fail-$name"
    if check_platform "$platform" "$minimum" "$dir" "$f" >"$dir.log" 2>&1; then
      echo "$f type-checks on $platform $minimum, but must not"
      exit 1
    fi
    must_fail "$f" "$dir.log" "$dir/$(basename "$f")"
    ran=$((ran + 1))
  done
  [ "$ran" -ge 1 ] || { echo "no must-fail fixture for $platform $minimum"; exit 1; }
done

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
for name in ("MeshWarpEffect", "MeshWarpCore", "MeshWarpRender"):
    assert name in products, f"{name} missing from the Mac products"
for name in ("MeshWarpIO", "meshwarp", "meshwarp-editor", "MeshWarpEffectDemoUI"):
    assert name not in products, f"{name} offered on a Mac"
print("Mac products:", ", ".join(sorted(products)))
PY

echo "typecheck-apple: OK (iOS, macOS, tvOS, visionOS: stubs, MeshWarpEffect, README example, demo; re-exports; must-fail fixtures; Mac manifest)"
