#!/usr/bin/env bash
# Installs, builds, and starts the workbench (for now the terminal one: schedlab-cli shell)
# in the given folder, or in the folder it was called from.
set -euo pipefail
workdir=$(realpath "${1:-$PWD}")
cd "$(dirname "$0")/.."
./scripts/build.sh
exec ./build/app/cli/schedlab-cli shell "$workdir"
