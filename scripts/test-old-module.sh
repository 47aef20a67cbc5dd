#!/usr/bin/env bash
# test-old-module.sh: a module built against the *unpatched* tree's
# headers (tests/module/fdold.c: 6.1's inline fdget()/fdput() on top of
# the exported __fdget()) is loaded into each kernel by
# tests/module/fdold_load.c, which makes it check fdget()/fdput() on a
# good and a bad descriptor, in a private and a shared descriptor table.
# One TAP line per guest test and kernel.  Needs the kernels of
# make-kernels.sh (build-base has Module.symvers).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

bbuild=$FDSAFE_CACHE/build-base
out=$FDSAFE_TOP/out/module
[ -s "$bbuild/Module.symvers" ] || die "$bbuild/Module.symvers missing: build the kernels first"
mkdir -p "$out"
cp "$FDSAFE_TOP"/tests/module/{fdold.c,Kbuild} "$out/"
make -s -C "$bbuild" M="$out" modules >"$out/build.log" 2>&1 ||
	{ cat "$out/build.log" >&2; die "fdold.ko does not build against the baseline headers"; }
gcc -O2 -Wall -static -pthread -D_GNU_SOURCE -I"$(pristine_tree)/tools/testing/selftests" \
	-o "$out/fdold_load" "$FDSAFE_TOP/tests/module/fdold_load.c" ||
	die "fdold_load does not build"

for k in base patched; do
	kernel=$FDSAFE_TOP/out/bzImage
	[ $k = patched ] || kernel=$FDSAFE_TOP/out/bzImage.base
	rc=0
	"$FDSAFE_TOP/tools/vm-run" --kernel "$kernel" --timeout 300 --log "$out/$k.log" \
		--add "$out/fdold.ko" -- "$out/fdold_load" >/dev/null || rc=$?
	tr -d '\r' <"$out/$k.log" |
		sed -nE "s/^(not )?ok [0-9]+ (.*)/\\1ok - old module on $k kernel: \\2/p"
	grep -a 'fdold: ' "$out/$k.log" | tr -d '\r' | sed 's/^/# /'
	[ "$rc" -eq 0 ] || echo "not ok - old module on $k kernel: vm-run exited $rc (see $out/$k.log)"
done
