# shellcheck shell=bash
# Common settings for the fdsafe scripts.  Source it; do not run it.
#
# FDSAFE_CACHE  where kernel trees and build folders live (never tracked)
# KVER          Debian source package version (6.1)

export LC_ALL=C
FDSAFE_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
FDSAFE_CACHE=${FDSAFE_CACHE:-${XDG_CACHE_HOME:-/var/tmp}/fdsafe}
KVER=${KVER:-6.1}
SRC_TARBALL=/usr/src/linux-source-$KVER.tar.xz
GIT_ID=(-c user.name="Seed f1fd1c79 maintainers"
	-c user.email=maintainers@users.noreply.a-seed-f1fd1c79.example)

die() {
	echo "error: $*" >&2
	exit 1
}

log() {
	echo "==> $*" >&2
}

# Pristine tree for $KVER, created on first use: $FDSAFE_CACHE/linux-$KVER.
pristine_tree() {
	echo "$FDSAFE_CACHE/linux-$KVER"
}

# The patch file names of patches/series, in order (comments and blank
# lines dropped), one per line.
series_patches() {
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$FDSAFE_TOP/patches/series"
}

# ensure_worktree DIR: DIR is a worktree of the pristine tree (created
# detached at the pristine tag when missing).
ensure_worktree() {
	[ -e "$1/.git" ] && return 0
	git -C "$(pristine_tree)" worktree prune
	git -C "$(pristine_tree)" worktree add -q --detach "$1" pristine
}
