#!/usr/bin/env bash
# Installs the Debian packages SchedLab builds and tests with (Debian 12 and 13; Ubuntu 24.04
# has the same names); does nothing for those already there. The names are release-neutral
# metapackages (libclang-rt-dev, not libclang-rt-14-dev) so that one list serves every release.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config ccache git
  qt6-base-dev qt6-base-dev-tools libqt6sql6-sqlite qt6-tools-dev qt6-tools-dev-tools
  qt6-l10n-tools qt6-svg-dev libqscintilla2-qt6-dev
  qt6-translations-l10n libqscintilla2-qt6-l10n
  libyaml-cpp-dev libssh-dev libsqlite3-dev libstemmer-dev libzip-dev libvterm-dev
  clang libclang-rt-dev lld
  openssh-client
  less file
  xvfb xauth
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get -o DPkg::Lock::Timeout=300 update -qq
"${sudo[@]}" apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "${missing[@]}"
