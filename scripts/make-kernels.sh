#!/usr/bin/env bash
# make-kernels.sh [patched] [base]: build the patched kernel and/or the
# baseline (pristine Debian) from the same config fragment, each in its
# own kept build folder (default: both).  The main job needs only the
# patched one; comparisons (make test, make bench) build both.
#   out/bzImage.base  unpatched      out/bzImage  patched
#   out/linux -> the patched source tree
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -gt 0 ] || set -- base patched
want_base=0 want_patched=0
for k in "$@"; do
	case $k in base) want_base=1 ;; patched) want_patched=1 ;;
	*) die "usage: $0 [patched] [base]" ;; esac
done
base=$(pristine_tree)
patched=$FDSAFE_CACHE/patched
out=$FDSAFE_TOP/out
mkdir -p "$out"

# Never build a stale or modified tree silently.
[ "$(git -C "$base" rev-parse HEAD)" = "$(git -C "$base" rev-parse pristine)" ] &&
	[ -z "$(git -C "$base" status --porcelain)" ] ||
	die "$base is not the pristine tree (git status there); remove it to re-unpack"
[ "$(git -C "$patched" rev-parse HEAD)" = "$(git -C "$patched" rev-parse fdsafe-series)" ] &&
	[ -z "$(git -C "$patched" status --porcelain)" ] ||
	die "$patched does not match patches/series: run make apply"

build() { # SRC BUILD IMAGE LABEL
	log "building $4 kernel in $2"
	local t0=$SECONDS
	# modules: Module.symvers, for out-of-tree module builds (test-old-module.sh)
	"$FDSAFE_TOP/scripts/build-kernel.sh" "$1" "$2" bzImage modules ||
		die "$4 kernel build failed"
	cp "$2/arch/x86/boot/bzImage" "$3.tmp" && mv "$3.tmp" "$3"
	log "$4 kernel: $3 ($((SECONDS - t0)) s)"
}
if [ $want_base -eq 1 ]; then
	rm -f "$out/bzImage.base"
	build "$base" "$FDSAFE_CACHE/build-base" "$out/bzImage.base" baseline
fi
if [ $want_patched -eq 1 ]; then
	rm -f "$out/bzImage"
	build "$patched" "$FDSAFE_CACHE/build-patched" "$out/bzImage" patched
	ln -sfn "$patched" "$out/linux"
fi
