#!/usr/bin/env bash
# Set-up and the test suite in one: installs dependencies, runs `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-deps.sh
swift test "$@"
