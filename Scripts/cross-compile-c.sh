#!/usr/bin/env bash
# Cross-compiles every C file that Apple platforms build (the C targets of
# the manifest's Mac view, MESHWARP_MANIFEST_AS_MAC=1, which leaves out the
# Linux-only parts) for Apple's targets and fails on any undefined symbol
# an Apple runtime may not provide.
#
# Targets: x86_64-apple-macos14, arm64-apple-macos14,
# x86_64-apple-ios17-simulator, arm64-apple-ios17, arm64-apple-xros1 (the
# x86_64 slices matter for universal Mac apps, Catalyst and Intel
# simulators), each at -O0 and -O2. Freestanding (-ffreestanding
# -nostdlibinc): clang's own headers (stdint.h, immintrin.h, cpuid.h) plus
# the stand-ins in Tests/Apple/CHeaders for the few libc declarations the
# sources use; no Apple SDK exists on Linux. Allowed undefined symbols: the
# C library's memcpy and memset and the stack protector's __stack_chk_*
# (libSystem provides them). Anything else, e.g. ___cpu_model and
# ___cpu_indicator_init from __builtin_cpu_supports (compiler-rt's, which
# Apple's runtime lacks), fails.
#
# Limits: it compiles and lists symbols; it does not link against Apple's
# libraries or run the code.
#
# Usage: Scripts/cross-compile-c.sh   (clang and llvm-nm: the Swift
# toolchain's, or Debian's clang and llvm).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cc="$(command -v clang || true)"
nm="$(command -v llvm-nm || true)"
[ -n "$cc" ] || { echo "cross-compile-c: clang not found"; exit 1; }
[ -n "$nm" ] || { echo "cross-compile-c: llvm-nm not found"; exit 1; }

# The targets Apple platforms build, from the manifest's Mac view.
mapfile -t apple_targets < <(MESHWARP_MANIFEST_AS_MAC=1 swift package dump-package |
  python3 -c 'import json, sys; print("\n".join(t["name"] for t in json.load(sys.stdin)["targets"]))')
[ "${#apple_targets[@]}" -ge 1 ] || { echo "cross-compile-c: no targets in the Mac view"; exit 1; }
sources=()
for target in "${apple_targets[@]}"; do
  [ -d "Sources/$target" ] || continue
  mapfile -t -O "${#sources[@]}" sources < <(find "Sources/$target" -name '*.c' | sort)
done
[ "${#sources[@]}" -ge 1 ] || { echo "cross-compile-c: no C files in the Mac view's targets"; exit 1; }
targets=(x86_64-apple-macos14 arm64-apple-macos14 x86_64-apple-ios17-simulator arm64-apple-ios17
  arm64-apple-xros1)
# Mach-O names carry a leading underscore.
allowed='^_(memcpy|memset|__stack_chk_[a-z_]+)$'
failed=0
for src in "${sources[@]}"; do
  includes=(-I "$(dirname "$src")/include")
  for target in "${targets[@]}"; do
    for opt in -O0 -O2; do
      obj="$work/$(basename "$src" .c)-$target$opt.o"
      "$cc" -target "$target" -ffreestanding -nostdlibinc -isystem Tests/Apple/CHeaders \
        "${includes[@]}" "$opt" -Wall -Werror -c "$src" -o "$obj"
      bad="$("$nm" -u "$obj" | grep -Ev "$allowed" || true)"
      if [ -n "$bad" ]; then
        echo "cross-compile-c: $src ($target $opt) needs symbols Apple may not provide:" $bad
        failed=1
      fi
    done
  done
done
[ "$failed" = 0 ] || exit 1
echo "cross-compile-c: OK (${#sources[@]} C file(s) x ${#targets[@]} Apple targets x -O0/-O2; undefined symbols only memcpy, memset, __stack_chk_*)"
