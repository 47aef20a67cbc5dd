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
pkgver=$DEB_VERSION+fdsafe1
# KBUILD_BUILD_VERSION: what bindeb-pkg's debian/rules passes (the package
# revision), so that a plain build and the package agree and an unchanged
# tree is not relinked and repackaged
kmake() {
	make -s -C "$src" O="$build" CC="ccache $cc" KERNELRELEASE="$DEB_RELEASE" \
		KBUILD_BUILD_VERSION="${pkgver##*-}" KBUILD_BUILD_TIMESTAMP="2026-01-01 00:00 UTC" \
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
img=$out/linux-image-${DEB_RELEASE}_${pkgver}_amd64.deb
if [ -s "$img" ] && [ "$build/vmlinux" -ot "$img" ] &&
	[ -z "$(find "$build" -name '*.ko' -newer "$img" -print -quit)" ]; then
	log "nothing rebuilt since $img: not repackaged"
	ls "$out"/*.deb
	exit 0
fi
rm -f "$FDSAFE_CACHE"/linux-*_*.deb "$FDSAFE_CACHE"/linux-upstream_*
# zstd: builddeb also packs the -dbg package (vmlinux and every module's
# debug info, not kept); xz took 10 min of 2 cores for it, gzip 8 min of one.
kmake bindeb-pkg KDEB_PKGVERSION="$pkgver" KDEB_COMPRESS="${KDEB_COMPRESS:-zstd}" >/dev/null ||
	die "bindeb-pkg failed"
rm -f "$out"/linux-*.deb
mv "$FDSAFE_CACHE/linux-image-${DEB_RELEASE}_"*.deb "$FDSAFE_CACHE/linux-headers-${DEB_RELEASE}_"*.deb "$out/"
rm -f "$FDSAFE_CACHE"/linux-*_*.deb "$FDSAFE_CACHE"/linux-upstream_*
ls "$out"/*.deb
