#!/usr/bin/env bash
# Unpack Debian's linux-source-$KVER into the cache as a git repository whose
# only commit is the pristine tree, tagged "pristine".  Prints the tree's path.
# Re-running is cheap: an existing tree at the tag is reused.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

tree=$(pristine_tree)
if git -C "$tree" rev-parse -q --verify pristine >/dev/null 2>&1; then
	echo "$tree"
	exit 0
fi

[ -r "$SRC_TARBALL" ] || die "$SRC_TARBALL missing: install linux-source-$KVER (scripts/deps.sh)"
log "unpacking $SRC_TARBALL into $tree"
rm -rf "$tree" "$tree.tmp"
mkdir -p "$tree.tmp"
tar -xJf "$SRC_TARBALL" -C "$tree.tmp" --strip-components=1
cd "$tree.tmp"
# Debian's packaging .gitignore ignores "/*": drop it so the tree can be
# tracked, and keep the kernel's own .gitignore files below it.
rm -f .gitignore
git init -q
git "${GIT_ID[@]}" add -A -f .
git "${GIT_ID[@]}" commit -q -m "linux-source-$KVER $(dpkg-query -W -f='${Version}' "linux-source-$KVER")"
git tag pristine
git gc -q --auto
cd - >/dev/null
mv "$tree.tmp" "$tree"
echo "$tree"
