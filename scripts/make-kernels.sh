#!/usr/bin/env bash
# make-kernels.sh: build the baseline (pristine Debian) and the patched
# kernel from the same config fragment, each in its own kept build folder.
#   out/bzImage.base  unpatched      out/bzImage  patched
#   out/linux -> the patched source tree
set -euo pipefail
. "$(dirname "$0")/lib.sh"

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
rm -f "$out/bzImage" "$out/bzImage.base"
build "$base" "$FDSAFE_CACHE/build-base" "$out/bzImage.base" baseline
build "$patched" "$FDSAFE_CACHE/build-patched" "$out/bzImage" patched
ln -sfn "$patched" "$out/linux"
