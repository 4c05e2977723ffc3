#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: the Qt Test executables of the
# default build, the same tests under AddressSanitizer and UndefinedBehaviorSanitizer, and
# each parser's libFuzzer target for a short while. Each stage has a time budget so that
# the whole run stays below CI's 90 minutes on 2 cores (a cold build takes about 20 of them;
# its budget leaves room for a busy machine).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
# The login-node tests start a real OpenSSH server and Slurm's daemons, which only root can:
# as root, their packages are installed too; for anyone else those tests skip and say why.
if [ "$(id -u)" -eq 0 ]; then
  ./scripts/login-node-env.sh install
fi

export QT_QPA_PLATFORM=offscreen
if [ -z "${XDG_RUNTIME_DIR:-}" ] || [ ! -w "${XDG_RUNTIME_DIR}" ]; then
  XDG_RUNTIME_DIR=$(mktemp -d)
  export XDG_RUNTIME_DIR
fi
jobs=$(nproc)
# ccache (when installed) shares objects between checkouts: paths below the source tree are
# hashed relative to it, and the build folder's own path is left out of the hash.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}" CCACHE_NOHASHDIR=true

stage() {
  local name=$1 budget=$2
  shift 2
  echo "== ${name} (budget ${budget} s)"
  local start=$SECONDS
  if ! timeout "${budget}" "$@"; then
    echo "== ${name}: FAILED after $((SECONDS - start)) s" >&2
    exit 1
  fi
  echo "== ${name}: $((SECONDS - start)) s"
}

# timeout runs programs, not shell functions: each build is its own small bash.
build_cmd() {
  echo "cmake --preset $1 >/dev/null && cmake --build --preset $1 -j${jobs}"
}

# Before building: a student's folder is touched only through safefiles.h.
stage "file access" 60 ./scripts/check-file-access.sh
stage "build" 2400 bash -c "$(build_cmd ci)"
stage "tests" 900 ctest --preset ci -j"${jobs}"

stage "sanitize build" 2400 bash -c "$(build_cmd sanitize)"
# LeakSanitizer needs ptrace; some sandboxes refuse it. Probe once, and say so.
export ASAN_OPTIONS=detect_leaks=1
if ./build-sanitize/tests/tst_slurm_slurmtime >/dev/null 2>/tmp/schedlab-lsan-probe.log \
   || ! grep -q "LeakSanitizer has encountered a fatal error" /tmp/schedlab-lsan-probe.log; then
  echo "LeakSanitizer: on"
else
  echo "LeakSanitizer: not available in this sandbox (ptrace refused); ASan and UBSan stay on"
  export ASAN_OPTIONS=detect_leaks=0
fi
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
stage "sanitize tests" 900 ctest --test-dir build-sanitize -j"${jobs}" --output-on-failure

stage "fuzz build" 2400 bash -c "$(build_cmd fuzz)"
stage "fuzz" 900 ./scripts/fuzz.sh "${SCHEDLAB_FUZZ_RUNS:-20000}"
# A fresh Debian system of another release, only when asked (it takes about as long as all the
# above): SCHEDLAB_RELEASE_CHECK=trixie (or bookworm, or "bookworm trixie").
for release in ${SCHEDLAB_RELEASE_CHECK:-}; do
  stage "release check ${release}" 5400 ./scripts/check-release.sh "${release}"
done
echo "== all tests passed"
