#!/usr/bin/env bash
# Cross-checks the Swift side and the Metal side of the shaders'
# arguments, names included, against one table per layer function, so that
# two arguments of the same type (several are `float`s) cannot be swapped
# unnoticed: the C++ harness and the Apple type-check see only types.
#
# Each table (below) lists, in order, each Metal parameter of a layer
# function after `position` and `layer` (type and name), and the Swift
# `Shader.Argument` that feeds it in its Swift file's `arguments:` list
# (its case, and the Swift identifier its expression must use):
# `meshWarpLayer` from MeshWarpShader.swift, `effectWarpLayer` from
# MeshEffectShader.swift. `.floatArray` feeds two Metal parameters (SwiftUI
# passes the pointer and the count). The script parses the files and fails
# on any difference of order, type, name or identifier, and on an
# expression that names another row's identifier.
#
# Usage: Scripts/check-shader-arguments.sh   (python3)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
python3 - Sources/MeshWarpEffect/Shaders/MeshWarp.metal <<'PY'
import re, sys

metal_path = sys.argv[1]
# Per layer function: its Swift file and (Metal type, Metal name, Swift
# case, Swift identifier in the expression).
CHECKS = [
    ("meshWarpLayer", "Sources/MeshWarpEffect/MeshWarpShader.swift", [
        ("device const float *", "mesh", "floatArray", "data"),
        ("int", "count", None, None),  # passed by SwiftUI with .floatArray
        ("float2", "size", "float2", "size"),
        ("float", "addressMode", "float", "addressMode"),
        ("float", "pixelSize", "float", "pixelSize"),
        ("float", "maxSamples", "float", "filterMinification"),
        ("half4", "edgeColor", "color", "edgeColor"),
    ]),
    ("effectWarpLayer", "Sources/MeshWarpEffect/MeshEffectShader.swift", [
        ("device const float *", "field", "floatArray", "data"),
        ("int", "count", None, None),  # passed by SwiftUI with .floatArray
        ("float2", "size", "float2", "size"),
        ("float", "addressMode", "float", "addressMode"),
        ("float", "pixelSize", "float", "pixelSize"),
        ("float", "maxSamples", "float", "filterMinification"),
    ]),
]
errors = []
metal = open(metal_path, encoding="utf-8").read()
summary = []
for function, swift_path, TABLE in CHECKS:
    # Metal: the parameters of the stitchable function.
    m = re.search(r"\[\[\s*stitchable\s*\]\]\s*half4\s+" + function + r"\s*\(([^)]*)\)", metal)
    if not m:
        sys.exit(f"check-shader-arguments: no [[ stitchable ]] {function} in {metal_path}")
    params = []
    for raw in m.group(1).split(","):
        p = " ".join(raw.split())
        pm = re.fullmatch(r"(.*?)\s*\b([A-Za-z_][A-Za-z0-9_]*)", p)
        params.append((pm.group(1).replace(" *", " *").strip(), pm.group(2)))
    if [n for _, n in params[:2]] != ["position", "layer"]:
        errors.append(f"{function}: the first parameters must be position, layer; found {params[:2]}")
    found = [(" ".join(t.split()), n) for t, n in params[2:]]
    expected = [(t, n) for t, n, _, _ in TABLE]
    if found != expected:
        errors.append(f"{function}: Metal parameters {found} differ from the table {expected}")

    # Swift: the arguments: [ ... ] list of the Shader.
    swift = open(swift_path, encoding="utf-8").read()
    a = re.search(r"arguments:\s*\[(.*?)\]\s*\)", swift, re.S)
    if not a:
        sys.exit("check-shader-arguments: no arguments: [...] in " + swift_path)
    body = re.sub(r"//[^\n]*", "", a.group(1))
    # Split at top-level commas.
    args, depth, cur = [], 0, ""
    for ch in body:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == "," and depth == 0:
            args.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        args.append(cur.strip())
    rows = [r for r in TABLE if r[2] is not None]
    identifiers = [r[3] for r in rows]
    if len(args) != len(rows):
        errors.append(f"{function}: Swift has {len(args)} arguments {args}, the table {len(rows)}")
    for arg, (_, name, case, ident) in zip(args, rows):
        cm = re.match(r"\.([A-Za-z0-9]+)\(", arg)
        if not cm or cm.group(1) != case:
            errors.append(f"{function}: Swift argument {arg!r} for Metal '{name}' must be .{case}(...)")
        words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", arg))
        if ident not in words:
            errors.append(f"{function}: Swift argument {arg!r} for Metal '{name}' must use '{ident}'")
        others = sorted((words & set(identifiers)) - {ident})
        if others:
            errors.append(f"{function}: Swift argument {arg!r} for Metal '{name}' uses {others}, another row's")
    summary.append(f"{function}: {len(TABLE)} Metal parameters, {len(rows)} Swift arguments")
if errors:
    print("check-shader-arguments: FAILED")
    for e in errors:
        print("  " + e)
    sys.exit(1)
print("check-shader-arguments: OK (" + "; ".join(summary) + "; names and order)")
PY
