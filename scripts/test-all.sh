#!/usr/bin/env bash
# test-all.sh: the project's whole test run (make test).  Applies the
# series, checks every patch (checkpatch, builds alone), builds both
# kernels, runs the guest suite on both and compares, runs the auditor's
# own tests.  Prints TAP lines and ends with "N passed, N failed".
set -euo pipefail
. "$(dirname "$0")/lib.sh"
S=$FDSAFE_TOP/scripts
R=$FDSAFE_TOP/out/results
pass=0 fail=0 skip=0 times=()

finish() {
	printf '# time: %s\n' "${times[@]}"
	echo "# total: $SECONDS s"
	echo "$pass passed, $fail failed, $skip skipped"
	[ "$fail" -eq 0 ]
	exit
}
# Count and echo the TAP lines of a checker's output.
tally() {
	local line
	while IFS= read -r line; do
		echo "$line"
		case $line in
		"not ok"*) fail=$((fail + 1)) ;;
		"ok"*"# SKIP"*) skip=$((skip + 1)) ;;
		"ok"*) pass=$((pass + 1)) ;;
		esac
	done
}
# step NAME CMD...: one TAP line for a command that must succeed; a failed
# step that later steps depend on ends the run.
step() {
	local name=$1 t0=$SECONDS
	shift
	if "$@"; then
		times+=("$((SECONDS - t0)) s  $name")
		tally <<<"ok - $name ($((SECONDS - t0)) s)"
	else
		tally <<<"not ok - $name # failed, see messages above"
		return 1
	fi
}

# quiet CMD...: CMD with its standard output dropped (its TAP-less chatter)
quiet() {
	"$@" >/dev/null
}

# checker NAME CMD...: tally a command's TAP lines; its failing exit counts.
checker() {
	local name=$1 t0=$SECONDS
	shift
	tally < <("$@" 2>&1 || echo "not ok - $name exited non-zero")
	times+=("$((SECONDS - t0)) s  $name")
	echo "# $name: $((SECONDS - t0)) s"
}

step "series applies to pristine linux-source-$KVER" quiet "$S/apply-series.sh" || finish
step "kernels build (baseline and patched)" "$S/make-kernels.sh" patched base || finish
checker "series checks" "$S/check-series.sh"
checker "checkpatch PREFER_CLASS_FD" "$S/test-checkpatch-fd.sh"
checker "quilt" "$S/check-quilt.sh"
checker "module ABI" "$S/check-abi.sh"
checker "sparse" "$S/check-sparse.sh"
checker "vm-run self-tests" "$S/test-vm-run.sh" "$FDSAFE_TOP/out/bzImage"
checker "old module" "$S/test-old-module.sh"
step "guest tests build" make -s -C "$FDSAFE_TOP/tests/guest" \
	KSRC="$(pristine_tree)" OUT="$FDSAFE_TOP/out/tests" || finish
rm -rf "$R"
vm_ok=1
step "guest suite runs on baseline kernel" "$S/run-suite.sh" --baseline "$FDSAFE_TOP/out/bzImage.base" "$R/base" || vm_ok=0
step "guest suite runs on patched kernel" "$S/run-suite.sh" "$FDSAFE_TOP/out/bzImage" "$R/patched" || vm_ok=0
[ "$vm_ok" -eq 0 ] || checker "result comparison" "$S/compare-results.sh" "$R/base" "$R/patched"
[ "$vm_ok" -eq 0 ] || checker "Debian's binary kernel" "$S/debian-suite.sh" "$R/base" "$R/debian"
[ "$vm_ok" -eq 0 ] || checker "stress (short)" "$S/run-stress.sh" short
[ ! -x "$FDSAFE_TOP/audit/tests/run" ] || checker "audit tests" "$FDSAFE_TOP/audit/tests/run"
finish
