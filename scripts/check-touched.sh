#!/usr/bin/env bash
# check-touched.sh [SRC [BUILD]]
# Compile every .c file the series touches for each Debian 12 release
# architecture (amd64 arm64 armel armhf i386 mips64el mipsel ppc64el s390x),
# plus alpha and big-endian ppc64 (ports) for their own arch/ files, in that
# arch's allmodconfig.  SRC is a tree with the series applied (default
# $FDSAFE_CACHE/patched; never written to).
#
#   scripts/check-touched.sh                          # gcc, every arch
#   LLVM=1 scripts/check-touched.sh TREE              # clang, where it has the target
#   SERIES_HEAD=6 ONLY='^arch/' ARCHES='amd64 armhf' scripts/check-touched.sh TREE
#   SERIES=/tmp/team/series-v2 scripts/check-touched.sh TREE
#
# SERIES=FILE    patch list (default patches/series; names relative to FILE's folder)
# SERIES_HEAD=N  only its first N patches (SRC must have exactly those applied)
# ONLY=REGEX     only the touched files matching REGEX
# ARCHES="..."   only these rows of the table below
# LLVM=1         clang instead of gcc (rows clang has no target for: SKIP)
#
# Config: allmodconfig, with the Debian arch's ABI forced on top (endianness,
# word size, ARMv5 for armel; see the table) and, to keep it cheap,
# no debug info, KASAN, KCSAN, UBSAN, KCOV, GCOV.  Each arch keeps its
# folder BUILD-<arch> (BUILD defaults to $FDSAFE_CACHE/check-touched, or
# check-touched-clang): configured and "make prepare"d once (minutes), then
# reused.  Files under arch/<x>/ are compiled for <x>'s rows only.  One make
# -k -j2 per arch builds all objects; a file is OK (object made), FAIL (its
# target failed; first errors are printed), NOT-BUILT (kbuild made no object:
# this config does not build it) or SKIP (no compiler, or prepare failed).
# The markdown tables go to stdout and out/check-touched.md.  Exit status 1
# if any FAIL or SKIP.  Runs under nice -n 10; never builds vmlinux.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

src=${1:-$FDSAFE_CACHE/patched}
[ -f "$src/Makefile" ] || die "$src is not a kernel tree"
src=$(cd "$src" && pwd)
tool=gcc
[ "${LLVM:-}" = 1 ] && tool=clang
prefix=${2:-$FDSAFE_CACHE/check-touched$([ $tool = gcc ] || echo -clang)}
series=${SERIES:-$FDSAFE_TOP/patches/series}
[ -f "$series" ] || die "no series file $series"
head=${SERIES_HEAD:-1000000}
[[ $head =~ ^[0-9]+$ ]] || die "SERIES_HEAD must be a number, not '$head'"
md=$FDSAFE_TOP/out/check-touched.md
export CCACHE_DIR=${CCACHE_DIR:-$FDSAFE_CACHE/ccache} CCACHE_BASEDIR=$FDSAFE_CACHE

# name  ARCH  gcc-prefix(- = host gcc)  files(all|arch)  Kconfig forced on allmodconfig
table='
amd64    x86_64  -                        all  -
arm64    arm64   aarch64-linux-gnu-       all  CONFIG_CPU_BIG_ENDIAN=n
armel    arm     arm-linux-gnueabi-       all  CONFIG_ARCH_MULTI_V7=n CONFIG_ARCH_MULTI_V6=n CONFIG_ARCH_MULTI_V5=y CONFIG_CPU_BIG_ENDIAN=n CONFIG_AEABI=y CONFIG_OABI_COMPAT=y
armhf    arm     arm-linux-gnueabihf-     all  CONFIG_ARCH_MULTI_V7=y CONFIG_CPU_BIG_ENDIAN=n
i386     i386    -                        all  -
mips64el mips    mips64el-linux-gnuabi64- all  CONFIG_MIPS_GENERIC_KERNEL=y CONFIG_64BIT=y CONFIG_CPU_MIPS64_R2=y CONFIG_CPU_LITTLE_ENDIAN=y
mipsel   mips    mipsel-linux-gnu-        all  CONFIG_MIPS_GENERIC_KERNEL=y CONFIG_32BIT=y CONFIG_CPU_MIPS32_R2=y CONFIG_CPU_LITTLE_ENDIAN=y
ppc64el  powerpc powerpc64le-linux-gnu-   all  CONFIG_PPC64=y CONFIG_CPU_LITTLE_ENDIAN=y
s390x    s390    s390x-linux-gnu-         all  -
alpha    alpha   alpha-linux-gnu-         arch -
ppc64    powerpc powerpc64le-linux-gnu-   arch CONFIG_PPC64=y CONFIG_CPU_BIG_ENDIAN=y
'
cheap=(CONFIG_DEBUG_INFO_NONE=y CONFIG_KASAN=n CONFIG_KCSAN=n CONFIG_UBSAN=n CONFIG_KCOV=n CONFIG_GCOV_KERNEL=n)
rows=$(sed '/^[[:space:]]*$/d' <<<"$table")
if [ -n "${ARCHES:-}" ]; then
	for a in $ARCHES; do
		grep -q "^$a " <<<"$rows" || die "unknown arch '$a' in ARCHES (known: $(cut -d' ' -f1 <<<"$rows" | tr '\n' ' '))"
	done
	rows=$(grep -E "^($(tr ' ' '|' <<<"$ARCHES")) " <<<"$rows")
fi

# The .c files the series touches (added or modified).
sdir=$(dirname "$series")
files=()
while read -r p; do
	case $p in /*) ;; *) p=$sdir/$p ;; esac
	[ -f "$p" ] || die "$series lists $p, which does not exist"
	mapfile -t -O ${#files[@]} files < <(sed -n 's|^+++ b/\(.*\.c\)$|\1|p' "$p")
done < <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$series" | head -n "$head")
mapfile -t files < <(printf '%s\n' "${files[@]}" | sort -u | grep -E -- "${ONLY:-.}" || true)
[ ${#files[@]} -gt 0 ] || die "no .c file touched by $series${ONLY:+ matching $ONLY}"

# The cross compilers of the rows (Debian names them gcc-<prefix>).
if [ $tool = gcc ]; then
	mapfile -t pk < <(awk '$3 != "-" { sub(/-$/, "", $3); print "gcc-" $3 }' <<<"$rows" | sort -u)
	"$FDSAFE_TOP/scripts/deps.sh" "${pk[@]}" || log "cross compilers missing: those arches SKIP"
fi

srcarch() { case $1 in x86_64 | i386) echo x86 ;; *) echo "$1" ;; esac; }

# configure DIR ARCH CROSS FORCED...: allmodconfig + FORCED (+ cheap) in DIR,
# unless DIR's stamp says it is already configured exactly so.
configure() {
	local o=$1 arch=$2 cross=$3 line sym
	shift 3
	set -- "$@" "${cheap[@]}"
	local want="$tool $src $arch $cross $*"
	[ "$(cat "$o/.fdsafe-check-touched" 2>/dev/null)" = "$want" ] && return 0
	mkdir -p "$o"
	printf '%s\n' "$@" >"$o/fdsafe.allconfig"
	KCONFIG_ALLCONFIG=$o/fdsafe.allconfig kmake "$o" allmodconfig >/dev/null || return 1
	for line in "$@"; do
		sym=${line%=*}
		case $line in
		*=n) ! grep -q "^$sym=[ym]" "$o/.config" ;;
		*) grep -qx "$line" "$o/.config" ;;
		esac || { echo "config: $line not taken for ARCH=$arch" >&2; return 1; }
	done
	echo "$want" >"$o/.fdsafe-check-touched"
}
# Known breakage of the source tree itself, not of the series: Debian's
# 6.1.192 does not build for alpha at all (the 6.1.y backport of "alpha:
# fix user-space corruption during memory compaction" calls
# page_table_check_pte_clear() with upstream's two arguments; 6.1 takes
# three, so asm-offsets fails).  While SRC has it, DIR/fixup gets a copy of
# the header with the argument added, searched before SRC's headers.
fixup() { # DIR SRCARCH
	local h=$src/arch/$2/include/asm/pgtable.h bad='page_table_check_pte_clear(mm, pte);'
	rm -rf "$1/fixup"
	[ "$2" = alpha ] && grep -qF "$bad" "$h" || return 0
	mkdir -p "$1/fixup/asm"
	sed "s/$bad/page_table_check_pte_clear(mm, addr, pte);/" "$h" >"$1/fixup/asm/pgtable.h"
}
# setkv DIR ARCH CROSS: kv = the make variables for that folder and compiler.
setkv() {
	local o=$1 arch=$2 cross=$3 cc
	kv=(ARCH="$arch")
	[ "$cross" = - ] || kv+=(CROSS_COMPILE="$cross")
	if [ $tool = clang ]; then
		kv+=(LLVM=1)
		cc=clang
	else
		cc=${cross#-}gcc
	fi
	command -v ccache >/dev/null && kv+=(CC="ccache $cc")
	[ ! -d "$o/fixup" ] || kv+=(NOSTDINC_FLAGS="-nostdinc -I$o/fixup")
}
kmake() { # DIR TARGET...
	local o=$1
	shift
	nice -n 10 make -s -C "$src" O="$o" "${kv[@]}" "$@"
}
# Does this config build FILE?  Linux 6.1 compiles any single target it has
# a rule for, even one the config leaves out, so ask kbuild itself: every
# folder on FILE's path must be a subfolder its parent builds, and the
# object one of the folder's obj-y/obj-m/lib-y objects (composites expanded).
# Folders that only an arch Makefile's core-y/libs-y/drivers-y adds count
# as not built.
pmk=$prefix-print.mk
# shellcheck disable=SC2016 # make variables, for make
printf '%s: ;\nfdsafe-print:\n\t@echo $(subdir-ym) $(real-obj-y) $(real-obj-m) $(lib-y)\n' "$pmk" >"$pmk"
declare -A listing
kb_has() { # FOLDER ITEM
	[ -n "${listing[$1]+x}" ] || listing[$1]=$(nice -n 10 make -rR -s -C "$o" -I "$src" \
		-f "$src/scripts/Makefile.build" -f "$pmk" "${kv[@]}" obj="$1" targets= srctree="$src" \
		objtree=. SRCARCH="$sa" fdsafe-print 2>/dev/null | tr ' ' '\n' | sed 's|^\./||') || true
	grep -qxF "$2" <<<"${listing[$1]}"
}
in_config() { # FILE
	local d=. obj=${1%.c}.o acc='' part parts pre=() next p
	IFS=/ read -ra parts <<<"$(dirname "$1")"
	for part in "${parts[@]}"; do
		acc=${acc:+$acc/}$part
		pre+=("$acc")
	done
	while :; do
		# (a composite object may name files in a folder below its own)
		kb_has "$d" "$obj" && return 0
		next=
		for p in "${pre[@]}"; do
			[ "$d" = . ] || [ "${p#"$d"/}" != "$p" ] || continue
			kb_has "$d" "$p" && next=$p && break
		done
		[ -n "$next" ] || return 1
		d=$next
	done
}

declare -A cell
summary=() errors=()
t_all=$SECONDS
while read -r name arch cross scope forced; do
	sa=$(srcarch "$arch")
	objs=()
	for f in "${files[@]}"; do
		case $f in
		arch/"$sa"/*) ;;
		arch/*) cell[$f,$name]=- && continue ;;
		*) [ "$scope" = all ] || { cell[$f,$name]=- && continue; } ;;
		esac
		objs+=("${f%.c}.o")
	done
	[ ${#objs[@]} -gt 0 ] || { summary+=("| $name | $arch | - | - | - | - | nothing to build |") && continue; }
	o=$prefix-$name t0=$SECONDS why=
	setkv "$o" "$arch" "$cross"
	listing=()
	[ "$forced" = - ] && forced=
	read -ra fa <<<"$forced"
	if [ $tool = clang ] && ! grep -q "^CLANG_TARGET_FLAGS_${sa}[[:space:]]" "$src/scripts/Makefile.clang"; then
		why="clang has no $arch target"
	elif [ $tool = gcc ] && ! command -v "${cross#-}gcc" >/dev/null; then
		why="no ${cross#-}gcc (apt install gcc-${cross%-})"
	elif ! configure "$o" "$arch" "$cross" "${fa[@]}" 2>"$o.err"; then
		why="allmodconfig failed: $(head -c 300 "$o.err")"
	elif ! fixup "$o" "$sa" || ! setkv "$o" "$arch" "$cross" || ! kmake "$o" -j2 prepare >"$o.err" 2>&1; then
		why="make prepare failed: $(grep -m3 -E 'error|Error' "$o.err" | tr '\n' ' ')"
	fi
	t1=$SECONDS
	ok=0 bad=0 nb=0
	if [ -n "$why" ]; then
		for obj in "${objs[@]}"; do cell[${obj%.o}.c,$name]=SKIP; done
		objs=()
	fi
	pending=()
	for obj in "${objs[@]}"; do
		if in_config "${obj%.o}.c"; then
			pending+=("$obj")
		else
			cell[${obj%.o}.c,$name]=NOT-BUILT nb=$((nb + 1))
		fi
	done
	mkdir -p "$o"
	: >"$o/check-touched.log"
	# One make -k for all; a failure stops its sibling folders, so go again
	# for the objects neither made nor failed, while that makes progress.
	while [ ${#pending[@]} -gt 0 ]; do
		(cd "$o" && rm -f "${pending[@]}")
		kmake "$o" -k -j2 "${pending[@]}" >"$o/round.log" 2>&1 || true
		cat "$o/round.log" >>"$o/check-touched.log"
		left=()
		for obj in "${pending[@]}"; do
			f=${obj%.o}.c
			if [ -f "$o/$obj" ]; then
				cell[$f,$name]=OK ok=$((ok + 1))
			elif grep -qF ": $obj] Error" "$o/round.log"; then
				cell[$f,$name]=FAIL bad=$((bad + 1))
			else
				left+=("$obj")
			fi
		done
		if [ ${#left[@]} -eq ${#pending[@]} ]; then
			for obj in "${left[@]}"; do cell[${obj%.o}.c,$name]=FAIL; done
			bad=$((bad + ${#left[@]}))
			break
		fi
		pending=("${left[@]}")
	done
	rm -f "$o/round.log"
	[ "$bad" -eq 0 ] ||
		errors+=("$name: $(grep -E -m8 'error:|Error' "$o/check-touched.log" | sed 's/^/    /')")
	[ -z "$why" ] || errors+=("$name: SKIP: $why")
	if [ -n "$why" ]; then
		summary+=("| $name | $arch ${cross#-} | - | - | - | $((t1 - t0)) s | SKIP: $why |")
	else
		summary+=("| $name | $arch ${cross#-} | $ok | $bad | $nb | $((t1 - t0)) s + $((SECONDS - t1)) s | ${forced:-} |")
	fi
	rm -f "$o.err"
	log "$name: $ok OK, $bad FAIL, $nb NOT-BUILT${why:+, SKIP: $why} ($((SECONDS - t0)) s)"
done <<<"$rows"

mkdir -p "$(dirname "$md")"
names=$(cut -d' ' -f1 <<<"$rows" | tr '\n' ' ')
{
	echo "check-touched ($tool), $(date -u +%F), tree $src at $(git -C "$src" log -1 --format="%h %s" 2>/dev/null || echo "?"), series $series${SERIES_HEAD:+ (first $SERIES_HEAD)}: ${#files[@]} files, $((SECONDS - t_all)) s"
	echo
	echo "| arch | ARCH, compiler | OK | FAIL | NOT-BUILT | time (prepare + objects) | forced on allmodconfig |"
	echo "| --- | --- | --- | --- | --- | --- | --- |"
	printf '%s\n' "${summary[@]}"
	echo
	echo "| file | ${names// / | }"
	echo "| --- |$(for n in $names; do printf ' --- |'; done)"
	for f in "${files[@]}"; do
		printf '| %s |' "$f"
		for n in $names; do printf ' %s |' "${cell[$f,$n]}"; done
		echo
	done
	[ ${#errors[@]} -eq 0 ] || { echo; printf '%s\n' "${errors[@]}"; }
} | tee "$md.tmp"
mv "$md.tmp" "$md"
! grep -qE '\| (FAIL|SKIP) ' "$md"
