#!/usr/bin/env bash
# check-touched.sh SRC [BUILD]
# Compile every .c file touched by the patches in patches/series, one
# object at a time, in an allmodconfig build of SRC (a tree with the
# series applied): with gcc, and with clang when LLVM=1 is set in the
# environment (clang 14: it rejects a goto that jumps over a CLASS()
# initialisation, which gcc 12 accepts silently).
#
#   scripts/check-touched.sh /var/tmp/x/linux               # gcc
#   LLVM=1 scripts/check-touched.sh /var/tmp/x/linux        # clang
#   SERIES_HEAD=6 ONLY='^arch/' LLVM=1 scripts/check-touched.sh TREE
#
# BUILD defaults to $FDSAFE_CACHE/check-touched-{gcc,clang}; it is made
# with allmodconfig and "make prepare" on first use (~5 min), then kept.
# Files of other architectures are compiled with Debian's cross compiler
# when one is installed (<arch>-linux-gnu-gcc), with LLVM=1 by clang for
# the targets it has (ARCH=arm, powerpc, ...; each needs its own
# allmodconfig + prepare in BUILD-<arch>), else listed as SKIP.
# Prints one line per file: OK, FAIL (first errors follow), NOT-BUILT
# (kbuild produced no object: not reachable in this config) or SKIP.
# Exit status: 1 if any FAIL, else 0.  CPU: runs under nice -n 10, -j1
# per object; never builds vmlinux.
set -uo pipefail
. "$(dirname "$0")/lib.sh"

src=${1:?usage: $0 SRC [BUILD]}
[ -f "$src/Makefile" ] || die "$src is not a kernel tree"
tool=gcc
[ "${LLVM:-}" = 1 ] && tool=clang
build=${2:-$FDSAFE_CACHE/check-touched-$tool}
series=$FDSAFE_TOP/patches/series
[ -f "$series" ] || die "no $series"

# SERIES_HEAD=N: only the first N patches of the series (SRC must have
# exactly those applied); ONLY=REGEX: only the files matching it.
files=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$series" | head -n "${SERIES_HEAD:-10000}" |
	while read -r p; do
		sed -n 's|^+++ b/\(.*\.c\)$|\1|p' "$FDSAFE_TOP/patches/$p"
	done | sort -u | grep -E -- "${ONLY:-.}")

mk() {
	local o=$1
	shift
	if [ "$tool" = clang ]; then
		nice -n 10 make -s -C "$src" O="$o" LLVM=1 "$@"
	else
		nice -n 10 make -s -C "$src" O="$o" "$@"
	fi
}
prepare() { # BUILD [ARCH=.. CROSS_COMPILE=..]
	local o=$1
	shift
	[ -f "$o/.fdsafe-prepared" ] && return 0
	mkdir -p "$o"
	mk "$o" "$@" allmodconfig >/dev/null 2>&1 || return 1
	mk "$o" "$@" -j"$(nproc)" prepare >/dev/null 2>&1 || return 1
	touch "$o/.fdsafe-prepared"
}

prepare "$build" || die "allmodconfig/prepare failed in $build"
fail=0
log=$build/check-touched.log
: >"$log"
for f in $files; do
	obj=${f%.c}.o
	args=()
	o=$build
	case $f in
	arch/x86/*) ;;
	arch/*)
		a=${f#arch/}
		a=${a%%/*}
		cross=$a-linux-gnu-
		[ "$a" = arm ] && cross=arm-linux-gnueabi-
		[ "$a" = powerpc ] && cross=powerpc64le-linux-gnu-
		if [ "$tool" = clang ]; then
			# clang is a cross compiler already; it has no alpha etc.
			case $a in
			arm | arm64 | powerpc | riscv | mips | s390 | loongarch) ;;
			*)
				echo "SKIP      $f (other arch: clang has no $a target)"
				continue
				;;
			esac
			args=(ARCH="$a")
		elif ! command -v "${cross}gcc" >/dev/null; then
			echo "SKIP      $f (other arch: no ${cross}gcc installed)"
			continue
		else
			args=(ARCH="$a" CROSS_COMPILE="$cross")
		fi
		o=$build-$a
		if ! prepare "$o" "${args[@]}"; then
			echo "SKIP      $f (cannot prepare ARCH=$a)"
			continue
		fi
		;;
	esac
	rm -f "$o/$obj"
	if mk "$o" "${args[@]}" "$obj" >"$log.one" 2>&1; then
		if [ -f "$o/$obj" ]; then
			echo "OK        $f"
		else
			echo "NOT-BUILT $f"
		fi
	else
		echo "FAIL      $f"
		grep -E 'error|Error' "$log.one" | head -5 | sed 's/^/          /'
		fail=1
	fi
	cat "$log.one" >>"$log"
done
rm -f "$log.one"
exit $fail
