#!/usr/bin/env bash
# Every module of this package that a target imports is a dependency the
# target declares in Package.swift: SwiftPM's explicit import check, as an
# error, on the debug build with the tests (the one `swift test` runs: the
# check adds no compiler flag, so the test run after it rebuilds nothing).
#
# SwiftPM skips targets with generated sources (a resource bundle's
# accessor: MeshWarpEffect, MeshWarpImageIOTests) and those depending on them, and
# names one missing dependency per target; so the same rule is also checked
# here from the sources: each `import` of a package target, in every file of
# every target, against `swift package dump-package`.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests --explicit-target-dependency-import-check error
swift package dump-package | python3 -c '
import json, os, re, sys
package = json.load(sys.stdin)
targets = {t["name"]: t for t in package["targets"]}
def folder(t):
    if t.get("path"):
        return t["path"]
    kind = "Tests" if t["type"] == "test" else "Sources"
    return os.path.join(kind, t["name"])
imports = re.compile(r"^ {0,2}(?:@testable\s+|@_exported\s+|(?:public|package|internal)\s+)*import\s+(?:(?:struct|enum|class|protocol|typealias|func|let|var)\s+)?(\w+)", re.M)
missing = []
for name, t in sorted(targets.items()):
    declared = {d[k][0] for d in t.get("dependencies", []) for k in ("byName", "target") if k in d}
    for root, _, files in os.walk(folder(t)):
        for f in sorted(files):
            if not f.endswith(".swift"):
                continue
            path = os.path.join(root, f)
            for module in set(imports.findall(open(path, encoding="utf-8").read())):
                if module in targets and module != name and module not in declared:
                    missing.append(f"{path}: imports {module}, which {name} does not declare")
for line in missing:
    print(line)
if missing:
    sys.exit(1)
print(f"check-imports: every import of a package target is declared ({len(targets)} targets)")
'
