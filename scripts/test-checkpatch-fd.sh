#!/usr/bin/env bash
# test-checkpatch-fd.sh [TREE]: the PREFER_CLASS_FD check of
# the series patch "checkpatch: prefer CLASS(fd, ...) ...", one TAP line each: it
# fires on a hunk that adds a manual fdget()/fdget_raw()/fdget_pos() call,
# and stays quiet on a CLASS(fd) hunk, on fs/file.c (where fdget() lives)
# and on a comment that names fdget().  TREE has the patch applied
# (default $FDSAFE_CACHE/patched).  Cheap: perl only, no build.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
tree=${1:-$FDSAFE_CACHE/patched}
cp=$tree/scripts/checkpatch.pl
[ -f "$cp" ] || die "no $cp"
grep -q PREFER_CLASS_FD "$cp" || die "$cp has no PREFER_CLASS_FD check (checkpatch patch of the series not applied?)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# hunk FILE LINE...: a patch adding LINEs (tab-indented) to a new function in FILE
hunk() {
	local f=$1 n
	shift
	n=$(($# + 4))
	printf 'diff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n@@ -1,0 +1,%d @@\n' "$f" "$f" "$f" "$f" "$n"
	printf '+int demo(int fd)\n+{\n'
	printf '+\t%s\n' "$@"
	printf '+\treturn 0;\n+}\n'
}
# check NAME WANT(fire|quiet) MSG FILE LINE...
check() {
	local name=$1 want=$2 msg=$3 out got
	shift 3
	hunk "$@" >"$tmp/p"
	out=$(cd "$tree" && perl "$cp" --no-tree --no-signoff -q "$tmp/p" 2>&1) || true
	got=quiet
	grep -qF -- "$msg" <<<"$out" && got=fire
	if [ "$got" = "$want" ]; then
		echo "ok - checkpatch: $name"
	else
		echo "$out" | sed 's/^/# /'
		echo "not ok - checkpatch: $name # $got, want $want '$msg'"
	fi
}
get='struct fd f = fdget(fd);'
check "fires on a new fdget()/fdput() pair" fire "prefer CLASS(fd, ...)" \
	fs/demo.c "$get" "if (fd_empty(f))" "	return -EBADF;" "fdput(f);"
check "fires on fdget_raw(), naming CLASS(fd_raw, ...)" fire "prefer CLASS(fd_raw, ...)" \
	kernel/demo.c "struct fd f;" "f = fdget_raw(fd);" "fdput(f);"
check "fires on fdget_pos(), naming CLASS(fd_pos, ...)" fire "prefer CLASS(fd_pos, ...)" \
	drivers/demo.c "struct fd f = fdget_pos(fd);" "fdput_pos(f);"
check "quiet on a CLASS(fd) hunk" quiet "prefer CLASS(" \
	fs/demo.c "CLASS(fd, f)(fd);" "if (fd_empty(f))" "	return -EBADF;"
check "quiet in fs/file.c" quiet "prefer CLASS(" \
	fs/file.c "$get" "fdput(f);"
check "quiet on a comment naming fdget()" quiet "prefer CLASS(" \
	fs/demo.c "/* like fdget(), but ... */"
