#!/usr/bin/env bash
# Install what the project needs from Debian, and the packages named as
# arguments (scripts/check-touched.sh: cross compilers).  Idempotent and
# quiet when everything is already there.
set -euo pipefail

pkgs=(linux-source-6.1 linux-source-6.12 build-essential flex bison bc
      libelf-dev libssl-dev dwarves cpio xz-utils rsync kmod ccache
      qemu-system-x86 busybox-static coccinelle clang lld llvm
      linux-libc-dev libc6-dev git perl python3 gnuplot-nox debhelper
      sparse quilt "$@")

missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed' ||
		missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "==> installing: ${missing[*]}" >&2
[ "$(id -u)" -eq 0 ] || { echo "error: need root to install ${missing[*]}" >&2; exit 1; }
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq || { echo "error: apt-get update failed" >&2; exit 1; }
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null ||
	{ echo "error: apt-get install ${missing[*]} failed" >&2; exit 1; }
