#!/usr/bin/env bash
# Installs, builds, and starts the workbench (for now the terminal one: schedlab-cli shell).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/build.sh
exec ./build/app/cli/schedlab-cli shell "${1:-$PWD}"
