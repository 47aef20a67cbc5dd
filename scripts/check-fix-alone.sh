#!/usr/bin/env bash
# check-fix-alone.sh: the fixes at the head of the series (the leading
# patches that carry a Fixes: tag) apply to the pristine tree without the
# rest, and a kernel with only them passes the bugfix_* guest tests,
# which fail on the baseline.  One TAP line per bugfix_ test case.
# build-kernel.sh builds every tree in a folder of its own, so the
# compiler sees the same relative paths and ccache serves every object
# the fixes do not touch: this costs a link, not a kernel build.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

top=$FDSAFE_CACHE/fix-alone
wt=$top/linux-$KVER
fixes=()
while read -r p; do
	grep -q '^Fixes: ' "$FDSAFE_TOP/patches/$p" || break
	fixes+=("$p")
done < <(series_patches)
[ ${#fixes[@]} -gt 0 ] || { echo "ok - no leading fix patches # SKIP"; exit 0; }

mkdir -p "$top"
ensure_worktree "$wt"
git -C "$wt" am --abort >/dev/null 2>&1 || true
git -C "$wt" checkout -q -f --detach pristine
for p in "${fixes[@]}"; do
	git -C "$wt" "${GIT_ID[@]}" am -q --keep-cr "$FDSAFE_TOP/patches/$p" ||
		{ echo "not ok - $p applies alone to the pristine tree"; exit 0; }
done
echo "ok - ${fixes[*]} apply alone to the pristine tree"
"$FDSAFE_TOP/scripts/build-kernel.sh" "$wt" "$top/build" bzImage >"$top/build.log" 2>&1 ||
	{ grep -E 'error' "$top/build.log" | head | sed 's/^/# /'; echo "not ok - kernel with ${#fixes[@]} fix patches builds"; exit 0; }
cp "$top/build/arch/x86/boot/bzImage" "$top/bzImage"
mapfile -t progs < <(cd "$FDSAFE_TOP/tests/guest" && ls -- bugfix_*.c | sed 's/\.c$//')
"$FDSAFE_TOP/scripts/run-suite.sh" "$top/bzImage" "$top/results" "${progs[@]}" ||
	{ echo "not ok - bugfix_* tests boot on the fixes-only kernel (see $top/results.bugfix.log)"; exit 0; }
while read -r name st; do
	[ "$st" = ok ] && echo "ok - $name with ${fixes[*]} alone" ||
		echo "not ok - $name with ${fixes[*]} alone: $st"
done <"$top/results"
