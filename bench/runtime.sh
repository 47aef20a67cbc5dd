#!/usr/bin/env bash
# runtime.sh OUTDIR ROUNDS [FDBENCH_ARGS...]
# Boot the baseline and the patched kernel alternately, ROUNDS times each
# (order ABBA...: base first in odd rounds, patched first in even ones),
# with the same QEMU settings, running out/bench/fdbench in each boot.
# Console logs: OUTDIR/{base,patched}-ROUND.log
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

[ $# -ge 2 ] || die "usage: $0 OUTDIR ROUNDS [FDBENCH_ARGS...]"
out=$1 rounds=$2
shift 2
prog=$FDSAFE_TOP/out/bench/fdbench
[ -x "$prog" ] || die "$prog not built"
# BENCH_BASE_IMAGE / BENCH_PATCHED_IMAGE override the kernels (e.g. the same
# one twice: an A/A run shows the noise floor).
declare -A image=([base]=${BENCH_BASE_IMAGE:-$FDSAFE_TOP/out/bzImage.base}
	[patched]=${BENCH_PATCHED_IMAGE:-$FDSAFE_TOP/out/bzImage})
for k in base patched; do [ -r "${image[$k]}" ] || die "${image[$k]} not found (make kernel)"; done
rm -rf "$out"
mkdir -p "$out"

for r in $(seq 1 "$rounds"); do
	order=(base patched)
	[ $((r % 2)) -eq 1 ] || order=(patched base)
	for k in "${order[@]}"; do
		t0=$SECONDS
		"$FDSAFE_TOP/tools/vm-run" ${BENCH_VMRUN_ARGS:-} --kernel "${image[$k]}" \
			--timeout 1200 --log "$out/$k-$r.log" -- "$prog" "$@" >/dev/null ||
			die "fdbench failed on the $k kernel (round $r): $out/$k-$r.log"
		log "round $r/$rounds: $k kernel done ($((SECONDS - t0)) s)"
	done
done
