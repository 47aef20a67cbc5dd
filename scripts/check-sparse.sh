#!/usr/bin/env bash
# check-sparse.sh: sparse (make C=2, Debian's sparse) on every lean-config
# object the series touches, in the pristine tree and in the patched tree;
# the patched tree must add no warning.  Warnings are compared with the
# tree prefix and the line:column dropped (moved code does not count), as
# a multiset per file (one more instance of a text in a file counts).
# TAP: one line per touched lean-config .c file, one for the warnings in
# other files (headers).  Build folders $FDSAFE_CACHE/sparse-{base,patched}
# are configured by build-kernel.sh (lean config); a tree's warnings are
# cached by its commit, the object list, lean.config and the sparse version.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

base=$(pristine_tree)
wt=$FDSAFE_CACHE/patched
results=$FDSAFE_CACHE/sparse-results
command -v sparse >/dev/null || die "sparse is not installed (scripts/deps.sh installs it)"
for t in "$base" "$wt"; do
	git -C "$t" rev-parse -q --verify HEAD >/dev/null || die "$t is not a git tree (make apply)"
done
# The kernels' own build folders tell which objects the lean config builds.
for r in build-base build-patched; do
	[ -f "$FDSAFE_CACHE/$r/vmlinux" ] || die "$FDSAFE_CACHE/$r has no vmlinux: build the kernels first"
done
mapfile -t touched < <(git -C "$wt" diff --name-only pristine HEAD -- '*.c')
mkdir -p "$results"

# warnings SRC BUILD REF: name of a file holding SRC's normalised warnings
# ("file: text") for the touched objects that REF has; next to it, .built
# lists their .c files.
warnings() {
	local src=$1 build=$2 ref=$3 f c objs=()
	for c in "${touched[@]}"; do
		[ ! -f "$ref/${c%.c}.o" ] || objs+=("${c%.c}.o")
	done
	f=$results/$(git -C "$src" rev-parse HEAD)-$({ printf '%s\n' "${objs[@]}"
		cat "$FDSAFE_TOP/configs/lean.config"; sparse --version; } | md5sum | cut -c1-12)
	# a tree with uncommitted changes is checked every time
	[ -z "$(git -C "$src" status --porcelain --untracked-files=no)" ] || f=$f-dirty
	if [ -f "$f" ] && [ "${f%-dirty}" = "$f" ]; then
		echo "$f"
		return
	fi
	for c in "${objs[@]}"; do echo "${c%.o}.c"; done >"$f.built"
	if [ ${#objs[@]} -gt 0 ]; then
		# Compile first, so the C=2 pass prints sparse's output only.
		"$FDSAFE_TOP/scripts/build-kernel.sh" "$src" "$build" "${objs[@]}" >"$f.log" 2>&1 ||
			{ grep -E 'error|Error' "$f.log" | head -20 | sed 's/^/# /' >&2; die "objects do not build in $src"; }
		"$FDSAFE_TOP/scripts/build-kernel.sh" "$src" "$build" C=2 "${objs[@]}" >"$f.log" 2>&1 ||
			die "make C=2 failed in $src (see $f.log)"
	fi
	sed -nE -e "s#^($src|\.\./$(basename "$src")|\.\.)/##" \
		-e 's#^([^ :]+):[0-9]+:[0-9]+: (.*[^[:space:]])[[:space:]]*$#\1: \2#p' "$f.log" | sort >"$f.tmp"
	mv "$f.tmp" "$f"
	echo "$f"
}

t0=$SECONDS
wb=$(warnings "$base" "$FDSAFE_CACHE/sparse-base" "$FDSAFE_CACHE/build-base")
wp=$(warnings "$wt" "$FDSAFE_CACHE/sparse-patched" "$FDSAFE_CACHE/build-patched")
# (gcc's own warnings, "[-W...]", are not sparse's: a recompiled object shows them)
sp() { grep -v ' \[-W[^]]*\]$' "$1" || true; }
new=$(comm -13 <(sp "$wb") <(sp "$wp"))
mapfile -t files <"$wp.built"
echo "# sparse $(sparse --version): ${#files[@]} of ${#touched[@]} touched .c files in the lean config;" \
	"$(wc -l <"$wb") warnings baseline, $(wc -l <"$wp") patched; $((SECONDS - t0)) s"
report() { # NAME LINES
	local n l
	n=$(grep -c . <<<"$2" || true)
	if [ "$n" -eq 0 ]; then
		echo "ok - sparse $1: no new warning"
	else
		mapfile -t l <<<"$2"
		printf '# new: %s\n' "${l[@]}"
		echo "not ok - sparse $1: $n new warning line(s)"
	fi
}
for f in "${files[@]}"; do
	report "$f" "$(awk -v f="$f: " 'index($0, f) == 1' <<<"$new")"
done
report "other files (headers)" "$(awk 'FILENAME != "-" { c[$0 ":"]; next } !($1 in c)' "$wp.built" - <<<"$new")"
