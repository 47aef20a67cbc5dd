#!/usr/bin/env bash
# compare-results.sh BASE PATCHED: one TAP line per guest test case.  A case
# passes when it gives the same result on both kernels (ok, or skip on both);
# a "bugfix_" case passes when it fails on the baseline and passes patched.
#
# compare-results.sh --baselines BASE OTHER: OTHER is another unpatched
# kernel (Debian's binary): every case must give BASE's result, a bugfix_
# case fail on both.  A case that only OTHER skips (its config lacks
# something) is a SKIP line with OTHER's reason (from OTHER.skips).
set -euo pipefail
export LC_ALL=C
usage() { echo "usage: $0 [--baselines] BASE OTHER" >&2; exit 2; }
mode=fix
[ "${1:-}" != --baselines ] || { mode=same; shift; }
[ $# -eq 2 ] || usage
two=patched
[ $mode = fix ] || two=$(basename "$2")
join -a1 -a2 -e missing -o 0,1.2,2.2 "$1" "$2" | while read -r name b p; do
	bug=0
	case "${name#*.}" in bugfix_*|*.bugfix_*) bug=1 ;; esac
	case $mode$bug:$b:$p in
	fix1:fail:ok) echo "ok - $name # bugfix: fails on baseline, passes patched" ;;
	fix1:*) echo "not ok - $name # bugfix test: baseline $b, patched $p (want fail, ok)" ;;
	same1:fail:fail) echo "ok - $name # bugfix: fails on both baselines (the bug is there)" ;;
	same1:*) echo "not ok - $name # bugfix test: baseline $b, $two $p (want fail on both)" ;;
	*0:ok:ok) echo "ok - $name" ;;
	*0:skip:skip) echo "ok - $name # SKIP on both kernels" ;;
	same0:ok:skip)
		why=$(awk -v n="$name" '$1 == n { $1 = ""; print substr($0, 2) }' "$2.skips" 2>/dev/null)
		echo "ok - $name # SKIP on $two only (its config): ${why:-no reason given}" ;;
	*) echo "not ok - $name # baseline $b, $two $p" ;;
	esac
done
