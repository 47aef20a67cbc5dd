#!/usr/bin/env bash
# test-vm-run.sh KERNEL: vm-run's own tests, one TAP line each: a program's
# exit status comes out, a panic and a hang are failures with a reason.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
k=$1 h=$FDSAFE_TOP/tests/harness
check() { # NAME WANT_RC WANT_MSG TIMEOUT SCRIPT
	local rc=0 out
	out=$("$FDSAFE_TOP/tools/vm-run" --kernel "$k" --timeout "$4" -- "$h/$5" 2>&1) || rc=$?
	if [ "$rc" -eq "$2" ] && grep -q "$3" <<<"$out"; then
		echo "ok - vm-run: $1"
	else
		echo "$out" | tail -5 | sed 's/^/# /'
		echo "not ok - vm-run: $1 # exit $rc, want $2 and '$3'"
	fi
}
check "program exit status is returned" 3 "VMRUN-EXIT=3" 300 exit3.sh
check "guest panic fails the run" 125 "panicked" 300 panic.sh
check "guest hang is stopped by the timeout" 125 "hung" 90 hang.sh
