#!/usr/bin/env bash
# compare-results.sh BASE PATCHED: one TAP line per guest test case.  A case
# passes when it gives the same result on both kernels (ok, or skip on both);
# a "bugfix_" case passes when it fails on the baseline and passes patched.
set -euo pipefail
export LC_ALL=C
[ $# -eq 2 ] || { echo "usage: $0 BASE PATCHED" >&2; exit 2; }
join -a1 -a2 -e missing -o 0,1.2,2.2 "$1" "$2" | while read -r name b p; do
	case "${name#*.}" in
	bugfix_*|*.bugfix_*)
		if [ "$b" = fail ] && [ "$p" = ok ]; then
			echo "ok - $name # bugfix: fails on baseline, passes patched"
		else
			echo "not ok - $name # bugfix test: baseline $b, patched $p (want fail, ok)"
		fi ;;
	*)
		if [ "$b" = ok ] && [ "$p" = ok ]; then
			echo "ok - $name"
		elif [ "$b" = skip ] && [ "$p" = skip ]; then
			echo "ok - $name # SKIP on both kernels"
		else
			echo "not ok - $name # baseline $b, patched $p"
		fi ;;
	esac
done
