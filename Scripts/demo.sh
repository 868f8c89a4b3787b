#!/usr/bin/env bash
# Set-up and the main job in one: installs what building and running need
# (Scripts/install-deps.sh --run), builds in release
# mode and renders the built-in demo into demo-out/ (or the folder given).
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-deps.sh --run
swift build -c release --product meshwarp
.build/release/meshwarp demo -o "${1:-demo-out}"
