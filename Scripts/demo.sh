#!/usr/bin/env bash
# Set-up and the main job in one: installs dependencies, builds in release
# mode and renders the built-in demo into demo-out/ (or the folder given).
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-deps.sh
swift build -c release --product meshwarp
.build/release/meshwarp demo -o "${1:-demo-out}"
