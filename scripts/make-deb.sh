#!/usr/bin/env bash
# make-deb.sh [--kernel-only] [SRC]: the patched tree (default $FDSAFE_CACHE/patched) built
# as Debian builds it, packaged with the kernel's bindeb-pkg into out/deb/:
# the config of Debian's binary linux-image-*-$DEB_FLAVOUR of the same
# source (debian-lib.sh), its kernel release (ABI name + flavour, so the
# modules' vermagic equals the shipped kernel's), Debian's signing keys
# blanked, ccache.  Build folder $FDSAFE_CACHE/build-debian-$DEB_FLAVOUR
# (kept: rebuilds are incremental).  For a VM: never installed here.
# --kernel-only builds just bzImage and overlay.ko there (what the A/B
# suite of debian-test.sh needs), no package.
set -euo pipefail
. "$(dirname "$0")/debian-lib.sh"
only=0
[ "${1:-}" != --kernel-only ] || { only=1; shift; }
debian_select
bin=$(debian_binary)
src=${1:-$FDSAFE_CACHE/patched}
build=$FDSAFE_CACHE/build-debian-$DEB_FLAVOUR
out=$FDSAFE_TOP/out/deb
[ -f "$src/Makefile" ] || die "$src is not a kernel tree"
mkdir -p "$build" "$out"

cc=gcc-12 # what Debian builds with (gcc when missing)
command -v $cc >/dev/null || cc=gcc
# A cache of its own (with debug info it would evict the lean kernels' objects).
export CCACHE_DIR=$FDSAFE_CACHE/ccache-debian CCACHE_BASEDIR=$FDSAFE_CACHE CCACHE_MAXSIZE=20G
kmake() {
	make -s -C "$src" O="$build" CC="ccache $cc" KERNELRELEASE="$DEB_RELEASE" \
		KBUILD_BUILD_TIMESTAMP="2026-01-01 00:00 UTC" \
		KBUILD_BUILD_USER=fdsafe KBUILD_BUILD_HOST=fdsafe \
		-j"${JOBS:-$(nproc)}" "$@"
}
cfg=$bin/boot/config-$DEB_RELEASE
if ! cmp -s "$cfg" "$build/.fdsafe-config"; then
	cp "$cfg" "$build/.config"
	# Debian signs outside the build with keys we do not have.
	"$src/scripts/config" --file "$build/.config" \
		--set-str SYSTEM_TRUSTED_KEYS "" --set-str SYSTEM_REVOCATION_KEYS "" \
		--disable MODULE_SIG_ALL
	kmake olddefconfig
	cp "$cfg" "$build/.fdsafe-config"
fi
if [ $only -eq 1 ]; then
	kmake bzImage fs/overlayfs/overlay.ko
	exit
fi
kmake
rm -f "$FDSAFE_CACHE"/linux-*_*.deb "$FDSAFE_CACHE"/linux-upstream_*
# gzip: xz of the -dbg package (vmlinux and every module's debug info,
# which is not kept) alone took over 10 minutes here.
kmake bindeb-pkg KDEB_PKGVERSION="$DEB_VERSION+fdsafe1" KDEB_COMPRESS="${KDEB_COMPRESS:-gzip}" >/dev/null ||
	die "bindeb-pkg failed"
rm -f "$out"/linux-*.deb
mv "$FDSAFE_CACHE/linux-image-${DEB_RELEASE}_"*.deb "$FDSAFE_CACHE/linux-headers-${DEB_RELEASE}_"*.deb "$out/"
rm -f "$FDSAFE_CACHE"/linux-*_*.deb "$FDSAFE_CACHE"/linux-upstream_*
ls "$out"/*.deb
