# Sourced, not run: the one compile of MeshWarpEffect with its SwiftUI layer
# against the stand-in SwiftUI and Core Graphics modules
# (Tests/Apple/StandIns/*.swift), shared by Scripts/typecheck-apple.sh (its
# first pass), Scripts/typecheck-exported.sh and Scripts/api-list.sh (the
# SwiftUI layer's public API list), so that the three compile it alike.
# The caller builds the MeshWarpEffect target with SwiftPM first (the real
# MeshWarpCore and MeshWarpRender modules come from that build) and runs
# from the repository root.
#
#   stand_in_flags BIN DIR
#     BIN: `swift build --show-bin-path` of that build; DIR: where the
#     modules go. Sets package_name, swiftpm_modules (BIN's module folder),
#     accessor (MeshWarpEffect's resource bundle accessor, a
#     SwiftPM-generated source), c_modules, base (the flags of every
#     compile: Swift 6, warnings as errors, the package name,
#     CustomAvailability, the C module map) and flags (base plus -I DIR
#     -I swiftpm_modules); stand_in_dir is DIR.
#   stand_in_apple_modules
#     Compiles the CoreGraphics and SwiftUI stand-ins into DIR.
#   stand_in_effect_module [SWIFTC_ARG...]
#     Compiles MeshWarpEffect (every source, the SwiftUI layer included)
#     into DIR; the arguments go to this compile only (-D DEBUG,
#     -emit-symbol-graph -emit-symbol-graph-dir GRAPHS, ...).

stand_in_flags() {
  local bin="$1"
  stand_in_dir="$2"
  mkdir -p "$stand_in_dir"
  swiftpm_modules="$bin/Modules"
  [ -d "$swiftpm_modules" ] || swiftpm_modules="$bin"
  accessor="$bin/MeshWarpEffect.build/DerivedSources/resource_bundle_accessor.swift"
  [ -f "$accessor" ] || { echo "missing $accessor" >&2; return 1; }
  # SwiftPM's package name is the package identity (the root folder,
  # lowercased) as a C99 identifier: other characters become `_`, and a
  # leading digit gains one (a checkout in `wt-effects` is `wt_effects`).
  package_name="$(basename "$PWD" | tr '[:upper:]' '[:lower:]' | sed -e 's/[^a-z0-9_]/_/g' -e 's/^[0-9]/_&/')"
  # MeshWarpRender imports its C span kernel internally; a debug build's
  # modules (built for testing) still ask clients to load it: its module map.
  local kernel_map="$bin/CSpanKernel.build/module.modulemap"
  [ -f "$kernel_map" ] || { echo "missing CSpanKernel's module map ($kernel_map)" >&2; return 1; }
  c_modules=(-Xcc "-fmodule-map-file=$kernel_map")
  # CustomAvailability is the experimental feature the per-platform
  # availability domains of Scripts/typecheck-apple.sh need; the other
  # compiles take it too, so that every one reads the sources alike.
  base=(-swift-version 6 -parse-as-library -warnings-as-errors -package-name "$package_name"
    -enable-experimental-feature CustomAvailability "${c_modules[@]}")
  flags=("${base[@]}" -I "$stand_in_dir" -I "$swiftpm_modules")
}

stand_in_apple_modules() {
  local stub
  for stub in CoreGraphics SwiftUI; do
    swiftc -emit-module -module-name "$stub" "${flags[@]}" \
      -emit-module-path "$stand_in_dir/$stub.swiftmodule" "Tests/Apple/StandIns/$stub.swift"
  done
}

stand_in_effect_module() {
  swiftc -emit-module -module-name MeshWarpEffect "${flags[@]}" "$@" \
    -emit-module-path "$stand_in_dir/MeshWarpEffect.swiftmodule" \
    Sources/MeshWarpEffect/*.swift "$accessor"
}
