#!/usr/bin/env bash
# debian-suite.sh BASE RESULTS: the guest suite on Debian's binary kernel of
# our source (linux-image-*-$DEB_FLAVOUR, debian-lib.sh: downloaded, never
# installed), with the modules the tests need ($DEBIAN_MODULES) loaded from
# that package, compared test by test with the lean baseline's results BASE
# (compare-results.sh --baselines).  TAP lines: vm-run's --module tests on
# that kernel, the suite run, one line per test case.
set -euo pipefail
. "$(dirname "$0")/debian-lib.sh"
[ $# -eq 2 ] || die "usage: $0 BASE RESULTS"
[ -s "$1" ] || die "$1: no baseline results"
debian_select
bin=$(debian_binary)
kernel=$bin/boot/vmlinuz-$DEB_RELEASE moddir=$bin/lib/modules/$DEB_RELEASE
"$FDSAFE_TOP/scripts/test-vm-run.sh" "$kernel" "$moddir"
vmargs=(--vm-arg --modules --vm-arg "$moddir")
for m in ${DEBIAN_MODULES:-overlay}; do vmargs+=(--vm-arg --module --vm-arg "$m"); done
t0=$SECONDS
if "$FDSAFE_TOP/scripts/run-suite.sh" --baseline "${vmargs[@]}" "$kernel" "$2" >&2; then
	echo "ok - guest suite runs on Debian's binary $DEB_PKG $DEB_VERSION ($((SECONDS - t0)) s)"
else
	echo "not ok - guest suite runs on Debian's binary $DEB_PKG # see $2.log"
	exit 1
fi
"$FDSAFE_TOP/scripts/compare-results.sh" --baselines "$1" "$2"
