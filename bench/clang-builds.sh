#!/usr/bin/env bash
# clang-builds.sh: build vmlinux of the baseline and the patched tree with
# LLVM=1 (same config fragment) into $FDSAFE_CACHE/build-{base,patched}-clang,
# for the clang code-size comparison.  Incremental (kept folders, ccache).
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

# build-kernel.sh configures with its default gcc; the command-line CC and
# LLVM=1 of the build step win, and kbuild re-syncs .config for clang.
build() { # SRC BUILD
	log "clang build of $1 in $2"
	local t0=$SECONDS
	"$FDSAFE_TOP/scripts/build-kernel.sh" "$1" "$2" LLVM=1 \
		CC="$(command -v ccache >/dev/null && echo 'ccache ')clang" vmlinux ||
		die "clang build of $1 failed"
	grep -qx 'CONFIG_CC_IS_CLANG=y' "$2/.config" && grep -qx 'CONFIG_KASAN=y' "$2/.config" ||
		die "$2/.config is not a clang KASAN config"
	log "clang vmlinux: $2 ($((SECONDS - t0)) s)"
}
build "$(pristine_tree)" "$FDSAFE_CACHE/build-base-clang"
build "$FDSAFE_CACHE/patched" "$FDSAFE_CACHE/build-patched-clang"
