#!/usr/bin/env bash
# run-stress.sh short|full [PATCHED BASE]
# Boot the patched and the baseline kernel with the tests/stress programs
# (fail-nth walk, fd-table race) on STRESS_SMP vCPUs (multi-threaded TCG
# when > 1) and print one TAP line per test and per boot.
#   short  a few points per call and a short race (make test); kernels
#          default to out/bzImage and out/bzImage.base (lean config: no
#          ACPI, so one CPU whatever -smp says; STRESS_SMP default 1)
#   full   whole walks and >= 1,000,000 race calls (make stress); first
#          builds the stress kernels (lean + configs/stress.config) into
#          $FDSAFE_CACHE/build-stress-{base,patched} -> out/bzImage.stress{,.base}
#          (STRESS_SMP default 2)
# Each kernel boots once with the programs; full: then once more with the
# bugfix_* walk families on their own.  Patched: any failure or kernel
# report fails.
# Baseline: the bugfix_* families must fail (the bug the series fixes
# shows; so may a kernel report in that boot), everything else must pass.
# Exits non-zero if any line is "not ok".  Logs: out/results/stress-*.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

mode=${1:-}
case $mode in
short) fargs="-n 6" rargs="-n 30000 -t 30" smp=${STRESS_SMP:-1} ;;
full) fargs="-k" rargs="-k -n 1000000 -t 900" smp=${STRESS_SMP:-2} ;;
*) die "usage: $0 short|full [PATCHED BASE]" ;;
esac
out=$FDSAFE_TOP/out
tdir=$out/stress
res=$out/results

if [ $# -ge 3 ]; then
	patched=$2 base=$3
elif [ "$mode" = full ]; then
	patched=$out/bzImage.stress base=$out/bzImage.stress.base
	mkdir -p "$out"
	for k in base patched; do
		src=$(pristine_tree)
		[ $k = base ] || src=$FDSAFE_CACHE/patched
		img=$out/bzImage.stress
		[ $k = patched ] || img=$img.base
		log "building the $k stress kernel"
		t0=$SECONDS
		nice -n 10 "$FDSAFE_TOP/scripts/build-kernel.sh" --extra \
			"$FDSAFE_TOP/configs/stress.config" "$src" \
			"$FDSAFE_CACHE/build-stress-$k" bzImage ||
			die "$k stress kernel build failed"
		cp "$FDSAFE_CACHE/build-stress-$k/arch/x86/boot/bzImage" "$img"
		log "$k stress kernel: $img ($((SECONDS - t0)) s)"
	done
else
	patched=$out/bzImage base=$out/bzImage.base
fi
for f in "$patched" "$base"; do
	[ -f "$f" ] || die "kernel $f missing (make kernel)"
done
make -s -C "$FDSAFE_TOP/tests/stress" KSRC="$(pristine_tree)" OUT="$tdir" ||
	die "tests/stress programs do not build"

mkdir -p "$res"

nfail=0
tap() { # OK(0/1) TEXT
	if [ "$1" -eq 1 ]; then echo "ok - $2"; else echo "not ok - $2"; nfail=$((nfail + 1)); fi
}

# boot LABEL KERNEL LOG BUGFIX_BOOT CMD...: one VM run; TAP lines for its
# tests (the harness's, inside the fdsafe-begin/end frames) and the boot.
boot() {
	local label=$1 kernel=$2 log=$3 bugfix=$4 adds=() rc=0 t0=$SECONDS why
	shift 4
	for p in failnth race; do adds+=(--add "$tdir/$p"); done
	nice -n 10 "$FDSAFE_TOP/tools/vm-run" --kernel "$kernel" --timeout \
		"${STRESS_TIMEOUT:-3600}" --log "$log" "${adds[@]}" \
		--smp "$smp" \
		-- "$FDSAFE_TOP/tests/stress/stress.sh" "$@" >/dev/null 2>"$log.err" || rc=$?
	echo "# stress $label boot ($*): $((SECONDS - t0)) s, vm-run rc $rc"
	# per-test lines; on the baseline a bugfix_ test must fail
	tr -d '\r' <"$log" | awk -v label="$label" -v inv="$([ "$label" = baseline ] && echo 1 || echo 0)" '
		/^# fdsafe-begin: / { prog = $3; next }
		/^# fdsafe-end: / {
			if ($4 != "rc=0" && !failed[prog])
				print "not ok - stress " label ": " prog " exited " $4 " without a failed test"
			prog = ""; next
		}
		prog != "" && /^# (FAIL|walked|family|race:|file-nr)/ { print; next }
		prog != "" && /^(not )?ok [0-9]+ / {
			ok = ($1 == "ok"); sub(/^(not )?ok [0-9]+ /, "")
			if ($0 ~ /# SKIP/) next
			name = $0; sub(/ *#.*/, "", name)
			if (!ok)
				failed[prog] = 1
			if (inv && name ~ /bugfix_/)
				print (ok ? "not ok" : "ok") " - stress " label ": " prog "." name " fails (the bug the series fixes shows)"
			else
				print (ok ? "ok" : "not ok") " - stress " label ": " prog "." name
		}' >"$log.tap"
	cat "$log.tap"
	nfail=$((nfail + $(grep -c '^not ok' "$log.tap" || true)))
	grep -q '^ok' "$log.tap" || tap 0 "stress $label: no test results in $log"
	why=$(grep -a 'vm-run: FAIL' "$log.err" | head -n1 || true)
	case $rc in
	0 | 1) tap 1 "stress $label boot ($*): no kernel report" ;;
	125) if [ "$label" = baseline ] && [ "$bugfix" = 1 ] &&
		grep -aq '^VMRUN-EXIT=' "$log"; then
			tap 1 "stress $label boot ($*): kernel report (the bug the bugfix_ walk shows): ${why#vm-run: FAIL: }"
		else
			tap 0 "stress $label boot ($*): ${why#vm-run: FAIL: } (see $log)"
			grep -aA3 'vm-run: FAIL' "$log.err" | sed 's/^/# /' | head -n 20
		fi ;;
	*) tap 0 "stress $label boot ($*): vm-run rc $rc (see $log)" ;;
	esac
}

for k in patched baseline; do
	kernel=$patched
	[ $k = patched ] || kernel=$base
	boot $k "$kernel" "$res/stress-$mode-$k.log" 0 "failnth $fargs" "race $rargs"
	[ "$mode" = short ] ||
		boot $k "$kernel" "$res/stress-$mode-$k.bugfix.log" 1 "failnth -b $fargs"
done
[ "$nfail" -eq 0 ]
