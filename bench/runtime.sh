#!/usr/bin/env bash
# runtime.sh OUTDIR ROUNDS [FDBENCH_ARGS...]
# Boot the baseline and the patched kernel alternately, ROUNDS times each
# (order ABBA...: base first in odd rounds, patched first in even ones),
# with the same QEMU settings, running out/bench/fdbench in each boot.
# Console logs: OUTDIR/{base,patched}-ROUND.log; OUTDIR/clock names the clock.
#
# BENCH_CLOCK=icount (default): QEMU counts instructions (vm-run --qemu-arg -icount),
#   guest time is virtual, 1 ns per instruction: deterministic, blind to the
#   host's load (and to what an instruction costs on real hardware); the two
#   boots of a round run at the same time.
# BENCH_CLOCK=wall: real time, rdtsc at the host's TSC rate (TCG's rdtsc is
#   the host's TSC); noisy on a shared host.
# The guest's own clock is no use either way: the lean kernel finds no TSC
# reference under TCG and runs on 4 ms jiffies.
# BENCH_BASE_IMAGE / BENCH_PATCHED_IMAGE override the kernels (e.g. the same
# one twice: an A/A run shows the noise floor).
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

[ $# -ge 2 ] || die "usage: $0 OUTDIR ROUNDS [FDBENCH_ARGS...]"
out=$1 rounds=$2
shift 2
bench=$FDSAFE_TOP/bench
prog=$FDSAFE_TOP/out/bench/fdbench
[ -x "$prog" ] || die "$prog not built"
declare -A image=([base]=${BENCH_BASE_IMAGE:-$FDSAFE_TOP/out/bzImage.base}
	[patched]=${BENCH_PATCHED_IMAGE:-$FDSAFE_TOP/out/bzImage})
for k in base patched; do [ -r "${image[$k]}" ] || die "${image[$k]} not found (make kernel)"; done
rm -rf "$out"
mkdir -p "$out"

clock=${BENCH_CLOCK:-icount}
case $clock in
icount)
	# Guest time is virtual: 1 ns per guest instruction, idle time
	# skipped, the same on a loaded host as on an idle one.
	qargs=(--qemu-arg -icount --qemu-arg shift=0,sleep=on)
	khz=1000000 ;;
wall)
	qargs=()
	cc -O2 -o "$out/tsc-khz" "$bench/tsc-khz.c"
	khz=$("$out/tsc-khz") ;;
*) die "BENCH_CLOCK=$clock: icount or wall" ;;
esac
echo "$clock" >"$out/clock"

boot() { # KERNEL ROUND FDBENCH_ARGS...
	local k=$1 r=$2 t0=$SECONDS
	shift 2
	# shellcheck disable=SC2086 # BENCH_VMRUN_ARGS: options, split on purpose
	"$FDSAFE_TOP/tools/vm-run" ${BENCH_VMRUN_ARGS:-} "${qargs[@]}" --kernel "${image[$k]}" \
		--timeout 1800 --log "$out/$k-$r.log" -- "$prog" -k "$khz" "$@" >/dev/null ||
		die "fdbench failed on the $k kernel (round $r): $out/$k-$r.log"
	log "round $r/$rounds: $k kernel done ($((SECONDS - t0)) s)"
}
for r in $(seq 1 "$rounds"); do
	order=(base patched)
	[ $((r % 2)) -eq 1 ] || order=(patched base)
	if [ "$clock" = icount ]; then
		# Virtual time does not see the host's load: boot both at once.
		boot "${order[0]}" "$r" "$@" & pid=$!
		boot "${order[1]}" "$r" "$@" || { wait $pid; exit 1; }
		wait $pid
	else
		for k in "${order[@]}"; do boot "$k" "$r" "$@"; done
	fi
done
