#!/usr/bin/env bash
# check-abi.sh: the series keeps 6.1's module ABI.  TAP lines:
#  - Module.symvers of the baseline and the patched build (vmlinux's and
#    the modules' exports; make-kernels.sh builds "bzImage modules" in
#    one make, so 6.1's modpost writes Module.symvers, never
#    vmlinux.symvers) with CONFIG_MODVERSIONS: no symbol removed, no
#    symbol version (CRC)
#    changed; added symbols are listed, not counted against it;
#  - source scan of both trees: no function the baseline exports (any
#    config, any arch) takes or returns a struct fd, before or after
#    (new exports such as fdget() may).
# Since struct fd's definition changes, an unchanged CRC also proves that
# no exported symbol of the built config reaches struct fd indirectly.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

base=$FDSAFE_CACHE/build-base/Module.symvers
patched=$FDSAFE_CACHE/build-patched/Module.symvers
for f in "$base" "$patched"; do
	[ -s "$f" ] || die "$f missing: build the kernels (CONFIG_MODVERSIONS=y) first"
done
grep -q '^0x0*[1-9a-f]' "$base" || die "$base has no CRCs: CONFIG_MODVERSIONS is off"

# symvers lines: CRC <tab> symbol <tab> module <tab> export type ...
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for k in base patched; do
	f=$base
	[ $k = base ] || f=$patched
	awk -F'\t' '{ print $2 "\t" $1 "\t" $4 }' "$f" | sort >"$tmp/$k"
done
join -t$'\t' -v1 "$tmp/base" "$tmp/patched" >"$tmp/removed"
join -t$'\t' -v2 "$tmp/base" "$tmp/patched" >"$tmp/added"
join -t$'\t' "$tmp/base" "$tmp/patched" | awk -F'\t' '$2 != $4 || $3 != $5' >"$tmp/changed"
nbase=$(wc -l <"$tmp/base")
sed 's/^/# added: /' "$tmp/added"
report() { # FILE WHAT
	local n
	n=$(wc -l <"$1")
	if [ "$n" -eq 0 ]; then
		echo "ok - symvers: no symbol $2 ($nbase exported by the baseline)"
	else
		sed "s/^/# $2: /" "$1"
		echo "not ok - symvers: $n symbols $2 (list above)"
	fi
}
report "$tmp/removed" removed
report "$tmp/changed" "changed (CRC or export type)"

# Exported functions whose prototype mentions struct fd, per tree.
scan() { # TREE
	(cd "$1" && git grep -lE 'struct fd([^_a-z0-9]|$)' -- '*.c' | xargs grep -l EXPORT_SYMBOL) |
		python3 -c '
import re, sys, os
tree = sys.argv[1]
for path in sys.stdin.read().split():
    s = open(os.path.join(tree, path), errors="replace").read()
    for sym in set(re.findall(r"EXPORT_SYMBOL\w*\(\s*(\w+)\s*[,)]", s)):
        m = re.search(r"(^|[;}]\s*)([^;{}#]*\b" + sym + r"\s*\([^;{]*\))\s*\{", s, re.M)
        if m and re.search(r"\bstruct\s+fd\b(?!_)", m.group(2)):
            print(sym, path)
' "$1" | sort
}
# Every name the baseline source exports, whatever the config or arch.
exported=$(cd "$(pristine_tree)" && git grep -ohE 'EXPORT_SYMBOL\w*\(\s*\w+' -- '*.c' |
	sed 's/.*(\s*//' | sort -u)
for t in "$(pristine_tree)" "$FDSAFE_CACHE/patched"; do
	bad=$(scan "$t" | while read -r sym path; do
		grep -qxF "$sym" <<<"$exported" && echo "$sym ($path)"; done; true)
	if [ -z "$bad" ]; then
		echo "ok - no baseline export takes or returns struct fd in $(basename "$t") ($(wc -l <<<"$exported") names)"
	else
		sed 's/^/# /' <<<"$bad"
		echo "not ok - baseline exports with struct fd in their prototype in $(basename "$t")"
	fi
done
