#!/usr/bin/env bash
# apply-series.sh: make $FDSAFE_CACHE/patched a worktree of the pristine
# tree with patches/series applied by "git am", one commit per patch.
# Reused as is when the series has not changed since the last apply;
# otherwise re-applied from the pristine commit.  A patch that does not
# apply stops with its name and the failing hunk, and leaves no patched
# tree behind.  Prints the tree's path.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

pristine=$(pristine_tree)
git -C "$pristine" rev-parse -q --verify pristine >/dev/null ||
	die "no pristine tree at $pristine (scripts/fetch-source.sh)"
pdir=$FDSAFE_TOP/patches
series=$pdir/series
[ -f "$series" ] || die "$series missing"
mapfile -t patches < <(series_patches)
for p in "${patches[@]}"; do
	[ -f "$pdir/$p" ] || die "series names $p, which is not in patches/"
done

wt=$FDSAFE_CACHE/patched
stamp=$FDSAFE_CACHE/patched.series
want=$(cd "$pdir" && cat series "${patches[@]}" | sha256sum | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] &&
   [ -z "$(git -C "$wt" status --porcelain 2>/dev/null)" ] &&
   [ "$(git -C "$wt" rev-parse HEAD)" = "$(git -C "$wt" rev-parse fdsafe-series 2>/dev/null)" ]; then
	echo "$wt"
	exit 0
fi

rm -f "$stamp"
# git am runs in a scratch worktree, so that a patch that fails leaves the
# live tree alone; the live tree then moves to the result with one
# checkout, which rewrites only the files that differ (builds stay
# incremental: a file the series does not change keeps its mtime).
scratch=$FDSAFE_CACHE/apply-scratch
ensure_worktree "$scratch"
ensure_worktree "$wt"
git -C "$scratch" am --abort >/dev/null 2>&1 || true
git -C "$scratch" checkout -q -f --detach pristine
git -C "$scratch" clean -q -fdx -e "/.kbuild-*"
log "applying ${#patches[@]} patches"
for p in "${patches[@]}"; do
	if ! out=$(git -C "$scratch" "${GIT_ID[@]}" am -q --keep-cr "$pdir/$p" 2>&1); then
		echo "$out" >&2
		git -C "$scratch" am --abort >/dev/null 2>&1 || true
		die "patch $p does not apply to linux-source-$KVER (see above)"
	fi
done
head=$(git -C "$scratch" rev-parse HEAD)
git -C "$wt" checkout -q -f --detach "$head"
git -C "$wt" clean -q -fdx -e "/.kbuild-*"
git -C "$wt" tag -f fdsafe-series "$head" >/dev/null
echo "$want" >"$stamp"
log "applied ${#patches[@]} patches"
echo "$wt"
