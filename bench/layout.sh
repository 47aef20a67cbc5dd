#!/usr/bin/env bash
# layout.sh OUTDIR [NAME:BASE_BUILD:PATCHED_BUILD]...
# Code layout of the hot fd paths, baseline vs patched: do_pollfd() (in
# do_poll()), do_select(), ksys_read/write/lseek() (fdget_pos) and the BPF
# map lookup/update syscalls.  For each, layout.py finds the common path
# (fd valid, no fput) in objdump -d of the object and counts its
# instructions and taken branches, and whether the fput() slow path is out
# of the fall-through; method and limits in bench/README.md.
# Writes OUTDIR/layout.md (also printed) and OUTDIR/layout/*.path.
# Default pairs: gcc:build-base:build-patched, and the -clang folders of
# clang-builds.sh when they exist.  Exit 1 when a patched kernel has fput()
# in the fall-through where the baseline had it out of line, 2 when a path
# is not found.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

[ $# -ge 1 ] || die "usage: $0 OUTDIR [NAME:BASE_BUILD:PATCHED_BUILD]..."
out=$1
shift
if [ $# -eq 0 ]; then
	set -- "gcc:$FDSAFE_CACHE/build-base:$FDSAFE_CACHE/build-patched"
	[ ! -d "$FDSAFE_CACHE/build-patched-clang" ] ||
		set -- "$@" "clang:$FDSAFE_CACHE/build-base-clang:$FDSAFE_CACHE/build-patched-clang"
fi
command -v objdump >/dev/null || die "objdump not found (binutils)"
rm -rf "$out/layout" "$out/layout.md"
mkdir -p "$out"
python3 "$FDSAFE_TOP/bench/layout.py" "$out" "$@"
