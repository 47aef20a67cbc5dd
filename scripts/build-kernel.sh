#!/usr/bin/env bash
# build-kernel.sh [--extra FRAGMENT] SRC BUILD [TARGET...]
# Configure BUILD (an O= folder) as tinyconfig + configs/lean.config (plus
# FRAGMENT on top, e.g. configs/stress.config) and build TARGETs (default:
# bzImage) from the source tree SRC.  The folder is kept between runs, so a
# rebuild is incremental; ccache is used when present.
# The objects live in SRC/.kbuild-<name of BUILD>, and BUILD is a link to
# it: kbuild names the sources of a build folder that sits directly in the
# tree "../", so the compiler command lines of every tree (pristine,
# patched, each commit of the series) are the same, and ccache serves an
# object whose preprocessed source another tree already compiled (all
# those that include no header the series changes).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

frags=("$FDSAFE_TOP/configs/lean.config")
if [ "${1:-}" = --extra ]; then
	[ -f "${2:-}" ] || die "--extra: config fragment '${2:-}' not found"
	frags+=("$2")
	shift 2
fi
[ $# -ge 2 ] || die "usage: $0 [--extra FRAGMENT] SRC BUILD [TARGET...]"
src=$1 build=$2
shift 2
[ $# -gt 0 ] || set -- bzImage
[ -f "$src/Makefile" ] || die "$src is not a kernel tree"
src=$(cd "$src" && pwd -P)
if [ "$(dirname "$(realpath -m "$build")")" != "$src" ]; then
	real=$src/.kbuild-$(basename "$build")
	if [ -d "$build" ] && [ ! -L "$build" ]; then	# a folder of the old layout
		[ ! -e "$real" ] || die "both $build and $real exist: remove one"
		mv "$build" "$real"
	fi
	mkdir -p "$real" "$(dirname "$build")"
	ln -sfn "$real" "$build"
fi
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

# Regenerate .config only when the fragments changed.
stamp=$build/.fdsafe-config
frag=$build/.fdsafe-config.new
cat "${frags[@]}" >"$frag"
if ! cmp -s "$frag" "$stamp" || [ ! -f "$build/.config" ]; then
	kmake tinyconfig >/dev/null
	"$src/scripts/kconfig/merge_config.sh" -m -O "$build" \
		"$build/.config" "${frags[@]}" >/dev/null
	kmake olddefconfig >/dev/null
	# Every option of the fragment must have survived Kconfig.
	bad=0
	while IFS= read -r line; do
		case $line in CONFIG_*=n) want="# ${line%=n} is not set" ;;
		CONFIG_*) want=$line ;; *) continue ;; esac
		grep -qxF "$want" "$build/.config" || { echo "config: $line not taken" >&2; bad=1; }
	done <"$frag"
	[ $bad -eq 0 ] || die "${frags[*]#"$FDSAFE_TOP/"} do not apply to $src"
	mv "$frag" "$stamp"
fi
kmake "$@"
