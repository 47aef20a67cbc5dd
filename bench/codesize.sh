#!/usr/bin/env bash
# codesize.sh BASE_BUILD PATCHED_BUILD OUTDIR
# bloat-o-meter of the two vmlinux files (all symbols, and text only), their
# `size`, and bloat-o-meter -t of every kernel object file that differs:
#   OUTDIR/vmlinux.bloat  OUTDIR/vmlinux-text.bloat  OUTDIR/size.txt
#   OUTDIR/objects/PATH.bloat
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

[ $# -eq 3 ] || die "usage: $0 BASE_BUILD PATCHED_BUILD OUTDIR"
base=$1 patched=$2 out=$3
bloat=$(pristine_tree)/scripts/bloat-o-meter
[ -x "$bloat" ] || die "$bloat not found (make source)"
for b in "$base" "$patched"; do
	[ -f "$b/vmlinux" ] || die "$b/vmlinux not found (make kernel)"
done
rm -rf "$out"
mkdir -p "$out/objects"

"$bloat" "$base/vmlinux" "$patched/vmlinux" >"$out/vmlinux.bloat"
"$bloat" -t "$base/vmlinux" "$patched/vmlinux" >"$out/vmlinux-text.bloat"
size "$base/vmlinux" "$patched/vmlinux" >"$out/size.txt"

# Objects linked into the kernel: not host tools, not the boot stub, not
# the big intermediate link.
n=0
while IFS= read -r o; do
	[ -f "$patched/$o" ] && ! cmp -s "$base/$o" "$patched/$o" || continue
	mkdir -p "$out/objects/$(dirname "$o")"
	"$bloat" -t "$base/$o" "$patched/$o" >"$out/objects/$o.bloat"
	n=$((n + 1))
done < <(cd "$base" && find . -name '*.o' ! -name 'vmlinux.o' ! -name '*.mod.o' \
	! -name '.tmp_*' ! -path './scripts/*' ! -path './tools/*' \
	! -path './arch/x86/boot/*' ! -path './arch/x86/realmode/*' -printf '%P\n' | sort)
log "code size: $n object files differ ($out)"
