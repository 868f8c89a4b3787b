#!/usr/bin/env bash
# Builds the DocC catalog (Sources/MeshWarpEffect/MeshWarpEffect.docc) with
# `docc convert` from the symbol graph of MeshWarpEffect, which also holds
# the core's symbols (built with MESHWARP_DOCS, MeshWarpEffect re-exports all
# of MeshWarpCore; apps get its public types only). Every DocC
# warning fails the build (a broken reference, an ambiguous link, a malformed
# article), except those listed in Scripts/docs-known-warnings.txt, each a
# known problem with its fix; a listed warning that no longer occurs is
# reported as stale. With DOCS_STRICT=1, docc's own --warnings-as-errors is
# used instead and nothing is tolerated.
#
# On Linux the symbol graph holds the portable part of MeshWarpEffect (the
# SwiftUI API compiles out here), so articles name Apple-only API in code
# voice rather than as symbol links.
#
# Usage: Scripts/build-docs.sh [OUTPUT_DIR]   (default: .build/docs/MeshWarpEffect.doccarchive)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
out="${1:-$root/.build/docs/MeshWarpEffect.doccarchive}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "== symbol graphs"
swift build --target MeshWarpEffect -Xswiftc -D -Xswiftc MESHWARP_DOCS \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$work/all" \
  >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
mkdir -p "$work/graphs"
# This module's own graph (and its extensions of other modules' types, if any).
cp "$work"/all/MeshWarpEffect.symbols.json "$work/graphs/"
cp "$work"/all/MeshWarpEffect@*.symbols.json "$work/graphs/" 2>/dev/null || true

echo "== docc convert"
rm -rf "$out"
mkdir -p "$(dirname "$out")"
strict=()
[ "${DOCS_STRICT:-0}" = 1 ] && strict=(--warnings-as-errors)
docc convert Sources/MeshWarpEffect/MeshWarpEffect.docc \
  --additional-symbol-graph-dir "$work/graphs" \
  --fallback-display-name MeshWarpEffect \
  --fallback-bundle-identifier org.meshwarp.MeshWarpEffect \
  --diagnostics-file "$work/diagnostics.json" \
  "${strict[@]}" \
  --output-path "$out"

echo "== diagnostics"
python3 - "$work/diagnostics.json" Scripts/docs-known-warnings.txt "$root" <<'PY'
import json, sys
diagnostics, known_path, root = sys.argv[1], sys.argv[2], sys.argv[3]
known = set()
for line in open(known_path, encoding="utf-8"):
    line = line.strip()
    if line and not line.startswith("#"):
        known.add(line)
found = set()
failures = []
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
for failure in failures:
    print(failure)
sys.exit(1 if failures else 0)
PY
echo "build-docs: OK ($out)"
