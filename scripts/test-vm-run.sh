#!/usr/bin/env bash
# test-vm-run.sh KERNEL [MODDIR]: vm-run's own tests, one TAP line each: a
# program's exit status comes out, a panic and a hang are failures with a
# reason, a dynamic program and a script's interpreter come along.  With
# MODDIR (KERNEL's lib/modules/RELEASE, a kernel with ACPI), --module and
# --smp tests.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -ge 1 ] || die "usage: $0 KERNEL [MODDIR]"
k=$1 h=$FDSAFE_TOP/tests/harness
check() { # NAME WANT_RC WANT_MSG TIMEOUT VM-RUN-ARGS...
	local name=$1 want=$2 msg=$3 t=$4 rc=0
	shift 4
	out=$("$FDSAFE_TOP/tools/vm-run" --kernel "$k" --timeout "$t" "$@" 2>&1) || rc=$?
	if [ "$rc" -eq "$want" ] && grep -q -- "$msg" <<<"$out"; then
		echo "ok - vm-run: $name"
	else
		echo "$out" | tail -5 | sed 's/^/# /'
		echo "not ok - vm-run: $name # exit $rc, want $want and '$msg'"
	fi
}
if [ $# -eq 2 ]; then
	# (The lean kernel has no ACPI/MP table: it sees one CPU whatever QEMU has.)
	check "--smp 2 gives two vCPUs" 0 "vcpus=2" 120 --smp 2 -- "$h/bash.sh"
	check "--module loads a module after its dependencies" 0 "^fat .* vfat" 120 \
		--modules "$2" --module vfat -- "$h/lsmod.sh"
	check "--module of a missing module is an error" 125 "module no_such_mod not found" 120 \
		--modules "$2" --module no_such_mod -- "$h/exit3.sh"
	exit
fi
check "program exit status is returned" 3 "VMRUN-EXIT=3" 300 -- "$h/exit3.sh"
check "guest panic fails the run" 125 "panicked" 300 -- "$h/panic.sh"
check "guest hang is stopped by the timeout" 125 "hung" 90 -- "$h/hang.sh"
# One boot for two: a bash script (not in busybox) runs GNU ls (dynamic).
check "script brings its #! interpreter" 0 "bash 5" 300 \
	--add "$(command -v ls)" -- "$h/bash.sh"
if grep -q "GNU coreutils" <<<"$out"; then echo "ok - vm-run: dynamic program runs with its libraries"
else echo "not ok - vm-run: dynamic program runs with its libraries # no GNU ls output"; fi
