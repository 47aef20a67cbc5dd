#!/usr/bin/env bash
# run-suite.sh [--baseline] [--vm-arg ARG]... [--tests DIR] KERNEL RESULTS [TEST...]
# Boot KERNEL with the guest test programs (default: one per
# tests/guest/*.c, built into out/tests/) and
# write one line per test case to RESULTS:
#   <program>.<case> ok|fail|skip
# Console logs go to RESULTS.log (and RESULTS.bugfix.log).  Programs named
# bugfix_* show a bug the series fixes and boot on their own; with
# --baseline (the unpatched kernel) a kernel report in that boot, such as
# kmemleak finding the very leak the program shows, is the bug and not a
# failure of the run.  Exits non-zero if a VM run failed (panic, hang,
# kernel report) -- not for test failures, which RESULTS records.
# --vm-arg passes one more argument to tools/vm-run (e.g. --module overlay);
# --tests DIR takes the programs from DIR instead of out/tests/.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

baseline=0 vmargs=() tdir=$FDSAFE_TOP/out/tests
while [ $# -gt 0 ]; do
	case $1 in
	--baseline) baseline=1; shift ;;
	--vm-arg) vmargs+=("$2"); shift 2 ;;
	--tests) tdir=$2; shift 2 ;;
	*) break ;;
	esac
done
[ $# -ge 2 ] || die "usage: $0 [--baseline] [--vm-arg ARG]... [--tests DIR] KERNEL RESULTS [TEST...]"
kernel=$1 results=$2
shift 2
[ $# -gt 0 ] || set -- $(cd "$FDSAFE_TOP/tests/guest" && ls -- *.c | sed 's/\.c$//')
for t in "$@"; do
	[ -x "$tdir/$t" ] || die "test program $tdir/$t missing (make tests)"
done
normal=() bugfix=()
for t in "$@"; do
	case $t in bugfix_*) bugfix+=("$t") ;; *) normal+=("$t") ;; esac
done
mkdir -p "$(dirname "$results")"

boot() { # LOG TOLERATE_REPORTS PROGRAM...
	local log=$1 tol=$2 adds=() vmrc=0
	shift 2
	for t in "$@"; do adds+=(--add "$tdir/$t"); done
	"$FDSAFE_TOP/tools/vm-run" --kernel "$kernel" --timeout "${VM_TIMEOUT:-900}" \
		--log "$log" "${adds[@]}" "${vmargs[@]}" \
		-- "$FDSAFE_TOP/tests/guest/suite.sh" "$@" >/dev/null || vmrc=$?
	case $vmrc in
	0|1) ;;
	125) [ "$tol" -eq 1 ] && grep -aq '^VMRUN-EXIT=' "$log" ||
		die "VM run on $kernel failed, see $log"
		log "the kernel report above is the bug the bugfix_* tests show (expected on the baseline)" ;;
	*) die "VM run on $kernel failed (rc $vmrc), see $log" ;;
	esac
}
logs=()
[ ${#normal[@]} -eq 0 ] || { boot "$results.log" 0 "${normal[@]}"; logs+=("$results.log"); }
[ ${#bugfix[@]} -eq 0 ] || { boot "$results.bugfix.log" "$baseline" "${bugfix[@]}"; logs+=("$results.bugfix.log"); }
# TAP lines inside each program's frame become results; a skip's TAP line
# has no case name (the RUN line before it has), its reason goes to
# RESULTS.skips.
rm -f "$results.skips"
cat "${logs[@]}" | tr -d '\r' | awk -v skips="$results.skips" '
	/^# fdsafe-begin: / { prog = $3; next }
	/^# fdsafe-end: / { if ($4 != "rc=0" && !failed[prog]) print prog ".(exit) fail"; prog = ""; next }
	/^#  RUN / { run = $3 }
	prog != "" && /^(not )?ok [0-9]+ / {
		ok = ($1 == "ok"); sub(/^(not )?ok [0-9]+ /, "")
		st = ok ? "ok" : "fail"
		if ($0 ~ /# SKIP/) st = "skip"
		why = $0; sub(/^[^#]*# SKIP */, "", why)
		sub(/ *#.*/, ""); if ($0 == "") $0 = run
		print prog "." $0 " " st
		if (st == "skip") print prog "." $0 " " why >skips
		if (st == "fail") failed[prog] = 1
	}' | sort >"$results"
