#!/usr/bin/env bash
# check-series.sh: every patch of patches/series passes checkpatch.pl, and
# every commit of the applied series builds on its own: the objects it
# touches that the lean config builds, and, when it changes a header,
# every lean-config object the series has touched up to and including it
# that depends on one of the changed headers (every user of struct fd is
# among the touched, since the fd_file() conversion touches them all).
# A touched object that depends on no changed header has the same inputs
# as at the last commit that changed one of them, and was built there.
# One TAP line per check.  Results of the build check are cached by tree,
# object list and config fragment.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

wt=$FDSAFE_CACHE/patched
ref=$FDSAFE_CACHE/build-base	# tells which objects the lean config builds
bis=$FDSAFE_CACHE/bisect
bbuild=$FDSAFE_CACHE/build-bisect
okdir=$FDSAFE_CACHE/bisect-ok
mapfile -t patches < <(series_patches)
[ ${#patches[@]} -gt 0 ] || exit 0

# Each patch is checked by the checkpatch.pl of the tree it applies to
# (the series itself teaches checkpatch a new warning, which must not
# judge the patches before it), run outside any git tree as a reviewer
# without the history runs it: the form of every cited id is checked
# (GIT_COMMIT_ID), its subject is not (scripts/check-upstream-ids.sh
# checks it, and UNKNOWN_COMMIT_ID, a lookup in a history that is not
# here, is ignored).  The one report dropped is GIT_COMMIT_ID on the stable
# form's own "commit <40 hex> upstream." line, which checkpatch cannot
# tell from a citation.
echo "# checkpatch --no-tree outside git; GIT_COMMIT_ID dropped only on 'commit <id> upstream.'"
mapfile -t commits < <(git -C "$wt" rev-list --reverse pristine..fdsafe-series)
# drop_stable_id: checkpatch's report (blocks separated by blank lines)
# without the GIT_COMMIT_ID blocks of "commit <40 hex> upstream." lines
# and without its summary lines; empty when nothing else is reported.
drop_stable_id() {
	perl -00 -ne 'next if /^ERROR:GIT_COMMIT_ID:/ && /^commit [0-9a-f]{40} upstream\.$/m;
		s/^(total|NOTE): .*\n?//mg; print'
}
cpdir=$(mktemp -d)
trap 'rm -rf "$cpdir"' EXIT
i=0
for p in "${patches[@]}"; do
	for f in checkpatch.pl spelling.txt const_structs.checkpatch; do
		git -C "$wt" show "${commits[$i]}^:scripts/$f" >"$cpdir/$f"
	done
	i=$((i + 1))
	out=$(cd "$cpdir" && perl "$cpdir/checkpatch.pl" --no-tree -q --show-types \
		--ignore UNKNOWN_COMMIT_ID \
		"$FDSAFE_TOP/patches/$p" 2>&1 | drop_stable_id) || true
	if [ -z "$out" ]; then
		echo "ok - checkpatch $p"
	else
		echo "$out" | sed 's/^/# /'
		echo "not ok - checkpatch $p # checkpatch.pl reports above"
	fi
done

"$FDSAFE_TOP/scripts/check-upstream-ids.sh" || true

[ -f "$ref/vmlinux" ] || die "$ref has no vmlinux: build the kernels first"
# Lean-config objects of the .c files a commit range touches.
objs_of() {
	git -C "$wt" diff --name-only "$@" -- '*.c' | while read -r c; do
		[ -f "$ref/${c%.c}.o" ] && echo "${c%.c}.o"
	done; true
}
# depends_on OBJ HEADER...: the kbuild dependency list of OBJ names one of
# the headers, in the pristine build, the patched one or the last build
# of OBJ here.
depends_on() {
	local o=$1 cmd d h
	shift
	cmd=$(dirname "$o")/.$(basename "$o").cmd
	for d in "$ref" "$FDSAFE_CACHE/build-patched" "$bbuild"; do
		[ -f "$d/$cmd" ] || continue
		for h in "$@"; do
			grep -qE "(^| |/)${h//./\\.}( |\$)" "$d/$cmd" && return 0
		done
	done
	return 1
}
ensure_worktree "$bis"
mkdir -p "$okdir"
i=0
for c in "${commits[@]}"; do
	p=${patches[$i]}
	i=$((i + 1))
	mapfile -t objs < <(objs_of "$c^" "$c")
	mapfile -t hdrs < <(git -C "$wt" diff --name-only "$c^" "$c" -- '*.h')
	if [ ${#hdrs[@]} -gt 0 ]; then
		while read -r o; do
			printf '%s\n' "${objs[@]}" | grep -qxF "$o" ||
				! depends_on "$o" "${hdrs[@]}" || objs+=("$o")
		done < <(objs_of pristine "$c")
	fi
	stamp=$okdir/$(git -C "$wt" rev-parse "$c^{tree}")-$({ printf '%s\n' "${objs[@]}"
		cat "$FDSAFE_TOP/configs/lean.config"; } | md5sum | cut -c1-8)
	if [ -f "$stamp" ]; then
		echo "ok - builds alone $p (${#objs[@]} objects) # cached"
		continue
	fi
	git -C "$bis" checkout -q -f --detach "$c"
	if [ ${#objs[@]} -eq 0 ]; then
		echo "ok - builds alone $p # SKIP no lean-config object touched"
	elif out=$("$FDSAFE_TOP/scripts/build-kernel.sh" "$bis" "$bbuild" "${objs[@]}" 2>&1); then
		echo "ok - builds alone $p (${#objs[@]} objects)"
		touch "$stamp"
	else
		echo "$out" | grep -E 'error|Error' | head -20 | sed 's/^/# /'
		echo "not ok - builds alone $p # compile errors above"
	fi
done
