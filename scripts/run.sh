#!/usr/bin/env bash
# Installs what is missing, builds, and starts the workbench on the given workspace folder
# (default: the one remembered, or ~/Documents/SchedLab). Without a display, it says how
# to get one and opens the terminal workbench (schedlab-cli shell) instead.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/build.sh
args=()
[ $# -gt 0 ] && args=(--workspace "$(realpath -m "$1")")
if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  exec ./build/app/gui/schedlab "${args[@]}"
fi
echo "run.sh: no display here. To see the window on a machine without one:" >&2
echo "  xvfb-run -a ./build/app/gui/schedlab --screenshot shot.png   # a picture of it" >&2
echo "Opening the terminal workbench instead (sbatch, squeue, kubectl... in a shell)." >&2
exec ./build/app/cli/schedlab-cli shell "${1:-$PWD}"
