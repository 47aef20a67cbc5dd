#!/usr/bin/env bash
# check-quilt.sh: patches/series applies with "quilt push -a" (as Debian's
# kernel packaging applies patches) to the pristine tree, and gives the
# same tree as "git am" (the fdsafe-series tag).  One TAP line; the
# result is cached by the series' content.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

command -v quilt >/dev/null || die "quilt not installed (scripts/deps.sh)"
wt=$FDSAFE_CACHE/quilt
okdir=$FDSAFE_CACHE/quilt-ok
pdir=$FDSAFE_TOP/patches
mapfile -t patches < <(series_patches)
want=$(cd "$pdir" && cat series "${patches[@]}" | sha256sum | cut -c1-16)
if [ -f "$okdir/$want" ]; then
	echo "ok - quilt push -a applies ${#patches[@]} patches, same tree as git am # cached"
	exit 0
fi
ensure_worktree "$wt"
git -C "$wt" checkout -q -f --detach pristine
git -C "$wt" clean -q -fdx -e "/.kbuild-*"
rm -rf "$wt/.pc" "$wt/patches"
cp -r "$pdir" "$wt/patches"
if ! out=$(cd "$wt" && QUILT_PATCHES=patches quilt push -a -q 2>&1); then
	echo "$out" | tail -20 | sed 's/^/# /'
	echo "not ok - quilt push -a fails (see above)"
	exit 0
fi
rm -rf "$wt/.pc" "$wt/patches"
if diff=$(git -C "$wt" add -A -f . && git -C "$wt" diff --cached --stat fdsafe-series) && [ -z "$diff" ]; then
	mkdir -p "$okdir"
	touch "$okdir/$want"
	echo "ok - quilt push -a applies ${#patches[@]} patches, same tree as git am"
else
	echo "$diff" | sed 's/^/# /'
	echo "not ok - quilt's tree differs from git am's (files above)"
fi
git -C "$wt" reset -q
