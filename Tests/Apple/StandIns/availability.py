#!/usr/bin/env python3
"""Rewrites Swift files so that the Linux compiler enforces one Apple
platform's availability rules (used by Scripts/typecheck-apple.sh).

Usage: availability.py PLATFORM MIN_VERSION OUT_DIR FILE...
  e.g. availability.py tvOS 17.0 /tmp/tvos Sources/MeshWarpEffect/*.swift

Linux ignores `@available(iOS 18.0, …)` and `@available(tvOS, unavailable)`.
For PLATFORM deployed at MIN_VERSION, each file is copied to OUT_DIR (same
base name) with:
  - `@available(PLATFORM, unavailable)` -> `@available(*, unavailable, …)`;
    the same for other platforms -> removed;
  - `@available(…, PLATFORM X, …, *)` and `#available(…)` with X above
    MIN_VERSION -> the custom availability domain `PLATFORM_X` (Swift's
    experimental CustomAvailability feature, defined as a dynamic domain, so
    `if #available(PLATFORM_X)` guards it and `@available(PLATFORM_X)`
    declarations may use it); lists that PLATFORM meets -> removed
    (`#available` -> `#available(Deployed)`, an always-enabled domain);
  - `os(PLATFORM)` in `#if` lines -> `true`, other Apple `os(…)` -> `false`.
Prints the custom domains used (one per line) to OUT_DIR/domains.txt.
"""
import os
import re
import sys

APPLE = ["iOS", "macOS", "tvOS", "watchOS", "visionOS"]


def version(text):
    return tuple(int(p) for p in text.split("."))


def rewrite(source, platform, minimum, domains):
    def attribute(match):
        sign, args = match.group(1), [a.strip() for a in match.group(2).split(",")]
        if args[0] == "*" or args[0].startswith("swift"):
            return match.group(0)
        if len(args) == 2 and args[1] == "unavailable":
            if args[0] == platform:
                return f'{sign}available(*, unavailable, message: "unavailable on {platform} (Apple)")'
            return ""
        for arg in args:
            parts = arg.split()
            if len(parts) == 2 and parts[0] == platform:
                if version(parts[1]) > minimum:
                    domain = f"{platform}_{parts[1].replace('.', '_')}"
                    domains.add(domain)
                    return f"{sign}available({domain})"
                break
        return "#available(Deployed)" if sign == "#" else ""

    out = []
    for line in source.splitlines(keepends=True):
        line = re.sub(r"([@#])available\(([^()]*)\)", attribute, line)
        if re.match(r"\s*#(if|elseif)\b", line):
            for name in APPLE:
                line = line.replace(f"os({name})", "true" if name == platform else "false")
        out.append(line)
    return "".join(out)


def main():
    platform, minimum, out_dir = sys.argv[1], version(sys.argv[2]), sys.argv[3]
    os.makedirs(out_dir, exist_ok=True)
    domains = set()
    for path in sys.argv[4:]:
        with open(path, encoding="utf-8") as f:
            text = rewrite(f.read(), platform, minimum, domains)
        with open(os.path.join(out_dir, os.path.basename(path)), "w", encoding="utf-8") as f:
            f.write(text)
    with open(os.path.join(out_dir, "domains.txt"), "a", encoding="utf-8") as f:
        for d in sorted(domains):
            f.write(d + "\n")


main()
