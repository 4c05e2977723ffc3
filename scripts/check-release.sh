#!/usr/bin/env bash
# check-release.sh — builds and tests SchedLab in a fresh, minimal Debian system of one
# release, as a student's new laptop would have it:
#
#   scripts/check-release.sh bookworm|trixie
#
# 1. A minimal system of that release (debootstrap --variant=minbase), from the Debian
#    archive apt is configured with here. The bootstrapped system is kept as a tarball in
#    the cache folder and unpacked afresh at every run, so later runs download nothing
#    debootstrap already fetched.
# 2. The checkout's tracked files (as they are in the work tree) copied into it.
# 3. Inside, with /proc, /sys, /dev/pts mounted: the install script, the login node's
#    packages, the build (preset ci: warnings are errors) and every test of the suite
#    (SCHEDLAB_RELEASE_STAGES=all: the README's whole test command instead, with its
#    sanitizer and fuzz stages, about three times as long).
# 4. The Debian package built there (cpack), installed with apt into the same system, and
#    `schedlab-cli` run from /usr/bin.
#
# Everything is unmounted and the system removed at the end, whatever happened (unless
# SCHEDLAB_RELEASE_KEEP=1). Needs root (debootstrap, chroot, mount).
#
# Environment: SCHEDLAB_RELEASE_CACHE (default ~/.cache/schedlab-release): the tarballs, and
# a ccache folder per release that the builds inside share between runs.
set -euo pipefail
export LC_ALL=C

prog=check-release
say() { echo "== ${prog}: $*"; }
die() {
  echo "${prog}: $*" >&2
  exit 1
}

release=${1:-}
case "$release" in
bookworm | trixie) ;;
*) die "usage: $0 bookworm|trixie" ;;
esac
[ "$(id -u)" -eq 0 ] || die "needs root (debootstrap, chroot and mount)"

source_dir=$(cd "$(dirname "$0")/.." && pwd)
cache=${SCHEDLAB_RELEASE_CACHE:-${HOME}/.cache/schedlab-release}
arch=$(dpkg --print-architecture)
tarball=${cache}/${release}-${arch}-minbase.tgz
mkdir -p "$cache" "${cache}/ccache-${release}"

# The Debian archive apt uses here (deb822 or one-line sources), else Debian's own.
archive_mirror() {
  local uri
  uri=$(grep -hs -E '^(URIs:|deb )' /etc/apt/sources.list /etc/apt/sources.list.d/*.list \
    /etc/apt/sources.list.d/*.sources |
    grep -oE 'https?://[^ ]+/debian/?' | grep -v security | head -n 1 || true)
  echo "${uri:-http://deb.debian.org/debian}"
}
mirror=$(archive_mirror)

command -v debootstrap >/dev/null || {
  say "installing debootstrap"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap
}

root=$(mktemp -d /var/tmp/schedlab-${release}.XXXXXX)
chmod 755 "$root" # the system's "/": other users (apt's _apt, the tests' own) must enter it
mounted=()
cleanup() {
  local status=$?
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
    umount -l "${mounted[i]}" 2>/dev/null || true
  done
  if [ "${SCHEDLAB_RELEASE_KEEP:-0}" = 1 ]; then
    say "kept the system in $root"
  else
    # Only once nothing is mounted below it any more: never remove the host's /proc or /dev.
    if ! grep -q " ${root}/" /proc/mounts; then rm -rf --one-file-system "$root"; fi
  fi
  exit "$status"
}
trap cleanup EXIT INT TERM

start=$SECONDS
if [ ! -s "$tarball" ]; then
  say "bootstrapping ${release} once into the cache (${mirror})"
  debootstrap --variant=minbase --make-tarball="${tarball}.part" "$release" "$root/tmp-bootstrap" "$mirror"
  mv "${tarball}.part" "$tarball"
  rm -rf "$root/tmp-bootstrap"
fi
say "a fresh ${release} system in ${root}"
debootstrap --variant=minbase --unpack-tarball="$tarball" "$release" "$root" "$mirror" >/dev/null
say "system ready after $((SECONDS - start)) s"

# The release's security and point updates too, as a student's installed system has them.
cat >"$root/etc/apt/sources.list" <<EOF
deb ${mirror} ${release} main
deb ${mirror} ${release}-updates main
deb ${mirror%/debian*}/debian-security ${release}-security main
EOF
cp /etc/resolv.conf "$root/etc/resolv.conf"
# An installed system names itself in /etc/hosts (the installer writes it); a bootstrapped one
# does not, and MariaDB's installer (the login node's accounting) stops when the machine's
# name does not resolve. The chroot shares this machine's name: its /etc/hosts does.
cp /etc/hosts "$root/etc/hosts"

bind() { # bind TYPE SOURCE TARGET [OPTIONS]
  mkdir -p "$3"
  mount -t "$1" ${4:+-o "$4"} "$2" "$3"
  mounted+=("$3")
}
bind proc proc "$root/proc"
bind sysfs sysfs "$root/sys"
# slurmd (the login node's tests) needs a cgroup file system under /sys/fs/cgroup, as an
# installed system has; a fresh sysfs mount has none. The machine's own hierarchy, as it is
# (mounting a new cgroup2 there gives Slurm 22.05 a hybrid layout it refuses).
mount --rbind /sys/fs/cgroup "$root/sys/fs/cgroup"
mounted+=("$root/sys/fs/cgroup")
bind devpts devpts "$root/dev/pts" newinstance,ptmxmode=0666,mode=620
ln -sf pts/ptmx "$root/dev/ptmx"
bind tmpfs tmpfs "$root/dev/shm"
bind tmpfs tmpfs "$root/run"
mkdir -p "$root/var/cache/ccache"
mount --bind "${cache}/ccache-${release}" "$root/var/cache/ccache"
mounted+=("$root/var/cache/ccache")

say "copying the checkout's tracked files"
mkdir -p "$root/src/schedlab"
# Tracked and new files as they are in the work tree (a file deleted there is skipped).
(cd "$source_dir" && git ls-files -z --cached --others --exclude-standard |
  tar --null --ignore-failed-read -T - -cf - 2>/dev/null) | tar -C "$root/src/schedlab" -xf -

inside() { # inside COMMAND: run as root in the fresh system, with a clean environment
  chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    LANG=C.UTF-8 TERM=dumb CCACHE_DIR=/var/cache/ccache SCHEDLAB_FUZZ_RUNS="${SCHEDLAB_FUZZ_RUNS:-20000}" \
    /bin/bash -c "$1"
}

step=$SECONDS
# A minbase system has no sudo and no git: the scripts run as root, as a student runs them
# after `apt install git`.
inside "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ca-certificates git >/dev/null"
if [ "${SCHEDLAB_RELEASE_STAGES:-tests}" = all ]; then
  test_command="./scripts/test.sh"
elif [ "${SCHEDLAB_RELEASE_STAGES:-tests}" = deps ]; then
  # Only the packages: with SCHEDLAB_RELEASE_KEEP=1, a system to build in by hand.
  inside "cd /src/schedlab && ./scripts/install-deps.sh && ./scripts/login-node-env.sh install"
  say "packages installed in $((SECONDS - step)) s"
  exit 0
else
  test_command="./scripts/install-deps.sh && ./scripts/login-node-env.sh install && \
    cmake --preset ci >/dev/null && cmake --build --preset ci -j\$(nproc) && \
    XDG_RUNTIME_DIR=\$(mktemp -d) ctest --preset ci -j\$(nproc)"
fi
say "running the tests: ${test_command}"
inside "cd /src/schedlab && ${test_command}"
say "tests passed in $((SECONDS - step)) s"

step=$SECONDS
say "building the Debian package and installing it"
# From the tests' own build (preset ci): the same binaries, no second build.
inside "cd /src/schedlab/build-ci && cpack -G DEB >/dev/null && ls schedlab_*.deb && \
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ./schedlab_*.deb >/dev/null"
# The installed commands, on the installed exercise 2's scenario, and the window drawn once.
inside "cd /tmp && command -v schedlab-cli schedlab && schedlab-cli --version && \
  schedlab-cli sim /usr/share/schedlab/exercises/ex2/scenario.yaml | grep -m 3 JOBID && \
  QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=\$(mktemp -d) HOME=\$(mktemp -d) \
    schedlab --screenshot /tmp/shot.png && test -s /tmp/shot.png && echo 'window drawn: /tmp/shot.png'"
say "package installed and run in $((SECONDS - step)) s"
say "${release}: all done in $((SECONDS - start)) s"
