#!/usr/bin/env bash
# Lists the public API of each library product, one declaration a line, from
# the compiler's symbol graphs (public and open declarations only; SPI
# left out), into Documentation/API/<Module>.txt. With --check it writes
# nothing and fails, showing the difference, when the build's public API and
# the checked-in lists disagree: every change to the public API is then a
# deliberate one (run this script, review `git diff Documentation/API`,
# commit both).
#
# MeshWarpEffect's SwiftUI layer (the views, modifiers, transitions and
# shape styles Apple users call) compiles out on Linux, so the Linux build's
# MeshWarpEffect.txt lacks it. It is listed in MeshWarpEffect+SwiftUI.txt
# (the repository's Type+Concern naming: MeshWarpEffect's SwiftUI part),
# from MeshWarpEffect compiled with every source against the stand-in
# SwiftUI and Core Graphics modules (Tests/Apple/StandIns), the same compile
# as Scripts/typecheck-apple.sh's first pass (Scripts/stand-in-modules.sh).
# That list holds only what MeshWarpEffect.txt does not: the two together
# are MeshWarpEffect's API on Apple platforms, each declaration in one file,
# so a change to the portable part shows once, in MeshWarpEffect.txt, and a
# change to the SwiftUI layer in MeshWarpEffect+SwiftUI.txt. It also lists
# each public type's conformances to SwiftUI's protocols (`[conforms]
# MeshWarpModifier: ViewModifier`): what makes a modifier a modifier. Its
# types are spelled as Apple's (the stand-ins carry Apple's names);
# availability per platform is not listed (Scripts/typecheck-apple.sh
# enforces it).
#
# Usage: Scripts/api-list.sh [--check]
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
check=0
[ "${1:-}" = "--check" ] && check=1
# The library products whose API is listed (MeshWarpIO only re-exports the
# five IO modules; MeshWarpEffect's SwiftUI part, which compiles out on
# Linux, gets its own list: above).
modules=(MeshWarpCore MeshWarpRender MeshWarpFiles MeshWarpDocuments MeshWarpImageIO MeshWarpVideo MeshWarpText
  MeshWarpEffect)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The symbol graphs go to one folder in the build's own scratch path, the
# same every run: SwiftPM does not rebuild a module whose sources did not
# change (a new folder in its flags does not make it), so a module's graph
# is the one its last compile wrote. One is missing only where the build
# predates the folder (or a compile failed): then the build starts over.
# The compiler leaves a graph whose content did not change untouched, so an
# old extension graph (Module@Other.symbols.json) cannot be told from a
# current one by its time: one of an extension since removed stays until
# .build/api is removed (CI's fresh clone always starts without it).
graphs="$root/.build/api/symbol-graphs"
build_all() {
  local module
  mkdir -p "$graphs"
  for module in "${modules[@]}"; do
    swift build --scratch-path .build/api --target "$module" \
      -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
      >"$work/build-$module.log" 2>&1 || { cat "$work/build-$module.log"; exit 1; }
  done
}
build_all
for module in "${modules[@]}"; do
  if [ ! -f "$graphs/$module.symbols.json" ]; then
    echo "api-list: no symbol graph of $module from the last build: building .build/api anew" >&2
    rm -rf .build/api
    build_all
    break
  fi
done
# The SwiftUI layer: MeshWarpEffect again, every source, against the
# stand-ins and the MeshWarpCore and MeshWarpRender modules built above.
source Scripts/stand-in-modules.sh
stand_in_flags "$(swift build --scratch-path .build/api --show-bin-path)" "$work/stand-ins"
stand_in_apple_modules >"$work/stand-ins.log" 2>&1 &&
  stand_in_effect_module -emit-symbol-graph -emit-symbol-graph-dir "$work/swiftui-graphs" \
    >>"$work/stand-ins.log" 2>&1 || { cat "$work/stand-ins.log"; exit 1; }

mkdir -p "$work/api"
python3 - "$graphs" "$work/swiftui-graphs" "$work/api" "${modules[@]}" <<'PY'
import glob, json, os, sys
graphs, swiftui_graphs, out, modules = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]


def api(graphs, module, conformances_to=None):
    """The public and open declarations of `module`'s symbol graphs in
    `graphs`; with `conformances_to` (a module), also a `[conforms] Type:
    Protocol` line for each conformance of a public type to a protocol of
    that module."""
    lines = set()
    for path in [os.path.join(graphs, f"{module}.symbols.json")] + glob.glob(
            os.path.join(graphs, f"{module}@*.symbols.json")):
        if not os.path.exists(path):
            continue
        extended = os.path.basename(path)[len(module):].split(".symbols")[0].lstrip("@")
        graph = json.load(open(path, encoding="utf-8"))
        public = {}
        for s in graph["symbols"]:
            if s.get("accessLevel") not in ("public", "open"):
                continue
            public[s["identifier"]["precise"]] = ".".join(s["pathComponents"])
            # Members the compiler adds from protocol extensions (!=, hashValue…).
            if "::SYNTHESIZED::" in s["identifier"]["precise"]:
                continue
            decl = "".join(f["spelling"] for f in s.get("declarationFragments", []))
            decl = " ".join(decl.split())
            where = ".".join(s["pathComponents"][:-1])
            prefix = f"[extends {extended}] " if extended else ""
            lines.add(f"{prefix}{where + ': ' if where else ''}{decl}")
        for r in graph["relationships"] if conformances_to else []:
            target = r.get("targetFallback", "")
            if r["kind"] == "conformsTo" and r["source"] in public and target.startswith(
                    conformances_to + "."):
                lines.add(f"[conforms] {public[r['source']]}: {target[len(conformances_to) + 1:]}")
    return lines


def write(name, header, lines):
    with open(os.path.join(out, f"{name}.txt"), "w", encoding="utf-8") as f:
        f.write(header)
        for line in sorted(lines):
            f.write(line + "\n")


listed = {}
for module in modules:
    listed[module] = api(graphs, module)
    write(module, f"# Public API of {module}: generated by Scripts/api-list.sh; do not edit.\n",
          listed[module])
# The conformances to SwiftUI's protocols (a modifier is one because it is a
# ViewModifier) are API there; none exists on Linux.
swiftui = api(swiftui_graphs, "MeshWarpEffect", conformances_to="SwiftUI") - listed["MeshWarpEffect"]
assert swiftui, f"no SwiftUI declarations in {swiftui_graphs}"
write("MeshWarpEffect+SwiftUI",
      "# Public API of MeshWarpEffect's SwiftUI layer (Apple platforms only): what\n"
      "# MeshWarpEffect.txt, the Linux build's, does not list, and the conformances\n"
      "# to SwiftUI's protocols; compiled against the stand-in SwiftUI and Core\n"
      "# Graphics modules. Generated by Scripts/api-list.sh; do not edit.\n", swiftui)
PY

dest=Documentation/API
if [ "$check" = 1 ]; then
  if diff -ru "$dest" "$work/api" >"$work/api.diff"; then
    echo "api-list: the public API matches $dest ($(cat "$dest"/*.txt | grep -vc '^#') declarations)"
  else
    cat "$work/api.diff"
    echo "api-list: the public API differs from $dest: run Scripts/api-list.sh, review, commit" >&2
    exit 1
  fi
else
  rm -rf "$dest"
  mkdir -p "$dest"
  cp "$work"/api/*.txt "$dest/"
  wc -l "$dest"/*.txt
fi
