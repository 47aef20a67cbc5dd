#!/usr/bin/env bash
# build-kernel.sh SRC BUILD [TARGET...]
# Configure BUILD (an O= folder) as tinyconfig + configs/lean.config and
# build TARGETs (default: bzImage) from the source tree SRC.  The folder is
# kept between runs, so a rebuild is incremental; ccache is used when present.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 2 ] || die "usage: $0 SRC BUILD [TARGET...]"
src=$1 build=$2
shift 2
[ $# -gt 0 ] || set -- bzImage
frag=$FDSAFE_TOP/configs/lean.config
[ -f "$src/Makefile" ] || die "$src is not a kernel tree"
mkdir -p "$build"

cc=gcc
command -v ccache >/dev/null && cc="ccache gcc"
export CCACHE_DIR=${CCACHE_DIR:-$FDSAFE_CACHE/ccache}
export CCACHE_BASEDIR=$FDSAFE_CACHE
kmake() {
	make -s -C "$src" O="$build" CC="$cc" KBUILD_BUILD_TIMESTAMP="2026-01-01 00:00 UTC" \
		KBUILD_BUILD_USER=fdsafe KBUILD_BUILD_HOST=fdsafe \
		-j"$(nproc)" "$@"
}

# Regenerate .config only when the fragment changed.
stamp=$build/.fdsafe-config
if ! cmp -s "$frag" "$stamp" || [ ! -f "$build/.config" ]; then
	kmake tinyconfig >/dev/null
	"$src/scripts/kconfig/merge_config.sh" -m -O "$build" \
		"$build/.config" "$frag" >/dev/null
	kmake olddefconfig >/dev/null
	# Every option of the fragment must have survived Kconfig.
	bad=0
	while IFS= read -r line; do
		case $line in CONFIG_*=n) want="# ${line%=n} is not set" ;;
		CONFIG_*) want=$line ;; *) continue ;; esac
		grep -qxF "$want" "$build/.config" || { echo "config: $line not taken" >&2; bad=1; }
	done <"$frag"
	[ $bad -eq 0 ] || die "configs/lean.config does not apply to $src"
	cp "$frag" "$stamp"
fi
kmake "$@"
