#!/usr/bin/env bash
# run-suite.sh KERNEL RESULTS [TEST...]
# Boot KERNEL once with every guest test program (default: all of
# out/tests/), and write one line per test case to RESULTS:
#   <program>.<case> ok|fail|skip
# The console log goes to RESULTS.log.  Exits non-zero if the VM run failed
# (panic, hang, kernel report) -- not for test failures, which the results
# file records.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 2 ] || die "usage: $0 KERNEL RESULTS [TEST...]"
kernel=$1 results=$2
shift 2
tdir=$FDSAFE_TOP/out/tests
[ $# -gt 0 ] || set -- $(cd "$tdir" && ls)
[ $# -gt 0 ] || die "no test programs in $tdir (make tests)"
adds=()
for t in "$@"; do adds+=(--add "$tdir/$t"); done
mkdir -p "$(dirname "$results")"

vmrc=0
"$FDSAFE_TOP/tools/vm-run" --kernel "$kernel" --timeout "${VM_TIMEOUT:-900}" \
	--log "$results.log" "${adds[@]}" \
	-- "$FDSAFE_TOP/tests/guest/suite.sh" "$@" >/dev/null || vmrc=$?
# TAP lines inside each program's frame become results.
tr -d '\r' <"$results.log" | awk '
	/^# fdsafe-begin: / { prog = $3; next }
	/^# fdsafe-end: / { if ($4 != "rc=0" && !failed[prog]) print prog ".(exit) fail"; prog = ""; next }
	prog != "" && /^(not )?ok [0-9]+ / {
		ok = ($1 == "ok"); sub(/^(not )?ok [0-9]+ /, "")
		st = ok ? "ok" : "fail"
		if ($0 ~ /# SKIP/) st = "skip"
		sub(/ *#.*/, ""); print prog "." $0 " " st
		if (st == "fail") failed[prog] = 1
	}' | sort >"$results"
[ "$vmrc" -eq 0 ] || [ "$vmrc" -eq 1 ] ||
	die "VM run on $kernel failed (rc $vmrc), see $results.log"
