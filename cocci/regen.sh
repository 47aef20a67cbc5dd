#!/usr/bin/env bash
# cocci/regen.sh TREE
# Re-run the semantic patches of patches 0004 (fd_file) and 0005
# (fd_empty) on TREE, a pristine linux-source-6.1 tree (git, clean), and
# report what is left for hand-fixing.  Compare the result with the
# patches: `git -C TREE diff` after step 1 must equal 0004 minus the
# include/linux/file.h hunk and the hand fixes listed in its commit
# message (likewise for step 2 on top of 0004).
#
#   cocci/regen.sh /tmp/linux-6.1            # step 1: fd_file
#   STEP=2 cocci/regen.sh /tmp/linux-6.1     # step 2: fd_empty (tree at 0004)
#   STEP=3 cocci/regen.sh /tmp/linux-6.1     # step 3: CLASS(fd) (tree at the
#                                            # series, before 0019-0034)
#
# Step 3 (cocci/class_fd.cocci) leaves out kernel/bpf, net/core/sock_map.c
# and fs/overlayfs (converted by the series itself); its result is
# patches 0019-0034 minus the hand fixes their commit messages list.
# Needs spatch (tested with 1.1.1).  Takes ~2 min of CPU (step 3: ~5).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tree=${1:?usage: $0 TREE}
step=${STEP:-1}
cd "$tree"
files=$(git grep -lP '\bstruct fd\b|\bfdget(_raw|_pos)?\s*\(' -- '*.c' '*.h' \
	':!tools' ':!include/linux/file.h' ':!include/linux/cleanup.h')
case $step in
1) sp=$here/fd_file.cocci ;;
2) sp=$here/fd_empty.cocci ;;
3)
	sp=$here/class_fd.cocci
	extra=--allow-inconsistent-paths
	files=$(git grep -lP '\bfdget(_raw|_pos)?\s*\(' -- '*.c' ':!tools' ':!fs/file.c' \
		':!kernel/bpf' ':!net/core/sock_map.c' ':!fs/overlayfs')
	;;
*) echo "STEP must be 1, 2 or 3" >&2; exit 2 ;;
esac
# shellcheck disable=SC2086
nice -n 10 spatch --sp-file "$sp" -D patch --in-place --include-headers \
	--local-includes --very-quiet --max-width 100 \
	${extra:-} --macro-file "$here/fd_macros.h" $files
if [ "$step" = 3 ]; then
	# drop the whitespace-only lines spatch adds where a brace went
	d=$(mktemp)
	git diff >"$d"
	sed -i '/^+[[:space:]]*$/d' "$d"
	git checkout -q -- .
	git apply --recount "$d"
	rm -f "$d"
fi
echo "== left for hand-fixing:"
if [ "$step" = 3 ]; then
	git grep -nwE 'fdget|fdget_raw|fdget_pos|fdput|fdput_pos' -- '*.c' ':!tools' ':!fs/file.c' || true
elif [ "$step" = 1 ]; then
	# .file members that remain; struct fd ones among them need a hand fix
	# shellcheck disable=SC2086
	git grep -nP '\b\w+(\.|->)file\b' -- $files || true
else
	git grep -nP '!\s*fd_file\(|fd_file\([^()]*\)\s*(==|!=)\s*NULL|(if|while)\s*\(\s*fd_file\([^()]*\)\s*\)' \
		-- '*.c' '*.h' || true
fi
