#!/usr/bin/env bash
# Builds the DocC catalogue of every library product with `docc convert`
# from the modules' symbol graphs, one archive per module:
#
#   MeshWarpEffect   Sources/MeshWarpEffect/MeshWarpEffect.docc
#   MeshWarpCore     Sources/MeshWarpCore/MeshWarpCore.docc
#   MeshWarpRender   Sources/MeshWarpRender/MeshWarpRender.docc
#   MeshWarpFiles, MeshWarpDocuments, MeshWarpImageIO, MeshWarpVideo, MeshWarpText
#                    (the parts of the MeshWarpIO umbrella, which only
#                    re-exports them), each Sources/<Module>/<Module>.docc
#
# Symbol graphs: MeshWarpEffect's from a build of its own (scratch folder
# .build/docs-effect; it re-exports all of MeshWarpCore); the others from
# `swift package dump-symbol-graph`, which reuses the ordinary debug build
# (the one `swift test` makes). A module's graph holds the symbols of the
# modules it re-exports too; each archive documents its own graph and its
# extensions of other modules' types.
#
# Every DocC warning fails the build (a broken reference, an ambiguous
# link, a malformed article), except those listed in
# Scripts/docs-known-warnings.txt, each a known problem with its fix; a
# listed warning that no longer occurs is reported as stale. With
# DOCS_STRICT=1, docc's own --warnings-as-errors is used instead and nothing
# is tolerated.
#
# On Linux the symbol graph holds the portable part of MeshWarpEffect (the
# SwiftUI API compiles out here), so articles name Apple-only API in code
# voice rather than as symbol links. The landing pages' examples are
# compiled and run by Tests/MeshWarpIOTests/DocumentationExampleTests.swift.
#
# Usage: Scripts/build-docs.sh [OUTPUT_DIR]   (default: .build/docs; one
#        <Module>.doccarchive in it per module)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
out="${1:-$root/.build/docs}"
modules=(MeshWarpEffect MeshWarpCore MeshWarpRender MeshWarpFiles MeshWarpDocuments MeshWarpImageIO MeshWarpVideo
  MeshWarpText)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "== symbol graphs"
# MeshWarpEffect (its own scratch folder: the flags would otherwise rebuild
# the ordinary build's modules).
# The graph folder's path is fixed, so that a second run is incremental.
effect_graphs="$root/.build/docs-effect/symbol-graphs"
mkdir -p "$effect_graphs"
swift build --scratch-path .build/docs-effect --target MeshWarpEffect \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$effect_graphs" \
  >"$work/build-effect.log" 2>&1 || { cat "$work/build-effect.log"; exit 1; }
# The others, from the ordinary build.
# dump-symbol-graph emits every module of the debug build, the test
# targets' too, so those must be built first (a fresh clone has none; the
# test run after this reuses the build).
swift build --build-tests >"$work/build-tests.log" 2>&1 || { cat "$work/build-tests.log"; exit 1; }
swift package dump-symbol-graph --minimum-access-level public \
  >"$work/dump.log" 2>&1 || { cat "$work/dump.log"; exit 1; }
dumped="$(sed -n 's/^Files written to //p' "$work/dump.log" | tail -1)"
[ -d "$dumped" ] || dumped="$(swift build --show-bin-path)/../symbolgraph"
[ -d "$dumped" ] || { cat "$work/dump.log"; echo "build-docs: no symbol graphs found" >&2; exit 1; }

rm -rf "$out"
mkdir -p "$out"
strict=()
[ "${DOCS_STRICT:-0}" = 1 ] && strict=(--warnings-as-errors)
for module in "${modules[@]}"; do
  source="$dumped"
  [ "$module" = MeshWarpEffect ] && source="$effect_graphs"
  graphs="$work/graphs-$module"
  mkdir -p "$graphs"
  # This module's own graph, and its extensions of other modules' types.
  cp "$source/$module.symbols.json" "$graphs/"
  cp "$source/$module"@*.symbols.json "$graphs/" 2>/dev/null || true
  echo "== docc convert $module"
  docc convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "org.meshwarp.$module" \
    --diagnostics-file "$work/diagnostics-$module.json" \
    "${strict[@]}" \
    --output-path "$out/$module.doccarchive" >"$work/docc-$module.log" 2>&1 ||
    { cat "$work/docc-$module.log"; exit 1; }
done

echo "== diagnostics"
python3 - Scripts/docs-known-warnings.txt "$root" "$work"/diagnostics-*.json <<'PY'
import json, sys
known_path, root, diagnostics_files = sys.argv[1], sys.argv[2], sys.argv[3:]
known = set()
for line in open(known_path, encoding="utf-8"):
    line = line.strip()
    if line and not line.startswith("#"):
        known.add(line)
found = set()
failures = []
for diagnostics in diagnostics_files:
    for d in json.load(open(diagnostics, encoding="utf-8")).get("diagnostics", []):
        if d.get("severity") not in ("warning", "error"):
            continue
        source = (d.get("source") or "").replace("file://", "").replace(root + "/", "")
        key = f"{source}|{d.get('summary', '')}"
        if key in known:
            found.add(key)
        else:
            line = (d.get("range") or {}).get("start", {}).get("line", "?")
            failures.append(f"{d.get('severity')}: {source}:{line}: {d.get('summary')}")
for stale in sorted(known - found):
    print(f"note: stale entry in {known_path} (no longer reported): {stale}")
for key in sorted(found):
    print(f"tolerated (known): {key}")
for failure in sorted(set(failures)):
    print(failure)
sys.exit(1 if failures else 0)
PY
echo "build-docs: OK (${modules[*]} in $out)"
